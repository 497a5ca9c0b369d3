// Runs that share their first steps: a cell's scenarios differ in where the app sets its delegate (its set-ups), so
// most of them start with the same installs. Those steps run once, and each scenario goes on from a copy of the state
// they reached.
import ObjCModel
import UIKitModel

/// A run's state between two steps: the world (and its runtime), the detectors, what they found so far.
final class RunState {
    let world: World
    var detectors: [Detector]
    var findings: [Finding] = []
    var result = RunResult()
    var freedAt: [ObjectID: Int] = [:]
    var freedSeen: Int
    var worst: Outcome = .ok
    /// The index of the next step to run.
    var next = 0
    /// A step faulted or could not run: the run is over.
    var ended = false

    init(world: World, detectors: [Detector]) {
        self.world = world
        self.detectors = detectors
        freedSeen = world.rt.freedObjects.count
    }

    /// A copy to go on from, as if another run had made the same steps: nil when a participant cannot be copied.
    func snapshot() -> RunState? {
        guard let world = world.snapshot(on: world.rt.snapshot()) else { return nil }
        let copy = RunState(world: world, detectors: detectors)
        copy.findings = findings
        copy.result = result
        copy.freedAt = freedAt
        copy.freedSeen = freedSeen
        copy.worst = worst
        copy.next = next
        copy.ended = ended
        return copy
    }

    /// The run's result, and whether it read the build configuration.
    func finished() -> (result: RunResult, readConfiguration: Bool) {
        var result = result
        result.findings = findings
        return (result, world.rt.configurationRead)
    }
}

/// Which scenarios of a list go on from which other's state: for each, the earlier scenario with the longest run of
/// the same first steps (the earliest of equals), when there are at least ``minimumShared``.
///
/// Two scenarios share steps only when a copy of one's state is the other's: the same host, configuration,
/// participants and app delegate shape (a `delegate-lacks` line anywhere in the steps writes the class before the first
/// step). Events are shared too: the completion handlers an event hands out count their calls in Swift objects, which
/// a copy shares, but only the step that made a handler reads its count (``UIKit/deliver(_:_:to:host:_:in:)``).
struct PrefixPlan {
    /// For each scenario, the scenario and the step count it goes on from.
    var resume: [(from: Int, steps: Int)?]
    /// For each scenario, the step counts after which its state is copied for others, ascending.
    var snapshots: [[Int]]
    /// For each (scenario, step count) copied, how many scenarios go on from it: the last takes it without a copy.
    var users: [Int: [Int: Int]]

    /// Fewer shared steps than this are run again. One is enough: under callgrind, `bench --host
    /// UNUserNotificationCenter` counted 8.47 G instructions with one, 8.58 G with two and 8.83 G with three.
    static let minimumShared = 1

    init(_ scenarios: [Scenario], skip: [Bool], shareable: (Scenario) -> Bool) {
        let n = scenarios.count
        resume = Array(repeating: nil, count: n)
        snapshots = Array(repeating: [], count: n)
        users = [:]
        // What must be equal for a copy of one's state to stand for the other's, read only for a scenario that shares
        // enough steps with an earlier one: most of a launch host's scenarios differ in their first line (the app
        // delegate's shape), and reading every scenario's participants was a fiftieth of such a host's runs.
        var keys: [Key??] = Array(repeating: nil, count: n)
        func key(_ i: Int) -> Key? {
            if let known = keys[i] { return known }
            let scenario = scenarios[i]
            let made = shareable(scenario)
                ? Key(host: scenario.host, config: scenario.config, participants: scenario.participants,
                      shape: scenario.steps.filter(\.shapesAppDelegate))
                : nil
            keys[i] = .some(made)
            return made
        }
        for i in 0..<n where !skip[i] {
            let steps = scenarios[i].steps
            var best: (from: Int, steps: Int)?
            for j in 0..<i where !skip[j] {
                let other = scenarios[j].steps
                var k = 0
                let limit = min(steps.count, other.count)
                while k < limit, steps[k] == other[k] { k += 1 }
                if k >= Self.minimumShared, k > (best?.steps ?? 0) { best = (j, k) }
            }
            guard let best, let mine = key(i), key(best.from) == mine else { continue }
            resume[i] = best
            if !snapshots[best.from].contains(best.steps) { snapshots[best.from].append(best.steps) }
            users[best.from, default: [:]][best.steps, default: 0] += 1
        }
        for i in 0..<n { snapshots[i].sort() }
    }

    struct Key: Equatable {
        let host: String
        let config: Configuration
        let participants: [String]
        let shape: [Scenario.Step]
    }
}

extension Scenario.Step {
    /// A line that writes the app's delegate class (`delegate-lacks`, `delegate-overrides`, `delegate-completes`).
    var shapesAppDelegate: Bool {
        switch self {
        case .delegateLacks, .delegateOverrides, .delegateCompletes: true
        default: false
        }
    }
}

extension ModelRunner {
    /// Runs a cell's scenarios, those not skipped, as ``runNotingConfiguration(_:explain:)`` without `explain` does,
    /// each going on from a copy of the state an earlier one reached at the end of the steps they share
    /// (``PrefixPlan``). A scenario whose participants cannot all be copied runs from its first step.
    public func runSharingPrefixes(_ scenarios: [Scenario], skip: [Bool]) -> [(result: RunResult, readConfiguration: Bool)?] {
        let plan = PrefixPlan(scenarios, skip: skip) { scenario in
            !MethodTarget.isTarget(scenario.host) && HostKind.named(scenario.host) != nil
                && scenario.participants.allSatisfy { canSnapshot($0) }
        }
        var out: [(result: RunResult, readConfiguration: Bool)?] = Array(repeating: nil, count: scenarios.count)
        var copies: [Int: [Int: RunState]] = [:]
        var users = plan.users
        for (i, scenario) in scenarios.enumerated() where !skip[i] {
            guard let kind = HostKind.named(scenario.host), !MethodTarget.isTarget(scenario.host) else {
                out[i] = runNotingConfiguration(scenario, explain: false)
                continue
            }
            var state: RunState?
            if let (from, steps) = plan.resume[i], let saved = copies[from]?[steps] {
                let left = (users[from]?[steps] ?? 1) - 1
                users[from]?[steps] = left
                if left == 0 {
                    state = saved
                    copies[from]?[steps] = nil
                } else {
                    state = saved.snapshot()
                }
            }
            if let state {
                resumed += 1
                sharedSteps += state.next
            }
            let run = state ?? start(scenario, kind)
            for steps in plan.snapshots[i] where steps >= run.next {
                advance(run, scenario, to: steps)
                guard !run.ended, let copy = run.snapshot() else { break }
                copies[i, default: [:]][steps] = copy
            }
            advance(run, scenario, to: scenario.steps.count)
            out[i] = run.finished()
        }
        return out
    }

    /// Whether a participant's instances can be copied between steps (``Participant/snapshot()``).
    func canSnapshot(_ id: String) -> Bool {
        guard let position = kindIndex[id] else { return false }
        return snapshotable[position]
    }
}
