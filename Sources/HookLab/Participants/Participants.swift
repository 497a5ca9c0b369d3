// The Swift mechanisms' adapters: each drives one library model (Sources/LibraryModels) through scenario steps. The
// participant files that select them (`model swift NAME`, SwiftModels.swift) describe them.
import ObjCModel
import UIKitModel
import LibraryModels

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

    let info: ParticipantInfo

    init(_ info: ParticipantInfo, patched: Bool, behaviour: RxCocoa.Behaviour = .current) {
        self.info = info
        self.patched = patched
        self.behaviour = behaviour
    }

    /// `rx.delegate`, `rx.subscribe`, `rx.setDelegate`: attach reads `rx.delegate`, on the line's view classes.
    static func mechanism(_ line: RxCocoa.Behaviour, id: String) -> ParticipantInfo {
        .mechanism(id: id, family: "rx", hosts: hostNames(line.hostClasses), hasLoad: false, hasAttach: true, canStartLate: true,
                   verbs: ["rx.subscribe"], otherVerbs: ["rx.subscribe SELECTOR", "rx.delegate", "rx.setDelegate NAME", "rx.dispose"])
    }

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
    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }
    func snapshot() -> Participant? {
        let copy = BridgeParticipant(info)
        copy.bridge = bridge
        copy.pending = pending
        return copy
    }
    static let mechanism = ParticipantInfo.mechanism(id: "jsbridge:plain", family: "jsbridge", hosts: ["UIWebView", "WKWebView"],
                                                     hasLoad: false, hasAttach: true, otherVerbs: ["jsbridge.setWebViewDelegate NAME"])

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
    let info: ParticipantInfo
    init(_ info: ParticipantInfo, _ hook: WebViewJavascriptBridge.AppHook) {
        self.info = info
        self.hook = hook
    }
    func snapshot() -> Participant? { BridgeHookParticipant(info, hook) }
    static func mechanism(_ hook: WebViewJavascriptBridge.AppHook) -> ParticipantInfo {
        .mechanism(id: "jsbridge:\(hook.rawValue)", family: "jsbridge", hosts: ["UIWebView"], hasLoad: true, hasAttach: false)
    }
    func load(_ world: World) throws { WebViewJavascriptBridge.loadAppHooks(hook, into: world.rt) }
}

// MARK: IGListKit

/// `iglist`: attach makes the adapter (kept by the app) and sets its collection view; the app's delegate becomes
/// the adapter's `collectionViewDelegate` and `scrollViewDelegate`.
final class IGListParticipant: Participant {
    var adapter: ObjectID?
    var pending: ObjectID?
    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }
    func snapshot() -> Participant? {
        let copy = IGListParticipant(info)
        copy.adapter = adapter
        copy.pending = pending
        return copy
    }
    static let mechanism = ParticipantInfo.mechanism(id: "iglist", family: "iglist", hosts: IGListKit.hosts, hasLoad: false, hasAttach: true,
                                                     otherVerbs: ["iglist.collectionViewDelegate NAME"])

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
