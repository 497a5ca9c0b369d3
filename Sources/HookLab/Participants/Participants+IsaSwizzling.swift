// The isa-swizzling mechanisms: IMYAOPTableView (the view), Sensors Data (the delegate) and KVO (either).
import ObjCModel
import UIKitModel
import LibraryModels

// MARK: IMYAOPTableView

/// `imyaop`: attach is the app's ad module starting: `tableView.aop_utils`, its ad delegate, one ad at feeds row 1.
/// The app keeps setting `tableView.delegate` as before (IMYAOP has no API for it: the getter and setter lie).
final class IMYAOPParticipant: Participant {
    /// The feeds row (section 0) of the injected ad. Generated events fire at row 0, a business row.
    static let adRow = 1
    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }
    /// No state of its own: what attach made is in the runtime.
    func snapshot() -> Participant? { IMYAOPParticipant(info) }
    static let mechanism = ParticipantInfo.mechanism(id: IMYAOPTableView.library, family: "imyaop", hosts: hostNames(IMYAOPTableView.hostClasses),
                                                     hasLoad: false, hasAttach: true, canStartLate: true)

    func attach(_ world: World) throws {
        let rt = world.rt
        IMYAOPTableView.load(into: rt)
        let ad = try IMYAOPTableView.makeAdDelegate(in: rt)
        try world.appKeeps(ad, owned: true)
        // README: `self.aopUtils = tableView.aop_utils; self.aopUtils.delegate = self;` then the ads are inserted.
        let utils = try IMYAOPTableView.aop_utils(try world.ensureHost(), in: rt)
        try IMYAOPTableView.setAdDelegate(utils, .object(ad), in: rt)
        try IMYAOPTableView.insertAdRows([Self.adRow], into: utils, in: rt)
    }
}

// MARK: Sensors Data

/// `sensors`: its setDelegate: and respondsToSelector: swizzles at SDK start; its observer counts clicks.
final class SensorsParticipant: Participant {
    var loaded = false
    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }
    func snapshot() -> Participant? {
        let copy = SensorsParticipant(info)
        copy.loaded = loaded
        return copy
    }
    static let mechanism = ParticipantInfo.mechanism(id: SensorsData.library, family: "sensors", hosts: hostNames(SensorsData.hostClasses),
                                                     hasLoad: true, hasAttach: false)

    func load(_ world: World) throws {
        SensorsData.load(into: world.rt)
        loaded = true
    }
    var observer: String? { SensorsData.observer }
    /// `$AppClick`: each row or item selection, counted once.
    func expectsToObserve(_ event: String, _ world: World) -> Bool {
        loaded && event == SensorsData.clickSelector(world.kind.className)
    }
}

// MARK: KVO

/// `kvo`: attach registers an MJRefresh-style observer of the host's `contentOffset`; `kvo.observe-delegate` observes
/// the app delegate's `title`. Every observation is removed at teardown, as a well-behaved app does.
final class KVOParticipant: Participant {
    var observerObject: ObjectID?
    /// Observed objects and key paths, in registration order; delegates observed are held by the observer.
    var observations: [(object: ObjectID, keyPath: String)] = []
    var held: [ObjectID] = []

    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }
    func snapshot() -> Participant? {
        let copy = KVOParticipant(info)
        copy.observerObject = observerObject
        copy.observations = observations
        copy.held = held
        copy.observesHost = observesHost
        return copy
    }
    static let mechanism = ParticipantInfo.mechanism(id: "kvo", family: "kvo", hosts: hostNames(DelegateKVO.hostClasses), hasLoad: false,
                                                     hasAttach: true, canStartLate: true, verbs: ["kvo.observe-delegate"],
                                                     otherVerbs: ["kvo.observe-delegate NAME", "kvo.unobserve", "kvo.unobserve-delegate NAME"])

    func observerObject(_ world: World) throws -> ObjectID {
        if let observerObject { return observerObject }
        let o = try DelegateKVO.makeObserver(in: world.rt)
        try world.appKeeps(o, owned: true)
        observerObject = o
        return o
    }

    var observesHost = false

    func attach(_ world: World) throws {
        let host = try world.ensureHost()
        try DelegateKVO.observe(host, DelegateKVO.hostKeyPath, by: try observerObject(world), in: world.rt)
        observations.append((host, DelegateKVO.hostKeyPath))
        observesHost = true
    }

    func perform(_ verb: String, _ args: [String], _ world: World) throws {
        switch verb {
        case "observe-delegate":
            let target: ObjectID
            if let name = args.first {
                target = try world.appDelegate(named: name)
            } else {
                guard let current = world.currentAppDelegate.flatMap(world.appDelegateObject) else { return }
                target = current
            }
            // MODEL: the observer keeps what it observes (a strong property), so it can remove itself later.
            try world.rt.objc_retain(target)
            held.append(target)
            try DelegateKVO.observe(target, DelegateKVO.delegateKeyPath, by: try observerObject(world), in: world.rt)
            observations.append((target, DelegateKVO.delegateKeyPath))
        case "unobserve":
            try remove(world) { $0.keyPath == DelegateKVO.hostKeyPath }
            observesHost = false
        case "unobserve-delegate":
            guard let name = args.first, let d = world.appDelegateObject(name) else {
                throw LabError("kvo.unobserve-delegate needs the name of an app delegate")
            }
            try remove(world) { $0.object == d && $0.keyPath == DelegateKVO.delegateKeyPath }
        default:
            throw LabError("kvo has no verb '\(verb)'; expected observe-delegate, unobserve, unobserve-delegate")
        }
    }

    func remove(_ world: World, where matches: ((object: ObjectID, keyPath: String)) -> Bool) throws {
        guard let observerObject else { return }
        while let i = observations.lastIndex(where: matches) {
            let o = observations.remove(at: i)
            try DelegateKVO.unobserve(o.object, o.keyPath, by: observerObject, in: world.rt)
        }
    }

    var observer: String? { DelegateKVO.observer }
    /// Scrolling changes contentOffset: the observer hears of it once.
    func expectsToObserve(_ event: String, _ world: World) -> Bool { observesHost && event == "scrollViewDidScroll:" }
    func journalEvent(for event: String) -> String { DelegateKVO.event(DelegateKVO.hostKeyPath) }

    func willTearDown(_ world: World) throws {
        try remove(world) { _ in true }
        observesHost = false
        let release = held
        held = []
        for o in release { try world.rt.objc_release(o) }
    }
}
