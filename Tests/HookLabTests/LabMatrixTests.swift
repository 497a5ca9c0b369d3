// The real lab (`Lab.catalog`) under `swift test`: every host × pair as a case, triples per host,
// then the reports regenerated and the baseline gate, following HOOKLAB_RECORD. The matrix runs once per
// test process (``LabMatrixTests/shared``); the parameterized cases check its cells.

import Foundation
import Testing
@testable import HookLab

/// One host and ordered pair: a Swift Testing case whose name reads like a matrix cell.
///
/// Codable, so a failing case can be replayed with `hooklab explain HOST A B`.
struct PairCase: Codable, Hashable, Sendable, CustomTestStringConvertible {
    var host: String
    var order: [String]
    var testDescription: String { "\(host): \(order.joined(separator: " → "))" }
}

@Suite("Lab matrix")
struct LabMatrixTests {
    static let catalog = Lab.catalog
    static let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        .withReportedOrders((try? reportCatalog.get()) ?? .empty)
    /// The package root: this file is `Tests/HookLabTests/LabMatrixTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The lab's baseline: the directory `Matrix/baseline/` (one file per host) when it exists, else `Matrix/baseline.json`.
    static let baselinePath = Lab.baselinePath(in: root)
    static let baselineResult = Result { () throws(BaselineError) -> Baseline? in
        try Baseline.load(from: root.appendingPathComponent(baselinePath), file: baselinePath)
    }
    static var mode: RecordMode { (try? RecordMode(environment: ProcessInfo.processInfo.environment)) ?? .never }
    /// The whole matrix, run once per test process (a lazily initialized static, thread-safe) and shared by
    /// every case of this suite: each cell, both configurations, with its shrunk reproducer.
    /// The catalogue of public reports that marks cells `reported` (a malformed one fails the gate test).
    static let reportCatalog = Result { try ReportCatalog.load(root: root, participants: catalog.participants, hosts: catalog.hosts.map(\.name)) }
    static let shared = Matrix.run(generator: generator, reports: (try? reportCatalog.get()) ?? .empty, makeRunner: catalog.makeRunner)
    /// The shared matrix's report files, with the design observations, rendered once for the tests that read them.
    static let sharedReports = shared.reportFiles(observations: catalog.designObservations())
    /// The shared matrix's matrix.json: the report set's own copy (rendering it twice costs a second).
    static let sharedJSON = sharedReports.first { $0.path == Lab.jsonPath }?.contents ?? shared.json
    /// ``sharedJSON`` parsed once: several tests read the 35 MB document.
    static let sharedDocument = Result { () throws -> JSONValue in try JSONValue.parse(sharedJSON).value }

    /// Starts running the shared matrix on a thread of its own. Swift Testing builds the pair test's cases while it
    /// plans the run, before any test starts: the matrix, which most of the slow tests wait for, then starts first
    /// instead of whenever a test first reads it (on 2 cores a late start left one idle at the end of the run).
    static let earlyStart: Void = {
        // Then matrix.json parsed, which a dozen tests read: on this thread it is ready when they start.
        let thread = Thread { _ = LabMatrixTests.sharedDocument }
        thread.stackSize = 8 << 20 // as the matrix's own workers
        thread.start()
    }()

    /// The hosts, one case each for the pairs and one for the triples. A case per ordered pair (8,195 of them) cost
    /// Swift Testing's event recorder about 8 s of CPU, most of it after the last test (it copies its table of every
    /// case at each event): each issue names its cell, which `hooklab explain HOST A B` replays.
    static var hostCases: [String] {
        earlyStart
        return catalog.hosts.map(\.name)
    }

    /// Records an issue for every configuration of the order that the matrix did not run soundly, and, unless the
    /// baseline is being re-recorded (or there is none), whose outcome differs from the accepted one or is an
    /// accepted failure without a reason.
    static func compare(host: String, order: [String]) {
        var checked: [(Matrix.Cell, Matrix.CellResult)] = []
        for config in Configuration.allCases {
            let cell = Matrix.Cell(host: host, order: order, config: config)
            guard let result = shared.result(for: cell) else {
                Issue.record("\(cell) was not run by the matrix")
                continue
            }
            // What holds whatever the baseline says: an impossible order ran nothing and says why; a possible one ran
            // scenarios, and a failing one has a reproducer that fails the way the worst run of its app set-up does (the
            // cell's worst, unless the order conflicts only under another set-up: then that set-up's).
            if result.possible {
                if result.scenarioCount == 0 { Issue.record("\(cell) ran no scenario") }
                let drawnFrom = result.worst.map { AppSetup(steps: $0.steps) }
                let expected = result.setups.first { $0.setup == drawnFrom }?.outcome ?? result.outcome
                if expected != result.outcome, shared.conflictingSetups(result).allSatisfy({ $0.setup != drawnFrom }) {
                    Issue.record("\(cell): its reproducer comes from a set-up that is no conflict, yet not from its worst")
                }
                if result.outcome != .ok, result.reproducer?.result.outcome != expected {
                    Issue.record("\(cell): \(result.outcome.title), but its reproducer is \(result.reproducer?.result.outcome.title ?? "missing")")
                }
            } else if result.impossibility == nil || result.scenarioCount != 0 || result.outcome != .ok {
                Issue.record("\(cell): impossible, yet ran \(result.scenarioCount) scenarios or gives no reason")
            }
            checked.append((cell, result))
        }
        guard mode != .all, case .success(let baseline?) = baselineResult else { return } // the gate test records
        for (cell, result) in checked {
            guard let entry = baseline.entry(for: cell) else {
                if mode == .never { Issue.record("\(cell): not in \(baselinePath); now \(result.outcome.title)") }
                continue
            }
            if entry.outcome != result.outcome {
                let finding = result.findings.mostSevere.map { " — \($0.kind.rawValue): \($0.message)" } ?? ""
                Issue.record("\(cell): accepted \(entry.outcome.title), now \(result.outcome.title)\(finding)")
            } else if result.possible, result.outcome != .ok, (entry.reason ?? "").isEmpty {
                Issue.record("\(cell): an accepted \(entry.outcome.title) without a reason in \(baselinePath)")
            }
        }
    }

    @Test("Ordered pairs on each host match the baseline, in debug and release", arguments: hostCases)
    func pairs(_ host: String) {
        for order in Self.generator.orders(host: host, length: 2) { Self.compare(host: host, order: order) }
    }

    @Test("Triples on each host match the baseline", arguments: hostCases)
    func triples(_ host: String) {
        for order in Self.generator.orders(host: host, length: 3) { Self.compare(host: host, order: order) }
    }

    @Test("The committed Reports/ are what the matrix renders (a snapshot: HOOKLAB_RECORD=all rewrites them), and the whole matrix passes the gate")
    func reportsAndGate() throws {
        let baseline: Baseline?
        switch Self.baselineResult {
        case .success(let value): baseline = value
        case .failure(let error):
            Issue.record("\(error.description); the baseline was not changed")
            return
        }
        _ = try Self.reportCatalog.get()
        let matrix = Self.shared
        if baseline == nil, Self.mode == .never {
            Issue.record("no \(Self.baselinePath): record one with HOOKLAB_RECORD=missing swift test")
            return
        }
        let verdict = Gate(mode: Self.mode).check(matrix, baseline: baseline)
        let reportsURL = Self.root.appendingPathComponent("Reports")
        let reports = Matrix.reportOutputs(Self.sharedReports, in: reportsURL)
        var outputs: [AtomicFile.Output] = []
        if Self.mode == .all {
            outputs = reports
        } else {
            // The committed pages are the golden files of the lab's notes: any difference fails, file and line named.
            let prefix = Self.root.standardizedFileURL.path + "/"
            for output in reports {
                let committed = try? String(contentsOf: output.url, encoding: .utf8)
                if let difference = Matrix.firstDifference(committed: committed, rendered: output.contents) {
                    let path = output.url.standardizedFileURL.path.replacingOccurrences(of: prefix, with: "")
                    Issue.record("\(path) \(difference): the committed report is stale; rewrite it with HOOKLAB_RECORD=all swift test (or hooklab matrix) and review git diff Reports")
                }
            }
            for stale in Matrix.stalePages(in: reportsURL, keeping: reports) {
                Issue.record("Reports/\(stale.lastPathComponent) is no page of this matrix; HOOKLAB_RECORD=all swift test removes it")
            }
        }
        let baselineURL = Self.root.appendingPathComponent(Self.baselinePath)
        // A baseline directory is written one file per host; its files that no longer hold a host are removed.
        if let toWrite = verdict.baselineToWrite { outputs += toWrite.outputs(at: baselineURL) }
        try AtomicFile.write(outputs)
        if verdict.baselineToWrite != nil { Baseline.removeStaleFiles(at: baselineURL, keeping: outputs) }
        if Self.mode == .all { Matrix.removeStalePages(in: reportsURL, keeping: reports) }
        for difference in verdict.differences { Issue.record(Comment(rawValue: difference.text)) }
        if verdict.needsReview {
            Issue.record("recorded \(verdict.recorded.count) new cells: review `git diff \(Self.baselinePath)` and run again")
        }
    }
}

extension LabMatrixTests {
    @Test("The generator's cells come in the cells' own order (sorted by ranks packed in one integer, not by text), for any order they are given in")
    func cellsSortedByRank() {
        let cells = Self.generator.cells()
        #expect(cells == cells.sorted() && cells.count > 50_000)
        // A fixed shuffle (every 7th cell first, and so on), and orders of four ids the packed key also holds.
        var given = (0..<7).flatMap { start in stride(from: start, to: cells.count, by: 7).map { cells[$0] } }
        given += [Matrix.Cell(host: "UIApplication", order: ["fcm", "braze", "onesignal", "airship"], config: .release),
                  Matrix.Cell(host: "UIApplication", order: ["fcm", "braze", "onesignal"], config: .release)]
        #expect(ScenarioGenerator.sorted(given) == given.sorted())
        #expect(ScenarioGenerator.sorted(given) != given)
    }

    @Test("A release cell that reused its debug twin's runs equals a fresh run of it (a sample: every 12th release cell)")
    func reuseMatchesFreshRuns() {
        let runner = Self.catalog.makeRunner()
        let release = Self.shared.results.filter { $0.cell.config == .release && $0.possible }
        #expect(release.count > 3000)
        for (position, shared) in release.enumerated() where position % 12 == 0 {
            let order = shared.cell.order
            // As Matrix.run does: a triple holding a failing order-preserving pair keeps its worst scenario unshrunk,
            let hasFailingPair = order.indices.contains { i in
                order.indices.contains { j in
                    j > i && Self.shared.outcome(of: shared.cell.with(order: [order[i], order[j]])).map { $0 != .ok } == true
                }
            }
            // and shrinks and explains it only when the order was emergent before shrinking: it still is, or its shrunk
            // reproducer lost a library (its steps are no longer the worst scenario's).
            let emergent = Self.shared.emergent.contains { $0.host == shared.cell.host && $0.order == order }
            let shrunkLate = emergent || (shared.reproducer.map { $0.scenario.steps != shared.worst?.steps } ?? false)
            let shrink = order.count < 3 || !hasFailingPair || shrunkLate
            let fresh = Matrix.evaluate(shared.cell, generator: Self.generator, runner: runner, shrink: shrink,
                                        explain: shrink, conflictUnder: Self.shared.conflictTest(shared.cell))
            #expect(fresh.outcome == shared.outcome, "\(shared.cell)")
            #expect(fresh.signatures == shared.signatures, "\(shared.cell)")
            #expect(fresh.variants == shared.variants, "\(shared.cell)")
            #expect(fresh.reproducer == shared.reproducer, "\(shared.cell)")
            #expect(fresh.ran == shared.ran, "\(shared.cell)")
        }
    }

    @Test("A run that goes on from the state another scenario of its cell reached equals a fresh run (a sample: every 40th delegate-host cell)")
    func sharedPrefixesMatchFreshRuns() {
        let runner = Self.catalog.makeRunner()
        let cells = Self.shared.results.map(\.cell).filter { !MethodTarget.isTarget($0.host) }
        var shared = 0, compared = 0
        for (position, cell) in cells.enumerated() where position % 40 == 0 {
            let scenarios = Self.generator.scenarios(for: cell)
            let skip = scenarios.map { _ in false }
            let plan = PrefixPlan(scenarios, skip: skip) { _ in true }
            shared += plan.resume.compactMap { $0 }.count
            let runs = runner.runSharingPrefixes(scenarios, skip: skip)
            for (scenario, run) in zip(scenarios, runs) {
                let fresh = runner.runNotingConfiguration(scenario, explain: false)
                #expect(run?.result == fresh.result, "\(cell): \(scenario.steps.map(\.line))")
                #expect(run?.readConfiguration == fresh.readConfiguration, "\(cell)")
                compared += 1
            }
        }
        // Most of a cell's set-ups share their installs: the sample has to exercise the copies.
        #expect(shared > compared / 4)
    }

    @Test("Every failing configuration of an emergent order has its reproducer shrunk and explained, though the matrix shrinks an order holding a failing pair only once it knows the order is emergent; the reproducer still needs every library")
    func emergentReproducersExplained() {
        let runner = Self.catalog.makeRunner()
        let keys = Self.shared.emergent.map { $0.with(config: .debug) }.uniqued()
        #expect(keys.count > 50)
        var holdingPair = 0
        for key in keys {
            for config in Configuration.allCases {
                guard let result = Self.shared.result(for: key.with(config: config)), result.outcome != .ok,
                      let reproducer = result.reproducer else { continue }
                let order = result.cell.order
                // An emergent cell's shrunk reproducer still installs every library of the order (its other configuration
                // may fail through a pair, and its reproducer then lost a library).
                if Self.shared.emergent.contains(result.cell) {
                    #expect(Set(reproducer.scenario.participants) == Set(order), "\(result.cell)")
                }
                let fresh = Shrinker(runner: runner).shrink(result.worst ?? reproducer.scenario)
                #expect(fresh?.scenario.steps == reproducer.scenario.steps, "\(result.cell)")
                if order.indices.contains(where: { i in order.indices.contains { j in
                    j > i && Self.shared.outcome(of: result.cell.with(order: [order[i], order[j]])).map { $0 != .ok } == true
                } }) { holdingPair += 1 }
                var scenario = reproducer.scenario
                scenario.expect = []
                let explained = runner.run(scenario, explain: true)
                #expect(explained.messagePath == reproducer.result.messagePath, "\(result.cell)")
                #expect(explained.graph == reproducer.result.graph, "\(result.cell)")
            }
        }
        // Some hold a failing pair: those are the ones shrunk and explained late.
        #expect(holdingPair > 0)
    }

    @Test("An inference counts only where its answer changed the course: rx:patched's marker probe answered NO, so the cell is derived like its unpatched twin")
    func inferenceOnlyWhereItDecides() {
        for config in Configuration.allCases {
            let patched = Self.shared.result(for: Matrix.Cell(host: "UITableView", order: ["tracker:forwarding", "rx:patched"], config: config))
            let plain = Self.shared.result(for: Matrix.Cell(host: "UITableView", order: ["tracker:forwarding", "rx"], config: config))
            #expect(patched?.outcome == plain?.outcome && patched?.outcome != .ok)
            #expect(plain?.evidence == .derived && patched?.evidence == .derived, "\(config): \(patched?.evidence?.rawValue ?? "none")")
            #expect(!(patched?.reproducer?.result.basedOn.contains { $0.isInference } ?? true))
        }
    }

    @Test("A baseline reason that names an evidence level names the level of every cell it is given for")
    func reasonsNameTheCellsEvidence() throws {
        guard case .success(let baseline?) = Self.baselineResult else { return }
        var wrong: [String] = []
        for entry in baseline.entries {
            guard let reason = entry.reason, let result = Self.shared.result(for: entry.cell) else { continue }
            let named: Matrix.Evidence? = reason.hasPrefix("Accepted prediction") || reason.contains("evidence: predicted") ? .predicted
                : reason.contains("evidence: derived") ? .derived : reason.contains("evidence: reported") ? .reported : nil
            if let named, result.evidence != named {
                wrong.append("\(entry.cell): the reason says \(named.rawValue), the cell is \(result.evidence?.rawValue ?? "passing")")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) reasons name another evidence level:\n\(wrong.prefix(20).joined(separator: "\n"))")
    }

    @Test("A reviewed reason that rests on the lab's conflict or emergence test is given only where that test says so: 'no conflict' to a cell that is none and whose reproducer keeps every library, 'a conflict this order holds' to a conflict that is not emergent")
    func reasonsRestingOnTheLabsTestsHold() throws {
        guard case .success(let baseline?) = Self.baselineResult else { return }
        let emergent = Set(Self.shared.emergent)
        var wrong: [String] = []
        var checked = 0
        for entry in baseline.entries {
            guard let reason = entry.reason, let result = Self.shared.result(for: entry.cell) else { continue }
            let keepsAll = Set(result.reproducer?.scenario.participants ?? []).isSuperset(of: entry.cell.order)
            if reason.hasPrefix("Accepted: no conflict.") {
                checked += 1
                if result.conflict != false || !keepsAll { wrong.append("\(entry.cell): 'no conflict', yet conflict \(String(describing: result.conflict)), reproducer keeps all: \(keepsAll)") }
            } else if reason.hasPrefix("Accepted: a conflict this order holds, not one of its own.") {
                checked += 1
                if result.conflict != true || emergent.contains(entry.cell) { wrong.append("\(entry.cell): 'a conflict this order holds', yet conflict \(String(describing: result.conflict)), emergent \(emergent.contains(entry.cell))") }
            }
        }
        #expect(checked > 0, "no reason of either form: the test checks nothing")
        #expect(wrong.isEmpty, "\(wrong.count) reasons the lab's tests contradict:\n\(wrong.prefix(20).joined(separator: "\n"))")
    }

    @Test("An order holding a failing pair, not shrunk, is recorded as the one library's or pair's failure it holds; a reason saying its shrunk reproducer needs fewer libraries is given only to a shrunk cell")
    func unshrunkOrdersAreExplainedThroughWhatTheyHold() throws {
        // CleverTap alone loses the SwiftUI app's deep link (it hooks SwiftUI's own delegate class), so every pair with
        // it fails the same way, and the triple is CleverTap's failure, not a conflict of the three.
        let cell = Matrix.Cell(host: "UIApplication@swiftui", order: ["airship", "braze", "clevertap"], config: .debug)
        let result = try #require(Self.shared.result(for: cell))
        #expect(Set(result.reproducer?.scenario.participants ?? []) == Set(cell.order), "not shrunk: it holds a failing pair")
        let emergent = Set(Self.shared.emergent)
        #expect(Gate.explainingOrder(of: result, in: Self.shared, emergent: emergent) == ["clevertap"])
        let reason = try #require(Gate.recordedReason(result, in: Self.shared, emergent: emergent))
        #expect(reason.hasPrefix("recorded, not reviewed (from the verdict): clevertap alone; lostEvent: "), "\(reason)")
        // A pair explains an order only when no library alone does: customerio → leanplum loses the fetch.
        let pairCell = Matrix.Cell(host: "UIApplication", order: ["customerio", "leanplum", "mparticle"], config: .debug)
        if let pairResult = Self.shared.result(for: pairCell), pairResult.outcome != .ok {
            #expect(Gate.explainingOrder(of: pairResult, in: Self.shared, emergent: emergent) == ["customerio", "leanplum"])
        }
        guard case .success(let baseline?) = Self.baselineResult else { return }
        var wrong: [String] = []
        for entry in baseline.entries where entry.reason?.contains(": the shrunk reproducer needs ") == true {
            guard let result = Self.shared.result(for: entry.cell), let reproducer = result.reproducer else { continue }
            if Set(reproducer.scenario.participants) == Set(entry.cell.order) { wrong.append("\(entry.cell)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) reasons say a reproducer was shrunk that was not:\n\(wrong.prefix(20).joined(separator: "\n"))")
    }

    @Test("An install-variant fix names the variants to install: two exchange swizzles loop on an inherited method unless the SDK's own helper prefix differs")
    func installVariantFixesNameTheirVariants() throws {
        let key = Matrix.NoteKey(host: "SubViewController -viewWillAppear:", order: ["swizzle:exchange", "swizzle:sdk"])
        #expect(Self.shared.verdict(key).passingInstallVariants == [["sdkswizzle:own-prefix"]])
        let empty = Self.shared.verdicts.filter { $0.value.passingInstallVariants.contains { $0.isEmpty } }.map(\.key)
        #expect(empty.isEmpty, "\(empty.count) orders offer to install with no variant, first \(empty.first.map { "\($0.host) \($0.order)" } ?? "")")
    }

    @Test("matrix.json stores each shared finding, reproducer, sources, ran and variants list once, and loses nothing")
    func compactRecord() throws {
        let matrix = Self.shared
        let root = try Self.sharedDocument.get()
        #expect(root["schema"] == .number(3))
        // Expanded, every cell is exactly its schema 2 object.
        #expect(Matrix.expandedCells(root) == matrix.jsonCellObjects)
        for table in JSONTables.names {
            guard case .array(let entries)? = root[table] else { Issue.record("no \(table) table"); continue }
            #expect(Set(entries).count == entries.count, "\(table) holds a value twice")
        }
    }

    /// The hosts whose cells the three-shard round trip writes, reads and merges: between them they hold every kind of
    /// field a shard file carries and a merge judges again (impossible orders, covering reports, set-ups that fail only
    /// under some, install variants, emergent triples whose reproducers were explained after the matrix was built), in
    /// a twentieth of the cells. The whole matrix's 55,106 cells took 18 s of the suite's CPU to write, read and judge
    /// again, for no field these do not have (``threeShards()`` checks that they do).
    static let roundTripHosts = ["UIScrollView", "UIWebView", "UNUserNotificationCenter@flutter", "ViewController +classMethod"]

    @Test("The real matrix in 3 shards: each host in one shard; the merged shard files of four hosts give the same cells, verdicts and emergent orders, every field matrix.json and the reports are rendered from")
    func threeShards() throws {
        let all = Self.generator.cells()
        #expect(Shard.slices(of: all, generator: Self.generator, count: 3).flatMap { $0 }.sorted() == all)
        let hosts = Set(Self.roundTripHosts)
        let chosen = all.filter { hosts.contains($0.host) }
        let expected = Self.shared.results.filter { hosts.contains($0.cell.host) }
        // The hosts still hold every kind of field the round trip is for.
        #expect(expected.contains { !$0.possible } && expected.contains { !$0.reports.isEmpty })
        #expect(expected.contains { $0.failsOnlyUnderSomeSetups } && expected.contains { !$0.variants.isEmpty })
        #expect(Self.shared.emergent.contains { hosts.contains($0.host) && $0.order.count >= 3 })
        let slices = Shard.slices(of: chosen, generator: Self.generator, count: 3)
        #expect(slices.allSatisfy { !$0.isEmpty })
        // Each shard's file is written and read back on its own core.
        let written = Matrix.concurrentMap(3, workers: ProcessInfo.processInfo.activeProcessorCount) { slot in
            Result { () throws(UsageError) -> (file: String, shard: ShardFile) in
                let index = slot + 1
                let cells = Set(slices[slot])
                let results = expected.filter { cells.contains($0.cell) }
                let shardHosts = Set(cells.map(\.host))
                let file = ShardFile(shard: Shard(index: index, count: 3), allCells: chosen.count, results: results,
                                     appAlone: Self.shared.appAlone.filter { shardHosts.contains($0.key.host) })
                return ("shard-\(index).json", try ShardFile.parse(file.fileText, file: "shard-\(index).json"))
            }
        }
        let files = try written.map { try $0.get() }
        let merged = try ShardFile.merge(files, hosts: Self.catalog.hosts, participants: Self.catalog.participants)
        // Every cell's app set-ups, with their outcomes, survive the merge.
        #expect(merged.results.map(\.setups) == expected.map(\.setups))
        // And their words: which SDKs hooked at launch (not compared by ==), as UIScrollView's `+load` trackers have.
        let launched = { (results: [Matrix.CellResult]) in results.map { $0.setups.map(\.setup.atLaunch) } }
        #expect(launched(expected).joined().contains { !$0.isEmpty })
        #expect(launched(merged.results) == launched(expected))
        // matrix.json and the reports are rendered from exactly these fields, every stored field of a matrix but its run
        // counts (rendering is deterministic: the shard test on the small catalog compares the pages and matrix.json
        // byte for byte), so what only the shard files carry (each cell's set-ups, which notes' first sentences and
        // actions read) reaches them. A verdict reads only its own host's cells, so the merge judges these hosts' orders
        // as the whole matrix did, and the shared matrix's incremental re-judging of its explained orders
        // (``Matrix/rejudge(_:)``) is checked against judging them from scratch.
        #expect(merged.hosts == Self.shared.hosts && merged.participants == Self.shared.participants)
        #expect(merged.results == expected)
        #expect(merged.emergent == Self.shared.emergent.filter { hosts.contains($0.host) })
        #expect(merged.appAlone == Self.shared.appAlone.filter { hosts.contains($0.key.host) })
        #expect(merged.verdicts == Self.shared.verdicts.filter { hosts.contains($0.key.host) })
    }
}

@Suite("Scenario files in Matrix/scenarios")
struct ScenarioFilesTests {
    /// Every `Matrix/scenarios/*.hooklab`, sorted by name.
    static var files: [String] {
        let directory = LabMatrixTests.root.appendingPathComponent("Matrix/scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".hooklab") }.sorted().map { "Matrix/scenarios/\($0)" }
    }

    @Test("Each scenario file parses and its run is what its expect lines say", arguments: files)
    func scenarioFile(_ file: String) throws {
        let text = try String(contentsOf: LabMatrixTests.root.appendingPathComponent(file), encoding: .utf8)
        let catalog = LabMatrixTests.catalog
        let scenario = try Scenario.parse(text: text, file: file, participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        let result = catalog.makeRunner().run(scenario)
        #expect(scenario.isMet(by: result), "\(file): expected \(scenario.expect.map(\.rawValue)) ran \(scenario.expectRan ?? []); found \(result.findings.map { "\($0.kind.rawValue) at step \($0.step): \($0.message)" }) ran \(result.ran)")
    }
}
