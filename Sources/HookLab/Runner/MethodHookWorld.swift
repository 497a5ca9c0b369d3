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

        /// `class NAME : SUPER [SEL ...] [calls-super]` as a scenario writes it; nil for any other line.
        init?(line: String) {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 4, words[0] == "class", words[2] == ":" else { return nil }
            let rest = words.dropFirst(4)
            self.init(name: words[1], superclass: words[3], selectors: rest.filter { $0 != "calls-super" }, callsSuper: rest.contains("calls-super"))
        }

        init(name: String, superclass: String, selectors: [String], callsSuper: Bool) {
            self.name = name
            self.superclass = superclass
            self.selectors = selectors
            self.callsSuper = callsSuper
        }

        /// The declared class called `name` and its declared superclasses, in order up; empty for an undeclared name.
        static func chain(from name: String?, in classes: [DeclaredClass]) -> [DeclaredClass] {
            var out: [DeclaredClass] = []
            var current = name
            while let c = current, let k = classes.first(where: { $0.name == c }), !out.contains(where: { $0.name == c }) {
                out.append(k)
                current = k.superclass
            }
            return out
        }

        /// The first class of ``chain(from:in:)`` that implements `selector` (`+sel` for a class method).
        static func implementer(of selector: String, from name: String?, in classes: [DeclaredClass]) -> DeclaredClass? {
            chain(from: name, in: classes).first { $0.selectors.contains(selector) }
        }
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
        /// The library documents that the method no longer runs (its model declares which installs replace it).
        let replacesOriginal: Bool
        /// It replaces the method but calls the superclass's.
        let callsSuper: Bool
        /// `before` or `after` for a hook that promises to run before or after the implementation in place when
        /// it was installed (Aspects' positions); nil otherwise.
        var position: String? = nil
        var active = true
    }

    private(set) var classes: [DeclaredClass] = []
    private(set) var objects: [(name: String, object: ObjectID, className: String)] = []
    private(set) var hooks: [Hook] = []

    /// The hooking libraries, one per verb family and scenario, in the order of first use.
    private var libraries: [(family: String, library: any MethodHookLibrary)] = []

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
        for l in libraries { l.library.willApply(step) }
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

    /// The hooking library a verb family names, made on first use from ``MethodHookLibraries/all``.
    func library(_ family: String) -> (any MethodHookLibrary)? {
        if let made = libraries.first(where: { $0.family == family }) { return made.library }
        guard let type = MethodHookLibraries.all.first(where: { $0.family == family })?.type else { return nil }
        let library = type.init(rt)
        libraries.append((family, library))
        return library
    }

    func perform(_ family: String, _ verb: String, _ args: [String], step: Int, line: String) throws {
        if verb == DeclaredHookStep.verb {
            try performDeclaredHook(family, verb, args, step: step, line: line)
        } else if try library(family)?.perform(verb, args, in: self, step: step, line: line) != true {
            throw LabError("\(family).\(verb) is not a method-hook verb")
        }
    }

    /// Records a hook a library installed at step `step` and returns its index in ``hooks``. `selector` is as the
    /// step wrote it (`+sel` for a class method).
    @discardableResult
    func install(_ label: String, step: Int, line: String, hookClass: String?, object: String?, selector: String,
                 replaces: Bool = false, callsSuper: Bool = false, position: String? = nil) -> Int {
        let (name, isClassMethod) = Self.split(selector)
        hooks.append(Hook(label: label, step: step, line: line, hookClass: hookClass, object: object, selector: name,
                          classMethod: isClassMethod, replacesOriginal: replaces, callsSuper: callsSuper, position: position))
        return hooks.count - 1
    }

    /// Marks the hook at `index` removed: its library took it out.
    func deactivate(_ index: Int) { hooks[index].active = false }

    /// `FAMILY.method-hook CLASS|OBJECT SEL MECHANISM ID`: a participant file's hook (ParticipantFile.swift).
    func performDeclaredHook(_ family: String, _ verb: String, _ args: [String], step: Int, line: String) throws {
        guard args.count >= 4 else { throw LabError("'\(family).\(verb)' takes CLASS|OBJECT SEL MECHANISM ID") }
        guard let mechanism = DeclaredMethodHook.Mechanism(rawValue: args[2]) else {
            throw LabError("\(family).\(verb) mechanism must be exchange, imp, forward-invocation or subclass, not '\(args[2])'")
        }
        let hook = DeclaredMethodHook(id: args[3], mechanism: mechanism)
        let (sel, isClassMethod) = Self.split(args[1])
        let r = try receiver(args[0])
        if mechanism == .subclass {
            guard !r.isClass else { throw LabError("a subclass hook moves one object; '\(args[0])' is a class") }
            if hook.installSubclass(rt, r.object, sel) { install(hook.id, step: step, line: line, hookClass: nil, object: args[0], selector: args[1]) }
        } else if hook.install(rt, try hookedClass(args[0], classMethod: isClassMethod), sel) {
            install(hook.id, step: step, line: line, hookClass: args[0], object: nil, selector: args[1])
        }
    }

    /// Lets each library finish what the end of the scenario completes (a weaver's pending patches).
    func finish() { for l in libraries { l.library.finish() } }
}

/// A hooking library's verbs on method-hook targets, as its participant adapts them
/// (Participants/MethodHookLibraries.swift): it drives the library model and tells the world each hook it installed,
/// with the contract the model declares.
protocol MethodHookLibrary: AnyObject {
    init(_ rt: Runtime)
    /// Checks a `family.verb` line of a scenario file against what the scenario declared before it, before anything
    /// runs; false when `verb` is none of the library's.
    static func validate(_ verb: String, _ args: [String], _ declared: inout MethodHookDeclarations) throws(ScenarioFileError) -> Bool
    /// Runs `family.verb args`, the scenario's step `step`; false when `verb` is none of the library's.
    func perform(_ verb: String, _ args: [String], in world: MethodHookWorld, step: Int, line: String) throws -> Bool
    /// Called before each step, this library's own included; a library that acts once the app has loaded does so here.
    func willApply(_ step: Scenario.Step)
    /// Called once the scenario ends.
    func finish()
}

extension MethodHookLibrary {
    func willApply(_ step: Scenario.Step) {}
    func finish() {}
}
