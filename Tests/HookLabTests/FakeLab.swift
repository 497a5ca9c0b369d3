// A fake lab for the engine's tests: a few participants and a rule-based runner, no runtime model.

import Foundation
import Testing
import Synchronization
import ObjCModel
@testable import HookLab
@testable import HookLabCLI

/// A catalog of five participants on two hosts whose runner follows three fixed rules.
///
/// 1. WebView: `load bridge:buggy` before `load tracker:proxy`, then `attach bridge:buggy`, then
///    `set-delegate` (after the tracker loaded), then a `fire` → danglingReference + danglingMessage.
/// 2. ListView: `load tracker:proxy`, then `attach rx`, then `rx.delegate` → assertionFailure in
///    debug; forwardingCycle (and infiniteRecursion at a later fire) in release, predicted.
/// 3. WebView: `bridge:fixed`, `tracker:proxy` and `kvo` all installed → leak at teardown; every
///    pair of them passes, so their triples are emergent.
struct FakeCatalog: LabCatalog {
    var participants: [ParticipantInfo] = FakeCatalog.all
    var hosts: [HostInfo] = FakeCatalog.allHosts
    func makeRunner() -> ScenarioRunning { FakeRunner() }

    static let all: [ParticipantInfo] = [
        ParticipantInfo(id: "bridge:buggy", family: "bridge", models: "Bridge 6 with the app's hook, no re-set line",
                        hosts: ["WebView"], hasLoad: true, hasAttach: true, basedOn: ["bridge write-up C1 (delegate is assign)"]),
        ParticipantInfo(id: "bridge:fixed", family: "bridge", models: "Bridge 6 with the fixed hook",
                        hosts: ["WebView"], hasLoad: true, hasAttach: true, basedOn: ["bridge write-up C1 (delegate is assign)"]),
        ParticipantInfo(id: "tracker:proxy", family: "tracker", models: "Tracker SDK NSProxy wrapper",
                        hosts: ["WebView", "ListView"], hasLoad: true, hasAttach: false, canStartLate: true,
                        basedOn: ["tracker write-up pitfall 1"]),
        ParticipantInfo(id: "rx", family: "rx", models: "RxCocoa 6.10 DelegateProxy", hosts: ["ListView"],
                        hasLoad: false, hasAttach: true, verbs: ["rx.delegate", "rx.subscribe didScroll:"],
                        basedOn: ["RxCocoa DelegateProxyType.swift l.197", "cycle through the wrapper [derived]"]),
        ParticipantInfo(id: "rx:patched", family: "rx", models: "RxCocoa with the marker check", hosts: ["ListView"],
                        hasLoad: false, hasAttach: true, verbs: ["rx.delegate"], basedOn: ["upstream proposal"]),
        ParticipantInfo(id: "kvo", family: "kvo", models: "a KVO observer", hosts: ["WebView", "ListView"],
                        hasLoad: false, hasAttach: true),
    ]

    static let allHosts: [HostInfo] = [
        HostInfo(name: "WebView", delegateOwnership: "assign", events: ["shouldStart:", "didFinish:"]),
        HostInfo(name: "ListView", delegateOwnership: "weak", events: ["didScroll:", "didSelect:"]),
    ]
}

/// The rule-based runner of ``FakeCatalog``; counts its runs.
final class FakeRunner: ScenarioRunning {
    private(set) var runs = 0

    func run(_ s: Scenario) -> RunResult {
        runs += 1
        let steps = s.steps
        func first(_ step: Scenario.Step, after: Int = -1) -> Int? {
            steps.indices.first { $0 > after && steps[$0] == step }
        }
        func firstFire(after: Int) -> Int? {
            steps.indices.first { index in
                if index > after, case .fire = steps[index] { return true }
                return false
            }
        }
        var findings: [Finding] = []
        var path: [String] = []
        var graph: ReferenceGraph?
        var predicted: [String] = []

        if s.host == "WebView", let buggy = first(.load("bridge:buggy")), let tracker = first(.load("tracker:proxy")), buggy < tracker,
           let attach = first(.attach("bridge:buggy")),
           let set = steps.indices.first(where: { index in
               if index > attach, index > tracker, case .setDelegate = steps[index] { return true }
               return false
           }) {
            findings.append(Finding(kind: .danglingReference, message: "the web view's assign delegate still points at TrackerProxy#3, freed when tracker:proxy replaced it; bridge:buggy never set the bridge back",
                                    step: set + 1, objects: ["TrackerProxy#3"]))
            if let fire = firstFire(after: set) {
                path = ["-[WebView _dispatch]", "-[_WebSafeForwarder forwardInvocation:]", "-[TrackerProxy#3 shouldStart:]"]
                findings.append(Finding(kind: .danglingMessage, message: "the web view sent shouldStart: to TrackerProxy#3 (tracker:proxy's wrapper), freed at step \(set + 1), because bridge:buggy kept the stale delegate",
                                        step: fire + 1, frames: path, objects: ["TrackerProxy#3"]))
                graph = ReferenceGraph(nodes: [ReferenceGraph.Node(id: "WebView#1"), ReferenceGraph.Node(id: "TrackerProxy#3", freed: true),
                                               ReferenceGraph.Node(id: "Bridge#2")],
                                       edges: [ReferenceGraph.Edge(from: "WebView#1", to: "TrackerProxy#3", label: "delegate", kind: .assign),
                                               ReferenceGraph.Edge(from: "WebView#1", to: "Bridge#2", label: "jsBridge", kind: .associationRetain)])
            }
        }
        if s.host == "ListView", let tracker = first(.load("tracker:proxy")), let rx = first(.attach("rx"), after: tracker),
           let read = first(.verb(family: "rx", verb: "delegate", args: []), after: rx) {
            predicted = ["cycle through the wrapper"]
            if s.config == .debug {
                findings.append(Finding(kind: .assertionFailure, message: "rx's proxy(for:) found tracker:proxy's wrapper as the delegate", step: read + 1))
            } else {
                findings.append(Finding(kind: .forwardingCycle, message: "rx's proxy forwards to tracker:proxy's wrapper, which forwards back", step: read + 1))
                if let fire = firstFire(after: read) {
                    findings.append(Finding(kind: .infiniteRecursion, message: "respondsToSelector: goes round rx and tracker:proxy", step: fire + 1,
                                            frames: ["-[RxProxy respondsToSelector:]", "-[TrackerProxy respondsToSelector:]"]))
                }
            }
        }
        if s.host == "WebView", first(.load("bridge:fixed")) != nil, first(.load("tracker:proxy")) != nil, first(.attach("kvo")) != nil {
            findings.append(Finding(kind: .leak, message: "Bridge#2 and KVOObserver#4 hold each other after teardown", step: 0))
        }
        // The facts on the failing path: the bridge's assign slot (read), and the cycle (an inference) when predicted.
        let facts = findings.isEmpty ? [] : [ModelFact(claim: "the web view's delegate is assign", source: "bridge write-up C1", isInference: false)]
            + predicted.map { ModelFact(claim: $0, source: "", isInference: true) }
        return RunResult(findings: findings, messagePath: path, graph: graph, ran: [], predictedBy: findings.isEmpty ? [] : predicted,
                         basedOn: facts)
    }
}

/// Output captured from a `CLI`.
final class Captured {
    var out = ""
    var err = ""
}

extension CLI {
    /// A CLI on the fake catalog in a directory, capturing its output.
    static func fake(root: URL, environment: [String: String] = [:], catalog: LabCatalog = FakeCatalog(), workers: Int = 2) -> (CLI, Captured) {
        let captured = Captured()
        let cli = CLI(catalog: catalog, root: root, currentDirectory: root, environment: environment, workers: workers, showsProgress: false,
                      standardOutput: { captured.out += $0 }, standardError: { captured.err += $0 })
        return (cli, captured)
    }
}

/// A fresh temporary directory, removed with everything in it when the value goes away (a suite instance
/// lives for one test), so no test leaves files in the temporary directory.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hooklab-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A fresh temporary directory that lives until the test process exits, then is removed.
/// Prefer ``TemporaryDirectory``, which is removed as soon as the test is done.
func temporaryDirectory() -> URL {
    let directory = TemporaryDirectory()
    TemporaryDirectory.untilExit.withLock { $0.append(directory) }
    return directory.url
}

extension TemporaryDirectory {
    /// Directories handed out by ``temporaryDirectory()``; removed at exit.
    static let untilExit: Mutex<[TemporaryDirectory]> = {
        atexit { TemporaryDirectory.untilExit.withLock { $0.removeAll() } }
        return Mutex([])
    }()
}

/// The generator of the fake catalog.
let fakeGenerator = ScenarioGenerator(hosts: FakeCatalog.allHosts, participants: FakeCatalog.all)

/// Expects a participant file's text to be refused at `line` with an error containing `message` (the participant-file
/// error tests of every family share it).
func expectParticipantFileError(_ text: String, line: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try ParticipantFile.parse(text: text, file: "p.hooklab")
        Issue.record("accepted: \(text)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.line == line && error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
    }
}
