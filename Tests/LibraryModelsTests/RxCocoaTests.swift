import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

/// RxCocoa's own expectations (rxcocoa guide §7), on the model, plus each host alone.
@Suite("RxCocoa DelegateProxy")
struct RxCocoaTests {
    static let didSelect = "collectionView:didSelectItemAtIndexPath:"
    static let key = "RxDelegateProxy.identifier<UIScrollViewDelegate>"

    func scene(_ config: BuildConfiguration = .debug) throws -> (Scene, RxCocoa, ObjectID) {
        let s = Scene(HostKind.collectionView(.ios9), config)
        let rx = RxCocoa(s.rt)
        return (s, rx, try s.makeHost())
    }

    @Test("test_OnInstallDelegateIsRetained: the existing delegate becomes the forward delegate, held weakly")
    func existingDelegateCapturedWeakly() throws {
        let (s, rx, cv) = try scene()
        let app = try s.app()
        try s.rt.send(cv, "setDelegate:", .object(app))
        let proxy = try rx.proxy(for: cv)
        #expect(s.rt.object_getIvar(proxy, "__forwardToDelegate") == .object(app))
        #expect(s.rawDelegate(cv) == proxy)
        #expect(s.received(app).isEmpty)   // no delegate method was sent
        try s.rt.objc_release(app)
        #expect(s.rt.isFreed(app))
        #expect(s.rt.object_getIvar(proxy, "__forwardToDelegate") == .none)
    }

    @Test("the proxy is retained by one association per delegate protocol and points back weakly")
    func ownership() throws {
        let (s, rx, cv) = try scene()
        let proxy = try rx.proxy(for: cv)
        let association = try #require(s.rt.associations(cv).first { $0.key == Self.key })
        #expect(association.value == .object(proxy) && association.policy == .retain)
        #expect(s.rt.ivars(proxy).first { $0.name == "_parentObject" }?.ownership == .weak)
        #expect(s.rt.ivars(cv).first { $0.name == "delegate" }?.ownership == .weak)
        #expect(try rx.proxy(for: cv) == proxy)   // the same slot the second time
        #expect(s.rt.describe(proxy).hasPrefix("RxCollectionViewDelegateProxy#"))
    }

    @Test("installForwardDelegate over an existing delegate asserts at 6.10's l.215 in debug, replaces it in release",
          arguments: BuildConfiguration.allCases)
    func installOverExisting(config: BuildConfiguration) throws {
        let (s, rx, cv) = try scene(config)
        let first = try s.app(), second = try s.app()
        try s.rt.send(cv, "setDelegate:", .object(first))
        do {
            _ = try rx.setDelegate(.object(second), on: cv)
            #expect(config == .release)
            let proxy = try rx.proxy(for: cv)
            #expect(s.rt.object_getIvar(proxy, "__forwardToDelegate") == .object(second))
        } catch let fault as Fault {
            #expect(config == .debug)
            guard case .assertionFailure(let message, "DelegateProxyType.swift l.215 in 6.10, l.220 in 6.5–6.9") = fault.kind else {
                Issue.record("unexpected \(fault)"); return
            }
            #expect(message.hasPrefix("This is a feature to warn you that there is already a delegate"))
            #expect(message.contains(" This is the original delegate (data source) value: \(s.rt.describe(first))\n"))
        }
    }

    @Test("dispose does not restore the old delegate: nil then the proxy, and the proxy stays installed")
    func disposeLeavesProxy() throws {
        let (s, rx, cv) = try scene()
        let app = try s.app()
        let binding = try rx.setDelegate(.object(app), on: cv)
        let proxy = try rx.proxy(for: cv)
        let log = s.logSetter("UICollectionView")
        try binding.dispose()
        #expect(log.values == ["nil", s.rt.describe(proxy)])
        #expect(s.rawDelegate(cv) == proxy)
        #expect(s.rt.object_getIvar(proxy, "__forwardToDelegate") == .none)
        try s.fire(Self.didSelect, on: cv)
        #expect(s.received(app).isEmpty)
    }

    @Test("responds(to:) for an optional void method flips with observation; each 0↔1 change resets nil then proxy")
    func respondsFlipsWithObservation() throws {
        let (s, rx, cv) = try scene()
        let proxy = try rx.proxy(for: cv)
        func responds() throws -> Bool {
            try s.rt.send(proxy, "respondsToSelector:", .sel(s.rt.sel(Self.didSelect))).boolValue
        }
        let log = s.logSetter("UICollectionView")
        #expect(try !responds())
        let first = try rx.subscribe(Self.didSelect, on: cv)
        #expect(try responds())
        let second = try rx.subscribe(Self.didSelect, on: cv)
        try second.dispose()
        #expect(try responds())
        try first.dispose()
        #expect(try !responds())
        let p = s.rt.describe(proxy)
        #expect(log.values == ["nil", p, "nil", p])   // one cycle per 0→1 and 1→0, none for the second subscriber
        // A non-void method answers only through the forward delegate.
        #expect(try !s.rt.send(proxy, "respondsToSelector:", .sel(s.rt.sel("collectionView:shouldSelectItemAtIndexPath:"))).boolValue)
    }

    @Test("forwardInvocation: order is sentMessage → forward delegate → methodInvoked; non-void answers come from the delegate")
    func forwardingOrder() throws {
        let (s, rx, cv) = try scene()
        let app = try s.app([("collectionView:shouldSelectItemAtIndexPath:", .bool(false))])
        _ = try rx.setDelegate(.object(app), on: cv)
        _ = try rx.subscribe(Self.didSelect, on: cv)
        try s.fire(Self.didSelect, on: cv)
        #expect(s.rt.journal.map(\.observer) == [s.rt.describe(app), RxCocoa.observer])
        #expect(try s.fire("collectionView:shouldSelectItemAtIndexPath:", on: cv) == .bool(false))
    }

    @Test("alone on each host it supports: events reach the app once, the subscriber once, answers reach the host",
          arguments: HostKind.all.filter { RxCocoa.hostClasses.contains($0.className) })
    func alone(kind: HostKind) throws {
        let s = Scene(kind, .debug)
        let rx = RxCocoa(s.rt)
        let host = try s.makeHost()
        let answers: [(String, Value)] = [("tableView:heightForRowAtIndexPath:", .int(88))]
        let app = try s.app(answers)
        _ = try rx.setDelegate(.object(app), on: host)
        for e in kind.events where e.returnType == "v" { _ = try rx.subscribe(e.selector, on: host) }
        for e in kind.events {
            let before = s.rt.journal.count
            let answer = try s.fire(e.selector, on: host)
            let seen = s.rt.journal[before...].filter { $0.event == e.selector }.map(\.observer)
            #expect(seen.filter { $0 == s.rt.describe(app) }.count == 1, "\(e.selector)")
            #expect(seen.filter { $0 == RxCocoa.observer }.count == (e.returnType == "v" ? 1 : 0), "\(e.selector)")
            if let configured = answers.first(where: { $0.0 == e.selector }) { #expect(answer == configured.1) }
        }
    }
}
