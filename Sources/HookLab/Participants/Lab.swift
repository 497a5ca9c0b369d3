// The real lab: every participant, every host, and the model runner.
import Foundation
import ObjCModel
import UIKitModel

/// The lab the `hooklab` CLI and the tests use.
public enum Lab {
    /// The built-in participants, HookLab's own participant files, and the hosts.
    public static var catalog: LabCatalog { ModelCatalog() }

    /// HookLab's own participant files (`Matrix/participants/*.hooklab` of its checkout), built into the module by
    /// Plugins/EmbedLabFilesPlugin and parsed once: the binary needs no source tree.
    /// Those that select a Swift mechanism come first, in ``SwiftModel/all``'s order, then the others by file name.
    public static let packageParticipantFiles: Result<[ParticipantFile], InputFileError> = Result { () throws(InputFileError) in
        let files = try ParticipantFile.parse(files: EmbeddedLabFiles.participants.map { (ParticipantFile.directory + "/" + $0.name, $0.text) })
        return files.enumerated().sorted { a, b in
            (a.element.swiftModel ?? Int.max, a.offset) < (b.element.swiftModel ?? Int.max, b.offset)
        }.map(\.element)
    }

    /// HookLab's own catalogue of public reports (`Matrix/reports/*.hooklab` of its checkout), built into the module
    /// like the participant files, so a cell's evidence does not depend on the directory the CLI runs in. They are
    /// read without the catalog's checks (a report naming participants a catalog lacks covers none of its cells);
    /// the tests check them against ``catalog``.
    public static let packageReports: Result<ReportCatalog, ScenarioFileError> = Result { () throws(ScenarioFileError) in
        var reports: [PublicReport] = []
        for (name, text) in EmbeddedLabFiles.reports {
            reports.append(try ReportCatalog.parse(text: text, file: ReportCatalog.directory + "/" + name,
                                                   slug: String(name.dropLast(".hooklab".count))))
        }
        return ReportCatalog(reports: reports)
    }

    /// HookLab's own public reports, then the `Matrix/reports` files under `root` that are not HookLab's own.
    ///
    /// A second checkout of HookLab holds HookLab's own files too: a file with an own report's name and the same
    /// text is skipped; with another text it is an error, because the binary was built from other files than the
    /// checkout holds and one of the two is stale.
    public static func reports(root: URL, participants: [ParticipantInfo]? = nil, hosts: [String]? = nil) throws(ScenarioFileError) -> ReportCatalog {
        let own = try packageReports.get()
        let local = try ReportCatalog.load(root: root, participants: participants, hosts: hosts) { name, text throws(ScenarioFileError) in
            guard let builtIn = EmbeddedLabFiles.reports.first(where: { $0.name == name }) else { return true }
            guard ParticipantFile.normalized(builtIn.text) == ParticipantFile.normalized(text) else {
                throw ScenarioFileError(file: ReportCatalog.directory + "/" + name, line: 1,
                                        message: "this report is one of HookLab's own, built into this hooklab with a different text; rebuild hooklab from this checkout (swift build), or rename the file")
            }
            return false
        }
        return ReportCatalog(reports: own.reports + local.reports)
    }
}

/// The modeled participants and hosts.
public struct ModelCatalog: LabCatalog {
    /// Every participant, in report order: HookLab's participant files, then the caller's.
    public private(set) var kinds: [ParticipantKind]

    /// HookLab's own participant files (a broken file of HookLab's own is left out here; the CLI reports it when it
    /// loads the directory). Made once per process, like the files they are read from: each kind holds its file's
    /// mechanism, with its tables, and makes a fresh participant for every run; every catalog and runner built them
    /// all again (2.9 s of `swift test`'s CPU).
    static let builtInKinds: [ParticipantKind] = ((try? Lab.packageParticipantFiles.get()) ?? []).map(\.kind)

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

    /// Adds the participant files of `directory`.
    ///
    /// A second checkout of HookLab holds HookLab's own participant files: a file declaring one of their ids with the
    /// same text is skipped; with another text it is an error, because the binary was built from other files than the
    /// checkout holds and one of the two is stale (rebuilding, or picking another id, settles it).
    public func addingParticipantFiles(in directory: URL, label: String) throws -> LabCatalog {
        // A file that is one of HookLab's own, with the same text, adds nothing and passes the checks below: it is not
        // parsed again (in a checkout of HookLab, every CLI run read all of them).
        let builtIn = Dictionary(EmbeddedLabFiles.participants.map { (ParticipantFile.directory + "/" + $0.name, $0.text) },
                                 uniquingKeysWith: { first, _ in first })
        let texts = try ParticipantFile.read(directory: directory, label: label).filter { file in
            guard let own = builtIn[file.file] else { return true }
            return ParticipantFile.normalized(own) != ParticipantFile.normalized(file.text)
        }
        let files = try ParticipantFile.parse(files: texts)
        let own = (try? Lab.packageParticipantFiles.get()) ?? []
        var copy = self
        // A file's `setting` lines make more participants than files: each is matched to its file by path.
        for file in files {
            let text = texts.first { $0.file == file.file }?.text ?? ""
            let line = ParticipantFile.declarationLine(in: text)
            if let ownFile = own.first(where: { $0.info.id == file.info.id }) {
                let built = EmbeddedLabFiles.participants.first { ParticipantFile.directory + "/" + $0.name == ownFile.file }?.text ?? ""
                guard ParticipantFile.normalized(built) == ParticipantFile.normalized(text) else {
                    throw InputFileError(file: file.file, line: line, message: "participant '\(file.info.id)' is one of HookLab's own, built into this hooklab from \(ownFile.file) with a different text; rebuild hooklab from this checkout (swift build), or give yours another id")
                }
                continue
            }
            if kinds.contains(where: { $0.info.id == file.info.id }) {
                throw InputFileError(file: file.file, line: line, message: "participant '\(file.info.id)' already exists in HookLab; pick another id")
            }
            copy.kinds.append(file.kind)
        }
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
            copyFigure(),
        ]
    }

    /// What every run pays to copy the loaded UIKit base it starts from, and to free the copy.
    private func copyFigure() -> String {
        let base = Runtime(configuration: .release)
        UIKit.load(into: base, era: .ios9)
        let copy = RuntimeBenchmark.copyMicros(of: base)
        return String(format: "a copy of the loaded UIKit base (%d classes, %d objects, %d selectors), first changes made, freed: %.1f µs",
                      copy.classes, copy.objects, copy.selectors, copy.micros)
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
        if appFramework != "uikit" { info.framework = appFramework }
        info.delegateAtCreation = primarySlot.createdBy
        info.eventWhileDelegateDeallocates = eventWhileDelegateDeallocates
        if slots.contains(where: { DelegateProtocols.appSlotProtocols.contains($0.protocolName) }) {
            info.delegateMethods = slots.flatMap { DelegateProtocols.methods(of: $0.protocolName) }
        }
        let effects = events.filter { $0.userSees != nil || $0.handler != nil }.map {
            HostInfo.EventEffect(selector: $0.selector, userSees: $0.userSees, handler: $0.handler?.name,
                                 extraCall: $0.handler?.extraCall, noCall: $0.handler?.noCall)
        }
        if !effects.isEmpty { info.effects = effects }
        return info
    }
}
