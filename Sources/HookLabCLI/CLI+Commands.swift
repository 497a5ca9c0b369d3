// The `hooklab` commands.

import Foundation
import ObjCModel
import HookLab

extension CLI {
    /// `hooklab matrix [--workers N] [--reports DIR] [--shard I/N [--output FILE]]`: run every pair and triple and
    /// write the reports as one set; with `--shard`, run one slice and write it for `hooklab merge`.
    func matrix(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        var cli = self
        if let count = try arguments.workers() { cli.workers = count }
        let shard = try Self.shard(arguments.option("--shard"))
        let reportsOption = try arguments.option("--reports")
        let outputOption = try arguments.option("--output")
        _ = try arguments.positional(0...0, "no arguments besides the options in 'hooklab matrix --help'")
        if outputOption != nil, shard == nil { throw UsageError("--output FILE names a shard's file; it needs --shard I/N") }
        _ = try loadReports()   // a malformed report file is bad input: exit 2 before anything runs
        if let shard {
            let all = generator.cells()
            let cells = shard.cells(of: all, generator: generator)
            let matrix = cli.runMatrix(cells: cells, quiet: arguments.quiet)
            let file = ShardFile(shard: shard, allCells: all.count, results: matrix.results, appAlone: matrix.appAlone)
            let url = try location(outputOption ?? reportsOption.map { "\($0)/matrix.shard-\(shard.index)-of-\(shard.count).json" },
                                   default: "Reports/matrix.shard-\(shard.index)-of-\(shard.count).json", option: "--output FILE")
            try write([AtomicFile.Output(url, file.fileText)])
            let hosts = Set(cells.map(\.host)).sorted()
            if !arguments.quiet {
                standardOutput("wrote \(displayPath(url)): shard \(shard), \(cells.count) of \(all.count) cells (hosts: \(hosts.isEmpty ? "none" : hosts.joined(separator: ", ")))\n")
            }
            return 0
        }
        let reports = try location(reportsOption, default: "Reports", option: "--reports DIR")
        let start = DispatchTime.now().uptimeNanoseconds
        let matrix = cli.runMatrix(quiet: arguments.quiet)
        if arguments.verbose {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            standardError("hooklab matrix: \(matrix.results.count) cells on \(cli.workers) worker\(cli.workers == 1 ? "" : "s") in \(Self.format(seconds, digits: 1)) s\n")
        }
        return try writeReports(matrix, to: reports, quiet: arguments.quiet)
    }

    /// Writes a matrix's reports as one set and prints what was written.
    func writeReports(_ matrix: Matrix, to reports: URL, quiet: Bool) throws(UsageError) -> Int32 {
        var outputs = matrix.reportOutputs(in: reports, observations: catalog.designObservations(), workers: workers)
        // In HookLab's own checkout, the field table of public apps is one of the reports (issue 44).
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(FieldTable.fieldPath).path) {
            do {
                let rows = try FieldTable.run(checkout: root, catalog: catalog, workers: workers)
                outputs.append(AtomicFile.Output(reports.appendingPathComponent("field.md"), FieldTable.page(rows)))
            } catch {
                throw UsageError("\(FieldTable.fieldPath): \(error)")
            }
        }
        try write(outputs)
        Matrix.removeStalePages(in: reports, keeping: outputs)
        let names = outputs.map { displayPath($0.url) }
        let listed = names.count <= 2 ? names.joined(separator: " and ") : "\(names[0]), \(names[1]) and \(names.count - 2) more"
        if !quiet { standardOutput("wrote \(listed):\n" + matrix.headlineLines.joined(separator: "\n") + "\n") }
        return 0
    }

    /// Writes files as one set; an error is a usage error (exit 2) and nothing is replaced.
    func write(_ outputs: [AtomicFile.Output]) throws(UsageError) {
        do { try AtomicFile.write(outputs) } catch {
            throw UsageError("cannot write \(outputs.map { displayPath($0.url) }.joined(separator: ", ")): \(error.localizedDescription); no file was replaced")
        }
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
        let json = arguments.flag("--json")
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
        // For a pair, two changes together (Matrix.judgeFixes): every line of one library with every line of the other,
        // in both orders.
        if order.count == 2 {
            func lines(_ id: String) -> [String] {
                let family = catalog.participant(id)!.family
                return catalog.participants.filter { $0.family == family && $0.hosts.contains(host) }.map(\.id)
            }
            for a in lines(order[0]) {
                for b in lines(order[1]) {
                    for pair in [[a, b], [b, a]] where !orders.contains(pair) { orders.append(pair) }
                }
            }
        }
        // Each library alone too: the verdict (conflict, whose failure it is) compares with them, as the matrix does.
        for id in orders.flatMap({ $0 }) where !orders.contains([id]) { orders.append([id]) }
        let cells = orders.flatMap { order in configs.map { Matrix.Cell(host: hostInfo.name, order: order, config: $0) } }
        _ = try loadReports()   // a malformed or stale report file is bad input, as for `matrix`
        let matrix = runMatrix(cells: cells)
        let key = Matrix.NoteKey(host: host, order: order)
        let ran = configs.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
        if json {
            standardOutput(explainJSON(matrix, cells: ran.map(\.cell), note: matrix.explainNote(key).joined(separator: "\n")).text() + "\n")
            return ran.allSatisfy { $0.outcome == .ok } ? 0 : 1
        }
        var out = matrix.explainNote(key).joined(separator: "\n") + "\n"
        out += "\n(\(ran.map { "\($0.cell.config.rawValue): \($0.scenarioCount) scenarios, \($0.outcome.title)" }.joined(separator: "; ")))\n"
        standardOutput(out)
        return ran.allSatisfy { $0.outcome == .ok } ? 0 : 1
    }

    /// `hooklab list`: participants, hosts and events.
    func list(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        _ = try arguments.positional(0...0, "no arguments besides --json")
        if json {
            standardOutput(listJSON.text() + "\n")
            return 0
        }
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

    /// `hooklab bench [--workers N] [--repeat N] [--host HOST]`: time the whole matrix, reproducers included.
    func bench(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        var cli = self
        if let count = try arguments.workers() { cli.workers = count }
        let vsNative = arguments.flag("--vs-native")
        var repeats = 3
        if let text = try arguments.option("--repeat") {
            guard let count = Int(text), (1...100).contains(count) else {
                throw UsageError("--repeat takes a number from 1 to 100, not '\(text)'")
            }
            repeats = count
        }
        let host = try arguments.option("--host")
        _ = try arguments.positional(0...0, "no arguments besides --workers N, --repeat N, --host HOST and --vs-native")
        // One host's cells alone: what a change to one host's models costs, without the rest of the figures.
        var cells: [Matrix.Cell]?
        if let host {
            guard catalog.hosts.contains(where: { $0.name == host }) else {
                let names = catalog.hosts.map(\.name)
                throw UsageError("unknown host '\(host)'\(Scenario.suggestion(host, names)); expected one of \(names.joined(separator: ", "))")
            }
            cells = cli.generator(with: cli.reports).cells().filter { $0.host == host }
        }
        // The machine may be shared: time the same matrix several times and give the median as the figure.
        var times: [Double] = []
        var matrix: Matrix?
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            matrix = cli.runMatrix(cells: cells)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        guard let matrix else { return 0 }
        let sorted = times.sorted()
        let seconds = sorted[sorted.count / 2]
        let runs = max(matrix.runCount, 1)
        let generated = matrix.results.reduce(0) { $0 + $1.scenarioCount }
        #if DEBUG
        let build = "debug build: figures are for orientation only; use 'swift run -c release hooklab bench'"
        #else
        let build = "release build"
        #endif
        var out = "HookLab bench (\(build), \(cli.workers) worker\(cli.workers == 1 ? "" : "s"))\n"
        out += "  matrix: \(matrix.results.count) cells (participants alone, pairs and triples, all hosts, debug and release), \(generated) generated scenarios\n"
        out += "  runs: \(matrix.runCount) made, shrinking included; \(matrix.reusedCount) results reused (the same steps already run, in this configuration or in one that never read it)\n"
        out += "    \(matrix.resumedCount) of the runs made went on from a copy of the state another set-up of their cell reached, \(matrix.sharedSteps) steps not run again\n"
        let methodHosts = Set(matrix.hosts.filter { $0.methodTarget != nil }.map(\.name))
        for (label, isMethod) in [("delegate hosts", false), ("method targets", true)] {
            let part = matrix.results.filter { methodHosts.contains($0.cell.host) == isMethod }
            let scenarios = part.reduce(0) { $0 + $1.scenarioCount }
            let shrunk = part.filter { $0.reproducer != nil }.count
            out += "    \(label): \(part.count) cells, \(scenarios) scenarios, \(shrunk) failing\n"
        }
        let each = times.map { Self.format($0, digits: 3) }.joined(separator: ", ")
        out += "  wall time: \(Self.format(seconds, digits: 3)) s, the median of \(repeats) run\(repeats == 1 ? "" : "s") (\(each) s; best \(Self.format(sorted[0], digits: 3)) s); goal: under 3 s in release on 2 cores\n"
        out += "  throughput: \(Self.format(Double(runs) / max(seconds, 1e-9), digits: 0)) runs/s\n"
        out += "  mean cost of one run made: \(Self.format(seconds * 1e6 / Double(runs), digits: 1)) µs wall, \(Self.format(seconds * 1e6 * Double(cli.workers) / Double(runs), digits: 1)) µs of one core\n"
        // The last run's stages: what runs on one core bounds the wall time whatever the workers.
        let stages = matrix.stages.map { "\($0.name) \(Self.format($0.seconds, digits: 3)) s\($0.parallel ? "" : " (one core)")" }
        if !stages.isEmpty { out += "  stages of the last run: " + stages.joined(separator: ", ") + "\n" }
        if let host {
            standardOutput(out.replacingOccurrences(of: "all hosts", with: host)
                .replacingOccurrences(of: "; goal: under 3 s in release on 2 cores", with: " (the goal is for the whole matrix)"))
            return 0
        }
        out += cli.budgetFigures(matrix)
        out += scanBenchmark(workers: cli.workers)
        out += scanAppBenchmark(workers: cli.workers)
        for line in catalog.benchmarkFigures() { out += "  \(line)\n" }
        out += longScenarioFigures()
        if vsNative { out += nativeComparison() }
        standardOutput(out)
        return 0
    }

    /// Where the matrix's time goes against the 3-second goal, each timed once: judging the verdicts of the matrix just
    /// run (no scenario runs); the same matrix without the triples that hold a failing pair (a pruning the lab does not
    /// make: such a triple is explained through its pair, yet it can still fail in a way of its own); without the
    /// triples of the app-delegate hosts (UIApplication and its SwiftUI, Flutter and Expo forms); and without any triple.
    func budgetFigures(_ matrix: Matrix) -> String {
        let all = generator(with: reports).cells()
        let launchHosts = Set(catalog.hosts.filter { $0.delegateAtLaunch == true }.map(\.name))
        func timed(_ cells: [Matrix.Cell]) -> String {
            let start = DispatchTime.now().uptimeNanoseconds
            let matrix = runMatrix(cells: cells, quiet: true)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return "\(cells.count) cells, \(matrix.runCount) runs, \(Self.format(seconds, digits: 3)) s"
        }
        let judgeStart = DispatchTime.now().uptimeNanoseconds
        let judged = Matrix(hosts: matrix.hosts, participants: matrix.participants, results: matrix.results, appAlone: matrix.appAlone)
        let judgeSeconds = Double(DispatchTime.now().uptimeNanoseconds - judgeStart) / 1e9
        let failingPairs = Set(matrix.results.filter { $0.cell.order.count == 2 && $0.outcome != .ok }.map(\.cell))
        let withoutExplained = all.filter { $0.order.count < 3 || !$0.holdsPair(in: failingPairs) }
        let withoutLaunchTriples = all.filter { $0.order.count < 3 || !launchHosts.contains($0.host) }
        let withoutTriples = all.filter { $0.order.count < 3 }
        return "  where the time goes (each timed once): judging the \(judged.verdicts.count) orders' verdicts, "
            + "\(Self.format(judgeSeconds, digits: 3)) s; without the triples that hold a failing pair (not a pruning the lab makes), "
            + timed(withoutExplained) + "; without the app-delegate hosts' triples, " + timed(withoutLaunchTriples)
            + "; without any triple, " + timed(withoutTriples) + "\n" + sharingFigure()
    }

    /// The most that sharing a triple's runs with its first two libraries' runs could save (``Matrix/SharingEstimate``).
    func sharingFigure() -> String {
        let estimate = Matrix.sharingEstimate(generator: generator(with: reports), workers: workers, makeRunner: catalog.makeRunner)
        return "  sharing runs (measured, not made): the delegate hosts' triples have \(estimate.scenarios) distinct scenarios, "
            + "\(Self.format(estimate.fullSeconds, digits: 3)) s to run once each; cut before their third library they have "
            + "\(estimate.prefixes) distinct prefixes, whose steps take \(Self.format(estimate.prefixSeconds, digits: 3)) s run once per "
            + "scenario and \(Self.format(estimate.sharedPrefixSeconds, digits: 3)) s run once each: sharing them, with a free copy "
            + "of each participant's state, would save at most \(Self.format(estimate.savedSeconds, digits: 3)) s; a run of no steps on the same hosts, once per "
            + "scenario, takes \(Self.format(estimate.emptySeconds, digits: 3)) s\n"
    }

    /// `hooklab scan` of a 60-pod Podfile.lock with ten modeled SDKs: reading, recognising, and `advise` on every host.
    func scanBenchmark(workers: Int) -> String {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let packages = try? Lockfile.packages(text: Scan.benchmarkPodfileLock, file: "Podfile.lock", format: .podfileLock) else { return "" }
        let scan = Scan.run(files: ["Podfile.lock"], packages: packages, catalog: catalog, workers: workers)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return "  scan: a 60-pod Podfile.lock with \(scan.found.count) modeled SDKs, \(scan.hosts.count) hosts advised: \(Self.format(seconds, digits: 3)) s (goal: under 5 s in release)\n"
    }

    /// The scan of a large app's directory, as `hooklab scan DIR` does it: found, grouped, read (a 5,600-line
    /// Podfile.lock, a 900 KB project.pbxproj beside a Package.resolved), recognised and advised (goal: under 1 s in release).
    func scanAppBenchmark(workers: Int) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooklab-bench-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = 0, bytes = 0
        for file in Scan.benchmarkApp {
            let url = directory.appendingPathComponent(file.path)
            guard (try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil,
                  (try? file.text.write(to: url, atomically: true, encoding: .utf8)) != nil else { return "" }
            if file.path == "Podfile.lock" { lines = file.text.split(separator: "\n").count }
            if file.path.hasSuffix(".pbxproj") { bytes = file.text.utf8.count }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        guard let apps = try? readLockfiles([directory.path]) else { return "" }
        let scans = apps.map { Scan.run(files: $0.files, packages: $0.packages, catalog: catalog, workers: workers) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let found = scans.map(\.found.count).reduce(0, +), hosts = scans.map(\.hosts.count).reduce(0, +)
        return "  scan of an app's directory: a \(lines)-line Podfile.lock and a \(bytes / 1_000) KB project.pbxproj with its Package.resolved, "
            + "\(found) modeled SDKs, \(hosts) hosts advised: \(Self.format(seconds, digits: 3)) s (goal: under 1 s in release)\n"
    }

    /// One long scenario read, checked and run as `hooklab run` does, at 25,000 and 100,000 steps: a run's cost grows
    /// linearly with its length (goal: 100,000 steps under 2 s in release on 2 cores).
    func longScenarioFigures() -> String {
        let hooked = catalog.participant("swizzle:exchange") != nil
        func text(_ calls: Int) -> String {
            "host ViewController -viewWillAppear:\nconfig release\nclass ViewController : UIViewController viewWillAppear:\n"
                + "object vc ViewController\n" + (hooked ? "swizzle.exchange ViewController viewWillAppear:\n" : "")
                + String(repeating: "call vc viewWillAppear:\n", count: calls)
        }
        var seconds: [Int: Double] = [:]
        for steps in [25_000, 100_000] {
            let scenario = text(steps)
            let start = DispatchTime.now().uptimeNanoseconds
            guard (try? runScenarioText(scenario, file: "bench.hooklab")) != nil else {
                return "  long scenario: this catalog cannot run 'ViewController -viewWillAppear:' calls\n"
            }
            seconds[steps] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        let short = seconds[25_000] ?? 0, long = seconds[100_000] ?? 0
        return "  long scenario (\(hooked ? "an exchange swizzle, then " : "")N calls, read, checked and run as 'hooklab run' does): "
            + "25,000 steps \(Self.format(short, digits: 3)) s, 100,000 steps \(Self.format(long, digits: 3)) s "
            + "(\(Self.format(long / max(short, 1e-9), digits: 1))x for 4x the steps); goal: 100,000 under 2 s in release on 2 cores\n"
            + declarationFigures(hooked: hooked) + wrapperSetFigures()
    }

    /// N delegate sets on a table view with an NSProxy wrapper loaded (`tracker:proxy`: a new proxy at each set, the
    /// last one freed), at 25,000 and 100,000 sets: each set's checks read only what that set freed (issue 43 #9:
    /// 50,000 sets once took 168 s, every object walked after each set).
    func wrapperSetFigures() -> String {
        guard catalog.participant("tracker:proxy") != nil else { return "" }
        var seconds: [Int: Double] = [:]
        for sets in [25_000, 100_000] {
            let text = "host UITableView\nconfig release\nload tracker:proxy\n"
                + (0..<sets).map { "set-delegate d\($0)\n" }.joined() + "fire tableView:didSelectRowAtIndexPath:\n"
            let start = DispatchTime.now().uptimeNanoseconds
            guard (try? runScenarioText(text, file: "bench.hooklab")) != nil else { return "" }
            seconds[sets] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        let short = seconds[25_000] ?? 0, long = seconds[100_000] ?? 0
        return "  delegate sets through an NSProxy wrapper (load tracker:proxy on UITableView, N set-delegate lines): "
            + "25,000 sets \(Self.format(short, digits: 3)) s, 100,000 sets \(Self.format(long, digits: 3)) s "
            + "(\(Self.format(long / max(short, 1e-9), digits: 1))x for 4x the sets); goal: 100,000 under 2 s in release on 2 cores\n"
    }

    /// 100,000 lines of each other kind a method-hook scenario has, read, checked and run as `hooklab run` does: class
    /// declarations, objects and (with `swizzle:exchange`) hooks; each must stay linear (issue 30: 50,000 classes once
    /// took 5 s, checked against lists).
    func declarationFigures(hooked: Bool) -> String {
        let head = "host ViewController -viewWillAppear:\nconfig release\nclass ViewController : UIViewController viewWillAppear:\n"
        var kinds: [(String, String)] = [
            ("classes", head + (0..<100_000).map { "class C\($0) : NSObject\n" }.joined() + "object vc ViewController\ncall vc viewWillAppear:\n"),
            ("objects", head + (0..<100_000).map { "object o\($0) ViewController\n" }.joined() + "call o1 viewWillAppear:\n"),
        ]
        if hooked {
            kinds.append(("hooks", head + "object vc ViewController\n" + String(repeating: "swizzle.exchange ViewController viewWillAppear:\n", count: 100_000)
                          + "call vc viewWillAppear:\n"))
        }
        var parts: [String] = []
        for (name, text) in kinds {
            let start = DispatchTime.now().uptimeNanoseconds
            guard (try? runScenarioText(text, file: "bench.hooklab")) != nil else { continue }
            parts.append("\(name) \(Self.format(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, digits: 3)) s")
        }
        return parts.isEmpty ? "" : "  100,000 declarations of one kind (read, checked and run): \(parts.joined(separator: ", ")); goal: each under 2 s in release on 2 cores\n"
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
            line += "  model vs native: \(Self.format(native / model, digits: 1))x as fast (goal: at least 3x on a quiet machine)\n"
        } else {
            line += "  native mini-scenario unavailable (install gobjc gnustep-make libgnustep-base-dev): "
                + text.split(separator: "\n").prefix(2).joined(separator: " ") + "\n"
        }
        return line
    }

    static func format(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// `hooklab audit ID`: what one participant's model rests on, and the failing cells each of its facts decides.
    func audit(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let id = try arguments.positional(1...1, "a participant id, e.g. 'hooklab audit fcm'")[0]
        try checkParticipant(id)
        let info = catalog.participant(id)!
        _ = try loadReports()
        let cells = generator.cells().filter { $0.order.contains(id) }
        let matrix = runMatrix(cells: cells, quiet: arguments.quiet)
        // Its participant file: the project's own first (they are loaded over HookLab's), then HookLab's, with their
        // setting variants.
        let local = (try? ParticipantFile.load(directory: url(ParticipantFile.directory), label: ParticipantFile.directory)) ?? []
        let files = (local + ((try? Lab.packageParticipantFiles.get()) ?? [])).flatMap { [$0] + $0.settingVariants() }
        standardOutput(ParticipantAudit(info: info, file: files.first { $0.info.id == id }, matrix: matrix).text)
        return 0
    }
}
