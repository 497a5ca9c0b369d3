// The catalogue of public reports (Matrix/reports/*.hooklab): every entry still reproduces, and the evidence levels
// of the cells the issue names.

import Foundation
import Testing
@testable import HookLab

@Suite("Public reports and evidence")
struct ReportCatalogTests {
    static let catalog = Lab.catalog
    /// The package root: this file is `Tests/HookLabTests/ReportCatalogTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let reports: ReportCatalog = (try? ReportCatalog.load(root: root, participants: catalog.participants,
                                                                 hosts: catalog.hosts.map(\.name))) ?? .empty
    static var slugs: [String] { reports.reports.map(\.slug) }

    /// One cell run the way the matrix runs it, with the catalogue.
    static func result(_ host: String, _ order: [String], _ config: Configuration) -> Matrix.CellResult? {
        let cell = Matrix.Cell(host: host, order: order, config: config)
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        return Matrix.run(cells: [cell], generator: generator, workers: 1, reports: reports, makeRunner: catalog.makeRunner).result(for: cell)
    }

    @Test("The catalogue loads, and every entry names a public source, never the field guide")
    func loads() throws {
        let loaded = try ReportCatalog.load(root: Self.root, participants: Self.catalog.participants, hosts: Self.catalog.hosts.map(\.name))
        #expect(loaded == Self.reports)
        for slug in ["bytedance-jsbridge-tracker-uiwebview", "bytedance-rx-tracker-assert", "bytedance-rx-tracker-loop",
                     "aspects-then-exchange-swizzle", "rac-then-jspatch", "jspatch-superclass-aspects-subclass",
                     "aspects-class-method-through-class", "jspatch-then-aspects-after"] {
            #expect(loaded.reports.contains { $0.slug == slug }, "missing \(slug)")
        }
        for report in loaded.reports {
            #expect(!report.sources.isEmpty)
            #expect(!report.sources.contains { $0.contains("guide") }, "\(report.path) cites the field guide")
            #expect(report.path == "Matrix/reports/\(report.slug).hooklab")
        }
    }

    @Test("Every public report is still reproduced by the lab", arguments: slugs)
    func reproduces(_ slug: String) throws {
        let report = try #require(Self.reports.reports.first { $0.slug == slug })
        let result = Self.catalog.makeRunner().run(report.scenario)
        #expect(report.scenario.isMet(by: result),
                "\(report.path) (\(report.sources[0])) expects \(report.scenario.expect.map(\.rawValue)), found \(result.findings.map(\.kind.rawValue)), ran \(result.ran)")
    }

    @Test("A report without a source line, or without an expect-includes line, is an error naming the file")
    func malformed() {
        let body = "host UIWebView\nconfig release\nload jsbridge:buggy\nload tracker:proxy\nset-delegate app\n"
        #expect(throws: ScenarioFileError.self) {
            try ReportCatalog.parse(text: body + "expect danglingReference\n", file: "Matrix/reports/x.hooklab", slug: "x",
                                    participants: Self.catalog.participants, hosts: Self.catalog.hosts.map(\.name))
        }
        // Without `expect-includes` (the finding the public report describes), even with the model's `expect` line.
        for tail in ["", "expect danglingReference danglingMessage\n"] {
            do {
                _ = try ReportCatalog.parse(text: "# source: somewhere #1\n" + body + tail, file: "Matrix/reports/x.hooklab", slug: "x",
                                            participants: Self.catalog.participants, hosts: Self.catalog.hosts.map(\.name))
                Issue.record("a report without an expect-includes line was accepted")
            } catch {
                #expect(error.description.hasPrefix("Matrix/reports/x.hooklab:1: "))
            }
        }
        // With it, the run must include the finding and may find more.
        let report = try? ReportCatalog.parse(text: "# source: somewhere #1\n" + body + "fire webView:shouldStartLoadWithRequest:navigationType:\nexpect-includes danglingMessage\n",
                                              file: "Matrix/reports/x.hooklab", slug: "x",
                                              participants: Self.catalog.participants, hosts: Self.catalog.hosts.map(\.name))
        #expect(report?.scenario.expectIncludes == [.danglingMessage] && report?.scenario.expect == [])
    }

    @Test("Incident 1 (UIWebView jsbridge:buggy → tracker:proxy) is reported, linked to its report and the ByteDance article")
    func incident1Reported() throws {
        for config in Configuration.allCases {
            let r = try #require(Self.result("UIWebView", ["jsbridge:buggy", "tracker:proxy"], config))
            #expect(r.outcome == .crash)
            #expect(r.evidence == .reported)
            #expect(r.reports == ["Matrix/reports/bytedance-jsbridge-tracker-uiwebview.hooklab"])
            #expect(r.sources.first?.contains("无埋点核心技术") == true)
        }
        // The other order passes: no evidence at all.
        #expect(Self.result("UIWebView", ["tracker:proxy", "jsbridge:buggy"], .release)?.evidence == nil)
    }

    @Test("Aspects → exchange swizzle is reported (Aspects #161), not predicted; the other order is not reported")
    func aspectsThenExchangeReported() throws {
        let r = try #require(Self.result("ViewController -viewWillAppear:", ["aspects:class", "swizzle:exchange"], .release))
        #expect(r.outcome == .crash)
        #expect(r.evidence == .reported)
        #expect(!r.isPredicted)
        #expect(r.sources.contains { $0.contains("steipete/Aspects #161") })
        // Its facts are the ones on the path: the exchange over Aspects' forward and Aspects' fallback, with sources.
        let facts = try #require(r.reproducer?.result.basedOn)
        #expect(facts.contains { $0.source.contains("method_exchangeImplementations") })
        #expect(facts.contains { $0.source.contains("Aspects.m:509-516") })
        #expect(!facts.contains { $0.source.contains("JPEngine") || $0.source.contains("RACSelectorSignal") })
        #expect(!facts.contains { $0.isInference })
        let other = try #require(Self.result("ViewController -viewWillAppear:", ["swizzle:exchange", "aspects:class"], .release))
        #expect(other.evidence != .reported)
    }

    @Test("Rx with the tracker's proxy is reported in the order the reproducer installs (tracker first)")
    func rxTrackerReported() throws {
        let debug = try #require(Self.result("UICollectionView", ["tracker:proxy", "rx"], .debug))
        #expect(debug.evidence == .reported)
        #expect(debug.reports == ["Matrix/reports/bytedance-rx-tracker-assert.hooklab"])
        #expect(debug.sources.contains("ReactiveX/RxSwift #2035 \"DelegateProxy bug\""))
        let release = try #require(Self.result("UICollectionView", ["tracker:proxy", "rx"], .release))
        #expect(release.evidence == .reported)
        #expect(release.reports == ["Matrix/reports/bytedance-rx-tracker-loop.hooklab"])
    }

    @Test("The sensors → kvo teardown crash is predicted: its path uses the KVO removal inference")
    func sensorsKVOPredicted() throws {
        let r = try #require(Self.result("UITableView", ["sensors", "kvo"], .release))
        #expect(r.outcome == .crash)
        #expect(r.evidence == .predicted)
        #expect(r.reproducer?.result.basedOn.contains { $0.isInference } == true)
        let matrix = Matrix(hosts: Self.catalog.hosts, participants: Self.catalog.participants, results: [r])
        let key = Matrix.NoteKey(host: "UITableView", order: ["sensors", "kvo"])
        #expect(matrix.reference(key, [key: 1]).hasSuffix("ᵖ"))
        #expect(matrix.json.contains("\"evidence\": \"predicted\""))
    }

    @Test("A failure nobody reported whose path holds only read facts is derived, and carries no ᵖ")
    func derived() throws {
        let r = try #require(Self.result("ViewController -viewWillAppear:", ["swizzle:exchange", "jspatch"], .release))
        #expect(r.outcome != .ok)
        #expect(r.evidence == .derived)
        #expect(r.reproducer?.result.basedOn.isEmpty == false)
        #expect(!r.sources.isEmpty)
        let matrix = Matrix(hosts: Self.catalog.hosts, participants: Self.catalog.participants, results: [r])
        let key = Matrix.NoteKey(host: r.cell.host, order: r.cell.order)
        #expect(!matrix.reference(key, [key: 1]).contains("ᵖ"))
        #expect(matrix.explainNote(key).contains { $0.hasPrefix("**Derived**") })
    }

    @Test("A derived failure whose path noted no fact names the models it ran and where their sources are")
    func derivedWithoutFacts() throws {
        // expo-app-metrics alone loses the metrics when the session is made before its factory hook: no decision on that
        // path rests on a fact line, so the run notes none.
        let r = try #require(Self.result("NSURLSession", ["expo-app-metrics"], .release))
        #expect(r.evidence == .derived)
        #expect(r.reproducer?.result.basedOn.isEmpty == true)
        let matrix = Matrix(hosts: Self.catalog.hosts, participants: Self.catalog.participants, results: [r])
        let note = matrix.explainNote(Matrix.NoteKey(host: r.cell.host, order: r.cell.order))
        #expect(note.contains("- no fact was noted on this path: it ran only the hooks the model of `expo-app-metrics` declares, each from the sources its file follows (`hooklab audit expo-app-metrics`)."))
        #expect(note.contains { $0.hasPrefix("**Derived**: nobody has reported this combination, and no inference is on the failing path: it noted no fact") })
        #expect(!note.contains { $0.contains("every fact on the failing path was read") })
    }

    @Test("JSPatch then an Aspects after-block is reported (JSPatch #542) through the variant that shows outOfOrder")
    func jspatchThenAspectsAfterReported() throws {
        let r = try #require(Self.result("ViewController -viewWillAppear:", ["jspatch", "aspects:class"], .release))
        #expect(r.variants.contains { $0.findings.mostSevere?.kind == .outOfOrder })
        #expect(r.evidence == .reported)
        #expect(r.reports == ["Matrix/reports/jspatch-then-aspects-after.hooklab"])
        #expect(r.sources.first == "bang590/JSPatch #542 \"JSPatch与Aspects的调用顺序问题\"")
    }
}
