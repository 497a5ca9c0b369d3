// Execution of the whole matrix: every cell's scenarios, the worst one shrunk.

import Foundation

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
        /// The first scenario with the worst outcome, as generated; nil when the cell is ok.
        public var worst: Scenario?
        /// The shrunk reproducer of ``worst`` with its run, or ``worst`` itself when shrinking is off.
        public var reproducer: Shrinker.Reproducer?
        /// The hook bodies that ran in the cell's first scenario, in order (method-hook targets; empty otherwise).
        public var ran: [String] = []

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
    }

    /// The hosts, in report order.
    public var hosts: [HostInfo]
    /// The participants, in report order.
    public var participants: [ParticipantInfo]
    /// Every cell's result, sorted by cell.
    public private(set) var results: [CellResult]
    /// Failing triples (and longer orders) all of whose order-preserving pairs pass, sorted (see ``isEmergent(_:)``).
    public private(set) var emergent: [Cell]
    /// Scenario runs made, including shrinking; for `hooklab bench`.
    public var runCount: Int
    private var index: [Cell: Int]

    /// Builds a matrix from results already computed.
    public init(hosts: [HostInfo], participants: [ParticipantInfo], results: [CellResult], runCount: Int = 0) {
        self.hosts = hosts
        self.participants = participants
        self.results = results.sorted { $0.cell < $1.cell }
        self.runCount = runCount
        self.index = [:]
        for (position, result) in self.results.enumerated() { index[result.cell] = position }
        self.emergent = []
        self.emergent = self.results.filter { isEmergent($0) }.map(\.cell)
    }

    /// The result of a cell, if it was run.
    public func result(for cell: Cell) -> CellResult? { index[cell].map { results[$0] } }

    /// The outcome of a cell, if it was run.
    public func outcome(of cell: Cell) -> Outcome? { result(for: cell)?.outcome }

    /// A failing order of three or more whose order-preserving pairs were all run and all pass, and
    /// whose shrunk reproducer still installs every participant.
    ///
    /// The last condition drops triples that fail only because the generator could not keep their
    /// order (a participant that cannot start late loads before one that does), whose reproducer is
    /// a pair scenario already shown in the pair tables.
    func isEmergent(_ result: CellResult) -> Bool {
        let order = result.cell.order
        guard order.count >= 3, result.outcome != .ok else { return false }
        if let reproducer = result.reproducer, Set(reproducer.scenario.participants) != Set(order) { return false }
        for i in order.indices {
            for j in order.indices where j > i {
                guard outcome(of: result.cell.with(order: [order[i], order[j]])) == .ok else { return false }
            }
        }
        return true
    }

    /// Runs cells and builds the matrix.
    /// - Parameters:
    ///   - cells: The cells to run; nil runs every pair and triple of the generator.
    ///   - generator: Plans each cell's scenarios; also supplies hosts and participants.
    ///   - workers: Worker threads; each gets its own runner.
    ///   - shrink: Whether to shrink each failing cell's worst scenario.
    ///   - reports: The public reports that make a failing cell `reported`.
    ///   - makeRunner: Makes one runner per worker.
    public static func run(cells: [Cell]? = nil, generator: ScenarioGenerator,
                           workers: Int = ProcessInfo.processInfo.activeProcessorCount, shrink: Bool = true,
                           reports: ReportCatalog = .empty, makeRunner: () -> ScenarioRunning) -> Matrix {
        let cells = (cells ?? generator.cells()).uniqued().sorted()
        let slots = UnsafeMutableBufferPointer<CellResult?>.allocate(capacity: cells.count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        let runCounts = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(workers, 1))
        runCounts.initialize(repeating: 0)
        defer { runCounts.deallocate() }

        let workerCount = max(1, min(workers, cells.count))
        let runners = (0..<workerCount).map { _ in CountingRunner(makeRunner()) }
        /// Runs the cells at `positions` on every worker; `shrinks` decides, per cell, whether to shrink.
        func phase(_ positions: [Int], shrinks: @escaping (Cell) -> Bool) {
            let next = NSLock()
            var cursor = 0
            DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
                let runner = runners[worker]
                while true {
                    next.lock()
                    let index = cursor
                    cursor += 1
                    next.unlock()
                    guard index < positions.count else { break }
                    let cell = cells[positions[index]]
                    slots[positions[index]] = evaluate(cell, generator: generator, runner: runner, shrink: shrink && shrinks(cell))
                }
            }
        }
        // Pairs first. A longer order that contains a failing order-preserving pair cannot be emergent, and the
        // report explains it through that pair, so its reproducer is its worst scenario as generated (not shrunk).
        let pairs = cells.indices.filter { cells[$0].order.count < 3 }
        phase(pairs) { _ in true }
        var failingPairs = Set<Cell>()
        for position in pairs where slots[position]!.outcome != .ok { failingPairs.insert(cells[position]) }
        phase(cells.indices.filter { cells[$0].order.count >= 3 }) { cell in
            let order = cell.order
            for i in order.indices {
                for j in order.indices where j > i {
                    if failingPairs.contains(cell.with(order: [order[i], order[j]])) { return false }
                }
            }
            return true
        }
        for worker in 0..<workerCount { runCounts[worker] = runners[worker].count }
        return Matrix(hosts: generator.hosts, participants: generator.participants,
                      results: slots.map { withEvidence($0!, reports: reports) }, runCount: runCounts.reduce(0, +))
    }

    /// Runs one cell's scenarios and shrinks the worst.
    public static func evaluate(_ cell: Cell, generator: ScenarioGenerator, runner: ScenarioRunning, shrink: Bool = true) -> CellResult {
        let scenarios = generator.scenarios(for: cell)
        var worst: (scenario: Scenario, result: RunResult)?
        var ran = 0
        var firstRan: [String] = []
        for scenario in scenarios {
            let result = runner.run(scenario, explain: false)
            if ran == 0 { firstRan = result.ran }
            ran += 1
            if result.outcome > (worst?.result.outcome ?? .ok) { worst = (scenario, result) }
            if result.outcome == Outcome.bySeverity[0] { break } // nothing can be worse
        }
        guard let worst else {
            return CellResult(cell: cell, outcome: .ok, scenarioCount: ran, worst: nil, reproducer: nil, ran: firstRan)
        }
        var reproducer: Shrinker.Reproducer
        if shrink, let shrunk = Shrinker(runner: runner).shrink(worst.scenario, result: worst.result) {
            reproducer = shrunk
        } else {
            var scenario = worst.scenario
            scenario.expect = worst.result.findings.map(\.kind).uniqued()
            reproducer = Shrinker.Reproducer(scenario: scenario, result: runner.run(worst.scenario, explain: true))
        }
        return CellResult(cell: cell, outcome: worst.result.outcome, scenarioCount: ran, worst: worst.scenario, reproducer: reproducer,
                          ran: firstRan)
    }
}

/// A runner wrapper that counts runs, for throughput figures; one per worker, never shared.
final class CountingRunner: ScenarioRunning {
    let base: ScenarioRunning
    private(set) var count = 0

    init(_ base: ScenarioRunning) { self.base = base }

    func run(_ scenario: Scenario) -> RunResult {
        count += 1
        return base.run(scenario)
    }

    func run(_ scenario: Scenario, explain: Bool) -> RunResult {
        count += 1
        return base.run(scenario, explain: explain)
    }
}
