// The real lab: every participant, every host, and the model runner.
import Foundation
import ObjCModel
import UIKitModel

/// The lab the `hooklab` CLI and the tests use.
public enum Lab {
    /// The built-in participants, HookLab's own participant files, and the hosts.
    public static var catalog: LabCatalog { ModelCatalog() }

    /// HookLab's package root, found from this source file; it also holds `Matrix/participants` when HookLab is
    /// checked out as another package's dependency.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The participant files in HookLab's own `Matrix/participants`, parsed once.
    public static let packageParticipantFiles: Result<[ParticipantFile], InputFileError> = Result { () throws(InputFileError) in
        try ParticipantFile.load(directory: packageRoot.appendingPathComponent(ParticipantFile.directory),
                                 label: ParticipantFile.directory)
    }
}

/// The modeled participants and hosts.
public struct ModelCatalog: LabCatalog {
    /// Every participant, in report order: built in, then HookLab's participant files, then the caller's.
    public private(set) var kinds: [ParticipantKind]

    /// The built-in participants and HookLab's own participant files (a broken file of HookLab's own is left out
    /// here; the CLI reports it when it loads the directory).
    static var builtInKinds: [ParticipantKind] {
        ParticipantKind.all + ((try? Lab.packageParticipantFiles.get()) ?? []).map(\.kind)
    }

    /// The lab with extra participants: models an SDK team wrote against ObjCModel, or parsed participant files.
    /// - Parameter participants: appended after the built-in ones; their ids must be new.
    public init(participants: [ParticipantKind] = []) {
        kinds = Self.builtInKinds + participants
    }

    public var participants: [ParticipantInfo] { kinds.map(\.info) }
    public var hosts: [HostInfo] {
        HostKind.all.map(\.info) + MethodTarget.hostInfos
    }
    public func makeRunner() -> ScenarioRunning { ModelRunner(kinds: kinds) }

    /// Adds the participant files of `directory`, unless it is HookLab's own `Matrix/participants` (already in).
    public func addingParticipantFiles(in directory: URL, label: String) throws -> LabCatalog {
        let own = Lab.packageRoot.appendingPathComponent(ParticipantFile.directory).resolvingSymlinksInPath().path
        guard directory.resolvingSymlinksInPath().path != own else { return self }
        let files = try ParticipantFile.load(directory: directory, label: label)
        for file in files where kinds.contains(where: { $0.info.id == file.info.id }) {
            throw InputFileError(file: file.file, line: 1, message: "participant '\(file.info.id)' already exists in HookLab; pick another id")
        }
        var copy = self
        copy.kinds += files.map(\.kind)
        return copy
    }

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

    /// The catalog with more participants appended (`hooklab design`'s candidates).
    func adding(_ extra: [ParticipantKind]) -> ModelCatalog {
        var copy = self
        copy.kinds += extra
        return copy
    }
}

extension HostKind {
    /// The lab's description of the host.
    var info: HostInfo {
        var info = HostInfo(name: name, delegateOwnership: ownershipSummary, events: events.map(\.selector))
        if delegateAtLaunch { info.delegateAtLaunch = true }
        info.delegateAtCreation = primarySlot.createdBy
        if slots.contains(where: { DelegateProtocols.appSlotProtocols.contains($0.protocolName) }) {
            info.delegateMethods = slots.flatMap { DelegateProtocols.methods(of: $0.protocolName) }
        }
        return info
    }
}
