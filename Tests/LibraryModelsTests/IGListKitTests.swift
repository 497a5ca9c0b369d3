import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

/// A runtime with UIKit (one era) and IGListKit loaded, one collection view and one adapter attached to it.
struct IGListFixture {
    let rt: Runtime
    let kind: HostKind
    let collectionView: ObjectID
    let adapter: ObjectID

    init(_ era: Era = .ios9, _ config: BuildConfiguration = .debug, attach: Bool = true) throws {
        rt = Runtime(configuration: config)
        UIKit.load(into: rt, era: era)
        IGListKit.load(into: rt)
        kind = HostKind.collectionView(era)
        collectionView = try UIKit.makeHost(kind, in: rt)
        adapter = try IGListKit.makeAdapter(in: rt)
        if attach { try IGListKit.setCollectionView(adapter, collectionView, in: rt) }
        try rt.drainAutoreleasePool()
    }

    /// Fires a UICollectionView event the way the host does (cached flag, then the delegate).
    @discardableResult
    func fire(_ selector: String) throws -> Value {
        try UIKit.fire(kind.event(selector)!, on: collectionView, of: kind, in: rt)
    }

    /// What an object (an app delegate, a recorder, the adapter) journaled, in order.
    func received(_ o: ObjectID) -> [String] {
        let label = rt.describe(o)
        return rt.journal.filter { $0.observer == label }.map(\.event)
    }

    /// The host's delegate slot as stored, with its ownership.
    func hostSlot(_ name: String) -> Slot? { rt.ivars(collectionView).first { $0.name == name } }

    /// A delegate class that implements only `selectors`, each journaling and answering YES for BOOL returns.
    func defineRecorder(_ name: String, _ selectors: [String]) -> Class {
        let cls = rt.defineClass(name, superclass: rt.NSObjectClass)
        for s in selectors {
            rt.addMethod(cls, s, types: s.contains("should") ? "c@:@@" : "v@:@@") { rt, o, cmd, _ in
                rt.journal.append(JournalEntry(observer: rt.describe(o), event: rt.sel_getName(cmd)))
                return s.contains("should") ? .bool(true) : .none
            }
        }
        return cls
    }
}

let didSelect = "collectionView:didSelectItemAtIndexPath:"
let shouldSelect = "collectionView:shouldSelectItemAtIndexPath:"
let shouldShowMenu = "collectionView:shouldShowMenuForItemAtIndexPath:"
let didScroll = "scrollViewDidScroll:"
let didZoom = "scrollViewDidZoom:"

@Suite("IGListAdapterProxy, as IGListKit's IGListAdapterProxyTests.m checks it (guide B1)")
struct IGListAdapterProxyTests {
    @Test("the adapter consumes shouldSelect and shouldDeselect and the sizing methods; it forwards didSelect")
    func consumedEvents() {
        #expect(IGListKit.consumedEvents.contains("collectionView:shouldSelectItemAtIndexPath:"))
        #expect(IGListKit.consumedEvents.contains("collectionView:shouldDeselectItemAtIndexPath:"))
        #expect(IGListKit.consumedEvents.contains("collectionView:layout:sizeForItemAtIndexPath:"))
        #expect(!IGListKit.consumedEvents.contains("collectionView:didSelectItemAtIndexPath:"))
        #expect(!IGListKit.consumedEvents.contains("scrollViewDidScroll:"))
    }

    @Test("an intercepted selector goes to the adapter and the targets never see it (L22-36)")
    func interceptedGoesToInterceptor() throws {
        let f = try IGListFixture(attach: false)
        let cvTarget = try AppDelegateObject.make(in: f.rt), scrollTarget = try AppDelegateObject.make(in: f.rt)
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .object(cvTarget), scrollViewTarget: .object(scrollTarget),
                                            interceptor: .object(f.adapter), in: f.rt)
        try f.rt.send(proxy, didSelect, .object(f.collectionView), .string("indexPath{0, 0}"))
        #expect(f.received(f.adapter) == [didSelect])
        #expect(f.received(cvTarget).isEmpty)
        #expect(f.received(scrollTarget).isEmpty)
    }

    @Test("a non-intercepted selector goes to the collection view target, with its answer (L38-52)")
    func nonInterceptedGoesToCollectionViewTarget() throws {
        let f = try IGListFixture(attach: false)
        let cvTarget = try AppDelegateObject.make(in: f.rt, answers: [(shouldShowMenu, .bool(false))])
        let zoomOnly = f.rt.class_createInstance(f.defineRecorder("ZoomOnly", [didZoom]))
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .object(cvTarget), scrollViewTarget: .object(zoomOnly),
                                            interceptor: .object(f.adapter), in: f.rt)
        let answer = try f.rt.send(proxy, shouldShowMenu, .object(f.collectionView), .string("indexPath{0, 0}"))
        #expect(answer == .bool(false))
        #expect(f.received(cvTarget) == [shouldShowMenu])
        #expect(f.received(f.adapter).isEmpty)
        #expect(f.received(zoomOnly).isEmpty)
    }

    @Test("a scroll-only selector goes to the scroll view target even when both respond (L54-70)")
    func scrollSelectorPrefersScrollTarget() throws {
        let f = try IGListFixture(attach: false)
        let cvTarget = try AppDelegateObject.make(in: f.rt), scrollTarget = try AppDelegateObject.make(in: f.rt)
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .object(cvTarget), scrollViewTarget: .object(scrollTarget),
                                            interceptor: .object(f.adapter), in: f.rt)
        try f.rt.send(proxy, didZoom, .object(f.collectionView))
        #expect(f.received(scrollTarget) == [didZoom])
        #expect(f.received(cvTarget).isEmpty)
    }

    @Test("with nil targets an unimplemented selector is swallowed: zero returned, no fault (L72-80)")
    func nilTargetsSwallow() throws {
        let f = try IGListFixture(attach: false)
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .none, scrollViewTarget: .none,
                                            interceptor: .object(f.adapter), in: f.rt)
        f.rt.tracing = true
        #expect(try f.rt.send(proxy, didZoom, .object(f.collectionView)) == .none)
        #expect(try f.rt.send(proxy, shouldShowMenu, .object(f.collectionView), .string("ip")) == .none)
        #expect(try f.rt.send(proxy, "respondsToSelector:", .sel(f.rt.sel(didZoom))) == .bool(false))
        // The slow path ran: -methodSignatureForSelector: (the -init signature), then -forwardInvocation:.
        let imps = f.rt.trace.compactMap { e -> String? in if case let .send(_, _, _, imp) = e { return imp }; return nil }
        #expect(imps.contains("-[IGListAdapterProxy methodSignatureForSelector:]"))
        #expect(imps.contains("-[IGListAdapterProxy forwardInvocation:]"))
        #expect(try f.rt.send(proxy, "methodSignatureForSelector:", .sel(f.rt.sel(shouldShowMenu))) == .string("@@:"))
    }

    @Test("respondsToSelector: is YES for intercepted selectors even after the interceptor died; the message is swallowed")
    func deadInterceptor() throws {
        let f = try IGListFixture(attach: false)
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .none, scrollViewTarget: .none,
                                            interceptor: .object(f.adapter), in: f.rt)
        try f.rt.objc_release(f.adapter)
        #expect(f.rt.isFreed(f.adapter))
        #expect(try f.rt.send(proxy, "respondsToSelector:", .sel(f.rt.sel(didSelect))) == .bool(true))
        #expect(try f.rt.send(proxy, "respondsToSelector:", .sel(f.rt.sel(shouldSelect))) == .bool(true))
        #expect(try f.rt.send(proxy, didSelect, .object(f.collectionView), .string("ip")) == .none)
        // The adapter would answer YES; with it dead the host gets NO (zero).
        #expect(try f.rt.send(proxy, shouldSelect, .object(f.collectionView), .string("ip")) == .none)
        #expect(f.rt.journal.isEmpty)
    }

    @Test("respondsToSelector: is the union of intercepted selectors and what either target answers")
    func respondsUnion() throws {
        let f = try IGListFixture(attach: false)
        let zoomOnly = f.rt.class_createInstance(f.defineRecorder("ZoomOnly", [didZoom]))
        let menuOnly = f.rt.class_createInstance(f.defineRecorder("MenuOnly", [shouldShowMenu]))
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .object(menuOnly), scrollViewTarget: .object(zoomOnly),
                                            interceptor: .object(f.adapter), in: f.rt)
        func responds(_ s: String) throws -> Bool { try f.rt.send(proxy, "respondsToSelector:", .sel(f.rt.sel(s))).boolValue }
        #expect(try responds(didZoom))
        #expect(try responds(shouldShowMenu))
        #expect(try responds(didScroll))
        #expect(try !responds("viewForZoomingInScrollView:"))
        // It does not consult its own class (L77-81): the proxy's initializer is not something it "responds" to.
        #expect(try !responds("initWithCollectionViewTarget:scrollViewTarget:interceptor:"))
    }

    @Test("isKindOfClass: and conformsToProtocol: go through forwardInvocation: and answer NO (B1, PR #592)")
    func kindOfClassIsNo() throws {
        let f = try IGListFixture(attach: false)
        let app = try AppDelegateObject.make(in: f.rt)
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .object(app), scrollViewTarget: .object(app),
                                            interceptor: .object(f.adapter), in: f.rt)
        let appClass = f.rt.classObject(f.rt.objc_getClass(AppDelegateObject.className)!)
        #expect(try f.rt.send(app, "isKindOfClass:", .object(appClass)) == .bool(true))
        // NSProxy builds an invocation; the proxy's -forwardInvocation: leaves the zero return (NO).
        #expect(try f.rt.send(proxy, "isKindOfClass:", .object(appClass)) == .none)
        #expect(try f.rt.send(proxy, "conformsToProtocol:", .string("UICollectionViewDelegate")) == .none)
    }

    @Test("the initializer asserts a non-nil interceptor in debug only (IGListAdapterProxy.m L67)")
    func interceptorAssert() throws {
        let debug = try IGListFixture(.ios9, .debug, attach: false)
        do {
            _ = try IGListKit.makeProxy(collectionViewTarget: .none, scrollViewTarget: .none, interceptor: .none, in: debug.rt)
            Issue.record("expected an assertion failure")
        } catch let fault as Fault {
            #expect(fault.kind == .assertionFailure(message: "interceptor != nil", site: "IGListAdapterProxy.m L67"))
            #expect(fault.raisedBy == "IGListKit")
        }
        let release = try IGListFixture(.ios9, .release, attach: false)
        let proxy = try IGListKit.makeProxy(collectionViewTarget: .none, scrollViewTarget: .none, interceptor: .none, in: release.rt)
        #expect(try release.rt.send(proxy, didSelect, .none, .none) == .none)
    }

    @Test("the intercepted list is B1's, restricted to selectors the model's protocols define")
    func interceptedList() throws {
        let f = try IGListFixture(attach: false)
        #expect(IGListKit.interceptedSelectors(in: f.rt).map(\.0.selector) == [
            "scrollViewDidScroll:", "scrollViewWillBeginDragging:", "scrollViewDidEndDragging:willDecelerate:",
            "scrollViewDidEndDecelerating:", "collectionView:willDisplayCell:forItemAtIndexPath:",
            "collectionView:didEndDisplayingCell:forItemAtIndexPath:", shouldSelect, didSelect,
            "collectionView:didDeselectItemAtIndexPath:", "collectionView:didHighlightItemAtIndexPath:",
        ])
        // Every intercepted selector has an adapter method, so forwarding to a live adapter never raises.
        let adapterClass = f.rt.objc_getClass(IGListKit.adapterClassName)!
        for (i, _) in IGListKit.interceptedSelectors(in: f.rt) {
            #expect(f.rt.class_ownsMethod(adapterClass, f.rt.sel(i.selector)), "\(i.selector)")
        }
    }
}

@Suite("IGListAdapter on UICollectionView (guide B2, C)")
struct IGListAdapterTests {
    @Test("before any delegate is set the adapter itself is delegate and dataSource, and answers as data source",
          arguments: [Era.ios9, .ios8])
    func adapterIsDelegateWithoutProxy(era: Era) throws {
        let f = try IGListFixture(era)
        #expect(try IGListKit.delegateProxy(of: f.adapter, in: f.rt) == nil)
        #expect(try f.rt.send(f.collectionView, "delegate") == .object(f.adapter))
        let dataSource = try f.rt.send(f.collectionView, "dataSource")
        #expect(dataSource == .object(f.adapter))
        #expect(try IGListKit.collectionView(of: f.adapter, in: f.rt) == .object(f.collectionView))
        #expect(UIKit.cachedResponds(f.rt, f.collectionView, "dataSource", "collectionView:numberOfItemsInSection:"))
        f.rt.journal = []
        #expect(try f.rt.send(dataSource, "collectionView:numberOfItemsInSection:", .object(f.collectionView), .int(0)) == .int(1))
        #expect(f.received(f.adapter) == ["collectionView:numberOfItemsInSection:"])
        // The adapter implements didSelect itself; with no collectionViewDelegate nobody else gets it.
        try f.fire(didSelect)
        #expect(f.received(f.adapter).last == didSelect)
    }

    @Test("works alone: the app's collectionViewDelegate gets didSelect exactly once, after nothing else",
          arguments: [Era.ios9, .ios8])
    func didSelectReachesApp(era: Era) throws {
        let f = try IGListFixture(era)
        let app = try AppDelegateObject.make(in: f.rt)
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(app), in: f.rt)
        try f.rt.drainAutoreleasePool()
        f.rt.journal = []
        try f.fire(didSelect)
        #expect(AppDelegateObject.received(by: app, in: f.rt) == [didSelect])
        // The adapter steals the message from the proxy, forwards it, then does the section-controller work.
        #expect(f.rt.journal.map(\.observer) == [f.rt.describe(app), f.rt.describe(f.adapter)])
        #expect(f.received(f.adapter) == [didSelect])
    }

    @Test("shouldSelect is answered by the adapter (YES) and never forwarded, even if the app would say NO",
          arguments: [Era.ios9, .ios8])
    func shouldSelectAnsweredByAdapter(era: Era) throws {
        let f = try IGListFixture(era)
        let app = try AppDelegateObject.make(in: f.rt, answers: [(shouldSelect, .bool(false))])
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(app), in: f.rt)
        f.rt.journal = []
        #expect(try f.fire(shouldSelect) == .bool(true))
        #expect(AppDelegateObject.received(by: app, in: f.rt).isEmpty)
        #expect(f.received(f.adapter) == [shouldSelect])
        #expect(f.rt.journal.contains(JournalEntry(observer: f.rt.describe(f.collectionView), event: "returned",
                                                   detail: "\(shouldSelect) YES")))
    }

    @Test("scrollViewDidScroll: reaches the scrollViewDelegate, not the collectionViewDelegate (IGListAdapter.h L84)",
          arguments: [Era.ios9, .ios8])
    func scrollReachesScrollViewDelegate(era: Era) throws {
        let f = try IGListFixture(era)
        let app = try AppDelegateObject.make(in: f.rt), scroller = try AppDelegateObject.make(in: f.rt)
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(app), in: f.rt)
        f.rt.journal = []
        try f.fire(didScroll)
        #expect(AppDelegateObject.received(by: app, in: f.rt).isEmpty)
        #expect(f.received(f.adapter) == [didScroll])
        try IGListKit.setScrollViewDelegate(f.adapter, .object(scroller), in: f.rt)
        f.rt.journal = []
        try f.fire(didScroll)
        #expect(AppDelegateObject.received(by: scroller, in: f.rt) == [didScroll])
        #expect(AppDelegateObject.received(by: app, in: f.rt).isEmpty)
        #expect(f.received(f.adapter) == [didScroll])
    }

    @Test("the reference graph: adapter → proxy strong, proxy → targets weak, collectionView → proxy per era",
          arguments: [Era.ios9, .ios8])
    func referenceGraph(era: Era) throws {
        let f = try IGListFixture(era)
        let app = try AppDelegateObject.make(in: f.rt), scroller = try AppDelegateObject.make(in: f.rt)
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(app), in: f.rt)
        try IGListKit.setScrollViewDelegate(f.adapter, .object(scroller), in: f.rt)
        try f.rt.drainAutoreleasePool()
        let proxy = try #require(try IGListKit.delegateProxy(of: f.adapter, in: f.rt))
        func slot(_ o: ObjectID, _ name: String) -> Slot? { f.rt.ivars(o).first { $0.name == name } }
        #expect(slot(f.adapter, "_delegateProxy")?.ownership == .strong)
        #expect(slot(f.adapter, "_delegateProxy")?.value == .object(proxy))
        #expect(slot(f.adapter, "_collectionViewDelegate")?.ownership == .weak)
        #expect(slot(f.adapter, "_scrollViewDelegate")?.ownership == .weak)
        #expect(slot(f.adapter, "_collectionView")?.ownership == .weak)
        for (name, value) in [("_collectionViewTarget", app), ("_scrollViewTarget", scroller), ("_interceptor", f.adapter)] {
            #expect(slot(proxy, name)?.ownership == .weak, "\(name)")
            #expect(slot(proxy, name)?.value == .object(value), "\(name)")
        }
        let expected: Ownership = era == .ios8 ? .assign : .weak
        #expect(f.hostSlot("delegate")?.ownership == expected)
        #expect(f.hostSlot("delegate")?.value == .object(proxy))
        #expect(f.hostSlot("dataSource")?.ownership == expected)
        #expect(f.hostSlot("dataSource")?.value == .object(f.adapter))
        // The adapter is the proxy's only owner; nobody in IGListKit retains the app's delegates.
        #expect(f.rt.retainCount(proxy) == 1)
        #expect(f.rt.retainCount(app) == 1)
        #expect(f.rt.retainCount(f.adapter) == 1)
    }

    @Test("setting a delegate does collectionView.delegate = nil, then the new proxy; the host's cached flags refresh")
    func nilThenProxyRefreshesFlags() throws {
        let f = try IGListFixture()
        // Record every -[UICollectionView setDelegate:] argument with a classic exchange swizzle.
        let cv = f.rt.objc_getClass("UICollectionView")!
        final class Box { var values: [Value] = [] }
        let set = Box()
        let recorded = f.rt.sel("test_setDelegate:")
        f.rt.addMethod(cv, "test_setDelegate:", types: "v@:@") { rt, o, _, a in
            set.values.append(a[0])
            return try rt.objc_msgSend(o, recorded, a)
        }
        f.rt.method_exchangeImplementations(f.rt.class_getInstanceMethod(cv, f.rt.sel("setDelegate:"))!,
                                            f.rt.class_getInstanceMethod(cv, recorded)!)
        // The adapter does not implement scrollViewDidZoom:, so the host cached NO.
        #expect(!UIKit.cachedResponds(f.rt, f.collectionView, "delegate", didZoom))
        let zoomer = f.rt.class_createInstance(f.defineRecorder("Zoomer", [didZoom]))
        try IGListKit.setScrollViewDelegate(f.adapter, .object(zoomer), in: f.rt)
        let first = try #require(try IGListKit.delegateProxy(of: f.adapter, in: f.rt))
        #expect(set.values == [.none, .object(first)])
        #expect(UIKit.cachedResponds(f.rt, f.collectionView, "delegate", didZoom))
        #expect(!UIKit.cachedResponds(f.rt, f.collectionView, "delegate", shouldShowMenu))
        // A collectionViewDelegate that answers shouldShowMenu: → a second proxy, the first freed, flags refreshed.
        let menu = f.rt.class_createInstance(f.defineRecorder("Menu", [shouldShowMenu]))
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(menu), in: f.rt)
        let second = try #require(try IGListKit.delegateProxy(of: f.adapter, in: f.rt))
        #expect(second != first)
        #expect(f.rt.isFreed(first))
        #expect(set.values == [.none, .object(first), .none, .object(second)])
        #expect(UIKit.cachedResponds(f.rt, f.collectionView, "delegate", shouldShowMenu))
        #expect(UIKit.cachedResponds(f.rt, f.collectionView, "delegate", didZoom))
        // Setting the same delegate again changes nothing (no new proxy, no reset).
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(menu), in: f.rt)
        #expect(set.values.count == 4)
    }

    @Test("re-setting the same collection view re-attaches only if someone else took its dataSource (L97)")
    func reattachCondition() throws {
        let f = try IGListFixture()
        let updates = { f.received(f.adapter).filter { $0 == "_updateObjects" }.count }
        #expect(updates() == 1)
        try IGListKit.setCollectionView(f.adapter, f.collectionView, in: f.rt)
        #expect(updates() == 1)
        let other = try AppDelegateObject.make(in: f.rt)
        try f.rt.send(f.collectionView, "setDataSource:", .object(other))
        try IGListKit.setCollectionView(f.adapter, f.collectionView, in: f.rt)
        #expect(updates() == 2)
        #expect(try f.rt.send(f.collectionView, "dataSource") == .object(f.adapter))
    }

    @Test("a second adapter taking the collection view detaches the first (globalCollectionViewAdapterMap, L100-106)")
    func secondAdapterDetachesFirst() throws {
        let f = try IGListFixture()
        let second = try IGListKit.makeAdapter(in: f.rt)
        try IGListKit.setCollectionView(second, f.collectionView, in: f.rt)
        #expect(try IGListKit.collectionView(of: f.adapter, in: f.rt) == .none)
        #expect(try IGListKit.collectionView(of: second, in: f.rt) == .object(f.collectionView))
        #expect(try f.rt.send(f.collectionView, "dataSource") == .object(second))
        #expect(try f.rt.send(f.collectionView, "delegate") == .object(second))
    }

    @Test("a freed collectionViewDelegate is safe in both eras: the proxy and the adapter hold it weakly",
          arguments: [Era.ios9, .ios8])
    func freedAppDelegate(era: Era) throws {
        let f = try IGListFixture(era)
        let app = try AppDelegateObject.make(in: f.rt)
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(app), in: f.rt)
        try f.rt.objc_release(app)
        #expect(f.rt.isFreed(app))
        f.rt.journal = []
        // The host's cached YES still sends to the live proxy (guide C2 b); the adapter finds its delegate nil.
        try f.fire(didSelect)
        #expect(f.rt.journal.map(\.observer) == [f.rt.describe(f.adapter)])
        #expect(try IGListKit.collectionViewDelegate(of: f.adapter, in: f.rt) == .none)
    }

    @Test("the adapter's dealloc leaves collectionView.delegate set: weak (iOS 9) goes quiet, assign (iOS 8) dangles [derived]",
          arguments: [Era.ios9, .ios8])
    func adapterDeallocLeavesDelegate(era: Era) throws {
        let f = try IGListFixture(era)
        let app = try AppDelegateObject.make(in: f.rt)
        try IGListKit.setCollectionViewDelegate(f.adapter, .object(app), in: f.rt)
        let proxy = try #require(try IGListKit.delegateProxy(of: f.adapter, in: f.rt))
        try f.rt.drainAutoreleasePool()
        try f.rt.objc_release(f.adapter)
        #expect(f.rt.isFreed(f.adapter))
        #expect(f.rt.isFreed(proxy))
        f.rt.journal = []
        if era == .ios9 {
            try f.fire(didSelect)
            #expect(AppDelegateObject.received(by: app, in: f.rt).isEmpty)
        } else {
            do { try f.fire(didSelect); Issue.record("expected a message to the freed proxy") } catch let fault as Fault {
                #expect(fault.kind == .messageToFreedObject(className: "IGListAdapterProxy", selector: didSelect,
                                                            object: f.rt.describe(proxy)))
            }
        }
    }
}
