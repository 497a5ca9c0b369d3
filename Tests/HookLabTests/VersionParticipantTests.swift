// Issue 19's version axis: release lines of one library as participants with disjoint package ranges, in the matrix
// alone and in pairs, and the scan's upgrade advice between them.
import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI
import UIKitModel
import ObjCModel
import LibraryModels

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

    @Test("GoogleUtilities 7's app-delegate swizzler with Airship: UIKit's app delegate passes (Airship's late fetch method is asked when the push arrives); SwiftUI's fails, and the scan says which two changes pass")
    func gul7Airship() throws {
        let url = temporary.url.appendingPathComponent("Podfile.lock")
        try ScannerTests.fixture("gul7-airship.Podfile.lock").write(to: url, atomically: true, encoding: .utf8)
        let (cli, captured) = CLI.fake(root: temporary.url, catalog: Lab.catalog)
        let code = cli.main(arguments: ["scan", "Podfile.lock"])
        #expect(code == 1, "\(captured.err)")
        #expect(captured.out.contains("### UIApplication: `airship`, `gul:7` — ✅ every order passes"), "\(captured.out)")
        // Both SDKs' own switches, which keep both, come before any change that drops one.
        #expect(captured.out.contains("on the app delegate (SwiftUI's): use `airship`'s documented setting: set isAutomaticSetupEnabled to false in your AirshipConfig"), "\(captured.out)")
        #expect(captured.out.contains("(`airship:manual`), and use `gul:7`'s documented setting: FirebaseAppDelegateProxyEnabled = NO in Info.plist, and forward the app-delegate calls to Firebase from your own methods (`gul:7:proxy-off`) — every order passes."), "\(captured.out)")
        #expect(captured.out.contains("(`gul:7:proxy-off`), and drop `airship` (you lose push notifications and deep links through Airship) — every order passes"), "\(captured.out)")
        let (jsonCLI, json) = CLI.fake(root: temporary.url, catalog: Lab.catalog)
        _ = jsonCLI.main(arguments: ["scan", "Podfile.lock", "--json"])
        #expect(json.out.contains("\"kind\": \"twoChanges\""), "\(json.out.prefix(400))")
    }

    @Test("An upgrade's target range comes from the target participant's own package lines first, then the catalogue")
    func declaredTargets() {
        let row = Scan.Found(package: LockedPackage(ecosystem: .cocoapods, name: "MySDK", version: "1.2.0", file: "Podfile.lock", line: 3),
                             title: "MySDK", participant: "mysdk:old", reason: "version 1.2.0 in < 2.0.0")
        let declared = ["mysdk": [PackageDeclaration(.cocoapods, "MySDK", nil, try! VersionRange(words: [">=", "2.0.0"]))]]
        #expect(Scan.upgrade(from: "mysdk:old", to: "mysdk", found: [row], known: [], declared: declared) == "upgrade MySDK from 1.2.0 to ≥ 2.0.0")
        #expect(Scan.upgrade(from: "mysdk:old", to: "mysdk", found: [row], known: [], declared: [:]) == nil)
        // RxCocoa 4.0.0 to the 6.5 line, from rx.hooklab's package lines; the catalogue has none for it.
        let rx = Scan.Found(package: LockedPackage(ecosystem: .cocoapods, name: "RxCocoa", version: "4.0.0", file: "Podfile.lock", line: 5),
                            title: "RxCocoa 3.3–4.0", participant: "rx:3.3", reason: "")
        let shipped = ["rx": Lab.catalog.participant("rx")?.packages ?? []]
        #expect(Scan.upgrade(from: "rx:3.3", to: "rx", found: [rx], declared: shipped) == "upgrade RxCocoa from 4.0.0 to ≥ 6.5.0")
        #expect(Scan.upgrade(from: "rx:3.3", to: "rx", found: [rx]) == nil)
    }
}

@Suite("Sensors Data release lines")
struct SensorsReleaseLineTests {
    func run(_ text: String) throws -> [Finding] {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario).findings
    }

    func file(_ id: String) throws -> ParticipantFile {
        try #require(Lab.packageParticipantFiles.get().first { $0.info.id == id })
    }

    /// A runtime with UIKit, two table views, and an app delegate class whose didSelect… journals "app".
    func world() throws -> (Runtime, [ObjectID], Class) {
        let rt = Runtime(configuration: .release)
        UIKit.load(into: rt)
        let tables = [try UIKit.makeHost(.tableView(.ios9), in: rt), try UIKit.makeHost(.tableView(.ios9), in: rt)]
        let app = rt.defineClass("AppList", superclass: rt.NSObjectClass)
        rt.addMethod(app, "tableView:didSelectRowAtIndexPath:", types: "v@:@@") { rt, _, _, _ in
            rt.journal.append(JournalEntry(observer: "app", event: "tableView:didSelectRowAtIndexPath:"))
            return .none
        }
        return (rt, tables, app)
    }

    func tap(_ rt: Runtime, _ table: ObjectID) throws {
        let kind = HostKind.tableView(.ios9)
        let event = try #require(kind.events.first { $0.selector == "tableView:didSelectRowAtIndexPath:" })
        _ = try UIKit.fire(event, on: table, of: kind, in: rt)
    }

    func className(_ rt: Runtime, _ o: ObjectID) -> String { rt.class_getName(rt.object_getClass(o)) }

    @Test("sensors:isa-instance parses to a per-instance isa-subclass with its packages, an older release line of sensors")
    func isaInstanceParses() throws {
        let f = try file("sensors:isa-instance")
        #expect(f.sdk.isaPerInstance == DeclaredSDK.IsaPerInstance(ifResponds: true, ifSlotDelegate: true))
        #expect(f.sdk.handling == .isaSubclass(lyingClass: true, addMissing: false) && f.sdk.start == .runtime)
        #expect(f.info.versionOf == "sensors" && f.info.family == "sensors")
        #expect(f.info.packages.map(\.description) == ["package cocoapods SensorsAnalyticsSDK >= 2.2.0 < 2.5.3",
                                                        "package carthage sensorsdata/sa-sdk-ios >= 2.2.0 < 2.5.3"])
        // The declaration round-trips through its file text.
        let again = try ParticipantFile.parse(text: ParticipantFile.text(for: f.sdk), file: "again")
        #expect(again.sdk.isaPerInstance == f.sdk.isaPerInstance)
        // The options belong to per-instance.
        #expect(throws: InputFileError.self) {
            try ParticipantFile.parse(text: "participant x:y\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nisa-subclass if-responds\n", file: "bad")
        }
    }

    @Test("isa-subclass per-instance: each delegate object gets its own class, a per-class isa-subclass shares one")
    func perInstanceClasses() throws {
        let sensors = try file("sensors:isa-instance").sdk
        let (rt, tables, app) = try world()
        sensors.install(into: rt)
        let d1 = rt.class_createInstance(app), d2 = rt.class_createInstance(app)
        _ = try rt.send(tables[0], "setDelegate:", .object(d1))
        _ = try rt.send(tables[1], "setDelegate:", .object(d2))
        #expect(className(rt, d1) == "AppList.0__sensorsdata_SDK" && className(rt, d2) == "AppList.1__sensorsdata_SDK")
        // -class lies; setting a hooked delegate again makes no new class.
        #expect(try rt.send(d1, "class") == .object(rt.classObject(app)))
        _ = try rt.send(tables[0], "setDelegate:", .object(d1))
        #expect(className(rt, d1) == "AppList.0__sensorsdata_SDK")
        // The click calls the app's method, then records.
        try tap(rt, tables[0])
        #expect(rt.journal.filter { $0.event == "tableView:didSelectRowAtIndexPath:" }.map(\.observer) == ["app", "sensors"])
        // A delegate that answers NO for didSelect… is left in its class.
        let plain = rt.class_createInstance(rt.defineClass("Plain", superclass: rt.NSObjectClass))
        _ = try rt.send(tables[1], "setDelegate:", .object(plain))
        #expect(className(rt, plain) == "Plain")

        // tracker:isa (isa-subclass lying-class, per class): both delegates share one class.
        let tracker = try file("tracker:isa").sdk
        let (rt2, tables2, app2) = try world()
        tracker.install(into: rt2)
        let e1 = rt2.class_createInstance(app2), e2 = rt2.class_createInstance(app2)
        _ = try rt2.send(tables2[0], "setDelegate:", .object(e1))
        _ = try rt2.send(tables2[1], "setDelegate:", .object(e2))
        #expect(rt2.object_getClass(e1) == rt2.object_getClass(e2) && className(rt2, e1) != "AppList")
    }

    @Test("isa-subclass per-instance if-slot-delegate: a click reaching a hooked delegate by forwarding is recorded once")
    func slotDelegateOnly() throws {
        let sensors = try file("sensors:isa-instance").sdk
        let (rt, tables, app) = try world()
        sensors.install(into: rt)
        let d = rt.class_createInstance(app)
        _ = try rt.send(tables[1], "setDelegate:", .object(d))
        // A forwarding object in front of the hooked delegate, on the other table.
        let proxyClass = rt.defineClass("ForwardingProxy", superclass: rt.NSObjectClass)
        rt.class_declareForwardingIvar(proxyClass, "target")
        rt.addMethod(proxyClass, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.respondsToSelector, a)
        }
        rt.addMethod(proxyClass, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, _ in rt.object_getIvar(o, "target") }
        let proxy = rt.class_createInstance(proxyClass)
        try rt.object_setIvar(proxy, "target", .object(d), .strong)
        _ = try rt.send(tables[0], "setDelegate:", .object(proxy))
        #expect(className(rt, proxy) == "ForwardingProxy.1__sensorsdata_SDK")
        try tap(rt, tables[0])
        #expect(rt.journal.filter { $0.event == "tableView:didSelectRowAtIndexPath:" }.map(\.observer) == ["app", "sensors"])
        // Without the check, the hooked delegate behind the proxy records the same click again.
        var twice = sensors
        twice.isaPerInstance?.ifSlotDelegate = false
        let (rt2, tables2, app2) = try world()
        twice.install(into: rt2)
        let d2 = rt2.class_createInstance(app2)
        _ = try rt2.send(tables2[1], "setDelegate:", .object(d2))
        let proxyClass2 = rt2.defineClass("ForwardingProxy", superclass: rt2.NSObjectClass)
        rt2.class_declareForwardingIvar(proxyClass2, "target")
        rt2.addMethod(proxyClass2, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.respondsToSelector, a)
        }
        rt2.addMethod(proxyClass2, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, _ in rt.object_getIvar(o, "target") }
        let proxy2 = rt2.class_createInstance(proxyClass2)
        try rt2.object_setIvar(proxy2, "target", .object(d2), .strong)
        _ = try rt2.send(tables2[0], "setDelegate:", .object(proxy2))
        try tap(rt2, tables2[0])
        #expect(rt2.journal.filter { $0.event == "tableView:didSelectRowAtIndexPath:" && $0.observer == "sensors" }.count == 2)
    }

    @Test("sensors:isa-instance alone records every click; next to RxCocoa it hooks Rx's proxy, whose forwarding reaches the app")
    func isaInstanceRuns() throws {
        let alone = try run("""
            host UITableView
            config release
            attach sensors:isa-instance
            set-delegate app
            fire tableView:didSelectRowAtIndexPath:
            teardown
            """)
        #expect(alone.isEmpty, "\(alone)")
        let withRx = try run("""
            host UITableView
            config release
            attach sensors:isa-instance
            attach rx
            rx.setDelegate app
            fire tableView:didSelectRowAtIndexPath:
            teardown
            """)
        #expect(!withRx.contains { $0.kind == .lostEvent && $0.message.contains("sensors") }, "\(withRx)")
    }

    @Test("sensors:nsproxy wraps the delegate in an NSProxy the table retains; its didSelect… is silent when the target lacks it")
    func nsproxy() throws {
        let f = try file("sensors:nsproxy")
        guard case .wrap(let proxy) = f.sdk.handling else { Issue.record("not a wrapper"); return }
        #expect(proxy.nsProxy && proxy.trackIfTarget && proxy.invokeAlways && proxy.responds == .ownOrTarget && proxy.target == .weak)
        #expect(proxy.keep == DeclaredSDK.Keep(retains: true, on: .host, key: "setSensorsAnalyticsDelegateProxy:"))
        #expect(f.info.versionOf == "sensors" && f.sdk.start == .load)
        #expect(f.info.packages.map(\.description) == ["package cocoapods SensorsAnalyticsSDK >= 1.10.13 < 1.10.16",
                                                        "package carthage sensorsdata/sa-sdk-ios >= 1.10.13 < 1.10.16"])
        #expect(ParticipantFile.handlingLine(f.sdk.handling).contains(" track-if-target invoke-always"))
        #expect(throws: InputFileError.self) {
            try ParticipantFile.parse(text: "participant x:y\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nwrap nsproxy forward target invoke-always\n", file: "bad")
        }

        let (rt, tables, app) = try world()
        let made = f.sdk.install(into: rt)
        let d = rt.class_createInstance(app)
        _ = try rt.send(tables[0], "setDelegate:", .object(d))
        let wrapper = try rt.send(tables[0], "delegate")
        #expect(wrapper.object.map { rt.object_getClass($0) } == made)
        #expect(rt.objc_getAssociatedObject(tables[0], "setSensorsAnalyticsDelegateProxy:") == wrapper)
        try tap(rt, tables[0])
        #expect(rt.journal.filter { $0.event == "tableView:didSelectRowAtIndexPath:" }.map(\.observer) == ["sensors", "app"])
        // A delegate without didSelect…: the wrapper answers YES, so UIKit calls it, and nothing is tracked.
        let plain = rt.class_createInstance(rt.defineClass("Plain", superclass: rt.NSObjectClass))
        _ = try rt.send(tables[1], "setDelegate:", .object(plain))
        let plainWrapper = try rt.send(tables[1], "delegate")
        #expect(try rt.objc_msgSend(plainWrapper, rt.s.respondsToSelector, [.sel(rt.sel("tableView:didSelectRowAtIndexPath:"))]).boolValue)
        rt.journal.removeAll()
        try tap(rt, tables[1])
        #expect(!rt.journal.contains { $0.observer == "sensors" })

        let alone = try run("""
            host UITableView
            config release
            load sensors:nsproxy
            set-delegate app
            fire tableView:didSelectRowAtIndexPath:
            teardown
            """)
        #expect(alone.isEmpty, "\(alone)")
        // The app's delegate released: the weak target is nil, UIKit's cached answer still sends heightForRow…, the
        // wrapper has no signature for it and raises. Read in Sensors' code: derived, not predicted.
        let catalog = Lab.catalog
        let released = try Scenario.parse(text: """
            host UITableView
            config release
            load sensors:nsproxy
            set-delegate app
            release app
            fire tableView:heightForRowAtIndexPath:
            teardown
            """, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        let result = catalog.makeRunner().run(released)
        #expect(result.findings.contains { $0.kind == .unrecognizedSelector }, "\(result.findings)")
        #expect(result.basedOn.contains { $0.source.contains("@v1.10.15") } && !result.basedOn.contains(where: \.isInference), "\(result.basedOn)")
    }
}
