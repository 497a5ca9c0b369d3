// RSSwizzle (rabovik/RSSwizzle 3a84b7c6, RSSwizzle.m; method-hooking guide §4.2): class_replaceMethod under a lock,
// the original IMP kept, the superclass's IMP looked up at call time when the class did not own the method, and the
// original called as a function pointer with the real `_cmd`.
import ObjCModel

/// The IMP-replacement swizzle (`RSSwizzleInstanceMethod`), the style New Relic calls "the right way".
public enum RSSwizzle {
    /// `RSSwizzleInstanceMethod(cls, sel, RSSWReturnType, RSSWArguments, RSSWReplacement({ body; RSSWCallOriginal }),
    /// RSSwizzleModeAlways, NULL)`: the replacement records `label`, then calls the original.
    /// - Parameters:
    ///   - cls: the class whose method is replaced; a metaclass for a class method.
    ///   - callsOriginal: whether the replacement calls `RSSWCallOriginal`.
    /// - Returns: false if the class has no method for `selector` (RSSwizzle requires one).
    @discardableResult
    public static func swizzleInstanceMethod(_ rt: Runtime, _ cls: Class, _ selector: String, label: String,
                                             callsOriginal: Bool = true) -> Bool {
        let sel = rt.sel(selector)
        guard let method = rt.class_getInstanceMethod(cls, sel) else { return false }
        let types = rt.method_getTypeEncoding(method)
        // :213-218 the original-IMP provider: the stored IMP, or the superclass's, fetched at call time.
        final class Original { var imp: IMP? }
        let original = Original()
        let superclass = rt.class_getSuperclass(cls)
        let meta = rt.class_isMetaClass(cls)
        let replacement = rt.imp_implementationWithBlock("\(meta ? "+" : "-")[\(rt.class_getName(cls)) \(selector)] (RSSwizzle)",
                                                         owner: label) { rt, o, _, a in
            HookJournal.record(rt, label)
            guard callsOriginal else { return .none }
            var imp = original.imp
            if imp == nil, let superclass, let m = rt.class_getInstanceMethod(superclass, sel) {
                imp = rt.method_getImplementation(m)
            }
            guard let imp else { return .none }
            // RSSwizzle.h:367-371 RSSWCallOriginal: `originalIMP(self, selector_, args)`, the swizzled selector as _cmd.
            return try rt.callIMP(imp, o, sel, a)
        }
        // :247-249 class_replaceMethod returns the previous IMP only if the class owned it (guide §0.1).
        original.imp = rt.class_replaceMethod(cls, sel, replacement, types)
        return true
    }
}
