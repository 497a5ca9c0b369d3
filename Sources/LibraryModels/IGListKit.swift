// IGListKit 5.2.0 (participant `iglist`): IGListAdapter and its internal IGListAdapterProxy (field guide B, imyaop §3.5).
import ObjCModel
import UIKitModel

/// A model of IGListKit's `IGListAdapter` and `IGListAdapterProxy`, with the calls an app makes on the adapter.
///
/// `load(into:)` registers the two classes; the static functions are the adapter's public properties as an app
/// uses them (`adapter.collectionView = cv`, `adapter.collectionViewDelegate = self`, ...). Every behaviour is a
/// model IMP owned by `IGListKit`, so other participants can swizzle it and findings can name it.
public enum IGListKit {
    /// The owner tag of every class and IMP this model installs.
    public static let library = "IGListKit"
    /// The hosts the adapter attaches to.
    public static let hosts = ["UICollectionView", "UICollectionView@ios8"]
    /// The delegate events an attached adapter answers itself and never forwards to the app's delegate: the
    /// section-controller-only and adapter-only entries of ``isInterceptedSelectorList``
    /// (IGListAdapter+UICollectionView.m L165-173, L339-375).
    public static var consumedEvents: [String] {
        isInterceptedSelectorList.filter { $0.handling == .sectionControllerOnly || $0.handling == .adapterOnly }.map(\.selector)
    }

    public static let adapterClassName = "IGListAdapter"
    public static let proxyClassName = "IGListAdapterProxy"

    // MARK: isInterceptedSelector (IGListAdapterProxy.m L22-52)

    /// How `IGListAdapter` handles an intercepted selector once the proxy has handed it over.
    public enum Handling: Sendable {
        /// Forward to `collectionViewDelegate` if it responds, then do the section-controller work.
        case forwardToCollectionViewDelegate
        /// Forward to `scrollViewDelegate` if it responds, then notify the section controllers.
        case forwardToScrollViewDelegate
        /// Answered by the section controller only, never forwarded (YES).
        case sectionControllerOnly
        /// The delegate's answer if it responds, else the adapter's own (nil).
        case delegateFirst
        /// Answered by the adapter only; `IGWarn`s if the delegate also implements it.
        case adapterOnly
    }

    /// One entry of `isInterceptedSelector()`, with the adapter method that handles it.
    public struct Interception: Sendable {
        public let selector: String
        public let handling: Handling
        /// Where the adapter implements it.
        public let site: String
    }

    /// Every selector `isInterceptedSelector()` names at 5.2.0, in source order (guide B1).
    public static let isInterceptedSelectorList: [Interception] = [
        // UIScrollViewDelegate: forwarded to scrollViewDelegate (IGListAdapter.m L973-1014+).
        Interception(selector: "scrollViewDidScroll:", handling: .forwardToScrollViewDelegate, site: "IGListAdapter.m L973-988"),
        Interception(selector: "scrollViewWillBeginDragging:", handling: .forwardToScrollViewDelegate, site: "IGListAdapter.m L990-1000"),
        Interception(selector: "scrollViewDidEndDragging:willDecelerate:", handling: .forwardToScrollViewDelegate,
                     site: "IGListAdapter.m L1002-1012"),
        Interception(selector: "scrollViewDidEndDecelerating:", handling: .forwardToScrollViewDelegate, site: "IGListAdapter.m L1014-"),
        // UICollectionViewDelegate (IGListAdapter+UICollectionView.m).
        Interception(selector: "collectionView:willDisplayCell:forItemAtIndexPath:", handling: .forwardToCollectionViewDelegate,
                     site: "IGListAdapter+UICollectionView.m L202-228"),
        Interception(selector: "collectionView:didEndDisplayingCell:forItemAtIndexPath:", handling: .forwardToCollectionViewDelegate,
                     site: "IGListAdapter+UICollectionView.m L230-"),
        Interception(selector: "collectionView:shouldSelectItemAtIndexPath:", handling: .sectionControllerOnly,
                     site: "IGListAdapter+UICollectionView.m L165-173"),
        Interception(selector: "collectionView:didSelectItemAtIndexPath:", handling: .forwardToCollectionViewDelegate,
                     site: "IGListAdapter+UICollectionView.m L175-189"),
        Interception(selector: "collectionView:shouldDeselectItemAtIndexPath:", handling: .sectionControllerOnly,
                     site: "IGListAdapter+UICollectionView.m L165-173"),
        Interception(selector: "collectionView:didDeselectItemAtIndexPath:", handling: .forwardToCollectionViewDelegate,
                     site: "IGListAdapter+UICollectionView.m L191-199"),
        Interception(selector: "collectionView:didHighlightItemAtIndexPath:", handling: .forwardToCollectionViewDelegate,
                     site: "IGListAdapter+UICollectionView.m L280-299"),
        Interception(selector: "collectionView:didUnhighlightItemAtIndexPath:", handling: .forwardToCollectionViewDelegate,
                     site: "IGListAdapter+UICollectionView.m L280-299"),
        Interception(selector: "indexPathForPreferredFocusedViewInCollectionView:", handling: .delegateFirst,
                     site: "IGListAdapter+UICollectionView.m L302-316"),
        Interception(selector: "collectionView:contextMenuConfigurationForItemAtIndexPath:point:",
                     handling: .forwardToCollectionViewDelegate, site: "IGListAdapter+UICollectionView.m L322-333"),
        // UICollectionViewDelegateFlowLayout: sizing answered by the adapter only (L339-375).
        Interception(selector: "collectionView:layout:sizeForItemAtIndexPath:", handling: .adapterOnly,
                     site: "IGListAdapter+UICollectionView.m L339-375"),
        Interception(selector: "collectionView:layout:insetForSectionAtIndex:", handling: .adapterOnly,
                     site: "IGListAdapter+UICollectionView.m L339-375"),
        Interception(selector: "collectionView:layout:minimumInteritemSpacingForSectionAtIndex:", handling: .adapterOnly,
                     site: "IGListAdapter+UICollectionView.m L339-375"),
        Interception(selector: "collectionView:layout:minimumLineSpacingForSectionAtIndex:", handling: .adapterOnly,
                     site: "IGListAdapter+UICollectionView.m L339-375"),
        Interception(selector: "collectionView:layout:referenceSizeForFooterInSection:", handling: .adapterOnly,
                     site: "IGListAdapter+UICollectionView.m L339-375"),
        Interception(selector: "collectionView:layout:referenceSizeForHeaderInSection:", handling: .adapterOnly,
                     site: "IGListAdapter+UICollectionView.m L339-375"),
        // IGListCollectionViewDelegateLayout. MODEL: handling not described by the guide; treated as adapter-only.
        Interception(selector: "collectionView:layout:customizedInitialLayoutAttributes:atIndexPath:", handling: .adapterOnly,
                     site: "IGListAdapterProxy.m L22-52"),
        Interception(selector: "collectionView:layout:customizedFinalLayoutAttributes:atIndexPath:", handling: .adapterOnly,
                     site: "IGListAdapterProxy.m L22-52"),
    ]

    /// The protocols whose selectors the model's hosts can send; `IGListAdapter` adopts the collection-view ones.
    static let hostProtocols = ["UICollectionViewDelegate", "UICollectionViewDataSource"]

    /// The intercepted selectors this model uses: the B1 list restricted to selectors the model's delegate protocols
    /// define (the scroll ones included), each with its type encoding.
    /// MODEL: flow-layout, focus, context-menu and unhighlight selectors are left out: no modeled host sends them, and
    /// leaving them in would only add YES answers nobody asks for.
    public static func interceptedSelectors(in rt: Runtime) -> [(Interception, ProtocolMethod)] {
        let declared = rt.objc_getProtocol("UICollectionViewDelegate").map(rt.protocol_copyMethodDescriptionList) ?? []
        return isInterceptedSelectorList.compactMap { i in declared.first { $0.selector == i.selector }.map { (i, $0) } }
    }

    // MARK: Loading

    /// Registers `IGListAdapterProxy` and `IGListAdapter` in a runtime that has UIKit loaded. Loading twice is a no-op.
    public static func load(into rt: Runtime) {
        guard rt.objc_getClass(adapterClassName) == nil else { return }
        precondition(rt.objc_getProtocol("UICollectionViewDelegate") != nil, "load UIKit before IGListKit")
        let intercepted = interceptedSelectors(in: rt)
        let interceptedSELs = Set(intercepted.map { rt.sel($0.0.selector) })
        defineProxy(rt, interceptedSELs)
        defineAdapter(rt, intercepted)
    }

    // MARK: IGListAdapterProxy

    static func defineProxy(_ rt: Runtime, _ intercepted: Set<SEL>) {
        // IGListAdapterProxy.h L24-25: `@interface IGListAdapterProxy : NSProxy`, subclassing restricted.
        let proxy = rt.defineClass(proxyClassName, superclass: rt.NSProxyClass, owner: library)

        // .h L36-48, .m L62-73: the only initializer; stores all three weak (L54-58); no [super init] (L68).
        rt.addMethod(proxy, "initWithCollectionViewTarget:scrollViewTarget:interceptor:", types: "@@:@@@") { rt, this, _, a in
            let interceptor = a.count > 2 ? a[2] : .none
            // .m L67: IGParameterAssert(interceptor != nil).
            try rt.libraryAssert(!interceptor.isNil, "interceptor != nil", site: "IGListAdapterProxy.m L67", library: library)
            try rt.object_setIvar(this, "_collectionViewTarget", a.first ?? .none, .weak)
            try rt.object_setIvar(this, "_scrollViewTarget", a.count > 1 ? a[1] : .none, .weak)
            try rt.object_setIvar(this, "_interceptor", interceptor, .weak)
            return .object(this)
        }

        // .m L77-81: intercepted || collection target responds || scroll target responds; never asks super, and answers
        // YES for intercepted selectors even when the interceptor is dead.
        rt.addMethod(proxy, "respondsToSelector:", types: "c@::") { rt, this, _, a in
            guard let sel = a.first?.selValue else { return .bool(false) }
            if intercepted.contains(sel) { return .bool(true) }
            if try rt.objc_msgSend(rt.object_getIvar(this, "_collectionViewTarget"), rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                return .bool(true)
            }
            return .bool(try rt.objc_msgSend(rt.object_getIvar(this, "_scrollViewTarget"), rt.s.respondsToSelector, [.sel(sel)]).boolValue)
        }

        // .m L83-91: intercepted → interceptor; else the scroll target if it responds, else the collection target.
        // A weak target that died loads nil, and nil sends the runtime down the slow path.
        rt.addMethod(proxy, "forwardingTargetForSelector:", types: "@@::") { rt, this, _, a in
            guard let sel = a.first?.selValue else { return .none }
            if intercepted.contains(sel) { return rt.object_getIvar(this, "_interceptor") }
            let scrollTarget = rt.object_getIvar(this, "_scrollViewTarget")
            if try rt.objc_msgSend(scrollTarget, rt.s.respondsToSelector, [.sel(sel)]).boolValue { return scrollTarget }
            return rt.object_getIvar(this, "_collectionViewTarget")
        }

        // .m L93-97 (from FLAnimatedImage): always the signature of -[NSObject init], `@@:`.
        rt.addMethod(proxy, "methodSignatureForSelector:", types: "@@::") { rt, _, _, _ in
            try rt.objc_msgSend(rt.classObject(rt.NSObjectClass), rt.s.instanceMethodSignatureForSelector, [.sel(rt.s.`init`)])
        }

        // .m L98-102: set a NULL return value and do nothing else: the message is swallowed and answers 0/nil/NO.
        rt.addMethod(proxy, "forwardInvocation:", types: "v@:@") { _, _, _, a in
            if case .invocation(let invocation)? = a.first { invocation.returnValue = .none }
            return .none
        }
        // B1: no isKindOfClass:/conformsToProtocol: override (PR #592 rejected); NSProxy's forward to
        // forwardInvocation: above and answer NO.
    }

    // MARK: IGListAdapter

    static func defineAdapter(_ rt: Runtime, _ intercepted: [(Interception, ProtocolMethod)]) {
        let adapter = rt.defineClass(adapterClassName, superclass: rt.NSObjectClass, owner: library)
        // IGListAdapter+UICollectionView.h: the adapter is the collection view's data source and delegate.
        for name in hostProtocols { if let p = rt.objc_getProtocol(name) { rt.class_addProtocol(adapter, p) } }

        // IGListAdapter.h initializer. MODEL: no updater object; performDataSourceChange: runs its block at once.
        rt.addMethod(adapter, "initWithUpdater:viewController:workingRangeSize:", types: "@@:@@q") { rt, this, _, a in
            let me = try rt.objc_msgSendSuper(this, rt.NSObjectClass, rt.s.`init`)
            // IGListAdapter.h L62-103: viewController is weak.
            try rt.object_setIvar(this, "_viewController", a.count > 1 ? a[1] : .none, .weak)
            return me
        }

        // IGListAdapter.m L41-43: dealloc only resets the section map; it does NOT nil collectionView.delegate or
        // dataSource and relies on them being weak (guide B2). ARC then releases _delegateProxy (.cxx_destruct).
        rt.addMethod(adapter, "dealloc", types: "v@:") { rt, this, cmd, _ in
            try rt.objc_msgSendSuper(this, rt.NSObjectClass, cmd)
        }

        defineAdapterProperties(rt, adapter)
        defineAdapterDelegateReset(rt, adapter)
        defineAdapterDataSource(rt, adapter)
        for (interception, method) in intercepted {
            defineInterceptedMethod(rt, adapter, interception, method)
        }
    }

    /// The property accessors and setters: `collectionView`, `dataSource`, `collectionViewDelegate`, `scrollViewDelegate`.
    static func defineAdapterProperties(_ rt: Runtime, _ adapter: Class) {
        // IGListAdapter.h L62-103: all weak; IGListAdapterInternal.h L48: delegateProxy strong.
        for (getter, ivar) in [("collectionView", "_collectionView"), ("dataSource", "_dataSource"),
                               ("collectionViewDelegate", "_collectionViewDelegate"),
                               ("scrollViewDelegate", "_scrollViewDelegate"), ("delegateProxy", "_delegateProxy")] {
            rt.addMethod(adapter, getter, types: "@@:") { rt, this, _, _ in rt.object_getIvar(this, ivar) }
        }

        // IGListAdapter.m L92-157.
        rt.addMethod(adapter, "setCollectionView:", types: "v@:@") { rt, this, _, a in
            let new = a.first ?? .none
            let old = rt.object_getIvar(this, "_collectionView")
            // L97: only if the collection view changes, or someone else took over its dataSource.
            let oldDataSource = try rt.send(old, "dataSource")
            guard old != new || oldDataSource != .object(this) else { return .none }
            // L100-106: the weak-to-weak map collection view → adapter; the previous adapter of the new collection view
            // is detached (cell reuse, PR #721/#699).
            try setMapEntry(rt, old, .none)
            try rt.send(mapEntry(rt, new), "setCollectionView:", .none)
            try setMapEntry(rt, new, .object(this))
            // MODEL: L110-113 (registered identifier sets) not modeled.
            // MODEL: 5.2.0 is taken to predate the #1658 guard (L115-127, fc3443fb 2026-04); a delegate that is the
            // collection view itself is not cleared.
            // L131-148, inside [_updater performDataSourceChange:].
            if !old.isNil, try rt.send(old, "dataSource") == .object(this) {
                try rt.send(old, "setDataSource:", .none)
            }
            try rt.object_setIvar(this, "_collectionView", new, .weak)
            try rt.send(new, "setDataSource:", .object(this))
            try rt.send(this, "_updateCollectionViewDelegate")
            try rt.send(this, "_updateObjects")
            // MODEL: L150-155 (prefetching off, layout hijack, invalidateLayout) not modeled.
            return .none
        }

        // IGListAdapter.m L159-177: nil then self, "Invalidate the collectionView internal section & item counts".
        rt.addMethod(adapter, "setDataSource:", types: "v@:@") { rt, this, _, a in
            let new = a.first ?? .none
            guard rt.object_getIvar(this, "_dataSource") != new else { return .none }
            try rt.object_setIvar(this, "_dataSource", new, .weak)
            let collectionView = rt.object_getIvar(this, "_collectionView")
            try rt.send(collectionView, "setDataSource:", .none)
            try rt.send(collectionView, "setDataSource:", .object(this))
            try rt.send(this, "_updateObjects")
            return .none
        }

        // IGListAdapter.m L180-197. MODEL: the IGWarn for UICollectionViewDelegateFlowLayout conformance is not modeled
        // (no flow-layout protocol in the model); the == collectionView refusal (L189-193) is post-5.2.0 (#1658).
        rt.addMethod(adapter, "setCollectionViewDelegate:", types: "v@:@") { rt, this, _, a in
            let new = a.first ?? .none
            guard rt.object_getIvar(this, "_collectionViewDelegate") != new else { return .none }
            try rt.object_setIvar(this, "_collectionViewDelegate", new, .weak)
            try rt.send(this, "_createProxyAndUpdateCollectionViewDelegate")
            return .none
        }

        // IGListAdapter.m L199-214: the same pattern.
        rt.addMethod(adapter, "setScrollViewDelegate:", types: "v@:@") { rt, this, _, a in
            let new = a.first ?? .none
            guard rt.object_getIvar(this, "_scrollViewDelegate") != new else { return .none }
            try rt.object_setIvar(this, "_scrollViewDelegate", new, .weak)
            try rt.send(this, "_createProxyAndUpdateCollectionViewDelegate")
            return .none
        }

        // MODEL: -_updateObjects asks the IGListAdapterDataSource for objects and builds section controllers; the model
        // keeps one section with one item and journals that it ran.
        rt.addMethod(adapter, "_updateObjects", types: "v@:") { rt, this, cmd, _ in
            journal(rt, this, cmd)
            return .none
        }
    }

    /// `_createProxyAndUpdateCollectionViewDelegate` and `_updateCollectionViewDelegate` (IGListAdapter.m L226-241).
    static func defineAdapterDelegateReset(_ rt: Runtime, _ adapter: Class) {
        let proxyClass = rt.objc_getClass(proxyClassName)!
        rt.addMethod(adapter, "_createProxyAndUpdateCollectionViewDelegate", types: "v@:") { rt, this, _, _ in
            rt.noteFact("IGListAdapter puts an IGListAdapterProxy in the collection view's delegate slot, forwarding to the app's delegate",
                        source: "IGListKit IGListAdapter.m L180-241, IGListAdapterProxy.m L54-102")
            let collectionView = rt.object_getIvar(this, "_collectionView")
            // L228: "there is a known bug with accessibility and using an NSProxy as the delegate ..." → delegate = nil.
            try rt.send(collectionView, "setDelegate:", .none)
            // L230-232: a new proxy with the current targets; the strong property releases the old one (its only owner).
            let proxy = try rt.objc_msgSend(rt.classObject(proxyClass), rt.s.alloc)
            let initialized = try rt.send(proxy, "initWithCollectionViewTarget:scrollViewTarget:interceptor:",
                                          rt.object_getIvar(this, "_collectionViewDelegate"),
                                          rt.object_getIvar(this, "_scrollViewDelegate"), .object(this))
            try rt.object_setIvar(this, "_delegateProxy", initialized, .strong)
            try rt.objc_release(proxy.object)   // ARC: the +1 from alloc ends with the statement.
            try rt.send(this, "_updateCollectionViewDelegate")
            return .none
        }
        // L237-241: `_collectionView.delegate = (id)self.delegateProxy ?: self;` — the adapter itself until a proxy exists.
        rt.addMethod(adapter, "_updateCollectionViewDelegate", types: "v@:") { rt, this, _, _ in
            let proxy = rt.object_getIvar(this, "_delegateProxy")
            try rt.send(rt.object_getIvar(this, "_collectionView"), "setDelegate:", proxy.isNil ? .object(this) : proxy)
            return .none
        }
    }

    /// UICollectionViewDataSource, answered by the adapter from its section controllers.
    /// MODEL: one section with one item; cells are strings, like the hosts' index paths.
    static func defineAdapterDataSource(_ rt: Runtime, _ adapter: Class) {
        rt.addMethod(adapter, "numberOfSectionsInCollectionView:", types: "q@:@") { rt, this, cmd, _ in
            journal(rt, this, cmd)
            return .int(1)
        }
        rt.addMethod(adapter, "collectionView:numberOfItemsInSection:", types: "q@:@q") { rt, this, cmd, _ in
            journal(rt, this, cmd)
            return .int(1)
        }
        rt.addMethod(adapter, "collectionView:cellForItemAtIndexPath:", types: "@@:@@") { rt, this, cmd, a in
            journal(rt, this, cmd)
            return .string("cell for \(a.count > 1 ? rt.describe(a[1]) : "?")")
        }
    }

    /// One intercepted adapter method. The selector is fixed, as `@selector(...)` is in the source, not `_cmd`.
    static func defineInterceptedMethod(_ rt: Runtime, _ adapter: Class, _ interception: Interception, _ method: ProtocolMethod) {
        let sel = rt.sel(interception.selector)
        let label = "-[\(adapterClassName) \(interception.selector)]"
        switch interception.handling {
        case .forwardToCollectionViewDelegate, .forwardToScrollViewDelegate:
            // "forward this method to the delegate b/c this implementation will steal the message from the proxy":
            // check respondsToSelector: at call time, forward, then the section-controller work.
            let ivar = interception.handling == .forwardToScrollViewDelegate ? "_scrollViewDelegate" : "_collectionViewDelegate"
            rt.addMethod(adapter, interception.selector, types: method.types, label: label) { rt, this, _, a in
                let delegate = rt.object_getIvar(this, ivar)
                var answer: Value = .none
                if try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    answer = try rt.objc_msgSend(delegate, sel, a)
                }
                journal(rt, this, sel)
                return answer
            }
        case .sectionControllerOnly:
            // L165-173: the section controller decides; collectionViewDelegate is never asked.
            rt.addMethod(adapter, interception.selector, types: method.types, label: label) { rt, this, _, _ in
                journal(rt, this, sel)
                return .bool(true)
            }
        case .delegateFirst:
            // L302-316: the delegate's answer wins. MODEL: the first-visible-item experiment is off (nil).
            rt.addMethod(adapter, interception.selector, types: method.types, label: label) { rt, this, _, a in
                let delegate = rt.object_getIvar(this, "_collectionViewDelegate")
                if try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    return try rt.objc_msgSend(delegate, sel, a)
                }
                journal(rt, this, sel)
                return .none
            }
        case .adapterOnly:
            // L339-375: answered by the adapter; IGWarn if the delegate implements it too. MODEL: sizes are 0.
            rt.addMethod(adapter, interception.selector, types: method.types, label: label) { rt, this, _, _ in
                let delegate = rt.object_getIvar(this, "_collectionViewDelegate")
                if try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    rt.journal.append(JournalEntry(observer: library, event: "IGWarn",
                                                   detail: "IGListAdapter is consuming method also implemented by the collectionViewDelegate"))
                }
                journal(rt, this, sel)
                return .none
            }
        }
    }

    /// Records the adapter's own (section-controller) work for a selector.
    static func journal(_ rt: Runtime, _ adapter: ObjectID, _ sel: SEL) {
        rt.journal.append(JournalEntry(observer: rt.describe(adapter), event: rt.sel_getName(sel), detail: "section controllers"))
    }

    // MARK: globalCollectionViewAdapterMap (IGListAdapter.m L100-106)

    /// MODEL: the file-static `NSMapTable weakToWeakObjectsMapTable` lives as weak slots of the `IGListAdapter` class
    /// object, one per collection view (keyed by object id, never reused), so each runtime has its own map.
    static func mapKey(_ collectionView: ObjectID) -> String { "globalCollectionViewAdapterMap[\(collectionView.raw)]" }

    static func mapEntry(_ rt: Runtime, _ collectionView: Value) -> Value {
        guard let cv = collectionView.object else { return .none }
        return rt.object_getIvar(rt.classObject(rt.objc_getClass(adapterClassName)!), mapKey(cv))
    }

    static func setMapEntry(_ rt: Runtime, _ collectionView: Value, _ adapter: Value) throws {
        guard let cv = collectionView.object else { return }
        try rt.object_setIvar(rt.classObject(rt.objc_getClass(adapterClassName)!), mapKey(cv), adapter, .weak)
    }
}

// MARK: - Entry points an app calls

extension IGListKit {
    /// `[[IGListAdapter alloc] initWithUpdater:[IGListAdapterUpdater new] viewController:nil workingRangeSize:0]`.
    /// - Returns: the adapter, owned by the caller (+1), as an app's view controller holds it strongly.
    public static func makeAdapter(in rt: Runtime) throws -> ObjectID {
        let cls = rt.objc_getClass(adapterClassName)!
        let adapter = try rt.objc_msgSend(rt.classObject(cls), rt.s.alloc)
        return try rt.send(adapter, "initWithUpdater:viewController:workingRangeSize:", .none, .none, .int(0)).object!
    }

    /// `adapter.collectionView = collectionView` (nil detaches).
    public static func setCollectionView(_ adapter: ObjectID, _ collectionView: ObjectID?, in rt: Runtime) throws {
        try rt.send(adapter, "setCollectionView:", .obj(collectionView))
    }

    /// `adapter.collectionView`.
    public static func collectionView(of adapter: ObjectID, in rt: Runtime) throws -> Value {
        try rt.send(adapter, "collectionView")
    }

    /// `adapter.collectionViewDelegate = delegate`: a new proxy, installed with the nil-then-proxy reset.
    public static func setCollectionViewDelegate(_ adapter: ObjectID, _ delegate: Value, in rt: Runtime) throws {
        try rt.send(adapter, "setCollectionViewDelegate:", delegate)
    }

    /// `adapter.collectionViewDelegate`.
    public static func collectionViewDelegate(of adapter: ObjectID, in rt: Runtime) throws -> Value {
        try rt.send(adapter, "collectionViewDelegate")
    }

    /// `adapter.scrollViewDelegate = delegate`: a new proxy, installed with the nil-then-proxy reset.
    public static func setScrollViewDelegate(_ adapter: ObjectID, _ delegate: Value, in rt: Runtime) throws {
        try rt.send(adapter, "setScrollViewDelegate:", delegate)
    }

    /// `adapter.scrollViewDelegate`.
    public static func scrollViewDelegate(of adapter: ObjectID, in rt: Runtime) throws -> Value {
        try rt.send(adapter, "scrollViewDelegate")
    }

    /// `adapter.dataSource = dataSource` (the IGListAdapterDataSource); resets the collection view's dataSource.
    public static func setDataSource(_ adapter: ObjectID, _ dataSource: Value, in rt: Runtime) throws {
        try rt.send(adapter, "setDataSource:", dataSource)
    }

    /// The adapter's internal `delegateProxy` (IGListAdapterInternal.h L48), nil until a delegate is set.
    public static func delegateProxy(of adapter: ObjectID, in rt: Runtime) throws -> ObjectID? {
        try rt.send(adapter, "delegateProxy").object
    }

    /// `[[IGListAdapterProxy alloc] initWithCollectionViewTarget:scrollViewTarget:interceptor:]`, owned by the caller
    /// (+1), as IGListKit's own proxy tests build it.
    public static func makeProxy(collectionViewTarget: Value, scrollViewTarget: Value, interceptor: Value,
                                 in rt: Runtime) throws -> ObjectID {
        let cls = rt.objc_getClass(proxyClassName)!
        let proxy = try rt.objc_msgSend(rt.classObject(cls), rt.s.alloc)
        return try rt.send(proxy, "initWithCollectionViewTarget:scrollViewTarget:interceptor:",
                           collectionViewTarget, scrollViewTarget, interceptor).object!
    }
}
