// `hooklab run`: reading, checking and running scenario files, one or several.
import Foundation
import HookLab

extension CLI {
    /// Reads, parses, checks and runs one scenario file. Bad input (unreadable, malformed, an unknown name, a step the
    /// lab cannot run) throws with the file and line; it is never a finding.
    func runScenarioFile(_ file: String) throws(ScenarioFileError) -> (Scenario, RunResult) {
        let fileURL = file.hasPrefix("/") ? URL(fileURLWithPath: file) : url(file)
        return try runScenarioText(try Scenario.readText(at: fileURL, file: file), file: file)
    }

    /// Parses, checks and runs a scenario file's text (``runScenarioFile(_:)`` after reading).
    func runScenarioText(_ text: String, file: String) throws(ScenarioFileError) -> (Scenario, RunResult) {
        let scenario = try Scenario.parse(text: text, file: file, participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        let lines = Scenario.stepLineNumbers(text)
        try scenario.validate(file: file, lines: lines, hosts: catalog.hosts, participants: catalog.participants)
        let result = catalog.makeRunner().run(scenario)
        if let unrunnable = result.unrunnable {
            let line = unrunnable.step >= 1 && unrunnable.step <= lines.count ? lines[unrunnable.step - 1] : 1
            throw ScenarioFileError(file: file, line: line, message: unrunnable.message)
        }
        return (scenario, result)
    }

    /// `hooklab run A B …`: one line per file, then a summary; the exit status is the worst file's
    /// (2 bad input, 1 not as expected, 0 as expected).
    func runFiles(_ files: [String], json: Bool) -> Int32 {
        var worst: Int32 = 0
        var counts = [0, 0, 0]
        var out = "", entries: [JSONValue] = []
        for file in files {
            let status: Int32
            let line: String
            var kinds: [String] = []
            do {
                let (scenario, result) = try runScenarioFile(file)
                let met = scenario.isMet(by: result)
                status = met ? 0 : 1
                kinds = result.findings.map(\.kind.rawValue)
                let found = kinds.isEmpty ? "no finding" : kinds.joined(separator: " ")
                line = "\(file): \(result.outcome.title), \(found)" + (met ? "" : "; NOT as expected"
                    + " (expected \(scenario.expect.isEmpty ? "no finding" : scenario.expect.map(\.rawValue).joined(separator: " ")))")
            } catch {
                status = 2
                line = error.description
            }
            counts[Int(status)] += 1
            worst = max(worst, status)
            out += line + "\n"
            entries.append(.object([("file", .string(file)), ("status", .number(Int(status))),
                                    ("findings", .array(kinds.map(JSONValue.string)))]))
        }
        if json {
            standardOutput(JSONValue.array(entries).text(indent: nil) + "\n")
        } else {
            out += "\(files.count) files: \(counts[0]) as expected, \(counts[1]) not as expected, \(counts[2]) bad input\n"
            standardOutput(out)
        }
        return worst
    }
}
