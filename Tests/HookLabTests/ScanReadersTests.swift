// Scan reads an app the way its team wrote it (issue 44): an Objective-C header with its implementation, an inheritance
// clause over lines, a SwiftUI App in a file of any name, `UIApplicationMain`'s class, only the lines that run at launch,
// a branch that never calls the handler, a Flutter override that skips `super`, the app that sets no notification
// delegate, the app's own targets and lockfiles, versions from their source of truth, and the fixes under the app's own
// set-up first.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("Scan readers: the app as written")
struct ScanReadersTests {
    let temporary = TemporaryDirectory()

    func write(_ files: [String: String]) {
        for (path, text) in files {
            let url = temporary.url.appendingPathComponent(path)
            try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func find() -> AppDelegateSource? {
        AppDelegateSource.find(in: temporary.url, startCalls: Lab.catalog.participants.flatMap(\.startCalls)) { $0 }
    }

    @Test("An Objective-C app delegate declared in AppDelegate.h takes its set-up from AppDelegate.mm")
    func headerAndBody() throws {
        write(["ios/App/AppDelegate.h": "#import <RCTAppDelegate.h>\n\n@interface AppDelegate : RCTAppDelegate\n@end\n",
               "ios/App/AppDelegate.mm": "#import \"AppDelegate.h\"\n@import Firebase;\n\n@implementation AppDelegate\n\n"
                   + "- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions\n{\n"
                   + "  [FIRApp configure];\n  [UNUserNotificationCenter currentNotificationCenter].delegate = self;\n"
                   + "  return [super application:application didFinishLaunchingWithOptions:launchOptions];\n}\n@end\n",
               "ios/main.m": "int main(int argc, char *argv[]) {\n  return UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]));\n}\n"])
        let source = try #require(find())
        #expect(source.file == "ios/App/AppDelegate.h" && source.line == 3 && source.kind == .reactNative)
        #expect(source.bodyFile == "ios/App/AppDelegate.mm" && source.setupFile == "ios/App/AppDelegate.mm")
        #expect(source.notificationDelegateLine == 9 && source.startCallLines.map(\.line) == [8] && source.pluginRegistrationLine == 10)
        #expect(source.namedByMain == AppDelegateSource.SourceLine(file: "ios/main.m", line: 2))
    }

    @Test("A Swift inheritance clause over two lines is a declaration; a SwiftUI App in a file of any name is found")
    func declarationsAsWritten() throws {
        let twoLines = AppDelegateSource.read("@main\nclass AppDelegate: UIResponder,\n    UIApplicationDelegate {\n}\n", file: "AppDelegate.swift")
        #expect(twoLines?.kind == .uikit && twoLines?.line == 2 && twoLines?.superclass == "UIResponder")
        write(["Sources/Entry.swift": "import SwiftUI\n@main\nstruct Main: App {\n    @UIApplicationDelegateAdaptor(Delegate.self) var delegate\n}\n",
               "Sources/Delegate.swift": "final class Delegate: NSObject, UIApplicationDelegate {\n  func application(_ a: UIApplication, didFinishLaunchingWithOptions o: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n    UNUserNotificationCenter.current().delegate = self\n    return true\n  }\n}\n"])
        let source = try #require(find())
        #expect(source.kind == .swiftui && source.file == "Sources/Entry.swift" && source.className == "Delegate")
        #expect(source.bodyFile == "Sources/Delegate.swift" && source.notificationDelegateLine == 3)
    }

    @Test("Only lines that run when their method runs count: a closure stored or dispatched for later does not")
    func launchLines() throws {
        let text = """
        class AppDelegate: FlutterAppDelegate {
          override func application(
            _ application: UIApplication,
            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
          ) -> Bool {
            FlutterLocalNotificationsPlugin.setPluginRegistrantCallback { registry in
              GeneratedPluginRegistrant.register(with: registry)
            }
            DispatchQueue.main.async { UNUserNotificationCenter.current().delegate = self }
            if #available(iOS 10.0, *) {
              UNUserNotificationCenter.current().delegate = self as UNUserNotificationCenterDelegate
            }
            GeneratedPluginRegistrant.register(with: self)
            return super.application(application, didFinishLaunchingWithOptions: launchOptions)
          }
        }
        """
        let source = try #require(AppDelegateSource.read(text, file: "ios/Runner/AppDelegate.swift"))
        #expect(source.pluginRegistrationLine == 13, "the callback's registration runs later")
        #expect(source.notificationDelegateLine == 11, "the dispatched line runs later; an `if` runs now")
        // Objective-C: a block runs later, a method body now.
        let objc = "@implementation AppDelegate\n- (BOOL)application:(UIApplication *)a didFinishLaunchingWithOptions:(NSDictionary *)o {\n"
            + "  dispatch_async(dispatch_get_main_queue(), ^{\n    [UNUserNotificationCenter currentNotificationCenter].delegate = self;\n  });\n"
            + "  UNUserNotificationCenter.currentNotificationCenter.delegate = self;\n  return YES;\n}\n@end\n"
        #expect(AppDelegateSource.read("@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n" + objc, file: "AppDelegate.m")?.notificationDelegateLine == 8)
    }

    @Test("A branch that returns without calling the handler is named with its line; a Flutter override without super is found")
    func branchesAndSuper() throws {
        let text = """
        class AppDelegate: FlutterAppDelegate {
          override func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void) {
            switch response.actionIdentifier {
            case "open":
              DispatchQueue.main.async { completionHandler() }
            case "dismiss":
              return
            default:
              completionHandler()
            }
          }
          override func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
            super.userNotificationCenter(center, willPresent: notification, withCompletionHandler: completionHandler)
          }
        }
        """
        let completions = try #require(AppDelegateSource.read(text, file: "AppDelegate.swift")).completions
        let didReceive = try #require(completions.first { $0.selector.contains("didReceive") })
        #expect(didReceive.neverAt == 7 && didReceive.later && didReceive.now && !didReceive.callsSuper)
        #expect(didReceive.sentence.contains("returns without calling it at `:7`"))
        let willPresent = try #require(completions.first { $0.selector.contains("willPresent") })
        #expect(willPresent.callsSuper && willPresent.neverAt == nil)
        // A handler called before a guard's return leaves no branch without it.
        let guarded = "class AppDelegate: UIResponder, UIApplicationDelegate {\n func userNotificationCenter(_ c: UNUserNotificationCenter, didReceive r: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void) {\n  guard let x = r.notification.request.content.userInfo[\"x\"] else { completionHandler(); return }\n  completionHandler()\n }\n}\n"
        #expect(AppDelegateSource.read(guarded, file: "AppDelegate.swift")?.completions.first?.neverAt == nil)
    }

    @Test("An app that sets no notification delegate is judged under the empty-slot set-up: RNFB before 23.8.5 alone calls the handler twice, and the smallest upgrade that passes there comes first")
    func emptySlot() throws {
        let slug = AppCorpusTests.apps.appendingPathComponent("rn-chatwoot")
        let (cli, captured) = CLI.fake(root: slug, catalog: Lab.catalog, workers: 1)
        #expect(cli.main(arguments: ["scan", "--json"]) == 1)
        let document = try JSONValue.parse(captured.out).value
        guard case .array(let hosts)? = document["hosts"],
              let host = hosts.first(where: { $0["host"] == .string("UNUserNotificationCenter") }) else { Issue.record("no notification host"); return }
        #expect(host["appSetup"]?["leavesSlotEmpty"] == .bool(true) && host["appSetup"]?["outcome"] == .string("broken"))
        guard case .array(let own)? = host["ownFixes"], case .string(let first)? = own.first?["text"] else { Issue.record("no own fix"); return }
        // The whole range of the smallest line that passes, and what it drags in through `requires`.
        #expect(first.hasPrefix("upgrade RNFBMessaging from 20.4.0 to ≥ 23.8.5 < 26.0.0 (it brings what it requires: React Native Firebase 23.8.5 to 25 pins Firebase iOS 12) and upgrade Firebase from 10.29.0 to ≥ 11.0.0"), "\(first)")
        // The values behind the sentence: two upgrades, the app's to make, run under its own set-up.
        guard case .array(let changes)? = own.first?["changes"] else { Issue.record("no changes"); return }
        #expect(changes.map { $0["kind"] } == [.string("upgrade"), .string("upgrade")] && own.first?["owner"] == .string("app"))
        #expect(changes.first?["range"] == .string("RNFBMessaging ≥ 23.8.5 < 26.0.0"), "\(changes)")
        guard case .string(let verdict)? = document["verdict"] else { return }
        #expect(verdict.contains("no notification delegate of its own") && verdict.contains("≥ 23.8.5 < 26.0.0"), "\(verdict)")
    }

    @Test("Expo with Notifee and no delegate of the app's: Notifee starts after launch, wraps expo-notifications, and the app passes")
    func expoNotifee() throws {
        let (cli, captured) = CLI.fake(root: AppCorpusTests.apps.appendingPathComponent("expo-converse"), catalog: Lab.catalog, workers: 1)
        #expect(cli.main(arguments: ["scan"]) == 0)
        #expect(captured.out.contains("fail only under set-ups other than your app's own (no notification delegate of its own)"))
    }

    @Test("Another target's files and a local package's lockfile are not the app's")
    func appRoots() throws {
        let project = """
        // !$*UTF8*$!
        { objects = {
          T1 = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = L1; };
          L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
          C1 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = App/Info.plist; SDKROOT = iphoneos; }; };
          T2 = { isa = PBXNativeTarget; name = Watch; productType = "com.apple.product-type.application"; buildConfigurationList = L2; };
          L2 = { isa = XCConfigurationList; buildConfigurations = (C2); };
          C2 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "Watch/Info.plist"; SDKROOT = watchos; }; };
          T3 = { isa = PBXNativeTarget; name = Service; productType = "com.apple.product-type.app-extension"; buildConfigurationList = L3; };
          L3 = { isa = XCConfigurationList; buildConfigurations = (C3); };
          C3 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "$(SRCROOT)/Service/Info.plist"; }; };
        }; }
        """
        let parsed = try XcodeProject.parse(project, file: "project.pbxproj")
        #expect(parsed.targets.map(\.isIOSApplication) == [true, false, false])
        #expect(parsed.otherTargetDirectories == ["Service", "Watch"])
        write(["App.xcodeproj/project.pbxproj": project,
               "Watch/WatchAppDelegate.swift": "@main\nclass AppDelegate: NSObject, UIApplicationDelegate {}\n",
               "App/Delegate.swift": "class Delegate: UIResponder, UIApplicationDelegate {}\n",
               "BuildTools/Package.swift": "// swift-tools-version:5.9\n",
               "BuildTools/Package.resolved": "{ \"pins\" : [], \"version\" : 2 }\n",
               "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": "{ \"pins\" : [], \"version\" : 2 }\n"])
        let others = XcodeProject.notTheApp(XcodeProject.projects(under: temporary.url))
        #expect(others == ["Service", "Watch"])
        let source = AppDelegateSource.find(in: temporary.url, skipping: Set(others)) { $0 }
        #expect(source?.file == "App/Delegate.swift")
        #expect(Lockfile.appLockfiles(Lockfile.discover(in: temporary.url), in: temporary.url, notTheApp: others)
                == ["App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"])
        // With nothing else, a package's own lockfile is still read (the user pointed scan at a package).
        #expect(Lockfile.appLockfiles(["BuildTools/Package.resolved"], in: temporary.url, notTheApp: []) == ["BuildTools/Package.resolved"])
    }

    @Test("A Flutter plugin's version comes from pubspec.lock; an SDK older than every modeled line is named and left out")
    func versions() throws {
        let pod = LockedPackage(ecosystem: .cocoapods, name: "firebase_messaging", version: "0.0.1", isLocal: true, file: "ios/Podfile.lock", line: 3)
        let pub = LockedPackage(ecosystem: .pub, name: "firebase_messaging", version: "14.7.8", file: "pubspec.lock", line: 40)
        let fixed = Scan.pluginVersions([pod, pub])
        #expect(fixed[0].version == "14.7.8" && fixed[0].versionFrom?.listed == "0.0.1")
        let found = Scan.recognise(fixed, participants: Lab.catalog.participants).found
        #expect(found.first?.participant == "flutterfire" && found.first?.package.file == "ios/Podfile.lock", "\(found)")
        #expect(found.first?.reason.contains("pubspec.lock:40") == true)
        // Without pubspec.lock as the source of truth, the pod's 0.0.1 would be read (and be older than every line).
        #expect(Scan.oldest(pod, participants: Lab.catalog.participants) != nil)
        // Firebase 6 is older than every Firebase Messaging line the lab models: left out, never mapped to today's model.
        let old = LockedPackage(ecosystem: .cocoapods, name: "Firebase/Messaging", version: "6.33.0", file: "Podfile.lock", line: 12)
        #expect(Scan.recognise([old], participants: Lab.catalog.participants).found.isEmpty)
        let scan = Scan.run(files: ["Podfile.lock"], packages: [old], catalog: Lab.catalog, workers: 1)
        #expect(scan.olderThanModeled.map(\.oldest) == ["7.2.0"])
        #expect(scan.olderThanModeled.first?.sentence.hasPrefix("Firebase/Messaging 6.33.0 (`Podfile.lock:12`) is older than the lines the lab models (7.2.0 and later)") == true)
    }

    @Test("An Info.plist switch GoogleUtilities reads only as a number: a <string>0</string> leaves Firebase's proxy on")
    func stringSwitch() throws {
        let plist = { (value: String) in
            InfoPlist.read("<plist><dict>\n<key>FirebaseAppDelegateProxyEnabled</key>\n\(value)\n</dict></plist>", file: "Info.plist")
        }
        let fcm = LockedPackage(ecosystem: .cocoapods, name: "FirebaseMessaging", version: "11.2.0", file: "Podfile.lock", line: 1)
        let found = Scan.recognise([fcm], participants: Lab.catalog.participants).found
        let asString = Scan.switched(found, participants: Lab.catalog.participants, infoPlist: plist("<string>0</string>"))
        #expect(asString.0.map(\.participant) == ["fcm"] && asString.1.isEmpty)
        #expect(asString.0.first?.reason.contains("as a string") == true)
        let asBool = Scan.switched(found, participants: Lab.catalog.participants, infoPlist: plist("<false/>"))
        #expect(asBool.0.map(\.participant) == ["fcm:proxy-off"])
    }

    @Test("Several apps: the first line under the heading is the verdict over all of them")
    func severalApps() throws {
        let clean = Scan(files: ["a/Podfile.lock"], found: [], unmodeled: [], hookingNothing: [], packageCount: 0, hosts: [])
        var first = clean, second = clean
        first.root = "a"
        second.root = "b"
        let text = MarkdownScanReporter().report([first, second])
        let lines = text.split(separator: "\n")
        #expect(lines.count > 1 && lines[1] == "✅ No conflict in any of the 2 apps.", "\(text.prefix(200))")
    }

    @Test("GoogleUtilities: a Swift package pin without a product that arms it is not 'hooks nothing' (the scan says who arms it); a Podfile.lock's other subspecs hook nothing")
    func unknownArming() throws {
        // A Package.resolved names packages, not the products the app links; the project links only FirebaseCrashlytics,
        // which brings no swizzler, so whether GoogleUtilities' swizzlers are in the app is not known.
        let spm = temporaryDirectory()
        let project = spm.appendingPathComponent("App.xcodeproj")
        let resolved = project.appendingPathComponent("project.xcworkspace/xcshareddata/swiftpm")
        try FileManager.default.createDirectory(at: resolved, withIntermediateDirectories: true)
        try """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* XCRemoteSwiftPackageReference "firebase-ios-sdk" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "https://github.com/firebase/firebase-ios-sdk";
            \t\t};
            \t\tA2 /* FirebaseCrashlytics */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tpackage = A1 /* XCRemoteSwiftPackageReference "firebase-ios-sdk" */;
            \t\t\tproductName = FirebaseCrashlytics;
            \t\t};
            \t};
            }

            """.write(to: project.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        let pin = { (identity: String, version: String) in
            "    {\n      \"identity\" : \"\(identity)\",\n      \"kind\" : \"remoteSourceControl\",\n      \"location\" : \"https://github.com/google/\(identity).git\",\n"
                + "      \"state\" : {\n        \"revision\" : \"60da361632d0de02786f709bdc0c4df340f7613e\",\n        \"version\" : \"\(version)\"\n      }\n    }"
        }
        try ("{\n  \"pins\" : [\n" + pin("firebase-ios-sdk", "12.0.0") + ",\n" + pin("googleutilities", "8.1.0") + "\n  ],\n  \"version\" : 2\n}\n")
            .write(to: resolved.appendingPathComponent("Package.resolved"), atomically: true, encoding: .utf8)
        let (cli, captured) = CLI.fake(root: spm, catalog: Lab.catalog, workers: 1)
        _ = cli.main(arguments: ["scan"])
        #expect(captured.out.contains("GoogleUtilities is linked; whether it hooks depends on who arms it: its app-delegate swizzler hooks only once a Firebase product registers with it"), "\(captured.out)")
        #expect(!captured.out.contains("Known to hook nothing: GoogleUtilities"), "\(captured.out)")
        // A Podfile.lock lists each subspec: without a swizzler subspec, GoogleUtilities' subspecs hook nothing, and the
        // scan does not say its swizzlers wait for an arming product.
        let pods = temporaryDirectory()
        try "PODS:\n  - GoogleUtilities/Environment (8.1.0)\n  - GoogleUtilities/Logger (8.1.0)\n\nCOCOAPODS: 1.16.2\n"
            .write(to: pods.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        let (podCLI, podOut) = CLI.fake(root: pods, catalog: Lab.catalog, workers: 1)
        _ = podCLI.main(arguments: ["scan"])
        #expect(podOut.out.contains("Known to hook nothing: GoogleUtilities' other subspecs."), "\(podOut.out)")
        #expect(!podOut.out.contains("GoogleUtilities is linked"), "\(podOut.out)")
    }

    @Test("Customer.io maps to its wrapper's participant only when the app's delegate is the wrapper; with its own app delegate the scan says the SDK's swizzles are not modeled, and with none found the reason says what the lab assumed")
    func customerIOIntegration() throws {
        func scan(_ source: String?, version: String = "3.14.0", also: [String: String] = [:]) throws -> String {
            let lock = "PODS:\n  - CustomerIOCommon (\(version))\n  - CustomerIOMessagingPush (\(version)):\n    - CustomerIOCommon (= \(version))\n"
                + "  - CustomerIOMessagingPushAPN (\(version)):\n    - CustomerIOMessagingPush (= \(version))\n\nCOCOAPODS: 1.15.2\n"
            let app = temporaryDirectory()
            try lock.write(to: app.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
            if let source {
                try FileManager.default.createDirectory(at: app.appendingPathComponent("App"), withIntermediateDirectories: true)
                try source.write(to: app.appendingPathComponent("App/AppDelegate.swift"), atomically: true, encoding: .utf8)
            }
            for (path, text) in also.sorted(by: { $0.key < $1.key }) {
                try text.write(to: app.appendingPathComponent(path), atomically: true, encoding: .utf8)
            }
            let (cli, captured) = CLI.fake(root: app, catalog: Lab.catalog, workers: 1)
            _ = cli.main(arguments: ["scan"])
            return captured.out
        }
        let launch = "    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n"
            + "        MessagingPushAPN.initialize(withConfig: MessagingPushConfigBuilder().build())\n        return true\n    }\n"
        // Its own app delegate: the APN module's token exchange and the push handling's setter swizzle, not the wrapper.
        let own = try scan("import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n" + launch + "}\n")
        #expect(!own.contains("| `customerio` |"), "\(own)")
        #expect(own.contains("**Customer.io without its app-delegate wrapper** (`CustomerIOMessagingPush` 3.14.0"), "\(own)")
        #expect(own.contains("didRegisterForRemoteNotificationsWithDeviceToken: (exchanged with the APN or FCM module's own method"), "\(own)")
        #expect(own.contains("(the app's delegate `AppDelegate`, `App/AppDelegate.swift:4`, names none of `CioAppDelegateWrapper`"), "\(own)")
        // The wrapper as the UIKit app's delegate, and as SwiftUI's adaptor: the participant, with where the source says so.
        let wrapper = try scan("import UIKit\n\n@main\nclass AppDelegateWithCioIntegration: CioAppDelegateWrapper<AppDelegate> {}\n\n"
            + "class AppDelegate: UIResponder, UIApplicationDelegate {\n" + launch + "}\n")
        #expect(wrapper.contains("| `customerio` | version 3.14.0 in >= 3.13.1; the app's delegate is `CioAppDelegateWrapper` (`App/AppDelegate.swift:4`) |"), "\(wrapper)")
        #expect(!wrapper.contains("without its app-delegate wrapper"), "\(wrapper)")
        #expect(!wrapper.contains("not modeled: before 3.10.1"), "\(wrapper)")
        // 3.10.0 under the wrapper: the wrapper's participant, and the APN module's exchange it does not model, in the reason.
        let early = try scan("import UIKit\n\n@main\nclass AppDelegateWithCioIntegration: CioAppDelegateWrapper<AppDelegate> {}\n\n"
            + "class AppDelegate: UIResponder, UIApplicationDelegate {\n" + launch + "}\n", version: "3.10.0")
        #expect(early.contains("| `customerio:forwarding` | version 3.10.0 in >= 3.9.0 < 3.10.1; not modeled: before 3.10.1 the APN module's automatic device-token fetch"), "\(early)")
        let adaptor = try scan("import SwiftUI\n\n@main\nstruct MyApp: App {\n    @UIApplicationDelegateAdaptor(CioAppDelegateWrapper<AppDelegate>.self) private var appDelegate\n"
            + "    var body: some Scene { WindowGroup { Text(\"x\") } }\n}\n\nclass AppDelegate: NSObject, UIApplicationDelegate {\n" + launch + "}\n")
        #expect(adaptor.contains("| `customerio` | version 3.14.0 in >= 3.13.1; the app's delegate is `CioAppDelegateWrapper`"), "\(adaptor)")
        // The wrapper under a base class of the app's, declared in another file: read through that class.
        let based = try scan("import UIKit\n\n@main\nclass AppDelegate: BaseAppDelegate {\n" + launch + "}\n",
                             also: ["App/BaseAppDelegate.swift": "import CioMessagingPushAPN\n\nclass BaseAppDelegate: CioAppDelegateWrapper<PushDelegate> {}\n"])
        #expect(based.contains("| `customerio` | version 3.14.0 in >= 3.13.1; the app's delegate `AppDelegate` (`App/AppDelegate.swift:4`) subclasses `CioAppDelegateWrapper` through `BaseAppDelegate` |"), "\(based)")
        #expect(!based.contains("without its app-delegate wrapper"), "\(based)")
        // A chain that loops, or leaves the source, stops.
        #expect(AppDelegateSource.ancestors(from: "A", in: ["class A: B {}\nclass B: A {}\n"]) == ["B"])
        #expect(AppDelegateSource.ancestors(from: "A", in: ["class A: B {}\n@interface B : C <UIApplicationDelegate>\n"]) == ["B", "C"])
        // No source: the lockfile decides, and the reason says so.
        let none = try scan(nil)
        #expect(none.contains("| `customerio` | version 3.14.0 in >= 3.13.1; no app delegate was found in the source, so the lab takes it to be `CioAppDelegateWrapper`"), "\(none)")
    }

    @Test("Braze's push automation is off unless the app's source sets it: no `push.automation` in its files runs `braze:manual`, one line runs `braze` and is named, no source keeps `braze` and says what it assumed")
    func brazeAutomationFromSource() throws {
        func scan(_ files: [String: String]) throws -> String {
            let app = temporaryDirectory()
            try "PODS:\n  - BrazeKit (10.0.0)\n\nCOCOAPODS: 1.15.2\n".write(to: app.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: app.appendingPathComponent("App"), withIntermediateDirectories: true)
            for (name, text) in files.sorted(by: { $0.key < $1.key }) {
                try text.write(to: app.appendingPathComponent("App").appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let (cli, captured) = CLI.fake(root: app, catalog: Lab.catalog, workers: 1)
            _ = cli.main(arguments: ["scan"])
            return captured.out
        }
        let delegate = "import UIKit\nimport BrazeKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n"
            + "    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n"
            + "        BrazeManager.start()\n        return true\n    }\n}\n"
        func manager(_ body: String) -> String {
            "import BrazeKit\n\nenum BrazeManager {\n    static func start() {\n        let configuration = Braze.Configuration(apiKey: \"k\", endpoint: \"e\")\n"
                + body + "        _ = Braze(configuration: configuration)\n    }\n}\n"
        }
        // Off by default: only a comment mentions it.
        let off = try scan(["AppDelegate.swift": delegate, "BrazeManager.swift": manager("        // configuration.push.automation = true\n")])
        #expect(off.contains("| `braze:manual` | version 10.0.0 in >= 6.5.0; the app's source never writes `push.automation`, so its hooks stay off"), "\(off)")
        // Turned on in another file than the app delegate's: that line.
        let on = try scan(["AppDelegate.swift": delegate, "BrazeManager.swift": manager("        configuration.push.automation = true\n")])
        #expect(on.contains("| `braze` | version 10.0.0 in >= 6.5.0; the app's source writes `push.automation` (`App/BrazeManager.swift:6`), which turns its hooks on |"), "\(on)")
        // No source read: the hooks, and the assumption said.
        let none = try scan([:])
        #expect(none.contains("| `braze` | version 10.0.0 in >= 6.5.0; no app source was read, so the lab takes the app to write `push.automation`, which turns its hooks on (Braze"), "\(none)")
    }

    @Test("Datadog's scroll-view proxy is on only when the app sets uiKitActionsPredicate, and its session-delegate swizzle only when the app calls URLSessionInstrumentation.enable…: without them Datadog runs as its switched-off variant on those slots alone, each on its own")
    func datadogActionsFromSource() throws {
        func scan(_ configure: String, network: String = "", version: String = "3.11.0") throws -> (out: String, json: String) {
            let app = temporaryDirectory()
            try "PODS:\n  - DatadogRUM (\(version))\n  - FirebasePerformance (11.5.0)\n  - IGListKit (4.0.0)\n\nCOCOAPODS: 1.15.2\n"
                .write(to: app.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: app.appendingPathComponent("App"), withIntermediateDirectories: true)
            try ("import UIKit\nimport DatadogRUM\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n"
                + "    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n"
                + "        RUM.enable(with: RUM.Configuration(applicationID: \"a\"\(configure)))\n\(network)        return true\n    }\n}\n")
                .write(to: app.appendingPathComponent("App/AppDelegate.swift"), atomically: true, encoding: .utf8)
            let (cli, captured) = CLI.fake(root: app, catalog: Lab.catalog, workers: 1)
            _ = cli.main(arguments: ["scan"])
            let (jsonCLI, json) = CLI.fake(root: app, catalog: Lab.catalog, workers: 1)
            _ = jsonCLI.main(arguments: ["scan", "--json"])
            return (captured.out, json.out)
        }
        let off = try scan("")
        #expect(off.out.contains("| `datadog` | version 3.11.0 in >= 3.9.0; the app's source never writes `uiKitActionsPredicate`, so its hooks for `UIScrollView`, `UITableView` and `UICollectionView` stay off, the default"), "\(off.out)")
        #expect(!off.out.contains("### UICollectionView: `datadog`, `iglist`"), "\(off.out)")
        #expect(!off.out.contains("### UICollectionView"), "\(off.out)")
        // No URLSessionInstrumentation.enable…: no session-delegate class is swizzled, so Firebase Performance is alone there.
        #expect(off.out.contains("the app's source never writes `URLSessionInstrumentation.enable` or `DDURLSessionInstrumentation`, so its hooks for `NSURLSession` stay off, the default"), "\(off.out)")
        #expect(!off.out.contains("### NSURLSession"), "\(off.out)")
        #expect(off.json.contains("\"variant\": \"datadog:no-uikit-actions\""), "\(off.json)")
        #expect(off.json.contains("\"variant\": \"datadog:no-duration-breakdown\""), "\(off.json)")
        let on = try scan(", uiKitActionsPredicate: DefaultUIKitRUMActionsPredicate()")
        #expect(on.out.contains("the app's source writes `uiKitActionsPredicate` (`App/AppDelegate.swift:7`), which turns its hooks on for `UIScrollView`, `UITableView` and `UICollectionView`"), "\(on.out)")
        #expect(on.out.contains("### UICollectionView: `datadog`, `iglist`"), "\(on.out)")
        #expect(!on.out.contains("### NSURLSession"), "\(on.out)")
        // The session delegate named to Datadog: its swizzle is on, and it meets Firebase Performance's.
        let network = try scan("", network: "        URLSessionInstrumentation.enableDurationBreakdown(with: .init(delegateClass: SessionDelegate.self))\n")
        #expect(network.out.contains("the app's source writes `URLSessionInstrumentation.enable` (`App/AppDelegate.swift:8`), which turns its hooks on for `NSURLSession`"), "\(network.out)")
        #expect(network.out.contains("### NSURLSession"), "\(network.out)")
        #expect(!network.json.contains("\"variant\": \"datadog:no-duration-breakdown\""), "\(network.json)")
        // A 3.8 line reads the same switches (RUMInstrumentation.swift:135-155, NetworkInstrumentationFeature.swift:129 @3.8.3).
        let older = try scan("", version: "3.8.3")
        #expect(older.json.contains("\"variant\": \"datadog:3.8.3:no-uikit-actions\""), "\(older.json)")
        #expect(older.json.contains("\"variant\": \"datadog:3.8.3:no-duration-breakdown\""), "\(older.json)")
        #expect(!older.out.contains("### UICollectionView") && !older.out.contains("### NSURLSession"), "\(older.out)")
    }

    @Test("CleverTap swizzles only when the app calls autoIntegrate, and Embrace captures pushes only when the app adds the push capture service: without them each runs as its switched-off variant")
    func optInHooksFromSource() throws {
        func scan(_ lock: String, _ body: String) throws -> String {
            let app = temporaryDirectory()
            try lock.write(to: app.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: app.appendingPathComponent("App"), withIntermediateDirectories: true)
            try ("import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n"
                + "    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n"
                + body + "        return true\n    }\n}\n").write(to: app.appendingPathComponent("App/AppDelegate.swift"), atomically: true, encoding: .utf8)
            let (cli, captured) = CLI.fake(root: app, catalog: Lab.catalog, workers: 1)
            _ = cli.main(arguments: ["scan"])
            return captured.out
        }
        let clevertap = "PODS:\n  - CleverTap-iOS-SDK (7.7.0)\n\nCOCOAPODS: 1.15.2\n"
        let manual = try scan(clevertap, "        CleverTap.sharedInstance()?.setPushToken(Data())\n")
        #expect(manual.contains("| `clevertap:manual` |") && manual.contains("the app's source never writes `autoIntegrate`"), "\(manual)")
        let auto = try scan(clevertap, "        CleverTap.autoIntegrate()\n")
        #expect(auto.contains("| `clevertap` |") && auto.contains("the app's source writes `autoIntegrate` (`App/AppDelegate.swift:6`)"), "\(auto)")
        let embrace = "PODS:\n  - EmbraceIO (6.21.0)\n\nCOCOAPODS: 1.15.2\n"
        let defaults = try scan(embrace, "        try? Embrace.setup(options: Embrace.Options(appId: \"a\", captureServices: .automatic)).start()\n")
        #expect(defaults.contains("| `embrace:no-push-capture` |")
            && defaults.contains("the app's source never writes `.pushNotification(` or `PushNotificationCaptureService`"), "\(defaults)")
        let push = try scan(embrace, "        try? Embrace.setup(options: Embrace.Options(appId: \"a\", captureServices: CaptureServiceBuilder().addDefaults().add(.pushNotification()).build())).start()\n")
        #expect(push.contains("| `embrace` |") && push.contains("the app's source writes `.pushNotification(`"), "\(push)")
    }
}
