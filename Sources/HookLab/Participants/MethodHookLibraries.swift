// Each hooking library's verbs on method-hook targets: the step's arguments become the library model's own entry
// point, and each hook installed is recorded with the contract the model declares (whether it replaces the original,
// calls super, promises a position). MethodHookWorld runs them; MethodHookChecks judges what ran against them.
import ObjCModel
import LibraryModels

/// The hooking libraries of method-hook scenarios, by verb family (`aspects.hook` → `aspects`).
enum MethodHookLibraries {
    // Metatypes of stateless verb tables, never mutated: no state is shared through them.
    nonisolated(unsafe) static let all: [(family: String, type: any MethodHookLibrary.Type)] = [
        ("aspects", AspectsVerbs.self),
        ("jspatch", JSPatchVerbs.self),
        ("swizzle", SwizzleVerbs.self),
        ("xaspect", XAspectVerbs.self),
        ("rac", RACVerbs.self),
        ("kvo", KVOVerbs.self),
    ]
}

/// Throws the verb's usage unless it has at least `n` arguments.
private func need(_ args: [String], _ n: Int, _ name: String, _ usage: String) throws {
    guard args.count >= n else { throw LabError("'\(name)' takes \(usage)") }
}

/// `aspects.hook CLASS|OBJECT SEL before|instead|after`, `aspects.remove N`.
final class AspectsVerbs: MethodHookLibrary {
    let rt: Runtime
    lazy var library = Aspects(rt)
    /// Each `aspects.hook` line's token and hook, in order; nil where Aspects refused it.
    var hookLines: [(token: Int, hook: Int)?] = []
    init(_ rt: Runtime) { self.rt = rt }

    static func validate(_ verb: String, _ args: [String], _ declared: inout MethodHookDeclarations) throws(ScenarioFileError) -> Bool {
        switch verb {
        case "hook":
            try declared.count(3, "'aspects.hook' takes CLASS|OBJECT SEL before|instead|after", args)
            try declared.needReceiver(args[0])
            guard Aspects.Position(rawValue: args[2]) != nil else {
                throw declared.fail("aspects.hook position must be before, instead or after, not '\(Scenario.clip(args[2]))'")
            }
            declared.counts["aspects.hook", default: 0] += 1
        case "remove":
            let hooks = declared.counts["aspects.hook", default: 0]
            try declared.count(1, "'aspects.remove' takes N, the N-th aspects.hook of the scenario", args)
            guard let n = Int(args[0]), (1...max(hooks, 1)).contains(n), hooks > 0 else {
                throw declared.fail("aspects.remove \(Scenario.clip(args[0])): expected a number from 1 to \(hooks), the aspects.hook lines so far" + (hooks == 0 ? " (there are none)" : ""))
            }
        default:
            return false
        }
        return true
    }

    func perform(_ verb: String, _ args: [String], in world: MethodHookWorld, step: Int, line: String) throws -> Bool {
        switch verb {
        case "hook":
            try need(args, 3, "aspects.hook", "CLASS|OBJECT SEL before|instead|after")
            guard let position = Aspects.Position(rawValue: args[2]) else {
                throw LabError("aspects.hook position must be before, instead or after, not '\(args[2])'")
            }
            let (sel, isClassMethod) = MethodHookWorld.split(args[1])
            let r = try world.receiver(args[0])
            // `+sel` on a class: `[object_getClass(Class) aspect_hookSelector:…]`, the metaclass (incident 5's fix).
            let target = isClassMethod && r.isClass ? rt.classObject(rt.object_getClass(r.object)) : r.object
            let label = "aspects:\(position.rawValue)"
            guard case .success(let token) = try library.aspect_hookSelector(target, sel, position, label: label) else {
                hookLines.append(nil)
                return true
            }
            // Before and after promise a place relative to the implementation in place (Aspects.h AspectOptions).
            let hook = world.install(label, step: step, line: line, hookClass: r.isClass ? r.className : nil,
                                     object: r.isClass ? nil : args[0], selector: args[1],
                                     replaces: position.replacesOriginal,
                                     position: position.replacesOriginal ? nil : position.rawValue)
            hookLines.append((token, hook))
        case "remove":
            try need(args, 1, "aspects.remove", "N, the N-th aspects.hook of the scenario")
            guard let n = Int(args[0]), n >= 1, n <= hookLines.count else {
                throw LabError("aspects.remove \(args[0]): expected 1 to \(hookLines.count), the aspects.hook lines so far")
            }
            // A refused hook returned a nil token; `[nil remove]` does nothing.
            guard let (token, hook) = hookLines[n - 1] else { return true }
            _ = try library.remove(token)
            world.deactivate(hook)
        default:
            return false
        }
        return true
    }
}

/// `jspatch.override CLASS SEL [calls-orig|calls-super]`.
final class JSPatchVerbs: MethodHookLibrary {
    let rt: Runtime
    lazy var library = JSPatch(rt)
    init(_ rt: Runtime) { self.rt = rt }

    static func validate(_ verb: String, _ args: [String], _ declared: inout MethodHookDeclarations) throws(ScenarioFileError) -> Bool {
        guard verb == "override" else { return false }
        try declared.count(2, "'jspatch.override' takes CLASS SEL [calls-orig|calls-super]", args)
        try declared.needClass(args[0])
        if args.count > 2, ![JSPatch.Body.callsOrig, .callsSuper].map(\.rawValue).contains(args[2]) {
            throw declared.fail("jspatch.override takes calls-orig or calls-super, not '\(Scenario.clip(args[2]))'")
        }
        return true
    }

    func perform(_ verb: String, _ args: [String], in world: MethodHookWorld, step: Int, line: String) throws -> Bool {
        guard verb == "override" else { return false }
        try need(args, 2, "jspatch.override", "CLASS SEL [calls-orig|calls-super]")
        let body = args.count > 2 ? JSPatch.Body(rawValue: args[2]) : .replaces
        guard let body else { throw LabError("jspatch.override takes calls-orig or calls-super, not '\(args[2])'") }
        let (sel, isClassMethod) = MethodHookWorld.split(args[1])
        library.overrideMethod(try world.hookedClass(args[0], classMethod: isClassMethod), sel, body: body)
        world.install("jspatch", step: step, line: line, hookClass: args[0], object: nil, selector: args[1],
                      replaces: body.replacesOriginal, callsSuper: body.callsSuper)
        return true
    }
}

/// `swizzle.exchange CLASS SEL [prefix P] [no-add]` (NSHipster's pattern), `swizzle.imp CLASS SEL` (RSSwizzle's).
final class SwizzleVerbs: MethodHookLibrary {
    let rt: Runtime
    init(_ rt: Runtime) { self.rt = rt }

    static func validate(_ verb: String, _ args: [String], _ declared: inout MethodHookDeclarations) throws(ScenarioFileError) -> Bool {
        switch verb {
        case "exchange":
            try declared.count(2, "'swizzle.exchange' takes CLASS SEL [prefix P] [no-add]", args)
            try declared.needClass(args[0])
            var options = Array(args.dropFirst(2))
            if let i = options.firstIndex(of: "prefix") {
                guard i + 1 < options.count else { throw declared.fail("swizzle.exchange prefix takes a name, e.g. 'prefix sdk_'") }
                options.removeSubrange(i...i + 1)
            }
            if let extra = options.first(where: { $0 != "no-add" }) {
                throw declared.fail("swizzle.exchange takes 'prefix P' and 'no-add', not '\(Scenario.clip(extra))'")
            }
        case "imp":
            try declared.count(2, "'swizzle.imp' takes CLASS SEL", args)
            try declared.needClass(args[0])
        default:
            return false
        }
        return true
    }

    func perform(_ verb: String, _ args: [String], in world: MethodHookWorld, step: Int, line: String) throws -> Bool {
        switch verb {
        case "exchange":
            try need(args, 2, "swizzle.exchange", "CLASS SEL [prefix P] [no-add]")
            let (sel, isClassMethod) = MethodHookWorld.split(args[1])
            let cls = try world.hookedClass(args[0], classMethod: isClassMethod)
            let options = Array(args.dropFirst(2))
            // `prefix P`: the category's helper prefix (`P` + SEL); its hook body is labelled `swizzle:exchange:P`.
            var prefix: String?
            if let i = options.firstIndex(of: "prefix") {
                guard i + 1 < options.count, !options[i + 1].isEmpty else { throw LabError("swizzle.exchange prefix takes a name, e.g. 'prefix sdk_'") }
                prefix = options[i + 1]
            }
            let label = prefix.map { "swizzle:exchange:\($0)" } ?? "swizzle:exchange"
            if Swizzling.installExchangeHook(rt, cls, sel, label: label, prefix: prefix ?? "xxx_", addFirst: !options.contains("no-add")) {
                world.install(label, step: step, line: line, hookClass: args[0], object: nil, selector: args[1])
            }
        case "imp":
            try need(args, 2, "swizzle.imp", "CLASS SEL")
            let (sel, isClassMethod) = MethodHookWorld.split(args[1])
            if RSSwizzle.swizzleInstanceMethod(rt, try world.hookedClass(args[0], classMethod: isClassMethod), sel, label: "swizzle:imp") {
                world.install("swizzle:imp", step: step, line: line, hookClass: args[0], object: nil, selector: args[1])
            }
        default:
            return false
        }
        return true
    }
}

/// `xaspect.patch NAME CLASS SEL [no-forward]`: registered as at +load, woven before the app's first other step.
final class XAspectVerbs: MethodHookLibrary {
    let rt: Runtime
    lazy var library = XAspect(rt)
    init(_ rt: Runtime) { self.rt = rt }

    static func validate(_ verb: String, _ args: [String], _ declared: inout MethodHookDeclarations) throws(ScenarioFileError) -> Bool {
        guard verb == "patch" else { return false }
        try declared.count(3, "'xaspect.patch' takes NAME CLASS SEL [no-forward]", args)
        try declared.needClass(args[1])
        return true
    }

    func perform(_ verb: String, _ args: [String], in world: MethodHookWorld, step: Int, line: String) throws -> Bool {
        guard verb == "patch" else { return false }
        try need(args, 3, "xaspect.patch", "NAME CLASS SEL [no-forward]")
        let (sel, isClassMethod) = MethodHookWorld.split(args[2])
        let forwards = !args.dropFirst(3).contains("no-forward")
        // A duplicate patch is skipped by the weaver, so it is no hook of its own.
        if let patch = library.registerPatch(args[0], try world.hookedClass(args[1], classMethod: isClassMethod), sel, forwards: forwards) {
            world.install(patch.label, step: step, line: line, hookClass: args[1], object: nil, selector: args[2],
                          replaces: patch.replacesOriginal)
        }
        return true
    }

    /// XAWeaveHandler.cpp:45-48: the weaver runs from a constructor once the image's +load methods (where patches
    /// register) ran, so before the first step that is not a registration.
    func willApply(_ step: Scenario.Step) {
        if case .verb("xaspect", "patch", _) = step { return }
        library.weave()
    }

    /// Weaves patches still pending at the end of the scenario.
    func finish() { library.weave() }
}

/// `rac.signal OBJECT SEL`: ReactiveObjC's `rac_signalForSelector:`.
final class RACVerbs: MethodHookLibrary {
    let rt: Runtime
    lazy var library = ReactiveCocoa(rt)
    init(_ rt: Runtime) { self.rt = rt }

    static func validate(_ verb: String, _ args: [String], _ declared: inout MethodHookDeclarations) throws(ScenarioFileError) -> Bool {
        guard verb == "signal" else { return false }
        try declared.count(2, "'rac.signal' takes OBJECT SEL", args)
        try declared.needReceiver(args[0])
        return true
    }

    func perform(_ verb: String, _ args: [String], in world: MethodHookWorld, step: Int, line: String) throws -> Bool {
        guard verb == "signal" else { return false }
        try need(args, 2, "rac.signal", "OBJECT SEL")
        let r = try world.receiver(args[0])
        let sel = MethodHookWorld.split(args[1]).name
        if try library.rac_signalForSelector(r.object, sel) {
            world.install("rac", step: step, line: line, hookClass: r.isClass ? r.className : nil,
                          object: r.isClass ? nil : args[0], selector: r.isClass ? "+" + sel : sel)
        }
        return true
    }
}

/// `kvo.observe OBJECT KEY`, `kvo.remove OBJECT KEY`: the app's observer, through ObjCModel's KVO.
final class KVOVerbs: MethodHookLibrary {
    let rt: Runtime
    /// The app's observer: an object whose `observeValueForKeyPath:…` does nothing.
    var observer: ObjectID?
    init(_ rt: Runtime) { self.rt = rt }

    static func validate(_ verb: String, _ args: [String], _ declared: inout MethodHookDeclarations) throws(ScenarioFileError) -> Bool {
        guard verb == "observe" || verb == "remove" else { return false }
        try declared.count(2, "'kvo.\(verb)' takes OBJECT KEY", args)
        try declared.needReceiver(args[0])
        return true
    }

    func perform(_ verb: String, _ args: [String], in world: MethodHookWorld, step: Int, line: String) throws -> Bool {
        guard verb == "observe" || verb == "remove" else { return false }
        try need(args, 2, "kvo.\(verb)", "OBJECT KEY")
        let r = try world.receiver(args[0])
        let observer = try observerObject()
        if verb == "observe" {
            try rt.send(r.object, "addObserver:forKeyPath:options:context:", .object(observer), .string(args[1]), .int(0), .none)
        } else {
            try rt.send(r.object, "removeObserver:forKeyPath:", .object(observer), .string(args[1]))
        }
        return true
    }

    func observerObject() throws -> ObjectID {
        if let observer { return observer }
        let cls = rt.objc_getClass("AppObserver") ?? rt.defineClass("AppObserver", superclass: rt.NSObjectClass)
        rt.addMethod(cls, "observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { _, _, _, _ in .none }
        let o = try rt.makeObject(cls, autorelease: false)
        observer = o
        return o
    }
}
