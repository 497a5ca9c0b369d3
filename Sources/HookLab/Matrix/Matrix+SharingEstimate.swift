import Foundation

extension Matrix {
    /// What sharing a triple's runs with its first two libraries' runs could save at most, measured (issue 43: "say what
    /// it would take … and measure it"). The lab shares the steps a cell's own set-ups have in common
    /// (``ScenarioRunning/runSharingPrefixes(_:skip:)``), not a pair's with its triples: the triple's world holds a third
    /// participant from its first step, and a copy of the pair's would have to be given it.
    public struct SharingEstimate: Sendable {
        /// The distinct scenarios of the delegate hosts' triples (the matrix runs each once per configuration it reads).
        public var scenarios: Int
        /// Their distinct prefixes: the steps before the third library's first `load` or `attach`.
        public var prefixes: Int
        /// Seconds to run every distinct triple scenario, as the matrix does (no shrinking, no judging).
        public var fullSeconds: Double
        /// Seconds to run each scenario's prefix alone, once per scenario, less what an empty run of its host costs.
        public var prefixSeconds: Double
        /// The same for each distinct prefix once.
        public var sharedPrefixSeconds: Double
        /// Seconds for a run of no steps on each scenario's host, once per scenario: what a run costs whatever it does.
        public var emptySeconds: Double

        /// The most sharing could save: every prefix run once instead of once per scenario, its copy free.
        public var savedSeconds: Double { max(0, prefixSeconds - sharedPrefixSeconds) }
    }

    /// Runs the delegate hosts' triple scenarios of `generator` (debug configuration; release reuses most of them)
    /// whole, then cut before their third library, on `workers` threads, and times each set.
    public static func sharingEstimate(generator: ScenarioGenerator, workers: Int,
                                       makeRunner: () -> ScenarioRunning) -> SharingEstimate {
        let cells = generator.cells(lengths: [3]).filter { $0.config == .debug && !MethodTarget.isTarget($0.host) }
        var full: [Scenario] = []
        for cell in cells { full += generator.scenarios(for: cell) }
        full = full.uniqued()
        let cut: [Scenario] = full.map { scenario in
            let third = scenario.participants.count > 2 ? scenario.participants[2] : nil
            let end = scenario.steps.firstIndex { step in
                switch step {
                case .load(let id), .attach(let id): id == third
                default: false
                }
            } ?? scenario.steps.count
            return Scenario(host: scenario.host, config: scenario.config, steps: Array(scenario.steps[..<end]))
        }
        let shared = cut.uniqued()
        let runners = (0..<max(1, workers)).map { _ in makeRunner() }
        func seconds(_ scenarios: [Scenario]) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            forEachConcurrently(scenarios.count, workers: runners.count) { worker, index in
                _ = runners[worker].run(scenarios[index], explain: false)
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        // What a run costs whatever its steps (the runtime's copy, the host, the detectors, tear-down): a sharing run
        // still pays it once per scenario, so it is taken off both prefix figures.
        func empty(_ scenarios: [Scenario]) -> [Scenario] {
            scenarios.map { Scenario(host: $0.host, config: $0.config, steps: []) }
        }
        let fullSeconds = seconds(full)
        let emptySeconds = seconds(empty(cut))
        let prefixSeconds = seconds(cut) - emptySeconds
        let sharedSeconds = seconds(shared) - seconds(empty(shared))
        return SharingEstimate(scenarios: full.count, prefixes: shared.count, fullSeconds: fullSeconds,
                               prefixSeconds: prefixSeconds, sharedPrefixSeconds: sharedSeconds, emptySeconds: emptySeconds)
    }
}
