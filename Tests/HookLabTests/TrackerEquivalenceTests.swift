// The tracker designs moved from Swift (TrackerSDK.swift) to participant files (Matrix/participants/tracker-*.hooklab).
// Fixtures/tracker-cells-before.txt holds every cell involving them as the Swift models produced it; the files must
// give the same cells: outcome and the kinds of finding. (Which equally bad scenario becomes the reproducer may
// depend on the cells run together, so repeated kinds and the predicted mark are not compared here; a full
// `hooklab matrix` reproduced all three columns of all 2280 cells when the files replaced the Swift models.)
import Foundation
import Testing
@testable import HookLab

@Suite("Tracker participant files")
struct TrackerEquivalenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    struct Row: Hashable, CustomStringConvertible {
        var outcome: String
        var kinds: String
        var predicted: String
        var description: String { "\(outcome) [\(kinds)] \(predicted)" }
    }

    /// `host | order | config` → what the Swift models produced.
    static func before() throws -> [Matrix.Cell: Row] {
        let text = try String(contentsOf: root.appendingPathComponent("Fixtures/tracker-cells-before.txt"), encoding: .utf8)
        var rows: [Matrix.Cell: Row] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let cell = Matrix.Cell(host: f[0], order: f[1].split(separator: ",").map(String.init), config: Configuration(rawValue: f[2])!)
            rows[cell] = Row(outcome: f[3], kinds: f[4], predicted: f[5])
        }
        return rows
    }

    @Test func theFilesDeclareTheTrackers() throws {
        let files = try Lab.packageParticipantFiles.get()
        // Besides the trackers, one method-hooking SDK (ParticipantFileTests runs it).
        #expect(files.filter { $0.methodHook != nil }.map(\.info.id) == ["hooker:exchange"])
        let ids = files.filter { $0.methodHook == nil }.map(\.info.id)
        #expect(ids == ["tracker:forwarding", "tracker:isa", "tracker:proxy", "tracker:swizzle"])
        for id in ids { #expect(Lab.catalog.participant(id)?.family == "tracker") }
    }

    @Test func sameCellsAsTheSwiftModels() throws {
        let before = try Self.before()
        #expect(before.count == 2280)
        let catalog = Lab.catalog
        // The scenarios as generated when the fixture was recorded: the web views' first event sets, no direct
        // assignment or released installed delegate, and every order run (impossible orders came later).
        let firstEvents = ["UIWebView": ["webView:shouldStartLoadWithRequest:navigationType:", "webViewDidFinishLoad:"],
                           "WKWebView": ["webView:decidePolicyForNavigationAction:decisionHandler:", "webView:didCommitNavigation:",
                                         "webView:didFinishNavigation:"]]
        let hosts = catalog.hosts.map { host -> HostInfo in
            var host = host
            if let events = firstEvents[host.name] { host.events = host.events.filter(events.contains) }
            return host
        }
        var generator = ScenarioGenerator(hosts: hosts, participants: catalog.participants)
        generator.generatesLaterScenarioKinds = false
        let matrix = Matrix.run(cells: Array(before.keys), generator: generator, workers: 2, makeRunner: catalog.makeRunner)
        var differing: [String] = []
        for result in matrix.results {
            let now = Row(outcome: result.outcome.rawValue, kinds: Self.kinds(result.findings.map(\.kind.rawValue)), predicted: "")
            guard var was = before[result.cell] else { continue }
            was.kinds = Self.kinds(was.kinds.split(separator: ",").map(String.init).filter { $0 != "-" })
            was.predicted = ""
            if was != now { differing.append("\(result.cell): was \(before[result.cell]!), now \(now)") }
        }
        #expect(matrix.results.count == before.count)
        #expect(matrix.results.filter { $0.outcome != .ok }.count == 1692)
        #expect(differing.isEmpty, "\(differing.count) cells differ:\n\(differing.prefix(20).joined(separator: "\n"))")
    }
}

extension TrackerEquivalenceTests {
    /// Distinct kinds, sorted.
    static func kinds(_ kinds: [String]) -> String { Set(kinds).sorted().joined(separator: ",") }
}
