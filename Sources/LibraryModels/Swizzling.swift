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
        if addFirst, rt.class_addMethod(cls, origSel, swizzled, t) {
            // The class only inherited `original`: it now owns the hook; the helper selector calls the inherited IMP.
            rt.class_replaceMethod(cls, swzSel, rt.method_getImplementation(originalMethod), t)
            return true
        }
        rt.method_exchangeImplementations(rt.class_getInstanceMethod(cls, origSel)!, rt.class_getInstanceMethod(cls, swzSel)!)
        return true
    }
}
