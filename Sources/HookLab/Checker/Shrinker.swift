// Shrinking: the smallest script that still fails the same way.

/// Shrinks a failing scenario to a minimal reproducer by deleting steps while the failure persists.
///
/// A candidate keeps failing when its run has a finding of the original most severe kind and the
/// same outcome. Deletion is greedy, one step at a time from the end, and repeats until no single deletion
/// keeps the failure, so the result is 1-minimal: removing any one of its steps makes it pass or
/// fail differently.
public struct Shrinker {
    /// The runner that re-runs candidates.
    public var runner: ScenarioRunning

    public init(runner: ScenarioRunning) {
        self.runner = runner
    }

    /// A minimal reproducer and what it produces.
    public struct Reproducer: Codable, Hashable, Sendable {
        /// The shrunk scenario, with `expect` set to the kinds its run finds.
        public var scenario: Scenario
        /// The run of ``scenario``; finding steps index into its steps.
        public var result: RunResult
    }

    /// Shrinks a scenario whose run gave `result`.
    /// - Parameters:
    ///   - scenario: The failing scenario.
    ///   - result: Its run; nil runs it first.
    /// - Returns: The reproducer, or nil if the scenario does not fail.
    public func shrink(_ scenario: Scenario, result: RunResult? = nil) -> Reproducer? {
        var current = scenario
        current.expect = []
        current.expectRan = nil
        var currentResult = result ?? runner.run(current, explain: false)
        guard let target = currentResult.findings.mostSevere else { return nil }
        func failsTheSameWay(_ result: RunResult) -> Bool {
            result.outcome == target.outcome && result.findings.contains { $0.kind == target.kind }
        }

        // A step's findings depend only on the steps before it, so deleting the steps after the failure's one by one
        // (what the first pass does) always succeeds: cut them with one run instead.
        if target.step > 0, target.step < current.steps.count {
            var candidate = current
            candidate.steps.removeSubrange(target.step...)
            let candidateResult = runner.run(candidate, explain: false)
            if failsTheSameWay(candidateResult) {
                current = candidate
                currentResult = candidateResult
            }
        }
        var changed = true
        while changed {
            changed = false
            // From the last step back, so that of several equivalent triggers the earliest stays.
            var index = current.steps.count - 1
            while index >= 0 {
                var candidate = current
                candidate.steps.remove(at: index)
                let candidateResult = runner.run(candidate, explain: false)
                if failsTheSameWay(candidateResult) {
                    current = candidate
                    currentResult = candidateResult
                    changed = true
                }
                index -= 1
            }
        }
        // Candidates ran without the message path and graph; the reproducer's run explains itself.
        currentResult = runner.runExplaining(current, unexplained: currentResult).result
        current.expect = currentResult.findings.map(\.kind).uniqued()
        return Reproducer(scenario: current, result: currentResult)
    }
}
