// The `hooklab` command line: hand-written argument parsing, one function per command.

import Foundation

/// The `hooklab` command: `matrix`, `gate`, `run`, `explain`, `list`, `bench`.
///
/// It lives in the library so tests can call ``main(arguments:)`` directly; the executable only
/// forwards `CommandLine.arguments`. Exit codes: 0 ok, 1 findings or gate failure, 2 bad usage or
/// bad input (a message on stderr, nothing written).
public struct CLI {
    /// Where participants, hosts and runners come from.
    public var catalog: LabCatalog
    /// The project root; `Reports/` and `Matrix/` are relative to it.
    public var root: URL
    /// The environment (`HOOKLAB_RECORD`).
    public var environment: [String: String]
    /// Worker threads for the matrix.
    public var workers: Int
    /// Receives standard output text.
    public var standardOutput: (String) -> Void
    /// Receives standard error text.
    public var standardError: (String) -> Void
    /// A broken participant file in the root's `Matrix/participants`, reported by every command.
    var participantFileError: String?

    public init(catalog: LabCatalog = Lab.catalog,
                root: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                environment: [String: String] = ProcessInfo.processInfo.environment,
                workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                standardOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                standardError: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        do {
            self.catalog = try catalog.addingParticipantFiles(in: root.appendingPathComponent(ParticipantFile.directory),
                                                              label: ParticipantFile.directory)
        } catch {
            self.catalog = catalog
            participantFileError = "\(error)"
        }
        self.root = root
        self.environment = environment
        self.workers = workers
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The report's path relative to the root.
    public static let reportPath = "Reports/compatibility-matrix.md"
    /// The machine-readable report's path relative to the root.
    public static let jsonPath = "Reports/matrix.json"
    /// The baseline's path relative to the root.
    public static let baselinePath = "Matrix/baseline.json"

    /// Runs one command line.
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The exit code: 0 ok, 1 findings or gate failure, 2 bad usage or bad input.
    public func main(arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            standardError(Help.top)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if ["--help", "-h", "help"].contains(command) {
            if command == "help", let topic = rest.first, let text = Help.command[topic] {
                standardOutput(text)
            } else {
                standardOutput(Help.top)
            }
            return 0
        }
        guard let help = Help.command[command] else {
            let known = Help.commands.joined(separator: ", ")
            standardError("hooklab: unknown command '\(command)'\(Scenario.suggestion(command, Help.commands)); expected one of \(known). See 'hooklab --help'.\n")
            return 2
        }
        if rest.contains("--help") || rest.contains("-h") {
            standardOutput(help)
            return 0
        }
        if let participantFileError {
            standardError("hooklab \(command): \(participantFileError)\n")
            return 2
        }
        do {
            var arguments = Arguments(command: command, list: rest)
            switch command {
            case "matrix": return try matrix(&arguments)
            case "gate": return try gate(&arguments)
            case "run": return try run(&arguments)
            case "explain": return try explain(&arguments)
            case "list": return try list(&arguments)
            case "bench": return try bench(&arguments)
            case "design": return try design(&arguments)
            default: return 2
            }
        } catch {
            standardError("hooklab \(command): \(error.description)\n")
            return 2
        }
    }

    /// The command's arguments, consumed as they are parsed.
    struct Arguments {
        var command: String
        var list: [String]

        /// Removes `--name VALUE` and returns the value.
        mutating func option(_ name: String) throws(UsageError) -> String? {
            guard let index = list.firstIndex(of: name) else { return nil }
            guard index + 1 < list.count, !list[index + 1].hasPrefix("--") else {
                throw UsageError("\(name) needs a value; see 'hooklab \(command) --help'")
            }
            let value = list[index + 1]
            list.removeSubrange(index...index + 1)
            return value
        }

        /// Removes `--name` and returns whether it was there.
        mutating func flag(_ name: String) -> Bool {
            guard let index = list.firstIndex(of: name) else { return false }
            list.remove(at: index)
            return true
        }

        /// The remaining positional arguments; an unknown option is an error.
        func positional(_ range: ClosedRange<Int>, _ what: String) throws(UsageError) -> [String] {
            if let option = list.first(where: { $0.hasPrefix("-") }) {
                throw UsageError("unknown option '\(option)'; see 'hooklab \(command) --help'")
            }
            guard range.contains(list.count) else {
                throw UsageError("expected \(what); see 'hooklab \(command) --help'")
            }
            return list
        }
    }

    var generator: ScenarioGenerator { ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants) }

    func runMatrix(cells: [Matrix.Cell]? = nil) -> Matrix {
        Matrix.run(cells: cells, generator: generator, workers: workers, makeRunner: catalog.makeRunner)
    }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    func checkParticipant(_ id: String) throws(UsageError) {
        guard catalog.participant(id) != nil else {
            let ids = catalog.participants.map(\.id)
            throw UsageError("unknown participant '\(id)'\(Scenario.suggestion(id, ids)); expected one of \(ids.joined(separator: ", "))")
        }
    }
}
