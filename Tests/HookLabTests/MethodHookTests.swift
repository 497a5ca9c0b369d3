// Method-hook targets in the lab: generation, the scenario verbs, the contract checks and `ran`.

import Testing
@testable import HookLab

@Suite("Method hooks in the lab")
struct MethodHookTests {
    static let catalog = ModelCatalog()
    static let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
    /// The built-in method hookers and the package's method-hook participant files (`hooker:exchange`).
    static let methodIDs = SwiftModel.methodHookMechanisms.map(\.id)
        + ((try? Lab.packageParticipantFiles.get()) ?? []).filter { $0.methodHook != nil }.map(\.info.id)

    func run(_ text: String) throws -> RunResult {
        let scenario = try Scenario.parse(text: text, file: "test", participants: Self.catalog.participants,
                                          hosts: Self.catalog.hosts.map(\.name))
        return ModelRunner().run(scenario)
    }

    @Test("Aspects removed after KVO subclassed its `_Aspects_` class: the original class name it derives does not exist; an assertion in debug, a crash in release, never a trap of the lab")
    func aspectsRemoveAfterKVO() throws {
        for (config, kind) in [("debug", Finding.Kind.assertionFailure), ("release", .fatalError)] {
            let result = try run("host ViewController -viewWillAppear:\nconfig \(config)\nclass ViewController : UIViewController viewWillAppear:\nobject vc ViewController\naspects.hook vc viewWillAppear: before\nkvo.observe vc title\naspects.remove 1\ncall vc viewWillAppear:\n")
            #expect(result.findings.first?.kind == kind && result.findings.first?.step == 5, "\(config): \(result.findings)")
        }
    }

    @Test("Method-hook cells pair method-hook participants only; delegate hosts never get them")
    func separation() {
        for host in Self.generator.hosts {
            let ids = Self.generator.orders(host: host.name, length: 2).flatMap { $0 }.uniqued()
            if host.methodTarget != nil {
                #expect(!ids.isEmpty && ids.allSatisfy(Self.methodIDs.contains), "\(host.name)")
            } else {
                #expect(!ids.contains(where: Self.methodIDs.contains), "\(host.name)")
            }
        }
    }

    @Test("A scenario's install lines name the participants their declared install lines fit")
    func installedParticipants() throws {
        func participants(_ lines: [String]) throws -> [String] {
            try Scenario.parse(text: (["host ViewController -viewWillAppear:", "config debug", "class ViewController2 : UIViewController viewWillAppear:",
                                       "object VC ViewController2", "object vc ViewController2"] + lines).joined(separator: "\n"),
                               file: "t", participants: Self.catalog.participants, hosts: Self.catalog.hosts.map(\.name)).participants
        }
        // A declared object fits OBJECT whatever its case; a class fits CLASS.
        #expect(try participants(["aspects.hook VC viewWillAppear: before"]) == ["aspects:instance"])
        #expect(try participants(["aspects.hook ViewController2 viewWillAppear: after"]) == ["aspects:class"])
        // The words of swizzle:sdk's install lines: a prefix makes it that participant.
        #expect(try participants(["swizzle.exchange ViewController2 viewWillAppear: prefix my_"]) == ["swizzle:sdk"])
        #expect(try participants(["swizzle.exchange ViewController2 viewWillAppear: no-add"]) == ["swizzle:exchange"])
        #expect(try participants(["xaspect.patch A ViewController2 viewWillAppear:", "rac.signal vc viewWillAppear:"]) == ["xaspect", "rac"])
    }

    @Test("A SubViewController pair runs every placement, then each other variant at every placement")
    func scenarios() {
        let cell = Matrix.Cell(host: "SubViewController -viewWillAppear:", order: ["aspects:class", "jspatch"], config: .debug)
        let scenarios = Self.generator.scenarios(for: cell)
        // 4 placements × (the first variants, Aspects instead and after, JSPatch super and neither).
        #expect(scenarios.count == 4 * (1 + 2 + 2))
        let installs = scenarios[0].steps.map(\.line).filter { $0.hasPrefix("aspects.") || $0.hasPrefix("jspatch.") }
        #expect(installs == ["aspects.hook ViewController viewWillAppear: before",
                             "jspatch.override SubViewController viewWillAppear: calls-orig"])
        #expect(scenarios[0].participants == ["aspects:class", "jspatch"])
    }

    @Test("Scenario text round-trips, with a two-word host")
    func roundTrip() throws {
        let text = """
            host ViewController -viewWillAppear:
            config release
            class ViewController : UIViewController viewWillAppear:
            object vc ViewController
            aspects.hook vc viewWillAppear: after
            call vc viewWillAppear:
            expect-ran original aspects:after

            """
        let scenario = try Scenario.parse(text: text, file: "t", participants: Self.catalog.participants, hosts: Self.catalog.hosts.map(\.name))
        #expect(scenario.fileText == text)
        #expect(scenario.isMet(by: ModelRunner().run(scenario)))
    }

    @Test("The contract: instead replaces the original; a hook it bypasses is a lostEvent")
    func contract() throws {
        let head = """
            host ViewController -viewWillAppear:
            config release
            class ViewController : UIViewController viewWillAppear:
            object vc ViewController

            """
        let instead = try run(head + "aspects.hook ViewController viewWillAppear: instead\ncall vc viewWillAppear:\n")
        #expect(instead.findings.isEmpty && instead.ran == ["aspects:instead"])
        let bypassed = try run(head + "swizzle.imp ViewController viewWillAppear:\naspects.hook ViewController viewWillAppear: instead\ncall vc viewWillAppear:\n")
        #expect(bypassed.findings.map(\.kind) == [.lostEvent])
        #expect(bypassed.findings.first?.message.hasPrefix("`swizzle:imp` (installed by `swizzle.imp ViewController viewWillAppear:` at step 3) never ran") == true)
        let twice = try run(head + "swizzle.exchange ViewController viewWillAppear:\nswizzle.exchange ViewController viewWillAppear:\ncall vc viewWillAppear:\n")
        #expect(twice.findings.map(\.kind) == [.lostEvent] && twice.ran == ["original"])
    }

    @Test("A failure through an exchange over a forward rests on read facts, not a prediction")
    func predicted() throws {
        let r = try run("""
            host ViewController -viewWillAppear:
            config release
            class ViewController : UIViewController viewWillAppear:
            object vc ViewController
            jspatch.override ViewController viewWillAppear: calls-orig
            swizzle.exchange ViewController viewWillAppear:
            call vc viewWillAppear:

            """)
        #expect(r.outcome == .crash)
        // The exchange over JSPatch's forward is read in objc4's method_exchangeImplementations: a read fact, not a prediction.
        #expect(r.predictedBy.isEmpty)
        #expect(r.basedOn.contains { $0.source.contains("method_exchangeImplementations") && !$0.isInference })
    }
}
