// Participant files: the syntax, its errors (file:line, exit 2, nothing written), the round trip through the writer,
// loading from a project's Matrix/participants, and `hooklab design`.
import Foundation
import Testing
import LibraryModels
@testable import HookLab
@testable import HookLabCLI

@Suite("Participant files")
struct ParticipantFileTests {
    static let proxyFile = """
    # a comment
    participant mysdk:proxy
    models MySDK 3.2
    based-on MySDK design doc
    start late
    observe UITableView tableView:didSelectRowAtIndexPath:
    setter replace reset-delegate prefix my_ category MySDK
    wrap nsobject class MyProxy target strong forward target responds own-or-target marker my_isProxy keep assign delegate my_proxy
    """

    @Test("Each shipped participant cites where its SDK does what each fact of its mechanisms says")
    func shippedParticipantsCiteTheirMechanisms() throws {
        var missing: [String] = []
        for file in try Lab.packageParticipantFiles.get() {
            if let task = file.taskClassHook {
                for fact in DeclaredSDK.MechanismFact.taskClassFacts where !task.citations.contains(where: { $0.fact == fact }) {
                    missing.append("\(file.file): cite \(fact.rawValue)")
                }
            }
            for sdk in file.sections.isEmpty ? [file.sdk] : file.sections {
                for fact in DeclaredSDK.MechanismFact.allCases where fact.applies(to: sdk) && !sdk.citations.contains(where: { $0.fact == fact }) {
                    missing.append("\(file.file) (\(sdk.hostClasses.joined(separator: ", "))): cite \(fact.rawValue)")
                }
            }
        }
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    @Test("The participant-file reference (Matrix/participants/README.md) lists every mechanism fact a cite line can name, with the line that selects it")
    func readmeListsEveryMechanismFact() throws {
        let readme = try String(contentsOf: BaselineFormatTests.root.appendingPathComponent("Matrix/participants/README.md"), encoding: .utf8)
        for fact in DeclaredSDK.MechanismFact.allCases {
            #expect(readme.contains("`\(fact.rawValue)`") && readme.contains("← `\(fact.selectedBy)`"), "\(fact.rawValue)")
        }
    }

    @Test("`model swift NAME` selects a Swift mechanism; the file gives its facts, and nothing of the mechanism is in Swift but how it runs")
    func swiftModelFiles() throws {
        let file = try ParticipantFile.parse(text: """
            participant rx:4.1
            model swift RxCocoa release 4.1
            models RxCocoa 4.1 (mine)
            design a proxy
            based-on RxSwift 4.1.0 DelegateProxyType.swift:204
            version-of rx
            changes-library
            action Upgrade RxCocoa
            package cocoapods RxCocoa >= 4.1.0 < 6.5.0
            """, file: "x.hooklab")
        let info = file.info
        #expect(info.models == "RxCocoa 4.1 (mine)" && info.design == "a proxy" && info.versionOf == "rx" && info.changesLibrary)
        #expect(info.basedOn == ["RxSwift 4.1.0 DelegateProxyType.swift:204"] && info.actions == ["Upgrade RxCocoa"] && info.packages.count == 1)
        // How it runs comes from the mechanism: RxCocoa 4.1's views (no web view), attach, the rx verbs.
        #expect(info.hosts.contains("UITableView") && !info.hosts.contains("WKWebView") && info.hasAttach && info.verbs == ["rx.subscribe"])
        #expect(file.kind.make().info == info)
        // HookLab's own: every Swift mechanism is selected by exactly one file, and no library fact stays in Swift.
        let own = try Lab.packageParticipantFiles.get()
        #expect(own.compactMap(\.swiftModel).sorted() == Array(SwiftModel.all.indices))
        for model in SwiftModel.all {
            #expect(model.mechanism.models.isEmpty && model.mechanism.basedOn.isEmpty && model.mechanism.design == nil
                    && model.mechanism.packages.isEmpty && model.mechanism.actions == nil, "\(model.name)")
        }
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/HookLab/Participants")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains("basedOn: [\""), "\(name) declares a participant's sources in Swift")
        }
    }

    @Test("setter … on UIScrollView: the tracker hooks UIScrollView's setter alone, and a table view's set reaches it through super, with the table's events")
    func setterOnTheScrollViewServesListViews() throws {
        let file = try ParticipantFile.parse(text: """
            participant t
            start load
            observe UIScrollView scrollViewWillBeginDragging:
            observe UITableView tableView:didSelectRowAtIndexPath:
            setter exchange on UIScrollView prefix t_ category T
            swizzle-class
            """, file: "t.hooklab")
        #expect(file.sdk.setterOn == ["UIScrollView"])
        #expect(ParticipantFile.text(for: file.sdk).contains("setter exchange on UIScrollView prefix t_ category T"))
        let catalog = ModelCatalog(participants: [file.kind])
        let scenario = try Scenario.parse(text: """
            host UITableView
            config release
            load t
            set-delegate app
            fire tableView:didSelectRowAtIndexPath:
            """, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        let run = catalog.makeRunner().run(scenario)
        // The tracker saw the table's delegate through UIScrollView's setter and hooked its didSelect on the class.
        #expect(run.findings.isEmpty, "\(run.findings)")
    }

    @Test("setter … later-only: an SDK started after the app set its delegate leaves it alone; without it, it sets it again through its hook")
    func laterOnlyLeavesTheCurrentDelegate() throws {
        let text = """
            participant d
            start runtime
            observe UIScrollView scrollViewWillBeginDragging:
            setter replace later-only prefix d_ category D
            wrap nsobject class DProxy target weak forward target responds own-or-target keep retain host d_proxy
            """
        let later = try ParticipantFile.parse(text: text, file: "d.hooklab")
        #expect(later.sdk.seesLaterSetsOnly && ParticipantFile.text(for: later.sdk).contains("setter replace later-only prefix d_"))
        let again = try ParticipantFile.parse(text: text.replacingOccurrences(of: " later-only", with: ""), file: "d.hooklab")
        func findings(_ file: ParticipantFile) throws -> [Finding] {
            let catalog = ModelCatalog(participants: [file.kind])
            let scenario = try Scenario.parse(text: "host UIScrollView\nconfig release\nset-delegate app\nattach d\nfire scrollViewWillBeginDragging:\n",
                                              file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
            return catalog.makeRunner().run(scenario).findings
        }
        // The delegate set before the start is never wrapped: the SDK's observer misses the event.
        #expect(try findings(later).contains { $0.kind == .lostEvent && $0.message.contains("d's observer") })
        #expect(try findings(again).isEmpty)
    }

    @Test("Every shipped `package … *` line has its reason: a comment in the block of package lines it belongs to")
    func anyVersionPackageLinesGiveTheirReason() throws {
        let dir = BaselineFormatTests.root.appendingPathComponent("Matrix/participants")
        var unexplained: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".hooklab") {
            let lines = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (n, line) in lines.enumerated() where line.hasPrefix("package ") && line.hasSuffix(" *") {
                // Walk up through the package lines and comments just above it: one of them must be a comment.
                var i = n - 1
                var explained = false
                while i >= 0, lines[i].hasPrefix("package ") || lines[i].hasPrefix("#") {
                    if lines[i].hasPrefix("#") { explained = true; break }
                    i -= 1
                }
                if !explained { unexplained.append("\(name):\(n + 1)") }
            }
        }
        #expect(unexplained.isEmpty, "package lines matching any version without a reason: \(unexplained)")
    }

    @Test("closed-source: a failing cell whose reproducer needs a binary-only SDK is predicted, and cites its line; its setting drops it")
    func closedSourceCellsArePredicted() throws {
        let braze = try #require(Lab.catalog.participant("braze"))
        #expect(braze.closedSource?.contains("binary") == true || braze.closedSource?.contains("XCFramework") == true)
        #expect(Lab.catalog.participant("braze:manual")?.closedSource == nil)
        #expect(Lab.catalog.participant("mparticle")?.closedSource == nil)
        do {
            _ = try ParticipantFile.parse(text: Self.proxyFile + "\nclosed-source\n", file: "p.hooklab")
            Issue.record("a closed-source line without its source parsed")
        } catch {
            #expect(error.description.hasPrefix("p.hooklab:9:"))
        }
        let matrix = LabMatrixTests.shared
        let failing = matrix.results.filter { $0.outcome != .ok && $0.reproducer?.scenario.participants.contains("braze") == true }
        #expect(!failing.isEmpty)
        for result in failing where result.evidence != .reported {
            #expect(result.evidence == .predicted, "\(result.cell)")
            #expect(result.sources.contains { $0.contains("(inference: closed source)") }, "\(result.cell)")
        }
    }

    @Test func designAndMissedEventLinesAreDeclared() throws {
        let text = Self.proxyFile + "\ndesign NSObject wrapper kept on the delegate\nmissed-event Analytics lose `SEL`: `ID` never records it.\n"
        let info = try ParticipantFile.parse(text: text, file: "p.hooklab").info
        #expect(info.design == "NSObject wrapper kept on the delegate")
        #expect(info.missedEvent == "Analytics lose `SEL`: `ID` never records it.")
        #expect(try ParticipantFile.parse(text: Self.proxyFile, file: "p.hooklab").info.design == nil)
        do {
            _ = try ParticipantFile.parse(text: Self.proxyFile + "\nmissed-event the app loses it\n", file: "p.hooklab")
            Issue.record("a missed-event line without SEL parsed")
        } catch {
            #expect(error.description.hasPrefix("p.hooklab:9:"))
        }
        // The shipped trackers declare theirs.
        #expect(Lab.catalog.participant("tracker:proxy")?.design == "setDelegate: swizzle + NSProxy wrapper")
    }

    @Test func parsesEveryChoice() throws {
        let file = try ParticipantFile.parse(text: Self.proxyFile, file: "p.hooklab")
        #expect(file.info.id == "mysdk:proxy" && file.info.family == "mysdk" && file.info.models == "MySDK 3.2")
        #expect(file.info.hosts == ["UITableView", "UITableView@ios8"])
        #expect(file.info.hasAttach && !file.info.hasLoad && file.info.canStartLate)
        #expect(file.sdk.setterHook == .replace && file.sdk.resetsDelegate && file.sdk.callsOriginal && file.sdk.prefix == "my_")
        #expect(file.sdk.handling == .wrap(DeclaredSDK.Proxy(nsProxy: false, className: "MyProxy", target: .strong, forwarding: .forwardingTarget,
                                                             responds: .ownOrTarget, marker: "my_isProxy",
                                                             keep: DeclaredSDK.Keep(retains: false, on: .delegate, key: "my_proxy"))))
        // The writer's text parses back to the same mechanism.
        let again = try ParticipantFile.parse(text: ParticipantFile.text(for: file.sdk), file: "q.hooklab")
        #expect(again.sdk == file.sdk)
    }

    @Test(arguments: [
        ("participant a:b\nobserve UITabelView tableView:didSelectRowAtIndexPath:", 2, "unknown host class 'UITabelView'; did you mean 'UITableView'?"),
        ("participant a:b\nobserve UITableView tableView:didSelectRow:", 2, "UITableView does not fire 'tableView:didSelectRow:'"),
        ("participant a:b\nobserv UITableView x", 2, "unknown keyword 'observ'; did you mean 'observe'?"),
        ("participant a:b\nwrap nsproxy tagret weak", 2, "unknown wrap option 'tagret'"),
        ("participant a:b\nswizzle-class\nisa-subclass", 3, "line 2 already says what"),
        ("participant a:b\nstart early", 2, "unknown start 'early'"),
        ("observe UITableView tableView:didSelectRowAtIndexPath:", 1, "missing 'participant ID' line"),
        ("participant a:b\nobserve UITableView tableView:didSelectRowAtIndexPath:\nswizzle-class", 3, "missing 'setter exchange|replace'"),
        ("participant a:b\nhook exchnage", 2, "unknown method hook 'exchnage'; did you mean 'exchange'?"),
        ("participant a:b\nhook", 2, "expected 'hook exchange|imp|forward-invocation|subclass'"),
        ("participant a:b\nhook imp CLASS", 2, "expected 'hook exchange|imp|forward-invocation|subclass'"),
        ("participant a:b\nhook imp\nhook exchange", 3, "line 2 already says how a:b hooks the method"),
        ("participant a:b\nobserve UITableView tableView:didSelectRowAtIndexPath:\nhook imp", 3, "takes no observe, setter"),
        ("participant a:b\nhook imp\ntarget ViewController -viewWillApear:", 3, "unknown method target 'ViewController -viewWillApear:'; did you mean 'ViewController -viewWillAppear:'?"),
        ("participant a:b\nhook subclass\ntarget ViewController +classMethod", 3, "instance-method targets only"),
        ("participant a:b\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nswizzle-class\ntarget ViewController -viewWillAppear:", 5, "'target' lines go with a 'hook' line"),
        ("participant a:b\nversion-of c:d\nhook imp", 2, "belongs to its family 'a'"),
        ("participant a:b\nversion-of a:b\nhook imp", 2, "names this participant itself"),
        ("participant a:b\nversion-of\nhook imp", 2, "expected 'version-of ID'"),
        ("participant rx\nmodel swift RxCoca", 2, "expected 'model swift NAME' with one of: RxCocoa, RxCocoa patched"),
        ("participant rx\nmodel swift RxCoca", 2, "did you mean 'RxCocoa'?"),
        ("participant rx\nmodel objc RxCocoa", 2, "expected 'model swift NAME'"),
        ("participant rx\nmodel swift RxCocoa\nmodel swift RxCocoa patched", 3, "line 2 already selects the mechanism"),
        ("participant rx\nmodel swift RxCocoa\nsetter exchange", 3, "'setter' declares a mechanism, and line 2 selects one written in Swift"),
        ("participant rx\ncite getter-unwrap x\nmodel swift RxCocoa", 2, "'cite' declares a mechanism"),
        ("participant myrx\nmodel swift RxCocoa", 1, "runs as participant 'rx'"),
        ("participant swizzle:sdk\nmodel swift swizzle sdk", 2, "belongs to the family 'sdkswizzle'"),
        ("participant rx\nchanges-library yes\nmodel swift RxCocoa", 2, "'changes-library' takes no value"),
        ("participant a:b\ntask-factories setState:", 2, "expected 'task-factories resume'"),
        ("participant a:b\nstart load twice", 2, "'twice' repeats a start call"),
        ("participant a:b\nstart runtime thrice", 2, "expected 'start load', 'start runtime [twice]'"),
        ("participant a:b\nstart runtime twice\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nswizzle-class", 2, "goes with 'setter none'"),
        ("participant a:b\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nswizzle-class\ntask-factories resume", 5, "goes with 'setter factory' and 'observe NSURLSession"),
        ("participant a:b\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange on UIScrollView\nswizzle-class", 3, "UIScrollView is not a host class it observes"),
        ("participant a:b\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange on\nswizzle-class", 3, "'on'"),
    ])
    func errorsNameTheLine(text: String, line: Int, message: String) {
        #expect(throws: InputFileError.self) { try ParticipantFile.parse(text: text, file: "x.hooklab") }
        do { _ = try ParticipantFile.parse(text: text, file: "x.hooklab") } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.hasPrefix("x.hooklab:\(line): "), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func aProjectsFilesJoinTheCatalogAndABrokenOneStopsEveryCommand() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("Matrix/participants")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.proxyFile.write(to: dir.appendingPathComponent("mysdk.hooklab"), atomically: true, encoding: .utf8)
        let (cli, captured) = CLI.fake(root: root, catalog: ModelCatalog())
        #expect(cli.main(arguments: ["list"]) == 0)
        #expect(captured.out.contains("mysdk:proxy") && captured.out.contains("tracker:forwarding"))

        try "participant mysdk:proxy\nsetter exchange bogus\n".write(to: dir.appendingPathComponent("mysdk.hooklab"), atomically: true, encoding: .utf8)
        let (broken, out) = CLI.fake(root: root, catalog: ModelCatalog())
        #expect(broken.main(arguments: ["matrix"]) == 2)
        #expect(out.err.contains("Matrix/participants/mysdk.hooklab:2: unknown setter option 'bogus'"), "\(out.err)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Reports").path))

        // An id of a participant the catalog already has (an SDK team's Swift model) is refused.
        let swiftModel = try ParticipantFile.parse(text: Self.proxyFile, file: "MySDK.swift").kind
        try "# mine\nparticipant mysdk:proxy\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nswizzle-class\n"
            .write(to: dir.appendingPathComponent("mysdk.hooklab"), atomically: true, encoding: .utf8)
        let (dup, dupOut) = CLI.fake(root: root, catalog: ModelCatalog(participants: [swiftModel]))
        #expect(dup.main(arguments: ["list"]) == 2 && dupOut.err.contains("Matrix/participants/mysdk.hooklab:2: participant 'mysdk:proxy' already exists in HookLab"), "\(dupOut.err)")
        // So is RxCocoa's id: its mechanism is Swift, and its file (rx.hooklab) is HookLab's own.
        try "participant rx\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nswizzle-class\n"
            .write(to: dir.appendingPathComponent("mysdk.hooklab"), atomically: true, encoding: .utf8)
        let (rx, rxOut) = CLI.fake(root: root, catalog: ModelCatalog())
        #expect(rx.main(arguments: ["list"]) == 2 && rxOut.err.contains("Matrix/participants/mysdk.hooklab:1: participant 'rx' is one of HookLab's own, built into this hooklab from Matrix/participants/rx.hooklab"), "\(rxOut.err)")
        // So is one of HookLab's own participant files' ids with another text (a second checkout, edited or stale).
        try "\nparticipant tracker:proxy\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nswizzle-class\n"
            .write(to: dir.appendingPathComponent("mysdk.hooklab"), atomically: true, encoding: .utf8)
        let (own, ownOut) = CLI.fake(root: root, catalog: ModelCatalog())
        #expect(own.main(arguments: ["list"]) == 2)
        #expect(ownOut.err.contains("Matrix/participants/mysdk.hooklab:2: participant 'tracker:proxy' is one of HookLab's own, built into this hooklab from Matrix/participants/tracker-proxy.hooklab with a different text"), "\(ownOut.err)")
    }

    @Test func designRanksAndWritesTheWinner() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (cli, captured) = CLI.fake(root: root, catalog: ModelCatalog())
        // One partner keeps the search (482 designs, 2896 cells) quick; `rx,rx:patched` ranks the same mechanisms.
        #expect(cli.main(arguments: ["design", "UITableView", "--against", "rx", "--top", "1",
                                      "--write", "Matrix/participants/mine.hooklab"]) == 0, "\(captured.err)")
        #expect(captured.out.contains("ran 482 designs"), "\(captured.out)")
        #expect(captured.out.contains(": 2896 cells, "), "\(captured.out)")
        #expect(captured.out.contains("#1 "))
        // Rx defeats the proxy wrappers through the respondsToSelector: loop.
        #expect(captured.out.contains("wrapping in an NSProxy (rank"))
        let written = try String(contentsOf: root.appendingPathComponent("Matrix/participants/mine.hooklab"), encoding: .utf8)
        let winner = try ParticipantFile.parse(text: written, file: "mine.hooklab")
        #expect(winner.info.id == "mysdk:design")
        // The first-ranked design does no worse than the best declared tracker design against the same participants.
        let lines = captured.out.split(separator: "\n").filter { $0.hasPrefix("- tracker:") && $0.contains("(the #1 design has") }
        #expect(lines.count == 4)
        // A declared design that fails alone has no conflicting cell by definition: compare with the others.
        for line in lines where !line.contains("fails alone") {
            let words = line.split(separator: " ")
            let trackerCells = Int(words[2])!
            let winnerCells = Int(words[words.firstIndex(of: "has")! + 1])!
            #expect(winnerCells <= trackerCells, "\(line)")
        }
        // Never overwritten without --force.
        let (again, out) = CLI.fake(root: root, catalog: ModelCatalog())
        #expect(again.main(arguments: ["design", "UITableView", "--against", "rx", "--write", "Matrix/participants/mine.hooklab"]) == 2)
        #expect(out.err.contains("exists; pass --force"))
        #expect(try String(contentsOf: root.appendingPathComponent("Matrix/participants/mine.hooklab"), encoding: .utf8) == written)
    }

    // MARK: Method hooks (`hook exchange|imp|forward-invocation|subclass`)

    static func hookFile(_ mechanism: String) -> String {
        "participant mysdk:\(mechanism)\nmodels My SDK's viewWillAppear: hook\nhook \(mechanism)\n"
    }

    /// One method-target cell run the way the matrix runs it, with the declared participant added.
    static func hookCell(_ files: [ParticipantFile], _ order: [String]) -> Matrix.CellResult? {
        let catalog = ModelCatalog(participants: files.map(\.kind))
        let cell = Matrix.Cell(host: "ViewController -viewWillAppear:", order: order, config: .release)
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        return Matrix.run(cells: [cell], generator: generator, workers: 1, shrink: false, makeRunner: catalog.makeRunner).result(for: cell)
    }

    @Test(arguments: ["exchange", "imp", "forward-invocation", "subclass"])
    func aDeclaredMethodHookRunsAloneOnTheTargetAndRecordsItsLabel(mechanism: String) throws {
        let file = try ParticipantFile.parse(text: Self.hookFile(mechanism), file: "h.hooklab")
        #expect(file.methodHook?.mechanism.rawValue == mechanism)
        #expect(file.info.hookInstalls == ["mysdk.method-hook \(mechanism == "subclass" ? "OBJECT" : "CLASS") SEL \(mechanism) mysdk:\(mechanism)"])
        #expect(file.info.hosts.contains("ViewController -viewWillAppear:"))
        #expect(!file.info.hosts.contains("UITableView"))
        let r = try #require(Self.hookCell([file], ["mysdk:\(mechanism)"]))
        #expect(r.scenarioCount > 0)
        #expect(r.outcome == .ok, "\(r.worst?.steps.map(\.line) ?? [])")
        #expect(r.ran.contains("mysdk:\(mechanism)") && r.ran.contains("original"), "\(r.ran)")
    }

    @Test func aDeclaredExchangeAfterAspectsCrashesLikeTheExchangeSwizzle() throws {
        let file = try ParticipantFile.parse(text: Self.hookFile("exchange"), file: "h.hooklab")
        let declared = try #require(Self.hookCell([file], ["aspects:class", "mysdk:exchange"]))
        let builtIn = try #require(Self.hookCell([], ["aspects:class", "swizzle:exchange"]))
        #expect(builtIn.outcome == .crash)
        #expect(declared.outcome == builtIn.outcome)
        // The helper selector is the declared one (prefix from the id), unrecognized after Aspects' forward.
        let steps = declared.worst?.steps.map(\.line) ?? []
        #expect(steps.contains { $0.hasPrefix("mysdk.method-hook ViewController viewWillAppear: exchange") }, "\(steps)")
        let worst = try #require(declared.worst)
        let run = ModelCatalog(participants: [file.kind]).makeRunner().run(worst)
        let messages = run.findings.map(\.message).joined(separator: "\n")
        #expect(messages.contains("mysdk_exchange_viewWillAppear:"), "\(messages)")
    }

    @Test func hookerExchangeIsInTheMatrixOnMethodTargets() throws {
        let info = try #require(Lab.catalog.participants.first { $0.id == "hooker:exchange" })
        #expect(info.hosts == ["ViewController -viewWillAppear:"] && info.family == "hooker")
    }
}
