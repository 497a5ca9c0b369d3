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
        loadAppSlots(rt)
    }

    /// Creates a host the way an app does: `[[Host alloc] initWithFrame:]`, owned by the caller (+1).
    public static func makeHost(_ kind: HostKind, in rt: Runtime) throws -> ObjectID {
        let cls = rt.objc_getClass(kind.className)!
        if let creator = kind.primarySlot.createdBy {
            // A session without a delegate, created the way the app creates one, then retained by the app (+1).
            let session = try rt.objc_msgSend(rt.classObject(cls), rt.sel(creator), [.string("configuration"), .none, .none])
            guard let o = session.object else { throw rt.fault(.exception(name: "NSInternalInconsistencyException", reason: "no session"), raisedBy: "Foundation") }
            try rt.objc_retain(o)
            return o
        }
        if !rt.class_isSubclass(cls, of: rt.objc_getClass("UIView")!) {
            // UIApplicationMain creates the shared application; the center is `+currentNotificationCenter`. MODEL: one
            // instance per scenario, made with alloc/init.
            let o = try rt.objc_msgSend(rt.classObject(cls), rt.s.alloc)
            return try rt.objc_msgSend(o, rt.s.`init`).object!
        }
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
        if kind.swiftUI { try connectSwiftUIScene(on: host, in: rt) }
        return try rt.objc_msgSend(host, rt.sel(event.internalSelector), [])
    }

    /// The first window scene connects after launch, before any later event: SwiftUI's scene delegate then reads
    /// `UIApplication.shared.delegate as! AppDelegate` (a lazy property, first read in `scene(_:willConnectTo:options:)`;
    /// OpenSwiftUI UIKitAppDelegate.swift:132, :172-180 @069dd80b, a re-implementation of SwiftUI). Swift's `as!` to a
    /// class walks the object's isa and its superclasses (Casting.cpp swift_dynamicCastClassImpl:
    /// `_swift_getClassOfAllocated`, then `_dynamicCastClassMetatype`), so a runtime subclass of SwiftUI's delegate (GUL's
    /// `GUL_…`, KVO's) passes and a proxy in its place traps, whatever its `isKindOfClass:` answers: mParticle 8's
    /// MPAppDelegateProxy, "Could not cast value of type 'MPAppDelegateProxy' … to 'SwiftUI.AppDelegate'"
    /// (mParticle/mparticle-apple-sdk #207).
    static func connectSwiftUIScene(on host: ObjectID, in rt: Runtime) throws {
        guard rt.object_getIvar(host, swiftUISceneConnected).isNil else { return }
        try rt.object_setIvar(host, swiftUISceneConnected, .bool(true), .value)
        guard let delegate = rt.object_getIvar(host, "delegate").object, !rt.isFreed(delegate),
              let target = rt.objc_getClass(swiftUIAppDelegate) else { return }
        var c: Class? = rt.object_getClass(delegate)
        while let k = c {
            if k == target { return }
            c = rt.class_getSuperclass(k)
        }
        let name = rt.class_getName(rt.object_getClass(delegate))
        rt.noteFact("SwiftUI casts UIApplication.shared.delegate to its own AppDelegate class when the first scene connects (`as!`, which checks the isa chain, not isKindOfClass:): another object in the slot traps",
                    source: "mParticle/mparticle-apple-sdk #207 (\"Could not cast value of type 'MPAppDelegateProxy' to 'SwiftUI.AppDelegate'\"); OpenSwiftUI UIKitAppDelegate.swift:132 @069dd80b (a re-implementation); swiftlang/swift stdlib/public/runtime/Casting.cpp swift_dynamicCastClassImpl")
        throw rt.fault(.fatalError(message: "Could not cast value of type '\(name)' to '\(swiftUIAppDelegate)' (SwiftUI's scene delegate reads UIApplication.shared.delegate when the first scene connects)"),
                       raisedBy: "SwiftUI")
    }

    /// Set on the application once SwiftUI's first scene has connected (``connectSwiftUIScene(on:in:)``).
    static let swiftUISceneConnected = "_swiftUISceneConnected"

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
        // An event whose internal method the slot installed itself (`finishTasksAndInvalidate`) keeps that method.
        for event in kind.events where (event.selector.hasPrefix("scrollView") == false || kind.className == "UIScrollView")
            && !rt.class_ownsMethod(cls, rt.sel(event.internalSelector)) {
            installEvent(event, of: kind, on: cls, in: rt)
        }
    }

    static func installSlot(_ slot: DelegateSlot, on cls: Class, in rt: Runtime) {
        let property = slot.property
        if slot.createdBy != nil { return installCreatedSlot(slot, on: cls, in: rt) }
        // Selectors and the flags ivar are computed once, not on every set.
        let probes = probes(rt, slot.protocolName).map { rt.sel($0) }
        let flags = cacheIvar(property)
        let setter = rt.sel(slot.setter)
        // UITableView and UICollectionView store `delegate` through `[super setDelegate:]`, UIScrollView's setter: a hook
        // on UIScrollView's setter serves them too (Datadog swizzles UIScrollView's alone, and its proxy shows up as a
        // collection view's delegate, DataDog/dd-sdk-ios #2760; field guide corrections row 8).
        let inherited = rt.class_getSuperclass(cls).flatMap { sup in rt.class_getInstanceMethod(sup, setter) != nil ? sup : nil }
        // The superclass's slot protocol (UIScrollViewDelegate), whose methods open this one's list (parents first).
        let inheritedCount = inherited.flatMap { sup in
            HostKind.all.first { $0.className == rt.class_getName(sup) }?.slots.first { $0.property == property }
        }.map { UIKit.probes(rt, $0.protocolName).count } ?? 0
        let inheritedMask = (1 << inheritedCount) - 1
        // The getter is inherited too: Datadog's getter swizzle on UIScrollView (#2760's fix) answers for a collection view.
        if inherited == nil { rt.addMethod(cls, property, types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, property) } }
        rt.addMethod(cls, slot.setter, types: "v@:@") { rt, o, _, a in
            let new = a.first ?? .none
            // RATreeView PR #154 (rxcocoa guide §5): setting the same instance again skips the cache refresh.
            if !new.isNil, rt.object_getIvar(o, property) == new { return .none }
            if let inherited {
                _ = try rt.objc_msgSendSuper(o, inherited, setter, [new])
            } else {
                try rt.object_setIvar(o, property, new, slot.ownership)
            }
            guard slot.cachesResponds else { return .none }
            // UIKit/WebKit snapshot respondsToSelector: per method when the delegate is set (guide C2). MODEL
            // (inference): a subclass caches the answers for its own protocol's methods, from what its superclass's
            // setter stored; the inherited ones (first in the protocol list) are the answers that setter cached.
            let stored = rt.object_getIvar(o, property)
            var bits = inherited == nil ? 0 : rt.object_getIvar(o, flags).intValue & inheritedMask
            for (bit, probe) in probes.enumerated() where bit >= inheritedCount && !stored.isNil {
                if try rt.objc_msgSend(stored, rt.s.respondsToSelector, [.sel(probe)]).boolValue { bits |= 1 << bit }
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
        // UIApplication caches its delegate's answers for the openURL handlers only: its `_applicationFlags` have a bit for
        // each of them and none for a remote notification, a background fetch or a user activity (UIApplication.h:36-38
        // in the iOS 17 runtime headers), so those are asked when they happen (issue 43 #3).
        let appDelegateSlot = protocolName == "UIApplicationDelegate"
        let caches = kind.slots.first { $0.property == event.slot }!.cachesResponds
            && (!appDelegateSlot || openURLHandlers.contains(event.selector))
        rt.addMethod(cls, event.internalSelector, types: "\(event.returnType)@:") { rt, host, _, _ in
            guard !caches || rt.object_getIvar(host, flags).intValue & bit != 0 else {
                // The cache decides only when the delegate would answer YES now (a method added since it was set).
                if appDelegateSlot, case let delegate = rt.object_getIvar(host, event.slot), !delegate.isNil,
                   try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    rt.noteFact("UIKit answers \(event.selector) from the respondsToSelector: answers it cached when the app delegate was set, so a method added since is not called until the delegate is set again",
                                source: "google/GoogleUtilities GULAppDelegateSwizzler.m:518-522 (reassignAppDelegate, for the openURL handlers); MTACS/iOS-17-Runtime-Headers PrivateFrameworks/UIKitCore.framework/UIApplication.h:36-38 @5a141185d0adb16bf83e96edc565abab5ec5de53 (_applicationFlags delegateHandleOpenURL, delegateOpenURL, delegateOpenURLOptions)")
                }
                rt.journal.append(JournalEntry(observer: rt.describe(host), event: "skipped", detail: event.selector))
                return .none
            }
            // weak: nil once the delegate is deallocating (no call); assign: the raw pointer, even if freed.
            let delegate = rt.object_getIvar(host, event.slot)
            guard !delegate.isNil else { return .none }
            // A host that does not cache asks the delegate now (UNUserNotificationCenter, NSURLSession's delegate wrapper).
            if !caches, try !rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                rt.journal.append(JournalEntry(observer: rt.describe(host), event: "skipped", detail: event.selector))
                return .none
            }
            if let rule = event.handler { return try deliver(event, rule, to: delegate, host: host, arguments(host), in: rt) }
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
                                               detail: "\(event.selector) decisionHandler called \(handler.callCount) times; WebKit raises for that"))
            }
            if event.returnType != "v" {
                rt.journal.append(JournalEntry(observer: rt.describe(host), event: "returned",
                                               detail: "\(event.selector) \(rt.describe(answer))"))
            }
            return answer
        }
    }

    /// Sends an event whose last argument is a completion handler, then checks the handler was called exactly once.
    /// The first call's value is what the system uses (runtime fact 5: "first call wins; extra calls are recorded").
    static func deliver(_ event: HostEvent, _ rule: CompletionRule, to delegate: Value, host: ObjectID, _ arguments: [Value],
                        in rt: Runtime) throws -> Value {
        let label = "\(rule.name) of \(event.selector)"
        let hostName = rt.describe(host)
        let handler = Block(label: label) { rt, args in
            if rt.journal.last(where: { $0.observer == hostName && $0.event == "handled" && $0.detail.hasPrefix(label) }) == nil {
                rt.journal.append(JournalEntry(observer: hostName, event: "handled", detail: "\(label) \(rt.describe(args.first ?? .none))"))
            }
            return .none
        }
        var args = arguments
        if !args.isEmpty { args[args.count - 1] = .block(handler) }
        let start = rt.journal.count
        let answer = try rt.objc_msgSend(delegate, rt.sel(event.selector), args)
        // An app that decides asynchronously calls the handler it kept after the delegate chain returned.
        try AppDelegateObject.completeLater(on: host, in: rt)
        let n = handler.callCount
        if n != 1 {
            let callers = rt.journal[start...].filter { $0.event == callsHandler && $0.detail == label }.map(\.observer)
            let by = callers.isEmpty ? "" : " (called by \(callers.joined(separator: ", then ")))"
            let detail = n == 0
                ? "the \(rule.name) of `\(event.selector)` was never called; \(rule.noCall)"
                : "the \(rule.name) of `\(event.selector)` was called \(n) times\(by); \(rule.extraCall)"
            rt.journal.append(JournalEntry(observer: hostName, event: "handlerMisuse", detail: detail))
        }
        return answer
    }

    /// The app-delegate methods whose cached respondsToSelector: answer is sourced (GULAppDelegateSwizzler.m:518-522:
    /// the reason it sets the delegate again after adding them).
    static let openURLHandlers: Set<String> = ["application:openURL:options:", "application:openURL:sourceApplication:annotation:", "application:handleOpenURL:"]

    /// The journal event a model records just before it calls a completion handler it was given, naming itself.
    public static let callsHandler = "callsHandler"

    /// Calls a completion handler the way a library or the app does (`completionHandler(options)`), recording who
    /// called it so a misuse finding can name the caller.
    public static func callHandler(_ rt: Runtime, _ handler: Value, by caller: String, _ args: [Value] = []) throws {
        guard case .block(let block) = handler else { return }
        rt.journal.append(JournalEntry(observer: caller, event: callsHandler, detail: block.label))
        try block.call(rt, args)
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

    // MARK: UIApplication, UNUserNotificationCenter, NSURLSession (field guide app-push-network-sdks.md)

    /// The hosts of the app-level slots, and SwiftUI's app delegate.
    static func loadAppSlots(_ rt: Runtime) {
        let responder = rt.defineClass("UIResponder", superclass: rt.NSObjectClass, owner: "UIKit")
        let application = rt.defineClass("UIApplication", superclass: responder, owner: "UIKit")
        install(HostKind.uiApplication, on: application, in: rt)
        rt.addClassMethod(application, "sharedApplication", types: "@@:") { rt, classObject, _, _ in
            rt.object_getIvar(classObject, sharedApplicationIvar)
        }
        install(HostKind.notificationCenter,
                on: rt.defineClass("UNUserNotificationCenter", superclass: rt.NSObjectClass, owner: "UserNotifications"), in: rt)
        let session = rt.defineClass("NSURLSession", superclass: rt.NSObjectClass, owner: "Foundation")
        install(HostKind.urlSession, on: session, in: rt)
        loadURLSessionTasks(rt, session: session)
        defineSwiftUIAppDelegate(rt)
    }

    /// `+sessionWithConfiguration:delegate:delegateQueue:` keeps the delegate strongly until the session is invalidated
    /// (EMBURLSessionNewDelegateProxy.m:12-22); `-finishTasksAndInvalidate` asks the delegate `respondsToSelector:`,
    /// tells it, then lets it go (firebase-ios-sdk #16488: `-[__NSCFURLSessionDelegateWrapper didBecomeInvalidWithError:]`
    /// calls `respondsToSelector:`). The slot has no setter.
    static func installCreatedSlot(_ slot: DelegateSlot, on cls: Class, in rt: Runtime) {
        let property = slot.property
        rt.addMethod(cls, property, types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, property) }
        rt.addClassMethod(cls, slot.createdBy!, types: "@@:@@@") { rt, classObject, _, a in
            guard let made = rt.classOfClassObject(classObject) else { return .none }
            let o = rt.class_createInstance(made)
            _ = try rt.objc_msgSend(o, rt.s.`init`)
            try rt.object_setIvar(o, property, a.count > 1 ? a[1] : .none, .strong)
            rt.objc_autorelease(o)
            return .object(o)
        }
        let invalid = rt.sel("URLSession:didBecomeInvalidWithError:")
        rt.addMethod(cls, "finishTasksAndInvalidate", types: "v@:") { rt, o, _, _ in
            let delegate = rt.object_getIvar(o, property)
            guard !delegate.isNil else { return .none }
            if try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(invalid)]).boolValue {
                try rt.objc_msgSend(delegate, invalid, [.object(o), .none])
            }
            // "retains its delegate strongly until it is invalidated" (runtime fact 6).
            try rt.object_setIvar(o, property, .none, .strong)
            return .none
        }
    }

    /// `SwiftUI.AppDelegate`: the object in `UIApplication.delegate` under the SwiftUI lifecycle; it forwards to the
    /// app's `UIApplicationDelegateAdaptor` object (runtime fact 6; OneSignal's SwizzlingForwarder falls back to
    /// `forwardingTargetForSelector:` for it, SwizzlingForwarder.m:8-30).
    static func defineSwiftUIAppDelegate(_ rt: Runtime) {
        let cls = rt.defineClass(swiftUIAppDelegate, superclass: rt.objc_getClass("UIResponder")!, owner: "SwiftUI")
        rt.class_declareForwardingIvar(cls, "adaptor")
        rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            guard let sel = a.first?.selValue else { return .bool(false) }
            if rt.class_respondsToSelector(cls, sel) { return .bool(true) }
            // MODEL (inference): it answers for what the adaptor implements, since it forwards those messages.
            let answer = try rt.objc_msgSend(rt.object_getIvar(o, "adaptor"), rt.s.respondsToSelector, a)
            // Only a YES rests on the inference: a NO is what an object that forwards nothing answers too.
            if answer.boolValue {
                rt.noteInference("SwiftUI's app delegate answers respondsToSelector: for what the adaptor implements",
                                 source: "OneSignal SwizzlingForwarder.m:8-30 (forwardingTargetForSelector: fallback for SwiftUI)")
            }
            return answer
        }
        rt.addMethod(cls, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, _ in rt.object_getIvar(o, "adaptor") }
    }

    /// The ivar, on the `UIApplication` class object, holding `+sharedApplication` once `UIApplicationMain` made it.
    public static let sharedApplicationIvar = "UIApplication.shared"

    /// What `UIApplicationMain` does before any SDK starts: makes the shared application and sets the app delegate,
    /// which it keeps alive for the process (runtime fact 6). For worlds whose host is not the application itself.
    public static func launchApplication(delegate: ObjectID, in rt: Runtime) throws {
        guard let cls = rt.objc_getClass("UIApplication") else { return }
        let app = try rt.objc_msgSend(try rt.objc_msgSend(rt.classObject(cls), rt.s.alloc), rt.s.`init`)
        try rt.object_setIvar(rt.classObject(cls), sharedApplicationIvar, app, .strong)
        try rt.objc_release(app.object!)
        // The slot is assign; the world keeps the app delegate alive, as UIApplicationMain does.
        _ = try rt.objc_msgSend(app, rt.sel("setDelegate:"), [.object(delegate)])
    }

    /// `[UIApplication sharedApplication]` is `app`, a host the world made (a UIApplication host's own instance).
    public static func shareApplication(_ app: ObjectID, in rt: Runtime) throws {
        guard let cls = rt.objc_getClass("UIApplication") else { return }
        try rt.object_setIvar(rt.classObject(cls), sharedApplicationIvar, .object(app), .strong)
    }

    /// The process ends: the shared application goes before the app delegate it points at (teardown of a world that
    /// launched one).
    public static func endApplication(in rt: Runtime) throws {
        guard let cls = rt.objc_getClass("UIApplication"), !rt.object_getIvar(rt.classObject(cls), sharedApplicationIvar).isNil else { return }
        try rt.object_setIvar(rt.classObject(cls), sharedApplicationIvar, .none, .strong)
    }

    /// The class name of SwiftUI's app delegate.
    public static let swiftUIAppDelegate = "SwiftUI.AppDelegate"

    /// The SwiftUI lifecycle's app delegate holding the app's adaptor object strongly (+1, owned by the caller).
    public static func makeSwiftUIAppDelegate(adaptor: ObjectID, in rt: Runtime) throws -> ObjectID {
        let o = rt.class_createInstance(rt.objc_getClass(swiftUIAppDelegate)!)
        _ = try rt.objc_msgSend(o, rt.s.`init`)
        try rt.object_setIvar(o, "adaptor", .object(adaptor), .strong)
        return o
    }
}
