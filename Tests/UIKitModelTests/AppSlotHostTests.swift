// The app-level hosts (field guide app-push-network-sdks.md, runtime facts 1, 5, 6): UIApplication's cached answers,
// UNUserNotificationCenter's first-call-wins handlers, NSURLSession's strong slot set only at creation.

import Testing
import ObjCModel
@testable import UIKitModel

@Suite("App-level hosts: UIApplication, UNUserNotificationCenter, NSURLSession")
struct AppSlotHostTests {
    /// A delegate class implementing only `selectors`, each journaling itself and calling its handler `calls` times
    /// with the value 10 + its call number.
    func delegateClass(_ rt: Runtime, _ name: String, _ selectors: [String], calls: Int = 1) -> Class {
        let cls = rt.defineClass(name, superclass: rt.NSObjectClass)
        for selector in selectors {
            rt.addMethod(cls, selector, types: "v@:@@@?") { rt, o, _, a in
                rt.journal.append(JournalEntry(observer: rt.describe(o), event: selector))
                for i in 0..<calls { try UIKit.callHandler(rt, a.last ?? .none, by: rt.describe(o), [.int(10 + i)]) }
                return .bool(true)
            }
        }
        return cls
    }

    @Test("UIApplication caches respondsToSelector: at setDelegate:; a method added later is not called until the delegate is set again")
    func applicationCachesAnswers() throws {
        let f = try HostFixture(HostKind.uiApplication)
        let cls = delegateClass(f.rt, "Late", [])
        let d = f.rt.class_createInstance(cls)
        try f.setDelegate(.object(d))
        let openURL = HostKind.uiApplication.event("application:openURL:options:")!
        f.rt.addMethod(cls, openURL.selector, types: "c@:@@@") { rt, o, _, _ in
            rt.journal.append(JournalEntry(observer: rt.describe(o), event: "openURL"))
            return .bool(true)
        }
        try f.fire(openURL)
        #expect(f.hostEntries("skipped").map(\.detail) == [openURL.selector])
        // GULAppDelegateSwizzler.m:518-531: delegate = nil; delegate = d refreshes the cache.
        try f.setDelegate(.none)
        try f.setDelegate(.object(d))
        #expect(try f.fire(openURL) == .bool(true))
        #expect(f.rt.journal.contains { $0.event == "openURL" })
        #expect(f.slot("delegate")?.ownership == .assign)
    }

    @Test("The fetch handler must be called exactly once: twice names the caller, never is recorded too")
    func fetchHandlerOnce() throws {
        let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
        for (calls, misuse) in [(0, "never called"), (1, nil), (2, "called 2 times")] as [(Int, String?)] {
            let f = try HostFixture(HostKind.uiApplication)
            let d = f.rt.class_createInstance(delegateClass(f.rt, "D\(calls)", [fetch], calls: calls))
            try f.setDelegate(.object(d))
            try f.fire(HostKind.uiApplication.event(fetch)!)
            let found = f.hostEntries("handlerMisuse").map(\.detail)
            if let misuse {
                #expect(found.count == 1 && found[0].contains(misuse), "\(calls): \(found)")
                if calls == 2 { #expect(found[0].contains("called by D2#2, then D2#2")) }
            } else {
                #expect(found.isEmpty)
            }
        }
    }

    @Test("UN handlers: the first call wins, the second is recorded with who called it; the slot is weak and asked at delivery")
    func notificationFirstCallWins() throws {
        let f = try HostFixture(HostKind.notificationCenter)
        let present = HostKind.notificationCenter.events[0]
        let d = f.rt.class_createInstance(delegateClass(f.rt, "Twice", [present.selector], calls: 2))
        try f.setDelegate(.object(d))
        #expect(f.slot("delegate")?.ownership == .weak)
        try f.fire(present)
        #expect(f.hostEntries("handled").map(\.detail) == ["completionHandler of \(present.selector) 10"])
        #expect(f.hostEntries("handlerMisuse").first?.detail.contains("called by Twice#2, then Twice#2") == true)
        // No cache: the center asks at delivery, and skips a method the delegate lacks.
        let receive = HostKind.notificationCenter.events[1]
        try f.fire(receive)
        #expect(f.hostEntries("skipped").map(\.detail) == [receive.selector])
    }

    @Test("NSURLSession: the delegate is given only at creation, retained until invalidation, which asks respondsToSelector:")
    func sessionOwnsDelegateUntilInvalidated() throws {
        let rt = Runtime()
        UIKit.load(into: rt)
        let cls = rt.objc_getClass("NSURLSession")!
        #expect(rt.class_getInstanceMethod(cls, rt.sel("setDelegate:")) == nil)
        let invalid = "URLSession:didBecomeInvalidWithError:"
        let d = rt.class_createInstance(delegateClass(rt, "Del", [invalid]))
        let session = try rt.objc_msgSend(rt.classObject(cls), rt.sel("sessionWithConfiguration:delegate:delegateQueue:"),
                                          [.string("c"), .object(d), .none]).object!
        try rt.objc_retain(session)
        try rt.drainAutoreleasePool()
        try rt.objc_release(d)
        #expect(!rt.isFreed(d))   // the session keeps it
        rt.tracing = true
        try UIKit.fire(HostKind.urlSession.event(invalid)!, on: session, of: HostKind.urlSession, in: rt)
        let sends = rt.trace.compactMap { if case .send(_, _, let s, _) = $0 { return s } else { return nil } }
        #expect(sends.starts(with: ["finishTasksAndInvalidate", "respondsToSelector:", invalid]))
        #expect(rt.isFreed(d))
    }

    @Test("SwiftUI's app delegate answers for its adaptor and forwards to it")
    func swiftUIForwards() throws {
        let f = try HostFixture(HostKind.uiApplicationSwiftUI)
        let open = HostKind.uiApplicationSwiftUI.event("applicationWillTerminate:")!
        let adaptor = f.rt.class_createInstance(delegateClass(f.rt, "Adaptor", [open.selector]))
        let swiftUI = try UIKit.makeSwiftUIAppDelegate(adaptor: adaptor, in: f.rt)
        try f.setDelegate(.object(swiftUI))
        try f.fire(open)
        #expect(f.rt.journal.contains { $0.observer == f.rt.describe(adaptor) && $0.event == open.selector })
    }
}
