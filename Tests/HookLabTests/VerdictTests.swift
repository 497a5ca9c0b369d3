// Verdicts on cells (issue 10): libraries alone, conflict, variants at every placement, outOfOrder, orders that
// cannot happen, the headline counts.

import Testing
@testable import HookLab

@Suite("Verdicts")
struct VerdictTests {
    static let catalog = ModelCatalog()
    static let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)

    /// The cells of these orders on one host, in both configurations, each participant alone included.
    static func run(_ host: String, _ orders: [[String]]) -> Matrix {
        let ids = orders.flatMap { $0 }.uniqued()
        let cells = (orders + ids.map { [$0] }).flatMap { order in
            Configuration.allCases.map { Matrix.Cell(host: host, order: order, config: $0) }
        }
        return Matrix.run(cells: cells, generator: generator, workers: 2, makeRunner: catalog.makeRunner)
    }

    /// The cell's object in `matrix.json`, its table indices replaced by their entries.
    static func json(_ matrix: Matrix, _ cell: Matrix.Cell) throws -> JSONValue.Located {
        let root = try JSONValue.parse(matrix.json)
        #expect(root["schema"]?.value == .number(3))
        let cells = try JSONValue.parse(JSONValue.array(Matrix.expandedCells(root.value)).text())
        return try #require(cells.items.first { item in
            item["host"]?.value == .string(cell.host) && item["config"]?.value == .string(cell.config.rawValue)
                && item["order"]?.value == .array(cell.order.map(JSONValue.string))
        })
    }

    /// A table cell as the host pages show it, without its note link.
    static func cell(_ matrix: Matrix, _ key: Matrix.NoteKey) -> String { ReportLayout(matrix).tableCell(key, page: nil) }

    func run(_ text: String) throws -> RunResult {
        let scenario = try Scenario.parse(text: text, file: "test", participants: Self.catalog.participants,
                                          hosts: Self.catalog.hosts.map(\.name))
        return ModelRunner().run(scenario)
    }

    @Test("An order that fails through two of its libraries names their conflict, and a library that only loses the event they take is not blamed")
    func conflictOfTwoInATriple() {
        // AppCenter's keyed IMP replacement and CleverTap's exchange lose the app's openURL; AppsFlyer, which the app
        // calls from that method, loses it too, and hooks nothing.
        let cells = Configuration.allCases.flatMap { config in
            [["appcenter"], ["appsflyer"], ["clevertap"], ["appcenter", "clevertap"], ["appcenter", "appsflyer", "clevertap"]].map {
                Matrix.Cell(host: "UIApplication@expo", order: $0, config: config)
            }
        }
        let generator = ScenarioGenerator(hosts: Lab.catalog.hosts, participants: Lab.catalog.participants)
        let matrix = Matrix.run(cells: cells, generator: generator, makeRunner: Lab.catalog.makeRunner)
        let key = Matrix.NoteKey(host: "UIApplication@expo", order: ["appcenter", "appsflyer", "clevertap"])
        let verdict = matrix.verdict(key)
        #expect(verdict.outcomes.allSatisfy { $0.outcome == .broken })
        #expect(verdict.reproducerLibraries == ["appcenter", "clevertap"] && verdict.reportTo == ["appcenter", "clevertap"])
        let note = matrix.explainNote(key).joined(separator: "\n")
        #expect(note.contains("the minimal reproducer below needs only `appcenter` and `clevertap`"), "\(note.prefix(600))")
        #expect(!note.contains("**Not a conflict:**"))
    }

    @Test("WKWebView jsbridge:plain → rx: the bridge alone is broken, so the pair is no conflict")
    func inheritedFromAlone() throws {
        let matrix = Self.run("WKWebView", [["jsbridge:plain", "rx"]])
        for config in Configuration.allCases {
            let alone = try #require(matrix.result(for: Matrix.Cell(host: "WKWebView", order: ["jsbridge:plain"], config: config)))
            #expect(alone.outcome == .broken)
            #expect(alone.signatures.contains { $0.hasPrefix("lostEvent ") })
            #expect(alone.conflict == true)
            let pair = try #require(matrix.result(for: Matrix.Cell(host: "WKWebView", order: ["jsbridge:plain", "rx"], config: config)))
            #expect(pair.outcome == .broken)
            #expect(pair.conflict == false)
            #expect(Set(pair.signatures).isSubset(of: Set(matrix.aloneSignatures(pair.cell))))
        }
        let key = Matrix.NoteKey(host: "WKWebView", order: ["jsbridge:plain", "rx"])
        // ˢ: the bridge fails only under some app set-ups (not when the app assigns the delegate behind its setter).
        #expect(Self.cell(matrix, key) == "🕳️ as aloneˢ")
        #expect(Self.cell(matrix, Matrix.NoteKey(host: "WKWebView", order: ["jsbridge:plain"])) == "🕳️ˢ")
        // The bridge's reproducer needs no rx: the failure is the bridge's, and only its maintainers are named.
        let note = matrix.explainNote(key).joined(separator: "\n")
        #expect(note.contains("**Not a conflict:** the minimal reproducer below needs only `jsbridge:plain`; `jsbridge:plain` fails this way on WKWebView without `rx`."))
        #expect(matrix.verdict(key).reportTo == ["jsbridge:plain"])
        #expect(!note.contains("(`rx`)"))
        let pair = try Self.json(matrix, Matrix.Cell(host: "WKWebView", order: ["jsbridge:plain", "rx"], config: .release))
        #expect(pair["conflict"]?.value == .bool(false) && pair["possible"]?.value == .bool(true))
        let alone = try Self.json(matrix, Matrix.Cell(host: "WKWebView", order: ["jsbridge:plain"], config: .release))
        #expect(alone["outcome"]?.value == .string("broken") && alone["conflict"]?.value == .bool(true))
    }

    @Test("On an assign host, the app freeing its installed delegate dangles with no library: the trackers that leave the slot alone fail only as the app alone")
    func appAlone() throws {
        let matrix = Self.run("UITableView@ios8", [["tracker:isa", "sensors"], ["tracker:forwarding", "rx"]])
        for config in Configuration.allCases {
            let app = try #require(matrix.appAlone[Matrix.Cell(host: "UITableView@ios8", order: [], config: config)])
            #expect(app.contains("danglingReference AppDelegate UITableView"), "\(app)")
            #expect(app.contains("danglingMessage AppDelegate"), "\(app)")
            // tracker:isa subclasses the app's delegate; the object keeps the name it was created with.
            for id in ["tracker:isa", "tracker:forwarding", "sensors"] {
                let alone = try #require(matrix.result(for: Matrix.Cell(host: "UITableView@ios8", order: [id], config: config)))
                #expect(alone.outcome == .crash && alone.conflict == false, "\(id)")
            }
            // Both isa-swizzle the app's delegate: the dangling delegate is still the app's, not a conflict.
            let pair = try #require(matrix.result(for: Matrix.Cell(host: "UITableView@ios8", order: ["tracker:isa", "sensors"], config: config)))
            #expect(pair.outcome == .crash && pair.conflict == false)
        }
        let key = Matrix.NoteKey(host: "UITableView@ios8", order: ["tracker:isa"])
        #expect(Self.cell(matrix, key) == "💥 as the app aloneˢ") // only the app that frees its delegate fails
        let note = matrix.explainNote(key).joined(separator: "\n")
        #expect(note.contains("**The app's own:** the minimal reproducer below installs no library"), "\(note)")
        // What to do is the app's fix, never a report to the tracker's maintainers.
        #expect(matrix.verdict(key).attribution == .app && matrix.verdict(key).reportTo.isEmpty)
        #expect(note.contains("**What you can do:**\n- Fix it in the app: the minimal reproducer below installs no library"))
        #expect(note.contains("- Set the view's `delegate` to nil before the delegate is freed (in the delegate's `dealloc`): UITableView@ios8 holds its delegate with `assign`, which is never zeroed."))
        #expect(!note.contains("maintainers"))
        #expect(matrix.verdict(Matrix.NoteKey(host: "UITableView@ios8", order: ["rx"])).attribution == nil)
        #expect(matrix.headlineCounts.failingAlone == 0 && matrix.headlineCounts.appOwnAlone == 3)
        #expect(matrix.headlineLines[0].contains("3 more fail only the way the app does with no library at all"))
        // rx keeps the slot on its own proxy, which holds the app's delegate weakly: freeing it is safe.
        #expect(matrix.outcome(of: Matrix.Cell(host: "UITableView@ios8", order: ["rx"], config: .release)) == .ok)
        let json = try Self.json(matrix, Matrix.Cell(host: "UITableView@ios8", order: ["sensors"], config: .debug))
        #expect(json["conflict"]?.value == .bool(false))
    }

    @Test("A finding a library does not have alone makes the pair a conflict (fake lab, incident 1)")
    func conflict() {
        let matrix = MatrixTests.run()
        let cell = Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .release)
        #expect(matrix.result(for: cell)?.conflict == true)
        #expect(matrix.result(for: cell.with(order: ["bridge:buggy"]))?.signatures == [])
        #expect(matrix.result(for: cell.with(order: ["tracker:proxy", "bridge:buggy"]))?.conflict == false)
        #expect(matrix.result(for: cell)?.signatures == ["danglingMessage TrackerProxy", "danglingReference TrackerProxy"])
    }

    @Test("A signature is the kind and the objects without their numbers")
    func signature() {
        let finding = Finding(kind: .danglingMessage, message: "any words", step: 4, objects: ["TrackerProxy#3", "Bridge#12", "TrackerProxy#7"])
        #expect(finding.signature == "danglingMessage Bridge TrackerProxy")
        #expect(Finding(kind: .lostEvent, message: "x", step: 1, objects: ["aspects:before"]).signature == "lostEvent aspects:before")
        #expect(Finding(kind: .exception, message: "y", step: 2).signature == "exception")
        // The event is part of what a finding is about: losing one selector is not losing another.
        #expect(Finding(kind: .lostEvent, message: "z", step: 3, objects: ["AppDelegate#2"], event: "a:").signature == "lostEvent AppDelegate @a:")
        #expect(Finding(kind: .lostEvent, message: "z", step: 3, objects: ["AppDelegate#2"], event: "a:").signature
                != Finding(kind: .lostEvent, message: "z", step: 3, objects: ["AppDelegate#2"], event: "b:").signature)
        // No library's class prefix is special-cased: the detectors name objects by identity (as created).
        #expect(Finding(kind: .lostEvent, message: "z", step: 3, objects: ["NSKVONotifying_AppDelegate#2"]).signature == "lostEvent NSKVONotifying_AppDelegate")
    }

    static let jspatchThenAspects = """
        host ViewController -viewWillAppear:
        config release
        class ViewController : UIViewController viewWillAppear:
        object vc ViewController
        jspatch.override ViewController viewWillAppear: calls-orig
        aspects.hook ViewController viewWillAppear: POSITION
        call vc viewWillAppear:

        """

    @Test("outOfOrder: a JSPatch override, then an Aspects after-block that runs before the JS body")
    func outOfOrder() throws {
        let after = try run(Self.jspatchThenAspects.replacingOccurrences(of: "POSITION", with: "after"))
        #expect(after.ran == ["aspects:after", "jspatch", "original"])
        #expect(after.findings.map(\.kind) == [.outOfOrder])
        #expect(after.findings.first?.message.hasPrefix("`aspects:after` (installed by `aspects.hook ViewController viewWillAppear: after` at step 4) ran before `jspatch`") == true)
        #expect(after.outcome == .broken)
        let before = try run(Self.jspatchThenAspects.replacingOccurrences(of: "POSITION", with: "before"))
        #expect(before.ran == ["aspects:before", "jspatch", "original"])
        #expect(before.findings.isEmpty)
    }

    @Test("outOfOrder needs the implementation to be in place first: Aspects after, then JSPatch, is in order")
    func inOrderWhenInstalledFirst() throws {
        let text = """
            host ViewController -viewWillAppear:
            config release
            class ViewController : UIViewController viewWillAppear:
            object vc ViewController
            aspects.hook ViewController viewWillAppear: after
            call vc viewWillAppear:

            """
        let alone = try run(text)
        #expect(alone.ran == ["original", "aspects:after"])
        #expect(alone.findings.isEmpty)
    }

    @Test("Every variant runs at every placement; the cell lists each variant's outcome")
    func variantsAtEveryPlacement() throws {
        let host = "SubViewController -viewWillAppear:"
        let cell = Matrix.Cell(host: host, order: ["jspatch", "aspects:class"], config: .release)
        let groups = Self.generator.methodHookVariants(cell)
        #expect(groups.map(\.name) == ["jspatch:ORIG", "jspatch:super", "jspatch:neither", "aspects:before", "aspects:instead", "aspects:after"])
        let scenarios = Self.generator.scenarios(for: cell)
        for group in groups {
            #expect(group.scenarios.count == 4, "\(group.name)") // 2 classes × 2 participants
            let placements = Set(group.scenarios.map { i in
                scenarios[i].steps.map(\.line).filter { $0.hasPrefix("jspatch.") || $0.hasPrefix("aspects.") }
                    .map { $0.split(separator: " ")[1] }
            })
            #expect(placements.count == 4, "\(group.name)")
        }
        let matrix = Self.run(host, [["jspatch", "aspects:class"]])
        let result = try #require(matrix.result(for: cell))
        #expect(result.variants.map(\.variant) == groups.map(\.name))
        // The cell's outcome is the worst variant's.
        #expect(result.outcome == result.variants.map(\.outcome).max())
        #expect(result.variants.contains { $0.outcome != .ok })
    }

    @Test("When only some variants fail the table names them and the note offers the passing ones first")
    func partialVariants() throws {
        let host = "ViewController -viewWillAppear:"
        let matrix = Self.run(host, [["jspatch", "aspects:class"]])
        let key = Matrix.NoteKey(host: host, order: ["jspatch", "aspects:class"])
        let result = try #require(matrix.result(for: Matrix.Cell(host: host, order: key.order, config: .release)))
        let failing = result.variants.filter { $0.outcome != .ok }.map(\.shortName)
        try #require(!failing.isEmpty && failing.count < result.variants.count)
        let layout = ReportLayout(matrix)
        let text = layout.tableCell(key, page: layout.hostFile(host))
        #expect(text.contains(" " + failing.uniqued().joined(separator: ", ") + " [note]("), "\(text)")
        #expect(text.contains("outOfOrder"))
        let after = try #require(result.variants.first { $0.variant == "aspects:after" })
        #expect(after.outcome == .broken && after.findings.map(\.kind) == [.outOfOrder])
        let variants = try #require(try Self.json(matrix, Matrix.Cell(host: host, order: key.order, config: .release))["variants"]?.items)
        #expect(variants.count == 6)
        let json = try #require(variants.first { $0["variant"]?.value == .string("aspects:after") })
        #expect(json["outcome"]?.value == .string("broken"))
        #expect(json["findings"]?.items.first?["kind"]?.value == .string("outOfOrder"))
        let note = matrix.explainNote(key).joined(separator: "\n")
        #expect(note.contains("**By variant** (one library's variant at a time, the others at their first; each at every placement):\n- `jspatch:ORIG`"))
        #expect(note.contains("- `aspects:after`: 🕳️ broken\n  - `outOfOrder`: `aspects:after`"))
        let fixes = try #require(note.components(separatedBy: "**What you can do:**\n").last)
        // Passing variants first, each as the whole combination it ran with (jspatch:ORIG ran with aspects:before).
        #expect(fixes.hasPrefix("- Install with `jspatch:ORIG` and `aspects:before` → ✅ at every placement.\n- Install with `jspatch:super` and `aspects:before` → ✅"))
    }

    @Test("rx → tracker:proxy cannot happen: the tracker hooks at launch; the cell runs nothing and says so")
    func impossibleOrder() throws {
        let host = "UIScrollView"
        let matrix = Self.run(host, [["rx", "tracker:proxy"], ["tracker:proxy", "rx"]])
        let cell = Matrix.Cell(host: host, order: ["rx", "tracker:proxy"], config: .release)
        #expect(Self.generator.impossibility(of: cell) == "not possible: tracker:proxy hooks at launch")
        #expect(Self.generator.impossibility(of: cell.with(order: ["tracker:proxy", "rx"])) == nil)
        let result = try #require(matrix.result(for: cell))
        #expect(!result.possible && result.scenarioCount == 0 && result.findings.isEmpty && result.conflict == nil)
        let key = Matrix.NoteKey(host: host, order: cell.order)
        // The overview's table gives the mark; the host page's table says why.
        #expect(Self.cell(matrix, key) == Matrix.impossibleMark)
        #expect(ReportLayout(matrix).tableCell(key, page: "hosts/UIScrollView.md") == "not possible: tracker:proxy hooks at launch")
        let json = try Self.json(matrix, cell)
        #expect(json["possible"]?.value == .bool(false))
        #expect(json["impossibility"]?.value == .string("not possible: tracker:proxy hooks at launch"))
        // The other order is not offered as a fix by an impossible one, nor repeated.
        let other = Matrix.NoteKey(host: host, order: ["tracker:proxy", "rx"])
        #expect(!matrix.actions(ReportLayout.Note(host: host, orders: [other.order])).contains { $0.contains("`rx` first") })
        // Every possible cell's scenarios install the row before the column.
        for scenario in Self.generator.scenarios(for: cell.with(order: ["tracker:proxy", "rx"])) {
            let installs = scenario.steps.compactMap { step -> String? in
                switch step { case .load(let id), .attach(let id): id; default: nil }
            }
            #expect(installs.first == "tracker:proxy")
        }
    }

    @Test("Headline counts: alone, conflicting pairs unordered and ordered, emergent triples, impossible orders")
    func counts() {
        let counts = MatrixTests.run().headlineCounts
        #expect(counts.cells == 104)
        #expect(counts.alone == 8 && counts.failingAlone == 0)
        #expect(counts.conflictingPairsOrdered == 2 && counts.conflictingPairsUnordered == 2)
        #expect(counts.emergentTriples == 3)
        #expect(counts.impossible == 16)
        #expect(MatrixTests.run().headlineLines.first == "- Libraries alone: 0 of 8 (library, host) combinations fail with no other library installed (the tables' diagonal).")
        #expect(MatrixTests.pages(MatrixTests.run()).contains("\n- Libraries alone: 0 of 8 (library, host) combinations fail"))
    }

    @Test("A method-hook cell counts once when debug and release agree, twice when they differ")
    func methodHookCountedOnce() {
        let host = "ViewController -viewWillAppear:"
        func result(_ order: [String], _ config: Configuration, _ outcome: Outcome) -> Matrix.CellResult {
            Matrix.CellResult(cell: Matrix.Cell(host: host, order: order, config: config), outcome: outcome, scenarioCount: 1,
                              worst: nil, reproducer: nil, signatures: ["lostEvent original"])
        }
        let matrix = Matrix(hosts: Self.generator.hosts, participants: Self.generator.participants, results: [
            result(["jspatch", "aspects:class"], .debug, .broken), result(["jspatch", "aspects:class"], .release, .broken),
            result(["aspects:class", "jspatch"], .debug, .assert), result(["aspects:class", "jspatch"], .release, .broken),
        ])
        #expect(matrix.headlineCounts.failingCells == 3)
        #expect(matrix.headlineCounts.conflictingPairsOrdered == 2)
        #expect(matrix.headlineCounts.conflictingPairsUnordered == 1)
    }
}
