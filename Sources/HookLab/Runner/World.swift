// Execution: applies one scenario's steps to a fresh runtime and records what happened. It never judges.
import ObjCModel
import UIKitModel
import LibraryModels

/// The modeled app of one scenario: a runtime, the host, the participants, and the app's own references.
///
/// A participant model reaches the runtime through ``rt`` and the host through ``ensureHost()``.
public final class World {
    /// The scenario's runtime (ObjCModel): define classes, swizzle, send messages, record in `journal`.
    public let rt: Runtime
    /// The host kind (class and SDK era) this scenario runs on.
    public let kind: HostKind
    /// Participants in scenario order; `installed` grows as their first step runs.
    let participants: [Participant]
    /// Their ids and families, read once: `info` copies a participant's whole description at every read.
    private let participantIDs: [String]
    private let participantFamilies: [String]
    private(set) var installed: [Participant] = []
    /// Participants whose load-time hooks ran.
    private var loaded: [String] = []
    /// The host view, once a step created it.
    public private(set) var host: ObjectID?
    /// The app's delegates by name, each held strongly by the app until released.
    private(set) var appDelegates: [(name: String, object: ObjectID, held: Bool)] = []
    /// Where each name is in ``appDelegates``: a scenario that hands over N delegates looks each up once, not N times.
    private var appDelegateIndex: [String: Int] = [:]
    /// The name of the delegate the app most recently handed to the host.
    private(set) var currentAppDelegate: String?
    /// Objects the app keeps strongly (the bridge, the adapter), released at teardown.
    private(set) var kept: [ObjectID] = []
    private(set) var tornDown = false
    /// The data task the app made and resumed in the last `fire` step, before the session's delegate got the event
    /// (`UIKit.appStartsTask`); nil when that step resumed none.
    public private(set) var taskResumedByLastFire: ObjectID?

    /// What the app answers to non-void events, chosen to differ from every library default, so a lost answer shows.
    // `Value` holds blocks (a class) and is not Sendable; this table holds only BOOLs and numbers and is never mutated.
    nonisolated(unsafe) static let appAnswers: [(String, Value)] = [
        ("webView:shouldStartLoadWithRequest:navigationType:", .bool(false)),
        ("collectionView:shouldSelectItemAtIndexPath:", .bool(false)),
        ("tableView:heightForRowAtIndexPath:", .int(88)),
        // The app handled the link: YES (a void trampoline or a lost answer gives NO; facebook-ios-sdk #2205).
        ("application:openURL:options:", .bool(true)),
        ("application:continueUserActivity:restorationHandler:", .bool(true)),
    ]
    /// ``appAnswers`` keyed by the ivar each is kept in (``AppDelegateObject/answerIvar(_:)``), named once.
    nonisolated(unsafe) static let appAnswerIvars: [(String, Value)] = appAnswers.map { (AppDelegateObject.answerIvar($0.0), $0.1) }

    /// How the app's delegate class is written on the app-level hosts (`delegate-lacks`, `delegate-completes`).
    public let appShape: AppDelegateObject.Shape

    /// - Parameter appDelegateWritten: The runtime already has the app's delegate class written for these steps'
    ///   shape (``ModelRunner`` keeps a loaded base per shape).
    init(rt: Runtime, kind: HostKind, participants: [Participant], steps: [Scenario.Step] = [], appDelegateWritten: Bool = false) {
        self.rt = rt
        self.kind = kind
        self.participants = participants
        participantIDs = participants.map(\.id)
        participantFamilies = participants.map(\.family)
        appShape = Self.appShape(of: steps, kind: kind)
        // The app's delegate class is written before anything runs: its app-level methods, minus what it lacks.
        if !appDelegateWritten, Self.hasAppSlots(kind) { AppDelegateObject.defineAppSlotMethods(in: rt, shape: appShape) }
        if kind.flutter, !kind.delegateAtLaunch {
            // UIApplicationMain makes the Flutter app's delegate before any plugin registers (FlutterEngine.mm:1672-1678
            // reads `UIApplication.sharedApplication.delegate`); the app's `app` delegate is that object. MODEL: making
            // two objects and setting an assign slot cannot fault.
            try? UIKit.launchApplication(delegate: appDelegate(named: "app"), in: rt)
        }
    }

    /// This world between two steps, on `rt` (a ``Runtime/snapshot()`` of ``rt``), each participant copied
    /// (``Participant/snapshot()``): a run that shares the steps so far goes on from it. Nil when a participant cannot
    /// be copied.
    func snapshot(on rt: Runtime) -> World? {
        var copies: [Participant] = []
        copies.reserveCapacity(participants.count)
        for p in participants {
            guard let copy = p.snapshot() else { return nil }
            copies.append(copy)
        }
        return World(copying: self, rt: rt, participants: copies)
    }

    private init(copying o: World, rt: Runtime, participants: [Participant]) {
        self.rt = rt
        kind = o.kind
        self.participants = participants
        participantIDs = o.participantIDs
        participantFamilies = o.participantFamilies
        appShape = o.appShape
        // The installed participants are the copies of the same ones (a participant installs once, so at most once here).
        installed = o.installed.compactMap { p in o.participants.firstIndex { $0 === p }.map { participants[$0] } }
        loaded = o.loaded
        host = o.host
        appDelegates = o.appDelegates
        appDelegateIndex = o.appDelegateIndex
        currentAppDelegate = o.currentAppDelegate
        kept = o.kept
        tornDown = o.tornDown
        taskResumedByLastFire = o.taskResumedByLastFire
        firedEvent = o.firedEvent
    }

    /// How the steps say the app's delegate class is written (`delegate-lacks`, `delegate-completes`), and whether it is
    /// a Flutter app's (a host of an app built on Flutter).
    static func appShape(of steps: [Scenario.Step], kind: HostKind) -> AppDelegateObject.Shape {
        var shape = AppDelegateObject.Shape(flutter: kind.flutter, expo: kind.expo)
        // A Flutter app's `AppDelegate` writes none of the app-delegate methods: it inherits FlutterAppDelegate's, and
        // has no method for the dynamic ones or for termination (FlutterApp.notImplemented).
        if kind.flutter, kind.className == "UIApplication" { shape.lacks = FlutterApp.notImplemented }
        for step in steps {
            switch step {
            case .delegateLacks(let selectors): shape.lacks += selectors
            case .delegateOverrides(let selectors): shape.overrides += selectors
            case .delegateCompletes(let selector, let n, let async):
                shape.completes[selector] = n
                if async { shape.completesLater.append(selector) }
            default: break
            }
        }
        return shape
    }

    /// Whether the host's delegate is the app's app-level delegate (the app delegate, the notification center's, a
    /// URL session's), whose class a scenario's shape lines write.
    static func hasAppSlots(_ kind: HostKind) -> Bool {
        kind.slots.contains { DelegateProtocols.appSlotProtocols.contains($0.protocolName) }
    }

    /// Whether the app's delegate implements an event's method (a `delegate-lacks` line says it does not).
    func appImplements(_ selector: String) -> Bool { !appShape.lacks.contains(selector) }

    /// Hands the app's delegate to a host whose delegate is given only at creation (a new URL session made with it,
    /// through whatever hooks sit on the factory), or to UIApplication, whose delegate `UIApplicationMain` keeps alive;
    /// under SwiftUI the slot gets SwiftUI's app delegate holding the app's adaptor. False for other hosts.
    func handOverAppLevel(_ app: ObjectID) throws -> Bool {
        if let creator = kind.primarySlot.createdBy {
            let cls = rt.objc_getClass(kind.className)!
            // A library whose own session this stands for wraps the delegate first (`setter own-session`).
            var delegate = Value.object(app)
            var dropped: [ObjectID] = []
            for p in participants {
                guard let d = delegate.object, let (wrapped, made) = try p.ownSessionDelegate(d, self) else { continue }
                delegate = wrapped
                if let made { dropped.append(made) }
            }
            let made = try rt.objc_msgSend(rt.classObject(cls), rt.sel(creator), [.string("configuration"), delegate, .none])
            for o in dropped { try rt.objc_release(o) }
            guard let session = made.object else { return true }
            try rt.objc_retain(session)
            // The app keeps its earlier session (until teardown); the new one is where events now arrive.
            if let old = host { kept.append(old) }
            host = session
            return true
        }
        guard kind.delegateAtLaunch else { return false }
        let host = try ensureHost()
        var object = app
        if kind.swiftUI {
            object = try UIKit.makeSwiftUIAppDelegate(adaptor: app, in: rt)
            try appKeeps(object, owned: true)
        } else {
            // UIApplicationMain keeps the app delegate alive for the process (runtime fact 6).
            try appKeeps(app)
            // A Flutter app's plugins find the app delegate through `[UIApplication sharedApplication]`
            // (FlutterEngine.mm:1672-1678): the host is that application.
            if kind.flutter { try UIKit.shareApplication(host, in: rt) }
            // An SDK whose class is the app's @main delegate class (Customer.io's CioAppDelegateWrapper, field guide
            // corrections row 6) is what UIKit sets: it creates the app's own delegate inside itself, so the app's object
            // never passes through setDelegate:. It waits in the slot, seen by no setter hook, until that SDK's start
            // wraps it and sets the wrapper.
            if participants.contains(where: \.isAppDelegateClass) {
                try rt.object_setIvar(host, kind.primarySlot.property, .object(object), kind.primarySlot.ownership)
                return true
            }
        }
        try rt.send(host, kind.primarySlot.setter, .object(object))
        return true
    }

    func participant(_ id: String) throws -> Participant {
        guard let i = participantIDs.firstIndex(of: id) else {
            throw LabError("'\(id)' is not a participant of this scenario")
        }
        return participants[i]
    }

    /// The host, created the way the app creates it (`[[Host alloc] initWithFrame:]`) on first use, so load-time
    /// hooks on `initWithFrame:` see it.
    @discardableResult
    public func ensureHost() throws -> ObjectID {
        if let host { return host }
        let h = try UIKit.makeHost(kind, in: rt)
        host = h
        return h
    }

    /// The app keeps `o` strongly until teardown. `owned`: the caller already holds +1 (from alloc/init).
    public func appKeeps(_ o: ObjectID, owned: Bool = false) throws {
        if !owned { try rt.objc_retain(o) }
        kept.append(o)
    }

    /// The app's delegate object called `name` (made on first use; the app holds it strongly).
    public func appDelegate(named name: String) throws -> ObjectID {
        if let i = appDelegateIndex[name] { return appDelegates[i].object }
        let o = try AppDelegateObject.make(in: rt, answerIvars: Self.appAnswerIvars)
        appDelegateIndex[name] = appDelegates.count
        appDelegates.append((name, o, true))
        return o
    }

    /// A library verb handed NAME to the host (`rx.setDelegate NAME`): NAME is whom the app now expects events at.
    func appHandedOver(_ name: String) throws -> ObjectID {
        let app = try appDelegate(named: name)
        currentAppDelegate = name
        return app
    }

    func appDelegateObject(_ name: String) -> ObjectID? { appDelegateIndex[name].map { appDelegates[$0].object } }

    /// The app's delegate that should receive host events now: the current one, if the app still holds it.
    /// The app never set a delegate of its own, and the slot holds an object a library put there.
    var slotHoldsLibraryObject: Bool {
        guard currentAppDelegate == nil, let host, kind.primarySlot.createdBy == nil, !kind.delegateAtLaunch else { return false }
        return !rt.object_getIvar(host, kind.primarySlot.property).isNil
    }

    var expectedReceiver: ObjectID? {
        guard let name = currentAppDelegate, let i = appDelegateIndex[name], appDelegates[i].held else { return nil }
        return appDelegates[i].object
    }

    private func markInstalled(_ p: Participant) {
        if !installed.contains(where: { $0 === p }) { installed.append(p) }
    }

    /// Applies one step. Faults propagate to the runner.
    func apply(_ step: Scenario.Step) throws {
        switch step {
        case .load(let id):
            let p = try participant(id)
            // objc4 runs each class's and category's +load once (schedule_class_load skips an RW_LOADED class;
            // objc-runtime-new.mm), so a second `load P` runs nothing.
            guard !loaded.contains(id) else { break }
            loaded.append(id)
            try p.load(self)
            markInstalled(p)
        case .attach(let id):
            let p = try participant(id)
            try ensureHost()
            try p.attach(self)
            markInstalled(p)
        case .setDelegate(let name) where kind.delegateAtLaunch || kind.primarySlot.createdBy != nil,
             .assignDelegate(let name) where kind.delegateAtLaunch || kind.primarySlot.createdBy != nil:
            let app = try appDelegate(named: name)
            currentAppDelegate = name
            _ = try handOverAppLevel(app)
        case .setDelegate(let name):
            let host = try ensureHost()
            let app = try appDelegate(named: name)
            currentAppDelegate = name
            // The app hands its delegate over the way the first of its libraries that documents an API says
            // (rx.setDelegate, setWebViewDelegate:, adapter.collectionViewDelegate), even before that library attaches.
            for p in participants where try p.setAppDelegate(app, self) { return }
            try rt.send(host, kind.primarySlot.setter, .object(app))
        case .assignDelegate(let name):
            // `host.delegate = NAME`: the property setter itself (and whatever load-time swizzles sit on it).
            let host = try ensureHost()
            let app = try appDelegate(named: name)
            currentAppDelegate = name
            try rt.send(host, kind.primarySlot.setter, .object(app))
        case .fire(let selector):
            try fire(selector)
        case .fireWhileDeallocating(let name, let selector):
            guard let i = appDelegateIndex[name], appDelegates[i].held else {
                throw LabError("fire-while-deallocating \(name): the app holds no object called \(name) (released already, or never made)")
            }
            appDelegates[i].held = false
            try rt.objc_release(appDelegates[i].object, whileDeallocating: { try fire(selector) })
        case .release(let name):
            guard let i = appDelegateIndex[name] else {
                throw LabError("release \(name): no app object called \(name)")
            }
            if appDelegates[i].held {
                appDelegates[i].held = false
                try rt.objc_release(appDelegates[i].object)
            }
        case .drain, .delegateLacks, .delegateCompletes, .delegateOverrides:
            break
        case .invalidateSession:
            guard kind.primarySlot.createdBy != nil else { throw LabError("invalidate-session needs host NSURLSession") }
            try rt.send(try ensureHost(), "finishTasksAndInvalidate")
        case .teardown:
            try tearDown()
        case .verb(let family, let verb, let args):
            guard let p = participantFamilies.firstIndex(of: family).map({ participants[$0] }) else {
                throw LabError("no \(family) participant in this scenario for \(family).\(verb)")
            }
            try ensureHost()
            try p.perform(verb, args, self)
        case .raw(let keyword, _):
            throw LabError("'\(keyword)' steps need a method-hook target as the host, e.g. 'host ViewController -viewWillAppear:'")
        }
        try rt.drainAutoreleasePool()
    }

    /// The event the last `fire` step sent: the detectors read it after that step without searching the host's events.
    private var firedEvent: HostEvent?

    /// The host's event with this selector (``HostKind/event(_:)``), the one just fired found without a search.
    func hostEvent(_ selector: String) -> HostEvent? {
        if let firedEvent, firedEvent.selector == selector { return firedEvent }
        return kind.event(selector)
    }

    /// The host sends one of its events.
    func fire(_ selector: String) throws {
        let host = try ensureHost()
        guard let event = kind.event(selector) else {
            throw LabError("\(kind.name) does not fire \(selector); it fires \(kind.events.map(\.selector).joined(separator: ", "))")
        }
        firedEvent = event
        // A URL session's delegate gets task callbacks only for a task the app made and resumed.
        taskResumedByLastFire = kind.primarySlot.createdBy == nil ? nil : try UIKit.appStartsTask(on: host, before: event, in: rt)
        try UIKit.fire(event, on: host, of: kind, in: rt)
    }

    /// The app's view controller goes away: its dispose bags, then the objects it kept, the host, its delegates.
    func tearDown() throws {
        guard !tornDown else { return }
        tornDown = true
        for p in installed.reversed() { try p.willTearDown(self) }
        for o in kept.reversed() { try rt.objc_release(o) }
        kept = []
        if let host { try rt.objc_release(host) }
        try UIKit.endApplication(in: rt)
        for i in appDelegates.indices where appDelegates[i].held {
            appDelegates[i].held = false
            try rt.objc_release(appDelegates[i].object)
        }
        try rt.drainAutoreleasePool()
    }

    /// The host's class name (`UITableView`), for models that hook by class.
    public var hostClassName: String { kind.className }
    /// The host's delegate property (`delegate`, `navigationDelegate` for WKWebView).
    public var delegateProperty: String { kind.primarySlot.property }
    /// The host's delegate setter (`setDelegate:`).
    public var delegateSetter: String { kind.primarySlot.setter }
    /// The events the host fires, as selectors.
    public var hostEvents: [String] { kind.events.map(\.selector) }

    /// The library that made an object's class (`tracker:proxy`, `UIKit`, `app`).
    func owner(of o: ObjectID) -> String {
        let name = rt.describe(o).splitASCII("#").first.map(String.init) ?? ""
        return rt.objc_getClass(name).map(rt.class_getOwner) ?? "?"
    }

    /// `TrackerProxy#3 (tracker:proxy)`.
    func who(_ o: ObjectID) -> String {
        let owner = owner(of: o)
        if let d = appDelegates.first(where: { $0.object == o }) { return "\(rt.describe(o)) (the app's `\(d.name)`)" }
        return owner == "?" ? rt.describe(o) : "\(rt.describe(o)) (\(owner))"
    }
}
