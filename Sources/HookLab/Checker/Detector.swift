// Checking: one detector per finding kind. Detectors read the step's record and the runtime's state; none knows
// any library (they see classes, slots, associations, declared forwarding ivars, faults and the journal).
import ObjCModel
import UIKitModel

/// What a detector sees after one step.
struct StepRecord {
    let world: World
    let step: Scenario.Step
    /// 1-based step number; the teardown step is numbered like any other.
    let number: Int
    /// The fault the step raised, if any (the scenario stops there).
    let fault: Fault?
    /// Journal entries the step added.
    let journal: ArraySlice<JournalEntry>
    /// When each freed object was freed.
    let freedAt: [ObjectID: Int]
    var rt: Runtime { world.rt }
}

/// A checker: reads one step's record, returns new findings. It may remember what it already reported.
protocol Detector {
    mutating func check(_ record: StepRecord) -> [Finding]
}

/// All detectors, fresh for one scenario.
func makeDetectors() -> [Detector] {
    [FaultDetector(), DanglingReferenceDetector(), ForwardingCycleDetector(), EventDeliveryDetector(),
     ReturnValueDetector(), CompletionHandlerDetector(), LeakDetector(),
     RefusedDetector()]
}

extension StepRecord {
    func freedNote(_ o: ObjectID) -> String {
        freedAt[o].map { " (freed at step \($0))" } ?? ""
    }
}

/// `danglingMessage`, `infiniteRecursion`, `assertionFailure`, `unrecognizedSelector`, `exception`, `fatalError`:
/// the faults the runtime raised.
struct FaultDetector: Detector {
    mutating func check(_ r: StepRecord) -> [Finding] {
        guard let f = r.fault else { return [] }
        let frames = f.frames.map(\.description)
        switch f.kind {
        case let .messageToFreedObject(cls, sel, obj):
            let zombie = r.rt.allInstances.first { r.rt.describe($0) == obj }
            let holder = zombie.flatMap { z in danglingHolders(r.rt, z).first }
            let madeBy = zombie.map { r.world.owner(of: $0) } ?? "?"
            var m = "`-[\(cls) \(sel)]` was sent to \(obj) (made by \(madeBy))\(zombie.map(r.freedNote) ?? ""): "
                + "a message to a freed object, an EXC_BAD_ACCESS crash in the field."
            if let holder { m += " It was reached through \(holder.description), which is never zeroed." }
            return [Finding(kind: .danglingMessage, message: m, step: r.number, frames: frames + ["→ \(obj) — freed"],
                            objects: [zombie.map(r.rt.identity) ?? obj])]
        case .infiniteRecursion:
            let cycle = f.cycle
            let parties = cycle.map { "\($0.receiver) (\(ownerName(r, $0.receiver)))" }.uniqued()
            let m = "A message never returns: " + cycle.map(\.symbol).joined(separator: " → ")
                + (parties.count == 1 ? " → … The object keeps calling its own method: \(parties[0])."
                                      : " → … The objects keep asking each other: " + parties.joined(separator: " ↔ ") + ".")
            return [Finding(kind: .infiniteRecursion, message: m, step: r.number,
                            frames: Array(frames.prefix(12)) + ["… (\(f.unwound.count) frames; the cycle repeats)"],
                            objects: cycle.map(\.receiver))]
        case let .assertionFailure(message, site):
            let m = "\(f.raisedBy) asserted at \(site) (debug builds only)" + (message.isEmpty ? "." : ": \(message)")
            return [Finding(kind: .assertionFailure, message: m, step: r.number, frames: frames, site: site)]
        case let .unrecognizedSelector(_, selector, _):
            return [Finding(kind: .unrecognizedSelector, message: "NSInvalidArgumentException: \(f.description)",
                            step: r.number, frames: frames, event: selector)]
        case .exception:
            return [Finding(kind: .exception, message: "\(f.description) (raised by \(f.raisedBy))", step: r.number, frames: frames)]
        case .fatalError(let message):
            return [Finding(kind: .fatalError, message: "\(f.raisedBy) trapped: \(message)", step: r.number, frames: frames)]
        case .badAccess:
            return [Finding(kind: .badAccess, message: "\(f.description).", step: r.number, frames: frames)]
        }
    }

    func ownerName(_ r: StepRecord, _ label: String) -> String {
        let cls = label.splitASCII("#").first.map(String.init) ?? label
        return r.rt.objc_getClass(cls).map(r.rt.class_getOwner) ?? "?"
    }
}

/// A live object's unsafe reference to a freed object: an assign ivar or an ASSIGN association.
struct DanglingHolder: Hashable, CustomStringConvertible {
    let owner: String
    let slot: String
    let kind: String
    var description: String { "\(owner).\(slot) (\(kind))" }
}

func danglingHolders(_ rt: Runtime, _ target: ObjectID) -> [DanglingHolder] {
    var out: [DanglingHolder] = []
    for o in rt.allInstances where !rt.isFreed(o) {
        for s in rt.ivars(o) where s.ownership == .assign && s.value == .object(target) {
            out.append(DanglingHolder(owner: rt.describe(o), slot: s.name, kind: "assign"))
        }
        for a in rt.associations(o) where a.policy == .assign && a.value == .object(target) {
            out.append(DanglingHolder(owner: rt.describe(o), slot: a.key, kind: "OBJC_ASSOCIATION_ASSIGN"))
        }
    }
    return out
}

/// `danglingReference`: a live object's assign slot or assign association holds a freed object (static check).
///
/// A reference comes to dangle only when its target is freed or when a freed object is stored, so each step reads
/// the owners the runtime lists for those (``Runtime/assignReferrers(of:)``, ``Runtime/assignStoresOfFreed``) instead of
/// every object: a scenario that frees a wrapper at each of N delegate sets stays linear (issue 43 #9).
struct DanglingReferenceDetector: Detector {
    var reported: Set<String> = []
    /// How much of the runtime's freed list and freed-store list earlier checks have read.
    var freedRead = 0
    var storesRead = 0
    mutating func check(_ r: StepRecord) -> [Finding] {
        // A step that faulted is not checked; its frees are read at the next check.
        guard r.fault == nil else { return [] }
        let freed = r.rt.freedObjects, stores = r.rt.assignStoresOfFreed
        guard freedRead < freed.count || storesRead < stores.count else { return [] }
        var owners: [ObjectID] = Array(stores[storesRead...])
        for t in freed[freedRead...] { owners += r.rt.assignReferrers(of: t) }
        freedRead = freed.count
        storesRead = stores.count
        // Creation order, as a walk of every object would report them.
        owners.sort { $0.raw < $1.raw }
        var out: [Finding] = []
        var previous: ObjectID?
        for o in owners where o != previous && !r.rt.isFreed(o) {
            previous = o
            out += danglingReferences(of: o, r)
        }
        return out
    }

    /// The unreported assign references of one live object that point at freed objects, ivars first.
    private mutating func danglingReferences(of o: ObjectID, _ r: StepRecord) -> [Finding] {
        let refs = r.rt.ivars(o).filter { $0.ownership == .assign }.map { ($0.name, $0.value, "assign") }
            + r.rt.associations(o).filter { $0.policy == .assign }.map { ($0.key, $0.value, "OBJC_ASSOCIATION_ASSIGN") }
        var out: [Finding] = []
        for (name, value, kind) in refs {
            guard let t = value.object, r.rt.isFreed(t) else { continue }
            let key = "\(o.raw).\(name).\(t.raw)"
            guard reported.insert(key).inserted else { continue }
            out.append(Finding(
                kind: .danglingReference,
                message: "\(r.world.who(o)).\(name) (\(kind)) still points at \(r.rt.describe(t)) "
                    + "(made by \(r.world.owner(of: t)))\(r.freedNote(t)). Nothing has messaged it yet; the next "
                    + "message through it is a crash.",
                step: r.number, objects: [r.rt.identity(o), r.rt.identity(t)]))
        }
        return out
    }
}

/// `forwardingCycle`: the host's delegate chain, following every class's declared forwarding ivars, loops.
struct ForwardingCycleDetector: Detector {
    var reported: Set<[Int32]> = []
    mutating func check(_ r: StepRecord) -> [Finding] {
        guard let host = r.world.host, !r.rt.isFreed(host) else { return [] }
        var out: [Finding] = []
        for slot in r.world.kind.slots {
            guard let start = r.rt.ivars(host).first(where: { $0.name == slot.property })?.value.object else { continue }
            var path: [ObjectID] = []
            var found: [ObjectID]?
            // Depth-first along every declared forwarding ivar (a proxy may have several targets).
            func walk(_ cur: ObjectID) {
                guard found == nil, !r.rt.isFreed(cur) else { return }
                if let i = path.firstIndex(of: cur) { found = Array(path[i...]); return }
                path.append(cur)
                let slots = r.rt.ivars(cur)
                for name in r.rt.class_forwardingIvars(r.rt.object_getClass(cur)) {
                    if let next = slots.first(where: { $0.name == name })?.value.object { walk(next) }
                }
                path.removeLast()
            }
            walk(start)
            guard let cycle = found, reported.insert(cycle.map(\.raw).sorted()).inserted else { continue }
            let names = (cycle + [cycle[0]]).map { r.world.who($0) }
            var m = "The delegate chain of \(r.rt.describe(host)).\(slot.property) loops: " + names.joined(separator: " → ") + "."
            if let app = r.world.expectedReceiver, !reachable(r.rt, from: start, to: app) {
                m += " \(r.world.who(app)) is no longer reachable from it."
            }
            out.append(Finding(kind: .forwardingCycle, message: m, step: r.number, objects: cycle.map { r.rt.identity($0) }))
        }
        return out
    }
}

/// Whether `target` is reachable from `start` along declared forwarding ivars.
func reachable(_ rt: Runtime, from start: ObjectID, to target: ObjectID) -> Bool {
    var stack = [start]
    var seen: Set<ObjectID> = []
    while let o = stack.popLast() {
        if o == target { return true }
        guard seen.insert(o).inserted, !rt.isFreed(o) else { continue }
        let slots = rt.ivars(o)
        for name in rt.class_forwardingIvars(rt.object_getClass(o)) {
            if let n = slots.first(where: { $0.name == name })?.value.object { stack.append(n) }
        }
    }
    return false
}

/// `lostEvent`, `duplicateEvent`: each fired event must reach the app's current delegate, and every installed
/// library observer that expects it, exactly once.
struct EventDeliveryDetector: Detector {
    mutating func check(_ r: StepRecord) -> [Finding] {
        guard r.fault == nil, case .fire(let event) = r.step else { return [] }
        // With no delegate of the app's, the libraries that observe the event still expect it when a library put an
        // object of its own in the slot (FlutterFire's plugin in an empty slot, FLTFirebaseMessagingPlugin.m:341-344).
        let app = r.world.expectedReceiver
        guard app != nil || r.world.slotHoldsLibraryObject else { return [] }
        // The journal names the app's delegate by its current class; the finding names it by identity, as every
        // detector does (an isa-swizzled or observed delegate is still the app's).
        // Who and which object are named only in a finding, so they are described only when one is made (an
        // expectation keeps the participant it is of, nil for the app's delegate, not a closure to allocate).
        var expected: [(observer: String, event: String, of: Participant?)] = []
        // An event the app's delegate does not implement (`delegate-lacks`) is not expected there.
        if let app, !r.world.installed.contains(where: { $0.consumes(event) }), r.world.appImplements(event) {
            expected.append((r.rt.describe(app), event, nil))
        }
        for p in r.world.installed {
            guard let name = p.observer else { continue }
            if p.expectsToObserve(event, r.world) { expected.append((name, p.journalEvent(for: event), p)) }
            for extra in p.alsoObserves(event, r.world) { expected.append((name, extra, p)) }
        }
        func named(_ e: (observer: String, event: String, of: Participant?)) -> (object: String, who: String) {
            guard let p = e.of else { return app.map { (r.rt.identity($0), r.world.who($0)) } ?? (e.observer, e.observer) }
            return (e.observer, "\(p.info.id)'s observer")
        }
        var out: [Finding] = []
        // The system sends some events again itself (the push token): a second delivery is not a finding.
        let repeatHarmless = r.world.hostEvent(event)?.repeatHarmless == true
        for e in expected {
            let n = r.journal.reduce(0) { $0 + ($1.observer == e.observer && $1.event == e.event ? 1 : 0) }
            guard n != 1, !(n > 1 && repeatHarmless) else { continue }
            let (object, who) = named(e)
            let what = e.event == event ? event : "\(e.event) (for \(event))"
            if n == 0 {
                out.append(Finding(kind: .lostEvent, message: "\(who) never received \(what), fired at step \(r.number).",
                                   step: r.number, objects: [object], event: event))
            } else {
                out.append(Finding(kind: .duplicateEvent, message: "\(who) received \(what) \(n) times for one event.",
                                   step: r.number, objects: [object], event: event))
            }
        }
        return out
    }
}

/// `lostReturnValue`: the app's delegate answered a non-void event, and the host got something else.
struct ReturnValueDetector: Detector {
    mutating func check(_ r: StepRecord) -> [Finding] {
        guard r.fault == nil, case .fire(let event) = r.step, let app = r.world.expectedReceiver,
              let spec = r.world.hostEvent(event), spec.returnType != "v",
              let answer = World.appAnswers.first(where: { $0.0 == event })?.1,
              let host = r.world.host
        else { return [] }
        // Each name is described once, not once per journal entry (a sixteenth of a run on UIApplication, callgrind).
        let appName = r.rt.describe(app), hostName = r.rt.describe(host)
        guard r.journal.contains(where: { $0.event == event && $0.observer == appName }),
              let got = r.journal.last(where: { $0.event == "returned" && $0.observer == hostName })
        else { return [] }
        let received = String(got.detail.splitASCII(" ").last ?? "")
        let norm: (String) -> String = spec.returnType == "c"
            ? { ($0 == "YES" || $0 == "1") ? "YES" : "NO" } : { $0 == "nil" ? "0" : $0 }
        let said = norm(r.rt.describe(answer)), heard = norm(received)
        guard said != heard else { return [] }
        return [Finding(kind: .lostReturnValue,
                        message: "\(r.world.who(app)) answered \(said) to \(event), but \(r.rt.describe(host)) got \(heard).",
                        step: r.number, objects: [r.rt.identity(app), r.rt.identity(host)], event: event)]
    }
}

/// `completionHandlerMisuse`: a completion or decision handler the host passed was called zero or two times; the host
/// journals it with who called it and what the system does then.
struct CompletionHandlerDetector: Detector {
    mutating func check(_ r: StepRecord) -> [Finding] {
        // The handler belongs to the event this step fired; the signature names it, as other event findings do.
        let event: String? = if case .fire(let fired) = r.step { fired } else { nil }
        return r.journal.filter { $0.event == "handlerMisuse" }.map {
            Finding(kind: .completionHandlerMisuse, message: "\($0.observer): \($0.detail).",
                    step: r.number, objects: [$0.observer], event: event)
        }
    }
}

/// `leak`: objects alive after teardown, with the strong cycle that holds them when there is one.
struct LeakDetector: Detector {
    mutating func check(_ r: StepRecord) -> [Finding] {
        guard r.fault == nil, case .teardown = r.step else { return [] }
        let alive = r.rt.allInstances.filter { !r.rt.isFreed($0) }
        guard !alive.isEmpty else { return [] }
        var m = "After teardown \(alive.count) object(s) are still alive: " + alive.map { r.world.who($0) }.joined(separator: ", ") + "."
        if let cycle = strongCycle(r.rt, among: alive) {
            m += " Strong cycle: " + (cycle + [cycle[0]]).map { r.rt.describe($0) }.joined(separator: " ⇒ ") + "."
        }
        return [Finding(kind: .leak, message: m, step: r.number, objects: alive.map { r.rt.identity($0) })]
    }

    func strongEdges(_ rt: Runtime, _ o: ObjectID) -> [ObjectID] {
        rt.ivars(o).filter { $0.ownership == .strong }.compactMap { $0.value.object }
            + rt.associations(o).filter { $0.policy.retains }.compactMap { $0.value.object }
    }

    func strongCycle(_ rt: Runtime, among alive: [ObjectID]) -> [ObjectID]? {
        for start in alive {
            var path = [start]
            var seen: Set<ObjectID> = [start]
            func dfs(_ o: ObjectID) -> [ObjectID]? {
                for n in strongEdges(rt, o) {
                    if n == start { return path }
                    if seen.insert(n).inserted {
                        path.append(n)
                        if let c = dfs(n) { return c }
                        path.removeLast()
                    }
                }
                return nil
            }
            if let c = dfs(start) { return c }
        }
        return nil
    }
}

/// `refused`: a library refused an install and said why (it journals the event `refused` with its error).
struct RefusedDetector: Detector {
    mutating func check(_ r: StepRecord) -> [Finding] { Self.findings(r.journal, step: r.number) }

    static func findings(_ journal: ArraySlice<JournalEntry>, step: Int) -> [Finding] {
        journal.filter { $0.event == "refused" }.map {
            Finding(kind: .refused, message: "\($0.observer) refused to install at step \(step): \($0.detail)",
                    step: step, objects: [$0.observer])
        }
    }
}
