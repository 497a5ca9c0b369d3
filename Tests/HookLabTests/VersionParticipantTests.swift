// Issue 19's version axis: release lines of one library as participants with disjoint package ranges, in the matrix
// alone and in pairs, and the scan's upgrade advice between them.
import Foundation
import Testing
@testable import HookLab
import UIKitModel

@Suite("Version participants")
struct VersionParticipantTests {
    func run(_ text: String) throws -> [Finding] {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario).findings
    }

    @Test("RxCocoa's release lines are participants of the rx family with the hosts every release of the line has")
    func rxLines() throws {
        let lines = ["rx:4.1", "rx:3.3", "rx:2.6"].compactMap { Lab.catalog.participant($0) }
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.family == "rx" && !$0.joinsTriples })
        #expect(Lab.catalog.participant("rx:3.3")?.hosts.contains("UIWebView") == true)
        #expect(Lab.catalog.participant("rx:4.1")?.hosts.contains("WKWebView") == false)
        // Alone and in pairs, never in a triple.
        let generator = ScenarioGenerator(hosts: Lab.catalog.hosts, participants: Lab.catalog.participants)
        #expect(generator.orders(host: "UITableView", length: 2).contains(["sensors", "rx:4.1"]))
        #expect(!generator.orders(host: "UITableView", length: 3).contains { $0.contains("rx:4.1") })
        #expect(generator.orders(host: "UITableView", length: 3).contains { $0.contains("rx") })
    }

    @Test("rx:3.3's proxy is on UIWebView: WebViewJavascriptBridge installed after it takes the slot and Rx asserts on dispose")
    func rx33OnUIWebView() throws {
        let findings = try run("""
            host UIWebView
            config debug
            attach rx:3.3
            attach jsbridge:plain
            set-delegate app
            fire webView:shouldStartLoadWithRequest:navigationType:
            teardown
            """)
        #expect(findings.contains { $0.kind == .assertionFailure || $0.kind == .lostEvent }, "\(findings)")
    }

    @Test("sensors:exchange records a click through the delegate's own didSelect…, and misses it behind a forwarding proxy")
    func sensorsExchange() throws {
        let info = try #require(Lab.catalog.participant("sensors:exchange"))
        #expect(info.family == "sensors" && info.hosts.contains("UITableView") && !info.hosts.contains("UIScrollView"))
        #expect(info.packages.map(\.description) == ["package cocoapods SensorsAnalyticsSDK ENABLE_AUTOTRACK_DIDSELECTROW >= 1.10.21 < 2.2.0"])
        let alone = try run("""
            host UITableView
            config release
            load sensors:exchange
            set-delegate app
            fire tableView:didSelectRowAtIndexPath:
            teardown
            """)
        #expect(alone.isEmpty, "\(alone)")
        // Behind RxCocoa's proxy the table's delegate has no didSelect… IMP to exchange (a forwarding proxy).
        let behindRx = try run("""
            host UITableView
            config release
            load sensors:exchange
            attach rx
            rx.setDelegate app
            fire tableView:didSelectRowAtIndexPath:
            teardown
            """)
        #expect(behindRx.contains { $0.kind == .lostEvent && $0.message.contains("sensors:exchange") }, "\(behindRx)")
    }
}
