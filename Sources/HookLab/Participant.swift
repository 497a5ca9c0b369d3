// The lab's side of a library model: how a scenario step drives it, and what its observers expect.
import ObjCModel
import UIKitModel

/// A library model as the runner drives it in one scenario. One instance per scenario: it may hold that
/// scenario's library state (subscriptions, the adapter), never anything shared.
protocol Participant: AnyObject {
    var info: ParticipantInfo { get }
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
    /// Host events the library answers itself by design, so the app's delegate is not expected to get them.
    func consumes(_ event: String) -> Bool
    /// The journal observer name of the library's own observer (a tracker, a subscription), if any.
    var observer: String? { get }
    /// Whether the library's observer should see this event, fired now, exactly once.
    func expectsToObserve(_ event: String, _ world: World) -> Bool
    /// The journal event the library's observer records for a fired host event (a KVO observer records the change).
    func journalEvent(for event: String) -> String
    /// Teardown, before the app drops its objects: dispose bags and the like.
    func willTearDown(_ world: World) throws
}

extension Participant {
    func load(_ world: World) throws {}
    func attach(_ world: World) throws {}
    func perform(_ verb: String, _ args: [String], _ world: World) throws {
        throw LabError("\(info.id) has no verb '\(verb)'")
    }
    func setAppDelegate(_ app: ObjectID, _ world: World) throws -> Bool { false }
    func consumes(_ event: String) -> Bool { false }
    var observer: String? { nil }
    func expectsToObserve(_ event: String, _ world: World) -> Bool { false }
    func journalEvent(for event: String) -> String { event }
    func willTearDown(_ world: World) throws {}
}

/// A scenario the runner cannot execute (an unknown verb or name): bad input, not a finding about the models.
struct LabError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One participant kind: its public description and a factory for per-scenario instances.
struct ParticipantKind {
    let info: ParticipantInfo
    let make: () -> Participant
}
