// The class-swizzling variants of the app-level SDKs: XCHG with a selector per block through NSInvocation (CleverTap
// CTSwizzle.m), the runtime class as the target (Leanplum), and a passive SDK the app calls by hand (Branch).

import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

@Suite("Per-block exchange, runtime-class target, passive SDKs")
struct BlockExchangeTests {
    static let token = "application:didRegisterForRemoteNotificationsWithDeviceToken:"
    static let openURL = "application:openURL:options:"

    func sdk(_ id: String, _ events: [String], prefix: String = "_ct_", perBlock: Bool = true, runtimeClass: Bool = false,
             addMissing: Bool = false) -> DeclaredSDK {
        var sdk = DeclaredSDK(id: id, observer: id, start: .runtime, observes: [("UIApplication", events)], setterHook: .replace,
                              callsOriginal: true, resetsDelegate: false, prefix: prefix, category: id,
                              handling: .swizzleClass(addMissing: addMissing))
        sdk.trigger = .start
        sdk.perBlockSelector = perBlock
        sdk.swizzlesRuntimeClass = runtimeClass
        return sdk
    }

    /// A UIApplication whose delegate is the app's, and the app delegate.
    func appScene() throws -> (Scene, ObjectID, ObjectID) {
        let s = Scene(HostKind.uiApplication)
        AppDelegateObject.defineAppSlotMethods(in: s.rt, shape: .init())
        let host = try s.makeHost()
        let app = try s.app()
        _ = try s.rt.send(host, "setDelegate:", .object(app))
        return (s, host, app)
    }

    @Test("A per-block exchange keeps the original under _ct_block_<sel>_N; a second install adds a second block and both run")
    func perBlockChains() throws {
        let (s, host, app) = try appScene()
        let first = sdk("ct1", [Self.token]), second = sdk("ct2", [Self.token])
        first.install(into: s.rt)
        try first.start(on: host, kind: HostKind.uiApplication, made: nil, in: s.rt)
        let cls = s.rt.objc_getClass(AppDelegateObject.className)!
        let block1 = s.rt.sel("_ct_block_\(Self.token)_1")
        // After the exchange the block selector holds the app's own IMP (CTSwizzle.m:33-65).
        #expect(s.rt.class_getInstanceMethod(cls, block1).map { s.rt.imp_getOwner(s.rt.method_getImplementation($0)) } == "app")
        second.install(into: s.rt)
        try second.start(on: host, kind: HostKind.uiApplication, made: nil, in: s.rt)
        #expect(s.rt.class_respondsToSelector(cls, s.rt.sel("_ct_block_\(Self.token)_2")))
        try s.fire(Self.token, on: host)
        #expect(s.observed("ct1") == [Self.token] && s.observed("ct2") == [Self.token])
        #expect(s.received(app) == [Self.token])
        // The same two SDKs as one-helper exchanges with one prefix: the second takes the class as hooked and skips it.
        let (p, phost, papp) = try appScene()
        for plain in [sdk("x1", [Self.token], perBlock: false), sdk("x2", [Self.token], perBlock: false)] {
            plain.install(into: p.rt)
            try plain.start(on: phost, kind: HostKind.uiApplication, made: nil, in: p.rt)
        }
        try p.fire(Self.token, on: phost)
        #expect(p.observed("x1") == [Self.token] && p.observed("x2").isEmpty)
        #expect(p.received(papp) == [Self.token])
    }

    @Test("add-missing adds the SDK's own method where the stated class lacks it; no-donor leaves it out")
    func addsWhereMissing() throws {
        let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
        let s = Scene(HostKind.uiApplication)
        let host = try s.makeHost()
        // A delegate class with neither method: CleverTap adds the token method, not the fetch one.
        let bare = s.rt.defineClass("BareDelegate", superclass: s.rt.NSObjectClass)
        let d = s.rt.class_createInstance(bare)
        _ = try s.rt.send(host, "setDelegate:", .object(d))
        var ct = sdk("ct", [Self.token, fetch], addMissing: true)
        ct.noDonors = [fetch]
        ct.install(into: s.rt)
        try ct.start(on: host, kind: HostKind.uiApplication, made: nil, in: s.rt)
        #expect(s.rt.class_respondsToSelector(bare, s.rt.sel(Self.token)))
        #expect(!s.rt.class_respondsToSelector(bare, s.rt.sel(fetch)))
        #expect(ct.hooksWhenLacking(Self.token) && !ct.hooksWhenLacking(fetch))
    }

    @Test("runtime-class hooks object_getClass(delegate); the stated class is what -class answers")
    func runtimeClassTarget() throws {
        let (s, host, app) = try appScene()
        // The app delegate moved into a subclass whose -class answers the original class (KVO-style).
        let appClass = s.rt.objc_getClass(AppDelegateObject.className)!
        let sub = s.rt.objc_allocateClassPair(appClass, "AppDelegate_Lying", owner: "test")!
        let original = s.rt.classObject(appClass)
        s.rt.addMethod(sub, "class", types: "#@:") { _, _, _, _ in .object(original) }
        s.rt.objc_registerClassPair(sub)
        _ = s.rt.object_setClass(app, sub)
        let stated = sdk("stated", [Self.token], prefix: "st_", perBlock: false)
        let runtime = sdk("runtime", [Self.token], prefix: "lp_", perBlock: false, runtimeClass: true)
        for x in [stated, runtime] {
            x.install(into: s.rt)
            try x.start(on: host, kind: HostKind.uiApplication, made: nil, in: s.rt)
        }
        #expect(s.rt.class_ownsMethod(appClass, s.rt.sel("st_\(Self.token)")))
        #expect(!s.rt.class_ownsMethod(sub, s.rt.sel("st_\(Self.token)")))
        #expect(s.rt.class_ownsMethod(sub, s.rt.sel("lp_\(Self.token)")))
        #expect(!s.rt.class_ownsMethod(appClass, s.rt.sel("lp_\(Self.token)")))
        try s.fire(Self.token, on: host)
        #expect(s.observed("stated") == [Self.token] && s.observed("runtime") == [Self.token])
    }

    @Test("A passive SDK sees an event exactly when the app's own method runs")
    func passiveSeesWhatTheAppSees() throws {
        let (s, host, app) = try appScene()
        var branch = DeclaredSDK(id: "branch", observer: "branch", start: .runtime, observes: [("UIApplication", [Self.openURL])],
                                 setterHook: .replace, callsOriginal: true, resetsDelegate: false, prefix: "sdk_", category: "SDK",
                                 handling: .passive)
        branch.trigger = .start
        branch.install(into: s.rt)
        try s.fire(Self.openURL, on: host)
        #expect(s.observed("branch").isEmpty, "not started yet: the app's call reaches nobody")
        try branch.start(on: host, kind: HostKind.uiApplication, made: nil, in: s.rt)
        try s.fire(Self.openURL, on: host)
        #expect(s.observed("branch") == [Self.openURL])
        #expect(s.received(app) == [Self.openURL, Self.openURL])
        #expect(!branch.hooksWhenLacking(Self.openURL))
    }
}
