import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

@Suite("Tracker SDK alone")
struct TrackerSDKTests {
    @Test("each design alone: every tracked event is recorded once and reaches the app once; answers reach the host",
          arguments: TrackerSDK.Design.allCases, HostKind.viewHosts)
    func alone(design: TrackerSDK.Design, kind: HostKind) throws {
        let s = Scene(kind, .debug)
        TrackerSDK.load(design, into: s.rt)
        let host = try s.makeHost()
        let app = try s.app([("webView:shouldStartLoadWithRequest:navigationType:", .bool(false))])
        try s.rt.send(host, kind.primarySlot.setter, .object(app))
        for e in kind.events {
            let before = s.rt.journal.count
            let answer = try s.fire(e.selector, on: host)
            let seen = s.rt.journal[before...].filter { $0.event == e.selector }.map(\.observer)
            #expect(seen.filter { $0 == s.rt.describe(app) }.count == 1, "\(e.selector)")
            let tracked = TrackerSDK.trackedSelectors(kind).contains(e.selector)
            #expect(seen.filter { $0 == TrackerSDK.observer }.count == (tracked ? 1 : 0), "\(e.selector)")
            if e.selector == "webView:shouldStartLoadWithRequest:navigationType:" { #expect(answer == .bool(false)) }
        }
    }

    @Test("scheme 2: the view keeps the newest wrapper by association; the wrapper holds the delegate weakly")
    func proxyOwnership() throws {
        let s = Scene(HostKind.tableView(.ios9))
        TrackerSDK.load(.proxy, into: s.rt)
        let table = try s.makeHost()
        let app = try s.app()
        try s.rt.send(table, "setDelegate:", .object(app))
        let wrapper = try #require(s.rawDelegate(table))
        #expect(s.rt.objc_getAssociatedObject(table, TrackerSDK.proxyAssociationKey) == .object(wrapper))
        #expect(s.rt.ivars(wrapper).first { $0.name == "target" }.map { ($0.value, $0.ownership) }! == (.object(app), .weak))
        // The marker passes a wrapper through unchanged: no double wrapping.
        try s.rt.send(table, "setDelegate:", .object(wrapper))
        #expect(s.rawDelegate(table) == wrapper)
        #expect(try s.rt.send(wrapper, "isKindOfClass:", .object(s.rt.classObject(s.rt.objc_getClass("AppDelegate")!))) == .bool(true))
    }

    @Test("scheme 1 hooks the class of the object passed to setDelegate:, once per class")
    func swizzleOncePerClass() throws {
        let s = Scene(HostKind.tableView(.ios9))
        TrackerSDK.load(.swizzle, into: s.rt)
        let t1 = try s.makeHost(), t2 = try s.makeHost()
        let a1 = try s.app(), a2 = try s.app()
        try s.rt.send(t1, "setDelegate:", .object(a1))
        try s.rt.send(t2, "setDelegate:", .object(a2))
        let appClass = s.rt.objc_getClass("AppDelegate")!
        #expect(s.rt.class_copyMethodList(appClass).filter { s.rt.sel_getName($0).hasPrefix("bd_tableView") }.count == 1)
        try s.fire("tableView:didSelectRowAtIndexPath:", on: t2)
        #expect(s.observed(TrackerSDK.observer) == ["tableView:didSelectRowAtIndexPath:"])
    }
}

@Suite("WebViewJavascriptBridge alone")
struct WebViewJavascriptBridgeTests {
    @Test("jsbridge:plain on UIWebView: the bridge takes the assign slot, forwards explicitly, handles bridge URLs itself")
    func plainUIWebView() throws {
        let s = Scene(HostKind.uiWebView)
        WebViewJavascriptBridge.load(into: s.rt)
        let web = try s.makeHost()
        let bridge = try WebViewJavascriptBridge.bridgeForWebView(web, in: s.rt)
        try s.rt.objc_retain(bridge)   // the app stores the bridge (README L59-74)
        let app = try s.app([("webView:shouldStartLoadWithRequest:navigationType:", .bool(false))])
        try WebViewJavascriptBridge.setWebViewDelegate(bridge, .object(app), in: s.rt)
        #expect(s.rawDelegate(web) == bridge)
        #expect(s.rt.ivars(bridge).filter { $0.ownership == .weak }.map(\.name) == ["_webView", "_webViewDelegate"])
        #expect(try s.fire("webView:shouldStartLoadWithRequest:navigationType:", on: web) == .bool(false))
        try s.fire("webViewDidFinishLoad:", on: web)
        #expect(s.received(app) == ["webView:shouldStartLoadWithRequest:navigationType:", "webViewDidFinishLoad:"])
        // A bridge URL is handled by the bridge: NO, and the app is not consulted (L178-198).
        let answer = try s.rt.send(bridge, "webView:shouldStartLoadWithRequest:navigationType:", .object(web),
                                   .string("wvjbscheme://__bridge_loaded__"), .int(0))
        #expect(answer == .bool(false))
        #expect(s.received(app).count == 2)
        // dealloc clears the web view's delegate (L156-158).
        try s.rt.objc_release(bridge)
        try s.rt.drainAutoreleasePool()
        #expect(s.rt.isFreed(bridge))
        #expect(s.rawDelegate(web) == nil)
    }

    @Test("jsbridge:plain on WKWebView: decision handlers called once; didCommitNavigation never reaches the app (WVJB #273)")
    func plainWKWebView() throws {
        let s = Scene(HostKind.wkWebView)
        WebViewJavascriptBridge.load(into: s.rt)
        let web = try s.makeHost()
        let bridge = try WebViewJavascriptBridge.bridgeForWebView(web, in: s.rt)
        #expect(s.rt.describe(bridge).hasPrefix("WKWebViewJavascriptBridge#"))
        try s.rt.objc_retain(bridge)   // the app stores the bridge; navigationDelegate is weak
        let app = try s.app()
        try WebViewJavascriptBridge.setWebViewDelegate(bridge, .object(app), in: s.rt)
        for e in HostKind.wkWebView.events { try s.fire(e.selector, on: web) }
        // Forwarded: the two decisions, didFinish, didFail; never didCommit (WVJB #273) or the process termination (#211/#354).
        #expect(s.received(app) == ["webView:decidePolicyForNavigationAction:decisionHandler:", "webView:didFinishNavigation:",
                                    "webView:decidePolicyForNavigationResponse:decisionHandler:", "webView:didFailNavigation:withError:"])
        #expect(!s.rt.journal.contains { $0.event == "handlerMisuse" })
        // Without a delegate the bridge's default allows: the handler is still called exactly once.
        try WebViewJavascriptBridge.setWebViewDelegate(bridge, .none, in: s.rt)
        try s.fire("webView:decidePolicyForNavigationAction:decisionHandler:", on: web)
        #expect(!s.rt.journal.contains { $0.event == "handlerMisuse" })
    }
}

@Suite("Incident 4, by hand")
struct Incident4Tests {
    static let didSelect = "collectionView:didSelectItemAtIndexPath:"

    func scene(_ design: TrackerSDK.Design) throws -> (Scene, ObjectID, ObjectID, ObjectID) {
        let s = Scene(HostKind.collectionView(.ios9), .release)
        TrackerSDK.load(design, into: s.rt)
        IGListKit.load(into: s.rt)
        let cv = try s.makeHost()
        let app = try s.app()
        let adapter = try IGListKit.makeAdapter(in: s.rt)
        // The app configures its delegate, then wires the collection view: only the proxy meets setDelegate:.
        try IGListKit.setCollectionViewDelegate(adapter, .object(app), in: s.rt)
        try IGListKit.setCollectionView(adapter, cv, in: s.rt)
        return (s, cv, app, adapter)
    }

    @Test("tracker:swizzle + IGListKit: the tracker hooked IGListAdapterProxy, which implements nothing; it never sees the tap")
    func swizzleMisses() throws {
        let (s, cv, app, _) = try scene(.swizzle)
        let proxy = try #require(s.rawDelegate(cv))
        #expect(s.rt.describe(proxy).hasPrefix("IGListAdapterProxy#"))
        let proxyClass = s.rt.object_getClass(proxy)
        #expect(!s.rt.class_copyMethodList(proxyClass).contains { s.rt.sel_getName($0).hasPrefix("bd_tableView") })
        try s.fire(Self.didSelect, on: cv)
        #expect(s.received(app) == [Self.didSelect])
        #expect(s.observed(TrackerSDK.observer).isEmpty)
    }

    @Test("tracker:proxy + IGListKit: the tracker is a link in the chain; the tracker, the adapter and the app see the tap once")
    func proxyWorks() throws {
        let (s, cv, app, adapter) = try scene(.proxy)
        try s.fire(Self.didSelect, on: cv)
        #expect(s.received(app) == [Self.didSelect])
        #expect(s.observed(TrackerSDK.observer) == [Self.didSelect])
        #expect(s.observed(s.rt.describe(adapter)).filter { $0 == Self.didSelect } == [Self.didSelect])
    }
}
