// Sentry's task swizzles (sentry-cocoa SentryNetworkTrackingIntegration.swift:93-115, SentrySwizzle.m,
// SentryNSURLSessionTaskSearch.m) on the NSURLSession host's task classes.
import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

@Suite("URL-session task swizzle (Sentry)")
struct URLSessionTaskSwizzleTests {
    @Test("The task search finds NSURLSessionTask from a __NSCFLocalDataTask probe; the probe session and task are freed")
    func search() throws {
        let scene = Scene(HostKind.urlSession)
        let before = scene.rt.allInstances.count
        let classes = try URLSessionTaskSwizzle.taskClassesToTrack(scene.rt)
        try scene.rt.drainAutoreleasePool()
        #expect(classes.map(scene.rt.class_getName) == ["NSURLSessionTask"])
        let probes = scene.rt.allInstances.dropFirst(before)
        #expect(probes.count == 2 && probes.allSatisfy(scene.rt.isFreed), "the ephemeral session and its task")
    }

    @Test("Its resume hook records, then the original resume runs with _cmd resume; a second start swizzles nothing")
    func resumeHook() throws {
        let scene = Scene(HostKind.urlSession)
        let rt = scene.rt
        let done = try URLSessionTaskSwizzle.start(rt)
        #expect(done.map { "\(rt.class_getName($0.0)) \($0.1)" } == ["NSURLSessionTask resume", "NSURLSessionTask setState:"])
        let task = try #require(rt.objc_getClass("NSURLSessionTask"))
        let resume = try #require(rt.class_getInstanceMethod(task, rt.sel("resume")))
        #expect(rt.imp_getOwner(rt.method_getImplementation(resume)) == "sentry")
        // oncePerClassAndSuperclasses: the key's set already holds NSURLSessionTask.
        #expect(try URLSessionTaskSwizzle.start(rt).isEmpty)
        #expect(rt.method_getImplementation(try #require(rt.class_getInstanceMethod(task, rt.sel("resume")))) == rt.method_getImplementation(resume))

        let session = try scene.makeHost()
        // The second start's probe task was cancelled through the setState: hook; what follows is the app's task.
        let mark = rt.journal.count
        let seen = { rt.journal[mark...].filter { $0.observer == "sentry" }.map(\.event) }
        let event = try #require(HostKind.urlSession.event("URLSession:dataTask:didReceiveData:"))
        let started = try #require(try UIKit.appStartsTask(on: session, before: event, in: rt))
        #expect(seen() == ["resume"], "one hook, once")
        // The original ran: the task left the suspended state (1) for running (0).
        #expect(rt.object_getIvar(started, "_state") == .int(0))
        #expect(rt.object_getClass(started) == rt.objc_getClass("__NSCFLocalDataTask"))
        // The session has its task: the next event starts none.
        #expect(try UIKit.appStartsTask(on: session, before: event, in: rt) == nil)
        // setState: (cancel sends it, SentryNetworkTrackingIntegration.swift #8917 comment) goes through its hook too.
        try rt.objc_msgSend(started, rt.sel("cancel"))
        #expect(seen() == ["resume", "setState:"] && rt.object_getIvar(started, "_state") == .int(2))
    }

    @Test("A subclass of a swizzled class is skipped under the same key (SentrySwizzleModeOncePerClassAndSuperclasses)")
    func oncePerClassAndSuperclasses() throws {
        let scene = Scene(HostKind.urlSession)
        let rt = scene.rt
        try URLSessionTaskSwizzle.start(rt)
        let local = try #require(rt.objc_getClass("__NSCFLocalSessionTask"))
        #expect(try !URLSessionTaskSwizzle.swizzleInstanceMethod(rt, local, "resume", owner: "sentry", key: "resume"))
        #expect(!rt.class_ownsMethod(local, rt.sel("resume")))
        // Another key is another set.
        #expect(try URLSessionTaskSwizzle.swizzleInstanceMethod(rt, local, "resume", owner: "sentry", key: "other"))
    }

    @Test("enableSwizzling = false installs nothing")
    func optOut() throws {
        let scene = Scene(HostKind.urlSession)
        #expect(try URLSessionTaskSwizzle.start(scene.rt, enableSwizzling: false).isEmpty)
        let task = try #require(scene.rt.objc_getClass("NSURLSessionTask"))
        let resume = try #require(scene.rt.class_getInstanceMethod(task, scene.rt.sel("resume")))
        #expect(scene.rt.imp_getOwner(scene.rt.method_getImplementation(resume)) == "Foundation")
    }
}
