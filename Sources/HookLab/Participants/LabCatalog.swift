// The single entry point through which the CLI and tests get the real lab.
import Foundation

/// Everything the lab's outer half needs from the models: participants, hosts and a runner factory.
public protocol LabCatalog: Sendable {
    /// Every participant, in the order reports list them.
    var participants: [ParticipantInfo] { get }
    /// Every host kind, in the order reports list them.
    var hosts: [HostInfo] { get }
    /// A fresh runner; called once per worker thread.
    func makeRunner() -> ScenarioRunning
    /// Extra figures for `hooklab bench`, one line each, e.g. model message sends per second with
    /// and without the method cache; empty by default.
    func benchmarkFigures() -> [String]
    /// What an app can observe of each delegate design started alone, for "Which column is my SDK?"; empty by default.
    func designObservations() -> [DesignObservation]
    /// The catalog with the participant files (`*.hooklab`) of `directory` added; `label` names the directory in
    /// errors. Catalogs that cannot run participant files return themselves.
    func addingParticipantFiles(in directory: URL, label: String) throws -> LabCatalog
}

extension LabCatalog {
    public func benchmarkFigures() -> [String] { [] }
    public func designObservations() -> [DesignObservation] { [] }
    public func addingParticipantFiles(in directory: URL, label: String) throws -> LabCatalog { self }

    /// The participant with the given id.
    public func participant(_ id: String) -> ParticipantInfo? { participants.first { $0.id == id } }
    /// The host with the given name.
    public func host(_ name: String) -> HostInfo? { hosts.first { $0.name == name } }
}
