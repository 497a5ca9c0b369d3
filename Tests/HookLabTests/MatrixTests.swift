// The matrix and its reports: determinism, emergent triples, notes, JSON.

import Foundation
import Testing
@testable import HookLab

@Suite("Matrix and reports")
struct MatrixTests {
    static func run(workers: Int = 2, cells: [Matrix.Cell]? = nil) -> Matrix {
        Matrix.run(cells: cells, generator: fakeGenerator, workers: workers, makeRunner: { FakeRunner() })
    }

    let matrix = MatrixTests.run()

    @Test("Results and reports do not depend on the number of workers")
    func workerIndependence() {
        let one = MatrixTests.run(workers: 1)
        let many = MatrixTests.run(workers: 5)
        #expect(one.results == matrix.results)
        #expect(many.results == matrix.results)
        #expect(Self.pages(one) == Self.pages(many))
        #expect(one.json == many.json)
        // Which worker reuses which shrinker result varies, so only the runs asked for are fixed (README).
        #expect(one.runCount + one.reusedCount == many.runCount + many.reusedCount)
        #expect(one.runCount + one.reusedCount == matrix.runCount + matrix.reusedCount)
    }

    @Test("The report and the JSON are byte-identical from run to run")
    func byteIdentical() {
        let again = MatrixTests.run()
        #expect(Data(Self.pages(again).utf8) == Data(Self.pages(matrix).utf8))
        #expect(Data(again.json.utf8) == Data(matrix.json.utf8))
    }

    @Test("Cell outcomes follow the rules: the incident is asymmetric, debug and release differ")
    func outcomes() {
        func outcome(_ host: String, _ order: [String], _ config: Configuration) -> Outcome? {
            matrix.outcome(of: Matrix.Cell(host: host, order: order, config: config))
        }
        #expect(outcome("WebView", ["bridge:buggy", "tracker:proxy"], .release) == .crash)
        #expect(outcome("WebView", ["tracker:proxy", "bridge:buggy"], .release) == .ok)
        #expect(outcome("WebView", ["bridge:fixed", "tracker:proxy"], .debug) == .ok)
        #expect(outcome("ListView", ["tracker:proxy", "rx"], .debug) == .assert)
        #expect(outcome("ListView", ["tracker:proxy", "rx"], .release) == .loop)
        #expect(outcome("ListView", ["rx", "tracker:proxy"], .release) == .ok)
        #expect(matrix.results.count == fakeGenerator.cells().count)
        #expect(matrix.results.map(\.cell) == matrix.results.map(\.cell).sorted())
    }

    @Test("Emergent: exactly the possible failing triples with a finding none of their pairs has")
    func emergent() {
        // The bridge hooks at launch and cannot start late: the orders with kvo's attach before it cannot happen.
        let expected = fakeGenerator.cells(lengths: [3]).filter {
            $0.host == "WebView" && Set($0.order) == ["bridge:fixed", "tracker:proxy", "kvo"]
                && $0.order.firstIndex(of: "kvo")! > $0.order.firstIndex(of: "bridge:fixed")!
        }
        #expect(expected.count == 6)
        #expect(matrix.emergent == expected.sorted())
        // kvo's runtime attach cannot come before the buggy bridge's +load: the order is not run, not repeated.
        let impossible = Matrix.Cell(host: "WebView", order: ["kvo", "tracker:proxy", "bridge:buggy"], config: .debug)
        #expect(matrix.result(for: impossible)?.possible == false)
        #expect(matrix.result(for: impossible)?.impossibility == "not possible: bridge:buggy hooks at launch")
        #expect(matrix.result(for: impossible)?.scenarioCount == 0)
        #expect(matrix.outcome(of: impossible) == .ok)
        // A failing triple that contains a failing pair is not emergent.
        let triple = Matrix.Cell(host: "ListView", order: ["tracker:proxy", "kvo", "rx"], config: .debug)
        #expect(matrix.outcome(of: triple) == .assert)
        #expect(!matrix.emergent.contains(triple))
    }

    /// Every Markdown page `hooklab matrix` writes, joined: what ships.
    static func pages(_ matrix: Matrix) -> String {
        matrix.reportFiles().filter { $0.path.hasSuffix(".md") }.map(\.contents).joined(separator: "\n")
    }

    /// One page `hooklab matrix` writes, by its path under `Reports/`.
    static func page(_ matrix: Matrix, _ path: String) -> String {
        matrix.reportFiles().first { $0.path == "Reports/" + path }?.contents ?? ""
    }

    /// The note of a host page that starts with `heading` (after the anchor), up to the next note or section.
    static func note(_ page: String, _ heading: String) throws -> String {
        let start = try #require(page.range(of: "</a>" + heading))
        let rest = page[start.lowerBound...]
        let end = rest.dropFirst().range(of: "\n### ")?.lowerBound ?? rest.dropFirst().range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test("Tables: host heading with ownership, symbols, debug / release, note links, predicted mark")
    func tables() {
        let web = Self.page(matrix, "hosts/WebView.md")
        let list = Self.page(matrix, "hosts/ListView.md")
        #expect(web.hasPrefix("# WebView (delegate: assign)\n"))
        #expect(list.hasPrefix("# ListView (delegate: weak)\n"))
        #expect(web.contains("| **bridge:buggy** | ✅ | — | 💥 [note](#note-bridge-buggy-tracker-proxy)ˢ | ✅ |"), "\(web)")
        // Both libraries hook at launch: the set-up names no start (AppSetup.atLaunch).
        #expect(web.contains("**Fails when your app sets `WebView.delegate`, in any of these ways: keeping it, later replacing it with another delegate, or freeing it while it is still set**"), "\(web)")
        #expect(web.contains("| **tracker:proxy** | ✅ | ✅ | ✅ | ✅ |"))
        #expect(web.contains("| **kvo** | not possible: bridge:buggy hooks at launch | not possible: bridge:fixed hooks at launch | ✅ | ✅ |"))
        #expect(list.contains("| **tracker:proxy** | ✅ | ⚠️ / 🔁 [note](#note-tracker-proxy-rx)ᵖ | ✅ | ✅ |"), "\(list)")
        #expect(web.contains("\"First\" is `+load`/link order for load-time hooks and call order for runtime attaches"))
        let index = Self.page(matrix, "README.md")
        for outcome in Outcome.allCases where outcome != .ok { #expect(index.contains(outcome.symbol)) }
    }

    @Test("A note: what happens, a reproducer the parser accepts, the path, the graph, what to do, the facts")
    func note() throws {
        let note = try Self.note(Self.page(matrix, "hosts/WebView.md"), "WebView · bridge:buggy → tracker:proxy · 💥 crash (debug and release)")
        #expect(note.contains("**What happens** (`danglingMessage` at step 5, `fire shouldStart:`): the web view sent shouldStart: to TrackerProxy#3"))
        #expect(note.contains("bridge:buggy kept the stale delegate.\n"))
        #expect(note.contains("- `danglingReference` at step 4, `set-delegate app`: the web view's"))
        let reproducer = "host WebView\nconfig release\nload bridge:buggy\nload tracker:proxy\nattach bridge:buggy\nset-delegate app\nfire shouldStart:\nexpect danglingReference danglingMessage"
        #expect(note.contains("```\n\(reproducer)\n```"))
        let parsed = try Scenario.parse(text: reproducer, file: "note", participants: FakeCatalog.all, hosts: ["WebView"])
        #expect(parsed.isMet(by: FakeRunner().run(parsed)))
        #expect(note.contains("(debug and release: the same run)"))
        #expect(note.contains("```\n-[WebView _dispatch]\n-[_WebSafeForwarder forwardInvocation:]\n-[TrackerProxy#3 shouldStart:]\n```"))
        #expect(note.contains("```mermaid\nflowchart LR\n"))
        #expect(note.contains("n1 -.->|\"delegate (assign)\"| n2"))
        #expect(note.contains("style n2 fill:#fdd,stroke:#c00"))
        #expect(note.contains("- Use `bridge:fixed` (Bridge 6 with the fixed hook) instead of `bridge:buggy`: `bridge:fixed → tracker:proxy` passes under every set-up."), "\(note)")
        #expect(note.contains("- Make `tracker:proxy`'s +load hooks run first (link its library earlier): `tracker:proxy → bridge:buggy` passes under every set-up."))
        // Based on: the facts noted on the failing path only, with their sources; no report covers it, no inference: derived.
        #expect(note.contains("- the web view's delegate is assign — bridge write-up C1\n"))
        #expect(!note.contains("cycle through the wrapper"))
        #expect(note.contains("**Derived**"))
    }

    @Test("Debug and release stories differ: one section each, the variant fix, the predicted mark")
    func splitNote() throws {
        let note = try Self.note(Self.page(matrix, "hosts/ListView.md"), "ListView · tracker:proxy → rx · ⚠️ assert (debug) · 🔁 loop (release)")
        #expect(note.contains("#### tracker:proxy → rx, debug"))
        #expect(note.contains("#### tracker:proxy → rx, release"))
        #expect(note.contains("instead of `rx`: `tracker:proxy → rx:patched` passes under every set-up."), "\(note)")
        #expect(note.contains("- cycle through the wrapper — *inference*"))
        #expect(note.contains("**Predicted**, not observed"))
    }

    @Test("Emergent triples are listed with their note")
    func emergentSection() throws {
        let triples = Self.page(matrix, "triples.md")
        #expect(triples.contains("- `WebView`: `bridge:fixed → kvo → tracker:proxy` — 💧"), "\(triples)")
        #expect(!triples.contains("- `ListView`: `tracker:proxy → kvo → rx`"))
        let note = try Self.note(triples, "WebView · bridge:fixed → kvo → tracker:proxy · 💧 leak (debug and release)")
        // Every order of the triple leaks; the buggy bridge passes except where the app sets its delegate after every
        // library, and the note names those set-ups as the ones it leaves out (the shorter list), never as "passes".
        #expect(note.contains("- Use `bridge:buggy` (Bridge 6 with the app's hook, no re-set line) instead of `bridge:fixed`: `bridge:buggy → kvo → tracker:proxy` passes under every set-up where this order fails except when your app sets `WebView.delegate` after every library starts, in any of these ways: keeping it, later replacing it with another delegate, or freeing it while it is still set."), "\(note)")
        // Where the app sets its delegate after every library, no line of either passes: the note says so for those
        // set-ups only (issue "Advice an integrator can follow" §2).
        #expect(note.contains("- No change the app can make avoids this in the lab when your app sets `WebView.delegate` after every library starts, in any of these ways: keeping it, later replacing it with another delegate, or freeing it while it is still set: "), "\(note)")
    }

    @Test("matrix.json is schema 3 with cells sorted by host, order, config, and their findings and reproducers from its tables")
    func json() throws {
        let root = try JSONValue.parse(matrix.json)
        #expect(root["schema"]?.value == .number(3))
        #expect(root["participants"]?.items.first?.value == .object([("id", .string("bridge:buggy")), ("models", .string("Bridge 6 with the app's hook, no re-set line"))]))
        // In the file a failing cell's findings and reproducer are indices into the tables.
        let raw = try #require(root["cells"]?.items.first { $0["outcome"]?.value == .string("crash") })
        guard case .number(let reproducer)? = raw["reproducer"]?.value, case .array(let findings)? = raw["findings"]?.value,
              case .number(let first)? = findings.first else { Issue.record("a crash cell without indices"); return }
        #expect(root["reproducers"]?.items[reproducer].value == Matrix.expandedCells(root.value).first { $0["outcome"] == .string("crash") }?["reproducer"])
        #expect(root["findings"]?.items[first]["kind"] != nil)
        let cells = try JSONValue.parse(JSONValue.array(Matrix.expandedCells(root.value)).text()).items
        #expect(cells.count == matrix.results.count)
        func cell(_ json: JSONValue.Located) -> Matrix.Cell {
            guard case .string(let host) = json["host"]!.value, case .array(let order) = json["order"]!.value,
                  case .string(let config) = json["config"]!.value else { return Matrix.Cell(host: "", order: [], config: .debug) }
            return Matrix.Cell(host: host, order: order.map { if case .string(let s) = $0 { s } else { "" } }, config: Configuration(rawValue: config)!)
        }
        let keys = cells.map(cell)
        #expect(keys == keys.sorted())
        let crash = try #require(cells.first { cell($0) == Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .release) })
        #expect(crash["outcome"]?.value == .string("crash"))
        #expect(crash["findings"]?.value == .array([
            .object([("kind", .string("danglingReference")), ("message", .string(FakeRunner().run(matrix.result(for: cell(crash))!.reproducer!.scenario).findings[0].message)), ("step", .number(4))]),
            .object([("kind", .string("danglingMessage")), ("message", .string(matrix.result(for: cell(crash))!.findings[1].message)), ("step", .number(5))]),
        ]))
        #expect(crash["reproducer"]?.value == .string(matrix.result(for: cell(crash))!.reproducer!.scenario.fileText))
        let ok = try #require(cells.first { cell($0) == Matrix.Cell(host: "WebView", order: ["tracker:proxy", "bridge:buggy"], config: .release) })
        #expect(ok["outcome"]?.value == .string("ok"))
        #expect(ok["reproducer"]?.value == .null)
        #expect(ok["findings"]?.value == .array([]))
        #expect(crash["conflict"]?.value == .bool(true))
        #expect(crash["possible"]?.value == .bool(true))
        let emergent = try #require(cells.first { cell($0) == Matrix.Cell(host: "WebView", order: ["tracker:proxy", "bridge:fixed", "kvo"], config: .debug) })
        #expect(emergent["emergent"]?.value == .bool(true))
        let alone = try #require(cells.first { cell($0) == Matrix.Cell(host: "WebView", order: ["bridge:buggy"], config: .debug) })
        #expect(alone["outcome"]?.value == .string("ok") && alone["conflict"]?.value == .bool(false))
        let impossible = try #require(cells.first { cell($0) == Matrix.Cell(host: "WebView", order: ["kvo", "bridge:fixed"], config: .release) })
        #expect(impossible["possible"]?.value == .bool(false))
        #expect(impossible["impossibility"]?.value == .string("not possible: bridge:fixed hooks at launch"))
        #expect(impossible["conflict"] == nil)
    }

    @Test("Reports are written atomically, replacing the old file and leaving no temporary file")
    func atomicWrite() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} }
        let url = temporary.url.appendingPathComponent("Reports/compatibility-matrix.md")
        try AtomicFile.write("old", to: url)
        try AtomicFile.write(Self.pages(matrix), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.pages(matrix))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["compatibility-matrix.md"])
    }
}

@Suite("Reference graphs")
struct ReferenceGraphTests {
    @Test("Mermaid: thick strong, plain weak, dotted assign, freed nodes red, quotes escaped, unknown ends added")
    func mermaid() {
        let graph = ReferenceGraph(nodes: [.init(id: "UIWebView#1"), .init(id: "TrackerProxy#3", freed: true), .init(id: "App#4", label: "App \"main\"")],
                                   edges: [.init(from: "UIWebView#1", to: "TrackerProxy#3", label: "delegate", kind: .assign),
                                           .init(from: "UIWebView#1", to: "Bridge#2", label: "jsBridge", kind: .associationRetain),
                                           .init(from: "Bridge#2", to: "App#4", label: "webViewDelegate", kind: .weak),
                                           .init(from: "App#4", to: "UIWebView#1", label: "webView", kind: .strong),
                                           .init(from: "App#4", to: "Bridge#2", label: "cache", kind: .associationAssign)])
        #expect(graph.mermaid == """
        flowchart LR
          n1["UIWebView#1"]
          n2["TrackerProxy#3 — freed"]
          n3["App #quot;main#quot;"]
          n4["Bridge#2"]
          n1 -.->|"delegate (assign)"| n2
          n1 ==>|"jsBridge (assoc, retain)"| n4
          n4 -->|"webViewDelegate (weak)"| n3
          n3 ==>|"webView (strong)"| n1
          n3 -.->|"cache (assoc, assign)"| n4
          style n2 fill:#fdd,stroke:#c00
        """)
    }

    @Test("Edge kinds use DESIGN's spelling in JSON")
    func edgeKinds() throws {
        let data = try JSONEncoder().encode(ReferenceGraph.Edge.Kind.allCases)
        #expect(String(decoding: data, as: UTF8.self) == #"["strong","weak","assign","association-retain","association-assign"]"#)
    }
}

@Suite("Matrix: shrinking policy and the report's summaries")
struct MatrixSummaryTests {
    let matrix = MatrixTests.run()

    @Test("A triple that contains a failing pair keeps its generated worst scenario; an emergent triple is shrunk")
    func shrinkPolicy() throws {
        let withPair = Matrix.Cell(host: "ListView", order: ["tracker:proxy", "kvo", "rx"], config: .debug)
        let result = try #require(matrix.result(for: withPair))
        #expect(result.reproducer?.scenario.steps == result.worst?.steps)
        let emergent = try #require(matrix.emergent.first.flatMap { matrix.result(for: $0) })
        #expect(emergent.reproducer!.scenario.steps.count < emergent.worst!.steps.count)
        // Run alone (no pairs known), the same triple is shrunk as before.
        let alone = MatrixTests.run(cells: [withPair])
        #expect(alone.result(for: withPair)!.reproducer!.scenario.steps.count < result.worst!.steps.count)
    }

    @Test("Shrinking explains only the reproducer: its run has the message path, as a traced run has")
    func explainedReproducer() throws {
        let cell = Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .release)
        let reproducer = try #require(matrix.result(for: cell)?.reproducer)
        #expect(reproducer.result == FakeRunner().run(reproducer.scenario))
        #expect(!reproducer.result.messagePath.isEmpty)
    }

    @Test("The report lists predictions with reproducers, and says when no host is modeled in two eras")
    func summaries() {
        let markdown = MatrixTests.pages(matrix)
        #expect(markdown.contains("# The most surprising predictions"))
        #expect(markdown.contains("**ListView · tracker:proxy → rx** (release) — 🔁 loop"))
        #expect(markdown.contains("Rests on: *cycle through the wrapper*."))
        #expect(markdown.contains("## Weak versus assign delegates\n\nNo host is modeled in two eras."))
    }

    @Test("Weak versus assign: a host and its @ios8 twin, cells that fail only with assign are named")
    func eras() {
        var hosts = FakeCatalog.allHosts
        hosts.append(HostInfo(name: "WebView@ios8", delegateOwnership: "assign", events: ["shouldStart:", "didFinish:"]))
        var participants = FakeCatalog.all
        for i in participants.indices where participants[i].hosts.contains("WebView") { participants[i].hosts.append("WebView@ios8") }
        let generator = ScenarioGenerator(hosts: hosts, participants: participants)
        // The fake runner's rules name the host "WebView", so on the twin every cell passes.
        let m = Matrix.run(cells: generator.cells(lengths: [2]), generator: generator, workers: 2, makeRunner: { FakeRunner() })
        let section = m.eraSection().joined(separator: "\n")
        #expect(section.contains("`WebView@ios8` against `WebView`: 2 of"))
        #expect(section.contains("`bridge:buggy → tracker:proxy` release: ✅ with assign, 💥 with assign"))
    }
}
