// The app-level hosts in the lab: their names, the app's delegate shape lines, the generated orders that can happen,
// and bad input on them.

import Testing
@testable import HookLab

@Suite("App-level hosts in scenarios and the generator")
struct AppSlotScenarioTests {
    static let catalog = ModelCatalog()

    func parse(_ text: String) throws(ScenarioFileError) -> Scenario {
        let scenario = try Scenario.parse(text: text, file: "t.hooklab", participants: Self.catalog.participants,
                                          hosts: Self.catalog.hosts.map(\.name))
        try scenario.validate(file: "t.hooklab", lines: Scenario.stepLineNumbers(text), hosts: Self.catalog.hosts,
                              participants: Self.catalog.participants)
        return scenario
    }

    func kinds(_ text: String) throws -> [Finding.Kind] { ModelRunner().run(try parse(text)).findings.map(\.kind) }

    @Test("The four hosts exist under their exact names")
    func names() {
        let names = Self.catalog.hosts.map(\.name)
        for name in ["UIApplication", "UIApplication@swiftui", "UNUserNotificationCenter", "NSURLSession"] {
            #expect(names.contains(name))
        }
        #expect(Self.catalog.host("UIApplication")?.delegateAtLaunch == true)
        #expect(Self.catalog.host("NSURLSession")?.delegateAtCreation == "sessionWithConfiguration:delegate:delegateQueue:")
    }

    @Test("delegate-completes N: 1 is fine; 0 and 2 are completionHandlerMisuse, on both lifecycles")
    func completes() throws {
        for host in ["UIApplication", "UIApplication@swiftui"] {
            for n in 0...2 {
                let text = """
                    host \(host)
                    config release
                    delegate-completes application:didReceiveRemoteNotification:fetchCompletionHandler: \(n)
                    set-delegate app
                    fire application:didReceiveRemoteNotification:fetchCompletionHandler:
                    teardown
                    """
                #expect(try kinds(text) == (n == 1 ? [] : [.completionHandlerMisuse]), "\(host) \(n)")
            }
        }
    }

    @Test("delegate-lacks: the lacked event is not expected at the app; the app delegate outlives the app's release")
    func lacks() throws {
        let text = """
            host UIApplication
            config debug
            delegate-lacks application:continueUserActivity:restorationHandler:
            set-delegate app
            release app
            fire application:continueUserActivity:restorationHandler:
            fire application:openURL:options:
            teardown
            """
        // UIApplicationMain keeps the delegate alive: the assign slot does not dangle, and teardown frees everything.
        #expect(try kinds(text) == [])
    }

    @Test("A URL session keeps its delegate until invalidate-session; the app's release dangles nothing")
    func session() throws {
        let text = """
            host NSURLSession
            config release
            set-delegate app
            fire URLSession:dataTask:didReceiveResponse:completionHandler:
            release app
            fire URLSession:task:didCompleteWithError:
            invalidate-session
            teardown
            """
        #expect(try kinds(text) == [])
    }

    @Test("Bad input on the app-level hosts exits as a file:line error, never a finding", arguments: [
        ("host UIApplication\nconfig debug\ndelegate-lacks application:openURL:option:\n", "t.hooklab:3: delegate-lacks"),
        ("host UIApplication\nconfig debug\ndelegate-completes application:didReceiveRemoteNotification:fetchCompletionHandler: 3\n", "t.hooklab:3:"),
        ("host UIApplication\nconfig debug\nset-delegate app\ndelegate-lacks applicationWillTerminate:\n", "t.hooklab:4:"),
        ("host UITableView\nconfig debug\ndelegate-lacks tableView:didSelectRowAtIndexPath:\n", "t.hooklab:3:"),
        ("host UIApplication\nconfig debug\nload tracker:proxy\n", "t.hooklab:3: tracker:proxy does not support host UIApplication"),
        ("host UIApplication\nconfig debug\ninvalidate-session\n", "t.hooklab:3:"),
        ("host UIApplication\nconfig debug\ndelegate-lacks application:openURL:options:\ndelegate-completes application:openURL:options: 1\n", "t.hooklab:4:"),
    ])
    func badInput(_ text: String, _ prefix: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix(prefix), "\(error.description)")
        }
    }

    @Test("UIApplication cells: +load hooks, then the app's delegate, then every SDK start, for each delegate shape; never a release or a direct assign")
    func launchOrders() {
        let load = ParticipantInfo(id: "l", family: "l", models: "", hosts: ["UIApplication"], hasLoad: true, hasAttach: false)
        let start = ParticipantInfo(id: "s", family: "s", models: "", hosts: ["UIApplication"], hasLoad: false, hasAttach: true,
                                    canStartLate: true)
        let generator = ScenarioGenerator(hosts: Self.catalog.hosts, participants: [load, start])
        for order in [["l", "s"], ["s"], ["l"]] {
            let scenarios = generator.scenarios(for: Matrix.Cell(host: "UIApplication", order: order, config: .debug))
            #expect(!scenarios.isEmpty)
            for s in scenarios {
                let lines = s.steps.map(\.line)
                let delegate = lines.firstIndex(of: "set-delegate app")!
                #expect(lines.firstIndex(of: "load l").map { $0 < delegate } ?? true, "\(lines)")
                #expect(lines.firstIndex(of: "attach s").map { $0 > delegate } ?? true, "\(lines)")
                #expect(!lines.contains { $0.hasPrefix("release") || $0.hasPrefix("assign-delegate") }, "\(lines)")
            }
            let shapes = Set(scenarios.map { $0.steps.filter(\.isDelegateShape).map(\.line) })
            #expect(shapes == [[], ["delegate-lacks application:continueUserActivity:restorationHandler:"],
                               ["delegate-lacks application:didReceiveRemoteNotification:fetchCompletionHandler:"],
                               ["delegate-lacks application:continueUserActivity:restorationHandler: application:didReceiveRemoteNotification:fetchCompletionHandler:"]])
        }
    }

    @Test("NSURLSession cells never assign the delegate directly: it is given only at creation")
    func sessionOrders() {
        let start = ParticipantInfo(id: "s", family: "s", models: "", hosts: ["NSURLSession"], hasLoad: false, hasAttach: true)
        let generator = ScenarioGenerator(hosts: Self.catalog.hosts, participants: [start])
        let scenarios = generator.scenarios(for: Matrix.Cell(host: "NSURLSession", order: ["s"], config: .debug))
        #expect(scenarios.count >= 3)
        #expect(!scenarios.contains { $0.steps.contains { $0.line.hasPrefix("assign-delegate") } })
    }
}

@Suite("App-level notes open with what the host says the user sees")
struct AppSlotNoteTests {
    /// `gul:7` alone under SwiftUI (it loses the deep link) and `onesignal` alone on the notification center (it calls the handler twice).
    static let matrix: Matrix = {
        let catalog = Lab.catalog
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        let cells = generator.cells().filter {
            ($0.host == "UIApplication@swiftui" && $0.order == ["gul:7"]) || ($0.host == "UNUserNotificationCenter" && $0.order == ["rnfb:double-call"])
        }
        return Matrix.run(cells: cells, generator: generator, makeRunner: catalog.makeRunner)
    }()

    @Test("A lost app event opens with the host's words for it, a misused handler with the host's rule for it")
    func notesUseTheHostsWords() throws {
        let hosts = Lab.catalog.hosts
        for result in Self.matrix.results where result.outcome != .ok {
            let worst = try #require(result.findings.mostSevere)
            let effect = try #require(worst.event.flatMap { event in hosts.first { $0.name == result.cell.host }?.effect(of: event) })
            let sentence = Self.matrix.userSeesText(result)
            switch worst.kind {
            case .lostEvent where worst.message.contains("(the app's"):
                let sees = try #require(effect.userSees)
                #expect(sentence.hasPrefix(Matrix.capitalized(sees)), "\(result.cell): \(sentence)")
            case .completionHandlerMisuse:
                let rule = try #require(worst.message.contains("never called") ? effect.noCall : effect.extraCall)
                #expect(sentence.hasPrefix("The `\(try #require(effect.handler))` is called") && sentence.contains(rule), "\(result.cell): \(sentence)")
            default:
                continue
            }
        }
        // Both kinds are exercised: the loop above must not pass for want of cells.
        let kinds = Set(Self.matrix.results.compactMap { $0.findings.mostSevere?.kind })
        #expect(kinds.contains(.lostEvent) && kinds.contains(.completionHandlerMisuse), "kinds: \(kinds)")
    }

    @Test("A note lists the declared `action` lines of each library its reproducer installs, marked as not run")
    func notesShowDeclaredActions() throws {
        let page = Self.matrix.reportFiles().map(\.contents).joined(separator: "\n")
        let declared = try #require(Lab.catalog.participants.first { $0.id == "gul:7" }?.actions)
        #expect(!declared.isEmpty)
        for action in declared {
            #expect(page.contains("- \(action) (the advice for `gul:7`; the lab did not run it)."), "\(page.prefix(3000))")
        }
        // A library's lines only where its reproducer installs it: fcm's, for a library the matrix never ran here.
        for action in Lab.catalog.participants.first(where: { $0.id == "fcm" })?.actions ?? [] {
            #expect(!page.contains(action))
        }
    }
}
