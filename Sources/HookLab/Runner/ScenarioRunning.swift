import ObjCModel

// The seam between the lab's outer half (generate, shrink, report, gate) and the runner.

/// Something that executes a scenario on a fresh model runtime and returns what the detectors found.
///
/// The matrix makes one runner per worker thread (``LabCatalog/makeRunner()``), so an
/// implementation may keep caches but must not share mutable state between instances. `run` must be
/// deterministic: the same scenario gives an equal result, in any process, in any order.
public protocol ScenarioRunning {
    /// Runs one scenario from scratch.
    func run(_ scenario: Scenario) -> RunResult
    /// Runs one scenario; without `explain` the result may leave out the message path and the reference graph,
    /// which only a reproducer needs (the shrinker's candidates do not). Findings are the same either way.
    func run(_ scenario: Scenario, explain: Bool) -> RunResult
    /// Runs one scenario and says whether the run read the build configuration. When it did not, the same steps in
    /// the other configuration run exactly the same way, and ``Matrix`` reuses the result for that configuration.
    func runNotingConfiguration(_ scenario: Scenario, explain: Bool) -> (result: RunResult, readConfiguration: Bool)
    /// Explains a result found without `explain` (`unexplained`, of the same scenario): the message path and graph of
    /// its most severe finding. A runner that knows that finding's step may trace it in the same pass.
    func runExplaining(_ scenario: Scenario, unexplained: RunResult) -> (result: RunResult, readConfiguration: Bool)
    /// Runs the scenarios of one cell that `skip` does not mark, each as ``runNotingConfiguration(_:explain:)`` without
    /// `explain` does; nil for a skipped one. A runner may run the first steps they share once (``ModelRunner`` does).
    func runSharingPrefixes(_ scenarios: [Scenario], skip: [Bool]) -> [(result: RunResult, readConfiguration: Bool)?]
}

extension ScenarioRunning {
    public func run(_ scenario: Scenario, explain: Bool) -> RunResult { run(scenario) }
    /// A runner that cannot tell says the run read it, so its results are never reused across configurations.
    public func runNotingConfiguration(_ scenario: Scenario, explain: Bool) -> (result: RunResult, readConfiguration: Bool) {
        (run(scenario, explain: explain), true)
    }
    public func runExplaining(_ scenario: Scenario, unexplained: RunResult) -> (result: RunResult, readConfiguration: Bool) {
        runNotingConfiguration(scenario, explain: true)
    }
    public func runSharingPrefixes(_ scenarios: [Scenario], skip: [Bool]) -> [(result: RunResult, readConfiguration: Bool)?] {
        scenarios.indices.map { skip[$0] ? nil : runNotingConfiguration(scenarios[$0], explain: false) }
    }
}

/// What one scenario run produced: the findings and what the report needs to explain the worst one.
public struct RunResult: Codable, Hashable, Sendable {
    /// Every finding, in the order found.
    public var findings: [Finding]
    /// The message path of the most severe finding, outermost first, Cocoa style.
    public var messagePath: [String]
    /// The references at the moment of the most severe finding, if the runner captured them.
    public var graph: ReferenceGraph?
    /// The hook-body labels that ran, in order (method-hook scenarios; `expect-ran`).
    public var ran: [String]
    /// The inferences among ``basedOn``, as text: the most severe finding is a prediction when this is not empty.
    public var predictedBy: [String]
    /// The facts the models noted on the code path that ran, up to the step of the most severe finding; empty
    /// when nothing was found.
    public var basedOn: [ModelFact]

    /// A step the lab could not run (an unknown name, a malformed argument): bad input, never a finding. The run
    /// stopped there; `step` is its 1-based number.
    public var unrunnable: Unrunnable?

    /// Why a step could not run.
    public struct Unrunnable: Codable, Hashable, Sendable {
        public var step: Int
        public var message: String
        public init(step: Int, message: String) {
            self.step = step
            self.message = message
        }
    }

    public init(findings: [Finding] = [], messagePath: [String] = [], graph: ReferenceGraph? = nil,
                ran: [String] = [], predictedBy: [String] = [], basedOn: [ModelFact] = [], unrunnable: Unrunnable? = nil) {
        self.findings = findings
        self.messagePath = messagePath
        self.graph = graph
        self.ran = ran
        self.predictedBy = predictedBy
        self.basedOn = basedOn
        self.unrunnable = unrunnable
    }

    /// Records the facts noted so far as those the most severe finding rests on.
    mutating func rest(on facts: [ModelFact]) {
        basedOn = facts
        predictedBy = facts.filter(\.isInference).map(\.description)
    }

    /// The most severe finding's outcome, or `ok`.
    public var outcome: Outcome { findings.outcome }

    /// Whether the result rests on a prediction.
    public var isPredicted: Bool { !predictedBy.isEmpty }
}
