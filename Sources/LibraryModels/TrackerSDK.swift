// The ByteDance tracker SDK ("MySDK") in its three designs, from the write-up "无埋点核心技术：iOS Hook在字节的实践经验"
// (imyaop-kvo-analytics guide §3.1). Every design records the events it observes in the journal as observer "tracker".
import ObjCModel
import UIKitModel

/// The tracker SDK's three designs: `tracker:swizzle`, `tracker:proxy`, `tracker:forwarding`.
public enum TrackerSDK {
    public enum Design: String, CaseIterable, Sendable {
        /// Scheme 1: swizzle `setDelegate:`, then method-swizzle the tracked method on the delegate's class.
        case swizzle
        /// Scheme 2: wrap every delegate in an NSProxy with a weak target; keep the newest wrapper by association.
        case proxy
        /// Solution 3: intercept at `forwardingTargetForSelector:` on forwarding-based delegates; never wrap.
        case forwarding
    }

    /// The journal observer name for everything the tracker records.
    public static let observer = "tracker"
    /// §3.1 scheme 2: `bd_isCollectionViewTrackerDecorator`. MODEL: one marker for every host.
    public static let marker = "bd_isCollectionViewTrackerDecorator"
    /// §3.1: `objc_setAssociatedObject(self, @selector(bd_TrackerProxy), proxy, RETAIN_NONATOMIC)`.
    public static let proxyAssociationKey = "bd_TrackerProxy"

    /// The events the tracker tracks on each host (clicks and page loads). MODEL: the write-up names
    /// `collectionView:didSelectItemAtIndexPath:`; the same is assumed for each host it was applied to.
    public static func trackedSelectors(_ host: HostKind) -> [String] {
        switch host.className {
        case "UITableView": return ["tableView:didSelectRowAtIndexPath:"]
        case "UICollectionView": return ["collectionView:didSelectItemAtIndexPath:"]
        case "UIScrollView": return ["scrollViewWillBeginDragging:"]
        case "UIWebView": return ["webView:shouldStartLoadWithRequest:navigationType:", "webViewDidFinishLoad:"]
        case "WKWebView": return ["webView:decidePolicyForNavigationAction:decisionHandler:", "webView:didFinishNavigation:"]
        default: return []
        }
    }

    /// §3.1: "applied to UIWebView, WKWebView, UITableView, UICollectionView, UIScrollView".
    public static let hostClasses = ["UIScrollView", "UITableView", "UICollectionView", "UIWebView", "WKWebView"]

    /// Every tracked selector of every host, once, with its protocol type encoding.
    static func allTrackedMethods(_ rt: Runtime) -> [(String, String)] {
        var seen = Set<String>()
        let protocols = HostKind.all.flatMap { $0.slots.map(\.protocolName) }.compactMap(rt.objc_getProtocol)
        return HostKind.all.flatMap(trackedSelectors).filter { seen.insert($0).inserted }.map { selector in
            let types = protocols.lazy.compactMap { rt.protocol_getMethodDescription($0, rt.sel(selector))?.types }.first
            return (selector, types ?? "v@:@@")
        }
    }

    static func record(_ rt: Runtime, _ selector: String) {
        rt.journal.append(JournalEntry(observer: observer, event: selector))
    }

    /// The SDK's `+load`: swizzles each host class's delegate setter for the chosen design.
    public static func load(_ design: Design, into rt: Runtime) {
        let owner = "tracker:\(design.rawValue)"
        switch design {
        case .proxy: defineTrackerProxy(rt)
        case .forwarding: defineForwardingHandler(rt)
        case .swizzle: break
        }
        for name in hostClasses {
            guard let cls = rt.objc_getClass(name), let host = HostKind.all.first(where: { $0.className == name }) else { continue }
            let setter = host.primarySlot.setter
            let helper = "bd_" + setter
            let helperSel = rt.sel(helper)
            let tracked = trackedSelectors(host)
            let imp = rt.imp_implementationWithBlock("-[\(name)(BDTracker) \(helper)]", owner: owner) { rt, view, _, a in
                let delegate = a.first ?? .none
                switch design {
                case .proxy: return try proxySetDelegate(rt, view, delegate, helper: helperSel)
                case .swizzle: try swizzleDelegateClass(rt, delegate, tracked: tracked, owner: owner)
                case .forwarding: try interceptDelegate(rt, delegate, tracked: tracked, owner: owner)
                }
                return try rt.objc_msgSend(view, helperSel, [delegate])
            }
            // The SDK swizzles in +load with the NSHipster exchange (write-up scheme 1 and 2: "swizzle setDelegate:").
            Swizzling.exchange(rt, cls, setter, with: helper, imp)
        }
    }

    // MARK: Scheme 2 — the NSProxy wrapper

    /// `BDTrackerProxy : NSProxy` with a weak `target` (§3.1 scheme 2).
    static func defineTrackerProxy(_ rt: Runtime) {
        let cls = rt.defineClass("TrackerProxy", superclass: rt.NSProxyClass, owner: "tracker:proxy")
        rt.class_declareForwardingIvar(cls, "target")
        rt.addMethod(cls, "initWithTarget:", types: "@@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "target", a.first ?? .none, .weak)
            return .object(o)
        }
        rt.addMethod(cls, marker, types: "c@:") { _, _, _, _ in .bool(true) }
        // "Its respondsToSelector: is YES for the marker, otherwise it asks the target."
        rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            if a.first?.selValue == rt.sel(marker) { return .bool(true) }
            return try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.respondsToSelector, a)
        }
        // MODEL (inference): the usual NSProxy forwarding pair, asking the weak target; the write-up shows neither.
        rt.addMethod(cls, "methodSignatureForSelector:", types: "@@::") { rt, o, _, a in
            rt.noteInference("the tracker wrapper's methodSignatureForSelector:/forwardInvocation: ask its weak target; the article shows neither",
                         source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", scheme 2")
            return try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.methodSignatureForSelector, a)
        }
        rt.addMethod(cls, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            let target = rt.object_getIvar(o, "target")
            if try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(inv.selector)]).boolValue {
                try inv.invoke(rt, target: target)
            }
            return .none
        }
        // The tracked methods: "track, then call the target if it responds".
        for (selector, types) in allTrackedMethods(rt) {
            let sel = rt.sel(selector)
            rt.addMethod(cls, selector, types: types) { rt, o, _, a in
                record(rt, selector)
                let target = rt.object_getIvar(o, "target")
                if try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    return try rt.objc_msgSend(target, sel, a)
                }
                // MODEL: with no answering target a BOOL policy proceeds and a decision handler allows.
                rt.noteInference("the tracker wrapper answers YES / allow when its target does not answer", source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", scheme 2")
                if case .block(let handler)? = a.last { try handler.call(rt, [.int(1)]) }
                return types.first == "c" ? .bool(true) : .none
            }
        }
    }

    /// The swizzled setter of scheme 2: nil passes, a decorated object passes unchanged, anything else is wrapped.
    static func proxySetDelegate(_ rt: Runtime, _ view: ObjectID, _ delegate: Value, helper: SEL) throws -> Value {
        guard !delegate.isNil else { return try rt.objc_msgSend(view, helper, [.none]) }
        // "[delegate respondsToSelector:@selector(bd_isCollectionViewTrackerDecorator)] → pass it through unchanged".
        if try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(rt.sel(marker))]).boolValue {
            rt.noteFact("the tracker passes a delegate that answers its marker through unwrapped", source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", scheme 2; RxSwift #2035")
            return try rt.objc_msgSend(view, helper, [delegate])
        }
        rt.noteFact("the tracker wraps each new delegate in a proxy with a weak target and keeps only the newest proxy, by association",
                    source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", scheme 2")
        let proxy = rt.class_createInstance(rt.objc_getClass("TrackerProxy")!)
        _ = try rt.send(proxy, "initWithTarget:", delegate)
        // Call the original setter with the proxy, then keep the newest proxy alive by association.
        _ = try rt.objc_msgSend(view, helper, [.object(proxy)])
        try rt.objc_setAssociatedObject(view, proxyAssociationKey, .object(proxy), .retainNonatomic)
        try rt.objc_release(proxy)   // the local strong reference ends
        return .none
    }

    // MARK: Scheme 1 — swizzle the delegate's class

    /// Hooks each tracked method on the class of whatever is passed to `setDelegate:`, once per class.
    /// §3.1 scheme 1 fails when "the object passed to setDelegate is not the object that implements" the method.
    static func swizzleDelegateClass(_ rt: Runtime, _ delegate: Value, tracked: [String], owner: String) throws {
        guard let d = delegate.object else { return }
        rt.noteFact("scheme 1 swizzles the tracked method on the class of whatever setDelegate: receives, which misses a delegate that forwards",
                    source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", scheme 1" )
        // GrowingIO-style: the stated class (`delegate.class`, guide §3.2); an NSProxy answers its own isa.
        guard let cls = rt.classOfClassObject(try rt.objc_msgSend(d, rt.s.class).object ?? rt.classObject(rt.object_getClass(d)))
        else { return }
        for selector in tracked {
            let helper = "bd_track_" + selector
            // Once per class: a class that already has the helper was hooked (RSSwizzle-style key).
            guard !rt.class_respondsToSelector(cls, rt.sel(helper)),
                  rt.class_getInstanceMethod(cls, rt.sel(selector)) != nil else { continue }
            let hook = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(BDTracker) \(helper)]", owner: owner) { rt, o, _, a in
                record(rt, selector)
                return try rt.objc_msgSend(o, rt.sel(helper), a)
            }
            Swizzling.exchange(rt, cls, selector, with: helper, hook)
        }
    }

    // MARK: Solution 3 — forwardingTargetForSelector:

    /// The handler object solution 3 returns from `forwardingTargetForSelector:`.
    static func defineForwardingHandler(_ rt: Runtime) {
        let cls = rt.defineClass("TrackerForwardingHandler", superclass: rt.NSObjectClass, owner: "tracker:forwarding")
        rt.class_declareForwardingIvar(cls, "delegate")
        rt.class_declareForwardingIvar(cls, "next")
        for (selector, types) in allTrackedMethods(rt) {
            // "return the SDK's handler, which reports and then jumps to RxDelegateProxy's forwardInvocation:".
            let cmd = rt.sel(selector)
            rt.addMethod(cls, selector, types: types) { rt, o, _, a in
                record(rt, selector)
                let next = rt.object_getIvar(o, "next")
                let delegate = rt.object_getIvar(o, "delegate")
                try rt.object_setIvar(o, "next", .none, .weak)
                // MODEL (inference): a target the original forwardingTargetForSelector: chose is honoured first.
                if !next.isNil {
                    rt.noteInference("solution 3 honours the original forwardingTargetForSelector: result first", source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", pitfall 2 fix 3")
                    return try rt.objc_msgSend(next, cmd, a)
                }
                guard let d = delegate.object,
                      case .string(let sig) = try rt.objc_msgSend(d, rt.s.methodSignatureForSelector, [.sel(cmd)]) else { return .none }
                let inv = NSInvocation(target: delegate, selector: cmd, arguments: a, methodSignature: sig)
                try rt.objc_msgSend(d, rt.s.forwardInvocation, [.invocation(inv)])
                return inv.returnValue
            }
        }
    }

    /// Solution 3's install on a delegate: forwarding-based classes get a `forwardingTargetForSelector:` hook;
    /// classes that implement the method themselves are method-swizzled as in scheme 1. The delegate is never wrapped.
    static func interceptDelegate(_ rt: Runtime, _ delegate: Value, tracked: [String], owner: String) throws {
        guard let d = delegate.object else { return }
        let cls = rt.object_getClass(d)
        let forwardingBased = tracked.contains { sel in
            let imp = rt.class_getInstanceMethod(cls, rt.sel(sel)).map(rt.method_getImplementation)
            return imp == nil || imp == rt._objc_msgForward
        }
        guard forwardingBased else { return try swizzleDelegateClass(rt, delegate, tracked: tracked, owner: owner) }
        let helper = "bd_forwardingTargetForSelector:"
        guard !rt.class_respondsToSelector(cls, rt.sel(helper)) else { return }   // once per class
        let trackedSels = Set(tracked.map { rt.sel($0) })
        let hook = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(BDTracker) \(helper)]", owner: owner) { rt, o, _, a in
            let original = try rt.objc_msgSend(o, rt.sel(helper), a)
            guard let sel = a.first?.selValue, trackedSels.contains(sel) else { return original }
            let handler = try handlerFor(rt, o)
            try rt.object_setIvar(handler, "next", original, .weak)
            return .object(handler)
        }
        Swizzling.exchange(rt, cls, "forwardingTargetForSelector:", with: helper, hook)
    }

    /// One handler per delegate, retained by association, pointing back weakly.
    static func handlerFor(_ rt: Runtime, _ d: ObjectID) throws -> ObjectID {
        if let h = rt.objc_getAssociatedObject(d, "bd_forwardingHandler").object { return h }
        let h = rt.class_createInstance(rt.objc_getClass("TrackerForwardingHandler")!)
        try rt.object_setIvar(h, "delegate", .object(d), .weak)
        try rt.objc_setAssociatedObject(d, "bd_forwardingHandler", .object(h), .retainNonatomic)
        try rt.objc_release(h)
        return h
    }
}
