// The `hooklab` commands.

import Foundation
import ObjCModel

extension CLI {
    /// `hooklab matrix`: run every pair and triple and write both reports.
    func matrix(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        _ = try arguments.positional(0...0, "no arguments")
        let matrix = runMatrix()
        do {
            try AtomicFile.write(matrix.markdown, to: url(Self.reportPath))
            try AtomicFile.write(matrix.json, to: url(Self.jsonPath))
        } catch {
            throw UsageError("cannot write the reports: \(error.localizedDescription)")
        }
        standardOutput("wrote \(Self.reportPath) and \(Self.jsonPath):\n" + matrix.headlineLines.joined(separator: "\n") + "\n")
        return 0
    }

    /// `hooklab gate [--participant ID]`: compare with the baseline; record per `HOOKLAB_RECORD`.
    func gate(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let participant = try arguments.option("--participant")
        _ = try arguments.positional(0...0, "no arguments besides --participant ID")
        if let participant { try checkParticipant(participant) }
        let mode = try RecordMode(environment: environment)
        let baseline: Baseline?
        do { baseline = try Baseline.load(from: url(Self.baselinePath), file: Self.baselinePath) } catch {
            throw UsageError("\(error.description)\nThe baseline was not changed; fix the line above or restore the file from version control.")
        }
        let cells = generator.cells().filter { participant == nil || $0.involves(participant!) }
        let matrix = runMatrix(cells: cells)
        let verdict = Gate(mode: mode, participant: participant).check(matrix, baseline: baseline)

        var out = ""
        for difference in verdict.differences { out += difference.text + "\n" }
        for entry in verdict.stale { out += "note: \(entry.cell) is in the baseline but was not run (participant or host removed?)\n" }
        if let toWrite = verdict.baselineToWrite {
            do { try AtomicFile.write(toWrite.fileText, to: url(Self.baselinePath)) } catch {
                throw UsageError("cannot write \(Self.baselinePath): \(error.localizedDescription)")
            }
            out += "recorded \(verdict.recorded.count) cells into \(Self.baselinePath) (HOOKLAB_RECORD=\(mode.rawValue))\n"
        }
        let scope = participant.map { " involving \($0)" } ?? ""
        if verdict.passed {
            out += "gate passed: \(verdict.compared) cells\(scope) match \(Self.baselinePath)\n"
            standardOutput(out)
            return 0
        }
        let counts = Dictionary(grouping: verdict.differences, by: \.kind)
        let summary = [Gate.Difference.Kind.regression, .improvement, .missing].compactMap { kind -> String? in
            guard let count = counts[kind]?.count else { return nil }
            return "\(count) \(kind.rawValue)\(count == 1 ? "" : kind == .missing ? "" : "s")"
        }.joined(separator: ", ")
        out += "gate FAILED: \(summary) among \(verdict.compared) cells\(scope)"
        if baseline == nil { out += "; there is no \(Self.baselinePath): record one with HOOKLAB_RECORD=missing" }
        if verdict.differences.contains(where: { $0.kind == .improvement }) { out += "; improvements must be re-recorded with HOOKLAB_RECORD=all" }
        standardOutput(out + "\n")
        return 1
    }

    /// `hooklab run FILE [--json]`: run one scenario file.
    func run(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        let files = try arguments.positional(1...Int.max, "one or more scenario files, e.g. 'hooklab run Matrix/scenarios/x.hooklab'")
        if files.count > 1 { return runFiles(files, json: json) }
        let file = files[0]
        let scenario: Scenario, result: RunResult
        do { (scenario, result) = try runScenarioFile(file) } catch { throw UsageError(error.description) }
        let met = scenario.isMet(by: result)
        if json {
            let document: JSONValue = .object([
                ("findings", .array(result.findings.map {
                    .object([("kind", .string($0.kind.rawValue)), ("message", .string($0.message)), ("step", .number($0.step))])
                })),
                ("ran", .array(result.ran.map(JSONValue.string))),
            ])
            standardOutput(document.text(indent: nil) + "\n")
        } else {
            var out = "\(file): \(result.outcome.title), \(result.findings.count) finding\(result.findings.count == 1 ? "" : "s")\n"
            for finding in result.findings {
                let step = finding.step == 0 ? "teardown" : "step \(finding.step) `\(finding.step <= scenario.steps.count ? scenario.steps[finding.step - 1].line : "?")`"
                out += "  \(finding.kind.rawValue) at \(step): \(finding.message)\n"
            }
            let path = result.messagePath.isEmpty ? (result.findings.mostSevere?.frames ?? []) : result.messagePath
            if !path.isEmpty { out += "message path:\n" + path.map { "  \($0)\n" }.joined() }
            if !result.ran.isEmpty || scenario.expectRan != nil { out += "ran: \(result.ran.joined(separator: ", "))\n" }
            if !result.predictedBy.isEmpty { out += "predicted: rests on \(result.predictedBy.joined(separator: "; "))\n" }
            if !scenario.expect.isEmpty || scenario.expectRan != nil {
                out += met ? "as expected\n" : "NOT as expected: expected \(scenario.expect.isEmpty ? "no finding" : scenario.expect.map(\.rawValue).joined(separator: " "))\(scenario.expectRan.map { "; expected ran \($0.joined(separator: ", "))" } ?? "")\n"
            }
            standardOutput(out)
        }
        return met ? 0 : 1
    }

    /// `hooklab explain HOST A B [C…] [--config debug|release]`: one cell in depth, with its fixes.
    func explain(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let configText = try arguments.option("--config")
        var configs = Configuration.allCases
        if let configText {
            guard let config = Configuration(rawValue: configText) else { throw UsageError("--config takes debug or release, not '\(configText)'") }
            configs = [config]
        }
        let words = try arguments.positional(3...9, "a host and two or more participants, e.g. 'hooklab explain UIWebView jsbridge:buggy tracker:proxy'")
        let host = words[0], order = Array(words.dropFirst())
        guard let hostInfo = catalog.host(host) else {
            let names = catalog.hosts.map(\.name)
            throw UsageError("unknown host '\(host)'\(Scenario.suggestion(host, names)); expected one of \(names.joined(separator: ", "))")
        }
        var families: [String] = []
        for id in order {
            try checkParticipant(id)
            let info = catalog.participant(id)!
            guard info.hosts.contains(host) else {
                throw UsageError("\(id) does not support host \(host); it supports \(info.hosts.joined(separator: ", "))")
            }
            guard !families.contains(info.family) else { throw UsageError("\(id) is a second participant of family '\(info.family)'; pick one variant") }
            families.append(info.family)
        }
        // The cell, its other orders and its participants' variants: everything "What fixes it" reads.
        let base = Matrix(hosts: catalog.hosts, participants: catalog.participants, results: [])
        var orders = base.permutations(order)
        for (position, id) in order.enumerated() {
            let family = catalog.participant(id)!.family
            for variant in catalog.participants where variant.family == family && variant.id != id && variant.hosts.contains(host) {
                var alternative = order
                alternative[position] = variant.id
                orders.append(alternative)
            }
        }
        let cells = orders.flatMap { order in configs.map { Matrix.Cell(host: hostInfo.name, order: order, config: $0) } }
        let matrix = runMatrix(cells: cells)
        let key = Matrix.NoteKey(host: host, order: order)
        var out = matrix.note(key, number: nil).joined(separator: "\n") + "\n"
        let ran = configs.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
        out += "\n(\(ran.map { "\($0.cell.config.rawValue): \($0.scenarioCount) scenarios, \($0.outcome.title)" }.joined(separator: "; ")))\n"
        standardOutput(out)
        return ran.allSatisfy { $0.outcome == .ok } ? 0 : 1
    }

    /// `hooklab list`: participants, hosts and events.
    func list(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        _ = try arguments.positional(0...0, "no arguments")
        var out = "Participants:\n"
        for p in catalog.participants {
            let installs = [p.hasLoad ? "load" : nil, p.hasAttach ? "attach" : nil, p.canStartLate ? "can start late" : nil].compactMap { $0 }
                + p.hookInstalls
            out += "  \(p.id)  (family \(p.family)): \(p.models)\n"
            out += "      installs: \(installs.isEmpty ? "nothing" : installs.joined(separator: ", ")); hosts: \(p.hosts.joined(separator: ", "))\n"
            if !p.verbs.isEmpty || !p.otherVerbs.isEmpty {
                out += "      verbs: \((p.verbs + p.otherVerbs).joined(separator: "; "))\n"
            }
        }
        out += "Hosts:\n"
        for h in catalog.hosts {
            if let target = h.methodTarget {
                out += "  \(h.name)  (method target)\n"
                out += "      \((target.preamble + target.calls).joined(separator: "; "))\n"
                continue
            }
            out += "  \(h.name)  (delegate: \(h.delegateOwnership))\n"
            out += "      events: \(h.events.joined(separator: ", "))\n"
        }
        out += "Finding kinds: \(Finding.Kind.allCases.map(\.rawValue).joined(separator: ", "))\n"
        standardOutput(out)
        return 0
    }

    /// `hooklab bench [--workers N]`: time the whole pair and triple matrix, reproducers included.
    func bench(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        var cli = self
        if let text = try arguments.option("--workers") {
            guard let count = Int(text), count > 0 else { throw UsageError("--workers takes a positive number, not '\(text)'") }
            cli.workers = count
        }
        let vsNative = arguments.flag("--vs-native")
        _ = try arguments.positional(0...0, "no arguments besides --workers N and --vs-native")
        let start = DispatchTime.now().uptimeNanoseconds
        let matrix = cli.runMatrix()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let runs = max(matrix.runCount, 1)
        let generated = matrix.results.reduce(0) { $0 + $1.scenarioCount }
        #if DEBUG
        let build = "debug build: figures are for orientation only; use 'swift run -c release hooklab bench'"
        #else
        let build = "release build"
        #endif
        var out = "HookLab bench (\(build), \(cli.workers) worker\(cli.workers == 1 ? "" : "s"))\n"
        out += "  matrix: \(matrix.results.count) cells (pairs and triples, all hosts, debug and release), \(generated) generated scenarios, \(matrix.runCount - generated) shrink runs\n"
        out += "  wall time: \(Self.format(seconds, digits: 3)) s (goal: under 3 s in release on 2 cores)\n"
        out += "  throughput: \(Self.format(Double(runs) / max(seconds, 1e-9), digits: 0)) scenarios/s\n"
        out += "  mean cost of one scenario: \(Self.format(seconds * 1e6 / Double(runs), digits: 1)) µs wall, \(Self.format(seconds * 1e6 * Double(cli.workers) / Double(runs), digits: 1)) µs of one core\n"
        for line in catalog.benchmarkFigures() { out += "  \(line)\n" }
        if vsNative { out += nativeComparison() }
        standardOutput(out)
        return 0
    }

    /// The mini-scenario natively (GCC + GNUstep, -O2) and on the model, in one run, and their ratio.
    func nativeComparison() -> String {
        let iterations = 100_000
        let script = root.appendingPathComponent("Tests/OracleTests/native.sh").path
        let source = root.appendingPathComponent("Tests/OracleTests/bench/mini.m").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hooklab-bench").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, "run", source, out, String(iterations)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        var native: Double?
        var text = ""
        do {
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            text = String(decoding: data, as: UTF8.self)
            // "mini: N iterations, X us/iteration"
            if process.terminationStatus == 0, let field = text.split(separator: ",").last?.split(separator: " ").first {
                native = Double(field)
            }
        } catch {
            text = "\(error)"
        }
        let model = RuntimeBenchmark.miniScenarioMicros()
        var line = "  mini-scenario on the model: \(Self.format(model, digits: 2)) µs/iteration\n"
        if let native {
            line += "  mini-scenario native (GCC libobjc + GNUstep, -O2): \(Self.format(native, digits: 2)) µs/iteration\n"
            line += "  model vs native: \(Self.format(native / model, digits: 1))x as fast (goal: at least 2x)\n"
        } else {
            line += "  native mini-scenario unavailable (install gobjc gnustep-make libgnustep-base-dev): "
                + text.split(separator: "\n").prefix(2).joined(separator: " ") + "\n"
        }
        return line
    }

    static func format(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
