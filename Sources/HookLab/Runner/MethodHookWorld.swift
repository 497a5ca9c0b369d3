// Execution of method-hook scenarios: declares the app's classes and objects, drives the hooking libraries through
// their own entry points, and makes the calls. Like World, it never judges; MethodHookChecks.swift does.
import ObjCModel
import LibraryModels

/// The modeled app of one method-hook scenario.
final class MethodHookWorld {
    let rt: Runtime

    /// A class the scenario declared, with the selectors it implements (`+sel` for class methods).
    struct DeclaredClass {
        let name: String
        let superclass: String
        let selectors: [String]
        let callsSuper: Bool
    }

    /// One installed hook and its contract: what its body records, where it hangs, whether it replaces the method.
    struct Hook {
        let label: String
        /// The library's own step that installed it.
        let step: Int
        let line: String
        /// The declared class it hooks, or nil for a hook on one object.
        let hookClass: String?
        /// The object it hooks (for instance hooks).
        let object: String?
        /// The selector, without `+`.
        let selector: String
        let classMethod: Bool
        /// The library documents that the method no longer runs (Aspects instead, JSPatch without ORIG, XAspect
        /// without XAMessageForward).
        let replacesOriginal: Bool
        /// It replaces the method but calls the superclass's (JSPatch `calls-super`).
        let callsSuper: Bool
        /// Aspects' token, for `aspects.remove N`.
        let aspectsToken: Int?
        /// `before` or `after` for a hook that promises to run before or after the implementation in place when
        /// it was installed (Aspects' positions); nil otherwise.
        var position: String? = nil
        var active = true
    }

    private(set) var classes: [DeclaredClass] = []
    private(set) var objects: [(name: String, object: ObjectID, className: String)] = []
    private(set) var hooks: [Hook] = []
    /// Each `aspects.hook` line's token, in order; nil where Aspects refused it.
    private(set) var aspectsHookLines: [Int?] = []

    // The libraries, one per scenario, made on first use.
    private var aspects: Aspects?
    private var jspatch: JSPatch?
    private var xaspect: XAspect?
    private var rac: ReactiveCocoa?
    private var kvoObserver: ObjectID?

    init(rt: Runtime) {
        self.rt = rt
        classes = Self.builtIns
    }

    /// Classes every method target has without declaring them (besides the root classes): UIKit's view controller with
    /// its lifecycle methods, each of which records `body:UIViewController` and calls no super.
    static let builtIns = [
        DeclaredClass(name: "UIViewController", superclass: "NSObject",
                      selectors: ["viewDidLoad", "viewWillAppear:", "viewDidAppear:"], callsSuper: false),
    ]

    /// Defines ``builtIns`` in a method-hook base runtime.
    static func defineBuiltIns(in rt: Runtime) {
        for d in builtIns { define(d, in: rt, owner: "UIKit") }
    }

    // MARK: Names

    func declared(_ name: String) -> DeclaredClass? { classes.first { $0.name == name } }

    /// Whether the declared class or a declared superclass implements `selector` (`+sel` for a class method).
    func implements(_ className: String, _ selector: String) -> Bool {
        var c = declared(className)
        while let k = c {
            if k.selectors.contains(selector) { return true }
            c = declared(k.superclass)
        }
        return false
    }

    func runtimeClass(_ name: String) throws -> Class {
        guard let c = rt.objc_getClass(name) else { throw LabError("no class called \(name); declare it with 'class \(name) : SUPER'") }
        return c
    }

    /// An object by name, or a declared class's class object (for class methods).
    func receiver(_ name: String) throws -> (object: ObjectID, className: String, isClass: Bool) {
        if let o = objects.first(where: { $0.name == name }) { return (o.object, o.className, false) }
        if declared(name) != nil || rt.objc_getClass(name) != nil { return (rt.classObject(try runtimeClass(name)), name, true) }
        throw LabError("no object or class called \(name); declare it with 'object \(name) CLASS'")
    }

    /// `viewWillAppear:` → ("viewWillAppear:", false); `+classMethod` → ("classMethod", true).
    static func split(_ selector: String) -> (name: String, classMethod: Bool) {
        selector.hasPrefix("+") ? (String(selector.dropFirst()), true)
            : (selector.hasPrefix("-") ? String(selector.dropFirst()) : selector, false)
    }

    /// The class a class-level hook goes on: the class, or its metaclass for a class method.
    func hookedClass(_ name: String, classMethod: Bool) throws -> Class {
        let c = try runtimeClass(name)
        return classMethod ? rt.objc_getMetaClass(c) : c
    }

    // MARK: Steps

    /// Applies one step; `number` is its 1-based index. Faults propagate to the runner.
    func apply(_ step: Scenario.Step, number: Int) throws {
        // XAspect weaves from a constructor once the image's +load methods ran: before the first other step.
        if case .verb("xaspect", "patch", _) = step {} else { xaspect?.weave() }
        switch step {
        case .raw("class", let args): try declareClass(args)
        case .raw("object", let args):
            guard args.count == 2 else { throw LabError("'object' takes a name and a class: 'object vc ViewController'") }
            let o = try rt.makeObject(try runtimeClass(args[1]), autorelease: false)
            objects.append((args[0], o, args[1]))
        case .raw("call", let args):
            guard args.count == 2 else { throw LabError("'call' takes an object and a selector: 'call vc viewWillAppear:'") }
            let r = try receiver(args[0])
            let sel = Self.split(args[1]).name
            try rt.objc_msgSend(r.object, rt.sel(sel), Self.arguments(sel))
        case .verb(let family, let verb, let args):
            try perform(family, verb, args, step: number, line: step.line)
        case .drain:
            break
        default:
            throw LabError("'\(step.line)' is a delegate-host step; method-hook targets take class, object, call and library verbs")
        }
        try rt.drainAutoreleasePool()
    }

    /// One argument per colon: `viewWillAppear:` gets `animated = YES`.
    static func arguments(_ sel: String) -> [Value] {
        Array(repeating: .bool(true), count: sel.filter { $0 == ":" }.count)
    }

    /// `class NAME : SUPER [SEL ...] [calls-super]`: each selector's body records `body:NAME`, then calls super
    /// (with the literal selector, as `[super viewWillAppear:animated]` does) when `calls-super` is given.
    func declareClass(_ args: [String]) throws {
        guard args.count >= 3, args[1] == ":" else { throw LabError("'class' takes 'NAME : SUPER [SEL ...] [calls-super]'") }
        let name = args[0], superName = args[2]
        let rest = Array(args.dropFirst(3))
        let callsSuper = rest.contains("calls-super")
        let selectors = rest.filter { $0 != "calls-super" }
        _ = try runtimeClass(superName)   // the superclass must exist
        // Two classes of one name do not link ("duplicate symbol _OBJC_CLASS_$_NAME"); objc_allocateClassPair refuses.
        guard rt.objc_getClass(name) == nil else {
            throw LabError("class \(name) already exists\(Self.builtIns.contains { $0.name == name } ? " (it is built in, with viewDidLoad, viewWillAppear: and viewDidAppear:)" : ""); pick another name")
        }
        let declared = DeclaredClass(name: name, superclass: superName, selectors: selectors, callsSuper: callsSuper)
        classes.append(declared)
        Self.define(declared, in: rt, owner: "app")
    }

    /// Defines a declared class whose selectors' bodies record `body:NAME` and call super when asked.
    static func define(_ declared: DeclaredClass, in rt: Runtime, owner: String) {
        let name = declared.name, callsSuper = declared.callsSuper
        guard let superclass = rt.objc_getClass(declared.superclass), rt.objc_getClass(name) == nil else { return }
        let cls = rt.defineClass(name, superclass: superclass, owner: owner)
        for s in declared.selectors {
            let (sel, isClassMethod) = Self.split(s)
            let selector = rt.sel(sel)
            let target = isClassMethod ? rt.objc_getMetaClass(cls) : cls
            let superTarget = isClassMethod ? rt.objc_getMetaClass(superclass) : superclass
            let types = "v@:" + String(repeating: "c", count: sel.filter { $0 == ":" }.count)
            let label = "body:\(name)"
            rt.addMethod(target, sel, types: types, owner: owner) { rt, o, _, a in
                HookJournal.record(rt, label)
                if callsSuper { try rt.objc_msgSendSuper(o, superTarget, selector, a) }
                return .none
            }
        }
    }

    // MARK: Library verbs

    func perform(_ family: String, _ verb: String, _ args: [String], step: Int, line: String) throws {
        func need(_ n: Int, _ usage: String) throws {
            guard args.count >= n else { throw LabError("'\(family).\(verb)' takes \(usage)") }
        }
        func install(_ label: String, hookClass: String?, object: String?, selector: String, replaces: Bool = false,
                     callsSuper: Bool = false, token: Int? = nil, position: String? = nil) {
            let (name, isClassMethod) = Self.split(selector)
            hooks.append(Hook(label: label, step: step, line: line, hookClass: hookClass, object: object, selector: name,
                              classMethod: isClassMethod, replacesOriginal: replaces, callsSuper: callsSuper, aspectsToken: token,
                              position: position))
        }
        switch (family, verb) {
        case ("aspects", "hook"):
            try need(3, "CLASS|OBJECT SEL before|instead|after")
            guard let position = Aspects.Position(rawValue: args[2]) else {
                throw LabError("aspects.hook position must be before, instead or after, not '\(args[2])'")
            }
            let library = aspects ?? Aspects(rt)
            aspects = library
            let (sel, isClassMethod) = Self.split(args[1])
            let r = try receiver(args[0])
            // `+sel` on a class: `[object_getClass(Class) aspect_hookSelector:…]`, the metaclass (incident 5's fix).
            let target = isClassMethod && r.isClass ? rt.classObject(rt.object_getClass(r.object)) : r.object
            let label = "aspects:\(position.rawValue)"
            let outcome = try library.aspect_hookSelector(target, sel, position, label: label)
            if case .success(let token) = outcome { aspectsHookLines.append(token) } else { aspectsHookLines.append(nil) }
            if case .success(let token) = outcome {
                // Sent to the class for a selector only its metaclass implements, the app means the class method.
                let meansClassMethod = isClassMethod || (r.isClass && !implements(r.className, sel) && implements(r.className, "+" + sel))
                install(label, hookClass: r.isClass ? r.className : nil, object: r.isClass ? nil : args[0],
                        selector: meansClassMethod ? "+" + sel : sel, replaces: position == .instead, token: token,
                        position: position == .instead ? nil : position.rawValue)
            }
        case ("aspects", "remove"):
            try need(1, "N, the N-th aspects.hook of the scenario")
            guard let n = Int(args[0]), n >= 1, n <= aspectsHookLines.count else {
                throw LabError("aspects.remove \(args[0]): expected 1 to \(aspectsHookLines.count), the aspects.hook lines so far")
            }
            // A refused hook returned a nil token; `[nil remove]` does nothing.
            guard let token = aspectsHookLines[n - 1], let i = hooks.firstIndex(where: { $0.aspectsToken == token }) else { break }
            _ = try aspects?.remove(token)
            hooks[i].active = false
        case ("jspatch", "override"):
            try need(2, "CLASS SEL [calls-orig|calls-super]")
            let body = args.count > 2 ? JSPatch.Body(rawValue: args[2]) : .replaces
            guard let body else { throw LabError("jspatch.override takes calls-orig or calls-super, not '\(args[2])'") }
            let library = jspatch ?? JSPatch(rt)
            jspatch = library
            let (sel, isClassMethod) = Self.split(args[1])
            library.overrideMethod(try hookedClass(args[0], classMethod: isClassMethod), sel, body: body)
            install("jspatch", hookClass: args[0], object: nil, selector: args[1], replaces: body != .callsOrig,
                    callsSuper: body == .callsSuper)
        case ("swizzle", "exchange"):
            try need(2, "CLASS SEL [prefix P] [no-add]")
            let (sel, isClassMethod) = Self.split(args[1])
            let cls = try hookedClass(args[0], classMethod: isClassMethod)
            let options = Array(args.dropFirst(2))
            // `prefix P`: the category's helper prefix (`P` + SEL); its hook body is labelled `swizzle:exchange:P`.
            var prefix: String?
            if let i = options.firstIndex(of: "prefix") {
                guard i + 1 < options.count, !options[i + 1].isEmpty else { throw LabError("swizzle.exchange prefix takes a name, e.g. 'prefix sdk_'") }
                prefix = options[i + 1]
            }
            let label = prefix.map { "swizzle:exchange:\($0)" } ?? "swizzle:exchange"
            if Swizzling.installExchangeHook(rt, cls, sel, label: label, prefix: prefix ?? "xxx_", addFirst: !options.contains("no-add")) {
                install(label, hookClass: args[0], object: nil, selector: args[1])
            }
        case ("swizzle", "imp"):
            try need(2, "CLASS SEL")
            let (sel, isClassMethod) = Self.split(args[1])
            if RSSwizzle.swizzleInstanceMethod(rt, try hookedClass(args[0], classMethod: isClassMethod), sel, label: "swizzle:imp") {
                install("swizzle:imp", hookClass: args[0], object: nil, selector: args[1])
            }
        case ("xaspect", "patch"):
            try need(3, "NAME CLASS SEL [no-forward]")
            let library = xaspect ?? XAspect(rt)
            xaspect = library
            let (sel, isClassMethod) = Self.split(args[2])
            let forwards = !args.dropFirst(3).contains("no-forward")
            library.registerPatch(args[0], try hookedClass(args[1], classMethod: isClassMethod), sel, forwards: forwards)
            let label = "xaspect:\(args[0])"
            // A duplicate patch is skipped by the weaver, so it is one hook.
            if !hooks.contains(where: { $0.label == label && $0.hookClass == args[1] && $0.selector == sel }) {
                install(label, hookClass: args[1], object: nil, selector: args[2], replaces: !forwards)
            }
        case ("rac", "signal"):
            try need(2, "OBJECT SEL")
            let library = rac ?? ReactiveCocoa(rt)
            rac = library
            let r = try receiver(args[0])
            let sel = Self.split(args[1]).name
            if try library.rac_signalForSelector(r.object, sel) {
                install("rac", hookClass: r.isClass ? r.className : nil, object: r.isClass ? nil : args[0],
                        selector: r.isClass ? "+" + sel : sel)
            }
        case (_, DeclaredHookStep.verb):
            // `FAMILY.method-hook CLASS|OBJECT SEL MECHANISM ID`: a participant file's hook (ParticipantFile.swift).
            try need(4, "CLASS|OBJECT SEL MECHANISM ID")
            guard let mechanism = DeclaredMethodHook.Mechanism(rawValue: args[2]) else {
                throw LabError("\(family).\(verb) mechanism must be exchange, imp, forward-invocation or subclass, not '\(args[2])'")
            }
            let hook = DeclaredMethodHook(id: args[3], mechanism: mechanism)
            let (sel, isClassMethod) = Self.split(args[1])
            let r = try receiver(args[0])
            if mechanism == .subclass {
                guard !r.isClass else { throw LabError("a subclass hook moves one object; '\(args[0])' is a class") }
                if hook.installSubclass(rt, r.object, sel) { install(hook.id, hookClass: nil, object: args[0], selector: args[1]) }
            } else if hook.install(rt, try hookedClass(args[0], classMethod: isClassMethod), sel) {
                install(hook.id, hookClass: args[0], object: nil, selector: args[1])
            }
        case ("kvo", "observe"), ("kvo", "remove"):
            try need(2, "OBJECT KEY")
            let r = try receiver(args[0])
            let observer = try kvoObserverObject()
            if verb == "observe" {
                try rt.send(r.object, "addObserver:forKeyPath:options:context:", .object(observer), .string(args[1]), .int(0), .none)
            } else {
                try rt.send(r.object, "removeObserver:forKeyPath:", .object(observer), .string(args[1]))
            }
        default:
            throw LabError("\(family).\(verb) is not a method-hook verb")
        }
    }

    /// The app's observer: an object whose `observeValueForKeyPath:…` does nothing.
    func kvoObserverObject() throws -> ObjectID {
        if let kvoObserver { return kvoObserver }
        let cls = rt.objc_getClass("AppObserver") ?? rt.defineClass("AppObserver", superclass: rt.NSObjectClass)
        rt.addMethod(cls, "observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { _, _, _, _ in .none }
        let o = try rt.makeObject(cls, autorelease: false)
        kvoObserver = o
        return o
    }

    /// Weaves XAspect patches still pending at the end of the scenario.
    func finish() { xaspect?.weave() }
}
