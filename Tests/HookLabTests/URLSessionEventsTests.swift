// NSURLSession's challenge, metrics and cache events (issue 29 §2): the events a session-delegate proxy that forwards
// only what it implements loses (Firebase Performance with Embrace's legacy proxy, embrace-apple-sdk PR #408).

import Testing
@testable import HookLab

@Suite("URL-session challenge, metrics and cache events")
struct URLSessionEventsTests {
    static let events = ["URLSession:task:didReceiveChallenge:completionHandler:", "URLSession:task:didFinishCollectingMetrics:",
                         "URLSession:dataTask:willCacheResponse:completionHandler:"]

    func run(_ text: String) throws -> RunResult {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario)
    }

    @Test("The session fires them at the app's delegate, each handler once; an app delegate without the method gets none", arguments: events)
    func fired(_ event: String) throws {
        let result = try run("host NSURLSession\nconfig release\nset-delegate app\nfire \(event)\n")
        #expect(result.findings.isEmpty, "\(result.findings)")
        let lacking = try run("host NSURLSession\nconfig release\ndelegate-lacks \(event)\nset-delegate app\nfire \(event)\n")
        #expect(lacking.findings.isEmpty, "\(lacking.findings)")
    }

    @Test("The session SDKs the lab models pass them on to the app's delegate", arguments: ["newrelic", "fpr", "fpr:11", "datadog", "sentry"])
    func passedOn(_ sdk: String) throws {
        // The SDK starts first, so its factory hook sees the session (the set-ups where a late start loses events are
        // the SDK's own, and are checked in the matrix).
        for event in Self.events {
            let result = try run("host NSURLSession\nconfig release\nattach \(sdk)\nset-delegate app\nfire \(event)\n")
            #expect(!result.findings.contains { $0.kind == .lostEvent && $0.event == event && $0.message.contains("AppDelegate") }, "\(sdk) \(event): \(result.findings)")
        }
    }
}
