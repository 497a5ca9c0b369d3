// The real lab: every participant, every host, and the model runner.
import Foundation
import ObjCModel
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
            + MethodTarget.hostInfos
    }
    public func makeRunner() -> ScenarioRunning { ModelRunner() }

    /// The runtime's own figures: cached and uncached sends, and the cost of a runtime with 50 classes.
    public func benchmarkFigures() -> [String] {
        let cached = RuntimeBenchmark.sendsPerSecond(cache: true)
        let uncached = RuntimeBenchmark.sendsPerSecond(cache: false)
        return [
            String(format: "model message sends: %.1f M/s with the method cache, %.1f M/s without (%.1fx)",
                   cached / 1e6, uncached / 1e6, cached / uncached),
            String(format: "a runtime with 50 classes of 10 methods: %.0f µs", RuntimeBenchmark.runtimeCreationMicros()),
        ]
    }
}
