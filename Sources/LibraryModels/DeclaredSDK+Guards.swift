// Guards and getter of a wrapping SDK (Datadog's UIScrollView delegate proxy, field guide c.17 and a.4): a wrapper of
// its own passed through by type, a proxy reused from the delegate, a re-entrancy flag in the proxy's
// `respondsToSelector:`, a re-entrancy guard on the hooked setter keyed by host identity, and a swizzled getter that
// answers the wrapped delegate instead of the wrapper.
import ObjCModel
import UIKitModel

extension DeclaredSDK {
    /// The ivar flag the setter guard sets on the host while the hooked setter runs.
    var setterGuardIvar: String { "sdk.\(id).inSetter" }

    /// Runs `body` under the setter's re-entrancy guard: a nested set on the same host calls the original setter only
    /// (DatadogRUM UIScrollViewSwizzler.swift SetDelegate :66-125, "a re-entrancy set keyed by scroll-view identity").
    /// - Returns: false when the set was nested and `original` ran instead of `body`.
    func guardingSetter(_ rt: Runtime, _ view: ObjectID, _ delegate: Value, original: (Runtime, ObjectID, Value) throws -> Void,
                        _ body: () throws -> Void) throws {
        if setterFirstOnly {
            // One dispatch_once for the process: its token lives in the runtime, as a marker class.
            let token = "\(id).firstDelegateSet"
            if rt.objc_getClass(token) != nil {
                note(rt, .firstOnly, "\(id)'s setDelegate: hook handles only the first delegate ever set (dispatch_once); a later one only goes to the original setter")
                return try original(rt, view, delegate)
            }
            _ = rt.defineClass(token, superclass: rt.NSObjectClass, owner: id)
        }
        guard setterReentrancyGuard else { return try body() }
        if rt.object_getIvar(view, setterGuardIvar).boolValue {
            note(rt, .reentrancyGuard, "\(id)'s setDelegate: swizzle calls the previous setter directly when it is re-entered for the same view")
            return try original(rt, view, delegate)
        }
        try rt.object_setIvar(view, setterGuardIvar, .bool(true), .value)
        defer { try? rt.object_setIvar(view, setterGuardIvar, .bool(false), .value) }
        try body()
    }

    /// A wrapper of its own, or the proxy already associated with the delegate (`reuse`), or nil: then a new wrapper.
    func existingWrapper(_ rt: Runtime, _ proxy: Proxy, _ delegate: Value, made: Class) throws -> (Value, ObjectID?)? {
        guard let d = delegate.object else { return nil }
        if proxy.passOwn, rt.class_isSubclass(rt.object_getClass(d), of: made) {
            // `if delegate is UIScrollViewDelegateProxy { previousImplementation(…) }` (UIScrollViewSwizzler.swift).
            note(rt, .passOwn, "\(id) passes its own wrapper through unwrapped (a type check)")
            return (delegate, nil)
        }
        if proxy.reuse, let keep = proxy.keep, keep.on == .delegate,
           let existing = rt.objc_getAssociatedObject(d, keep.key).object, rt.class_isSubclass(rt.object_getClass(existing), of: made) {
            // One proxy per delegate, kept as an associated object and reused (UIScrollViewSwizzler.swift:101-121).
            note(rt, .reuse, "\(id) reuses the wrapper associated with the delegate instead of making a second one")
            _ = try rt.objc_retain(existing)
            return (.object(existing), existing)
        }
        return nil
    }

    /// The `respondsToSelector:` re-entrancy flag: a nested question answers NO (UIScrollViewDelegateProxy.swift:51-65).
    func guardedResponds(_ rt: Runtime, _ o: ObjectID, _ on: Bool, _ answer: () throws -> Value) throws -> Value {
        guard on else { return try answer() }
        let flag = "sdk.inRespondsToSelector"
        if rt.object_getIvar(o, flag).boolValue {
            note(rt, .respondsGuard, "\(id)'s wrapper answers NO to a respondsToSelector: asked while it is already answering one")
            return .bool(false)
        }
        try rt.object_setIvar(o, flag, .bool(true), .value)
        defer { try? rt.object_setIvar(o, flag, .bool(false), .value) }
        return try answer()
    }

    /// `getter unwrap`: the host's delegate getter swizzled (IMP captured) so that a wrapper of its own answers its
    /// target (DatadogRUM UIScrollViewSwizzler.swift GetDelegate :141-152, added for #2760).
    func hookGetter(_ rt: Runtime, _ cls: Class, _ property: String, made: Class?) {
        guard let made, let method = rt.class_getInstanceMethod(cls, rt.sel(property)) else { return }
        let sel = rt.sel(property)
        let previous = rt.method_getImplementation(method)
        let types = rt.method_getTypeEncoding(method)
        let imp = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(\(category)) \(property)]", owner: id) { rt, view, cmd, a in
            let stored = try rt.callIMP(previous, view, sel, a)
            guard let w = stored.object, rt.class_isSubclass(rt.object_getClass(w), of: made) else { return stored }
            note(rt, .getterUnwrap, "\(id)'s delegate getter returns the wrapper's original delegate, not the wrapper")
            return rt.object_getIvar(w, "target")
        }
        _ = rt.class_replaceMethod(cls, sel, imp, types)
    }

    /// `setter declared`: at its start the SDK hooks the class the app declared, the app delegate's class, before or
    /// after any session exists (URLSessionTaskDelegateSwizzler.swift:59-91 works on the customer-declared class).
    public func hookDeclaredClass(_ rt: Runtime, host: ObjectID, kind: HostKind) throws {
        guard let cls = rt.objc_getClass(AppDelegateObject.className) else { return }
        note(rt, .setterDeclared, "\(id) hooks the delegate class the app declares to its start call, not the delegate object of a \(kind.className)")
        // `[delegate class]` of a class object is the class itself, so the class hooks run on the declared class.
        _ = try handleDelegate(rt, host, .object(rt.classObject(cls)), observed: events(on: kind.className), made: nil)
    }
}
