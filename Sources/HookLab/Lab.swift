// The real lab: every participant, every host, and the model runner.
import UIKitModel

/// The lab the `hooklab` CLI and the tests use.
public enum Lab {
    public static var catalog: LabCatalog { ModelCatalog() }
}

/// The modeled participants and hosts.
public struct ModelCatalog: LabCatalog {
    public init() {}
    public var participants: [ParticipantInfo] { ParticipantKind.all.map(\.info) }
    public var hosts: [HostInfo] {
        HostKind.all.map { HostInfo(name: $0.name, delegateOwnership: $0.ownershipSummary, events: $0.events.map(\.selector)) }
    }
    public func makeRunner() -> ScenarioRunning { ModelRunner() }
}
