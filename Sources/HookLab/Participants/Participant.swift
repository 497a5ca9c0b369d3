// The lab's side of a library model: how a scenario step drives it, and what its observers expect.
import ObjCModel
import UIKitModel

/// A library model as the runner drives it in one scenario. One instance per scenario: it may hold that
/// scenario's library state (subscriptions, the adapter), never anything shared.
///
/// This is the extension point for SDK teams: implement it against ObjCModel's `Runtime` (reached as
/// ``World/rt``), wrap it in a ``ParticipantKind``, and pass it to ``ModelCatalog/init(participants:)``.
/// Every requirement but ``info`` has a default that does nothing. A model must never crash the process:
/// a modeled crash is a thrown `Fault` (the runtime throws them for you), bad input a thrown ``LabError``.
public protocol Participant: AnyObject {
    /// The public description: id, family, hosts, and whether it has `load`/`attach` steps.
    var info: ParticipantInfo { get }
    /// ``ParticipantInfo/id``, read without a copy of the whole description: a world reads it for every participant
    /// of every run. The default reads ``info``.
    var id: String { get }
    /// ``ParticipantInfo/family``, read the same way. The default reads ``info``.
    var family: String { get }
    /// Whether ``ParticipantInfo/appDelegateClass`` is set, read the same way (a world asks at every launch). The
    /// default reads ``info``.
    var isAppDelegateClass: Bool { get }
    /// `load P`: the library's load-time hooks.
    func load(_ world: World) throws
    /// `attach P`: the library's runtime attach.
    func attach(_ world: World) throws
    /// `family.verb ARGS`.
    func perform(_ verb: String, _ args: [String], _ world: World) throws
    /// Hands the app's delegate to the host the way this library documents (`rx.setDelegate`,
    /// `setWebViewDelegate:`, `adapter.collectionViewDelegate`). Returns false if it has no such API.
    /// Called before the library attaches too: it may keep the delegate and hand it over at attach.
    func setAppDelegate(_ app: ObjectID, _ world: World) throws -> Bool
    /// For a library whose own URL session the scenario's session stands for: the delegate it creates that session
    /// with (its wrapper around `delegate`), and a reference it drops once the session exists. Nil: it creates none.
    func ownSessionDelegate(_ delegate: ObjectID, _ world: World) throws -> (delegate: Value, made: ObjectID?)?
    /// Host events the library answers itself by design, so the app's delegate is not expected to get them.
    func consumes(_ event: String) -> Bool
    /// The journal observer name of the library's own observer (a tracker, a subscription), if any.
    var observer: String? { get }
    /// Whether the library's observer should see this event, fired now, exactly once.
    func expectsToObserve(_ event: String, _ world: World) -> Bool
    /// The journal event the library's observer records for a fired host event (a KVO observer records the change).
    func journalEvent(for event: String) -> String
    /// More journal events its observer should record exactly once for this fired event, besides ``journalEvent(for:)``
    /// (New Relic's `resume` hook sees the task the app started before the delegate callback).
    func alsoObserves(_ event: String, _ world: World) -> [String]
    /// Teardown, before the app drops its objects: dispose bags and the like.
    func willTearDown(_ world: World) throws
    /// A copy of this participant between two steps of a run, for a run that goes on from a snapshot of the world
    /// (``World/snapshot(on:)``). Nil, the default, when its state is not all in the copy: Swift objects of its own,
    /// or closures it gave the runtime that hold them. Such a run starts from its first step instead.
    func snapshot() -> Participant?
}

extension Participant {
    public var id: String { info.id }
    public var family: String { info.family }
    public var isAppDelegateClass: Bool { info.appDelegateClass != nil }
    public func load(_ world: World) throws {}
    public func attach(_ world: World) throws {}
    public func perform(_ verb: String, _ args: [String], _ world: World) throws {
        throw LabError("\(info.id) has no verb '\(verb)'")
    }
    public func setAppDelegate(_ app: ObjectID, _ world: World) throws -> Bool { false }
    public func ownSessionDelegate(_ delegate: ObjectID, _ world: World) throws -> (delegate: Value, made: ObjectID?)? { nil }
    public func consumes(_ event: String) -> Bool { false }
    public var observer: String? { nil }
    public func expectsToObserve(_ event: String, _ world: World) -> Bool { false }
    public func journalEvent(for event: String) -> String { event }
    public func alsoObserves(_ event: String, _ world: World) -> [String] { [] }
    public func willTearDown(_ world: World) throws {}
    public func snapshot() -> Participant? { nil }
}

/// A scenario the runner cannot execute (an unknown verb or name): bad input, not a finding about the models.
public struct LabError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One participant kind: its public description and a factory for per-scenario instances.
///
/// `make` is called once per scenario, on a matrix worker thread; each call must return a fresh instance.
public struct ParticipantKind: Sendable {
    /// What the catalog, generator and reports see.
    public let info: ParticipantInfo
    /// Makes the instance one scenario drives (on any worker thread).
    public let make: @Sendable () -> Participant

    public init(info: ParticipantInfo, make: @escaping @Sendable () -> Participant) {
        self.info = info
        self.make = make
    }
}
