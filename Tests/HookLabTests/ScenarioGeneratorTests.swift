// Generation: counts, determinism, families, delegate positions, perturbations.

import Testing
@testable import HookLab

@Suite("Scenario generator")
struct ScenarioGeneratorTests {
    @Test("Pairs and triples per host: every ordered choice of distinct families supporting the host")
    func counts() {
        // WebView: bridge ×2, tracker, kvo. Pairs: 4·3 − 2 same-family = 10; triples: 2 bridges × 3! = 12.
        #expect(fakeGenerator.orders(host: "WebView", length: 2).count == 10)
        #expect(fakeGenerator.orders(host: "WebView", length: 3).count == 12)
        // ListView: tracker, rx ×2, kvo: the same shape.
        #expect(fakeGenerator.orders(host: "ListView", length: 2).count == 10)
        #expect(fakeGenerator.orders(host: "ListView", length: 3).count == 12)
        // Each participant alone (4 per host), pairs and triples, in two configurations on two hosts.
        #expect(fakeGenerator.orders(host: "WebView", length: 1).count == 4)
        #expect(fakeGenerator.cells().count == (4 + 10 + 12) * 2 * 2)
        #expect(fakeGenerator.cells(lengths: [2]).count == 10 * 2 * 2)
        #expect(fakeGenerator.orders(host: "Nowhere", length: 2).isEmpty)
    }

    @Test("An older version runs alone and in every pair, and stays out of triples, where its family's current version stands")
    func olderVersionsStayOutOfTriples() throws {
        var participants = FakeCatalog.all
        let index = try #require(participants.firstIndex { $0.id == "rx:patched" })
        participants[index].versionOf = "rx"
        let generator = ScenarioGenerator(hosts: FakeCatalog.allHosts, participants: participants)
        // ListView: tracker, rx, rx:patched, kvo. Alone and pairs are unchanged; triples lose rx:patched's 6 of 12.
        #expect(generator.orders(host: "ListView", length: 1).count == 4)
        #expect(generator.orders(host: "ListView", length: 2) == fakeGenerator.orders(host: "ListView", length: 2))
        let triples = generator.orders(host: "ListView", length: 3)
        #expect(triples.count == 6)
        #expect(!triples.joined().contains("rx:patched") && triples.allSatisfy { $0.contains("rx") })
        // The lab's own older versions declare it in their files.
        #expect(Lab.catalog.participant("gul:7")?.versionOf == "gul")
        #expect(Lab.catalog.participant("rnfb:double-call")?.versionOf == "rnfb")
        #expect(Lab.catalog.participant("rx:patched")?.versionOf == nil)
    }

    @Test("A reported order is a cell even where the rules leave it out; an order the matrix cannot hold is not")
    func reportedOrdersAreCells() throws {
        var participants = FakeCatalog.all
        let index = try #require(participants.firstIndex { $0.id == "rx:patched" })
        participants[index].versionOf = "rx"
        var generator = ScenarioGenerator(hosts: FakeCatalog.allHosts, participants: participants)
        let reported = ["tracker:proxy", "rx:patched", "kvo"]
        #expect(!generator.cells().contains { $0.order == reported })
        generator.reportedOrders = ["ListView": [reported, ["rx", "rx:patched"], ["rx", "nobody"]], "WebView": [["rx"]]]
        let cells = generator.cells()
        #expect(cells.filter { $0.order == reported }.map(\.config) == Configuration.allCases)
        #expect(cells.count == generator.cells(lengths: [1, 2, 3]).count)
        // Two of one family, an unknown id, a participant on a host it does not support: no cell.
        #expect(!cells.contains { $0.order == ["rx", "rx:patched"] || $0.order.contains("nobody") || ($0.host == "WebView" && $0.order == ["rx"]) })
        #expect(cells == cells.sorted() && Set(cells).count == cells.count)
        // The lab's own generator takes the catalogue's orders: posthog-ios #748's triple with an older version is a cell.
        #expect(LabMatrixTests.generator.cells().contains { $0.host == "UNUserNotificationCenter@flutter" && $0.order == ["fcm", "flutterfire", "posthog:xchg"] })
    }

    @Test("The same input gives the same cells and scenarios, and cells are sorted")
    func deterministic() {
        let again = ScenarioGenerator(hosts: FakeCatalog.allHosts, participants: FakeCatalog.all)
        let cells = fakeGenerator.cells()
        #expect(cells == again.cells())
        #expect(cells == cells.sorted())
        #expect(Set(cells).count == cells.count)
        for cell in cells { #expect(fakeGenerator.scenarios(for: cell) == again.scenarios(for: cell)) }
        #expect(cells.first == Matrix.Cell(host: "ListView", order: ["kvo"], config: .debug))
    }

    @Test("No order pairs two participants of one family, and every participant supports the host")
    func noSameFamily() {
        let families = Dictionary(uniqueKeysWithValues: FakeCatalog.all.map { ($0.id, $0.family) })
        for cell in fakeGenerator.cells() {
            #expect(Set(cell.order.map { families[$0]! }).count == cell.order.count, "\(cell)")
            for id in cell.order { #expect(FakeCatalog.all.first { $0.id == id }!.hosts.contains(cell.host)) }
        }
    }

    /// The number of runtime installs before the first `set-delegate app`.
    func installsBeforeDelegate(_ scenario: Scenario, order: [String]) -> Int? {
        guard let set = scenario.steps.firstIndex(of: .setDelegate("app")) else { return nil }
        let firstLoad = scenario.steps.firstIndex { if case .attach = $0 { return true }; return false } ?? scenario.steps.count
        return scenario.steps[..<set].enumerated().filter { index, step in
            if case .attach = step { return true }
            if case .load = step, index > firstLoad { return true }
            return false
        }.count
    }

    @Test("Every position of set-delegate app relative to the runtime installs is present in every cell")
    func everyDelegatePosition() {
        for cell in fakeGenerator.cells() {
            let scenarios = fakeGenerator.scenarios(for: cell)
            // An order that cannot happen plans nothing.
            guard fakeGenerator.impossibility(of: cell) == nil else { #expect(scenarios.isEmpty, "\(cell)"); continue }
            let runtimeInstalls = scenarios[0].steps.filter { if case .attach = $0 { return true }; return false }.count
            let positions = Set(scenarios.compactMap { installsBeforeDelegate($0, order: cell.order) })
            for position in 0...runtimeInstalls { #expect(positions.contains(position), "\(cell): position \(position) missing") }
            // The install-order scenarios, one direct assignment after each runtime install, one release while installed.
            let assigns = scenarios.filter { $0.steps.contains { if case .assignDelegate = $0 { return true }; return false } }
            #expect(assigns.count >= runtimeInstalls, "\(cell)")
            #expect(scenarios.count <= runtimeInstalls + 3 + 1 + assigns.count + 1, "\(cell)")
            for scenario in scenarios {
                #expect(scenario.steps.last == .teardown)
                #expect(scenario.host == cell.host && scenario.config == cell.config)
                let host = FakeCatalog.allHosts.first { $0.name == cell.host }!
                for event in host.events { #expect(scenario.steps.contains(.fire(event))) }
            }
        }
    }

    @Test("A bridge with an attach between two attaches: set-delegate before, between and after them")
    func positionsSpelledOut() {
        let cell = Matrix.Cell(host: "WebView", order: ["bridge:buggy", "kvo"], config: .debug)
        let heads = fakeGenerator.scenarios(for: cell).map { Array($0.steps.prefix(4)) }
        #expect(heads.contains([.load("bridge:buggy"), .setDelegate("app"), .attach("bridge:buggy"), .attach("kvo")]))
        #expect(heads.contains([.load("bridge:buggy"), .attach("bridge:buggy"), .setDelegate("app"), .attach("kvo")]))
        #expect(heads.contains([.load("bridge:buggy"), .attach("bridge:buggy"), .attach("kvo"), .setDelegate("app")]))
    }

    @Test("Loads keep the install order: both at load time for two loaders, deferred after an attach-only participant")
    func installOrder() {
        let incident = fakeGenerator.scenarios(for: Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .release))
        #expect(incident.contains { Array($0.steps.prefix(4)) == [.load("bridge:buggy"), .load("tracker:proxy"), .attach("bridge:buggy"), .setDelegate("app")] })
        for scenario in fakeGenerator.scenarios(for: Matrix.Cell(host: "ListView", order: ["rx", "tracker:proxy"], config: .debug)) {
            let rx = scenario.steps.firstIndex(of: .attach("rx"))!
            let tracker = scenario.steps.firstIndex(of: .load("tracker:proxy"))!
            #expect(rx < tracker, "\(scenario.fileText)")
        }
        for scenario in fakeGenerator.scenarios(for: Matrix.Cell(host: "ListView", order: ["tracker:proxy", "rx"], config: .debug)) {
            #expect(scenario.steps.first == .load("tracker:proxy"))
        }
    }

    @Test("Perturbations: a second app delegate replacing the first, and an SDK started late")
    func perturbations() {
        let scenarios = fakeGenerator.scenarios(for: Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .debug))
        let replaced = scenarios.filter { $0.steps.contains(.setDelegate("app2")) }
        #expect(replaced.count == 1)
        if let steps = replaced.first?.steps {
            let app2 = steps.firstIndex(of: .setDelegate("app2"))!
            #expect(steps[app2 + 1] == .release("app"))
            #expect(steps[..<app2].contains(.fire("shouldStart:")) && steps[app2...].contains(.fire("shouldStart:")))
        }
        let late = scenarios.filter { scenario in
            let load = scenario.steps.firstIndex(of: .load("tracker:proxy"))!
            return scenario.steps[..<load].contains(.setDelegate("app")) && scenario.steps[..<load].contains(.fire("shouldStart:"))
        }
        #expect(late.count == 1)
        // The tracker cannot come late when it is installed first.
        let early = fakeGenerator.scenarios(for: Matrix.Cell(host: "WebView", order: ["tracker:proxy", "bridge:buggy"], config: .debug))
        #expect(early.allSatisfy { $0.steps.first == .load("tracker:proxy") })
    }

    @Test("Participants' verbs run once, after the installs and before the first event")
    func verbs() {
        for scenario in fakeGenerator.scenarios(for: Matrix.Cell(host: "ListView", order: ["kvo", "rx"], config: .debug)) {
            let read = scenario.steps.firstIndex(of: .verb(family: "rx", verb: "delegate", args: []))!
            #expect(scenario.steps.filter { $0 == .verb(family: "rx", verb: "delegate", args: []) }.count == 1)
            #expect(scenario.steps.contains(.verb(family: "rx", verb: "subscribe", args: ["didScroll:"])))
            #expect(read > scenario.steps.firstIndex(of: .attach("rx"))!)
            #expect(read < scenario.steps.firstIndex(of: .fire("didScroll:"))!)
        }
    }
}
