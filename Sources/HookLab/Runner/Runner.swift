// The runner: executes a scenario on a fresh runtime, runs the detectors after every step, and explains the worst
// finding (message path, references). Implements the outer lab's `ScenarioRunning`.
import ObjCModel
import UIKitModel

/// Runs scenarios on the models. Keeps one loaded base runtime per SDK era and copies it for each scenario.
public final class ModelRunner: ScenarioRunning {
    private var bases: [Era: Runtime] = [:]
    /// Loaded bases with the app's delegate class written for one shape (`delegate-lacks`, `delegate-completes`), for
    /// the hosts whose delegate is app-level: writing it once per shape, not once per run.
    private var appBases: [AppBase: Runtime] = [:]
    private struct AppBase: Hashable {
        let era: Era
        let shape: AppDelegateObject.Shape
    }
    /// The loaded base of method-hook scenarios: the root classes only (no UIKit), copied for each scenario.
    private var methodHooksBase: Runtime?
    /// The participants scenarios may name.
    let kinds: [ParticipantKind]

    /// A runner for the built-in participants and the participant files shipped in HookLab's `Matrix/participants`.
    public convenience init() { self.init(kinds: ModelCatalog.builtInKinds) }

    /// Each participant's position in ``kinds``, by id (the first of an id): every run looks its participants up.
    let kindIndex: [String: Int]

    /// A runner for exactly these participants (``ModelCatalog`` passes its own).
    public init(kinds: [ParticipantKind]) {
        self.kinds = kinds
        var index: [String: Int] = [:]
        for (position, kind) in kinds.enumerated() where index[kind.info.id] == nil { index[kind.info.id] = position }
        kindIndex = index
        snapshotable = kinds.map { $0.make().snapshot() != nil }
    }

    /// Runs that went on from a copy of another's state (``runSharingPrefixes(_:skip:)``), and the steps they skipped.
    public internal(set) var resumed = 0, sharedSteps = 0

    /// Whether each kind's instances can be copied between steps (``Participant/snapshot()``), by position in ``kinds``.
    let snapshotable: [Bool]

    func base(_ era: Era) -> Runtime {
        if let b = bases[era] { return b }
        let rt = Runtime()
        UIKit.load(into: rt, era: era)
        // The era declares whether an object freed with KVO observers still registered raises.
        rt.kvoDeallocWithObserversRaises = era.kvoDeallocWithObserversRaises
        bases[era] = rt
        return rt
    }

    /// The base for a host whose delegate is app-level, with the app's delegate class written for `shape`.
    func appBase(_ era: Era, shape: AppDelegateObject.Shape) -> Runtime {
        let key = AppBase(era: era, shape: shape)
        if let b = appBases[key] { return b }
        let rt = base(era).copy()
        AppDelegateObject.defineAppSlotMethods(in: rt, shape: shape)
        appBases[key] = rt
        return rt
    }

    func methodHookBase() -> Runtime {
        if let b = methodHooksBase { return b }
        let rt = Runtime()
        MethodHookWorld.defineBuiltIns(in: rt)
        methodHooksBase = rt
        return rt
    }

    public func run(_ scenario: Scenario) -> RunResult { run(scenario, explain: true) }

    public func run(_ scenario: Scenario, explain: Bool) -> RunResult { runNotingConfiguration(scenario, explain: explain).result }

    public func runNotingConfiguration(_ scenario: Scenario, explain: Bool) -> (result: RunResult, readConfiguration: Bool) {
        var (first, read) = execute(scenario, traceStep: nil, explain: explain)
        guard explain, let worst = first.findings.mostSevere else { return (first, read) }
        // A fault carries its own frames; otherwise replay with the trace on for the failing step.
        if first.messagePath.isEmpty {
            let traced = execute(scenario, traceStep: worst.step)
            first.messagePath = traced.result.messagePath
            read = read || traced.readConfiguration
        }
        return (first, read)
    }

    /// The run is deterministic, so the unexplained run's worst step is this run's: the trace is on for it from the
    /// start, and one pass gives what ``runNotingConfiguration(_:explain:)`` needs two for (a run, then its replay).
    public func runExplaining(_ scenario: Scenario, unexplained: RunResult) -> (result: RunResult, readConfiguration: Bool) {
        execute(scenario, traceStep: unexplained.findings.mostSevere?.step)
    }

    /// One pass over the steps. With `traceStep`, the runtime's trace is on for that step and becomes the path.
    /// Also says whether anything read the build configuration (``Runtime/configurationRead``).
    func execute(_ scenario: Scenario, traceStep: Int?, explain: Bool = true) -> (result: RunResult, readConfiguration: Bool) {
        if MethodTarget.isTarget(scenario.host) { return executeMethodHooks(scenario, traceStep: traceStep) }
        guard let kind = HostKind.named(scenario.host) else {
            return (RunResult(unrunnable: RunResult.Unrunnable(step: 1, message: "HookLab has no host '\(scenario.host)'")), false)
        }
        let state = start(scenario, kind)
        advance(state, scenario, to: scenario.steps.count, traceStep: traceStep, explain: explain)
        return state.finished()
    }

    /// A run of `scenario` before its first step: a copy of the loaded base, the participants, the detectors.
    func start(_ scenario: Scenario, _ kind: HostKind) -> RunState {
        let appSlots = World.hasAppSlots(kind)
        let rt = (appSlots ? appBase(kind.era, shape: World.appShape(of: scenario.steps, kind: kind)) : base(kind.era)).copy()
        rt.configuration = scenario.config == .debug ? .debug : .release
        let participants = scenario.participants.compactMap { id in kindIndex[id].map { kinds[$0].make() } }
        let world = World(rt: rt, kind: kind, participants: participants, steps: scenario.steps, appDelegateWritten: appSlots)
        return RunState(world: world, detectors: makeDetectors())
    }

    /// Runs the steps of `scenario` from the state's next one up to `end` (exclusive), or until one ends the run.
    func advance(_ state: RunState, _ scenario: Scenario, to end: Int, traceStep: Int? = nil, explain: Bool = false) {
        let rt = state.world.rt, world = state.world
        while state.next < end, !state.ended {
            let index = state.next
            let step = scenario.steps[index]
            state.next += 1
            let number = index + 1
            let journalStart = rt.journal.count
            let outcome = Self.perform(step, number: number, traceStep: traceStep, rt: rt, into: &state.result) { try world.apply(step) }
            if let unrunnable = outcome.unrunnable {
                state.result.unrunnable = unrunnable
                state.ended = true
                break
            }
            let fault = outcome.fault
            // Only the objects freed since the last step, not a walk of every object after every step.
            for o in rt.freedObjects[state.freedSeen...] where state.freedAt[o] == nil && !rt.isClassObject(o) { state.freedAt[o] = number }
            state.freedSeen = rt.freedObjects.count
            let record = StepRecord(world: world, step: step, number: number, fault: fault,
                                    journal: rt.journal[journalStart...], freedAt: state.freedAt)
            // This step's findings only: comparing them with the worst so far keeps a run linear in its length.
            var found: [Finding] = []
            for i in state.detectors.indices { found += state.detectors[i].check(record) }
            state.findings += found
            if let f = found.mostSevere, f.outcome > state.worst {
                state.worst = f.outcome
                state.result.rest(on: rt.factsNoted)
                if explain {
                    state.result.graph = Self.graph(world)
                    if let fault { state.result.messagePath = Self.path(of: fault) }
                }
            }
            if fault != nil { state.ended = true }
        }
    }

    /// Applies one step: the trace is on for the traced step and becomes the message path; a fault is returned, and a
    /// step the lab cannot run ends the scenario as bad input (``RunResult/unrunnable``), never as a finding.
    static func perform(_ step: Scenario.Step, number: Int, traceStep: Int?, rt: Runtime, into result: inout RunResult,
                        _ apply: () throws -> Void) -> (fault: Fault?, unrunnable: RunResult.Unrunnable?) {
        if number == traceStep { rt.tracing = true }
        defer {
            if number == traceStep {
                rt.tracing = false
                result.messagePath = path(from: rt.trace)
            }
        }
        do {
            try apply()
            return (nil, nil)
        } catch let f as Fault {
            return (f, nil)
        } catch {
            return (nil, RunResult.Unrunnable(step: number, message: "cannot run `\(Scenario.clip(step.line))`: \(error)"))
        }
    }

    /// A fault's frames, outermost first; a recursion is cut after its first full cycle.
    static func path(of fault: Fault) -> [String] {
        let frames = fault.frames.map(\.description)
        guard fault.kind == .infiniteRecursion else { return frames }
        let cycle = fault.cycle.count
        // The outer frames before the loop, then one turn of it.
        let loopStart = frames.indices.first { i in
            i + 2 * cycle <= frames.count && Array(frames[i..<(i + cycle)]) == Array(frames[(i + cycle)..<(i + 2 * cycle)])
        } ?? 0
        return Array(frames.prefix(loopStart + cycle)) + ["… the last \(cycle) frames repeat until the stack runs out (\(frames.count) frames)"]
    }

    /// The sends of one traced step, indented by depth.
    static func path(from trace: [TraceEvent], limit: Int = 40) -> [String] {
        var lines: [String] = []
        for e in trace {
            guard case let .send(depth, receiver, selector, imp) = e else { continue }
            let cls = receiver.splitASCII("#").first.map(String.init) ?? receiver
            let symbol = "-[\(cls) \(selector)]"
            let indent = String(repeating: "  ", count: max(0, depth - 1))
            lines.append(indent + symbol + (imp == symbol || imp.hasPrefix("-[\(cls) ") ? "" : "  (\(imp))"))
            if lines.count == limit { lines.append("…"); break }
        }
        return lines
    }

    /// The references among live objects, and the freed objects they point at.
    static func graph(_ world: World) -> ReferenceGraph {
        let rt = world.rt
        var nodes: [ReferenceGraph.Node] = []
        var edges: [ReferenceGraph.Edge] = []
        var referenced: Set<ObjectID> = []
        for o in rt.allInstances where !rt.isFreed(o) {
            for s in rt.ivars(o) {
                guard let t = s.value.object, !rt.isClassObject(t) else { continue }
                let kind: ReferenceGraph.Edge.Kind
                switch s.ownership {
                case .strong: kind = .strong
                case .weak: kind = .weak
                case .assign: kind = .assign
                case .value: continue
                }
                edges.append(ReferenceGraph.Edge(from: rt.describe(o), to: rt.describe(t), label: s.name, kind: kind))
                referenced.insert(t)
            }
            for a in rt.associations(o) {
                guard let t = a.value.object, !rt.isClassObject(t) else { continue }
                edges.append(ReferenceGraph.Edge(from: rt.describe(o), to: rt.describe(t), label: a.key,
                                                 kind: a.policy.retains ? .associationRetain : .associationAssign))
                referenced.insert(t)
            }
        }
        for o in rt.allInstances where !rt.isFreed(o) || referenced.contains(o) {
            let label = world.appDelegates.first(where: { $0.object == o }).map { "\(rt.describe(o)) (\($0.name))" }
            nodes.append(ReferenceGraph.Node(id: rt.describe(o), label: label, freed: rt.isFreed(o)))
        }
        return ReferenceGraph(nodes: nodes, edges: edges)
    }
}
