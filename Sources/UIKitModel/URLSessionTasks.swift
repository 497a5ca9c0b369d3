// NSURLSession's tasks: the concrete data-task class chain, `resume`, `setState:` and `cancel`, and the app's
// `[[session dataTaskWithRequest:] resume]` before the delegate gets any task callback. SDKs that hook tasks rather
// than the session delegate (Sentry) hook these classes.
import ObjCModel

extension UIKit {
    /// The concrete class `-dataTaskWithRequest:` returns, and its superclasses up to `NSURLSessionTask`: "On iOS 8,
    /// `localDataTask` is a `__NSCFLocalDataTask`, which inherits from `__NSCFLocalSessionTask`, which inherits from
    /// `NSURLSessionTask`" (AFNetworking AFURLSessionManager.m `_AFURLSessionTaskSwizzling +load`, 4eaec5b).
    public static let taskClassChain = ["__NSCFLocalDataTask", "__NSCFLocalSessionTask", "NSURLSessionTask"]

    /// `NSURLSessionTaskState` (NSURLSession.h): running 0, suspended 1, canceling 2, completed 3.
    static let taskStateRunning = 0, taskStateSuspended = 1, taskStateCanceling = 2

    /// The session's ivar holding the data task the app made with it (the session keeps a running task alive).
    static let sessionTaskIvar = "_dataTask"

    /// Defines the task classes and the session's task factories (`-dataTaskWithRequest:`, `-dataTaskWithURL:`) and
    /// `+sessionWithConfiguration:`, the factory without a delegate.
    static func loadURLSessionTasks(_ rt: Runtime, session: Class) {
        let task = rt.defineClass("NSURLSessionTask", superclass: rt.NSObjectClass, owner: "Foundation")
        // MODEL: on iOS 14 and later `NSURLSessionTask` is the one class of the chain with its own `setState:`
        // (sentry-cocoa SentryNSURLSessionTaskSearchTests: `urlSessionTaskClassesToTrack()` is `[URLSessionTask.self]`
        // from iOS 14); `resume` is modeled on the same class.
        rt.addMethod(task, "state", types: "q@:") { rt, o, _, _ in rt.object_getIvar(o, "_state") }
        rt.addMethod(task, "setState:", types: "v@:q") { rt, o, _, a in
            try rt.object_setIvar(o, "_state", a.first ?? .int(taskStateRunning), .value)
            return .none
        }
        // Apple, -[NSURLSessionTask resume]: "Newly-initialized tasks begin in a suspended state, so you need to call
        // this method to start the task." MODEL: it moves the state without a message (no source says resume sends
        // setState:).
        rt.addMethod(task, "resume", types: "v@:") { rt, o, _, _ in
            try rt.object_setIvar(o, "_state", .int(taskStateRunning), .value)
            return .none
        }
        // "-[NSURLSessionTask cancel] calls setState:" (sentry-cocoa SentryNetworkTrackingIntegration.swift,
        // keepTaskAliveDuringSwizzle, issue #8917).
        rt.addMethod(task, "cancel", types: "v@:") { rt, o, _, _ in
            try rt.objc_msgSend(o, rt.sel("setState:"), [.int(taskStateCanceling)])
        }
        let local = rt.defineClass(taskClassChain[1], superclass: task, owner: "CFNetwork")
        let data = rt.defineClass(taskClassChain[0], superclass: local, owner: "CFNetwork")
        // A new task, suspended ("Newly-initialized tasks begin in a suspended state", -resume docs). MODEL: the session
        // keeps the task it made (+0 to the caller), one at a time.
        let makeTask: IMPBody = { rt, session, _, _ in
            let t = rt.class_createInstance(data)
            _ = try rt.objc_msgSend(t, rt.s.`init`)
            try rt.object_setIvar(t, "_state", .int(taskStateSuspended), .value)
            try rt.object_setIvar(session, sessionTaskIvar, .object(t), .strong)
            try rt.objc_release(t)
            return .object(t)
        }
        rt.addMethod(session, "dataTaskWithRequest:", types: "@@:@", makeTask)
        rt.addMethod(session, "dataTaskWithURL:", types: "@@:@", makeTask)
        // `+[NSURLSession sessionWithConfiguration:]`: a session with no delegate (NSURLSession.h), autoreleased.
        rt.addClassMethod(session, "sessionWithConfiguration:", types: "@@:@") { rt, classObject, _, _ in
            guard let made = rt.classOfClassObject(classObject) else { return .none }
            return .object(try rt.makeObject(made))
        }
    }

    /// The app starts a request on `session` before its delegate can get any task callback: Apple,
    /// -[NSURLSession dataTaskWithRequest:]: "After you create the task, you must start it by calling its resume
    /// method." One data task per session: made and resumed at the first task event, none for
    /// `URLSession:didBecomeInvalidWithError:`.
    /// - Returns: the task the app resumed now, or nil when the session already has one or the event is not a task's.
    @discardableResult
    public static func appStartsTask(on session: ObjectID, before event: HostEvent, in rt: Runtime) throws -> ObjectID? {
        guard event.selector.includes("ask:"), rt.object_getIvar(session, sessionTaskIvar).isNil else { return nil }
        guard let t = try rt.objc_msgSend(session, rt.sel("dataTaskWithRequest:"), [.string("request")]).object else { return nil }
        try rt.objc_msgSend(t, rt.sel("resume"))
        return t
    }
}
