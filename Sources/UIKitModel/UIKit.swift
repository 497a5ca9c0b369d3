// The host classes: delegate setters that snapshot respondsToSelector: (guide C2), getters, and event dispatch.
import ObjCModel

/// Loads the UIKit/WebKit host model into a runtime and fires host events.
public enum UIKit {
    /// Defines the delegate protocols, `UIView`, the hosts, `_WebSafeForwarder` and `AppDelegate` for one SDK era.
    public static func load(into rt: Runtime, era: Era = .ios9) {
        DelegateProtocols.define(in: rt)
        let view = rt.defineClass("UIView", superclass: rt.NSObjectClass, owner: "UIKit")
        rt.addMethod(view, "initWithFrame:", types: "@@:{CGRect}") { rt, o, _, _ in try rt.objc_msgSend(o, rt.s.`init`) }
        let scroll = rt.defineClass("UIScrollView", superclass: view, owner: "UIKit")
        install(HostKind.scrollView(era), on: scroll, in: rt)
        installContentOffset(on: scroll, in: rt)
        install(HostKind.tableView(era), on: rt.defineClass("UITableView", superclass: scroll, owner: "UIKit"), in: rt)
        install(HostKind.collectionView(era), on: rt.defineClass("UICollectionView", superclass: scroll, owner: "UIKit"), in: rt)
        loadWebView(rt, view)
        install(HostKind.wkWebView, on: rt.defineClass("WKWebView", superclass: view, owner: "WebKit"), in: rt)
        AppDelegateObject.define(in: rt)
    }

    /// Creates a host the way an app does: `[[Host alloc] initWithFrame:]`, owned by the caller (+1).
    public static func makeHost(_ kind: HostKind, in rt: Runtime) throws -> ObjectID {
        let cls = rt.objc_getClass(kind.className)!
        let o = try rt.objc_msgSend(rt.classObject(cls), rt.s.alloc)
        return try rt.objc_msgSend(o, rt.sel("initWithFrame:"), [.string("{{0, 0}, {320, 480}}")]).object!
    }

    /// The ivar holding the cached `respondsToSelector:` answer for one delegate method.
    /// The ivar holding one delegate property's cached `respondsToSelector:` answers, one bit per protocol method in
    /// protocol order, as UIKit keeps `_delegateFlags` bitfields (guide C2).
    public static func cacheIvar(_ property: String) -> String { "_\(property)RespondsFlags" }

    /// The protocol methods whose answers a delegate property caches, in bit order.
    static func probes(_ rt: Runtime, _ protocolName: String) -> [String] {
        rt.protocol_copyMethodDescriptionList(rt.objc_getProtocol(protocolName)!).map(\.selector)
    }

    /// Whether the host's cached flags say the delegate implements `selector`.
    public static func cachedResponds(_ rt: Runtime, _ host: ObjectID, _ property: String, _ selector: String) -> Bool {
        var c: Class? = rt.object_getClass(host)
        while let k = c {
            if let slot = HostKind.all.first(where: { $0.className == rt.class_getName(k) })?.slots.first(where: { $0.property == property }),
               let bit = probes(rt, slot.protocolName).firstIndex(of: selector) {
                return rt.object_getIvar(host, cacheIvar(property)).intValue & (1 << bit) != 0
            }
            c = rt.class_getSuperclass(k)
        }
        return false
    }

    /// Fires a host event: the host's internal method checks its cached flag and messages its delegate.
    /// - Returns: what the host got back (zero if nothing answered).
    @discardableResult
    public static func fire(_ event: HostEvent, on host: ObjectID, of kind: HostKind, in rt: Runtime) throws -> Value {
        if kind.className == "UIWebView" {
            // WebKit calls the forwarder, which forwards to -[UIWebView <WebKit delegate method>] (tracker write-up stack).
            let forwarder = rt.object_getIvar(host, "_forwarder")
            return try rt.objc_msgSend(forwarder, rt.sel(event.internalSelector), [.object(host), .string("frame")])
        }
        if event.internalSelector == scrollNotifier {
            // Scrolling moves the content offset; the setter notifies the delegate (and KVO observers of contentOffset).
            let offset = rt.object_getIvar(host, "contentOffset").intValue + 1
            return try rt.objc_msgSend(host, rt.sel("setContentOffset:"), [.int(offset)])
        }
        return try rt.objc_msgSend(host, rt.sel(event.internalSelector), [])
    }

    /// Fires an index-path event for one row of section 0: what the user tapped or what scrolled into view.
    /// - Returns: what the host got back.
    @discardableResult
    public static func fire(_ event: HostEvent, on host: ObjectID, of kind: HostKind, row: Int, in rt: Runtime) throws -> Value {
        try rt.object_setIvar(host, rowIvar, .int(row), .value)
        defer { try? rt.object_setIvar(host, rowIvar, .none, .value) }
        return try fire(event, on: host, of: kind, in: rt)
    }

    /// `indexPath{section, row}`: the model's index path (see ``eventArguments(_:)``).
    public static func indexPath(section: Int = 0, row: Int) -> String { "indexPath{\(section), \(row)}" }

    /// Parses `indexPath{section, row}`.
    public static func parseIndexPath(_ text: String) -> (section: Int, row: Int)? {
        guard text.hasPrefix("indexPath{"), text.hasSuffix("}") else { return nil }
        let parts = text.dropFirst("indexPath{".count).dropLast().split(separator: ",")
        guard parts.count == 2, let s = Int(String(parts[0].filter { $0 != " " })),
              let r = Int(String(parts[1].filter { $0 != " " })) else { return nil }
        return (s, r)
    }

    static let rowIvar = "_firingRow"
    static let scrollNotifier = "_notifyDidScroll"

    /// `contentOffset` and its setter, which tells the delegate it scrolled (UIScrollView.h; MJRefresh observes it
    /// with KVO, imyaop guide §1.8 #3). MODEL: the offset is one number.
    static func installContentOffset(on cls: Class, in rt: Runtime) {
        rt.addMethod(cls, "contentOffset", types: "q@:") { rt, o, _, _ in rt.object_getIvar(o, "contentOffset") }
        rt.addMethod(cls, "setContentOffset:", types: "v@:q") { rt, o, _, a in
            try rt.object_setIvar(o, "contentOffset", a.first ?? .int(0), .value)
            return try rt.objc_msgSend(o, rt.sel(scrollNotifier), [])
        }
    }

    // MARK: Host installation

    static func install(_ kind: HostKind, on cls: Class, in rt: Runtime) {
        for slot in kind.slots where !rt.class_ownsMethod(cls, rt.sel(slot.setter)) {
            installSlot(slot, on: cls, in: rt)
        }
        for event in kind.events where event.selector.hasPrefix("scrollView") == false || kind.className == "UIScrollView" {
            installEvent(event, of: kind, on: cls, in: rt)
        }
    }

    static func installSlot(_ slot: DelegateSlot, on cls: Class, in rt: Runtime) {
        let property = slot.property
        // Selectors and the flags ivar are computed once, not on every set.
        let probes = probes(rt, slot.protocolName).map { rt.sel($0) }
        let flags = cacheIvar(property)
        rt.addMethod(cls, property, types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, property) }
        rt.addMethod(cls, slot.setter, types: "v@:@") { rt, o, _, a in
            let new = a.first ?? .none
            // RATreeView PR #154 (rxcocoa guide §5): setting the same instance again skips the cache refresh.
            if !new.isNil, rt.object_getIvar(o, property) == new { return .none }
            try rt.object_setIvar(o, property, new, slot.ownership)
            // UIKit/WebKit snapshot respondsToSelector: per method when the delegate is set (guide C2).
            var bits = 0
            for (bit, probe) in probes.enumerated() where !new.isNil {
                if try rt.objc_msgSend(new, rt.s.respondsToSelector, [.sel(probe)]).boolValue { bits |= 1 << bit }
            }
            try rt.object_setIvar(o, flags, .int(bits), .value)
            return .none
        }
    }

    /// The host-internal method for one event: check the cached flag, load the delegate, send, record the answer.
    static func installEvent(_ event: HostEvent, of kind: HostKind, on cls: Class, in rt: Runtime) {
        let sel = rt.sel(event.selector)
        let isWebKitDecision = event.selector.contains("decisionHandler:")
        let flags = cacheIvar(event.slot)
        let protocolName = kind.slots.first { $0.property == event.slot }!.protocolName
        let bit = 1 << probes(rt, protocolName).firstIndex(of: event.selector)!
        let arguments = eventArguments(event)
        rt.addMethod(cls, event.internalSelector, types: "\(event.returnType)@:") { rt, host, _, _ in
            guard rt.object_getIvar(host, flags).intValue & bit != 0 else {
                rt.journal.append(JournalEntry(observer: rt.describe(host), event: "skipped", detail: event.selector))
                return .none
            }
            // weak: nil once the delegate is deallocating (no call); assign: the raw pointer, even if freed.
            let delegate = rt.object_getIvar(host, event.slot)
            guard !delegate.isNil else { return .none }
            var args = arguments(host)
            if case .int(let row) = rt.object_getIvar(host, rowIvar), let i = args.firstIndex(of: .string(indexPath(row: 0))) {
                args[i] = .string(indexPath(row: row))
            }
            var handler: Block?
            if isWebKitDecision {
                let h = Block(label: "decisionHandler") { _, _ in .none }
                handler = h
                args[args.count - 1] = .block(h)
            }
            let answer = try rt.objc_msgSend(delegate, sel, args)
            if let handler, handler.callCount != 1 {
                // WebKit's CompletionHandlerCallChecker: "was called more than once" / "was not called" (guide A4).
                rt.journal.append(JournalEntry(observer: rt.describe(host), event: "handlerMisuse",
                                               detail: "\(event.selector) decisionHandler called \(handler.callCount) times"))
            }
            if event.returnType != "v" {
                rt.journal.append(JournalEntry(observer: rt.describe(host), event: "returned",
                                               detail: "\(event.selector) \(rt.describe(answer))"))
            }
            return answer
        }
    }

    /// MODEL: index paths, cells and requests are strings; no library looks inside them.
    /// The arguments of an event given its host, worked out once per event rather than on every send.
    static func eventArguments(_ event: HostEvent) -> (ObjectID) -> [Value] {
        let count = event.selector.filter { $0 == ":" }.count
        let hasIndexPath = event.selector.contains("IndexPath")
        var rest: [Value] = []
        for i in 1..<max(count, 1) {
            rest.append(.string(hasIndexPath && i == count - 1 ? "indexPath{0, 0}" : "arg\(i)"))
        }
        return { host in Array(([.object(host)] + rest).prefix(count)) }
    }

    // MARK: UIWebView and _WebSafeForwarder

    static func loadWebView(_ rt: Runtime, _ view: Class) {
        let forwarder = rt.defineClass("_WebSafeForwarder", superclass: rt.NSObjectClass, owner: "UIKit")
        // The forwarder answers for its target and forwards WebKit's delegate calls to it.
        rt.addMethod(forwarder, "methodSignatureForSelector:", types: "@@::") { rt, o, _, a in
            try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.methodSignatureForSelector, a)
        }
        rt.addMethod(forwarder, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            let target = rt.object_getIvar(o, "target")
            if try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(inv.selector)]).boolValue {
                try inv.invoke(rt, target: target)
            }
            return .none
        }
        let web = rt.defineClass("UIWebView", superclass: view, owner: "UIKit")
        rt.addMethod(web, "initWithFrame:", types: "@@:{CGRect}") { rt, o, _, _ in
            let f = rt.class_createInstance(forwarder)
            try rt.object_setIvar(f, "target", .object(o), .assign)
            try rt.object_setIvar(o, "_forwarder", .object(f), .strong)
            try rt.objc_release(f)
            return .object(o)
        }
        installSlot(HostKind.uiWebView.slots[0], on: web, in: rt)
        for event in HostKind.uiWebView.events {
            // -[UIWebView webView:decidePolicyForNavigationAction:request:frame:decisionListener:] and friends.
            installEvent(event, of: HostKind.uiWebView, on: web, in: rt)
        }
    }
}
