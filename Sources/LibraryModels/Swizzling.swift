// Classic method swizzling as apps and SDKs write it (NSHipster "Method Swizzling"; method-hooking guide §4.1).
import ObjCModel

/// The NSHipster exchange pattern and its common variant that forgets `class_addMethod`.
public enum Swizzling {
    /// Adds `swizzled` under `swizzledSelector`, then exchanges it with `original`.
    /// - Parameter addFirst: the NSHipster pattern's `class_addMethod(cls, original, swizzledIMP)` step, which keeps an
    ///   inherited method's superclass untouched. Without it, exchanging an inherited method swaps the superclass's
    ///   entry (guide §4.1 "Inherited-only method").
    /// - Returns: false if the class has no method for `original` at all (nothing to swizzle).
    @discardableResult
    public static func exchange(_ rt: Runtime, _ cls: Class, _ original: String, with swizzledSelector: String,
                                _ swizzled: IMP, types: String? = nil, addFirst: Bool = true) -> Bool {
        let origSel = rt.sel(original), swzSel = rt.sel(swizzledSelector)
        guard let originalMethod = rt.class_getInstanceMethod(cls, origSel) else { return false }
        let t = types ?? rt.method_getTypeEncoding(originalMethod)
        rt.class_addMethod(cls, swzSel, swizzled, t)
        if !addFirst, originalMethod.cls != cls {
            rt.noteFact("exchanging an inherited method without class_addMethod swaps the superclass's own entry",
                        source: "RSSwizzle README; NSHipster \"Method Swizzling\"")
        }
        if addFirst, rt.class_addMethod(cls, origSel, swizzled, t) {
            // The class only inherited `original`: it now owns the hook; the helper selector calls the inherited IMP.
            rt.class_replaceMethod(cls, swzSel, rt.method_getImplementation(originalMethod), t)
            return true
        }
        rt.method_exchangeImplementations(rt.class_getInstanceMethod(cls, origSel)!, rt.class_getInstanceMethod(cls, swzSel)!)
        return true
    }
}

extension Swizzling {
    /// The NSHipster category hook (`xxx_viewWillAppear:` calling `[self xxx_viewWillAppear:]`, guide §4.1), installed
    /// with ``exchange(_:_:_:with:_:types:addFirst:)``; its body records `label`.
    ///
    /// The helper body sends its own (literal) helper selector, which after the exchange holds the previous IMP, so
    /// that IMP runs with `_cmd` = the helper selector (guide §0.4). Installing it twice exchanges back (the
    /// "swizzling twice undoes it" rule): the second `class_addMethod` calls fail, and the exchange is an involution.
    /// - Parameters:
    ///   - cls: the class whose method is hooked; a metaclass for a class method.
    ///   - prefix: the category prefix (`xxx_`); two libraries with the same prefix collide.
    /// - Returns: false if the class has no method for `selector`.
    @discardableResult
    public static func installExchangeHook(_ rt: Runtime, _ cls: Class, _ selector: String, label: String,
                                           prefix: String = "xxx_", addFirst: Bool = true) -> Bool {
        let helper = prefix + selector
        let helperSel = rt.sel(helper)
        let meta = rt.class_isMetaClass(cls)
        // A category method is compiled into the class: one IMP per class and helper name.
        let imp = rt.imp_implementationWithBlock("\(meta ? "+" : "-")[\(rt.class_getName(cls))(Swizzling) \(helper)]",
                                                 owner: label) { rt, o, _, a in
            HookJournal.record(rt, label)
            // NSHipster: `[self xxx_viewWillAppear:animated]`, the literal helper selector.
            return try rt.objc_msgSend(o, helperSel, a)
        }
        if let m = rt.class_getInstanceMethod(cls, rt.sel(selector)), rt.method_getImplementation(m) == rt._objc_msgForward {
            // The method already forwards (Aspects, JSPatch, RAC): after the exchange the forward runs under the
            // helper selector, which the forwarding library does not know.
            // objc4 method_exchangeImplementations swaps the IMPs only, so the forward IMP runs as the helper selector.
            rt.noteFact("an exchange swizzle over a forwarded method makes the helper selector forward, and the forwarding library has no alias for it",
                        source: "objc4 objc-runtime-new.mm method_exchangeImplementations; NSHipster \"Method Swizzling\"")
        }
        if let m = rt.class_getInstanceMethod(cls, rt.sel(selector)), case let owner = rt.imp_getOwner(rt.method_getImplementation(m)),
           owner != rt.class_getOwner(m.cls), owner != "runtime" {
            // Someone else's hook is the current IMP: the two chain, the last installed outermost.
            // Each exchange keeps the previous IMP under its own helper selector, which its body calls.
            rt.noteFact("two exchange swizzlers on one selector both run, the last installed outermost",
                        source: "objc4 objc-runtime-new.mm method_exchangeImplementations; NSHipster \"Method Swizzling\"")
        }
        return exchange(rt, cls, selector, with: helper, imp, addFirst: addFirst)
    }
}
