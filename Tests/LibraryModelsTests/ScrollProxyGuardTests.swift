// Datadog's scroll-view proxy guards as declared primitives (DeclaredSDK+Guards.swift), driven by hand: one proxy per
// delegate (`reuse`), its own proxy passed through (`pass-own`), a nested set only calling the original setter
// (`reentrancy-guard`), and the getter answering the original (`getter unwrap`).
import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

@Suite("Scroll-view proxy guards")
struct ScrollProxyGuardTests {
    static func datadog(reuse: Bool, guarded: Bool, getter: Bool) -> DeclaredSDK {
        var proxy = DeclaredSDK.Proxy(nsProxy: false, className: "UIScrollViewDelegateProxy", target: .weak, forwarding: .forwardingTarget,
                                      responds: .ownOrTarget, marker: nil,
                                      keep: DeclaredSDK.Keep(retains: true, on: reuse ? .delegate : .host, key: "dd_proxy"))
        proxy.passOwn = true
        proxy.reuse = reuse
        var sdk = DeclaredSDK(id: "dd", observer: "dd", start: .runtime, observes: [("UIScrollView", ["scrollViewWillBeginDragging:"])],
                              setterHook: .replace, callsOriginal: true, resetsDelegate: false, prefix: "dd_", category: "Datadog",
                              handling: .wrap(proxy))
        sdk.setterReentrancyGuard = guarded
        sdk.getterUnwraps = getter
        return sdk
    }

    @Test("reuse: one delegate on two scroll views gets one proxy; without it, two")
    func reuse() throws {
        for reuse in [true, false] {
            let scene = Scene(.scrollView(.ios9))
            Self.datadog(reuse: reuse, guarded: false, getter: false).install(into: scene.rt)
            let (a, b) = (try scene.makeHost(), try scene.makeHost())
            let app = try scene.app()
            _ = try scene.rt.send(a, "setDelegate:", .object(app))
            _ = try scene.rt.send(b, "setDelegate:", .object(app))
            let (pa, pb) = (scene.rawDelegate(a), scene.rawDelegate(b))
            #expect(pa != nil && pa != app && (pa == pb) == reuse, "reuse \(reuse)")
        }
    }

    @Test("pass-own and getter unwrap: setting the proxy again keeps it unwrapped; the getter answers the app's delegate only with getter unwrap")
    func passOwnAndGetter() throws {
        for getter in [true, false] {
            let scene = Scene(.scrollView(.ios9))
            Self.datadog(reuse: true, guarded: false, getter: getter).install(into: scene.rt)
            let host = try scene.makeHost()
            let app = try scene.app()
            _ = try scene.rt.send(host, "setDelegate:", .object(app))
            let proxy = try #require(scene.rawDelegate(host))
            _ = try scene.rt.send(host, "setDelegate:", .object(proxy))
            #expect(scene.rawDelegate(host) == proxy)   // not a proxy of the proxy
            #expect(try scene.rt.send(host, "delegate").object == (getter ? app : proxy))
        }
    }

    @Test("reentrancy-guard: a set nested in the hooked setter for the same scroll view reaches the original setter unwrapped")
    func reentrancy() throws {
        for guarded in [true, false] {
            let scene = Scene(.scrollView(.ios9))
            let sdk = Self.datadog(reuse: false, guarded: guarded, getter: false)
            sdk.install(into: scene.rt)
            let host = try scene.makeHost()
            let app = try scene.app()
            // The setter swizzle runs inside another set of the same view: the test wraps Datadog's setter and sets again from within.
            let cls = scene.rt.objc_getClass("UIScrollView")!
            let datadogSetter = scene.rt.method_getImplementation(scene.rt.class_getInstanceMethod(cls, scene.rt.sel("setDelegate:"))!)
            let nested = scene.rt.imp_implementationWithBlock("-[UIScrollView(Test) setDelegate:]") { rt, o, cmd, a in
                try rt.object_setIvar(o, "sdk.dd.inSetter", .bool(true), .value)
                defer { try? rt.object_setIvar(o, "sdk.dd.inSetter", .bool(false), .value) }
                return try rt.callIMP(datadogSetter, o, cmd, a)
            }
            _ = scene.rt.class_replaceMethod(cls, scene.rt.sel("setDelegate:"), nested, "v@:@")
            _ = try scene.rt.send(host, "setDelegate:", .object(app))
            #expect((scene.rawDelegate(host) == app) == guarded, "guarded \(guarded)")
        }
    }
}
