// Running and checking method-hook scenarios: the step loop, and the checks of what ran against each hook's
// declared contract (every active hook whose call reaches it runs exactly once; the original too, unless replaced).
import ObjCModel
import LibraryModels

extension ModelRunner {
    /// One pass over a method-hook scenario. With `traceStep`, the runtime's trace is on for that step.
    func executeMethodHooks(_ scenario: Scenario, traceStep: Int?) -> (result: RunResult, readConfiguration: Bool) {
        let rt = methodHookBase().copy()
        rt.configuration = scenario.config == .debug ? .debug : .release
        let world = MethodHookWorld(rt: rt)
        var findings: [Finding] = []
        var result = RunResult()
        var worst: Outcome = .ok
        for (index, step) in scenario.steps.enumerated() {
            let number = index + 1
            let start = rt.journal.count
            let outcome = Self.perform(step, number: number, traceStep: traceStep, rt: rt, into: &result) {
                try world.apply(step, number: number)
            }
            if let unrunnable = outcome.unrunnable { result.unrunnable = unrunnable; break }
            let fault = outcome.fault
            let journal = rt.journal[start...]
            // This step's findings only: comparing them with the worst so far keeps a run linear in its length.
            var found = RefusedDetector.findings(journal, step: number)
            if let fault { found += MethodHookChecks.findings(for: fault, step: number) }
            if case .raw("call", let args) = step {
                let labels = world.ranLabels(journal, call: args)
                result.ran += labels
                if fault == nil {
                    found += MethodHookChecks.delivery(world, call: args, ran: labels, step: number, line: step.line)
                    found += MethodHookChecks.order(world, call: args, ran: labels, step: number, line: step.line)
                }
            }
            findings += found
            if let f = found.mostSevere, f.outcome > worst {
                worst = f.outcome
                result.rest(on: rt.factsNoted)
                if let fault { result.messagePath = Self.path(of: fault) }
            }
            if fault != nil { break }
        }
        world.finish()
        result.findings = findings
        return (result, rt.configurationRead)
    }
}

extension MethodHookWorld {
    /// The class whose implementation is "the original" of a call: the first declared class from the receiver's
    /// declared class up that implements the selector.
    func originalOwner(call args: [String]) -> String? {
        guard args.count == 2, let r = try? receiver(args[0]) else { return nil }
        let (sel, _) = Self.split(args[1])
        return DeclaredClass.implementer(of: r.isClass ? "+" + sel : sel, from: r.className, in: classes)?.name
    }

    /// The labels the call's journal recorded, with class bodies named `original` (the original owner's) or
    /// `super:Class` (a superclass's, reached by a super call).
    func ranLabels(_ journal: ArraySlice<JournalEntry>, call args: [String]) -> [String] {
        let owner = originalOwner(call: args)
        return journal.filter { $0.observer == HookJournal.ran }.map { e in
            guard e.event.hasPrefix("body:") else { return e.event }
            let cls = String(e.event.dropFirst(5))
            return cls == owner ? "original" : "super:\(cls)"
        }
    }

    /// What should run for a call, by each hook's declared contract: the object's hooks; then, walking the
    /// declared classes up from the receiver's, each class's hooks while the call reaches that class, and each
    /// implementation unless a hook on it replaces it. A replacing hook stops the walk unless it calls super.
    func expectations(call args: [String]) -> [(label: String, hook: Hook?)] {
        guard args.count == 2, let r = try? receiver(args[0]) else { return [] }
        let (sel, _) = Self.split(args[1])
        let classMethod = r.isClass
        let key = classMethod ? "+" + sel : sel
        func distinct(_ list: [Hook]) -> [Hook] {
            var out: [Hook] = []
            for h in list where !out.contains(where: { $0.label == h.label && $0.hookClass == h.hookClass && $0.object == h.object }) {
                out.append(h)
            }
            return out
        }
        let objectHooks = distinct(hooks.filter {
            $0.active && !classMethod && $0.object == args[0] && $0.selector == sel && !$0.classMethod
        })
        var expected: [(label: String, hook: Hook?)] = objectHooks.map { ($0.label, $0) }
        // A replacing hook replaces the next implementation up the chain (a hook on a class that inherits the
        // method replaces the inherited one).
        var replacer = objectHooks.first { $0.replacesOriginal }
        var reached = true
        var first = true
        for k in DeclaredClass.chain(from: r.className, in: classes) {
            guard reached else { break }
            let classHooks = distinct(hooks.filter {
                $0.active && $0.hookClass == k.name && $0.selector == sel && $0.classMethod == classMethod
            })
            expected += classHooks.map { ($0.label, $0) }
            replacer = replacer ?? classHooks.first { $0.replacesOriginal }
            if k.selectors.contains(key) {
                if let r = replacer {
                    reached = r.callsSuper
                    replacer = nil
                } else {
                    expected.append((first ? "original" : "super:\(k.name)", nil))
                    reached = k.callsSuper
                }
                first = false
            }
        }
        return expected
    }
}

/// The checks of method-hook scenarios. They read the world's declared contracts and the journal, never a library.
enum MethodHookChecks {
    /// `lostEvent` for a hook body (or the original) that should have run and did not; `duplicateEvent` for one
    /// that ran more than once.
    static func delivery(_ world: MethodHookWorld, call args: [String], ran: [String], step: Int, line: String) -> [Finding] {
        var findings: [Finding] = []
        var checked: [String] = []
        let expected = world.expectations(call: args)
        let what = ran.isEmpty ? "nothing ran" : "what ran: " + ran.joined(separator: " → ")
        for e in expected where !checked.contains(e.label) {
            checked.append(e.label)
            let want = expected.filter { $0.label == e.label }.count
            let got = ran.filter { $0 == e.label }.count
            let who = e.hook.map { "`\($0.label)` (installed by `\($0.line)` at step \($0.step))" } ?? "`\(e.label)`"
            if got < want {
                findings.append(Finding(kind: .lostEvent,
                                        message: "\(who) never ran for `\(line)` at step \(step); \(what).",
                                        step: step, objects: [e.label]))
            } else if got > want {
                findings.append(Finding(kind: .duplicateEvent,
                                        message: "\(who) ran \(got) times for one `\(line)` at step \(step); \(what).",
                                        step: step, objects: [e.label]))
            }
        }
        return findings
    }

    /// `outOfOrder` for a before-hook that ran after, or an after-hook that ran before, a body of the implementation
    /// in place when it was installed: the method's bodies at or above the hook's class, and the hooks installed
    /// before it at or above its place in the chain (a JSPatch override is one). Only bodies that ran are compared;
    /// one that did not run is ``delivery(_:call:ran:step:line:)``'s `lostEvent`.
    static func order(_ world: MethodHookWorld, call args: [String], ran: [String], step: Int, line: String) -> [Finding] {
        let expected = world.expectations(call: args)
        guard expected.contains(where: { $0.hook?.position != nil }), let r = try? world.receiver(args[0]) else { return [] }
        // Depth in the chain: 0 for the object's hooks, then 1, 2, … for the declared classes from the receiver's up.
        let walk = MethodHookWorld.DeclaredClass.chain(from: r.className, in: world.classes).map(\.name)
        let owner = world.originalOwner(call: args)
        func depth(_ e: (label: String, hook: MethodHookWorld.Hook?)) -> Int {
            if let hook = e.hook { return hook.hookClass.flatMap { walk.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }
            let cls = e.label == "original" ? owner : (e.label.hasPrefix("super:") ? String(e.label.dropFirst(6)) : nil)
            return cls.flatMap { walk.firstIndex(of: $0) }.map { $0 + 1 } ?? walk.count
        }
        let what = "what ran: " + ran.joined(separator: " → ")
        var findings: [Finding] = []
        for e in expected {
            guard let hook = e.hook, let position = hook.position else { continue }
            let inPlace = expected.filter {
                $0.label != hook.label && depth($0) >= depth(e) && ($0.hook == nil || $0.hook!.step < hook.step)
            }
            let who = "`\(hook.label)` (installed by `\(hook.line)` at step \(hook.step))"
            if position == "before", let at = ran.firstIndex(of: hook.label),
               let body = inPlace.first(where: { ran.firstIndex(of: $0.label).map { $0 < at } ?? false }) {
                findings.append(Finding(kind: .outOfOrder,
                                        message: "\(who) ran after `\(body.label)`, which was in place when it was installed, for `\(line)` at step \(step); \(what).",
                                        step: step, objects: [hook.label]))
            } else if position == "after", let at = ran.lastIndex(of: hook.label),
                      let body = inPlace.first(where: { ran.lastIndex(of: $0.label).map { $0 > at } ?? false }) {
                findings.append(Finding(kind: .outOfOrder,
                                        message: "\(who) ran before `\(body.label)`, which was in place when it was installed, for `\(line)` at step \(step); \(what).",
                                        step: step, objects: [hook.label]))
            }
        }
        return findings.uniqued()
    }

    /// The findings of a fault, worded as the delegate detectors word them.
    static func findings(for f: Fault, step: Int) -> [Finding] {
        let frames = f.frames.map(\.description)
        switch f.kind {
        case .infiniteRecursion:
            return [Finding(kind: .infiniteRecursion,
                            message: "A message never returns: " + f.cycle.map(\.symbol).joined(separator: " → ") + " → …",
                            step: step, frames: Array(frames.prefix(12)) + ["… (\(f.unwound.count) frames; the cycle repeats)"])]
        case let .assertionFailure(message, site):
            return [Finding(kind: .assertionFailure,
                            message: "\(f.raisedBy) asserted at \(site) (debug builds only)" + (message.isEmpty ? "." : ": \(message)"),
                            step: step, frames: frames, site: site)]
        case let .unrecognizedSelector(_, selector, _):
            return [Finding(kind: .unrecognizedSelector, message: "NSInvalidArgumentException: \(f.description)", step: step, frames: frames,
                            event: selector)]
        case .exception:
            return [Finding(kind: .exception, message: "\(f.description) (raised by \(f.raisedBy))", step: step, frames: frames)]
        case .fatalError(let message):
            return [Finding(kind: .fatalError, message: "\(f.raisedBy) trapped: \(message)", step: step, frames: frames)]
        case .messageToFreedObject:
            return [Finding(kind: .danglingMessage, message: "\(f.description): a message to a freed object.", step: step, frames: frames)]
        case .badAccess:
            return [Finding(kind: .badAccess, message: "\(f.description).", step: step, frames: frames)]
        }
    }
}
