// Execution of the whole matrix: every cell's scenarios, the worst one shrunk.

import Foundation
import Synchronization

/// The compatibility matrix: the result of every cell, plus the emergent triples.
///
/// ``run(cells:generator:workers:shrink:makeRunner:)`` runs cells in parallel; results are stored by
/// cell index, so the matrix is the same value whatever the number of workers or their timing.
public struct Matrix: Sendable {
    /// The result of one cell: its outcome, and the shrunk reproducer of its worst scenario.
    public struct CellResult: Codable, Hashable, Sendable {
        /// The cell.
        public var cell: Cell
        /// The worst outcome among the cell's scenarios.
        public var outcome: Outcome
        /// How many scenarios the cell ran.
        public var scenarioCount: Int
        /// The scenario the note explains, as generated: the first with the worst outcome under an app set-up where the
        /// order conflicts, when one fails, else the first with the worst outcome; nil when the cell is ok.
        public var worst: Scenario?
        /// The shrunk reproducer of ``worst`` with its run, or ``worst`` itself when shrinking is off.
        public var reproducer: Shrinker.Reproducer?
        /// The hook bodies that ran in the cell's first scenario, in order (method-hook targets; empty otherwise).
        public var ran: [String] = []
        /// Per install variant (method-hook cells whose participants have several), its outcome over every placement.
        public var variants: [VariantResult] = []
        /// What every scenario of the cell found, as ``Finding/signature`` values, sorted.
        public var signatures: [String] = []
        /// False when the cell's order cannot happen (see ``ScenarioGenerator/impossibility(of:)``); it then runs nothing.
        public var possible: Bool = true
        /// Why the order cannot happen ("not possible: tracker:proxy hooks at launch"); nil when it can.
        public var impossibility: String?
        /// For two or more participants: whether the cell's minimal reproducer installs every one of them and the
        /// cell has a finding that none of them (nor the app) has alone on the same host and configuration; for a
        /// participant alone, a finding the app alone does not have; nil for an impossible order. Set by ``Matrix``.
        public var conflict: Bool?

        /// The findings to report: those of the reproducer's run.
        public var findings: [Finding] { reproducer?.result.findings ?? [] }
        /// How well the failure is backed (Matrix+Evidence.swift); nil for a passing cell.
        public var evidence: Evidence? = nil
        /// The public sources of the failure: covering reports, then the facts on the failing path.
        public var sources: [String] = []
        /// The catalogue files (`Matrix/reports/…`) that reproduce this cell's failure.
        public var reports: [String] = []
        /// Whether the failing path uses an inference and no report covers it.
        public var isPredicted: Bool { evidence == .predicted }
        /// Each app set-up the cell's scenarios stand for (delegate hosts), in the order the set-ups first appear, with
        /// its worst outcome and that scenario's findings: the verdict for an app set up that way. ``outcome`` is the
        /// worst of them, for the gate. Empty on method-hook targets.
        public var setups: [SetupResult] = []

        /// The set-ups that fail, in order.
        public var failingSetups: [SetupResult] { setups.filter { $0.outcome != .ok } }
        /// Whether the cell fails under some of its app set-ups and passes under others (the tables' ˢ).
        public var failsOnlyUnderSomeSetups: Bool { outcome != .ok && setups.contains { $0.outcome == .ok } }
    }

    /// One app set-up of a cell (``CellResult/setups``): its worst outcome, and the findings of its worst scenario.
    public struct SetupResult: Codable, Hashable, Sendable {
        public var setup: AppSetup
        public var outcome: Outcome
        /// Empty when the set-up passes.
        public var findings: [Finding]

        public init(setup: AppSetup, outcome: Outcome, findings: [Finding]) {
            self.setup = setup
            self.outcome = outcome
            self.findings = findings
        }
    }

    /// Each app set-up of a cell's scenarios with its worst outcome (see ``CellResult/setups``), in the order the
    /// set-ups first appear.
    static func setups(_ appSetups: [AppSetup], _ runs: [ScenarioRun]) -> [SetupResult] {
        var groups: [SetupResult] = []
        for (position, setup) in appSetups.enumerated() {
            let run = runs[position].result
            if let i = groups.firstIndex(where: { $0.setup == setup }) {
                if run.outcome > groups[i].outcome { groups[i] = SetupResult(setup: setup, outcome: run.outcome, findings: run.findings) }
            } else {
                groups.append(SetupResult(setup: setup, outcome: run.outcome, findings: run.outcome == .ok ? [] : run.findings))
            }
        }
        return groups
    }

    /// Whether findings an order of two or more libraries has under an app set-up are a conflict: one of them is
    /// neither the app's with no library nor any library's alone in the same app (its set-up projected onto that
    /// library). A library alone that never ran that set-up counts every finding it has anywhere.
    static func conflicts(_ findings: [Finding], under setup: AppSetup, order: [String], appAlone: Set<String>,
                          alone: [AloneRuns?]) -> Bool {
        // What each library alone found under the set-up: its run of the projected set-up, else every finding it has.
        // Compared finding by finding, without building signatures (``Finding/hasSameSignature(as:)``), and only for
        // a finding the app alone does not have.
        var ownRuns: [[Finding]?] = []
        var projected = false
        func foundAlone(_ finding: Finding, signature: String?) -> Bool {
            if !projected {
                projected = true
                ownRuns = zip(order, alone).map { id, result in
                    guard let result else { return [] }
                    let own = setup.projected(onto: [id])
                    return result.setups.first(where: { $0.setup == own })?.findings
                }
            }
            for (runs, result) in zip(ownRuns, alone) {
                guard let result else { continue }
                if let runs {
                    if runs.contains(where: { $0.hasSameSignature(as: finding) }) { return true }
                } else if result.signatures.contains(signature ?? finding.signature) {
                    return true
                }
            }
            return false
        }
        return findings.contains { finding in
            // Its signature is built only when one is compared: the app alone mostly finds nothing, and a library alone
            // that ran the projected set-up is compared finding by finding (building them was a thirtieth of a host's
            // matrix, callgrind).
            var signature: String?
            if !appAlone.isEmpty {
                let text = finding.signature
                if appAlone.contains(text) { return false }
                signature = text
            }
            return !foundAlone(finding, signature: signature)
        }
    }

    /// What ``conflicts(_:under:order:appAlone:alone:)`` reads of a library's run alone: its set-ups and signatures,
    /// held by their arrays, not copied with the whole result (copying each order's results alone was a sixth of judging).
    struct AloneRuns {
        let setups: [SetupResult]
        let signatures: [String]
        init(_ result: CellResult) {
            setups = result.setups
            signatures = result.signatures
        }
    }

    /// The hosts, in report order.
    public var hosts: [HostInfo]
    /// The participants, in report order.
    public var participants: [ParticipantInfo]
    /// Every cell's result, sorted by cell.
    public private(set) var results: [CellResult]
    /// Failing triples (and longer orders) with a finding none of their pairs and participants alone has, sorted (see ``isEmergent(_:)``).
    public private(set) var emergent: [Cell]
    /// What the app's own scenarios find with no library installed, as ``Finding/signature`` values, by host and
    /// configuration (keyed by a cell with an empty order): a finding the app alone has is no library's doing.
    public private(set) var appAlone: [Cell: [String]]
    /// Each participant's position in ``participants`` by id, and each family's positions in order: judging reads an
    /// order's libraries and their other lines here, not by comparing every participant's id or family (built in
    /// ``init(hosts:participants:results:runCount:appAlone:)``; ``participantPosition(_:)`` checks it still holds).
    private var participantPositions: [String: Int] = [:]
    private(set) var familyMembers: [String: [Int]] = [:]
    /// Per result (by position), per set-up, whether its order of two or more conflicts under it (``conflictingSetups(_:)``);
    /// judged once when the matrix is built, from the libraries alone, which no re-judging changes.
    private(set) var setupConflicts: [[Bool]] = []
    /// The verdict on every host and order that ran (``verdict(_:)``), judged once when the matrix is built.
    public private(set) var verdicts: [NoteKey: Verdict] = [:]
    /// Scenario runs made, including shrinking; for `hooklab bench`.
    public var runCount: Int
    /// Results reused instead of run again (the same scenario, or its twin in the other configuration when the run
    /// never read the configuration); for `hooklab bench`.
    public var reusedCount = 0
    /// Of the runs made, those that went on from a copy of the state another scenario of their cell reached at the end
    /// of the steps they share (``ScenarioRunning/runSharingPrefixes(_:skip:)``), and the steps they did not run again.
    public var resumedCount = 0, sharedSteps = 0
    /// The wall time of each stage of ``run(cells:generator:workers:shrink:progress:reports:makeRunner:)``, in order, and
    /// whether it ran on every worker: what `hooklab bench` prints. Never written to a report (it varies with the load).
    public var stages: [Stage] = []
    /// One stage of a matrix run and its wall time.
    public struct Stage: Sendable {
        public var name: String
        public var seconds: Double
        /// Whether the stage ran on every worker thread, or on one.
        public var parallel: Bool
    }
    private var index: [Cell: Int]

    /// Builds a matrix from results already computed.
    /// - Parameter appAlone: What the app's own scenarios find with no library, by host and configuration
    ///   (``Matrix/appAlone``); a host missing here counts as finding nothing.
    public init(hosts: [HostInfo], participants: [ParticipantInfo], results: [CellResult], runCount: Int = 0,
                appAlone: [Cell: [String]] = [:]) {
        self.hosts = hosts
        self.participants = participants
        self.appAlone = appAlone
        for (position, participant) in participants.enumerated() {
            if participantPositions[participant.id] == nil { participantPositions[participant.id] = position }
            familyMembers[participant.family, default: []].append(position)
        }
        // ``run`` gives them in cell order already: checking costs a comparison per cell, sorting copied every result.
        let inOrder = results.indices.dropFirst().allSatisfy { results[$0 - 1].cell < results[$0].cell }
        self.results = inOrder ? results : results.sorted { $0.cell < $1.cell }
        self.runCount = runCount
        self.index = Dictionary(minimumCapacity: results.count)
        for position in self.results.indices { index[self.results[position].cell] = position }
        self.emergent = []
        // Each stage reads only what the stage before it wrote, so its cells are judged on every core; results are
        // stored by position, so nothing depends on the threads' timing.
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let aloneJudged = self
        // Each result read in place: a copy of every result was a tenth of judging.
        self.setupConflicts = Self.concurrentMap(self.results.count, workers: workers) { position -> [Bool] in
            aloneJudged.results[position].cell.order.count >= 2 && aloneJudged.results[position].possible
                && aloneJudged.results[position].outcome != .ok ? aloneJudged.judgeSetupConflicts(at: position) : []
        }
        let judged = self
        let conflicts = Self.concurrentMap(self.results.count, workers: workers) { judged.conflict(at: $0) }
        for position in self.results.indices { self.results[position].conflict = conflicts[position] }
        let withConflicts = self
        let emergent = Self.concurrentMap(self.results.count, workers: workers) { withConflicts.isEmergent(at: $0) }
        self.emergent = self.results.indices.filter { emergent[$0] }.map { self.results[$0].cell }
        // The results are sorted by host, then order, then configuration: an order's configurations are neighbours, so
        // its key is kept once by comparing with the last one (hashing every key to drop the copies was a thirtieth of
        // judging, all on one core).
        var keys: [NoteKey] = []
        keys.reserveCapacity(self.results.count)
        for position in self.results.indices {
            let cell = self.results[position].cell
            if let last = keys.last, last.host == cell.host, last.order == cell.order { continue }
            keys.append(NoteKey(host: cell.host, order: cell.order))
        }
        let complete = self
        var verdicts = Self.concurrentMap(keys.count, workers: workers) { complete.judge(keys[$0]) }
        // Each verdict moved into the table, not copied (zip hands out copies).
        var table: [NoteKey: Verdict] = Dictionary(minimumCapacity: keys.count)
        while let verdict = verdicts.popLast() { table[keys[verdicts.count]] = verdict }
        self.verdicts = table
    }

    /// Judges again what the results at `changed` (orders of three or more) decide, as building the matrix again from
    /// its results would: their conflicts, whether they are emergent, and the verdict of every order that reads them.
    /// A conflict reads its own cell and its libraries alone, emergence also its pairs, and a verdict only orders of its
    /// own host and length: its other start orders and its libraries' other lines and settings (``judge(_:)``,
    /// ``judgeFixes(_:configs:)``), so the orders of the same host and length whose families are the same cover them.
    mutating func rejudge(_ changed: [Int]) {
        for position in changed { results[position].conflict = conflict(at: position) }
        let changedCells = Set(changed.map { results[$0].cell })
        let nowEmergent = Set(changed.filter { isEmergent(at: $0) }.map { results[$0].cell })
        emergent = (emergent.filter { !changedCells.contains($0) } + nowEmergent).sorted { index[$0]! < index[$1]! }
        func families(_ host: String, _ order: [String]) -> String {
            host + "\u{0}" + order.map { family(of: $0) ?? $0 }.sorted().joined(separator: "\u{0}")
        }
        let touched = Set(changed.map { families(results[$0].cell.host, results[$0].cell.order) })
        // Only an order of a changed order's host and length can have its families: the others are passed over without
        // building their families (that was most of this stage's time on one core).
        var lengths: [String: Set<Int>] = [:]
        for position in changed { lengths[results[position].cell.host, default: []].insert(results[position].cell.order.count) }
        let keys = verdicts.keys.filter {
            lengths[$0.host]?.contains($0.order.count) == true && touched.contains(families($0.host, $0.order))
        }.sorted()
        let complete = self
        let judged = Self.concurrentMap(keys.count, workers: ProcessInfo.processInfo.activeProcessorCount) { complete.judge(keys[$0]) }
        for (key, verdict) in zip(keys, judged) { verdicts[key] = verdict }
    }

    /// `transform` of every index below `count`, computed on `workers` threads, in index order.
    package static func concurrentMap<T>(_ count: Int, workers: Int, _ transform: (Int) -> T) -> [T] {
        concurrentMap(count, workers: workers) { _, index in transform(index) }
    }

    /// ``concurrentMap(_:workers:_:)`` whose transform also gets the worker's number (to use that worker's runner).
    static func concurrentMap<T>(_ count: Int, workers: Int, _ transform: (_ worker: Int, _ index: Int) -> T) -> [T] {
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        forEachConcurrently(count, workers: workers) { worker, index in slots[index] = transform(worker, index) }
        return movedOut(slots)
    }

    /// The values of filled slots, moved into an array and each slot left empty: copying every result or verdict out,
    /// then destroying the slots, was a fifth of the part of judging on one core.
    static func movedOut<T>(_ slots: UnsafeMutableBufferPointer<T?>) -> [T] {
        Array(unsafeUninitializedCapacity: slots.count) { buffer, initialized in
            for index in slots.indices {
                (buffer.baseAddress! + index).initialize(to: (slots.baseAddress! + index).move()!)
                (slots.baseAddress! + index).initialize(to: nil)
            }
            initialized = slots.count
        }
    }

    /// The position of a participant in ``participants``, by id (the first with that id).
    func participantPosition(_ id: String) -> Int? {
        if let position = participantPositions[id], participants.indices.contains(position), participants[position].id == id { return position }
        return participants.firstIndex { $0.id == id }
    }

    /// The positions in ``participants`` of a family's participants, in order.
    func members(ofFamily family: String) -> [Int] {
        let positions = familyMembers[family] ?? []
        if positions.allSatisfy({ participants.indices.contains($0) && participants[$0].family == family }) { return positions }
        return participants.indices.filter { participants[$0].family == family }
    }

    /// The result of a cell, if it was run.
    public func result(for cell: Cell) -> CellResult? { index[cell].map { results[$0] } }

    /// The outcome of a cell, if it was run.
    public func outcome(of cell: Cell) -> Outcome? { index[cell].map { results[$0].outcome } }

    /// A cell's position in ``results``, to read a field in place instead of copying the whole result.
    func position(of cell: Cell) -> Int? { index[cell] }

    /// The kind of a cell's worst finding, if it was run and failed; read in place, without copying the result.
    func worstKind(of cell: Cell) -> Finding.Kind? { index[cell].flatMap { results[$0].findings.mostSevere?.kind } }

    /// A failing, conflicting order of three or more with a finding (by ``Finding/signature``) that none of its
    /// order-preserving pairs has, and whose shrunk reproducer still installs every participant.
    ///
    /// The last condition drops triples whose reproducer is a pair scenario already shown in the pair tables.
    ///
    /// The result at `position` is read in place: a copy of each result to pass it was a tenth of judging the matrix.
    func isEmergent(at position: Int) -> Bool {
        let order = results[position].cell.order
        guard order.count >= 3, results[position].outcome != .ok, results[position].conflict == true else { return false }
        if let reproducer = results[position].reproducer, Set(reproducer.scenario.participants) != Set(order) { return false }
        let cell = results[position].cell
        var known = Set(aloneSignatures(cell))
        for i in order.indices {
            for j in order.indices where j > i {
                known.formUnion(self.result(for: cell.with(order: [order[i], order[j]]))?.signatures ?? [])
            }
        }
        return results[position].signatures.contains { !known.contains($0) }
    }

    /// Runs cells and builds the matrix.
    /// - Parameters:
    ///   - cells: The cells to run; nil runs every participant alone, pair and triple of the generator.
    ///   - generator: Plans each cell's scenarios; also supplies hosts and participants.
    ///   - workers: Worker threads; each gets its own runner.
    ///   - shrink: Whether to shrink each failing cell's worst scenario.
    ///   - progress: Called with (cells done, cells in all) after each cell, from the worker threads.
    ///   - reports: The public reports that make a failing cell `reported`.
    ///   - makeRunner: Makes one runner per worker.
    public static func run(cells: [Cell]? = nil, generator: ScenarioGenerator,
                           workers: Int = ProcessInfo.processInfo.activeProcessorCount, shrink: Bool = true,
                           progress: (@Sendable (Int, Int) -> Void)? = nil,
                           reports: ReportCatalog = .empty, makeRunner: () -> ScenarioRunning) -> Matrix {
        var stages: [Stage] = []
        var stageStart = DispatchTime.now().uptimeNanoseconds
        func stage(_ name: String, parallel: Bool) {
            let now = DispatchTime.now().uptimeNanoseconds
            stages.append(Stage(name: name, seconds: Double(now - stageStart) / 1e9, parallel: parallel))
            stageStart = now
        }
        let given = cells ?? generator.cells()
        // The generator's cells are distinct and sorted already; checking costs a comparison per cell.
        let cells = given.indices.dropFirst().allSatisfy { given[$0 - 1] < given[$0] } ? given : given.uniqued().sorted()
        stage("listing the cells", parallel: false)
        let slots = UnsafeMutableBufferPointer<CellResult?>.allocate(capacity: cells.count)
        slots.initialize(repeating: nil)
        // Deinitialized before it is freed: the results it still holds are released (issue 30's leak).
        defer { slots.deinitialize(); slots.deallocate() }

        let workerCount = max(1, min(workers, cells.count))
        let runners = (0..<workerCount).map { _ in CountingRunner(makeRunner()) }
        // What each public report's scenario finds: a report covers a cell only when it reproduces the cell's finding.
        // Run on every worker, as the app-alone runs below: one core alone was a twentieth of the matrix's wall time.
        let reportFindings = concurrentMap(reports.reports.count, workers: workerCount) { worker, i in
            Set(runners[worker].run(reports.reports[i].scenario, explain: false).findings.map(\.signature))
        }
        var reportSignatures: [String: Set<String>] = [:]
        for (report, signatures) in zip(reports.reports, reportFindings) { reportSignatures[report.slug] = signatures }
        stage("the public reports' scenarios", parallel: true)
        let doneLock = NSLock()
        var done = 0
        /// Runs the cells at `positions` on every worker, the configurations of one order together so that they share
        /// runs; `shrinks` decides, per cell, whether to shrink.
        // The app alone first: its own scenarios on each host and configuration the cells use, with no library.
        let appAloneKeys = cells.map({ $0.with(order: []) }).uniqued()
        let appAloneFound = concurrentMap(appAloneKeys.count, workers: workerCount) { worker, i in
            generator.appAloneScenarios(for: appAloneKeys[i]).flatMap { runners[worker].run($0, explain: false).findings }
                .map(\.signature).uniqued().sorted()
        }
        var appAlone: [Cell: [String]] = [:]
        for (key, found) in zip(appAloneKeys, appAloneFound) { appAlone[key] = found }
        stage("the app alone", parallel: true)
        let positionOf = Dictionary(uniqueKeysWithValues: cells.enumerated().map { ($1, $0) })
        /// For an order of two or more, whether findings under an app set-up are a conflict, from the app alone and the
        /// libraries alone (run in an earlier phase).
        func conflictTest(_ cell: Cell) -> ((AppSetup, [Finding]) -> Bool)? {
            guard cell.order.count >= 2 else { return nil }
            let app = Set(appAlone[cell.with(order: [])] ?? [])
            let alone = cell.order.map { id in positionOf[cell.with(order: [id])].flatMap { slots[$0].map(AloneRuns.init) } }
            return { setup, findings in Self.conflicts(findings, under: setup, order: cell.order, appAlone: app, alone: alone) }
        }
        func phase(_ positions: [Int], shrinks: @escaping (Cell) -> Bool) {
            let units = configurationUnits(positions) { cells[$0] }
            forEachConcurrently(units.count, workers: workerCount) { worker, index in
                let runner = runners[worker]
                runner.forget(unlessOn: cells[units[index][0]].host)
                var planned: ScenarioGenerator.Planned?
                var runs: [ScenarioRun]?
                var appSetups: [AppSetup]?
                for position in units[index] {
                    let cell = cells[position]
                    // Generation reads the configuration only to stamp it on each scenario: plan an order once.
                    let plan = planned.map { $0.with(config: cell.config) } ?? generator.plannedScenarios(for: cell)
                    planned = plan
                    if appSetups == nil, !MethodTarget.isTarget(cell.host) { appSetups = plan.scenarios.map { AppSetup(steps: $0.steps) } }
                    let shrinks = shrinks(cell)
                    let evaluated = evaluate(cell, generator: generator, runner: runner, shrink: shrink && shrinks,
                                             planned: plan, twin: runs, explain: shrinks, conflictUnder: conflictTest(cell),
                                             appSetups: appSetups)
                    runs = evaluated.runs
                    // A passing cell has no evidence (``evidence(of:reports:signatures:required:closed:)``): its
                    // libraries' requirements are not looked up (a fortieth of a run on UIApplication, callgrind).
                    slots[position] = evaluated.result.outcome == .ok ? evaluated.result
                        : withEvidence(evaluated.result, reports: reports, signatures: reportSignatures,
                                       required: requiredLibraries(cell.order, participants: generator.participants),
                                       closed: closedSourceLibraries(cell.order, participants: generator.participants))
                }
                if let progress {
                    doneLock.lock()
                    done += units[index].count
                    let count = done
                    doneLock.unlock()
                    progress(count, cells.count)
                }
            }
        }
        // Then participants alone, whose set-ups tell a pair's conflict from a library's own failure; then pairs. A
        // longer order that contains a failing order-preserving pair cannot be emergent, and the report explains it
        // through that pair, so its reproducer is its worst scenario as generated (not shrunk), explained only if it
        // turns out emergent after all (below).
        phase(cells.indices.filter { cells[$0].order.count < 2 }) { _ in true }
        stage("libraries alone", parallel: true)
        let pairs = cells.indices.filter { cells[$0].order.count == 2 }
        phase(pairs) { _ in true }
        stage("pairs", parallel: true)
        var failingPairs = Set<Cell>()
        for position in pairs where slots[position]!.outcome != .ok && cells[position].order.count == 2 { failingPairs.insert(cells[position]) }
        phase(cells.indices.filter { cells[$0].order.count >= 3 }) { !$0.holdsPair(in: failingPairs) }
        stage("triples", parallel: true)
        var matrix = Matrix(hosts: generator.hosts, participants: generator.participants,
                            results: movedOut(slots), appAlone: appAlone)
        stage("judging every order", parallel: true)
        // An order containing a failing pair kept its worst run unexplained; of those, only the emergent orders have a
        // note that shows the message path and references (of each failing configuration), so only they are explained,
        // now that the matrix knows them.
        let unexplained = matrix
        let emergentCells = matrix.emergent.flatMap { cell in Configuration.allCases.map { cell.with(config: $0) } }.uniqued()
        let positions = emergentCells.compactMap { matrix.index[$0] }.filter { position in
            let result = unexplained.results[position]
            return result.outcome != .ok && result.cell.holdsPair(in: failingPairs)
        }
        let units = configurationUnits(positions) { unexplained.results[$0].cell }
        let explained = UnsafeMutableBufferPointer<Shrinker.Reproducer?>.allocate(capacity: matrix.results.count)
        explained.initialize(repeating: nil)
        defer { explained.deinitialize(); explained.deallocate() }
        // They are shrunk now, as every other failing cell's worst run is: a library whose only part is to lose an event
        // that the others' conflict takes from the app (AppsFlyer, which the app calls from its own openURL) drops out
        // of the reproducer, so the conflict is blamed on the libraries it needs and the order is explained through
        // its pair, no longer emergent.
        forEachConcurrently(units.count, workers: workerCount) { worker, index in
            runners[worker].forget()
            for position in units[index] {
                guard let reproducer = unexplained.results[position].reproducer else { continue }
                var scenario = reproducer.scenario
                scenario.expect = []
                if shrink, let shrunk = Shrinker(runner: runners[worker]).shrink(scenario, result: reproducer.result) {
                    explained[position] = shrunk
                } else {
                    var kept = reproducer
                    kept.result = runners[worker].runExplaining(scenario, unexplained: reproducer.result).result
                    explained[position] = kept
                }
            }
        }
        // Every result given an explained reproducer: its worst finding, facts and path are the reproducer's.
        var changed: [Int] = []
        for position in units.joined() {
            guard let reproducer = explained[position] else { continue }
            let before = matrix.results[position].reproducer.map { Set($0.scenario.participants) }
            matrix.results[position].reproducer = reproducer
            changed.append(position)
            guard before != Set(reproducer.scenario.participants) else { continue }
            // Its evidence rests on the reproducer: the facts on its path, the closed-source libraries it needs.
            let order = matrix.results[position].cell.order
            matrix.results[position] = withEvidence(matrix.results[position], reports: reports, signatures: reportSignatures,
                                                    required: requiredLibraries(order, participants: generator.participants),
                                                    closed: closedSourceLibraries(order, participants: generator.participants))
        }
        // The explained reproducers change what the verdicts show, and one that lost a library changes whose failure the
        // order is and whether it is emergent: judge again what those results decide, not the whole matrix (a second
        // judging of every order was an eighth of the run).
        stage("explaining the emergent orders", parallel: true)
        if !changed.isEmpty { matrix.rejudge(changed) }
        stage("judging their orders again", parallel: true)
        matrix.stages = stages
        matrix.runCount = runners.reduce(0) { $0 + $1.count }
        matrix.reusedCount = runners.reduce(0) { $0 + $1.reused }
        matrix.resumedCount = runners.reduce(0) { $0 + (($1.base as? ModelRunner)?.resumed ?? 0) }
        matrix.sharedSteps = runners.reduce(0) { $0 + (($1.base as? ModelRunner)?.sharedSteps ?? 0) }
        return matrix
    }

    /// The positions grouped by order, one group per host and order, debug first: a worker runs a group's
    /// configurations together, and a debug run whose asserts all held is what release runs
    /// (`Runtime.configurationRead`), so release reuses it.
    static func configurationUnits(_ positions: [Int], cell: (Int) -> Cell) -> [[Int]] {
        var units: [[Int]] = []
        var unitOf: [Cell: Int] = [:]
        for position in positions {
            // Cells come sorted by host, order and configuration, so an order's configurations are mostly neighbours:
            // compared with the last unit's first cell before any hashing (hashing every cell was on one core).
            if !units.isEmpty, case let first = cell(units[units.count - 1][0]), case let this = cell(position),
               first.host == this.host, first.order == this.order {
                units[units.count - 1].append(position)
                continue
            }
            let key = cell(position).with(config: .debug)
            if let unit = unitOf[key] { units[unit].append(position) } else {
                unitOf[key] = units.count
                units.append([position])
            }
        }
        for u in units.indices { units[u].sort { cell($0).config == .debug && cell($1).config != .debug } }
        return units
    }

    /// Calls `body(worker, index)` for every index below `count`, on `workers` threads that each take the next index;
    /// callers store results by index, so what they build does not depend on the threads' timing.
    ///
    /// The workers are threads of their own with an 8 MB stack: a modeled infinite recursion runs to the runtime's
    /// `maxDepth` with several real frames per model send (a proxy forwarding to RxCocoa's, each with its trace frame),
    /// which a dispatch worker's 512 KB stack does not always hold in a debug build.
    static func forEachConcurrently(_ count: Int, workers: Int, _ body: (Int, Int) -> Void) {
        guard count > 0 else { return }
        let indices = IndexQueue(count: count)
        withoutActuallyEscaping(body) { body in
            // The threads hold the box, which lets go of the body once every worker is done (a Thread keeps its block
            // until it is freed, after this function returns).
            let shared = BodyBox(body)
            let threads = max(1, min(workers, count))
            let done = DispatchSemaphore(value: 0)
            for worker in 0..<threads {
                let thread = Thread {
                    // The body read once per thread: reading it at every index retained its context from both cores.
                    if let body = shared.body { while let index = indices.next() { body(worker, index) } }
                    done.signal()
                }
                thread.stackSize = 8 << 20
                thread.start()
            }
            for _ in 0..<threads { done.wait() }
            shared.body = nil
        }
    }

    /// The next index for a worker to take, from an atomic counter: no lock taken and released for every index.
    final class IndexQueue: Sendable {
        private let cursor = Atomic<Int>(0)
        private let count: Int
        init(count: Int) { self.count = count }
        func next() -> Int? {
            let index = cursor.wrappingAdd(1, ordering: .relaxed).oldValue
            return index < count ? index : nil
        }
    }

    /// The caller's body, shared with the worker threads, which store results only at their own index.
    final class BodyBox: @unchecked Sendable {
        // @unchecked: callers write each index's result slot from one worker only, and read them after every worker
        // ends; `body` is cleared only after that.
        var body: ((Int, Int) -> Void)?
        init(_ body: @escaping (Int, Int) -> Void) { self.body = body }
    }

    /// Runs one cell's scenarios and shrinks the worst.
    /// - Parameter planned: The cell's scenarios and variant groups when the caller already has them
    ///   (``ScenarioGenerator/plannedScenarios(for:)``).
    /// - Parameter explain: Whether an unshrunk reproducer carries its message path and graph (``Matrix/run`` leaves
    ///   them out of an order holding a failing pair unless the order turns out emergent).
    /// - Parameter conflictUnder: For an order of two or more, whether a run's findings under its app set-up are a
    ///   conflict (``conflicts(_:under:order:appAlone:alone:)``): the reproducer is then the worst run of such a set-up,
    ///   when one fails, so a note shows the libraries' conflict rather than one library's own failure.
    public static func evaluate(_ cell: Cell, generator: ScenarioGenerator, runner: ScenarioRunning, shrink: Bool = true,
                                planned: ScenarioGenerator.Planned? = nil, explain: Bool = true,
                                conflictUnder: ((AppSetup, [Finding]) -> Bool)? = nil) -> CellResult {
        evaluate(cell, generator: generator, runner: runner, shrink: shrink, planned: planned, twin: nil, explain: explain,
                 conflictUnder: conflictUnder).result
    }

    /// One generated scenario's run, and whether it read the build configuration.
    typealias ScenarioRun = (result: RunResult, readConfiguration: Bool)

    /// ``evaluate(_:generator:runner:shrink:planned:)``, reusing the runs of the same plan in the other configuration
    /// (`twin`, by scenario index) that never read it; also returns this cell's runs, for its twin.
    static func evaluate(_ cell: Cell, generator: ScenarioGenerator, runner: ScenarioRunning, shrink: Bool,
                         planned: ScenarioGenerator.Planned?, twin: [ScenarioRun]?,
                         explain: Bool = true,
                         conflictUnder: ((AppSetup, [Finding]) -> Bool)? = nil,
                         appSetups planSetups: [AppSetup]? = nil) -> (result: CellResult, runs: [ScenarioRun]) {
        if let impossibility = generator.impossibility(of: cell) {
            return (CellResult(cell: cell, outcome: .ok, scenarioCount: 0, worst: nil, reproducer: nil, possible: false,
                               impossibility: impossibility), [])
        }
        let (scenarios, groups) = (planned ?? generator.plannedScenarios(for: cell)).parts
        let twin = twin?.count == scenarios.count ? twin : nil
        var worstRun: (scenario: Scenario, result: RunResult)?
        var worstConflict: (scenario: Scenario, result: RunResult)?
        let hasSetups = !MethodTarget.isTarget(cell.host)
        // Each scenario's app set-up, read from its steps once per plan when the caller shares them between the plan's
        // configurations (`appSetups`): both cells of an order read the same ones.
        let appSetups = !hasSetups ? [] : planSetups?.count == scenarios.count ? planSetups! : scenarios.map { AppSetup(steps: $0.steps) }
        var firstRan: [String] = []
        var signatures = Set<String>()
        // Every scenario runs (no stop at the first crash): the signatures and the variants need all of them.
        var runs: [ScenarioRun] = []
        runs.reserveCapacity(scenarios.count)
        // The twin's runs that never read the configuration are this cell's; the others run here, their shared first
        // steps once (``ScenarioRunning/runSharingPrefixes(_:skip:)``).
        let reused = scenarios.indices.map { position in twin.map { !$0[position].readConfiguration } ?? false }
        let fresh = runner.runSharingPrefixes(scenarios, skip: reused)
        for (position, scenario) in scenarios.enumerated() {
            let run: ScenarioRun
            if let twin, reused[position] {
                run = twin[position]
                (runner as? CountingRunner)?.noteReused()
            } else if let made = fresh[position] {
                run = made
            } else {
                run = runner.runNotingConfiguration(scenario, explain: false)
            }
            runs.append(run)
            let result = run.result
            if position == 0 { firstRan = result.ran }
            for finding in result.findings { signatures.insert(finding.signature) }
            if result.outcome > (worstRun?.result.outcome ?? .ok) { worstRun = (scenario, result) }
            if hasSetups, let conflictUnder, result.outcome > (worstConflict?.result.outcome ?? .ok),
               conflictUnder(appSetups[position], result.findings) {
                worstConflict = (scenario, result)
            }
        }
        let variants = groups.map { group -> VariantResult in
            var best: (outcome: Outcome, findings: [Finding]) = (.ok, [])
            for i in group.scenarios where runs[i].result.outcome > best.outcome { best = (runs[i].result.outcome, runs[i].result.findings) }
            return VariantResult(variant: group.name, outcome: best.outcome, findings: best.findings)
        }
        let setups = hasSetups ? Self.setups(appSetups, runs) : []
        guard let overall = worstRun else {
            return (CellResult(cell: cell, outcome: .ok, scenarioCount: scenarios.count, worst: nil, reproducer: nil, ran: firstRan,
                               variants: variants, signatures: signatures.sorted(), setups: setups), runs)
        }
        let worst = worstConflict ?? overall
        var reproducer: Shrinker.Reproducer
        if shrink, let shrunk = Shrinker(runner: runner).shrink(worst.scenario, result: worst.result) {
            reproducer = shrunk
        } else {
            var scenario = worst.scenario
            scenario.expect = worst.result.findings.map(\.kind).uniqued()
            let result = explain ? runner.runExplaining(worst.scenario, unexplained: worst.result).result : worst.result
            reproducer = Shrinker.Reproducer(scenario: scenario, result: result)
        }
        return (CellResult(cell: cell, outcome: overall.result.outcome, scenarioCount: scenarios.count, worst: worst.scenario,
                           reproducer: reproducer, ran: firstRan, variants: variants, signatures: signatures.sorted(),
                           setups: setups), runs)
    }
}

/// A worker's runner for the matrix: it counts runs, for throughput figures, and remembers the results of
/// ``run(_:explain:)`` (the shrinker's candidates and reproducers) between the debug and release cells of one order.
/// A run is deterministic, and one that never read the build configuration
/// (``ScenarioRunning/runNotingConfiguration(_:explain:)``) is the same in the other one. One per worker, never shared.
final class CountingRunner: ScenarioRunning {
    let base: ScenarioRunning
    /// Runs made.
    private(set) var count = 0
    /// Results given again without running: the same scenario, or its twin in the other configuration.
    private(set) var reused = 0
    /// Runs asked for, made or reused: unlike ``count``, the same whatever worker took which cell.
    var requested: Int { count + reused }
    /// Results by scenario, with whether they carry the message path and graph (`explain`).
    private var known: [Scenario: (result: RunResult, explained: Bool)] = [:]

    init(_ base: ScenarioRunning) { self.base = base }

    /// The host whose scenarios ``known`` holds.
    private var knownHost: String?

    /// Drops the results kept so far.
    func forget() {
        known.removeAll(keepingCapacity: true)
        knownHost = nil
    }

    /// Drops the results kept so far unless they are of `host`: the shrinker's candidates of one order often equal
    /// another order's on the same host (an order with one of its libraries removed), so they are kept across the
    /// orders of a host, and memory stays bounded by one host's.
    func forget(unlessOn host: String) {
        if knownHost != host { forget() }
        knownHost = host
    }

    /// Counts a result the caller reused itself (``Matrix/evaluate(_:generator:runner:shrink:planned:twin:)``).
    func noteReused() { reused += 1 }

    /// A fresh run, not remembered: a cell's generated scenarios are all distinct, and its twin reuses them by index.
    func runNotingConfiguration(_ scenario: Scenario, explain: Bool) -> (result: RunResult, readConfiguration: Bool) {
        count += 1
        return base.runNotingConfiguration(scenario, explain: explain)
    }

    /// Fresh runs of a cell's scenarios, not remembered, as ``runNotingConfiguration(_:explain:)``'s.
    func runSharingPrefixes(_ scenarios: [Scenario], skip: [Bool]) -> [(result: RunResult, readConfiguration: Bool)?] {
        count += skip.lazy.filter { !$0 }.count
        return base.runSharingPrefixes(scenarios, skip: skip)
    }

    func run(_ scenario: Scenario) -> RunResult { run(scenario, explain: true) }

    func run(_ scenario: Scenario, explain: Bool) -> RunResult {
        remembered(scenario, explain: explain) { runNotingConfiguration(scenario, explain: explain) }.result
    }

    /// The explained run of a scenario already run without `explain`, remembered like ``run(_:explain:)``; a result
    /// given again says it may have read the configuration, since only a fresh run can tell.
    func runExplaining(_ scenario: Scenario, unexplained: RunResult) -> (result: RunResult, readConfiguration: Bool) {
        remembered(scenario, explain: true) {
            count += 1
            return base.runExplaining(scenario, unexplained: unexplained)
        }
    }

    /// A remembered result of `scenario` if it has what `explain` asks for, else `fresh()`'s, remembered for this
    /// configuration and, when the run never read it, for the other one.
    private func remembered(_ scenario: Scenario, explain: Bool,
                            _ fresh: () -> (result: RunResult, readConfiguration: Bool)) -> (result: RunResult, readConfiguration: Bool) {
        if let hit = known[scenario], hit.explained || !explain {
            reused += 1
            return (hit.result, true)
        }
        let (result, readConfiguration) = fresh()
        known[scenario] = (result, explain)
        if !readConfiguration {
            var twin = scenario
            twin.config = scenario.config == .debug ? .release : .debug
            if known[twin].map({ explain && !$0.explained }) ?? true { known[twin] = (result, explain) }
        }
        return (result, readConfiguration)
    }
}
