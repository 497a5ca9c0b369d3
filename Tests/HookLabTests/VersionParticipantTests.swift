// Issue 19's version axis: release lines of one library as participants with disjoint package ranges, in the matrix
// alone and in pairs, and the scan's upgrade advice between them.
import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI
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
        #expect(lines.allSatisfy { $0.family == "rx" && $0.versionOf == "rx" })
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
        // An older release line of Sensors Data: alone and in pairs in the matrix.
        #expect(info.versionOf == "sensors" && Lab.catalog.participant("tracker:isa")?.versionOf == nil)
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

@Suite("hooklab scan: version upgrades")
struct ScanUpgradeTests {
    let temporary = TemporaryDirectory()

    @Test("GoogleUtilities 7's app-delegate swizzler with Airship: the scan offers the upgrade to GoogleUtilities 8 (gul passes)")
    func gul7Airship() throws {
        let url = temporary.url.appendingPathComponent("Podfile.lock")
        try ScannerTests.fixture("gul7-airship.Podfile.lock").write(to: url, atomically: true, encoding: .utf8)
        let (cli, captured) = CLI.fake(root: temporary.url, catalog: Lab.catalog)
        let code = cli.main(arguments: ["scan", "Podfile.lock"])
        #expect(code == 1, "\(captured.err)")
        #expect(captured.out.contains("`gul:7`") && captured.out.contains("`airship`"), "\(captured.out)")
        #expect(captured.out.contains("upgrade GoogleUtilities from 7.13.3 to >= 8.0.0"), "\(captured.out)")
        let (jsonCLI, json) = CLI.fake(root: temporary.url, catalog: Lab.catalog)
        _ = jsonCLI.main(arguments: ["scan", "Podfile.lock", "--json"])
        #expect(json.out.contains("use `gul` instead of `gul:7` (every order passes); upgrade GoogleUtilities from 7.13.3 to >= 8.0.0"), "\(json.out)")
    }

    @Test("An upgrade's target range comes from the target participant's own package lines first, then the catalogue")
    func declaredTargets() {
        let row = Scan.Found(package: LockedPackage(ecosystem: .cocoapods, name: "MySDK", version: "1.2.0", file: "Podfile.lock", line: 3),
                             title: "MySDK", participant: "mysdk:old", reason: "version 1.2.0 in < 2.0.0")
        let declared = ["mysdk": [PackageDeclaration(.cocoapods, "MySDK", nil, try! VersionRange(words: [">=", "2.0.0"]))]]
        #expect(Scan.upgrade(from: "mysdk:old", to: "mysdk", found: [row], known: [], declared: declared) == "upgrade MySDK from 1.2.0 to >= 2.0.0")
        #expect(Scan.upgrade(from: "mysdk:old", to: "mysdk", found: [row], known: [], declared: [:]) == nil)
        // RxCocoa 4.0.0 to the 6.5 line, from the catalogue.
        let rx = Scan.Found(package: LockedPackage(ecosystem: .cocoapods, name: "RxCocoa", version: "4.0.0", file: "Podfile.lock", line: 5),
                            title: "RxCocoa 3.3–4.0", participant: "rx:3.3", reason: "")
        #expect(Scan.upgrade(from: "rx:3.3", to: "rx", found: [rx]) == "upgrade RxCocoa from 4.0.0 to >= 6.5.0")
    }
}
