import Testing
import ObjCModel
@testable import UIKitModel

/// A runtime with UIKit loaded in a host's era, and one host of that kind (+1, held by the test).
struct HostFixture {
    let rt: Runtime
    let kind: HostKind
    let host: ObjectID

    init(_ kind: HostKind, _ config: BuildConfiguration = .debug) throws {
        rt = Runtime(configuration: config)
        UIKit.load(into: rt, era: kind.era)
        self.kind = kind
        host = try UIKit.makeHost(kind, in: rt)
        try rt.drainAutoreleasePool()
    }

    func setDelegate(_ value: Value, slot: DelegateSlot? = nil) throws {
        try rt.send(host, (slot ?? kind.primarySlot).setter, value)
    }

    @discardableResult
    func fire(_ event: HostEvent) throws -> Value { try UIKit.fire(event, on: host, of: kind, in: rt) }

    /// The first event that needs no decision handler.
    var plainEvent: HostEvent { kind.events.first { !$0.selector.contains("decisionHandler:") }! }

    func received(_ o: ObjectID) -> [String] { AppDelegateObject.received(by: o, in: rt) }

    func slot(_ name: String) -> Slot? { rt.ivars(host).first { $0.name == name } }

    /// The host's own journal entries of one kind ("skipped", "returned", "handlerMisuse").
    func hostEntries(_ event: String) -> [JournalEntry] {
        let label = rt.describe(host)
        return rt.journal.filter { $0.observer == label && $0.event == event }
    }
}

@Suite("UIKit/WebKit hosts: ownership per era (guide C1)")
struct HostOwnershipTests {
    @Test("declared ownership: UIWebView assign, WKWebView weak, list views assign in iOS 8 and weak from iOS 9")
    func declared() {
        let expected: [String: Ownership] = [
            "UIScrollView": .weak, "UITableView": .weak, "UICollectionView": .weak, "UIWebView": .assign, "WKWebView": .weak,
            "UIScrollView@ios8": .assign, "UITableView@ios8": .assign, "UICollectionView@ios8": .assign,
        ]
        #expect(HostKind.viewHosts.count == expected.count)
        for kind in HostKind.viewHosts {
            for slot in kind.slots { #expect(slot.ownership == expected[kind.name], "\(kind.name).\(slot.property)") }
        }
    }

    @Test("the stored slot has the era's ownership, in a runtime loaded for that era", arguments: [Era.ios8, .ios9])
    func stored(era: Era) throws {
        let rt = Runtime()
        UIKit.load(into: rt, era: era)
        let app = try AppDelegateObject.make(in: rt)
        let list: Ownership = era == .ios8 ? .assign : .weak
        let expected: [(HostKind, Ownership)] = [
            (.scrollView(era), list), (.tableView(era), list), (.collectionView(era), list),
            (.uiWebView, .assign), (.wkWebView, .weak),
        ]
        for (kind, ownership) in expected {
            let host = try UIKit.makeHost(kind, in: rt)
            for slot in kind.slots {
                try rt.send(host, slot.setter, .object(app))
                let stored = rt.ivars(host).first { $0.name == slot.property }
                #expect(stored?.ownership == ownership, "\(kind.className).\(slot.property) in \(era)")
                #expect(stored?.value == .object(app))
            }
        }
        // No host retains its delegate in any era.
        #expect(rt.retainCount(app) == 1)
    }

    @Test("the delegate getter returns what the setter stored, and nil after nil", arguments: HostKind.viewHosts)
    func getterReturnsStored(kind: HostKind) throws {
        let f = try HostFixture(kind)
        let app = try AppDelegateObject.make(in: f.rt)
        for slot in kind.slots {
            #expect(try f.rt.send(f.host, slot.property) == .none)
            try f.setDelegate(.object(app), slot: slot)
            #expect(try f.rt.send(f.host, slot.property) == .object(app), "\(slot.property)")
            try f.setDelegate(.none, slot: slot)
            #expect(try f.rt.send(f.host, slot.property) == .none, "\(slot.property)")
        }
    }
}

@Suite("UITableView and UICollectionView set their delegate through UIScrollView's setter")
struct ListViewSuperSetterTests {
    @Test("A replacement of UIScrollView's setDelegate: sees a list view's set and decides what it stores; the list view caches its own flags from that", arguments: [Era.ios8, .ios9])
    func scrollViewSetterServesListViews(era: Era) throws {
        for kind in [HostKind.tableView(era), HostKind.collectionView(era)] {
            let f = try HostFixture(kind)
            let scroll = try #require(f.rt.objc_getClass("UIScrollView"))
            let setter = f.rt.sel("setDelegate:")
            let original = try #require(f.rt.class_getInstanceMethod(scroll, setter).map(f.rt.method_getImplementation))
            // A stand-in for Datadog's swizzle: it stores a second object instead of the one given (its proxy).
            let other = try AppDelegateObject.make(in: f.rt)
            var seen: [Value] = []
            let hook = f.rt.imp_implementationWithBlock("-[UIScrollView(Test) setDelegate:]", owner: "test") { rt, o, cmd, a in
                seen.append(a.first ?? .none)
                return try rt.callIMP(original, o, cmd, [.object(other)])
            }
            _ = f.rt.class_replaceMethod(scroll, setter, hook, "v@:@")
            let app = try AppDelegateObject.make(in: f.rt)
            try f.setDelegate(.object(app))
            #expect(seen == [.object(app)], "\(kind.name)")
            #expect(try f.rt.send(f.host, "delegate") == .object(other), "\(kind.name)")
            // The list view's own event reaches what was stored, through the flags it cached from it.
            try f.fire(f.plainEvent)
            #expect(f.received(other).contains(f.plainEvent.selector) && f.received(app).isEmpty, "\(kind.name)")
        }
    }
}

@Suite("UIKit/WebKit hosts: respondsToSelector: cached at set time (guide C2)")
struct HostRespondsCacheTests {
    @Test("a method added after the delegate was set is missed; the same object again does not refresh; nil then it does",
          arguments: HostKind.viewHosts)
    func cacheRefresh(kind: HostKind) throws {
        let f = try HostFixture(kind)
        let event = f.plainEvent
        let late = f.rt.defineClass("LateDelegate", superclass: f.rt.NSObjectClass)
        let delegate = f.rt.class_createInstance(late)
        try f.setDelegate(.object(delegate))
        #expect(!UIKit.cachedResponds(f.rt, f.host, kind.primarySlot.property, event.selector))

        // The delegate learns the method after the host cached NO.
        var calls = 0
        let types = String(event.returnType) + "@:" + String(repeating: "@", count: event.selector.filter { $0 == ":" }.count)
        f.rt.addMethod(late, event.selector, types: types) { _, _, _, _ in calls += 1; return .none }
        #expect(try f.rt.send(delegate, "respondsToSelector:", .sel(f.rt.sel(event.selector))).boolValue)
        try f.fire(event)
        #expect(calls == 0)
        #expect(f.hostEntries("skipped").map(\.detail) == [event.selector])

        // RATreeView PR #154: the same instance again is short-circuited, so the cache stays stale.
        try f.setDelegate(.object(delegate))
        try f.fire(event)
        #expect(calls == 0)

        // nil, then the delegate: the setter snapshots again (RxCocoa reset(), IGListKit setDataSource:).
        try f.setDelegate(.none)
        try f.setDelegate(.object(delegate))
        #expect(UIKit.cachedResponds(f.rt, f.host, kind.primarySlot.property, event.selector))
        try f.fire(event)
        #expect(calls == 1)
    }

    @Test("a method removed from what the delegate answers is still sent until the delegate is set again")
    func staleYes() throws {
        let f = try HostFixture(.tableView(.ios9))
        let event = f.kind.event("tableView:didSelectRowAtIndexPath:")!
        // A delegate whose respondsToSelector: answer is switchable at run time (as a proxy's is).
        let cls = f.rt.defineClass("Switchable", superclass: f.rt.NSObjectClass)
        final class Flag { var on = true }
        let flag = Flag()
        f.rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, cmd, a in
            if a.first?.selValue == rt.sel(event.selector) { return .bool(flag.on) }
            return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a)
        }
        let delegate = f.rt.class_createInstance(cls)
        try f.setDelegate(.object(delegate))
        flag.on = false
        // The host still sends on its cached YES; the delegate has no method, so the send raises.
        do { try f.fire(event); Issue.record("expected unrecognized selector") } catch let fault as Fault {
            #expect(fault.kind == .unrecognizedSelector(className: "Switchable", selector: event.selector,
                                                        object: f.rt.describe(delegate)))
        }
    }
}

@Suite("UIKit/WebKit hosts: a freed delegate (guide C1, D1, D2)")
struct HostDeadDelegateTests {
    @Test("a dead weak delegate gets nothing; a dead assign delegate is messaged: messageToFreedObject naming class and selector",
          arguments: HostKind.viewHosts)
    func deadDelegate(kind: HostKind) throws {
        let f = try HostFixture(kind)
        let event = kind.events[0]
        let app = try AppDelegateObject.make(in: f.rt)
        try f.setDelegate(.object(app))
        try f.rt.objc_release(app)
        #expect(f.rt.isFreed(app))
        switch kind.primarySlot.ownership {
        case .weak:
            #expect(try f.fire(event) == .none)
            #expect(f.rt.journal.isEmpty)
        default:
            do { try f.fire(event); Issue.record("expected a message to a freed object") } catch let fault as Fault {
                #expect(fault.kind == .messageToFreedObject(className: "AppDelegate", selector: event.selector,
                                                            object: f.rt.describe(app)))
                #expect(fault.description.hasPrefix("*** -[AppDelegate \(event.selector)]: message sent to deallocated instance"))
                // The innermost frame is the host's internal method that sent it.
                #expect(fault.unwound.first?.symbol.hasSuffix("\(event.internalSelector)]") == true)
            }
        }
    }

    @Test("UIWebView events go through -[_WebSafeForwarder forwardInvocation:]: in the trace and in the crash frames")
    func webSafeForwarder() throws {
        let f = try HostFixture(.uiWebView)
        let event = f.kind.event("webViewDidFinishLoad:")!
        let app = try AppDelegateObject.make(in: f.rt)
        try f.setDelegate(.object(app))
        f.rt.tracing = true
        try f.fire(event)
        #expect(f.received(app) == [event.selector])
        let imps = f.rt.trace.compactMap { e -> String? in if case let .send(_, _, _, imp) = e { return imp }; return nil }
        let forwarder = try #require(imps.firstIndex(of: "-[_WebSafeForwarder forwardInvocation:]"))
        let hostMethod = try #require(imps.firstIndex(of: "-[UIWebView \(event.internalSelector)]"))
        let delegate = try #require(imps.firstIndex(of: "-[AppDelegate \(event.selector)]"))
        #expect(forwarder < hostMethod && hostMethod < delegate)

        try f.rt.objc_release(app)
        do { try f.fire(event); Issue.record("expected a message to a freed object") } catch let fault as Fault {
            #expect(fault.kind == .messageToFreedObject(className: "AppDelegate", selector: event.selector, object: f.rt.describe(app)))
            #expect(fault.frames.map(\.symbol) == ["-[_WebSafeForwarder \(event.internalSelector)]",
                                                  "-[_WebSafeForwarder forwardInvocation:]",
                                                  "-[UIWebView \(event.internalSelector)]"])
            // The first frame ran no method of the forwarder's: the forwarding machinery did.
            #expect(fault.frames.first?.imp == "___forwarding___")
        }
    }
}

@Suite("UIKit/WebKit hosts: answers and decision handlers")
struct HostAnswerTests {
    @Test("the app delegate's configured NO for shouldStartLoad reaches UIWebView, journaled as returned")
    func shouldStartLoadNo() throws {
        let f = try HostFixture(.uiWebView)
        let event = f.kind.event("webView:shouldStartLoadWithRequest:navigationType:")!
        let app = try AppDelegateObject.make(in: f.rt, answers: [(event.selector, .bool(false))])
        try f.setDelegate(.object(app))
        #expect(try f.fire(event) == .bool(false))
        #expect(f.received(app) == [event.selector])
        #expect(f.hostEntries("returned").map(\.detail) == ["\(event.selector) NO"])
    }

    @Test("unconfigured answers are the app's defaults; a configured height reaches UITableView")
    func defaultsAndConfigured() throws {
        let f = try HostFixture(.tableView(.ios9))
        let height = f.kind.event("tableView:heightForRowAtIndexPath:")!
        let app = try AppDelegateObject.make(in: f.rt)
        try f.setDelegate(.object(app))
        #expect(try f.fire(height) == .int(44))
        let tall = try AppDelegateObject.make(in: f.rt, answers: [(height.selector, .int(88))])
        try f.setDelegate(.object(tall))
        #expect(try f.fire(height) == .int(88))
        #expect(f.hostEntries("returned").map(\.detail) == ["\(height.selector) 44", "\(height.selector) 88"])
    }

    @Test("a WKWebView decision handler called once is fine; twice or never is journaled as handlerMisuse",
          arguments: [0, 1, 2])
    func decisionHandler(calls: Int) throws {
        let f = try HostFixture(.wkWebView)
        let event = f.kind.event("webView:decidePolicyForNavigationAction:decisionHandler:")!
        let cls = f.rt.defineClass("Decider", superclass: f.rt.NSObjectClass)
        f.rt.addMethod(cls, event.selector, types: "v@:@@@?") { rt, _, _, a in
            guard case .block(let handler)? = a.last else { return .none }
            for _ in 0..<calls { try handler.call(rt, [.int(1)]) }
            return .none
        }
        let decider = f.rt.class_createInstance(cls)
        try f.setDelegate(.object(decider))
        try f.fire(event)
        let misuse = f.hostEntries("handlerMisuse").map(\.detail)
        #expect(misuse == (calls == 1 ? [] : ["\(event.selector) decisionHandler called \(calls) times; WebKit raises for that"]))
    }

    @Test("the app delegate calls the decision handler exactly once")
    func appDelegateDecides() throws {
        let f = try HostFixture(.wkWebView)
        let event = f.kind.event("webView:decidePolicyForNavigationAction:decisionHandler:")!
        let app = try AppDelegateObject.make(in: f.rt)
        try f.setDelegate(.object(app))
        try f.fire(event)
        #expect(f.received(app) == [event.selector])
        #expect(f.hostEntries("handlerMisuse").isEmpty)
    }
}
