// The `hooklab` command line: hand-written argument parsing, one function per command.

import Foundation
import HookLab

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
    /// The package root found upward from the current directory (or given); nil outside a package.
    public var packageRoot: URL?
    /// Where relative paths given on the command line (`--baseline`, `--junit`, shard files) start.
    public var currentDirectory: URL
    /// Whether standard error is a terminal: progress is shown only then.
    public var showsProgress: Bool
    /// The environment (`HOOKLAB_RECORD`).
    public var environment: [String: String]
    /// Worker threads for the matrix: by default the CPUs this process may run on (``availableCPUs()``).
    public var workers: Int
    /// Receives standard output text.
    public var standardOutput: (String) -> Void
    /// Receives standard error text.
    public var standardError: (String) -> Void
    /// A broken participant file in the root's `Matrix/participants`, reported by every command.
    var participantFileError: String?

    /// - Parameters:
    ///   - root: The package root; nil finds it upward from `currentDirectory` (``packageRoot(from:)``).
    ///   - showsProgress: Whether to draw progress on standard error; by default when it is a terminal.
    public init(catalog: LabCatalog = Lab.catalog,
                root: URL? = nil,
                currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                environment: [String: String] = ProcessInfo.processInfo.environment,
                workers: Int = CLI.availableCPUs(),
                showsProgress: Bool = CLI.standardErrorIsTerminal,
                standardOutput: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
                standardError: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.catalog = catalog
        self.currentDirectory = currentDirectory
        self.packageRoot = root ?? Self.packageRoot(from: currentDirectory)
        self.root = packageRoot ?? currentDirectory
        self.showsProgress = showsProgress
        do {
            // HookLab's own participant files are built in; one that does not parse is named by every command.
            if case .failure(let error) = Lab.packageParticipantFiles { throw error }
            self.catalog = try catalog.addingParticipantFiles(in: self.root.appendingPathComponent(ParticipantFile.directory),
                                                              label: ParticipantFile.directory)
        } catch {
            self.catalog = catalog
            participantFileError = "\(error)"
        }
        self.environment = environment
        self.workers = workers
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Runs one command line.
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The exit code: 0 ok, 1 findings or gate failure, 2 bad usage or bad input.
    public func main(arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            standardError(Help.top)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if command == "--version" || command == "version" {
            standardOutput("hooklab \(Self.version) (matrix.json schema \(Matrix.jsonSchema), baseline schema \(Baseline.schema))\n")
            return 0
        }
        if ["--help", "-h", "help"].contains(command) {
            if command == "help", let topic = rest.first {
                guard let text = Help.command[topic] else {
                    standardError("hooklab: no help for '\(topic)'\(Scenario.suggestion(topic, Help.commands)); commands: \(Help.commands.joined(separator: ", "))\n")
                    return 2
                }
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
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
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
            case "merge": return try merge(&arguments)
            case "diff": return try diff(&arguments)
            case "advise": return try advise(&arguments)
            case "design": return try design(&arguments)
            case "scan": return try scan(&arguments)
            case "audit": return try audit(&arguments)
            default: return 2
            }
        } catch {
            standardError("hooklab \(command): \(error.description)\n")
            return 2
        }
    }

    /// The command's arguments, consumed as they are parsed.
    ///
    /// `--name=value` is the same as `--name value`; everything after `--` is positional, even when it starts
    /// with `-`. `-q`/`--quiet` and `-v`/`--verbose` are accepted by every command.
    struct Arguments {
        var command: String
        var list: [String]
        /// The arguments after `--`.
        var afterDashes: [String] = []
        /// `-q`: only failures and errors.
        var quiet = false
        /// `-v`: more detail (every missing cell, timings).
        var verbose = false

        init(command: String, list arguments: [String]) {
            self.command = command
            var options: [String] = []
            if let dashes = arguments.firstIndex(of: "--") {
                options = Array(arguments[..<dashes])
                afterDashes = Array(arguments[(dashes + 1)...])
            } else {
                options = arguments
            }
            list = options.flatMap { argument -> [String] in
                guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return [argument] }
                return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
            }
            quiet = flag("-q") || flag("--quiet")
            verbose = flag("-v") || flag("--verbose")
        }

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

        /// Removes `--workers N` and returns N.
        mutating func workers() throws(UsageError) -> Int? {
            guard let text = try option("--workers") else { return nil }
            guard let count = Int(text), count > 0 else { throw UsageError("--workers takes a positive number, not '\(text)'") }
            return count
        }

        /// The remaining positional arguments; an unknown option is an error.
        func positional(_ range: ClosedRange<Int>, _ what: String) throws(UsageError) -> [String] {
            if let option = list.first(where: { $0.hasPrefix("-") }) {
                throw UsageError("unknown option '\(option)'; see 'hooklab \(command) --help'")
            }
            let words = list + afterDashes
            guard range.contains(words.count) else {
                throw UsageError("expected \(what); see 'hooklab \(command) --help'")
            }
            return words
        }
    }

    /// The matrix's planner, with the orders of the catalogue's public reports (a reported order always has its cell).
    var generator: ScenarioGenerator { generator(with: reports) }

    /// The planner for a catalogue already loaded (reading the report files again costs a parse of each).
    func generator(with reports: ReportCatalog) -> ScenarioGenerator {
        ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants).withReportedOrders(reports)
    }

    func runMatrix(cells: [Matrix.Cell]? = nil, quiet: Bool = false) -> Matrix {
        let progress = showsProgress && !quiet ? Progress(write: standardError) : nil
        defer { progress?.finish() }
        let report = progress.map { progress in { @Sendable (done: Int, total: Int) in progress.update(done: done, total: total) } }
        let reports = self.reports
        return Matrix.run(cells: cells, generator: generator(with: reports), workers: workers, progress: report, reports: reports,
                          makeRunner: catalog.makeRunner)
    }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    func checkParticipant(_ id: String) throws(UsageError) {
        guard catalog.participant(id) != nil else {
            let ids = catalog.participants.map(\.id)
            throw UsageError("unknown participant '\(id)'\(Scenario.suggestion(id, ids)); expected one of \(ids.joined(separator: ", "))")
        }
    }
}
