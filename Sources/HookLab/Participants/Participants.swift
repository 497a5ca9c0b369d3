// The catalog of participants: each adapts one library model (Sources/LibraryModels) to scenario steps.
import ObjCModel
import UIKitModel
import LibraryModels

extension ParticipantKind {
    /// Every participant written in Swift, in report order; participant files (Matrix/participants) follow them.
    static let all: [ParticipantKind] = [
        ParticipantKind(info: RxParticipant.info(patched: false)) { RxParticipant(patched: false) },
        ParticipantKind(info: RxParticipant.info(patched: true)) { RxParticipant(patched: true) },
    ] + RxParticipant.releaseLines + [
        ParticipantKind(info: BridgeParticipant.plainInfo) { BridgeParticipant() },
        ParticipantKind(info: BridgeHookParticipant.info(.buggy)) { BridgeHookParticipant(.buggy) },
        ParticipantKind(info: BridgeHookParticipant.info(.fixed)) { BridgeHookParticipant(.fixed) },
        ParticipantKind(info: IGListParticipant.info) { IGListParticipant() },
    ] + methodHooks + isaSwizzlingParticipants + urlSessionConsumers
}

/// The host names a set of class names covers, in both eras where they exist.
func hostNames(_ classNames: [String]) -> [String] {
    HostKind.all.filter { classNames.contains($0.className) }.map(\.name)
}

// MARK: RxCocoa

/// `rx`, `rx:patched`: attach reads `rx.delegate`; the app sets its delegate with `rx.setDelegate`.
final class RxParticipant: Participant {
    let patched: Bool
    let behaviour: RxCocoa.Behaviour
    var rx: RxCocoa?
    var bag: [RxCocoa.Disposable] = []
    var subscribed: [String] = []

    init(patched: Bool, behaviour: RxCocoa.Behaviour = .current) {
        self.patched = patched
        self.behaviour = behaviour
    }

    static func info(patched: Bool, behaviour: RxCocoa.Behaviour = .current) -> ParticipantInfo {
        if !patched && behaviour != .current { return releaseInfo(behaviour) }
        return ParticipantInfo(
            id: patched ? "rx:patched" : "rx", family: "rx",
            models: patched ? "RxCocoa 6.10 DelegateProxy with the marker check proposed in RxSwift PR #2037"
                            : "RxCocoa 6.10 DelegateProxy (forwardInvocation proxy, proxy(for:) asserts, reset())",
            hosts: hostNames(RxCocoa.hostClasses), hasLoad: false, hasAttach: true, canStartLate: true,
            verbs: ["rx.subscribe"], otherVerbs: ["rx.subscribe SELECTOR", "rx.delegate", "rx.setDelegate NAME", "rx.dispose"],
            basedOn: ["RxCocoa 6.10.0 DelegateProxyType.swift l.177-202: proxy(for:) re-captures the current delegate and asserts at l.197",
                      "RxCocoa DelegateProxy.swift l.226-231: responds(to:) asks the forward delegate with no recursion guard",
                      "RxCocoa DelegateProxy.swift l.233-242: reset() sets nil then the proxy only when the slot holds the proxy"]
                + (patched ? ["RxSwift PR #2037 (closed unmerged): the marker probe, modeled wherever Rx compares the slot with its proxy (inference)"] : []),
            design: patched ? "DelegateProxy with the marker check of RxSwift PR #2037"
                            : "DelegateProxy in the delegate slot, forwardInvocation: to your delegate",
            changesLibrary: patched, missedEvent: "Rx subscriptions to `SEL` never fire.")
    }
    var info: ParticipantInfo { Self.info(patched: patched, behaviour: behaviour) }

    func library(_ world: World) -> RxCocoa {
        if let rx { return rx }
        let made = RxCocoa(world.rt, patched: patched, behaviour: behaviour)
        rx = made
        return made
    }

    func attach(_ world: World) throws { _ = try library(world).proxy(for: try world.ensureHost()) }

    func perform(_ verb: String, _ args: [String], _ world: World) throws {
        let host = try world.ensureHost()
        switch verb {
        case "delegate": _ = try library(world).proxy(for: host)
        case "subscribe":
            // Without an argument: every void delegate event the host fires (itemSelected, didScroll, …).
            let events = args.isEmpty ? world.kind.events.filter { $0.returnType == "v" }.map(\.selector) : args
            for e in events {
                bag.append(try library(world).subscribe(e, on: host))
                subscribed.append(e)
            }
        case "setDelegate":
            guard let name = args.first else { throw LabError("rx.setDelegate needs a delegate name") }
            _ = try setAppDelegate(try world.appHandedOver(name), world)
        case "dispose":
            try willTearDown(world)
        default: throw LabError("rx has no verb '\(verb)'; expected delegate, subscribe, setDelegate, dispose")
        }
    }

    var delegateBinding: RxCocoa.Disposable?

    func setAppDelegate(_ app: ObjectID, _ world: World) throws -> Bool {
        // An app that replaces its Rx delegate disposes the old binding first (#705/#706: else Rx asserts, 6.10 l.215).
        try delegateBinding?.dispose()
        let binding = try library(world).setDelegate(.object(app), on: try world.ensureHost())
        delegateBinding = binding
        bag.append(binding)
        return true
    }

    var observer: String? { RxCocoa.observer }
    func expectsToObserve(_ event: String, _ world: World) -> Bool { subscribed.contains(event) }

    func willTearDown(_ world: World) throws {
        let disposing = bag.reversed()
        bag = []
        subscribed = []
        for d in disposing { try d.dispose() }
    }
}

// MARK: WebViewJavascriptBridge

/// `jsbridge:plain`: attach creates the bridge, which the app keeps; the app's delegate goes to `setWebViewDelegate:`.
final class BridgeParticipant: Participant {
    var bridge: ObjectID?
    var pending: ObjectID?
    static let plainInfo = ParticipantInfo(
        id: "jsbridge:plain", family: "jsbridge", models: "WebViewJavascriptBridge 6.0.3 (the bridge alone)",
        hosts: ["UIWebView", "WKWebView"], hasLoad: false, hasAttach: true, canStartLate: false,
        otherVerbs: ["jsbridge.setWebViewDelegate NAME"],
        basedOn: ["WebViewJavascriptBridge.m: the bridge sets itself as the web view's delegate without capturing the old one",
                  "WKWebViewJavascriptBridge.m L103-186: explicit forwarding of the implemented methods only (WVJB #273)"],
        design: "bridge object as the web view's delegate, forwarding to yours")
    var info: ParticipantInfo { Self.plainInfo }

    func attach(_ world: World) throws {
        WebViewJavascriptBridge.load(into: world.rt)
        let b = try WebViewJavascriptBridge.bridgeForWebView(try world.ensureHost(), in: world.rt)
        try world.appKeeps(b)   // README: "the wvjb instance must be stored" (A2)
        bridge = b
        // README L185-187: the app's own delegate goes to the bridge once it exists.
        if let app = pending { try WebViewJavascriptBridge.setWebViewDelegate(b, .object(app), in: world.rt) }
    }

    /// `jsbridge.setWebViewDelegate NAME`: README L185-187, the app's delegate goes to the bridge.
    func perform(_ verb: String, _ args: [String], _ world: World) throws {
        guard verb == "setWebViewDelegate", args.count == 1 else {
            throw LabError("jsbridge:plain has no verb '\(verb) \(args.joined(separator: " "))'; expected setWebViewDelegate NAME")
        }
        _ = try setAppDelegate(try world.appHandedOver(args[0]), world)
    }

    func setAppDelegate(_ app: ObjectID, _ world: World) throws -> Bool {
        guard let bridge else { pending = app; return true }
        try WebViewJavascriptBridge.setWebViewDelegate(bridge, .object(app), in: world.rt)
        return true
    }
}

/// `jsbridge:buggy`, `jsbridge:fixed`: the app's `initWithFrame:` and `setDelegate:` swizzles, loaded at `+load`.
final class BridgeHookParticipant: Participant {
    let hook: WebViewJavascriptBridge.AppHook
    init(_ hook: WebViewJavascriptBridge.AppHook) { self.hook = hook }
    static func info(_ hook: WebViewJavascriptBridge.AppHook) -> ParticipantInfo {
        ParticipantInfo(
            id: "jsbridge:\(hook.rawValue)", family: "jsbridge",
            models: "WebViewJavascriptBridge 6.0.3 + the app's UIWebView setDelegate: swizzle"
                + (hook == .buggy ? " without the re-set line (tracker write-up, pitfall 1)" : " with the fix line"),
            hosts: ["UIWebView"], hasLoad: true, hasAttach: false,
            basedOn: ["ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", pitfall 1: the app's hook stores the delegate in the bridge"
                      + (hook == .buggy ? " and never sets the bridge back" : " and sets the bridge back"),
                      "UIWebView.h: `@property (nullable, nonatomic, assign) id <UIWebViewDelegate> delegate`",
                      "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", pitfall 1, the client hook's code: nil, the bridge itself and any delegate that isKindOfClass: WebViewJavascriptBridge pass through; any other is stored in the bridge"],
            design: "bridge + the app's setDelegate: swizzle that " + (hook == .buggy ? "does not re-set the delegate" : "re-sets the delegate"))
    }
    var info: ParticipantInfo { Self.info(hook) }
    func load(_ world: World) throws { WebViewJavascriptBridge.loadAppHooks(hook, into: world.rt) }
}

// MARK: IGListKit

/// `iglist`: attach makes the adapter (kept by the app) and sets its collection view; the app's delegate becomes
/// the adapter's `collectionViewDelegate` and `scrollViewDelegate`.
final class IGListParticipant: Participant {
    var adapter: ObjectID?
    var pending: ObjectID?
    static let info = ParticipantInfo(
        id: IGListKit.participantID, family: "iglist", models: IGListKit.models,
        hosts: IGListKit.hosts, hasLoad: false, hasAttach: true, canStartLate: false,
        otherVerbs: ["iglist.collectionViewDelegate NAME"], basedOn: IGListKit.basedOn,
        design: "IGListAdapterProxy between the view and your delegate")
    var info: ParticipantInfo { Self.info }

    func attach(_ world: World) throws {
        if world.rt.objc_getClass(IGListKit.adapterClassName) == nil { IGListKit.load(into: world.rt) }
        let a = try IGListKit.makeAdapter(in: world.rt)
        try world.appKeeps(a, owned: true)
        adapter = a
        // A delegate the app already chose is configured before the collection view is wired.
        if let app = pending { try hand(app, to: a, world) }
        try IGListKit.setCollectionView(a, try world.ensureHost(), in: world.rt)
    }

    /// `iglist.collectionViewDelegate NAME`: the app's delegate becomes the adapter's collectionViewDelegate.
    func perform(_ verb: String, _ args: [String], _ world: World) throws {
        guard verb == "collectionViewDelegate", args.count == 1 else {
            throw LabError("iglist has no verb '\(verb) \(args.joined(separator: " "))'; expected collectionViewDelegate NAME")
        }
        _ = try setAppDelegate(try world.appHandedOver(args[0]), world)
    }

    func setAppDelegate(_ app: ObjectID, _ world: World) throws -> Bool {
        guard let adapter else { pending = app; return true }
        try hand(app, to: adapter, world)
        return true
    }

    func hand(_ app: ObjectID, to adapter: ObjectID, _ world: World) throws {
        try IGListKit.setCollectionViewDelegate(adapter, .object(app), in: world.rt)
        try IGListKit.setScrollViewDelegate(adapter, .object(app), in: world.rt)
    }

    /// The events the adapter answers without forwarding (IGListKit's model declares them).
    func consumes(_ event: String) -> Bool { adapter != nil && IGListKit.consumedEvents.contains(event) }
}
