// XAspect (xareelee/XAspect bb5ecef5; method-hooking guide §4.6): patches registered from each aspect class's +load,
// woven by a constructor after the image's +load methods, superclasses first; a nucleus when the class lacks its own
// IMP; then a chain of class_addMethod + method_exchangeImplementations per patch; a duplicate patch skipped.
import ObjCModel

/// The XAspect weaver of one scenario.
public final class XAspect {
    public let rt: Runtime
    static let library = "XAspect"

    /// One `AspectPatch(-, void, viewWillAppear:(BOOL)animated) { …; XAMessageForward(…); }`.
    public struct Patch: Sendable {
        public let aspect: String
        public let cls: Class
        public let selector: String
        /// Whether the patch body calls `XAMessageForward`, i.e. the previous head of the chain.
        public let forwards: Bool
        public let label: String

        /// Whether the patch replaces the method: a body without `XAMessageForward` never calls the previous head
        /// (XAObjcMetaprogramming.h:634-648).
        public var replacesOriginal: Bool { !forwards }
    }

    /// Registered, not yet woven (XAObjcMetaprogramming.h:144-160, from each aspect class's +load).
    public private(set) var pending: [Patch] = []
    /// Warnings the weaver logged (a duplicate patch, :707-710).
    public private(set) var warnings: [String] = []

    public init(_ rt: Runtime) { self.rt = rt }

    /// Registers a patch of aspect `aspect` on `cls` (a metaclass for a class method). Returns the patch, or nil for
    /// a duplicate of an earlier registration, which the weaver will skip (``isDuplicate(_:)``).
    @discardableResult
    public func registerPatch(_ aspect: String, _ cls: Class, _ selector: String, forwards: Bool = true) -> Patch? {
        let patch = Patch(aspect: aspect, cls: cls, selector: selector, forwards: forwards, label: "xaspect:\(aspect)")
        let duplicate = registered.contains { $0.cls == cls && prefixedSelector($0) == prefixedSelector(patch) }
        pending.append(patch)
        registered.append(patch)
        return duplicate ? nil : patch
    }

    /// Every patch registered, woven or not.
    private var registered: [Patch] = []

    /// XACrystallization.cpp:707-710: a patch is a duplicate when its class already answers its prefixed selector,
    /// i.e. the same aspect patched the same class and selector before; the weaver logs a warning and skips it.
    func isDuplicate(_ patch: Patch) -> Bool {
        rt.class_respondsToSelector(patch.cls, rt.sel(prefixedSelector(patch)))
    }

    /// `_AtAspect_<Aspect>_OfClass_<Class>_` + `_` + selector (XAObjcMetaprogramming.h:178-181; XACExtensions.c:117-120).
    public func prefixedSelector(_ patch: Patch) -> String {
        "_AtAspect_\(patch.aspect)_OfClass_\(rt.class_getName(patch.cls))_" + "_" + patch.selector
    }

    /// The constructor (XAWeaveHandler.cpp:45-48): crystallizes every pending patch, superclasses first
    /// (XACrystallization.cpp:392-417), each class's patches in registration order.
    public func weave() {
        let patches = pending
        pending = []
        func depth(_ c: Class) -> Int {
            var n = 0
            var k = rt.class_getSuperclass(c)
            while let s = k { n += 1; k = rt.class_getSuperclass(s) }
            return n
        }
        let ordered = patches.enumerated().sorted {
            let (d0, d1) = (depth($0.element.cls), depth($1.element.cls))
            return d0 != d1 ? d0 < d1 : $0.offset < $1.offset
        }.map(\.element)
        for patch in ordered { crystallize(patch) }
    }

    func crystallize(_ patch: Patch) {
        let sel = rt.sel(patch.selector)
        let cls = patch.cls
        let meta = rt.class_isMetaClass(cls)
        // XACrystallization.cpp:666-699 nucleation.
        if !rt.class_ownsMethod(cls, sel) {
            if let inherited = rt.class_getInstanceMethod(cls, sel), let superclass = rt.class_getSuperclass(cls) {
                // Only in a superclass: the SuperCaller nucleus calls super at call time.
                rt.addMethod(cls, patch.selector, types: rt.method_getTypeEncoding(inherited), owner: Self.library,
                             label: "\(meta ? "+" : "-")[\(rt.class_getName(cls)) \(patch.selector)] (XAspect SuperCaller)") { rt, o, _, a in
                    try rt.objc_msgSendSuper(o, superclass, sel, a)
                }
            } else {
                // Nowhere: the Default nucleus returns zero.
                rt.addMethod(cls, patch.selector, owner: Self.library,
                             label: "\(meta ? "+" : "-")[\(rt.class_getName(cls)) \(patch.selector)] (XAspect Default)") { _, _, _, _ in .none }
            }
        }
        let prefixed = prefixedSelector(patch)
        let prefixedSel = rt.sel(prefixed)
        // :707-710 a duplicate patch (the class already answers the prefixed selector): warning, skipped.
        if isDuplicate(patch) {
            warnings.append("XAspect: -[\(rt.class_getName(cls)) \(prefixed)] already exists; the patch is skipped.")
            return
        }
        let label = patch.label
        let forwards = patch.forwards
        let imp = rt.imp_implementationWithBlock("\(meta ? "+" : "-")[\(rt.class_getName(cls)) \(prefixed)]", owner: label) { rt, o, _, a in
            HookJournal.record(rt, label)
            // XAObjcMetaprogramming.h:634-648 XAMessageForward(sel) = [self <prefix>sel]: the previous head.
            guard forwards else { return .none }
            return try rt.objc_msgSend(o, prefixedSel, a)
        }
        if rt.method_getImplementation(rt.class_getInstanceMethod(cls, sel)!) == rt._objc_msgForward {
            // objc4 method_exchangeImplementations swaps the IMPs only: the forward then runs as the prefixed selector.
            rt.noteFact("XAspect exchanges over a forwarded method, so the forward runs under the prefixed selector, which the forwarding library has no alias for",
                        source: "XAspect XACExtensions.c:138-150; objc4 objc-runtime-new.mm method_exchangeImplementations")
        }
        // :702-717 makeSelectorChain (XACExtensions.c:138-150): add, then exchange with the target.
        let types = rt.method_getTypeEncoding(rt.class_getInstanceMethod(cls, sel)!)
        rt.class_addMethod(cls, prefixedSel, imp, types)
        rt.method_exchangeImplementations(rt.class_getInstanceMethod(cls, sel)!, rt.class_getInstanceMethod(cls, prefixedSel)!)
    }
}
