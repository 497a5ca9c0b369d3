// `delegate-completes SEL N async` (issue 29 §2): the app keeps the completion handler and calls it after the event
// returned, as an app that decides a notification's presentation asynchronously does (RNFB #9049).

import Testing
@testable import HookLab

@Suite("An app that completes asynchronously")
struct AsyncCompletionTests {
    func findings(_ text: String) throws -> [Finding] {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario).findings
    }

    static func scenario(_ rnfb: String, async: Bool) -> String {
        "host UNUserNotificationCenter\nconfig release\n"
            + "delegate-completes userNotificationCenter:willPresentNotification:withCompletionHandler: 1\(async ? " async" : "")\n"
            + "set-delegate app\nattach \(rnfb)\nfire userNotificationCenter:willPresentNotification:withCompletionHandler:\n"
    }

    @Test("RNFB 23.8.5–25.x calls the handler right after forwarding: an app deciding later comes second, and iOS keeps RNFB's answer (#9049); synchronously, the app's comes first")
    func doubleCallOrder() throws {
        let later = try findings(Self.scenario("rnfb:double-call", async: true))
        #expect(later.contains { $0.kind == .completionHandlerMisuse && $0.message.contains("(called by rnfb, then AppDelegate#") }, "\(later)")
        let now = try findings(Self.scenario("rnfb:double-call", async: false))
        #expect(now.contains { $0.kind == .completionHandlerMisuse && $0.message.contains("(called by AppDelegate#") && $0.message.contains(", then rnfb)") }, "\(now)")
        // 26.0.0 hands the handler to the app alone: its later call is the only one.
        #expect(try findings(Self.scenario("rnfb", async: true)).isEmpty)
    }

    @Test("The step reads back as written, and a bad count names its line")
    func parsing() throws {
        let text = "host UNUserNotificationCenter\nconfig release\ndelegate-completes userNotificationCenter:willPresentNotification:withCompletionHandler: 2 async\n"
        let scenario = try Scenario.parse(text: text, file: "s", participants: Lab.catalog.participants, hosts: Lab.catalog.hosts.map(\.name))
        #expect(scenario.fileText == text)
        #expect(throws: InputFileError.self) {
            try Scenario.parse(text: "host UNUserNotificationCenter\ndelegate-completes userNotificationCenter:willPresentNotification:withCompletionHandler: 3 async\n",
                               file: "s", participants: Lab.catalog.participants, hosts: Lab.catalog.hosts.map(\.name))
        }
    }
}
