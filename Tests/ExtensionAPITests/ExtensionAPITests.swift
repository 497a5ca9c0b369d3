// An SDK team's own participant, written against the public HookLab and ObjCModel products only (no @testable),
// run through the matrix and the gate the way Matrix/participants/README.md, "Gating your own SDK", shows.
import Foundation
import Testing
import HookLab
import HookLabCLI
import ObjCModel

/// "MyCo Analytics": replaces the host's delegate setter IMP and, on each delegate's class, the observed
/// event's IMP with one that records and calls the previous one (an RSSwizzle-style hook).
final class MyCoAnalytics: Participant {
    /// `forgetful`: claims to observe but never records, so the lab must report the lost observation.
    let forgetful: Bool
    var started = false
    init(forgetful: Bool) { self.forgetful = forgetful }

    static func info(forgetful: Bool) -> ParticipantInfo {
        ParticipantInfo(id: forgetful ? "myco:forgetful" : "myco:analytics", family: forgetful ? "mycof" : "myco",
                        models: "MyCo Analytics 2.0: IMP-replaced setDelegate:, IMP-replaced didSelect on the delegate's class",
                        hosts: ["UITableView"], hasLoad: true, hasAttach: false,
                        basedOn: ["MyCo Analytics design doc, section 3"])
    }
    var info: ParticipantInfo { Self.info(forgetful: forgetful) }
    var observer: String? { "myco" }
    static let event = "tableView:didSelectRowAtIndexPath:"

    func load(_ world: World) throws {
        let rt = world.rt
        guard let table = rt.objc_getClass(world.hostClassName),
              let setter = rt.class_getInstanceMethod(table, rt.sel(world.delegateSetter)) else { return }
        let previousSetter = rt.method_getImplementation(setter)
        let forgetful = forgetful
        let hook = rt.imp_implementationWithBlock("-[UITableView(MyCo) setDelegate:]", owner: info.id) { rt, view, cmd, args in
            if let delegate = args.first?.object {
                let cls = rt.object_getClass(delegate)
                let sel = rt.sel(Self.event)
                if let method = rt.class_getInstanceMethod(cls, sel), rt.imp_getOwner(rt.method_getImplementation(method)) != "myco" {
                    let previous = rt.method_getImplementation(method)
                    let types = rt.method_getTypeEncoding(method)
                    let tracked = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(MyCo) \(Self.event)]", owner: "myco") { rt, o, cmd, a in
                        if !forgetful { rt.journal.append(JournalEntry(observer: "myco", event: Self.event)) }
                        return try rt.callIMP(previous, o, cmd, a)
                    }
                    _ = rt.class_replaceMethod(cls, sel, tracked, types)
                }
            }
            return try rt.callIMP(previousSetter, view, cmd, args)
        }
        _ = rt.method_setImplementation(setter, hook)
        started = true
    }

    func expectsToObserve(_ event: String, _ world: World) -> Bool { started && event == Self.event }
}

@Suite("Extension API (public products only)")
struct ExtensionAPITests {
    static let catalog = ModelCatalog(participants: [
        ParticipantKind(info: MyCoAnalytics.info(forgetful: false)) { MyCoAnalytics(forgetful: false) },
        ParticipantKind(info: MyCoAnalytics.info(forgetful: true)) { MyCoAnalytics(forgetful: true) },
    ])

    static func matrix(_ id: String, against partners: [String]) -> Matrix {
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        let cells = generator.cells(lengths: [2]).filter {
            $0.host == "UITableView" && $0.involves(id) && $0.order.allSatisfy { ([id] + partners).contains($0) }
        }
        return Matrix.run(cells: cells, generator: generator, workers: 2, makeRunner: catalog.makeRunner)
    }

    @Test func registeredParticipantIsInTheCatalog() throws {
        #expect(Self.catalog.participants.map(\.id).suffix(2) == ["myco:analytics", "myco:forgetful"])
        #expect(Self.catalog.participant("rx") != nil)
    }

    @Test func ownModelRunsThroughTheMatrix() throws {
        let matrix = Self.matrix("myco:analytics", against: ["rx", "tracker:proxy"])
        // Both orders with each partner, in both configurations.
        #expect(matrix.results.count == 8)
        for result in matrix.results {
            #expect(!result.findings.contains { $0.kind == .fatalError }, "\(result.cell): \(result.findings)")
        }
        // Like the tracker's scheme 1, hooking the delegate's class misses RxCocoa's forwarding proxy, which implements
        // nothing: the lab reports the lost observation in every rx cell.
        // An order that cannot happen (the SDK hooks at launch, after Rx's runtime attach) runs nothing and says so.
        for result in matrix.results where result.cell.involves("rx") {
            guard result.possible else { #expect(result.impossibility != nil && result.findings.isEmpty); continue }
            #expect(result.findings.contains { $0.kind == .lostEvent && $0.message.contains("myco") }, "\(result.cell): \(result.findings)")
        }
    }

    /// Whether the lab reports a lost observation for the participant alone on UITableView, in every configuration.
    static func lostObservationReported(_ id: String) -> Bool {
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        let cells = Configuration.allCases.map { Matrix.Cell(host: "UITableView", order: [id], config: $0) }
        let matrix = Matrix.run(cells: cells, generator: generator, workers: 2, makeRunner: catalog.makeRunner)
        return matrix.results.count == 2 && matrix.results.allSatisfy { result in
            result.signatures.contains { $0.hasPrefix("lostEvent myco") }
        }
    }

    @Test func aModelThatForgetsToRecordIsCaught() throws {
        // The two models differ only in the journal line: alone, where nothing else can lose the event, the recording
        // one passes and the forgetful one is caught. Were the forgetful model to record (or the detector to ignore
        // observers), the first expectation would fail: the recording model is the test's own mutation check.
        #expect(Self.lostObservationReported("myco:forgetful"))
        #expect(!Self.lostObservationReported("myco:analytics"))
    }

    @Test func gateRunsWithTheOwnParticipant() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hooklab-extension-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Matrix"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var output = ""
        let cli = CLI(catalog: Self.catalog, root: root, environment: ["HOOKLAB_RECORD": "missing"], workers: 2,
                      standardOutput: { output += $0 }, standardError: { output += $0 })
        // Recording new cells fails the gate until a human has looked; the second run passes.
        #expect(cli.main(arguments: ["gate", "--participant", "myco:forgetful"]) == 1, "\(output)")
        #expect(output.contains("recorded"))
        #expect(cli.main(arguments: ["gate", "--participant", "myco:forgetful"]) == 0, "\(output)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Matrix/baseline.json").path))
    }
}
