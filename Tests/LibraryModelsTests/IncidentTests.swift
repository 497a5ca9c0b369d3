import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

/// Incidents 1-3 of INCIDENTS.md, built by hand from the models. Nothing here tells a model what to do.
@Suite("Field incidents, by hand")
struct IncidentTests {
    static let shouldStart = "webView:shouldStartLoadWithRequest:navigationType:"

    /// Incident 1 set-up: the app's bridge hook, then the tracker's, then a web view and the app's delegate.
    func incident1(_ hook: WebViewJavascriptBridge.AppHook, trackerFirst: Bool, _ config: BuildConfiguration)
        throws -> (Scene, ObjectID, ObjectID) {
        let s = Scene(HostKind.uiWebView, config)
        if trackerFirst { TrackerSDK.load(.proxy, into: s.rt) }
        WebViewJavascriptBridge.loadAppHooks(hook, into: s.rt)
        if !trackerFirst { TrackerSDK.load(.proxy, into: s.rt) }
        let web = try s.makeHost()
        let app = try s.app()
        try s.rt.send(web, "setDelegate:", .object(app))
        try s.rt.drainAutoreleasePool()
        return (s, web, app)
    }

    @Test("incident 1: jsbridge:buggy → tracker:proxy leaves UIWebView's assign delegate on the freed wrapper #1",
          arguments: BuildConfiguration.allCases)
    func incident1Crash(config: BuildConfiguration) throws {
        let (s, web, _) = try incident1(.buggy, trackerFirst: false, config)
        // Right after the second setDelegate:, the assign slot holds a freed TrackerProxy (danglingReference).
        let dangling = try #require(s.rawDelegate(web))
        #expect(s.rt.isFreed(dangling))
        #expect(s.rt.describe(dangling).hasPrefix("TrackerProxy#"))
        // The association now holds wrapper #2, a different, live TrackerProxy.
        let live = try #require(s.rt.objc_getAssociatedObject(web, TrackerSDK.proxyAssociationKey).object)
        #expect(live != dangling && !s.rt.isFreed(live))
        // The next event goes through _WebSafeForwarder to the freed wrapper.
        do {
            try s.fire(Self.shouldStart, on: web)
            Issue.record("expected a message to a freed object")
        } catch let fault as Fault {
            #expect(fault.kind == .messageToFreedObject(className: "TrackerProxy", selector: Self.shouldStart,
                                                        object: s.rt.describe(dangling)))
            #expect(fault.symbols == [
                "-[_WebSafeForwarder webView:decidePolicyForNavigationAction:request:frame:decisionListener:]",
                "-[_WebSafeForwarder forwardInvocation:]",
                "-[UIWebView webView:decidePolicyForNavigationAction:request:frame:decisionListener:]",
            ])
        }
    }

    @Test("incident 1: with jsbridge:fixed, events reach the tracker and the app exactly once",
          arguments: BuildConfiguration.allCases)
    func incident1Fixed(config: BuildConfiguration) throws {
        let (s, web, app) = try incident1(.fixed, trackerFirst: false, config)
        let delegate = try #require(s.rawDelegate(web))
        #expect(!s.rt.isFreed(delegate))
        #expect(try s.fire(Self.shouldStart, on: web) == .bool(true))
        try s.fire("webViewDidFinishLoad:", on: web)
        #expect(s.received(app) == [Self.shouldStart, "webViewDidFinishLoad:"])
        #expect(s.observed(TrackerSDK.observer) == [Self.shouldStart, "webViewDidFinishLoad:"])
    }

    @Test("incident 1: in the other load order both app hooks work", arguments: WebViewJavascriptBridge.AppHook.allCases)
    func incident1OtherOrder(hook: WebViewJavascriptBridge.AppHook) throws {
        let (s, web, app) = try incident1(hook, trackerFirst: true, .release)
        try s.fire(Self.shouldStart, on: web)
        #expect(s.received(app) == [Self.shouldStart])
        #expect(s.observed(TrackerSDK.observer) == [Self.shouldStart])
    }

    /// Incidents 2 and 3 set-up: the tracker at load, then `collectionView.rx.setDelegate(app)`.
    func rxWithTracker(_ config: BuildConfiguration, _ design: TrackerSDK.Design = .proxy, patched: Bool = false,
                       behaviour: RxCocoa.Behaviour = .current) throws -> (Scene, RxCocoa, ObjectID, ObjectID) {
        let s = Scene(HostKind.collectionView(.ios9), config)
        TrackerSDK.load(design, into: s.rt)
        let rx = RxCocoa(s.rt, patched: patched, behaviour: behaviour)
        let cv = try s.makeHost()
        let app = try s.app()
        return (s, rx, cv, app)
    }

    /// Each release line asserts at its own releases' line (RxSwift tags, field guide corrections §2 row 11).
    static let proxyInstalledSites: [(RxCocoa.Behaviour, String)] = [
        (.current, "DelegateProxyType.swift l.197 in 6.10, l.202 in 6.5–6.9"),
        (.v4_1, "DelegateProxyType.swift l.204 in 4.1–5.1, l.202 in 6.0–6.4"),
        (.v3_3, "DelegateProxyType.swift l.176 in 3.3–3.6, l.188 in 4.0"),
        (.v2_6, "DelegateProxyType.swift l.176 in 3.2, l.195 in 2.6"),
    ]

    @Test("incident 2: RxCocoa + tracker on UICollectionView asserts in debug, at its own release's line of DelegateProxyType.swift",
          arguments: proxyInstalledSites)
    func incident2(behaviour: RxCocoa.Behaviour, site: String) throws {
        let (_, rx, cv, app) = try rxWithTracker(.debug, behaviour: behaviour)
        do {
            _ = try rx.setDelegate(.object(app), on: cv)
            Issue.record("expected the assertion")
        } catch let fault as Fault {
            #expect(fault.kind == .assertionFailure(message: "", site: site))
            #expect(fault.raisedBy == "RxCocoa")
        }
    }

    @Test("incident 3: in release the next proxy(for:) builds Rx proxy → wrapper → Rx proxy and respondsToSelector: loops")
    func incident3() throws {
        let (s, rx, cv, app) = try rxWithTracker(.release)
        _ = try rx.setDelegate(.object(app), on: cv)
        let proxy = try #require(s.rt.objc_getAssociatedObject(cv, "RxDelegateProxy.identifier<UIScrollViewDelegate>").object)
        let wrapper = try #require(s.rawDelegate(cv))
        #expect(s.rt.describe(wrapper).hasPrefix("TrackerProxy#"))
        do {
            _ = try rx.subscribe("collectionView:didSelectItemAtIndexPath:", on: cv)
            Issue.record("expected infinite recursion")
        } catch let fault as Fault {
            #expect(fault.kind == .infiniteRecursion)
            #expect(Set(fault.cycleSymbols) == ["-[RxCollectionViewDelegateProxy respondsToSelector:]",
                                                "-[TrackerProxy respondsToSelector:]"])
            #expect(fault.cycle.count == 2)
        }
        // The forward delegate is now the wrapper: the app's delegate is out of the chain.
        #expect(s.rt.object_getIvar(proxy, "__forwardToDelegate") == .object(wrapper))
        #expect(s.rt.object_getIvar(wrapper, "target") == .object(proxy))
    }

    @Test("incident 3: rx:patched in release — no loop; the Rx subscriber, the tracker and the app each see the event once")
    func incident3Patched() throws {
        let (s, rx, cv, app) = try rxWithTracker(.release, patched: true)
        _ = try rx.setDelegate(.object(app), on: cv)
        _ = try rx.subscribe("collectionView:didSelectItemAtIndexPath:", on: cv)
        try s.fire("collectionView:didSelectItemAtIndexPath:", on: cv)
        #expect(s.received(app) == ["collectionView:didSelectItemAtIndexPath:"])
        #expect(s.observed(TrackerSDK.observer) == ["collectionView:didSelectItemAtIndexPath:"])
        #expect(s.observed(RxCocoa.observer) == ["collectionView:didSelectItemAtIndexPath:"])
    }

    @Test("incident 3: tracker:forwarding with rx — no finding in either configuration", arguments: BuildConfiguration.allCases)
    func incident3Forwarding(config: BuildConfiguration) throws {
        let (s, rx, cv, app) = try rxWithTracker(config, .forwarding)
        _ = try rx.setDelegate(.object(app), on: cv)
        _ = try rx.subscribe("collectionView:didSelectItemAtIndexPath:", on: cv)
        _ = try rx.proxy(for: cv)   // another rx.delegate read changes nothing
        try s.fire("collectionView:didSelectItemAtIndexPath:", on: cv)
        #expect(s.received(app) == ["collectionView:didSelectItemAtIndexPath:"])
        #expect(s.observed(TrackerSDK.observer) == ["collectionView:didSelectItemAtIndexPath:"])
        #expect(s.observed(RxCocoa.observer) == ["collectionView:didSelectItemAtIndexPath:"])
    }
    @Test("incident 7: IMYAOP keeps a KVO observer across its isa-swizzle; business rows, ad rows and the lying getter")
    func incident7() throws {
        let s = Scene(.tableView(.ios9), .release)
        let rt = s.rt
        IMYAOPTableView.load(into: rt)
        let table = try s.makeHost(), app = try s.app()
        let observer = try DelegateKVO.makeObserver(in: rt)
        try DelegateKVO.observe(table, DelegateKVO.hostKeyPath, by: observer, context: .int(7), in: rt)
        try rt.send(table, "setDelegate:", .object(app))
        let utils = try IMYAOPTableView.aop_utils(table, in: rt)
        let ad = try IMYAOPTableView.makeAdDelegate(in: rt)
        try IMYAOPTableView.setAdDelegate(utils, .object(ad), in: rt)
        try IMYAOPTableView.insertAdRows([1], into: utils, in: rt)
        // The table has the AOP subclass under KVO's; the observer is registered again, with its context.
        #expect(rt.class_getName(rt.object_getClass(table)) == "NSKVONotifying_kIMYAOP_UITableView")
        #expect(rt.kvoObservances(table).map(\.context) == [.int(7)])
        try s.fire("scrollViewDidScroll:", on: table)
        #expect(s.observed(DelegateKVO.observer) == [DelegateKVO.event(DelegateKVO.hostKeyPath)])
        // Business rows with business index paths; the injected row to the ad delegate.
        let select = s.kind.event("tableView:didSelectRowAtIndexPath:")!
        for row in 0..<3 { try UIKit.fire(select, on: table, of: s.kind, row: row, in: rt) }
        let appRows = rt.journal.filter { $0.observer == rt.describe(app) && $0.event == select.selector }.map(\.detail)
        #expect(appRows == ["indexPath{0, 0}", "indexPath{0, 1}"])
        #expect(s.observed(IMYAOPTableView.adObserver) == [select.selector])
        // The lying getter: the business delegate, while UIKit talks to the utils.
        #expect(try rt.send(table, "delegate") == .object(app))
        #expect(s.rawDelegate(table) == utils)
        // The observer removes itself without "not registered".
        try DelegateKVO.unobserve(table, DelegateKVO.hostKeyPath, by: observer, in: rt)
        #expect(rt.class_getName(rt.object_getClass(table)) == "kIMYAOP_UITableView")
    }
}
