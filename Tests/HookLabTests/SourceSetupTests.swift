// The app's own set-up on the notification center, read from its app delegate: `start-call` lines, the reader, and the
// verdict scan gives for exactly that set-up.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("The app's set-up from its source")
struct SourceSetupTests {
    static let calls = Lab.catalog.participants.flatMap(\.startCalls)

    @Test("start-call lines: swift and objc calls and plugin, on the participants; mistakes name their line")
    func startCallLines() throws {
        let fcm = try #require(Lab.catalog.participants.first { $0.id == "fcm" })
        #expect(fcm.startCalls == [.init(language: "swift", text: "FirebaseApp.configure()"), .init(language: "objc", text: "[FIRApp configure]"),
                                   .init(language: "dart", text: "Firebase.initializeApp(", registeredIf: "GoogleService-Info.plist")])
        #expect(Lab.catalog.participants.first { $0.id == "rnfb:double-call" }?.startCalls == [.init(language: "plugin", text: "")])
        let head = "participant a\nstart runtime\nobserve UNUserNotificationCenter userNotificationCenter:willPresentNotification:withCompletionHandler:\nsetter replace\nwrap nsobject\n"
        for (line, message) in [("start-call kotlin X.start()", "expected 'start-call swift|objc|dart CALL'"), ("start-call swift", "expected 'start-call swift|objc|dart CALL'"),
                                ("start-call plugin now", "expected 'start-call swift|objc|dart CALL'")] {
            do {
                _ = try ParticipantFile.parse(text: head + line + "\n", file: "p.hooklab")
                Issue.record("\(line) was accepted")
            } catch {
                #expect(error.description.hasPrefix("p.hooklab:6: ") && error.description.contains(message), "\(error)")
            }
        }
    }

    @Test("The reader finds the notification delegate line (Swift, Objective-C, a setter, a variable), the plugin registration and each start call; a commented line does not count")
    func reader() throws {
        let swift = """
            import UIKit
            @main
            class AppDelegate: RCTAppDelegate, UNUserNotificationCenterDelegate {
              func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                // FirebaseApp.configure()
                FirebaseApp.configure()
                let center = UNUserNotificationCenter.current()
                center.delegate = self
                return super.application(application, didFinishLaunchingWithOptions: launchOptions)
              }
            }
            """
        let s = try #require(AppDelegateSource.read(swift, file: "AppDelegate.swift", startCalls: Self.calls))
        #expect(s.notificationDelegateLine == 8 && s.pluginRegistrationLine == 9)
        #expect(s.startCallLines == [.init(call: "FirebaseApp.configure()", line: 6)])
        let objc = """
            @interface AppDelegate : UIResponder <UIApplicationDelegate>
            @end
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
              [[UNUserNotificationCenter currentNotificationCenter] setDelegate:self];
              [FIRApp configure];
              [GeneratedPluginRegistrant registerWithRegistry:self];
            }
            """
        let o = try #require(AppDelegateSource.read(objc, file: "AppDelegate.m", startCalls: Self.calls))
        #expect(o.notificationDelegateLine == 5 && o.pluginRegistrationLine == 7)
        #expect(o.startCallLines == [.init(call: "[FIRApp configure]", line: 6)])
        // A Swift call is not looked for in Objective-C, and a comparison is no assignment.
        let other = "class AppDelegate: UIResponder, UIApplicationDelegate {\nif UNUserNotificationCenter.current().delegate == nil {}\n[FIRApp configure];\n}\n"
        let n = try #require(AppDelegateSource.read(other, file: "AppDelegate.swift", startCalls: Self.calls))
        #expect(n.notificationDelegateLine == nil && n.startCallLines.isEmpty && n.pluginRegistrationLine == nil)
    }

    @Test("scan answers for the app's own set-up: Rainbow sets its notification delegate after FirebaseApp.configure() and before React Native registers RNFB, so only RNFB's double call applies; set after the registration, the lost events apply too")
    func rainbow() throws {
        let app = AppCorpusTests.apps.appendingPathComponent("rn-rnfb-messaging-rainbow/ios")
        let packages = try Lockfile.packages(text: try Lockfile.readText(app.appendingPathComponent("Podfile.lock"), file: "Podfile.lock"),
                                             file: "Podfile.lock", format: .podfileLock)
        let text = try String(contentsOf: app.appendingPathComponent("AppDelegate.swift"), encoding: .utf8)
        let source = try #require(AppDelegateSource.read(text, file: "ios/AppDelegate.swift", startCalls: Self.calls))
        #expect(source.notificationDelegateLine == 39 && source.pluginRegistrationLine == 46)
        let scan = Scan.run(files: ["Podfile.lock"], packages: packages, catalog: Lab.catalog, workers: 2, appDelegate: source)
        let host = try #require(scan.hosts.first { $0.host == "UNUserNotificationCenter" })
        let setup = try #require(host.sourceSetup)
        #expect(setup.setup == AppSetup(setAfter: ["fcm"], setBefore: ["rnfb:double-call", "notifee:7"]))
        #expect(setup.outcome == .broken && setup.finding?.kind == .completionHandlerMisuse, "\(String(describing: setup.finding))")
        // Notifee starts at UIApplicationDidFinishLaunchingNotification (`start-call after-launch`), after the launch method.
        #expect(setup.sentence == "`ios/AppDelegate.swift:39` sets `UNUserNotificationCenter.delegate` after `fcm` (`:33`, `FirebaseApp.configure()`) starts and before `rnfb:double-call` (`:46`, the app's native modules are registered), `notifee:7` (when UIKit posts UIApplicationDidFinishLaunchingNotification, after the launch method returns) start")
        // The first line says it too.
        #expect(scan.verdictLine.contains("on the notification center (your app's own set-up, `ios/AppDelegate.swift:39`: broken, completionHandlerMisuse): upgrade RNFBMessaging"), "\(scan.verdictLine)")
        // No single change passes under its own set-up; upgrading both RNFB and Notifee does (issue 42 §2, "try pairs of
        // changes"), and the first line offers that, run under the app's set-up.
        let own = try #require(host.ownFixes.first)
        #expect(own.replacements == [["rnfb:double-call", "rnfb"], ["notifee:7", "notifee"]] && own.setup == setup.setup, "\(host.ownFixes)")
        #expect(scan.verdictLine.contains("upgrade RNFBMessaging from 23.8.8 to ≥ 26.0.0") && scan.verdictLine.contains("upgrade RNNotifee from 7.8.2 to ≥ 7.9.0")
                && scan.verdictLine.contains("the lab ran it under your app's own set-up"), "\(scan.verdictLine)")
        // The host's section: the app's set-up and what passes under it first, and that fix not again in the list of
        // fixes over every set-up.
        let section = try #require(MarkdownScanReporter().report(scan).components(separatedBy: "### UNUserNotificationCenter").last)
        let ownAt = try #require(section.range(of: "**What passes under your app's own set-up**"))
        #expect(section.components(separatedBy: "upgrade RNNotifee from 7.8.2 to ≥ 7.9.0").count == 2, "\(section)")
        #expect(section.range(of: "lockfile's terms")?.lowerBound ?? section.endIndex > ownAt.lowerBound)
        // The whole set, every set-up: the lost events of the set-ups where the app sets it after RNFB starts.
        #expect(host.advice.evaluation.results.contains { $0.failures.contains { $0.findings.contains { $0.kind == .lostEvent } } })
        // The same app setting its delegate after the registration: the lost events are its own.
        var late = source
        late.notificationDelegateLine = 47
        let moved = try #require(Scan.sourceSetup(host, source: late, participants: Lab.catalog.participants).setup)
        #expect(moved.setup == AppSetup(setAfter: ["fcm", "rnfb:double-call"], setBefore: ["notifee:7"]))
        #expect(moved.outcome == .broken && moved.finding?.kind == .lostEvent, "\(String(describing: moved.finding))")
        // No start call the reader knows for an SDK: no set-up, and the reason.
        var unknown = source
        unknown.startCallLines = []
        let gap = Scan.sourceSetup(host, source: unknown, participants: Lab.catalog.participants)
        #expect(gap.setup == nil && gap.gap?.contains("shows no start of `fcm`") == true, "\(gap.gap ?? "")")
    }

    @Test("How the app's willPresent and didReceive call their handlers: at once, later from a closure, never, or Swift's async form; in Swift and Objective-C, across branches, handed on, and in an extension file")
    func completions() throws {
        func read(_ body: String, objc: Bool = false) -> AppDelegateSource.Completion? {
            let text = objc
                ? "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n- (void)userNotificationCenter:(UNUserNotificationCenter *)center\n       willPresentNotification:(UNNotification *)notification\n withCompletionHandler:(void (^)(UNNotificationPresentationOptions))handler {\n\(body)\n}\n"
                : "class AppDelegate: UIResponder, UIApplicationDelegate {\n  func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,\n      withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {\n\(body)\n  }\n}\n"
            return AppDelegateSource.read(text, file: objc ? "AppDelegate.m" : "AppDelegate.swift")?.completions.first
        }
        let willPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
        let now = try #require(read("    if x { completionHandler([]) } else {\n      completionHandler([.banner]) // later? no\n    }"))
        #expect(now.now && !now.later && now.step == nil && now.line == 2)
        let later = try #require(read("    DispatchQueue.main.async {\n      completionHandler([.banner])\n    }"))
        #expect(!later.now && later.later && later.step == .delegateCompletes(willPresent, 1, async: true))
        #expect(later.sentence == "its `willPresent` (`AppDelegate.swift:2`) calls the handler later, from a closure")
        let settings = try #require(read("    center.getNotificationSettings { settings in\n      guard settings.alertSetting == .enabled else { return completionHandler([]) }\n      completionHandler(.banner)\n    }"))
        #expect(settings.later && !settings.now)
        let never = try #require(read("    print(\"completionHandler(\") // a string and a comment: completionHandler([])"))
        #expect(!never.now && !never.later && never.step == .delegateCompletes(willPresent, 0, async: false))
        let immediate = try #require(read("    [1].forEach { _ in completionHandler([]) }"))
        #expect(immediate.now && !immediate.later)
        let async = try #require(AppDelegateSource.read("class AppDelegate: UIResponder, UIApplicationDelegate {\n func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {\n  return [.banner]\n }\n}\n", file: "A.swift")?.completions.first)
        #expect(async.swiftAsync && async.step == .delegateCompletes(willPresent, 1, async: true))
        let objcNow = try #require(read("  [[Braze sharedInstance] userNotificationCenter:center willPresentNotification:notification withCompletionHandler:handler];", objc: true))
        #expect(objcNow.now && !objcNow.later)
        let objcLater = try #require(read("  dispatch_async(dispatch_get_main_queue(), ^{\n    handler(UNNotificationPresentationOptionBanner);\n  });", objc: true))
        #expect(objcLater.later && !objcLater.now && objcLater.line == 3)
        // The corpus: Rainbow and tmail call at once (tmail on each branch); Habitica's methods are in an extension file.
        let rainbow = try String(contentsOf: AppCorpusTests.apps.appendingPathComponent("rn-rnfb-messaging-rainbow/ios/AppDelegate.swift"), encoding: .utf8)
        #expect(AppDelegateSource.read(rainbow, file: "AppDelegate.swift")?.completions.map(\.now) == [true])
        let tmail = try String(contentsOf: AppCorpusTests.apps.appendingPathComponent("flutter-pods-tmail/ios/Runner/AppDelegate.swift"), encoding: .utf8)
        #expect(AppDelegateSource.read(tmail, file: "AppDelegate.swift")?.completions.allSatisfy { $0.now && !$0.later } == true)
        let habitica = try #require(AppDelegateSource.find(in: AppCorpusTests.apps.appendingPathComponent("native-pods-habitica"), name: { $0 }))
        #expect(habitica.completions.map(\.file) == ["HabitRPG/AppDelegate-Notifications.swift", "HabitRPG/AppDelegate-Notifications.swift"], "\(habitica.completions)")
    }

    @Test("scan runs the app's own set-up with its own completion calls: Rainbow deciding willPresent later, or never calling the handler")
    func rainbowCompletions() throws {
        let app = AppCorpusTests.apps.appendingPathComponent("rn-rnfb-messaging-rainbow/ios")
        let packages = try Lockfile.packages(text: try Lockfile.readText(app.appendingPathComponent("Podfile.lock"), file: "Podfile.lock"),
                                             file: "Podfile.lock", format: .podfileLock)
        let text = try String(contentsOf: app.appendingPathComponent("AppDelegate.swift"), encoding: .utf8)
        func setup(_ body: String) throws -> Scan.SourceSetup {
            let changed = text.replacingOccurrences(of: "    completionHandler([])\n  }", with: body + "\n  }")
            #expect(changed != text)
            let source = try #require(AppDelegateSource.read(changed, file: "ios/AppDelegate.swift", startCalls: Self.calls))
            let scan = Scan.run(files: ["Podfile.lock"], packages: packages, catalog: Lab.catalog, workers: 2, appDelegate: source)
            return try #require(scan.hosts.first { $0.host == "UNUserNotificationCenter" }?.sourceSetup)
        }
        let later = try setup("    DispatchQueue.main.async { completionHandler([]) }")
        #expect(later.completions.count == 1 && later.sentence.hasSuffix("its `willPresent` (`ios/AppDelegate.swift:113`) calls the handler later, from a closure (the lab ran the set-up with it)"), "\(later.sentence)")
        #expect(later.outcome == .broken && later.finding?.kind == .completionHandlerMisuse, "\(String(describing: later.finding))")
        let never = try setup("    _ = center")
        #expect(never.completions.first?.step == .delegateCompletes("userNotificationCenter:willPresentNotification:withCompletionHandler:", 0, async: false))
        // RNFB's own call is then the only one: no double call; what is left is notifee 7 keeping didReceive to itself.
        #expect(never.outcome == .broken && never.finding?.kind == .lostEvent, "\(never.verdict)")
    }

    @Test("A Flutter app that starts Firebase from Dart: fcm starts after the launch method returns (Zulip), or as Flutter registers its plugins when the app ships GoogleService-Info.plist")
    func flutterDartStart() throws {
        let zulip = AppCorpusTests.apps.appendingPathComponent("flutter-pods-zulip")
        let calls = Lab.catalog.participants.flatMap(\.startCalls)
        let source = try #require(AppDelegateSource.find(in: zulip, startCalls: calls, name: { $0 }))
        #expect(source.dartStartCalls == [.init(call: "Firebase.initializeApp(", file: "lib/model/binding.dart", line: 550)] && source.filesPresent.isEmpty)
        func host(_ source: AppDelegateSource) throws -> Scan.HostVerdict {
            var packages: [LockedPackage] = []
            for file in ["ios/Podfile.lock", "pubspec.lock"] {
                let url = zulip.appendingPathComponent(file)
                packages += try Lockfile.packages(text: try Lockfile.readText(url, file: file), file: file, format: LockfileFormat(fileName: url.lastPathComponent)!)
            }
            let scan = Scan.run(files: [], packages: packages, catalog: Lab.catalog, workers: 2, appDelegate: source)
            return try #require(scan.hosts.first { $0.host == "UNUserNotificationCenter@flutter" })
        }
        let setup = try #require(try host(source).sourceSetup)
        #expect(setup.setup == AppSetup(setAfter: ["flutterfire"], setBefore: ["fcm"]))
        #expect(setup.starts.first { $0.participant == "fcm" }?.line == Scan.SourceSetup.Start.afterLaunch)
        #expect(setup.sentence.contains("before `fcm` (Dart calls `Firebase.initializeApp(` (`lib/model/binding.dart:550`), after the launch method returns) starts"), "\(setup.sentence)")
        // Its willPresent and didReceive are Swift's async form: the set-up was run with the handlers called later, and
        // with both overrides, which do not call super (delegate-overrides): FlutterFire's plugin never gets willPresent.
        #expect(setup.completions.map(\.swiftAsync) == [true, true] && setup.ranOverrides && setup.withoutSuper.map(\.line) == [50, 60])
        #expect(setup.outcome == .broken && setup.finding?.message.contains("flutterfire's observer never received userNotificationCenter:willPresentNotification:") == true,
                "\(String(describing: setup.finding))")
        #expect(setup.sentence.contains("whatever the SDKs do (the lab ran the set-up with them)"), "\(setup.sentence)")
        // With a GoogleService-Info.plist, firebase_core configures Firebase as the plugins register, before the delegate line.
        var plist = source
        plist.filesPresent = ["GoogleService-Info.plist"]
        let early = try #require(try host(plist).sourceSetup)
        #expect(Set(early.setup.setAfter ?? []) == ["flutterfire", "fcm"] && early.setup.setBefore.isEmpty, "\(early.setup)")
        // Without the Dart call, the set-up is not known.
        var none = source
        none.dartStartCalls = []
        #expect(try host(none).sourceSetupGap?.contains("shows no start of `fcm`") == true)
    }

    @Test("On the app delegate, the source's shape decides: Customer.io with CleverTap loses the fetch event only when the app delegate implements the fetch method (a multi-line Swift declaration and Objective-C both read)")
    func appDelegateShape() throws {
        let catalog = Lab.catalog
        let advisor = Advisor(generator: ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants), workers: 2,
                              footprints: nil, makeRunner: catalog.makeRunner)
        let advice = advisor.advise(host: "UIApplication", participants: ["customerio", "clevertap"], configs: Configuration.allCases)
        let host = Scan.HostVerdict(host: "UIApplication", participants: ["customerio", "clevertap"], advice: advice, leftOut: [])
        let full = """
            class AppDelegate: UIResponder, UIApplicationDelegate {
              func application(
                _ application: UIApplication,
                didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
              ) { completionHandler(.noData) }
              // func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: …) {
            }
            """
        let implements = try #require(AppDelegateSource.read(full, file: "AppDelegate.swift"))
        #expect(implements.lacks == ["application:continueUserActivity:restorationHandler:"])
        let withFetch = try #require(Scan.sourceSetup(host, source: implements, participants: catalog.participants).setup)
        #expect(withFetch.outcome == .broken && withFetch.finding?.kind == .lostEvent, "\(String(describing: withFetch.outcome))")
        let objc = "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n- (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)activity restorationHandler:(void (^)(NSArray *))handler {\n}\n"
        let lacking = try #require(AppDelegateSource.read(objc, file: "AppDelegate.m"))
        #expect(lacking.lacks == ["application:didReceiveRemoteNotification:fetchCompletionHandler:"])
        let withoutFetch = try #require(Scan.sourceSetup(host, source: lacking, participants: catalog.participants).setup)
        #expect(withoutFetch.outcome == .ok && withoutFetch.othersFail, "\(String(describing: withoutFetch.outcome))")
        #expect(withoutFetch.sentence == "the app delegate `AppDelegate.m:1` lacks `application:didReceiveRemoteNotification:fetchCompletionHandler:`; UIKit sets it before any SDK starts")
    }
}
