// A method-hooking SDK declared in a participant file (`hook exchange|imp|forward-invocation|subclass`): each
// mechanism runs an existing modeled primitive, or the generic forwardInvocation:/runtime-subclass hook below.
import ObjCModel

/// A declared SDK's method hook: which mechanism it uses; its body records the participant id, then calls the original.
public struct DeclaredMethodHook: Sendable, Equatable {
    /// How the SDK hooks `CLASS SEL`.
    public enum Mechanism: String, Sendable, CaseIterable {
        /// NSHipster `class_addMethod` + `method_exchangeImplementations`, helper `<prefix><sel>` (Swizzling.swift).
        case exchange
        /// RSSwizzle-style `class_replaceMethod`, the original called with its own `_cmd` (RSSwizzle.swift).
        case imp
        /// The method set to `_objc_msgForward` and `forwardInvocation:` replaced, the way Aspects and JSPatch do.
        case forwardInvocation = "forward-invocation"
        /// The called object moved into a runtime subclass whose method records and calls super (KVO, RAC).
        case subclass
    }

    public var id: String
    public var mechanism: Mechanism

    public init(id: String, mechanism: Mechanism) {
        self.id = id
        self.mechanism = mechanism
    }

    /// The helper-selector and class-name prefix derived from the id: `hooker:exchange` → `hooker_exchange_`.
    public var prefix: String {
        String(id.map { $0.isLetter || $0.isNumber ? $0 : "_" }) + "_"
    }

    /// Hooks `selector` on `cls` (a metaclass for a class method); the hook body records ``id``.
    /// - Returns: false if the class has no method for `selector`, as each primitive requires one.
    @discardableResult
    public func install(_ rt: Runtime, _ cls: Class, _ selector: String) -> Bool {
        switch mechanism {
        case .exchange: return Swizzling.installExchangeHook(rt, cls, selector, label: id, prefix: prefix)
        case .imp: return RSSwizzle.swizzleInstanceMethod(rt, cls, selector, label: id)
        case .forwardInvocation: return installForwardInvocation(rt, cls, selector)
        case .subclass: return false   // per object: ``installSubclass(_:_:_:)``
        }
    }

    /// The forwardInvocation: takeover on a class, generic over Aspects' and JSPatch's shared steps.
    func installForwardInvocation(_ rt: Runtime, _ cls: Class, _ selector: String) -> Bool {
        let sel = rt.sel(selector)
        guard let method = rt.class_getInstanceMethod(cls, sel) else { return false }
        let types = rt.method_getTypeEncoding(method)
        let alias = rt.sel(prefix + selector)
        let current = rt.method_getImplementation(method)
        // An already-forwarded method gets no alias: its IMP is _objc_msgForward (Aspects.m:275; JPEngine.m:1000-1006).
        let hasAlias = current != rt._objc_msgForward && rt.class_addMethod(cls, alias, current, types)
        // The previous handler is kept only if the class owned it: class_replaceMethod returns nil for an
        // inherited one (Aspects.m:391-399, JPEngine.m:992-997); an inherited one is then looked up at call time.
        let label = id
        let superclass = rt.class_getSuperclass(cls)
        final class Saved { var imp: IMP? }
        let saved = Saved()
        let handler = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls)) forwardInvocation:] (\(id))", owner: id) { rt, o, cmd, a in
            guard case .invocation(let invocation)? = a.first else { return .none }
            if invocation.selector == sel {
                HookJournal.record(rt, label)
                if hasAlias {
                    // Aspects.m:480, JPForwardInvocation: the invocation re-sent under the alias runs the original.
                    invocation.selector = alias
                    defer { invocation.selector = sel }
                    try invocation.invoke(rt)
                    return .none
                }
            }
            // Not ours (or no alias): the saved handler, else the superclass's (NSObject's raises unrecognized).
            if let imp = saved.imp { return try rt.callIMP(imp, o, cmd, a) }
            if let superclass { return try rt.objc_msgSendSuper(o, superclass, cmd, a) }
            return .none
        }
        saved.imp = rt.class_replaceMethod(cls, rt.s.forwardInvocation, handler, "v@:@")
        // objc4 _objc_msgForward: every send of `sel` now goes through forwardInvocation: (Aspects.m:207).
        _ = rt.class_replaceMethod(cls, sel, rt._objc_msgForward, types)
        return true
    }

    /// Moves `object` into `<Class>_<prefix>`, shared per class, whose `selector` records and calls super, with a
    /// `-class` answering the original class, the way KVO's NSKVONotifying_ and RAC's _RACSelectorSignal classes do
    /// (NSObject+RACSelectorSignal.m:254-313; Aspects.m:369-387).
    /// - Returns: false if the object's class has no method for `selector`.
    @discardableResult
    public func installSubclass(_ rt: Runtime, _ object: ObjectID, _ selector: String) -> Bool {
        let cls = rt.object_getClass(object)
        let sel = rt.sel(selector)
        // Already in our subclass: the object was hooked before.
        if rt.class_getName(cls).hasSuffix("_" + prefix) { return true }
        guard rt.class_getInstanceMethod(cls, sel) != nil else { return false }
        let name = rt.class_getName(cls) + "_" + prefix
        let sub: Class
        if let existing = rt.objc_getClass(name) { sub = existing } else {
            guard let made = rt.objc_allocateClassPair(cls, name, owner: id) else { return false }
            let label = id
            let types = rt.method_getTypeEncoding(rt.class_getInstanceMethod(cls, sel)!)
            rt.addMethod(made, selector, types: types, owner: id) { rt, o, _, a in
                HookJournal.record(rt, label)
                // [super sel]: the class the object had (objc_msgSendSuper with the subclass's superclass).
                return try rt.objc_msgSendSuper(o, cls, sel, a)
            }
            let original = rt.classObject(cls)
            rt.addMethod(made, "class", types: "#@:", owner: id) { _, _, _, _ in .object(original) }
            rt.objc_registerClassPair(made)
            sub = made
        }
        _ = rt.object_setClass(object, sub)
        return true
    }
}
