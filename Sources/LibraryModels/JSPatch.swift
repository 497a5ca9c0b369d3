// JSPatch (bang590/JSPatch e80a5573, JPEngine.m; method-hooking guide §2): `defineClass` overrides through
// `overrideMethod` (ORIG<sel> alias, the _JP<sel> function table, the IMP-equality guard on forwardInvocation:,
// ORIGforwardInvocation:), `JPForwardInvocation` with its lookup from the isa up, and its fallback.
import ObjCModel

/// The JSPatch engine of one scenario.
public final class JSPatch {
    public let rt: Runtime
    static let library = "JSPatch"

    /// What a JS override body does besides recording that it ran.
    public enum Body: String, Sendable, CaseIterable {
        /// Never calls the original: the override replaces the method.
        case replaces
        /// `self.ORIGsel(args)`: calls the original through the ORIG alias.
        case callsOrig = "calls-orig"
        /// `self.super().sel(args)`: calls the superclass's implementation (SUPER_<sel>).
        case callsSuper = "calls-super"

        /// Whether the override replaces the method: the selector forwards to the JS function (JPEngine.m:1008-1015),
        /// which reaches the original only through `ORIG<sel>` (:1000-1006).
        public var replacesOriginal: Bool { self != .callsOrig }
        /// Whether the body calls the superclass's implementation through `SUPER_<sel>` (JPEngine.m:1045).
        public var callsSuper: Bool { self == .callsSuper }
    }

    /// The engine's tables; the IMPs capture this, never the engine or the runtime.
    final class Shared {
        /// `_JSOverideMethods` (:1008-1011): per class, `_JP<sel>` → the JS function. A table, not runtime methods.
        var overrides: [Class: [String: (label: String, body: Body)]] = [:]
        var forwardIMP: IMP?
    }
    let shared = Shared()

    public init(_ rt: Runtime) { self.rt = rt }

    /// `defineClass('Cls', { sel: function… })` → `overrideMethod` (:968-1016) on `cls` in place (a metaclass for
    /// class methods, :594).
    public func overrideMethod(_ cls: Class, _ selector: String, body: Body, label: String = "jspatch") {
        let sel = rt.sel(selector)
        // :977 the original IMP, resolved (inherited, or _objc_msgForward if someone already forwards it).
        let originalImp: IMP? = rt.class_respondsToSelector(cls, sel) ? rt.class_getMethodImplementation(cls, sel) : nil
        let types = rt.class_getInstanceMethod(cls, sel).map(rt.method_getTypeEncoding) ?? "v@:"
        // :992-997 the IMP-equality guard: re-wrap forwardInvocation: only if it does not already resolve to ours.
        let jp = forwardIMP()
        if rt.class_getMethodImplementation(cls, rt.s.forwardInvocation) != jp {
            if let orig = rt.class_replaceMethod(cls, rt.s.forwardInvocation, jp, "v@:@") {
                rt.noteFact("JSPatch keeps the forwardInvocation: the class owned as ORIGforwardInvocation:", source: "JSPatch JPEngine.m:992-997")
                rt.class_addMethod(cls, rt.sel("ORIGforwardInvocation:"), orig, "v@:@")
            }
        }
        // :1000-1006 ORIG<sel> = the resolved IMP, unless the class already answers it.
        if rt.class_respondsToSelector(cls, sel) {
            let origSel = rt.sel("ORIG" + selector)
            if !rt.class_respondsToSelector(cls, origSel), let originalImp {
                if originalImp == rt._objc_msgForward {
                    rt.noteFact("JSPatch's ORIG<sel> is the resolved IMP: _objc_msgForward when another library already forwards the method",
                                source: "JSPatch JPEngine.m:977, :1000-1006")
                }
                rt.class_addMethod(cls, origSel, originalImp, types)
            }
        }
        // :1008-1011 the JS function under _JP<sel>.
        shared.overrides[cls, default: [:]]["_JP" + selector] = (label, body)
        // :1015 the selector forwards.
        rt.class_replaceMethod(cls, sel, rt._objc_msgForward, types)
    }

    // MARK: JPForwardInvocation (:657-957)

    func forwardIMP() -> IMP {
        if let imp = shared.forwardIMP { return imp }
        let shared = self.shared
        let imp = rt.imp_implementationWithBlock("JPForwardInvocation", owner: Self.library) { rt, o, cmd, a in
            guard case .invocation(let invocation)? = a.first else { return .none }
            try Self.JPForwardInvocation(rt, shared, o, cmd, invocation)
            return .none
        }
        shared.forwardIMP = imp
        return imp
    }

    static func JPForwardInvocation(_ rt: Runtime, _ shared: Shared, _ o: ObjectID, _ cmd: SEL, _ invocation: NSInvocation) throws {
        let selectorName = rt.sel_getName(invocation.selector)
        // :639-655 getJSFunctionInObjectHierachy: from object_getClass(self) up the superclasses.
        var found: (cls: Class, label: String, body: Body)?
        var k: Class? = rt.object_getClass(o)
        while let c = k {
            if let f = shared.overrides[c]?["_JP" + selectorName] { found = (c, f.label, f.body); break }
            k = rt.class_getSuperclass(c)
        }
        guard let found else {
            rt.noteFact("JPForwardInvocation passes a selector with no JS function to ORIGforwardInvocation:, else to the superclass's current forwardInvocation:",
                        source: "JSPatch JPEngine.m:639-655, :935-957")
            try JPExecuteORIGForwardInvocation(rt, o, invocation)
            return
        }
        // The JS function runs; ORIG and super calls go back through ObjC messaging.
        HookJournal.record(rt, found.label)
        switch found.body {
        case .replaces:
            rt.noteFact("a JSPatch override whose JS never calls ORIG replaces the method, and with it every hook installed before",
                        source: "JSPatch JPEngine.m:1008-1015 (the selector forwards to the JS function)")
        case .callsOrig:
            invocation.returnValue = try rt.objc_msgSend(o, rt.sel("ORIG" + selectorName), invocation.arguments)
        case .callsSuper:
            // :1045 SUPER_<sel>: added to the class with the superclass's current IMP, then sent.
            // MODEL: the _JPSUPER_ mapping (a JS override in the superclass, :644, :783) is not modeled.
            rt.noteFact("JSPatch's super call adds SUPER_<sel> with the superclass's current IMP and sends it", source: "JSPatch JPEngine.m:1045")
            let superSel = rt.sel("SUPER_" + selectorName)
            if let superclass = rt.class_getSuperclass(found.cls),
               let m = rt.class_getInstanceMethod(superclass, invocation.selector) {
                rt.class_addMethod(found.cls, superSel, rt.method_getImplementation(m), rt.method_getTypeEncoding(m))
            }
            invocation.returnValue = try rt.objc_msgSend(o, superSel, invocation.arguments)
        }
    }

    /// `JPExecuteORIGForwardInvocation` (:935-957): ORIGforwardInvocation: with the unchanged invocation, else the
    /// superclass's current forwardInvocation: IMP, fetched at call time from `[[self class] superclass]`.
    static func JPExecuteORIGForwardInvocation(_ rt: Runtime, _ o: ObjectID, _ invocation: NSInvocation) throws {
        let origForward = rt.sel("ORIGforwardInvocation:")
        if try rt.objc_msgSend(o, rt.s.respondsToSelector, [.sel(origForward)]).boolValue {
            try rt.objc_msgSend(o, origForward, [.invocation(invocation)])
            return
        }
        let stated = try rt.objc_msgSend(o, rt.s.class).object.flatMap { rt.classOfClassObject($0) } ?? rt.object_getClass(o)
        guard let superclass = rt.class_getSuperclass(stated),
              let m = rt.class_getInstanceMethod(superclass, rt.s.forwardInvocation) else {
            throw rt.unrecognized(o, invocation.selector)
        }
        try rt.callIMP(rt.method_getImplementation(m), o, rt.s.forwardInvocation, [.invocation(invocation)])
    }
}
