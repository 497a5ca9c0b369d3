// New Relic's task factories (`task-factories resume`, URLSessionTaskFactories): the session class's factories are
// replaced at NewRelic.start, so a session made before it still has its tasks' resume timed; its delegate, created
// earlier, is not wrapped, so the task's callbacks are not recorded (NRMAURLSessionOverride.m:67-108,
// NRMAURLSessionTaskOverride.m:27-41 @7.7.6).
import Testing
@testable import HookLab

@Suite("New Relic's task factories")
struct NewRelicTaskFactoryTests {
    func run(_ text: String) throws -> RunResult {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario, explain: true)
    }

    @Test("A session made before New Relic starts: its task's resume goes through New Relic's factory and resume hooks; the delegate callbacks are lost to it")
    func earlySession() throws {
        let result = try run("host NSURLSession\nconfig release\nset-delegate app\nattach newrelic\nfire URLSession:dataTask:didReceiveResponse:completionHandler:\n")
        #expect(result.messagePath.contains { $0.contains("NRMAOverride__dataTaskWithRequest: (newrelic)") }, "\(result.messagePath)")
        #expect(result.messagePath.contains { $0.contains("NRMAOverride__resume (newrelic)") })
        // The resume was recorded (no finding for it); the response was not: the session's delegate is the app's own.
        #expect(!result.findings.contains { $0.message.contains("resume") }, "\(result.findings)")
        #expect(result.findings.contains { $0.kind == .lostEvent && $0.message.contains("newrelic's observer never received URLSession:dataTask:didReceiveResponse:completionHandler:") })
        #expect(result.basedOn.contains { $0.source.contains("NRMAURLSessionTaskOverride.m:27-41") })
    }

    @Test("Started first, New Relic wraps the delegate and times the task: nothing is lost; with Sentry's resume hook on the same Method both see the resume, in either order")
    func withSentry() throws {
        let alone = try run("host NSURLSession\nconfig release\nattach newrelic\nset-delegate app\nfire URLSession:dataTask:didReceiveResponse:completionHandler:\n")
        #expect(alone.findings.isEmpty, "\(alone.findings)")
        for order in [["sentry", "newrelic"], ["newrelic", "sentry"]] {
            let both = try run("host NSURLSession\nconfig release\nattach \(order[0])\nattach \(order[1])\nset-delegate app\nfire URLSession:dataTask:didReceiveResponse:completionHandler:\n")
            // Each observer expects the task's resume exactly once (a missing or doubled one is a finding).
            #expect(both.findings.isEmpty, "\(order): \(both.findings)")
        }
    }
}
