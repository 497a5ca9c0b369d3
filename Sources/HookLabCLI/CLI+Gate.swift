// `hooklab gate`: the CI gate, with JUnit XML, GitHub annotations and JSON.

import Foundation
import HookLab

extension CLI {
    /// `hooklab gate [--participant ID] [--baseline PATH] [--reports DIR] [--junit FILE] [--github] [--json] [--shard I/N] [--workers N]`.
    ///
    /// Exit 0 when every cell matches the baseline (or everything was re-recorded with `HOOKLAB_RECORD=all`);
    /// 1 on a difference, or when new cells were recorded and need review; 2 on bad usage, a corrupt
    /// baseline, or no baseline at all unless recording was asked for. A failing gate writes no baseline.
    func gate(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        var cli = self
        if let count = try arguments.workers() { cli.workers = count }
        let participant = try arguments.option("--participant")
        let baselineOption = try arguments.option("--baseline")
        let reportsOption = try arguments.option("--reports")
        let junitOption = try arguments.option("--junit")
        let shard = try Self.shard(arguments.option("--shard"))
        let github = arguments.flag("--github")
        let json = arguments.flag("--json")
        let quiet = arguments.quiet, verbose = arguments.verbose
        _ = try arguments.positional(0...0, "no arguments besides the options in 'hooklab gate --help'")
        if let participant { try checkParticipant(participant) }
        let mode = try RecordMode(environment: environment)
        let recordingAsked = mode != .never && !(environment["HOOKLAB_RECORD"] ?? "").isEmpty

        // HookLab's own baseline is the directory Matrix/baseline/ (one file per host); an SDK's, Matrix/baseline.json.
        let baselineURL: URL
        if let baselineOption { baselineURL = userURL(baselineOption) } else {
            let root = try requirePackageRoot("--baseline PATH")
            // Both forms at once: the gate cannot tell which one the project means, and picking one passes silently.
            if Lab.baselinePath(in: root) == Lab.baselineDirectoryPath,
               FileManager.default.fileExists(atPath: root.appendingPathComponent(Lab.baselinePath).path) {
                throw UsageError("both \(Lab.baselinePath) and \(Lab.baselineDirectoryPath)/ exist; keep one (HookLab's own is the directory, an SDK's the file), or name it with --baseline PATH")
            }
            baselineURL = root.appendingPathComponent(Lab.baselinePath(in: root))
        }
        let baselineName = baselineOption ?? displayPath(baselineURL)
        let baseline: Baseline?
        do { baseline = try Baseline.load(from: baselineURL, file: baselineName) } catch {
            throw UsageError("\(error.description)\nThe baseline was not changed; fix the line above or restore the file from version control.")
        }
        guard baseline != nil || recordingAsked else {
            throw UsageError("no baseline at \(baselineName); record one with HOOKLAB_RECORD=missing, review it and commit it")
        }

        var cells = generator.cells().filter { participant == nil || $0.involves(participant!) }
        var hosts: Set<String>?
        if let shard {
            cells = shard.cells(of: cells, generator: generator)
            hosts = Set(cells.map(\.host))
        }
        _ = try loadReports()   // a malformed or stale report file is bad input, as for `matrix`
        let matrix = cli.runMatrix(cells: cells, quiet: quiet || json)
        let verdict = Gate(mode: mode, participant: participant, hosts: hosts).check(matrix, baseline: baseline)

        var scopeWords: [String] = []
        if let participant { scopeWords.append("involving \(participant)") }
        if let shard { scopeWords.append("in shard \(shard)") }
        let scope = scopeWords.isEmpty ? "" : " " + scopeWords.joined(separator: " ")
        let report = GateReport(verdict: verdict, matrix: matrix, baselineName: baselineName, scope: scope,
                                baselineIsDirectory: Baseline.isDirectory(baselineURL))

        // Every file of the run is written as a set, after the checks and before any output claims it.
        var outputs: [AtomicFile.Output] = []
        // A baseline directory is one file per host; its files that no longer hold a host are removed after the set is written.
        if let toWrite = verdict.baselineToWrite { outputs += toWrite.outputs(at: baselineURL) }
        if let junitOption { outputs.append(AtomicFile.Output(userURL(junitOption), report.junit)) }
        if let reportsOption { outputs += matrix.reportOutputs(in: userURL(reportsOption), observations: catalog.designObservations(), workers: workers) }
        try write(outputs)
        if verdict.baselineToWrite != nil { Baseline.removeStaleFiles(at: baselineURL, keeping: outputs) }
        if let reportsOption { Matrix.removeStalePages(in: userURL(reportsOption), keeping: outputs) }
        if github, let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            do { try Self.append(report.markdownSummary, to: userURL(summary)) } catch {
                standardError("hooklab gate: cannot append to GITHUB_STEP_SUMMARY (\(summary)): \(error.localizedDescription)\n")
            }
        }

        if json {
            standardOutput(report.json.text() + "\n")
        } else {
            var out = github ? report.annotations : ""
            if !quiet || !verdict.passed { out += report.text(verbose: verbose, quiet: quiet) }
            standardOutput(out)
        }
        return verdict.passed ? 0 : 1
    }

    /// Appends text to a file (the job summary is shared by every step of a job, so it is appended to, not replaced).
    static func append(_ text: String, to url: URL) throws {
        if !FileManager.default.fileExists(atPath: url.path) { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}

/// The gate's verdict rendered for people (text), CI systems (JUnit XML, GitHub annotations and job summary) and machines (JSON).
struct GateReport {
    var verdict: Gate.Verdict
    var matrix: Matrix
    /// The baseline's path as the user named it.
    var baselineName: String
    /// " involving ID in shard I/N", or empty.
    var scope: String
    /// Whether the baseline is a directory of one file per host.
    var baselineIsDirectory = false

    /// The baseline file that holds (or would hold) a cell: its host's file in a baseline directory.
    func baselineFile(_ cell: Matrix.Cell) -> String {
        baselineIsDirectory ? Baseline.path(baselineName, Baseline.directoryFileName(host: cell.host)) : baselineName
    }

    /// How many characters of differences the text shows (`-v` shows them all).
    static let textLimit = 20_000

    func text(verbose: Bool, quiet: Bool) -> String {
        var out = ""
        // The same Markdown renderer as `hooklab diff`; without -v it stops at about 20,000 characters and says
        // how many cells each section leaves out.
        if !verdict.differences.isEmpty {
            out += MatrixDiff.markdown(verdict.differences.map(MatrixDiff.Change.init), compared: verdict.compared,
                                       title: "Gate: differences from \(baselineName)", limit: verbose ? nil : Self.textLimit) + "\n"
        }
        if !quiet {
            for entry in verdict.stale { out += "note: \(entry.cell) is in the baseline but was not run (participant or host removed?)\n" }
        }
        if verdict.needsReview {
            out += "recorded \(verdict.recorded.count) new cell\(verdict.recorded.count == 1 ? "" : "s"): review `git diff \(ShellCommand.quoted(baselineName))` and run again\n"
            out += "gate FAILED: \(verdict.recorded.count) cell\(verdict.recorded.count == 1 ? "" : "s")\(scope) recorded without review\n"
            return out
        }
        if verdict.baselineToWrite != nil {
            out += "recorded \(verdict.recorded.count) cells into \(baselineName) (HOOKLAB_RECORD=\(verdict.mode.rawValue))\n"
        }
        if verdict.passed {
            if !quiet {
                out += "gate passed: \(verdict.compared) cells\(scope) match \(baselineName)\n"
                if verdict.generatedReasons > 0 {
                    out += "of its \(verdict.acceptedFailures) accepted failures, \(verdict.generatedReasons) have a reason generated from the models' findings, not reviewed by hand\n"
                }
            }
            return out
        }
        let counts = Dictionary(grouping: verdict.differences, by: \.kind)
        let summary = [Gate.Difference.Kind.regression, .improvement, .missing].compactMap { kind -> String? in
            guard let count = counts[kind]?.count else { return nil }
            return "\(count) \(kind.rawValue)\(count == 1 ? "" : kind == .missing ? "" : "s")"
        }.joined(separator: ", ")
        out += "gate FAILED: \(summary) among \(verdict.compared) cells\(scope)"
        if verdict.differences.contains(where: { $0.kind == .improvement }) { out += "; improvements must be re-recorded with HOOKLAB_RECORD=all" }
        if verdict.differences.contains(where: { $0.kind == .missing }) { out += "; record missing cells with HOOKLAB_RECORD=missing" }
        out += "; \(baselineName) was not changed\n"
        return out
    }

    /// One line per difference: the finding, or the change when there is none.
    static func message(_ difference: Gate.Difference) -> String {
        var message: String
        switch difference.kind {
        case .missing: message = "not in the baseline; now \(difference.new.rawValue)"
        case .regression, .improvement: message = "\(difference.kind.rawValue): \(difference.old!.rawValue) → \(difference.new.rawValue)"
        }
        if let finding = difference.finding { message += "; \(finding.kind.rawValue): \(finding.message)" }
        if difference.kind == .improvement { message += "; re-record it with HOOKLAB_RECORD=all" }
        return message
    }

    // MARK: JUnit XML

    /// JUnit XML: one `testsuite` per host, one `testcase` per compared cell; a differing (or unreviewed recorded)
    /// cell has a `failure` whose message is the finding plus the `hooklab explain` command.
    var junit: String {
        var differences: [Matrix.Cell: Gate.Difference] = [:]
        for difference in verdict.differences { differences[difference.cell] = difference }
        let recorded = verdict.needsReview ? Set(verdict.recorded) : []
        // The matrix holds exactly the gated cells (the command ran only those).
        let inScope = matrix.results
        var byHost: [(String, [Matrix.CellResult])] = []
        for result in inScope {
            if byHost.last?.0 == result.cell.host { byHost[byHost.count - 1].1.append(result) } else { byHost.append((result.cell.host, [result])) }
        }
        let failures = inScope.filter { differences[$0.cell] != nil || recorded.contains($0.cell) }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"hooklab gate\" tests=\"\(inScope.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for (host, results) in byHost {
            let hostFailures = results.filter { differences[$0.cell] != nil || recorded.contains($0.cell) }.count
            xml += "  <testsuite name=\"\(Self.xml(host))\" tests=\"\(results.count)\" failures=\"\(hostFailures)\" errors=\"0\" skipped=\"0\">\n"
            for result in results {
                let name = "\(result.cell.orderText) · \(result.cell.config.rawValue)"
                xml += "    <testcase classname=\"\(Self.xml("hooklab.\(host)"))\" name=\"\(Self.xml(name))\""
                if let difference = differences[result.cell] {
                    let message = Self.message(difference) + "; explain: " + ShellCommand.explain(result.cell)
                    xml += ">\n      <failure type=\"\(difference.kind.rawValue)\" message=\"\(Self.xml(message))\">\(Self.xml(difference.text))</failure>\n    </testcase>\n"
                } else if recorded.contains(result.cell) {
                    let message = "recorded without review as \(result.outcome.rawValue); review `git diff \(ShellCommand.quoted(baselineName))` and run again"
                    xml += ">\n      <failure type=\"recorded\" message=\"\(Self.xml(message))\"/>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Text escaped for XML 1.0 attributes and content; characters XML cannot hold become U+FFFD.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: GitHub Actions

    /// How many annotations of one kind are printed; GitHub shows only the first few of a step anyway.
    static let annotationLimit = 50

    /// `::error` per difference (or per unreviewed recorded cell), `::notice` for the verdict.
    var annotations: String {
        var out = ""
        var listed = 0
        for difference in verdict.differences {
            guard listed < Self.annotationLimit else { break }
            listed += 1
            let title = "\(difference.kind.rawValue): \(difference.cell)"
            out += "::error file=\(Self.property(baselineFile(difference.cell))),title=\(Self.property(title))::\(Self.data(Self.message(difference) + "\nexplain: " + ShellCommand.explain(difference.cell)))\n"
        }
        if verdict.differences.count > listed {
            out += "::error title=\(Self.property("hooklab gate"))::\(Self.data("… and \(verdict.differences.count - listed) more differences; see the job summary"))\n"
        }
        if verdict.needsReview {
            out += "::error file=\(Self.property(baselineName)),title=\(Self.property("hooklab gate: recorded without review"))::\(Self.data("recorded \(verdict.recorded.count) new cells: review `git diff \(ShellCommand.quoted(baselineName))` and run again"))\n"
        }
        let headline = verdict.passed ? "gate passed: \(verdict.compared) cells\(scope) match \(baselineName)"
            : "gate FAILED: \(verdict.differences.count) difference\(verdict.differences.count == 1 ? "" : "s") among \(verdict.compared) cells\(scope)"
        out += "::notice title=\(Self.property("hooklab gate"))::\(Self.data(headline))\n"
        return out
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property: also `:` and `,` escaped.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// The job summary (`$GITHUB_STEP_SUMMARY`): the verdict and a table of the differences.
    var markdownSummary: String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        var out = "## hooklab gate: \(verdict.passed ? "passed ✅" : "FAILED ❌")\n\n"
        out += "\(verdict.compared) cells\(scope) compared with `\(baselineName)`"
        if !verdict.differences.isEmpty { out += "; \(verdict.differences.count) differ" }
        if verdict.needsReview { out += "; \(verdict.recorded.count) new cells recorded without review: review `git diff \(ShellCommand.quoted(baselineName))` and run again" }
        out += ".\n\n"
        if !verdict.differences.isEmpty {
            out += "| Change | Cell | Accepted | Now | Finding | Explain |\n|---|---|---|---|---|---|\n"
            for difference in verdict.differences.prefix(200) {
                let finding = difference.finding.map { "\($0.kind.rawValue): \($0.message)" } ?? ""
                out += "| \(difference.kind.rawValue) | \(cell(difference.cell.description)) | \(difference.old?.title ?? "—") | \(difference.new.title) | \(cell(finding)) | `\(cell(ShellCommand.explain(difference.cell)))` |\n"
            }
            if verdict.differences.count > 200 { out += "\n… and \(verdict.differences.count - 200) more; run `hooklab gate` locally for all.\n" }
            out += "\n"
        }
        return out
    }

    // MARK: JSON

    /// The verdict as JSON; each difference carries the cell's `matrix.json` object (same field names) plus
    /// `change`, `acceptedOutcome`, `acceptedReason` and `explain`.
    var json: JSONValue {
        let cells = matrix.jsonCells
        let differences: [JSONValue] = verdict.differences.map { difference in
            var members: [(String, JSONValue)]
            if case .object(let cellMembers)? = cells[difference.cell] { members = cellMembers } else {
                members = [("host", .string(difference.cell.host)), ("order", .array(difference.cell.order.map(JSONValue.string))),
                           ("config", .string(difference.cell.config.rawValue)), ("outcome", .string(difference.new.rawValue))]
            }
            members += [("change", .string(difference.kind.rawValue)),
                        ("acceptedOutcome", difference.old.map { .string($0.rawValue) } ?? .null),
                        ("acceptedReason", difference.reason.map(JSONValue.string) ?? .null),
                        ("explain", .string(ShellCommand.explain(difference.cell)))]
            return .object(members)
        }
        func cellJSON(_ cell: Matrix.Cell) -> JSONValue {
            .object([("host", .string(cell.host)), ("order", .array(cell.order.map(JSONValue.string))), ("config", .string(cell.config.rawValue))])
        }
        return .object([
            ("schema", .number(Matrix.jsonSchema)),
            ("generator", .string("hooklab gate")),
            ("passed", .bool(verdict.passed)),
            ("baseline", .string(baselineName)),
            ("recordMode", .string(verdict.mode.rawValue)),
            ("compared", .number(verdict.compared)),
            ("acceptedFailures", .number(verdict.acceptedFailures)),
            ("generatedReasons", .number(verdict.generatedReasons)),
            ("differences", .array(differences)),
            ("recorded", .array(verdict.recorded.map(cellJSON))),
            ("needsReview", .bool(verdict.needsReview)),
            ("stale", .array(verdict.stale.map { cellJSON($0.cell) })),
        ])
    }
}
