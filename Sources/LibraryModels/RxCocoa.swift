// RxCocoa 6.10 DelegateProxy (rxcocoa-delegate-proxy guide): `proxy(for:)` with its asserts, installForwardDelegate and
// its dispose, the weak forward delegate, `responds(to:)`, forwardInvocation: ordering, `reset()`, one association
// slot per delegate protocol. `rx:patched` adds the marker check proposed upstream (RxSwift PR #2037).
import ObjCModel
import UIKitModel

/// The RxCocoa delegate-proxy machinery of one scenario: the classes live in the runtime, the subscriptions here.
public final class RxCocoa {
    public let rt: Runtime
    /// `rx:patched`: wherever Rx compares the delegate slot with its proxy, a delegate that answers the proxy's
    /// marker counts as the proxy (PR #2037 probe). MODEL: the asserts are kept unchanged, as the incident notes.
    public let patched: Bool
    /// The release line whose proxy this is (``Behaviour/current``: 6.10).
    public let behaviour: Behaviour
    /// The journal observer for subscription events.
    public static let observer = "rx"
    /// PR #2037's `isDelegateProxy` probe, answered in `responds(to:)`. MODEL: the selector name is the model's.
    public static let marker = "rx_isDelegateProxy"
    static let library = "RxCocoa"

    /// Classes whose delegate a proxy is registered for, most specific first, with the proxy class and the
    /// delegate property (RxScrollViewDelegateProxy.registerKnownImplementations, l.33-38; RxWKNavigationDelegateProxy).
    static let factories: [(parent: String, proxy: String, property: String, protocolName: String)] = [
        ("UITableView", "RxTableViewDelegateProxy", "delegate", "UIScrollViewDelegate"),
        ("UICollectionView", "RxCollectionViewDelegateProxy", "delegate", "UIScrollViewDelegate"),
        ("UIScrollView", "RxScrollViewDelegateProxy", "delegate", "UIScrollViewDelegate"),
        ("WKWebView", "RxWKNavigationDelegateProxy", "navigationDelegate", "WKNavigationDelegate"),
        // RxCocoa 3.1.0 – 5.0.x RxWebViewDelegateProxy (CHANGELOG 3.1.0; removed in 5.1.0, #2062).
        ("UIWebView", "RxWebViewDelegateProxy", "delegate", "UIWebViewDelegate"),
    ]

    /// The hosts RxCocoa 6 has delegate proxies for (UIWebView support was removed in 6.0).
    public static let hostClasses = Behaviour.current.hostClasses

    /// What the runtime's IMPs share with this object. They capture this, never the RxCocoa object or the
    /// runtime, so there is no reference cycle and the runtime stays usable on its own.
    final class Shared {
        let patched: Bool
        let behaviour: Behaviour
        var voidSelectors: [Class: Set<SEL>] = [:]
        /// The delegate property's getter and setter selectors, registered once.
        var accessors: [String: (getter: SEL, setter: SEL)] = [:]
        init(patched: Bool, behaviour: Behaviour) {
            self.patched = patched
            self.behaviour = behaviour
        }
    }
    let shared: Shared

    /// Loads the proxy classes into the runtime (once) for this scenario.
    public init(_ rt: Runtime, patched: Bool = false, behaviour: Behaviour = .current) {
        self.rt = rt
        self.patched = patched
        self.behaviour = behaviour
        self.shared = Shared(patched: patched, behaviour: behaviour)
        if rt.objc_getClass("_RXDelegateProxy") == nil { Self.defineClasses(rt, shared) }
    }

    // MARK: Classes

    static func defineClasses(_ rt: Runtime, _ shared: Shared) {
        let owner = shared.patched ? "rx:patched" : shared.behaviour.id
        let behaviour = shared.behaviour
        // RXDP .h l.13: `_RXDelegateProxy : NSObject`.
        let base = rt.defineClass("_RXDelegateProxy", superclass: rt.NSObjectClass, owner: owner)
        rt.class_declareForwardingIvar(base, "__forwardToDelegate")
        // RXDP .m l.95-103: always the weak ivar; the strong keep-alive only with retainDelegate.
        rt.addMethod(base, "_setForwardToDelegate:retainDelegate:", types: "v@:@c") { rt, o, _, a in
            try rt.object_setIvar(o, "__forwardToDelegate", a[0], .weak)
            try rt.object_setIvar(o, "strongForwardDelegate", a[1].boolValue ? a[0] : .none, .strong)
            return .none
        }
        rt.addMethod(base, "_forwardToDelegate", types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, "__forwardToDelegate") }
        // RXDP l.117-123 (PR #2546, 6.7.0): super's signature first, else the forward delegate's. Before 6.7.0, NSObject's.
        if behaviour.signatureFallback {
            rt.addMethod(base, "methodSignatureForSelector:", types: "@@::") { rt, o, _, a in
                let mine = try rt.objc_msgSendSuper(o, rt.NSObjectClass, rt.s.methodSignatureForSelector, a)
                if !mine.isNil { return mine }
                return try rt.objc_msgSend(rt.object_getIvar(o, "__forwardToDelegate"), rt.s.methodSignatureForSelector, a)
            }
        }
        // RXDP l.125-140: sentMessage → forward delegate (if it responds) → methodInvoked.
        rt.addMethod(base, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            let sel = inv.selector
            if inv.isVoid { emit(rt, o, sel, kind: "sentMessage") }
            let forwardTo = rt.object_getIvar(o, "__forwardToDelegate")
            if !forwardTo.isNil, try rt.objc_msgSend(forwardTo, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                try inv.invoke(rt, target: forwardTo)
            }
            if inv.isVoid { emit(rt, o, sel, kind: "methodInvoked") }
            return .none
        }
        // DP l.19: `DelegateProxy<P, D> : _RXDelegateProxy`; `responds(to:)` is the Swift override at DP l.226-231.
        let proxy = rt.defineClass("DelegateProxy", superclass: base, owner: owner)
        rt.addMethod(proxy, "initWithParentObject:", types: "@@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "_parentObject", a[0], .weak)   // DP l.27
            return .object(o)
        }
        // ≤ 3.2.x: the override is ObjC, on _RXDelegateProxy (3.2.0 RXDP .m l.109-121); since 3.3.0 Swift, on DelegateProxy.
        rt.addMethod(behaviour.respondsToEveryVoidMethod ? base : proxy, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            let cmd = rt.s.respondsToSelector
            guard let sel = a.first?.selValue else {
                // #2349 (6.5.0): the nil guard. Before it, super and the forward delegate answer NO to nil, then the nil
                // reaches voidDelegateMethodsContain's nonnull parameter. The ObjC override of ≤ 3.2 answers NO.
                if behaviour.nilSelectorTraps {
                    throw rt.fatal("Unexpectedly found nil while implicitly unwrapping an Optional value: responds(to: nil) "
                                   + "(DelegateProxy.swift; guarded from 6.5.0, RxSwift PR #2349)", by: Self.library)
                }
                return .bool(false)
            }
            if shared.patched, sel == rt.sel(RxCocoa.marker) { return .bool(true) }
            if try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a).boolValue { return .bool(true) }
            let forwardTo = rt.object_getIvar(o, "__forwardToDelegate")
            // No recursion guard: the forward delegate is asked on every call (§3.3).
            if !forwardTo.isNil, try rt.objc_msgSend(forwardTo, cmd, a).boolValue { return .bool(true) }
            let void = voidDelegateMethods(rt, shared, rt.object_getClass(o)).contains(sel)
            // ≤ 3.2.x canRespondToSelector: every optional void method, observed or not (#1087).
            if behaviour.respondsToEveryVoidMethod { return .bool(void) }
            return .bool(void && hasObservers(rt, o, sel))
        }
        let scroll = rt.defineClass("RxScrollViewDelegateProxy", superclass: proxy, owner: owner)
        rt.class_addProtocol(scroll, rt.objc_getProtocol("UIScrollViewDelegate")!)
        // RxScrollViewDelegateProxy l.87: wired, forwards by hand; never reaches forwardInvocation:.
        rt.addMethod(scroll, "scrollViewDidScroll:", types: "v@:@") { rt, o, _, a in
            let cmd = rt.sel("scrollViewDidScroll:")
            emit(rt, o, cmd, kind: "wired")
            let forwardTo = rt.object_getIvar(o, "__forwardToDelegate")
            if !forwardTo.isNil, try rt.objc_msgSend(forwardTo, rt.s.respondsToSelector, [.sel(cmd)]).boolValue {
                try rt.objc_msgSend(forwardTo, cmd, a)
            }
            return .none
        }
        let table = rt.defineClass("RxTableViewDelegateProxy", superclass: scroll, owner: owner)
        rt.class_addProtocol(table, rt.objc_getProtocol("UITableViewDelegate")!)
        let collection = rt.defineClass("RxCollectionViewDelegateProxy", superclass: scroll, owner: owner)
        rt.class_addProtocol(collection, rt.objc_getProtocol("UICollectionViewDelegate")!)
        if behaviour.hostClasses.contains("WKWebView") {
            let wk = rt.defineClass("RxWKNavigationDelegateProxy", superclass: proxy, owner: owner)
            rt.class_addProtocol(wk, rt.objc_getProtocol("WKNavigationDelegate")!)
        }
        // RxCocoa 3.1.0 – 5.0.x: RxWebViewDelegateProxy : DelegateProxy, UIWebViewDelegate (CHANGELOG 3.1.0, 5.1.0 #2062).
        if behaviour.hostClasses.contains("UIWebView") {
            let web = rt.defineClass("RxWebViewDelegateProxy", superclass: proxy, owner: owner)
            rt.class_addProtocol(web, rt.objc_getProtocol("UIWebViewDelegate")!)
        }
    }

    /// RXDP +initialize (l.25-89): optional, instance, void methods of every adopted protocol and their parents.
    static func voidDelegateMethods(_ rt: Runtime, _ shared: Shared, _ cls: Class) -> Set<SEL> {
        if let cached = shared.voidSelectors[cls] { return cached }
        var set = Set<SEL>()
        for p in rt.class_copyProtocolList(cls) {
            for m in rt.protocol_copyMethodDescriptionList(p) where !m.required && m.instance && m.isVoid {
                set.insert(rt.sel(m.selector))
            }
        }
        shared.voidSelectors[cls] = set
        return set
    }

    // MARK: Observers

    static func observerIvar(_ kind: String, _ sel: String) -> String { "observers.\(kind).\(sel)" }

    static func observerCount(_ rt: Runtime, _ proxy: ObjectID, _ kind: String, _ sel: SEL) -> Int {
        rt.object_getIvar(proxy, Self.observerIvar(kind, rt.sel_getName(sel))).intValue
    }

    /// DP l.221-224: the sentMessage or methodInvoked dispatcher for the selector has observers.
    static func hasObservers(_ rt: Runtime, _ proxy: ObjectID, _ sel: SEL) -> Bool {
        observerCount(rt, proxy, "sentMessage", sel) > 0 || observerCount(rt, proxy, "methodInvoked", sel) > 0
    }

    /// Emits on a subject: a subscriber observes the event (journal observer "rx").
    static func emit(_ rt: Runtime, _ proxy: ObjectID, _ sel: SEL, kind: String) {
        let n = observerCount(rt, proxy, kind, sel)
        for _ in 0..<n { rt.journal.append(JournalEntry(observer: Self.observer, event: rt.sel_getName(sel), detail: kind)) }
    }

    // MARK: DelegateProxyType

    func factory(for object: ObjectID) -> (parent: String, proxy: String, property: String, protocolName: String)? {
        // DPT l.388-433: walk the dynamic class upward; the first registered parent class wins.
        var c: Class? = rt.object_getClass(object)
        while let k = c {
            if let f = Self.factories.first(where: { $0.parent == rt.class_getName(k) && behaviour.hostClasses.contains($0.parent) }) { return f }
            c = rt.class_getSuperclass(k)
        }
        return nil
    }

    func identifier(_ protocolName: String) -> String { "RxDelegateProxy.identifier<\(protocolName)>" }

    func accessors(_ property: String) -> (getter: SEL, setter: SEL) {
        if let a = shared.accessors[property] { return a }
        let a = (rt.sel(property), rt.sel("set" + property.prefix(1).uppercased() + property.dropFirst() + ":"))
        shared.accessors[property] = a
        return a
    }

    func currentDelegate(_ object: ObjectID, _ property: String) throws -> Value {
        try rt.objc_msgSend(object, accessors(property).getter, [])
    }

    func setCurrentDelegate(_ object: ObjectID, _ property: String, _ value: Value) throws {
        try rt.objc_msgSend(object, accessors(property).setter, [value])
    }

    /// Whether the delegate slot already holds this proxy: identity, or for `rx:patched` the marker.
    func isProxyInstalled(_ current: Value, _ proxy: ObjectID) throws -> Bool {
        if current == .object(proxy) { return true }
        guard patched, !current.isNil else { return false }
        let answersMarker = try rt.objc_msgSend(current, rt.s.respondsToSelector, [.sel(rt.sel(Self.marker))]).boolValue
        // Only a YES rests on the inference: a NO leaves the identity check, as in the unpatched proxy.
        if answersMarker {
            rt.noteInference("rx:patched: PR #2037's marker probe applied wherever Rx compares the slot with its proxy; the PR shows it in responds(to:) only",
                             source: "RxSwift PR #2037 (closed unmerged)")
        }
        return answersMarker
    }

    func forwardToDelegate(_ proxy: ObjectID) -> Value { rt.object_getIvar(proxy, "__forwardToDelegate") }

    /// `DelegateProxyType.proxy(for:)`, DPT l.177-202, step by step.
    @discardableResult
    public func proxy(for object: ObjectID) throws -> ObjectID {
        guard let f = factory(for: object) else {
            throw rt.fatal("DelegateProxy has no factory of \(rt.describe(object)). Implement DelegateProxy subclass for "
                           + "\(rt.describe(object)) first.", by: Self.library)   // l.431
        }
        let key = identifier(f.protocolName)
        var proxy: ObjectID
        if let assigned = rt.objc_getAssociatedObject(object, key).object {
            proxy = assigned
        } else {
            // Create through the factory, retain by association (OBJC_ASSOCIATION_RETAIN), assert (6.10 l.186-188).
            proxy = rt.class_createInstance(rt.objc_getClass(f.proxy)!)
            _ = try rt.send(proxy, "initWithParentObject:", .object(object))
            try rt.objc_setAssociatedObject(object, key, .object(proxy), .retain)
            try rt.objc_release(proxy)
            try rt.libraryAssert(rt.objc_getAssociatedObject(object, key) == .object(proxy),
                                 site: behaviour.asserts.associate, library: Self.library)
        }
        // l.190: the current delegate, through the (possibly swizzled) getter.
        let current = try currentDelegate(object, f.property)
        // l.193: only if the current delegate is not the proxy.
        if try !isProxyInstalled(current, proxy) {
            if !current.isNil {
                rt.noteFact("proxy(for:) makes whatever the delegate getter returns its forward delegate, then sets itself and asserts the getter returns it",
                            source: "RxCocoa DelegateProxyType.swift l.190-198")
            }
            try setForwardToDelegate(proxy, current, retainDelegate: false)                       // l.194
            try rt.libraryAssert(forwardToDelegate(proxy) == current,
                                 site: behaviour.asserts.forwardSet, library: Self.library)
            try setCurrentDelegate(object, f.property, .object(proxy))                             // l.196
            try rt.libraryAssert(try currentDelegate(object, f.property) == .object(proxy),
                                 site: behaviour.asserts.proxyInstalled, library: Self.library)
            try rt.libraryAssert(forwardToDelegate(proxy) == current,
                                 site: behaviour.asserts.forwardKept, library: Self.library)
        }
        return proxy
    }

    /// `DelegateProxy.setForwardToDelegate` (DP l.204-219): the ObjC store, then `reset()` (from 3.3.0).
    func setForwardToDelegate(_ proxy: ObjectID, _ delegate: Value, retainDelegate: Bool) throws {
        try rt.send(proxy, "_setForwardToDelegate:retainDelegate:", delegate, .bool(retainDelegate))
        if behaviour.resets { try reset(proxy) }
    }

    /// `DelegateProxy.reset()` (DP l.233-242): nil then the proxy, only when the slot holds the proxy.
    public func reset(_ proxy: ObjectID) throws {
        guard let parent = rt.object_getIvar(proxy, "_parentObject").object, let f = factory(for: parent) else { return }
        if try isProxyInstalled(try currentDelegate(parent, f.property), proxy) {
            try setCurrentDelegate(parent, f.property, .none)
            try setCurrentDelegate(parent, f.property, .object(proxy))
        }
    }

    /// A disposable returned by `rx.setDelegate` or a subscription.
    public final class Disposable {
        var action: (() throws -> Void)?
        init(_ action: @escaping () throws -> Void) { self.action = action }
        public var isDisposed: Bool { action == nil }
        /// Runs the dispose action once.
        public func dispose() throws {
            let a = action
            action = nil
            try a?()
        }
    }

    /// `rx.setDelegate(d)` → `installForwardDelegate(d, retainDelegate: false, onProxyForObject:)` (6.10 DPT l.211-235).
    /// - Returns: the disposable, which holds the proxy strongly until disposed (§2.6).
    public func setDelegate(_ delegate: Value, on object: ObjectID, retainDelegate: Bool = false) throws -> Disposable {
        let proxy = try self.proxy(for: object)                                                   // l.217
        let existing = forwardToDelegate(proxy)
        try rt.libraryAssert(existing.isNil,
            "This is a feature to warn you that there is already a delegate (or data source) set somewhere previously. "
            + "The action you are trying to perform will clear that delegate (data source) and that means that some of "
            + "your features that depend on that delegate (data source) being set will likely stop working.\n"
            + "If you are ok with this, try to set delegate (data source) to `nil` in front of this operation.\n"
            + " This is the source object value: \(rt.describe(object))\n"
            + " This is the original delegate (data source) value: \(rt.describe(existing))\n"
            + "Hint: Maybe delegate was already set in xib or storyboard and now it's being overwritten in code.\n",
            site: behaviour.asserts.alreadySet, library: Self.library)
        try setForwardToDelegate(proxy, delegate, retainDelegate: retainDelegate)                 // l.228
        if !behaviour.resets {
            // ≤ 3.2.x installForwardDelegate: "refresh properties after delegate is set / some views like UITableView
            // cache `respondsToSelector`": nil, then the proxy, whatever the slot holds; then its assert.
            guard let f = factory(for: object) else { return Disposable {} }
            try setCurrentDelegate(object, f.property, .none)
            try setCurrentDelegate(object, f.property, .object(proxy))
            try rt.libraryAssert(forwardToDelegate(proxy) == delegate, "Setting of delegate failed",
                                 site: behaviour.asserts.settingFailed, library: Self.library)
        }
        try rt.objc_retain(proxy)   // l.230-238: the dispose closure captures the proxy strongly
        let weakDelegate = delegate.object
        return Disposable {
            let rt = self.rt
            defer { try? rt.objc_release(proxy) }
            // The `changed` assert, skipped when the installed delegate is already gone.
            let d: Value = weakDelegate.map { rt.lifecycle($0) == .alive ? .object($0) : .none } ?? .none
            try rt.libraryAssert(d.isNil || self.forwardToDelegate(proxy) == d,
                "Delegate was changed from time it was first set. Current \(rt.describe(self.forwardToDelegate(proxy))), "
                + "and it should have been \(rt.describe(proxy))", site: self.behaviour.asserts.changed, library: Self.library)
            try self.setForwardToDelegate(proxy, .none, retainDelegate: retainDelegate)           // l.237
        }
    }

    /// `delegate.methodInvoked(sel).subscribe(...)`: the first subscriber triggers `reset()` after it is counted
    /// (DP l.259-293, onSubscribed); the last dispose triggers it again. A wired method's own subject never resets.
    public func subscribe(_ selector: String, on object: ObjectID) throws -> Disposable {
        let proxy = try self.proxy(for: object)
        let sel = rt.sel(selector)
        // Whether the selector is wired is a fact of Rx's own proxy class (its Swift code), not of whatever class the
        // proxy instance has now: an isa-swizzler (Sensors) may add the method to a subclass, and Rx still observes
        // it through methodInvoked (DelegateProxy.swift checkSelectorIsObservable only prints a warning).
        let rxClass = factory(for: object).flatMap { rt.objc_getClass($0.proxy) } ?? rt.object_getClass(proxy)
        let wired = rt.class_getInstanceMethod(rxClass, sel) != nil
        let kind = wired ? "wired" : "methodInvoked"
        if behaviour.fatalSelectorCheck, !wired {
            // 3.0.0 – 4.0.x methodInvoked(selector) → checkSelectorIsObservable (4.0.0 DP l.166-176): fatal unless the
            // forward delegate responds or the selector is an optional void method of the proxy's protocols.
            let forwardTo = forwardToDelegate(proxy)
            let forwardResponds = try !forwardTo.isNil && rt.objc_msgSend(forwardTo, rt.s.respondsToSelector, [.sel(sel)]).boolValue
            if !forwardResponds && !Self.voidDelegateMethods(rt, shared, rt.object_getClass(proxy)).contains(sel) {
                throw rt.fatal("This class doesn't respond to selector \(selector)", by: Self.library)
            }
        }
        let ivar = Self.observerIvar(kind, selector)
        let count = rt.object_getIvar(proxy, ivar).intValue
        try rt.object_setIvar(proxy, ivar, .int(count + 1), .value)
        // ≤ 3.2.x: no reset() on subscription (every void method already answered YES).
        let resets = behaviour.resets
        if resets && !wired && count == 0 { try reset(proxy) }
        return Disposable {
            let rt = self.rt
            guard rt.lifecycle(proxy) == .alive else { return }   // MessageDispatcher → proxy is weak
            let now = rt.object_getIvar(proxy, ivar).intValue
            try rt.object_setIvar(proxy, ivar, .int(max(0, now - 1)), .value)
            if resets && !wired && now == 1 { try self.reset(proxy) }
        }
    }
}
