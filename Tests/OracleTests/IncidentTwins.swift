// The incident programs' steps on ObjCModel: the same outcome lines must come out of the model's own fault
// detection (a zombie message, the depth bound), with no counters and no isa peeking.

import Testing
@testable import ObjCModel

enum IncidentTwins {
    /// Outcome lines of `incidents/incident1_jsbridge.m` with the given arguments, on ObjCModel.
    static func incident1(fixed: Bool, trackerFirst: Bool) throws -> [String] {
        let rt = Runtime(configuration: .release)
        let out = Transcript()
        var bridgeEvents = 0, trackerEvents = 0, appEvents = 0, wrapperCount = 0
        let didStart = rt.sel("webViewDidStartLoad:")

        // The host: assign delegate, respondsToSelector: cached at set time, events through _WebSafeForwarder.
        let WebView = rt.cls("WebView")
        rt.addMethod(WebView, "setDelegate:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "delegate", a[0], .assign)
            let responds = try rt.objc_msgSend(a[0], rt.s.respondsToSelector, [.sel(didStart)]).boolValue
            try rt.object_setIvar(o, "respondsToStart", .bool(responds), .value)
            return .none
        }
        rt.addMethod(WebView, "delegate", types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, "delegate") }
        let Forwarder = rt.cls("_WebSafeForwarder")
        rt.addMethod(Forwarder, "methodSignatureForSelector:", types: "@@::") { _, _, _, _ in .string("v@:@") }
        rt.addMethod(Forwarder, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv) = a[0] else { return .none }
            let wv = rt.object_getIvar(o, "webView")
            guard rt.object_getIvar(wv.object!, "respondsToStart").boolValue else { return .none }
            try inv.invoke(rt, target: rt.object_getIvar(wv.object!, "delegate"))
            return .none
        }

        let App = rt.cls("AppDelegate")
        rt.addMethod(App, "webViewDidStartLoad:", types: "v@:@") { _, _, _, _ in appEvents += 1; return .none }

        let Bridge = rt.cls("Bridge")
        rt.addMethod(Bridge, "setWebViewDelegate:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "webViewDelegate", a[0], .assign); return .none
        }
        rt.addMethod(Bridge, "webViewDidStartLoad:", types: "v@:@") { rt, o, cmd, a in
            bridgeEvents += 1
            let d = rt.object_getIvar(o, "webViewDelegate")
            if try rt.objc_msgSend(d, rt.s.respondsToSelector, [.sel(cmd)]).boolValue { try rt.objc_msgSend(d, cmd, a) }
            return .none
        }

        let Wrapper = rt.cls("TrackerWrapper", rt.NSProxyClass)
        let marker = rt.sel("bd_isTrackerDecorator")
        rt.addMethod(Wrapper, "bd_isTrackerDecorator", types: "c@:") { _, _, _, _ in .bool(true) }
        rt.addMethod(Wrapper, "respondsToSelector:", types: "c@::") { rt, o, cmd, a in
            if a[0].selValue == marker { return .bool(true) }
            return try rt.objc_msgSend(rt.object_getIvar(o, "target"), cmd, a)
        }
        rt.addMethod(Wrapper, "methodSignatureForSelector:", types: "@@::") { rt, o, cmd, a in
            try rt.objc_msgSend(rt.object_getIvar(o, "target"), cmd, a)
        }
        rt.addMethod(Wrapper, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv) = a[0] else { return .none }
            trackerEvents += 1
            try inv.invoke(rt, target: rt.object_getIvar(o, "target"))
            return .none
        }

        // The two exchange swizzles of setDelegate:.
        rt.addMethod(WebView, "jsb_setDelegate:", types: "v@:@") { rt, o, _, a in
            let cmd = rt.sel("jsb_setDelegate:")  // [self jsb_setDelegate:] calls the original
            let bridge = rt.objc_getAssociatedObject(o, "jsbridge")
            if bridge.isNil || a[0] == bridge { return try rt.objc_msgSend(o, cmd, a) }
            try rt.send(bridge, "setWebViewDelegate:", a[0])
            if fixed { try rt.objc_msgSend(o, cmd, [bridge]) }
            return .none
        }
        rt.addMethod(WebView, "trk_setDelegate:", types: "v@:@") { rt, o, _, a in
            let cmd = rt.sel("trk_setDelegate:")
            let passThrough = try a[0].isNil || rt.objc_msgSend(a[0], rt.s.respondsToSelector, [.sel(marker)]).boolValue
            if passThrough {
                return try rt.objc_msgSend(o, cmd, a)
            }
            let w = try rt.alloc(Wrapper)
            wrapperCount += 1
            try rt.object_setIvar(w, "target", a[0], .assign)
            try rt.object_setIvar(w, "number", .int(wrapperCount), .value)
            try rt.objc_msgSend(o, cmd, [.object(w)])
            try rt.objc_setAssociatedObject(o, "bd_TrackerProxy", .object(w), .retainNonatomic)
            try rt.objc_release(w)
            return .none
        }
        func swizzle(_ other: String) {
            rt.method_exchangeImplementations(rt.class_getInstanceMethod(WebView, rt.sel("setDelegate:"))!,
                                              rt.class_getInstanceMethod(WebView, rt.sel(other))!)
        }
        if trackerFirst { swizzle("trk_setDelegate:"); swizzle("jsb_setDelegate:") }
        else { swizzle("jsb_setDelegate:"); swizzle("trk_setDelegate:") }

        let wv = try rt.new(WebView)
        let forwarder = try rt.new(Forwarder)
        try rt.object_setIvar(forwarder, "webView", .object(wv), .assign)
        // The app's initWithFrame: swizzle: the bridge sets itself as the delegate, kept by a retained association.
        let bridge = try rt.new(Bridge)
        try rt.send(wv, "setDelegate:", .object(bridge))
        try rt.objc_setAssociatedObject(wv, "jsbridge", .object(bridge), .retainNonatomic)
        try rt.objc_release(bridge)

        let app = try rt.new(App)
        try rt.send(wv, "setDelegate:", .object(app))
        if let d = rt.object_getIvar(wv, "delegate").object, rt.isFreed(d),
           rt.object_getIvar(d, "number") == .int(1) {
            out.say("outcome: danglingReference web view assign delegate -> freed tracker wrapper #1")
        }
        do {
            try rt.objc_msgSend(forwarder, didStart, [.object(wv)])
        } catch let f as Fault {
            guard case let .messageToFreedObject(_, sel, _) = f.kind,
                  f.frames.contains(where: { $0.symbol == "-[_WebSafeForwarder forwardInvocation:]" }) else { throw f }
            out.say("outcome: danglingMessage -[_WebSafeForwarder forwardInvocation:] sends \(sel) to a freed object")
        }
        out.say("outcome: events reached bridge \(bridgeEvents), tracker \(trackerEvents), app delegate \(appEvents)")
        return out.lines
    }

    /// Outcome lines of `incidents/incident3_rx_cycle.m` (`rx` or `rx:patched`, release), on ObjCModel.
    static func incident3(patched: Bool) throws -> [String] {
        let rt = Runtime(configuration: .release)
        let out = Transcript()
        var subscriberEvents = 0, trackerEvents = 0, appEvents = 0
        let didSelect = rt.sel("collectionView:didSelectItemAtIndexPath:")
        let marker = rt.sel("bd_isTrackerDecorator"), rxProbe = rt.sel("rx_isDelegateProxy")
        func responds(_ v: Value, _ sel: SEL) throws -> Bool {
            try rt.objc_msgSend(v, rt.s.respondsToSelector, [.sel(sel)]).boolValue
        }

        let CollectionView = rt.cls("CollectionView")
        rt.addMethod(CollectionView, "setDelegate:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "delegate", a[0], .assign)
            try rt.object_setIvar(o, "respondsToDidSelect", .bool(try responds(a[0], didSelect)), .value)
            return .none
        }
        rt.addMethod(CollectionView, "delegate", types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, "delegate") }

        let App = rt.cls("AppDelegate")
        rt.addMethod(App, "collectionView:didSelectItemAtIndexPath:", types: "v@:@@") { _, _, _, _ in appEvents += 1; return .none }

        let Rx = rt.cls("RxCollectionViewDelegateProxy")
        rt.addMethod(Rx, "rx_isDelegateProxy", types: "c@:") { _, _, _, _ in .bool(true) }
        rt.addMethod(Rx, "respondsToSelector:", types: "c@::") { rt, o, cmd, a in
            if try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a).boolValue { return .bool(true) }
            if try responds(rt.object_getIvar(o, "forwardToDelegate"), a[0].selValue!) { return .bool(true) }
            return .bool(rt.object_getIvar(o, "observed").boolValue && a[0].selValue == didSelect)
        }
        rt.addMethod(Rx, "methodSignatureForSelector:", types: "@@::") { rt, o, cmd, a in
            let sig = try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a)
            return sig.isNil ? try rt.objc_msgSend(rt.object_getIvar(o, "forwardToDelegate"), cmd, a) : sig
        }
        rt.addMethod(Rx, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv) = a[0] else { return .none }
            if rt.object_getIvar(o, "observed").boolValue { subscriberEvents += 1 }
            let forward = rt.object_getIvar(o, "forwardToDelegate")
            if !forward.isNil, try responds(forward, inv.selector) { try inv.invoke(rt, target: forward) }
            return .none
        }

        let Wrapper = rt.cls("TrackerWrapper", rt.NSProxyClass)
        rt.addMethod(Wrapper, "bd_isTrackerDecorator", types: "c@:") { _, _, _, _ in .bool(true) }
        rt.addMethod(Wrapper, "respondsToSelector:", types: "c@::") { rt, o, cmd, a in
            if a[0].selValue == marker { return .bool(true) }
            return try rt.objc_msgSend(rt.object_getIvar(o, "target"), cmd, a)
        }
        rt.addMethod(Wrapper, "collectionView:didSelectItemAtIndexPath:", types: "v@:@@") { rt, o, cmd, a in
            trackerEvents += 1
            let t = rt.object_getIvar(o, "target")
            if try responds(t, cmd) { try rt.objc_msgSend(t, cmd, a) }
            return .none
        }
        rt.addMethod(Wrapper, "methodSignatureForSelector:", types: "@@::") { rt, o, cmd, a in
            try rt.objc_msgSend(rt.object_getIvar(o, "target"), cmd, a)
        }
        rt.addMethod(Wrapper, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv) = a[0] else { return .none }
            try inv.invoke(rt, target: rt.object_getIvar(o, "target"))
            return .none
        }

        let cv = try rt.new(CollectionView)
        rt.addMethod(CollectionView, "trk_setDelegate:", types: "v@:@") { rt, o, _, a in
            let cmd = rt.sel("trk_setDelegate:")  // [self trk_setDelegate:] calls the original
            let passThrough = try a[0].isNil || responds(a[0], marker)
            if passThrough { return try rt.objc_msgSend(o, cmd, a) }
            let w = try rt.alloc(Wrapper)
            try rt.object_setIvar(w, "target", a[0], .assign)
            try rt.objc_msgSend(o, cmd, [.object(w)])
            try rt.objc_setAssociatedObject(o, "bd_TrackerProxy", .object(w), .retainNonatomic)
            try rt.objc_release(w)
            return .none
        }
        rt.method_exchangeImplementations(rt.class_getInstanceMethod(CollectionView, rt.sel("setDelegate:"))!,
                                          rt.class_getInstanceMethod(CollectionView, rt.sel("trk_setDelegate:"))!)
        let app = try rt.new(App)

        func proxyInChain(_ current: Value) throws -> Bool {
            try patched && responds(current, marker) && responds(current, rxProbe)
        }
        func proxyFor() throws -> ObjectID {
            var proxy = rt.objc_getAssociatedObject(cv, "rx.delegateProxy").object
            if proxy == nil {
                let p = try rt.new(Rx)
                try rt.objc_setAssociatedObject(cv, "rx.delegateProxy", .object(p), .retain)
                try rt.objc_release(p)
                proxy = p
            }
            let current = try rt.send(cv, "delegate")
            let inChain = try proxyInChain(current)
            if current != .object(proxy!), !inChain {
                try rt.object_setIvar(proxy!, "forwardToDelegate", current, .assign)
                try rt.send(cv, "setDelegate:", .object(proxy!))
            }
            return proxy!
        }
        func reset(_ proxy: ObjectID) throws {
            let current = try rt.send(cv, "delegate")
            let isCurrent = try current == .object(proxy) || proxyInChain(current)
            if isCurrent {
                try rt.send(cv, "setDelegate:", .none)
                try rt.send(cv, "setDelegate:", .object(proxy))
            }
        }

        var cycleStopped = false
        do {
            let proxy = try proxyFor()                                   // rx.itemSelected subscription
            try rt.object_setIvar(proxy, "observed", .bool(true), .value)
            try reset(proxy)
            let again = try proxyFor()                                   // rx.setDelegate(app)
            try rt.object_setIvar(again, "forwardToDelegate", .object(app), .assign)
            try reset(again)
        } catch let f as Fault where f.kind == .infiniteRecursion {
            let symbols = Set(f.cycle.map(\.symbol))
            if symbols == ["-[RxCollectionViewDelegateProxy respondsToSelector:]", "-[TrackerWrapper respondsToSelector:]"] {
                out.say("outcome: infiniteRecursion respondsToSelector: -[RxCollectionViewDelegateProxy respondsToSelector:] <-> -[TrackerWrapper respondsToSelector:]")
            } else {
                out.say("outcome: infiniteRecursion, cycle \(f.cycle.map(\.symbol))")
            }
            cycleStopped = true
        }
        let proxy = rt.objc_getAssociatedObject(cv, "rx.delegateProxy").object!
        let forward = rt.object_getIvar(proxy, "forwardToDelegate")
        if let w = forward.object, rt.object_getClass(w) == Wrapper, rt.object_getIvar(w, "target") == .object(proxy) {
            out.say("outcome: forwardingCycle Rx proxy -> tracker wrapper -> Rx proxy")
        }
        if forward != .object(app) { out.say("outcome: lostEvent the app delegate is not in the chain") }
        if !cycleStopped, rt.object_getIvar(cv, "respondsToDidSelect").boolValue {
            try rt.send(rt.object_getIvar(cv, "delegate"), "collectionView:didSelectItemAtIndexPath:", .object(cv), .none)
        }
        out.say("outcome: events reached rx subscriber \(subscriberEvents), tracker \(trackerEvents), app delegate \(appEvents)")
        return out.lines
    }

    static func outcomes(_ run: IncidentRun) throws -> [String] {
        switch run.program {
        case "incident1_jsbridge":
            return try incident1(fixed: run.arguments.first == "fixed", trackerFirst: run.arguments.contains("tracker-first"))
        default:
            return try incident3(patched: run.arguments.first == "rx:patched")
        }
    }
}

@Suite("Incidents 1 and 3: the same steps on ObjCModel")
struct IncidentTwinTests {
    @Test("incident twin", arguments: IncidentRun.all)
    func twin(_ run: IncidentRun) throws {
        #expect(try IncidentTwins.outcomes(run) == run.outcomes)
    }
}
