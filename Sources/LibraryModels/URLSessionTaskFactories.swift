// SETIMP on the URL session's task factories, and on `resume` of the first task class one of them returns (New Relic's
// NSURLSession instrumentation, newrelic/newrelic-ios-agent @7.7.6): at its start the SDK replaces `dataTaskWithRequest:`
// and `dataTaskWithURL:` on the concrete session class, so every session's tasks go through it, earlier sessions too;
// each replacement calls the kept IMP, then `instrumentConcreteClass:[task class]`, which replaces `resume` once in the
// process with `method_setImplementation` on the Method `class_getInstanceMethod` finds: the superclass's when the
// concrete class inherits it, so every task class that inherits it is hooked with it.
import ObjCModel

/// `NRMAURLSessionOverride.beginInstrumentation` and `NRMAURLSessionTaskOverride.instrumentConcreteClass:`.
public enum URLSessionTaskFactories {
    /// The task factories replaced (NRMAURLSessionOverride.m:79-100 @7.7.6; the lab's session has these two).
    static let factories = ["dataTaskWithRequest:", "dataTaskWithURL:"]

    /// Where the process-wide "resume already replaced" flag lives (`static IMP NRMAOriginal__resume`,
    /// NRMAURLSessionTaskOverride.m:20), kept per runtime on the task root class object.
    static func resumeIvar(_ owner: String) -> String { "_taskFactoryResume_\(owner)" }

    /// Replaces the factories on the session class. `owner` records each task's `resume` under its observer.
    public static func install(_ rt: Runtime, owner: String, source: @escaping (DeclaredSDK.MechanismFact) -> String) {
        // MODEL: the probe session's class (`[[NSURLSession sessionWithConfiguration:…] class]`, :73-77) is the lab's
        // NSURLSession class.
        guard let session = rt.objc_getClass("NSURLSession") else { return }
        for factory in factories {
            let sel = rt.sel(factory)
            guard let method = rt.class_getInstanceMethod(session, sel) else { continue }
            final class Kept { var imp: IMP? }
            let kept = Kept()
            let replacement = rt.imp_implementationWithBlock("NRMAOverride__\(factory) (\(owner))", owner: owner) { rt, o, _, a in
                guard let imp = kept.imp else { return .none }
                let task = try rt.callIMP(imp, o, sel, a)
                // :227 and the other factories: instrumentConcreteClass:[task class] after the original made the task.
                if let t = task.object, let object = try rt.objc_msgSend(t, rt.s.`class`).object, let cls = rt.classOfClassObject(object) {
                    try instrumentConcreteClass(rt, cls, owner: owner, source: source)
                }
                return task
            }
            // NRMASwapImplementations (NRMAMethodSwizzling.m:11-23): method_setImplementation on class_getInstanceMethod.
            kept.imp = rt.method_setImplementation(method, replacement)
        }
        rt.noteFact("\(owner) replaces the URL session's task factories on its concrete class, so the tasks of sessions made before it started go through them too",
                    source: source(.taskFactories))
    }

    /// `instrumentConcreteClass:` (NRMAURLSessionTaskOverride.m:27-41 @7.7.6): once in the process, when the class
    /// responds to `resume`, `method_setImplementation` on `class_getInstanceMethod(clazz, resume)`; the override
    /// starts a timer when the task is suspended, then calls the kept IMP with its `_cmd` (:96-108).
    static func instrumentConcreteClass(_ rt: Runtime, _ cls: Class, owner: String, source: (DeclaredSDK.MechanismFact) -> String) throws {
        guard let root = rt.objc_getClass("NSURLSessionTask") else { return }
        let holder = rt.classObject(root)
        let flag = resumeIvar(owner)
        guard rt.object_getIvar(holder, flag).isNil, let method = rt.class_getInstanceMethod(cls, rt.sel("resume")) else { return }
        try rt.object_setIvar(holder, flag, .string(rt.class_getName(cls)), .value)
        final class Kept { var imp: IMP? }
        let kept = Kept()
        let resume = rt.sel("resume")
        let replacement = rt.imp_implementationWithBlock("NRMAOverride__resume (\(owner))", owner: owner) { rt, o, _, a in
            // NSURLSessionTaskStateSuspended is 1 (NSURLSession.h): the timer starts only from there (:98-106).
            if try rt.objc_msgSend(o, rt.sel("state")).intValue == 1 {
                rt.journal.append(JournalEntry(observer: owner, event: "resume"))
            }
            guard let imp = kept.imp else { return .none }
            return try rt.callIMP(imp, o, resume, a)
        }
        kept.imp = rt.method_setImplementation(method, replacement)
        rt.noteFact("\(owner) replaces resume once, with method_setImplementation on the Method class_getInstanceMethod finds for the first task's class (the superclass's when the class inherits it), and calls the kept IMP",
                    source: source(.taskFactoriesResume))
    }
}
