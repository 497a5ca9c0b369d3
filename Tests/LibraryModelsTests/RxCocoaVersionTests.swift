import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

/// RxCocoa's release lines (versions-and-manifests guide §A1): each flag of `RxCocoa.Behaviour` shows in the model.
@Suite("RxCocoa release lines")
struct RxCocoaVersionTests {
    static let didSelect = "collectionView:didSelectItemAtIndexPath:"

    func scene(_ line: RxCocoa.Behaviour, _ kind: HostKind = .collectionView(.ios9)) throws -> (Scene, RxCocoa, ObjectID) {
        let s = Scene(kind, .debug)
        let rx = RxCocoa(s.rt, behaviour: line)
        return (s, rx, try s.makeHost())
    }

    func responds(_ s: Scene, _ proxy: ObjectID, _ selector: String) throws -> Bool {
        try s.rt.send(proxy, "respondsToSelector:", .sel(s.rt.sel(selector))).boolValue
    }

    @Test("≤ 3.2 answers YES to every optional void method unobserved; from 3.3 only while observed (#1087)")
    func everyVoidMethod() throws {
        for line in RxCocoa.Behaviour.all {
            let (s, rx, cv) = try scene(line)
            let proxy = try rx.proxy(for: cv)
            #expect(try responds(s, proxy, Self.didSelect) == (line == .v2_6), "\(line.id)")
            // A non-void method still only through the forward delegate.
            #expect(try !responds(s, proxy, "collectionView:shouldSelectItemAtIndexPath:"), "\(line.id)")
        }
    }

    @Test("≤ 3.2: installForwardDelegate sets nil then the proxy itself, and subscriptions re-set nothing; from 3.3 reset() does it")
    func resets() throws {
        for line in [RxCocoa.Behaviour.v2_6, .v3_3] {
            let (s, rx, cv) = try scene(line)
            let app = try s.app()
            let proxy = try rx.proxy(for: cv)
            let log = s.logSetter("UICollectionView")
            let binding = try rx.setDelegate(.object(app), on: cv)
            let p = s.rt.describe(proxy)
            #expect(log.values == ["nil", p], "\(line.id)")   // both lines re-set once at install
            let subscription = try rx.subscribe(Self.didSelect, on: cv)
            try subscription.dispose()
            try binding.dispose()
            // 3.3: first subscription, last dispose and the binding's dispose each re-set; 3.2: none of them.
            #expect(log.values.count == (line.resets ? 8 : 2), "\(line.id): \(log.values)")
        }
    }

    @Test("3.0 – 4.0: subscribing to a selector the proxy cannot observe is fatal; 4.1 and later only warn (#1504)")
    func fatalSelectorCheck() throws {
        for line in RxCocoa.Behaviour.all {
            let (s, rx, cv) = try scene(line)
            _ = try rx.proxy(for: cv)
            // A non-void protocol method: not observable unless the forward delegate implements it.
            do {
                _ = try rx.subscribe("collectionView:shouldSelectItemAtIndexPath:", on: cv)
                #expect(!line.fatalSelectorCheck, "\(line.id)")
            } catch let fault as Fault {
                #expect(line.fatalSelectorCheck, "\(line.id)")
                guard case .fatalError(let message) = fault.kind else { Issue.record("\(fault)"); continue }
                #expect(message == "This class doesn't respond to selector collectionView:shouldSelectItemAtIndexPath:")
            }
            // An optional void method is always observable.
            _ = try rx.subscribe(Self.didSelect, on: cv)
            _ = s
        }
    }

    @Test("3.3 – 6.4: responds(to: nil) traps; 6.5 returns NO (PR #2349); the ObjC override of ≤ 3.2 returns NO")
    func nilSelector() throws {
        for line in RxCocoa.Behaviour.all {
            let (s, rx, cv) = try scene(line)
            let proxy = try rx.proxy(for: cv)
            do {
                let answer = try s.rt.send(proxy, "respondsToSelector:", .none)
                #expect(!line.nilSelectorTraps && answer == .bool(false), "\(line.id)")
            } catch let fault as Fault {
                #expect(line.nilSelectorTraps, "\(line.id): \(fault)")
                guard case .fatalError(let message) = fault.kind else { Issue.record("\(fault)"); continue }
                #expect(message.contains("responds(to: nil)"))
            }
        }
    }

    @Test("before 6.7 a selector only the forward delegate implements has no signature on the proxy (#2428); 6.7 falls back (PR #2546)")
    func signatureFallback() throws {
        for line in RxCocoa.Behaviour.all {
            let (s, rx, cv) = try scene(line)
            let app = try s.app()
            let cls = s.rt.object_getClass(app)
            s.rt.addMethod(cls, "text", types: "@@:") { _, _, _, _ in .string("hello") }
            _ = try rx.setDelegate(.object(app), on: cv)
            let proxy = try rx.proxy(for: cv)
            #expect(try responds(s, proxy, "text"), "\(line.id): the proxy answers for its forward delegate")
            let signature = try s.rt.send(proxy, "methodSignatureForSelector:", .sel(s.rt.sel("text")))
            #expect(signature.isNil == !line.signatureFallback, "\(line.id)")
        }
    }

    @Test("each line has proxies only for the views all its releases have: UIWebView in 3.3 – 4.0, WKWebView from 6.5")
    func hosts() throws {
        #expect(RxCocoa.Behaviour.v3_3.hostClasses.contains("UIWebView") && !RxCocoa.Behaviour.v3_3.hostClasses.contains("WKWebView"))
        #expect(RxCocoa.Behaviour.current.hostClasses.contains("WKWebView") && !RxCocoa.Behaviour.current.hostClasses.contains("UIWebView"))
        let (s, rx, web) = try scene(.v3_3, .uiWebView)
        let proxy = try rx.proxy(for: web)
        #expect(s.rt.describe(proxy).hasPrefix("RxWebViewDelegateProxy#"))
        let (_, rx41, web41) = try scene(.v4_1, .uiWebView)
        #expect(throws: Fault.self) { try rx41.proxy(for: web41) }   // "DelegateProxy has no factory"
    }
}
