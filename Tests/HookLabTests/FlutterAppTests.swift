// Apps built on Flutter: the notification delegate is the app's FlutterAppDelegate subclass, which passes each event to
// every registered plugin (issue "The answer for the app at hand" §5; FlutterAppDelegate.mm,
// FlutterPluginAppLifeCycleDelegate.mm @3.38; FLTFirebaseMessagingPlugin.m @firebase_messaging-v16.2.2).
import Foundation
import Testing
@testable import HookLab

@Suite("Flutter apps")
struct FlutterAppTests {
    static let catalog = Lab.catalog
    static let host = "UNUserNotificationCenter@flutter"

    func run(_ text: String) throws -> RunResult {
        let scenario = try Scenario.parse(text: text, file: "flutter.hooklab", participants: Self.catalog.participants,
                                          hosts: Self.catalog.hosts.map(\.name))
        return Self.catalog.makeRunner().run(scenario)
    }

    @Test("Flutter plugins are checked only in Flutter apps, React Native libraries only in UIKit apps")
    func frameworks() throws {
        func hosts(_ id: String) -> [String] { Self.catalog.participants.first { $0.id == id }?.hosts ?? [] }
        #expect(hosts("flutterfire") == ["UIApplication@flutter", Self.host] && hosts("flutterfire:refuse") == [Self.host])
        #expect(hosts("expo") == ["UIApplication@expo", "UNUserNotificationCenter"])
        for id in ["rnfb", "rnfb:double-call", "rnfb:calls-first", "rnn"] {
            #expect(hosts(id) == ["UNUserNotificationCenter"], "\(id): \(hosts(id))")
        }
        #expect(hosts("fcm").contains(Self.host) && hosts("onesignal").contains(Self.host))
    }

    @Test("FCM with FlutterFire in the documented set-up loses nothing, in either start order and wherever the delegate is set")
    func documentedSetUp() throws {
        let matrix = LabMatrixTests.shared
        for order in [["fcm", "flutterfire"], ["flutterfire", "fcm"], ["flutterfire"]] {
            for config in Configuration.allCases {
                let result = try #require(matrix.result(for: Matrix.Cell(host: Self.host, order: order, config: config)))
                #expect(result.outcome == .ok, "\(order) \(config): \(result.findings.map(\.message))")
            }
        }
        // `delegate = self` in didFinishLaunching, after GeneratedPluginRegistrant: FlutterFire (set up after launch)
        // finds Flutter's app delegate, leaves it in place and is reached through the fan-out, which it completes.
        let documented = try run("""
            host UNUserNotificationCenter@flutter
            config release
            set-delegate app
            attach fcm
            attach flutterfire
            fire userNotificationCenter:willPresentNotification:withCompletionHandler:
            fire userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:
            """)
        #expect(documented.findings.isEmpty, "\(documented.findings.map(\.message))")
    }

    @Test("A Flutter app delegate has the background-push method only while a plugin implements it: FCM alone never gets it, FCM with FlutterFire does")
    func dynamicFetch() throws {
        func steps(_ sdks: [String]) -> String {
            (["host UIApplication@flutter", "config release", "set-delegate app"] + sdks.map { "attach \($0)" } + [
                "fire application:didReceiveRemoteNotification:fetchCompletionHandler:",
                "fire application:openURL:options:",
                "fire application:didRegisterForRemoteNotificationsWithDeviceToken:",
            ]).joined(separator: "\n")
        }
        // FlutterAppDelegate.mm:284-297: respondsToSelector: asks the plugins for the fetch method; GUL's donor on its
        // subclass is never called, so the interceptor never runs.
        let alone = try run(steps(["fcm"]))
        #expect(alone.findings.map(\.kind) == [.lostEvent], "\(alone.findings.map(\.message))")
        #expect(alone.findings.first?.event == "application:didReceiveRemoteNotification:fetchCompletionHandler:")
        // FlutterFire's plugin answers it: the method exists, GUL's donor calls both interceptors and completes once.
        // Its token arrives twice (GUL's interceptor, then Flutter's fan-out to the plugin): the system itself sends
        // the token again, so that is no finding.
        for order in [["fcm", "flutterfire"], ["flutterfire", "fcm"]] {
            let both = try run(steps(order))
            #expect(both.findings.isEmpty, "\(order): \(both.findings.map(\.message))")
        }
        #expect(LabMatrixTests.shared.result(for: Matrix.Cell(host: "UIApplication@flutter", order: ["fcm", "flutterfire"], config: .release))?.outcome == .ok)
    }

    @Test("With no plugin that implements willPresent, nobody completes it: FlutterAppDelegate passes it on and calls no handler")
    func noPlugin() throws {
        let alone = try run("""
            host UNUserNotificationCenter@flutter
            config release
            set-delegate app
            fire userNotificationCenter:willPresentNotification:withCompletionHandler:
            """)
        #expect(alone.findings.map(\.kind) == [.completionHandlerMisuse])
        #expect(alone.findings.first?.message.contains("was never called") == true)
    }

    @Test("A second delegate object that is not the app delegate has no plugins: FlutterFire before 11.4.2 leaves it and loses the event")
    func otherDelegate() throws {
        let result = try run("""
            host UNUserNotificationCenter@flutter
            config release
            set-delegate app2
            attach flutterfire:refuse
            fire userNotificationCenter:willPresentNotification:withCompletionHandler:
            """)
        #expect(result.findings.contains { $0.kind == .lostEvent && $0.message.hasPrefix("flutterfire:refuse's observer") }, "\(result.findings.map(\.message))")
        #expect(!result.findings.contains { $0.kind == .refused })
    }

    @Test("scan reads a Flutter app's notification center as the @flutter host, and checks no SwiftUI host for Flutter or React Native apps")
    func scanHosts() throws {
        let hosts = Self.catalog.hosts
        let flutter = Scan.AppFramework.flutter.hosts(hosts).map(\.name)
        let native = Scan.AppFramework.reactNative.hosts(hosts).map(\.name)
        #expect(flutter.contains(Self.host) && !flutter.contains("UNUserNotificationCenter") && !flutter.contains("UIApplication@swiftui"))
        #expect(flutter.contains("UIApplication@flutter") && !flutter.contains("UIApplication") && flutter.contains("NSURLSession"))
        // An Expo app's app delegate is the @expo host; its notification center is the plain one.
        let expo = Scan.AppFramework.expo.hosts(hosts).map(\.name)
        #expect(expo.contains("UIApplication@expo") && !expo.contains("UIApplication") && expo.contains("UNUserNotificationCenter"))
        #expect(!native.contains("UIApplication@expo") && !native.contains("UIApplication@flutter"))
        #expect(native.contains("UNUserNotificationCenter") && !native.contains(Self.host) && !native.contains("UIApplication@swiftui"))
        #expect(!Scan.AppFramework.unknown.hosts(hosts).map(\.name).contains(Self.host))
        // A Flutter app's lockfile (zulip-flutter): FCM and FlutterFire meet on the @flutter host only, and pass.
        let url = AppCorpusTests.apps.appendingPathComponent("flutter-pods-zulip/ios/Podfile.lock")
        let packages = try Lockfile.packages(text: try Lockfile.readText(url, file: "Podfile.lock"), file: "Podfile.lock", format: .podfileLock)
        let scan = Scan.run(files: ["Podfile.lock"], packages: packages, catalog: Self.catalog, workers: 2)
        #expect(scan.framework == .flutter)
        #expect(scan.hosts.map(\.host).contains(Self.host) && !scan.hosts.map(\.host).contains("UNUserNotificationCenter"))
        #expect(scan.hosts.first { $0.host == Self.host }?.advice.evaluation.allPass == true)
    }

    @Test("PostHog #748 in a Flutter app: FCM's lookup by _cmd misses under PostHog's own selector, ph_swizzled_userNotificationCenter:…, with no track_ between")
    func postHog748() throws {
        let result = try run("""
            host UNUserNotificationCenter@flutter
            config release
            attach fcm
            attach flutterfire
            attach posthog:xchg
            fire userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:
            """)
        #expect(result.findings.contains { $0.kind == .lostEvent && $0.message.hasPrefix("flutterfire's observer") })
        let path = result.messagePath.joined(separator: "\n")
        #expect(path.contains("ph_swizzled_userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"), "\(path)")
        #expect(!path.contains("track_"))
    }
}

@Suite("Flutter apps: an AppDelegate override that does not call super")
struct FlutterOverrideTests {
    func run(_ text: String) throws -> RunResult {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "flutter.hooklab", participants: catalog.participants,
                                          hosts: catalog.hosts.map(\.name))
        try scenario.validate(file: "flutter.hooklab", lines: Scenario.stepLineNumbers(text), hosts: catalog.hosts, participants: catalog.participants)
        return catalog.makeRunner().run(scenario)
    }

    static let willPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"

    @Test("delegate-overrides: the app's own willPresent without super keeps the event from FlutterFire's plugin; without the line the fan-out reaches it")
    func overrideKeepsTheEventFromThePlugins() throws {
        let head = "host UNUserNotificationCenter@flutter\nconfig release\n"
        let steps = "set-delegate app\nattach flutterfire\nfire \(Self.willPresent)\n"
        #expect(try run(head + steps).findings.isEmpty)
        let overridden = try run(head + "delegate-overrides \(Self.willPresent)\n" + steps)
        #expect(overridden.findings.contains { $0.kind == .lostEvent && $0.message.contains("flutterfire's observer never received \(Self.willPresent)") },
                "\(overridden.findings)")
        // The app's own method got it, and called the handler: only the plugin lost it.
        #expect(!overridden.findings.contains { $0.kind == .completionHandlerMisuse })
    }

    @Test("delegate-overrides is a Flutter app's line, for the methods FlutterAppDelegate passes to its plugins")
    func overrideLineIsChecked() throws {
        do {
            _ = try run("host UNUserNotificationCenter\nconfig release\ndelegate-overrides \(Self.willPresent)\nset-delegate app\nfire \(Self.willPresent)\n")
            Issue.record("delegate-overrides on a non-Flutter host was accepted")
        } catch let error as ScenarioFileError {
            #expect(error.description.contains("flutter.hooklab:3:") && error.description.contains("@flutter host"), "\(error)")
        }
        do {
            _ = try run("host UNUserNotificationCenter@flutter\nconfig release\ndelegate-overrides application:openURL:options:\nset-delegate app\nfire \(Self.willPresent)\n")
            Issue.record("an app-delegate method on the notification center was accepted")
        } catch let error as ScenarioFileError {
            #expect(error.description.contains("is not a method UNUserNotificationCenter@flutter's FlutterAppDelegate passes to its plugins"), "\(error)")
        }
    }
}
