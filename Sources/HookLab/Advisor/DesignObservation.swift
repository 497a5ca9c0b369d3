// "Which column is my SDK?": what an app can observe of each delegate design, read from the models by running each
// participant alone on a fresh runtime (never written by hand).
import ObjCModel
import UIKitModel

/// What an app can see of one participant started alone on one host: the delegate getter, the delegate's class,
/// the methods its class gains, the view's class, and whether `setDelegate:` was swizzled at `+load`.
public struct DesignObservation: Codable, Hashable, Sendable {
    /// The participant id.
    public var participant: String
    /// The host it was started on (the first delegate host it supports).
    public var host: String
    /// The class of what `view.delegate` returns after the SDK started, or nil when it returns the app's own delegate.
    public var delegateReturns: String?
    /// `object_getClass(yourDelegate)` when it is no longer your delegate's class, else nil.
    public var delegateIsa: String?
    /// What `[yourDelegate class]` answers when it differs from `object_getClass`, else nil (a lying `-class`).
    public var delegateClassAnswer: String?
    /// Methods added to or replaced on your delegate's class (or its new isa class), with the library that owns them.
    public var delegateGains: [String]
    /// `object_getClass(view)` when the view's class changed, else nil.
    public var viewIsa: String?
    /// Whether the view class's `setDelegate:` was replaced by the library's `+load`.
    public var swizzlesSetterAtLoad: Bool
    /// Whether the view class's `setDelegate:` is the library's after it started (at load or at attach).
    public var ownsSetter: Bool
    /// Why the observation could not be made (the participant faulted alone), else nil.
    public var error: String?
}

extension ModelRunner {
    /// Starts each delegate-host participant alone (`load`, the app's `delegate =`, `attach`) on a fresh runtime of its
    /// first supported delegate host, and records what the app can observe.
    public func observeDesigns() -> [DesignObservation] {
        kinds.compactMap { kind in
            guard let host = kind.info.hosts.compactMap(HostKind.named).first else { return nil }
            return observe(kind, on: host)
        }
    }

    func observe(_ kind: ParticipantKind, on host: HostKind) -> DesignObservation {
        let rt = base(host.era).copy()
        let participant = kind.make()
        let world = World(rt: rt, kind: host, participants: [participant])
        let info = kind.info
        var observation = DesignObservation(participant: info.id, host: host.name, delegateReturns: nil, delegateIsa: nil,
                                            delegateClassAnswer: nil, delegateGains: [], viewIsa: nil,
                                            swizzlesSetterAtLoad: false, ownsSetter: false, error: nil)
        let hostClass = rt.objc_getClass(host.className)!
        let appClass = rt.objc_getClass(AppDelegateObject.className)!
        let setter = rt.sel(host.primarySlot.setter)
        let setterBefore = rt.class_getMethodImplementation(hostClass, setter)
        let methodsBefore = Dictionary(uniqueKeysWithValues: rt.class_copyMethodList(appClass).map { ($0, rt.class_getMethodImplementation(appClass, $0)) })
        do {
            if info.hasLoad {
                try world.apply(.load(info.id))
                observation.swizzlesSetterAtLoad = rt.class_getMethodImplementation(hostClass, setter) != setterBefore
            }
            try world.apply(.setDelegate("app"))
            if info.hasAttach { try world.apply(.attach(info.id)) }
            let view = try world.ensureHost()
            guard let app = world.appDelegateObject("app") else { throw LabError("no app delegate") }
            observation.ownsSetter = rt.class_getMethodImplementation(hostClass, setter) != setterBefore
            if let returned = try rt.send(view, host.primarySlot.property).object, returned != app {
                observation.delegateReturns = rt.class_getName(rt.object_getClass(returned))
            }
            let isa = rt.object_getClass(app)
            if isa != appClass { observation.delegateIsa = rt.class_getName(isa) }
            if let said = try rt.send(app, "class").object, let saidClass = rt.classOfClassObject(said), saidClass != isa {
                observation.delegateClassAnswer = rt.class_getName(saidClass)
            }
            var gains: [String] = []
            for sel in rt.class_copyMethodList(appClass) where methodsBefore[sel] != rt.class_getMethodImplementation(appClass, sel) {
                let imp = rt.class_getMethodImplementation(appClass, sel)
                gains.append("`\(rt.sel_getName(sel))` on `\(AppDelegateObject.className)` (\(rt.imp_getOwner(imp)))")
            }
            if isa != appClass {
                for sel in rt.class_copyMethodList(isa) {
                    gains.append("`\(rt.sel_getName(sel))` on `\(rt.class_getName(isa))` (\(rt.imp_getOwner(rt.class_getMethodImplementation(isa, sel))))")
                }
            }
            observation.delegateGains = gains
            let viewIsa = rt.object_getClass(view)
            if viewIsa != hostClass { observation.viewIsa = rt.class_getName(viewIsa) }
        } catch {
            observation.error = "\(error)"
        }
        return observation
    }
}

extension ModelCatalog {
    /// What an app can observe of each delegate design; see ``ModelRunner/observeDesigns()``.
    public func designObservations() -> [DesignObservation] { ModelRunner().observeDesigns() }
}
