// SETIMP on the URL-session task classes (Sentry's network tracking, getsentry/sentry-cocoa @c34c99b; the class search
// is AFNetworking's, also New Relic's NRMAURLSessionTaskSearch): at its start the SDK finds the task classes to hook
// and replaces the given methods on each, once per class and superclasses. It never touches the session delegate.
// Its hooks record what they saw under the SDK's observer, then call the kept IMP with their own `_cmd`.
import ObjCModel

/// `SentryNetworkTrackingIntegration.swizzleURLSessionTasks` and the SentrySwizzle (RSSwizzle-derived) it runs on.
public enum URLSessionTaskSwizzle {
    /// One registry of swizzled classes per SDK and key (SentrySwizzle.m `swizzledClassesForKey`; Sentry's keys are
    /// `SentryNetworkTrackingSwizzleKeys.resume` / `.state`), kept per runtime on the task root class object.
    static func registryIvar(_ owner: String, _ key: String) -> String { "_swizzledTaskClasses_\(owner)_\(key)" }

    /// Where Sentry's code does what each fact says: the sources of a caller that gives none (a participant file gives
    /// its `cite` or `based-on` lines).
    public static func sentrySource(_ fact: DeclaredSDK.MechanismFact) -> String {
        switch fact {
        case .taskClassesOnce: return "getsentry/sentry-cocoa Sources/Sentry/SentrySwizzle.m SentrySwizzleModeOncePerClassAndSuperclasses"
        case .taskClassesReplace: return "getsentry/sentry-cocoa SentryNetworkTrackingIntegration.swift:93-115 @c34c99b; Sources/Sentry/SentrySwizzle.m swizzle()"
        default: return "getsentry/sentry-cocoa Sources/Sentry/SentryNSURLSessionTaskSearch.m urlSessionTaskClassesToTrack"
        }
    }

    /// `SentryNSURLSessionTaskSearch.urlSessionTaskClassesToTrack` (Sources/Sentry/SentryNSURLSessionTaskSearch.m):
    /// a delegate-less session, `[session dataTaskWithURL:]`, then up from `[localDataTask class]` while the class has
    /// `setState:`, every class whose `setState:` IMP differs from its superclass's; then `cancel` and
    /// `finishTasksAndInvalidate`.
    public static func taskClassesToTrack(_ rt: Runtime, owner: String = "sentry",
                                          source: (DeclaredSDK.MechanismFact) -> String = sentrySource) throws -> [Class] {
        guard let sessionClass = rt.objc_getClass("NSURLSession") else { return [] }
        let session = try rt.objc_msgSend(rt.classObject(sessionClass), rt.sel("sessionWithConfiguration:"), [.string("ephemeral")])
        guard let s = session.object, let task = try rt.objc_msgSend(s, rt.sel("dataTaskWithURL:"), [.string("url")]).object else { return [] }
        let setState = rt.sel("setState:")
        var result: [Class] = []
        var current: Class? = rt.object_getClass(task)
        while let cls = current, let m = rt.class_getInstanceMethod(cls, setState) {
            let superclass = rt.class_getSuperclass(cls)
            let superIMP = superclass.flatMap { rt.class_getInstanceMethod($0, setState) }.map(rt.method_getImplementation)
            if rt.method_getImplementation(m) != superIMP { result.append(cls) }
            current = superclass
        }
        try rt.objc_msgSend(task, rt.sel("cancel"))
        try rt.objc_msgSend(s, rt.sel("finishTasksAndInvalidate"))
        rt.noteFact("\(owner) hooks the task classes whose setState: differs from their superclass's, found from a probe data task's class",
                    source: source(.taskClassesSearch))
        return result
    }

    /// `swizzleURLSessionTasks` (SentryNetworkTrackingIntegration.swift:93-115 @c34c99b): for each class found,
    /// `resume` and `setState:` replaced with mode `.oncePerClassAndSuperclasses` and a stable key each. Only when
    /// `options.enableSwizzling` (the integration's `init?` returns nil otherwise).
    /// - Returns: the classes and selectors it replaced now (empty when every one was already swizzled).
    @discardableResult
    public static func start(_ rt: Runtime, selectors: [String] = ["resume", "setState:"], owner: String = "sentry",
                             enableSwizzling: Bool = true,
                             source: (DeclaredSDK.MechanismFact) -> String = sentrySource) throws -> [(Class, String)] {
        guard enableSwizzling else {
            rt.noteFact("With enableSwizzling = false Sentry's network tracking integration installs nothing",
                        source: "getsentry/sentry-cocoa SentryNetworkTrackingIntegration.swift init?(with:dependencies:) `guard options.enableSwizzling`")
            return []
        }
        var done: [(Class, String)] = []
        for cls in try taskClassesToTrack(rt, owner: owner, source: source) {
            for selector in selectors where try swizzleInstanceMethod(rt, cls, selector, owner: owner, key: selector, source: source) {
                done.append((cls, selector))
            }
        }
        return done
    }

    /// `+[SentrySwizzle swizzleInstanceMethod:inClass:newImpFactory:mode:key:]` with
    /// `SentrySwizzleModeOncePerClassAndSuperclasses` (SentrySwizzle.m): NO when the class or any superclass is in
    /// the key's set; otherwise `swizzle()` and the class added to the set.
    static func swizzleInstanceMethod(_ rt: Runtime, _ cls: Class, _ selector: String, owner: String, key: String,
                                      source: (DeclaredSDK.MechanismFact) -> String = sentrySource) throws -> Bool {
        let sel = rt.sel(selector)
        guard let method = rt.class_getInstanceMethod(cls, sel), let root = rt.objc_getClass("NSURLSessionTask") else { return false }
        let holder = rt.classObject(root)
        let ivar = registryIvar(owner, key)
        let swizzled = rt.object_getIvar(holder, ivar).stringValue.map { $0.splitASCII(",").map(String.init) } ?? []
        var c: Class? = cls
        while let k = c {
            if swizzled.contains(rt.class_getName(k)) {
                rt.noteFact("\(owner) skips a class when it or a superclass was already swizzled under the same key",
                            source: source(.taskClassesOnce))
                return false
            }
            c = rt.class_getSuperclass(k)
        }
        let types = rt.method_getTypeEncoding(method)
        // SentrySwizzle.m swizzle(): originalIMP filled by class_replaceMethod; when NULL (the class did not own the
        // method) the superclass's IMP is looked up at call time.
        final class Original { var imp: IMP? }
        let original = Original()
        let superclass = rt.class_getSuperclass(cls)
        let replacement = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls)) \(selector)] (\(owner))", owner: owner) { rt, o, _, a in
            // :93-115 the hook tells the tracker (urlSessionTaskResume / urlSessionTask(_:setState:)), then original().
            rt.journal.append(JournalEntry(observer: owner, event: selector))
            var imp = original.imp
            if imp == nil, let superclass, let m = rt.class_getInstanceMethod(superclass, sel) { imp = rt.method_getImplementation(m) }
            guard let imp else { return .none }
            // SentrySWCallOriginal: the original IMP called with the swizzled selector as `_cmd`.
            return try rt.callIMP(imp, o, sel, a)
        }
        original.imp = rt.class_replaceMethod(cls, sel, replacement, types)
        try rt.object_setIvar(holder, ivar, .string((swizzled + [rt.class_getName(cls)]).joined(separator: ",")), .value)
        rt.noteFact("\(owner) replaces -[\(rt.class_getName(cls)) \(selector)] (class_replaceMethod) and calls the kept IMP with the same selector",
                    source: source(.taskClassesReplace))
        return true
    }
}
