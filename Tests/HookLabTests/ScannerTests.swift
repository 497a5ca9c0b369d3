// `hooklab scan`: the lockfile readers on real lockfiles (Fixtures/lockfiles), the package catalogue, and the command.

import Foundation
import Testing
@testable import HookLab
import UIKitModel
@testable import HookLabCLI

@Suite("Scanner: lockfile readers and the package catalogue")
struct ScannerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/lockfiles")
    static func fixture(_ name: String) throws -> String { try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8) }

    /// The participants each fixture's packages must map to (catalogue order of discovery), and the SDKs reported
    /// as not modeled yet, with the real lab's participants.
    static let expectations: [(file: String, format: LockfileFormat, found: [String], unmodeled: [String])] = [
        ("rx-iglist.Podfile.lock", .podfileLock, ["iglist", "rx"], ["Firebase Messaging"]),
        ("firebaseai.Podfile.lock", .podfileLock, [], []),
        ("githawk.Podfile.lock", .podfileLock, ["iglist"], []),
        ("rxtodo.Podfile.lock", .podfileLock, ["rx:2.6"], []),
        ("fcm-clevertap.Podfile.lock", .podfileLock, [], ["CleverTap", "Firebase Messaging"]),
        ("isowords.v1.Package.resolved", .packageResolved, [], []),
        ("icecubes.v2.Package.resolved", .packageResolved, [], []),
        ("app.v3.Package.resolved", .packageResolved, ["iglist", "rx"], []),
        ("moya.Cartfile.resolved", .cartfileResolved, ["rx"], []),
        ("reactivecocoa.Cartfile.resolved", .cartfileResolved, [], []),
        ("gul7-airship.Podfile.lock", .podfileLock, ["airship", "gul:7"], ["GoogleUtilities method swizzler"]),
    ]

    @Test("Each real lockfile maps to its participants", arguments: 0..<expectations.count)
    func fixturesMap(_ index: Int) throws {
        let e = Self.expectations[index]
        let packages = try Lockfile.packages(text: try Self.fixture(e.file), file: e.file, format: e.format)
        let participants = Lab.catalog.participants
        let result = Scan.recognise(packages, participants: participants)
        // An SDK of issue 18 maps to its participant once that participant exists; until then it is reported unmodeled.
        let mapped = result.found.map(\.participant)
        #expect(mapped.filter(e.found.contains) == e.found, "\(e.file): \(mapped)")
        // An extra id is an SDK of issue 18: still unmodeled, or landed as an app-level participant.
        let appLevel = Set(HostKind.appLevel.map(\.name))
        #expect(mapped.filter { !e.found.contains($0) }.allSatisfy { id in
            KnownSDK.unmodeled.contains { $0.participant == id }
                || participants.first { $0.id == id }.map { $0.hosts.allSatisfy(appLevel.contains) } == true
        }, "\(e.file): \(mapped)")
        let landed = Set(participants.map(\.id))
        let expectedUnmodeled = e.unmodeled.filter { title in
            !KnownSDK.all.contains { $0.title == title && $0.participant.map(landed.contains) == true }
        }
        #expect(result.unmodeled.map(\.title).sorted() == expectedUnmodeled.sorted(), "\(e.file)")
        for f in result.found { #expect(f.package.file == e.file && f.package.line > 0) }
    }

    @Test("The quick name check before a match: a pod's root name in any ASCII case; another name, a longer one or a symbol that differs only in bit 5 is no match")
    func quickNameCheck() {
        func pod(_ name: String) -> LockedPackage { LockedPackage(ecosystem: .cocoapods, name: name, version: "1.0.0", file: "Podfile.lock", line: 1) }
        #expect(PackageDeclaration.mayName(pod("GoogleUtilities/AppDelegateSwizzler"), "googleutilities"))
        #expect(PackageDeclaration.mayName(pod("RxCocoa"), "RXCOCOA"))
        #expect(!PackageDeclaration.mayName(pod("FirebaseMessaging"), "Firebase"))
        #expect(!PackageDeclaration.mayName(pod("Firebase"), "FirebaseMessaging"))
        // '@' (0x40) and '`' (0x60), '[' and '{', differ in the case bit only but are not letters.
        #expect(!PackageDeclaration.mayName(pod("a@b"), "a`b"))
        #expect(!PackageDeclaration.mayName(pod("a[b"), "a{b"))
        // A Swift package's whole name: no root to cut at a slash.
        let spm = LockedPackage(ecosystem: .spm, name: "firebase-ios-sdk", version: "12.0.0", file: "Package.resolved", line: 1)
        #expect(PackageDeclaration.mayName(spm, "Firebase-iOS-SDK"))
        #expect(!PackageDeclaration.mayName(LockedPackage(ecosystem: .spm, name: "a/b", version: nil, file: "Package.resolved", line: 1), "a"))
        // Non-ASCII names are left to the full comparison.
        #expect(PackageDeclaration.mayName(pod("Über"), "über"))
    }

    @Test("Podfile.lock: subspecs, dependencies, quoted names, sources and checkout options")
    func podfileLock() throws {
        let lock = try PodfileLock.parse(try Self.fixture("firebaseai.Podfile.lock"), file: "Podfile.lock")
        #expect(lock.pods.count == 8)
        #expect(lock.pods.contains { $0.name == "GoogleUtilities/NSData+zlib" && $0.version == "8.1.0" && $0.line == 16 })
        #expect(lock.pods.first { $0.name == "FirebaseCore" }?.dependencies.map(\.name) == ["FirebaseCoreInternal", "GoogleUtilities/Environment", "GoogleUtilities/Logger"])
        #expect(lock.pods.first { $0.name == "FirebaseCoreInternal" }?.dependencies.first?.requirement == "~> 8.1")
        #expect(lock.specRepos.map(\.repo) == ["https://github.com/firebase/SpecsStaging.git", "trunk"])
        #expect(lock.cocoapodsVersion == "1.16.2")

        let hawk = try PodfileLock.parse(try Self.fixture("githawk.Podfile.lock"), file: "Podfile.lock")
        let packages = hawk.packages(file: "Podfile.lock")
        let ig = try #require(packages.first { $0.name == "IGListKit/Swift" })
        #expect(ig.revision == "5c1c92b600f0d8094f22fff48e26ded323568194" && ig.source == "https://github.com/Instagram/IGListKit.git" && !ig.isLocal)
        #expect(packages.first { $0.name == "DateAgo" }?.isLocal == true)
        #expect(hawk.dependencies.last?.requirement == "from `https://github.com/Instagram/IGListKit.git`, branch `swift`")

        // CRLF and a byte-order mark read the same.
        let crlf = "\u{FEFF}" + (try Self.fixture("rxtodo.Podfile.lock")).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try PodfileLock.parse(crlf, file: "x").pods.map(\.name) == ["RxCocoa", "RxSwift"])
    }

    @Test("Package.resolved v1, v2, v3: identities, branch and revision pins, prerelease versions")
    func packageResolved() throws {
        let v1 = try PackageResolved.parse(try Self.fixture("isowords.v1.Package.resolved"), file: "P")
        #expect(v1.formatVersion == 1 && v1.pins.map(\.identity) == ["async-kit", "combine-schedulers", "swift-html"])
        #expect(v1.pins[1].version == nil && v1.pins[1].branch == "iso" && v1.pins[0].line == 4)
        let v2 = try PackageResolved.parse(try Self.fixture("icecubes.v2.Package.resolved"), file: "P")
        #expect(v2.pins.last?.branch == "master" && v2.pins.last?.version == nil)
        let v3 = try PackageResolved.parse(try Self.fixture("app.v3.Package.resolved"), file: "P")
        #expect(v3.formatVersion == 3 && v3.originHash?.hasPrefix("81aa") == true)
        #expect(PackageVersion("600.0.0-prerelease-2024-09-04")! < PackageVersion("600.0.0")!)
        #expect(PackageVersion("v11.2.1") == PackageVersion("11.2.1") && PackageVersion("3d9d99634cae6d586e272543d527681283b33eb0") == nil)
    }

    @Test("project.pbxproj: linked products decide a Swift package's match")
    func products() throws {
        let project = try XcodeProject.parse(try Self.fixture("app.project.pbxproj"), file: "project.pbxproj")
        #expect(project.productsByIdentity == ["rxswift": ["RxCocoa"], "iglistkit": ["IGListKit"]])
        #expect(project.products.contains { $0.productName == "AppAccount" && $0.identity == nil })
        let resolved = try PackageResolved.parse(try Self.fixture("app.v3.Package.resolved"), file: "P")
        let withoutRx = resolved.packages(file: "P", products: ["rxswift": ["RxSwift"], "iglistkit": ["IGListKit"]])
        let found = Scan.recognise(withoutRx, participants: Lab.catalog.participants).found
        #expect(found.map(\.participant) == ["iglist"], "RxSwift without RxCocoa hooks nothing")
        let assumed = Scan.recognise(resolved.packages(file: "P"), participants: Lab.catalog.participants).found
        #expect(assumed.first { $0.participant == "rx" }?.reason.contains("assumed") == true)
    }

    @Test("Cartfile.resolved: github, git and binary lines, tags and SHAs")
    func cartfile() throws {
        let cart = try CartfileResolved.parse(try Self.fixture("reactivecocoa.Cartfile.resolved"), file: "C")
        #expect(cart.entries.map(\.origin) == [.github, .github, .github, .github, .binary])
        let packages = cart.packages(file: "C")
        #expect(packages[2].revision == "3d9d99634cae6d586e272543d527681283b33eb0" && packages[2].version == nil)
        #expect(packages[0].version == "v5.0.0" && packages[0].name == "Quick/Nimble")
        #expect(try CartfileResolved.parse("git \"https://github.com/ReactiveX/RxSwift.git\" \"6.5.0\"\n", file: "C").entries[0].name == "ReactiveX/RxSwift")
    }

    @Test("pubspec.lock: hosted, git, path and sdk packages, quoted keys and values; other top-level keys skipped")
    func pubspecLock() throws {
        let text = """
        # Generated by pub
        packages:
          firebase_messaging:
            dependency: "direct main"
            description:
              name: firebase_messaging
              url: "https://pub.dev"
            source: hosted
            version: "16.5.0"
          board_view:
            dependency: "direct main"
            description:
              path: "."
              resolved-ref: "80cd60f55db250ea2c86ed5762e4c55337422efe"
              url: "https://github.com/example/board_view.git"
            source: git
            version: "0.2.3"
          'local_plugin':
            description:
              path: "plugins/local_plugin"
            source: path
            version: '1.0.0+2'
          flutter:
            description: flutter
            source: sdk
            version: "0.0.0"
        sdks:
          dart: ">=3.7.0 <4.0.0"

        """
        let packages = try Lockfile.packages(text: text, file: "pubspec.lock", format: .pubspecLock)
        #expect(packages.map(\.name) == ["firebase_messaging", "board_view", "local_plugin", "flutter"])
        #expect(packages.allSatisfy { $0.ecosystem == .pub })
        #expect(packages[0].version == "16.5.0" && packages[0].line == 9 && packages[0].source == "https://pub.dev")
        #expect(packages[1].revision == "80cd60f55db250ea2c86ed5762e4c55337422efe" && packages[1].source == "https://github.com/example/board_view.git")
        #expect(packages[2].isLocal && packages[2].version == "1.0.0+2" && packages[2].source == "plugins/local_plugin")
        #expect(packages[3].source == "flutter" && !packages[3].isLocal)
        // Its plugins map through their `package pub` lines: FlutterFire's versions, its path package noted.
        let found = Scan.recognise(packages, participants: Lab.catalog.participants).found
        #expect(found.map(\.participant) == ["flutterfire"])
        #expect(found.first?.reason == "version 16.5.0 in >= 11.4.2")
        let old = [LockedPackage(ecosystem: .pub, name: "firebase_messaging", version: "11.4.1", isLocal: true, file: "pubspec.lock", line: 3)]
        #expect(Scan.recognise(old, participants: Lab.catalog.participants).found.map(\.reason) == ["version 11.4.1 in >= 8.0.0 < 11.4.2, a path package, its version as its pubspec says"])
        #expect(Scan.AppFramework.of(packages, found: found, participants: Lab.catalog.participants) == .flutter)
    }

    @Test("Flutter plugins that take the notification delegate themselves are named by their pubspec.lock version (issue 44)")
    func flutterPluginsThatHook() throws {
        func recognise(_ name: String, _ version: String) -> (unmodeled: [String], nothing: [String]) {
            let package = LockedPackage(ecosystem: .pub, name: name, version: version, isLocal: false, file: "pubspec.lock", line: 3)
            let result = Scan.recognise([package], participants: Lab.catalog.participants)
            return (result.unmodeled.map(\.title), result.hookingNothing.map(\.title))
        }
        // crisp_chat 2.4.8+ keeps the previous delegate and forwards to it: the FlutterAppDelegate loop of its issue #180.
        #expect(recognise("crisp_chat", "2.5.0").unmodeled == ["crisp_chat 2.4.8+"])
        #expect(recognise("crisp_chat", "2.3.0").unmodeled == ["crisp_chat 2.2.5–2.4.7"])
        #expect(recognise("crisp_chat", "2.2.3").nothing == ["crisp_chat 2.2.2–2.2.4"])
        // flutter_local_notifications stopped taking the slot in 0.9.0.
        #expect(recognise("flutter_local_notifications", "0.8.4").unmodeled == ["flutter_local_notifications before 0.9"])
        #expect(recognise("flutter_local_notifications", "17.2.4").nothing == ["flutter_local_notifications"])
        // A plugin pod's Podfile.lock version (often 0.0.1) names no bounded entry: only pubspec.lock's does.
        let pod = LockedPackage(ecosystem: .cocoapods, name: "flutter_local_notifications", version: "0.0.1", isLocal: false, file: "Podfile.lock", line: 3)
        #expect(Scan.recognise([pod], participants: Lab.catalog.participants).unmodeled.isEmpty)
    }

    @Test("Version ranges: each operator at its bound, both sides of it, ranges of two bounds, pre-releases and build metadata")
    func versionRangeOperators() throws {
        func range(_ text: String) throws -> VersionRange { try VersionRange(words: text.split(separator: " ").map(String.init)) }
        func holds(_ text: String, _ version: String) throws -> Bool { try range(text).contains(try #require(PackageVersion(version))) }
        // Each operator just below, at and just above its bound: (below, at, above).
        let cases: [(String, [Bool])] = [("< 3.0.0", [true, false, false]), ("<= 3.0.0", [true, true, false]), ("> 3.0.0", [false, false, true]),
                                         (">= 3.0.0", [false, true, true]), ("= 3.0.0", [false, true, false])]
        for (text, expected) in cases {
            #expect(try ["2.9.9", "3.0.0", "3.0.1"].map { try holds(text, $0) } == expected, "\(text)")
        }
        // Missing components are zeros: 3 is 3.0.0.
        #expect(try holds("= 3.0.0", "3") && holds("<= 3", "3.0.0"))
        // Two bounds must both hold; '*' holds for every version.
        #expect(try [ "6.4.9", "6.5.0", "6.9.9", "6.10.0"].map { try holds(">= 6.5.0 < 6.10.0", $0) } == [false, true, true, false])
        #expect(try holds("*", "0.0.1") && holds("*", "99.0.0-beta"))
        // A pre-release sorts before its release and after the one before it, its identifiers compared as SemVer 2.0.0
        // §11 does (numbers numerically, below words; a shorter list first); build metadata does not count (§10).
        #expect(try !holds(">= 3.0.0", "3.0.0-beta.1") && holds("< 3.0.0", "3.0.0-beta.1") && holds("> 2.9.9", "3.0.0-beta.1"))
        #expect(try holds(">= 3.0.0-beta.1", "3.0.0-beta.2") && !holds(">= 3.0.0-beta.2", "3.0.0-beta.1"))
        #expect(try holds("> 3.0.0-beta.2", "3.0.0-beta.10") && holds("> 3.0.0-2", "3.0.0-alpha") && holds("> 3.0.0-beta", "3.0.0-beta.1"))
        #expect(try holds("= 1.0.0", "1.0.0+2") && !holds("< 1.0.0", "1.0.0+2") && holds("<= 1.0.0+7", "1.0.0+2"))
        #expect(PackageVersion("1.0.0+2")?.description == "1.0.0+2" && PackageVersion("6.5") == PackageVersion("6.5.0"))
        // Bad ranges name what was expected.
        #expect(throws: VersionRangeError.self) { try range(">= ") }
        #expect(throws: VersionRangeError.self) { try range("~> 3.0") }
        #expect(throws: VersionRangeError.self) { try range(">= three") }
    }

    @Test("App roots: a lockfile's directory, the directory of the Xcode project or workspace holding a Package.resolved, a Flutter app around its ios/, and a pub workspace's shared lock for each member app")
    func appRoots() {
        let flutter: Set<String> = ["mobile", "mobile/apps/auth", "mobile/apps/photos", "lichess"]
        let paths = ["Cartfile.resolved", "Client.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved",
                     "lichess/ios/Runner.xcworkspace/xcshareddata/swiftpm/Package.resolved", "lichess/pubspec.lock",
                     "mobile/apps/auth/ios/Podfile.lock", "mobile/apps/photos/ios/Podfile.lock", "mobile/pubspec.lock",
                     "rn/ios/Podfile.lock", "tool/pubspec.lock"]
        let groups = Lockfile.groupByApp(paths) { flutter.contains($0) }
        #expect(groups.map(\.root) == ["", "lichess", "mobile/apps/auth", "mobile/apps/photos", "rn/ios", "tool"])
        #expect(groups[0].files == ["Cartfile.resolved", "Client.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"])
        #expect(groups[1].files == ["lichess/ios/Runner.xcworkspace/xcshareddata/swiftpm/Package.resolved", "lichess/pubspec.lock"])
        #expect(groups[2].files == ["mobile/apps/auth/ios/Podfile.lock", "mobile/pubspec.lock"])
        #expect(groups[3].files == ["mobile/apps/photos/ios/Podfile.lock", "mobile/pubspec.lock"])
        // A Flutter app built with CocoaPods alone links a plugin only through its pod.
        let pods = [LockedPackage(ecosystem: .cocoapods, name: "Flutter", version: "1.0.0", file: "Podfile.lock", line: 2)]
        let plugin = LockedPackage(ecosystem: .pub, name: "firebase_messaging", version: "16.5.0", file: "pubspec.lock", line: 9)
        #expect(Scan.linkedPlugins(pods + [plugin]).count == 1)
        let withPod = pods + [LockedPackage(ecosystem: .cocoapods, name: "firebase_messaging", version: "16.5.0", isLocal: true, file: "Podfile.lock", line: 4)]
        #expect(Scan.linkedPlugins(withPod + [plugin]).count == 3)
        let withSwiftPM = pods + [LockedPackage(ecosystem: .spm, name: "firebase-ios-sdk", version: "12.0.0", file: "Package.resolved", line: 4)]
        #expect(Scan.linkedPlugins(withSwiftPM + [plugin]).count == 3)
    }

    @Test("App-delegate source: a framework base class, UIApplicationDelegate adopted, SwiftUI's adaptor, Objective-C; class extensions and other classes skipped")
    func appDelegateSource() {
        func read(_ text: String) -> AppDelegateSource? { AppDelegateSource.read(text, file: "AppDelegate.swift") }
        let flutter = read("import Flutter\n\n@main\n@objc class AppDelegate: FlutterAppDelegate, FlutterImplicitEngineDelegate {\n}\n")
        #expect(flutter?.kind == .flutter && flutter?.className == "AppDelegate" && flutter?.line == 4 && flutter?.isEntryPoint == true)
        #expect(read("public class AppDelegate: ExpoAppDelegate {\n")?.kind == .expo)
        #expect(read("class AppDelegate: RCTAppDelegate, UNUserNotificationCenterDelegate {\n")?.kind == .reactNative)
        let native = read("final class AppDelegate: UIResponder, UIApplicationDelegate, WindowProvider {\n")
        #expect(native?.kind == .uikit && native?.superclass == "UIResponder" && native?.isEntryPoint == false)
        // A subclass of the app's own base delegate (iBurn's AppDelegate: BRCAppDelegate).
        #expect(read("@main\nfinal class AppDelegate: BRCAppDelegate {\n")?.superclass == "BRCAppDelegate")
        // SwiftUI: the adaptor names the delegate, and wins over the class in the same file.
        let swiftUI = read("@main\nstruct HAApp: App {\n    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate\n}\nclass AppDelegate: UIResponder, UIApplicationDelegate {}\n")
        #expect(swiftUI?.kind == .swiftui && swiftUI?.className == "AppDelegate" && swiftUI?.line == 3)
        #expect(read("@main\nstruct IceCubesApp: App {\n  @UIApplicationDelegateAdaptor private var appDelegate: AppDelegate\n")?.className == "AppDelegate")
        // Objective-C: a declaration with a superclass. Without one (the header not in the tree), a class extension that
        // adopts UIApplicationDelegate, or the implementation of a class named like an app delegate, with its superclass
        // unknown; a declaration wins over both.
        #expect(AppDelegateSource.read("@interface AppDelegate : UIResponder <UIApplicationDelegate>\n", file: "AppDelegate.h")?.kind == .uikit)
        let extensionOnly = AppDelegateSource.read("@interface OEXAppDelegate () <UIApplicationDelegate>\n@end\n@implementation OEXAppDelegate\n", file: "OEXAppDelegate.m")
        #expect(extensionOnly?.className == "OEXAppDelegate" && extensionOnly?.superclass == "" && extensionOnly?.line == 1)
        #expect(AppDelegateSource.read("#import \"AppDelegate.h\"\n@implementation AppDelegate\n", file: "ios/AppDelegate.mm")?.line == 2)
        #expect(AppDelegateSource.read("@interface Helper ()\n@end\n@implementation Helper\n", file: "Helper.m") == nil)
        #expect(AppDelegateSource.read("@interface AppDelegate ()\n@end\n@interface AppDelegate : RCTAppDelegate\n", file: "AppDelegate.m")?.superclass == "RCTAppDelegate")
        // Other classes, comments and nonsense are skipped, never an error.
        #expect(read("class ReactNativeDelegate: RCTDefaultReactNativeFactoryDelegate {\n// class AppDelegate: FlutterAppDelegate\n") == nil)
        #expect(read("class : {\nclass X:\n@interface Y :\n@UIApplicationDelegateAdaptor(") == nil)
        // The framework it shows refines the lockfiles' answer.
        #expect(Scan.AppFramework.unknown.refined(by: native) == .uikit && Scan.AppFramework.reactNative.refined(by: native) == .reactNative)
        #expect(Scan.AppFramework.unknown.refined(by: swiftUI) == .swiftui && Scan.AppFramework.unknown.refined(by: flutter) == .flutter)
        let hosts = Lab.catalog.hosts
        #expect(!Scan.AppFramework.uikit.hosts(hosts).contains { $0.name == "UIApplication@swiftui" })
        #expect(Scan.AppFramework.swiftui.hosts(hosts).map(\.name).filter { $0.hasPrefix("UIApplication") } == ["UIApplication@swiftui"])
    }

    @Test("Brought parts: FirebaseMessaging brings GoogleUtilities' swizzler at the app's pin; a Flutter plugin from SwiftPM brings FirebaseMessaging; one from CocoaPods brings nothing")
    func broughtParts() throws {
        let pins = [
            LockedPackage(ecosystem: .spm, name: "firebase-ios-sdk", version: "12.17.0", products: ["FirebaseCrashlytics"], file: "Package.resolved", line: 39),
            LockedPackage(ecosystem: .spm, name: "googleutilities", version: "8.1.2", products: [], file: "Package.resolved", line: 84),
        ]
        let plugin = LockedPackage(ecosystem: .pub, name: "firebase_messaging", version: "16.5.0", file: "pubspec.lock", line: 539)
        let all = Scan.withBroughtParts(pins + [plugin])
        #expect(all.count == 5)
        let brought = Array(all.suffix(2))
        #expect(brought.map(\.name) == ["firebase-ios-sdk", "googleutilities"])
        #expect(brought.map(\.broughtBy) == ["the Flutter plugin firebase_messaging 16.5.0", "FirebaseMessaging"])
        #expect(brought.map(\.version) == ["12.17.0", "8.1.2"] && brought.map(\.line) == [39, 84])
        let result = Scan.recognise(all, participants: Lab.catalog.participants)
        #expect(result.found.map(\.participant) == ["flutterfire", "fcm", "gul"])
        #expect(result.found[2].reason == "version 8.1.2 in >= 8.0.0, product GULAppDelegateSwizzler, brought by FirebaseMessaging")
        // GoogleUtilities hooks, through the part FirebaseMessaging brings: it is not listed as hooking nothing.
        #expect(!result.hookingNothing.contains { $0.title == "GoogleUtilities" })
        // The three lockfile entries are placed; the brought parts are not lockfile entries.
        #expect(result.placed == 3)
        // Without the app's pin the part's version is unknown: an open-ended range is assumed, and said so.
        let alone = Scan.recognise(Scan.withBroughtParts([plugin]), participants: Lab.catalog.participants)
        #expect(alone.found.map(\.participant) == ["flutterfire", "fcm", "gul"])
        #expect(alone.found[2].reason.hasPrefix("no lockfile pins its version, assumed current (>= 8.0.0)"))
        // The plugin in a Podfile.lock came through CocoaPods: its pods are listed there, nothing is brought.
        let pod = LockedPackage(ecosystem: .cocoapods, name: "firebase_messaging", version: "16.5.0", isLocal: true, file: "Podfile.lock", line: 66)
        #expect(Scan.withBroughtParts([pod, plugin]).count == 2)
        // A plugin from before its Swift package (15.2.0) brings nothing.
        var old = plugin
        old.version = "15.1.0"
        #expect(Scan.withBroughtParts([old]).count == 1)
        // FirebaseAuth, FirebaseAppDistribution and FirebaseAnalytics's products bring the app-delegate swizzler too (they turn
        // it on; Analytics by default, Firebase's FIRAnalytics(AppDelegate) reference); FirebasePerformance brings the method
        // swizzler, named as not modeled, never as hooking nothing; FirebaseCrashlytics brings neither.
        for (product, expected) in [("FirebaseAuth", ["gul"]), ("FirebaseAppDistribution-Beta", ["gul"]), ("FirebaseAnalytics", ["gul"]),
                                    ("FirebaseAnalyticsCore", ["gul"]), ("FirebaseAnalyticsWithoutAdIdSupport", ["gul"]), ("FirebaseCrashlytics", [])] {
            let linked = LockedPackage(ecosystem: .spm, name: "firebase-ios-sdk", version: "12.0.0", products: [product], file: "Package.resolved", line: 3)
            let found = Scan.recognise(Scan.withBroughtParts([linked, pins[1]]), participants: Lab.catalog.participants)
            #expect(found.found.filter { $0.participant == "gul" }.map(\.participant) == expected, "\(product)")
            #expect(found.found.filter { $0.participant == "gul" }.allSatisfy { $0.reason.hasSuffix("brought by \(product)") }, "\(product)")
        }
        let performance = LockedPackage(ecosystem: .spm, name: "firebase-ios-sdk", version: "12.0.0", products: ["FirebasePerformance"], file: "Package.resolved", line: 3)
        let fpr = Scan.recognise(Scan.withBroughtParts([performance, pins[1]]), participants: Lab.catalog.participants)
        #expect(fpr.unmodeled.map(\.title).contains("GoogleUtilities method swizzler"), "\(fpr.unmodeled.map(\.title))")
        #expect(!fpr.hookingNothing.contains { $0.title == "GoogleUtilities" })
    }

    @Test("Malformed lockfiles name the file and line", arguments: [
        ("Podfile.lock", "PODS:\n  - RxCocoa (6.5.0):\n    - RxSwift (= 6.5.0)\n  - RxCocoa\n", 4, "has no version"),
        ("Podfile.lock", "PODS:\n  - A (1.0)\nPODZ:\n", 3, "unknown section 'PODZ'"),
        ("Podfile.lock", "PODS:\n   - A (1.0)\n", 2, "indentation"),
        ("Podfile.lock", "PODS:\n  - \"A (1.0)\n", 2, "not closed"),
        ("Podfile.lock", "PODS:\n  - A/B (1.0)\n  - A/C (2.0)\n", 3, "one version"),
        ("Podfile.lock", "PODS:\n  - A (1.0)\nEXTERNAL SOURCES:\n  B:\n    :path: x\n", 4, "PODS does not list it"),
        ("Package.resolved", "{\n  \"pins\": [],\n  \"version\": 4\n}\n", 3, "unknown 'Package.resolved' version"),
        ("Package.resolved", "{\n  \"pins\": [\n    {\"identity\": \"a\", \"kind\": \"remoteSourceControl\", \"location\": \"x\", \"state\": {}}\n  ],\n  \"version\": 2\n}\n", 3, "without \"revision\""),
        ("Package.resolved", "{\n  \"pins\": [\n", 3, "expected a JSON value"),
        ("Cartfile.resolved", "github \"a/b\" \"1.0\"\n# note\n", 2, "a comment"),
        ("Cartfile.resolved", "github \"a/b\" \"1.0\"\nsvn \"x\" \"1\"\n", 2, "unexpected dependency type 'svn'"),
        ("Cartfile.resolved", "github \"a/b\" 1.0\n", 1, "pinned version in double quotes"),
        ("pubspec.lock", "packages:\n  a:\n\tversion: \"1.0.0\"\n", 3, "a tab in the indentation"),
        ("pubspec.lock", "packages:\n  a:\n    version \"1.0.0\"\n", 3, "expected 'key: value'"),
        ("pubspec.lock", "packages:\n    a:\n      version: \"1.0.0\"\n  b:\n", 4, "less than the package names'"),
        ("pubspec.lock", "packages:\n  a:\n      version: \"1.0.0\"\n    source: hosted\n", 4, "matches neither"),
        ("pubspec.lock", "packages:\n  a: 1.0.0\n", 2, "hold its keys on the lines below"),
    ])
    func malformed(_ file: String, _ text: String, _ line: Int, _ message: String) {
        do {
            _ = try Lockfile.packages(text: text, file: file, format: LockfileFormat(fileName: file)!)
            Issue.record("\(file) should be refused: \(text)")
        } catch {
            #expect(error.file == file && error.line == line && error.message.contains(message), "\(error)")
        }
    }

    @Test("A participant file declares packages; a bad range names the line")
    func participantFilePackages() throws {
        let text = "participant mysdk:proxy\npackage cocoapods MySDK Tracking >= 3.0.0 < 4.0.0\npackage spm mysdk >= 3.0\nobserve UITableView tableView:didSelectRowAtIndexPath:\nsetter exchange\nswizzle-class\n"
        let file = try ParticipantFile.parse(text: text, file: "m.hooklab")
        #expect(file.info.packages.map(\.description) == ["package cocoapods MySDK Tracking >= 3.0.0 < 4.0.0", "package spm mysdk >= 3.0"])
        let pod = LockedPackage(ecosystem: .cocoapods, name: "MySDK/Tracking", version: "3.2.1", file: "Podfile.lock", line: 7)
        #expect(Scan.recognise([pod], participants: [file.info]).found.first?.participant == "mysdk:proxy")
        #expect(Scan.recognise([LockedPackage(ecosystem: .cocoapods, name: "MySDK/Tracking", version: "4.0.0", file: "P", line: 1)],
                               participants: [file.info]).found.isEmpty)
        #expect(throws: InputFileError.self) { try ParticipantFile.parse(text: text.replacingOccurrences(of: ">= 3.0\n", with: ">= three\n"), file: "m.hooklab") }
        do { _ = try ParticipantFile.parse(text: "participant a\npackage npm x *\n", file: "m.hooklab") } catch { #expect(error.line == 2 && error.message.contains("unknown package manager")) }
        // A Flutter plugin is a pub package, named alone.
        let plugin = try PackageDeclaration(words: ["pub", "my_plugin", ">=", "2.0.0"])
        #expect(plugin.description == "package pub my_plugin >= 2.0.0")
        #expect(plugin.match(LockedPackage(ecosystem: .pub, name: "my_plugin", version: "2.1.0", file: "pubspec.lock", line: 9)) == .yes("version 2.1.0 in >= 2.0.0"))
        #expect(throws: VersionRangeError.self) { try PackageDeclaration(words: ["pub", "my_plugin", "Sub", "*"]) }
    }

    @Test("The catalogue: ranges parse, and no two entries of one participant overlap in a way that changes the answer")
    func catalogue() {
        for sdk in KnownSDK.all {
            for p in sdk.packages {
                // The literal ranges survive a round trip (a typo would have become '*').
                #expect((try? PackageDeclaration(words: p.description.split(separator: " ").dropFirst().map(String.init))) == p, "\(sdk.title): \(p)")
            }
        }
        // Every built-in participant maps to a package or says why not.
        let ids = Set(KnownSDK.all.compactMap(\.participant)).union(participantsWithoutPackage.map(\.id))
        for p in Lab.catalog.participants where !ids.contains(p.id) && p.packages.isEmpty && p.setting == nil {
            Issue.record("participant \(p.id) maps to no package and is not in participantsWithoutPackage")
        }
        // Sensors Data's DeprecatedCellClick subspec selects the exchange scheme, not the dynamic subclass: reported as not
        // modeled yet (4.x keeps its exposure hooks next to it, which the 2.x line `sensors:exchange` lacks).
        let deprecated = LockedPackage(ecosystem: .cocoapods, name: "SensorsAnalyticsSDK/DeprecatedCellClick", version: "4.5.0", file: "P", line: 1)
        let known = KnownSDK.all.first { sdk in sdk.packages.contains { if case .yes = $0.match(deprecated) { true } else { false } } }
        #expect(known?.title == "Sensors Data (DeprecatedCellClick)" && known?.participant == nil)
        // The 2.x subspec maps to the participant file's own package line.
        let subspec = LockedPackage(ecosystem: .cocoapods, name: "SensorsAnalyticsSDK/ENABLE_AUTOTRACK_DIDSELECTROW", version: "2.1.17", file: "P", line: 1)
        #expect(Scan.recognise([subspec], participants: Lab.catalog.participants).found.map(\.participant) == ["sensors:exchange"])
        // Every Sensors Data version maps to one entry: the view-controller scheme (not modeled) around 1.10.13–1.10.15's
        // NSProxy, then 2.2.0–2.5.2's per-instance subclass, 2.5.3–4.0.3's other one (not modeled), then 4.0.4's per-class one.
        let at = { (v: String) in Scan.recognise([LockedPackage(ecosystem: .cocoapods, name: "SensorsAnalyticsSDK", version: v, file: "P", line: 1)],
                                                 participants: Lab.catalog.participants) }
        #expect(at("1.10.12").unmodeled.map(\.plannedParticipant) == ["sensors:vc"])
        #expect(at("1.10.13").found.map(\.participant) == ["sensors:nsproxy"])
        #expect(at("1.10.15").found.map(\.participant) == ["sensors:nsproxy"])
        #expect(at("1.10.16").unmodeled.map(\.plannedParticipant) == ["sensors:vc"])
        #expect(at("2.2.0").found.map(\.participant) == ["sensors:isa-instance"])
        #expect(at("2.5.2").found.map(\.participant) == ["sensors:isa-instance"])
        #expect(at("2.5.3").found.isEmpty && at("4.0.3").unmodeled.map(\.title) == ["Sensors Data 2.5.3–4.0.3"])
        #expect(at("4.0.4").found.map(\.participant) == ["sensors"])
        #expect(at("2.5.2").unmodeled.isEmpty && at("1.10.15").unmodeled.isEmpty)
        // OneSignal: the lab models the 5.x code base; a 3.x or 4.x pod is not modeled, never mapped to it.
        for (name, version, participant) in [("OneSignalXCFramework", "5.0.0", "onesignal"), ("OneSignal", "5.5.5", "onesignal"),
                                              ("OneSignalXCFramework", "3.12.6", nil), ("OneSignal", "2.16.5", nil)] as [(String, String, String?)] {
            let result = Scan.recognise([LockedPackage(ecosystem: .cocoapods, name: name, version: version, file: "P", line: 1)],
                                        participants: Lab.catalog.participants)
            #expect(result.found.map(\.participant) == (participant.map { [$0] } ?? []), "\(name) \(version)")
            #expect(result.unmodeled.map(\.title) == (participant == nil ? ["OneSignal before 5"] : []), "\(name) \(version)")
        }
        // Customer.io: the wrapper from 3.9.0, its own openURL from 3.13.1 (#950, 795bdf12); before 3.9.0 a setDelegate:
        // swizzle the lab does not model. Each pod of the SDK maps the same way.
        for pod in ["CustomerIO", "CustomerIOMessagingPush"] {
            let customerio = { (v: String) in Scan.recognise([LockedPackage(ecosystem: .cocoapods, name: pod, version: v, file: "P", line: 1)],
                                                             participants: Lab.catalog.participants) }
            #expect(customerio("3.8.2").found.isEmpty && customerio("3.8.2").unmodeled.map(\.title) == ["Customer.io 2.11–3.8"])
            #expect(customerio("2.10.2").unmodeled.map(\.title) == ["Customer.io 2.10"])
            #expect(customerio("2.9.2").unmodeled.map(\.title) == ["Customer.io before 2.10"])
            #expect(customerio("3.9.0").found.map(\.participant) == ["customerio:forwarding"])
            #expect(customerio("3.13.0").found.map(\.participant) == ["customerio:forwarding"])
            #expect(customerio("3.13.1").found.map(\.participant) == ["customerio"])
            #expect(customerio("4.7.5").found.map(\.participant) == ["customerio"])
        }
        // Mixpanel: automatic push tracking replaces an IMP from 3.2.0 to 3.9.x; 4.0.0 removed it with every swizzle;
        // before 3.2.0 the catalogue has not read the code, so it says nothing of it.
        let mixpanel = { (v: String) in Scan.recognise([LockedPackage(ecosystem: .cocoapods, name: "Mixpanel", version: v, file: "P", line: 1)],
                                                       participants: Lab.catalog.participants) }
        #expect(mixpanel("3.9.2").unmodeled.map(\.title) == ["Mixpanel 3.2–3.9"])
        #expect(mixpanel("5.0.9").unmodeled.isEmpty && mixpanel("5.0.9").hookingNothing.map(\.title) == ["Mixpanel 4 and later"])
        #expect(mixpanel("3.1.9").unmodeled.isEmpty && mixpanel("3.1.9").hookingNothing.isEmpty)
        // Datadog RUM: 3.8.0-3.8.1, 3.8.2 (the proxy on the scroll view, the getter unwrapped), 3.8.3 (the
        // proxy on the delegate, #2776), 3.9.0 on (the setter's re-entrancy guard, #2791).
        let datadog = { (v: String) in Scan.recognise([LockedPackage(ecosystem: .cocoapods, name: "DatadogRUM", version: v, file: "P", line: 1)],
                                                      participants: Lab.catalog.participants) }
        #expect(datadog("3.8.1").found.map(\.participant) == ["datadog:3.8.0"])
        #expect(datadog("3.8.2").found.map(\.participant) == ["datadog:3.8.2"])
        #expect(datadog("3.8.3").found.map(\.participant) == ["datadog:3.8.3"])
        #expect(datadog("3.9.0").found.map(\.participant) == ["datadog"])
        #expect(datadog("3.11.0").found.map(\.participant) == ["datadog"])
    }
}

@Suite("hooklab scan")
struct ScanCommandTests {
    let temporary = TemporaryDirectory()
    var root: URL { temporary.url }

    func run(_ arguments: String...) -> (code: Int32, out: String, err: String) {
        let (cli, captured) = CLI.fake(root: root, catalog: Lab.catalog)
        let code = cli.main(arguments: arguments)
        return (code, captured.out, captured.err)
    }

    func place(_ fixture: String, at path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ScannerTests.fixture(fixture).write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("RxCocoa with IGListKit in a Podfile.lock exits 1 with Rx's asserts and the lost events, at the lockfile lines")
    func rxWithIGListKit() throws {
        try place("rx-iglist.Podfile.lock", at: "ios/Podfile.lock")
        try place("rx-iglist.Podfile.lock", at: "ios/Pods/Manifest/Podfile.lock")   // under Pods/: skipped
        let result = run("scan", "--sarif", "out/scan.sarif", "--junit", "out/scan.xml")
        #expect(result.code == 1, "\(result.err)")
        #expect(result.out.contains("| RxCocoa | 6.5.0 | `ios/Podfile.lock:5` | `rx` | version 6.5.0 in >= 6.5.0 |"))
        #expect(result.out.contains("### UICollectionView: `iglist`, `rx` — ❌ some orders fail"))
        #expect(result.out.contains("assertionFailure") && result.out.contains("lostEvent"))
        #expect(result.out.contains("Firebase Messaging") || Lab.catalog.participant("fcm") != nil)
        #expect(!result.out.contains("Manifest"))
        let sarif = try JSONValue.parse(String(contentsOf: root.appendingPathComponent("out/scan.sarif"), encoding: .utf8)).value
        #expect(sarif["version"] == .string("2.1.0"))
        guard case .array(let runs)? = sarif["runs"], case .array(let results)? = runs.first?["results"] else { Issue.record("no results"); return }
        let rxIG = results.first { r in r["message"].map { $0.text(indent: nil).contains("rx + iglist") || $0.text(indent: nil).contains("iglist + rx") } ?? false }
        #expect(rxIG?["locations"]?.text(indent: nil).contains("\"startLine\":5") == true, "the later SDK's line: RxCocoa at line 5")
        #expect(try String(contentsOf: root.appendingPathComponent("out/scan.xml"), encoding: .utf8).contains("<failure type="))

        let json = run("scan", "ios/Podfile.lock", "--json")
        #expect(json.code == 1)
        let document = try JSONValue.parse(json.out).value
        guard case .array(let hosts)? = document["hosts"], case .object? = hosts.first else { Issue.record("no hosts"); return }
        for key in ["host", "participants", "passing", "causes", "fixes"] { #expect(hosts[0][key] != nil, "\(key)") }
        guard case .array(let found)? = document["found"] else { Issue.record("no found"); return }
        for key in ["package", "version", "file", "line", "participant"] { #expect(found.first?[key] != nil, "\(key)") }
    }

    @Test("Firebase Messaging with CleverTap exits 1 with the right causes: CleverTap's own methods on SwiftUI's app delegate")
    func fcmWithCleverTap() throws {
        try place("fcm-clevertap.Podfile.lock", at: "Podfile.lock")
        let result = run("scan", "Podfile.lock")
        #expect(result.code == 1, "\(result.err)")
        #expect(result.out.contains("| CleverTap-iOS-SDK | 7.1.0 | `Podfile.lock:2` | `clevertap` |"), "\(result.out)")
        // UIKit lifecycle: GUL's subclass always has the legacy openURL:sourceApplication:annotation: (its donor), and
        // CleverTap, testing that one first (a branch compiled out for iOS 9 and later), hooks no openURL: after
        // Firebase it never sees a deep link (CTSwizzleManager.m:114-126 @7.7.0; GULAppDelegateSwizzler.m:412-423).
        #expect(result.out.contains("### UIApplication: `clevertap`, `fcm`, `gul` — ❌ some orders fail"), "\(result.out)")
        #expect(result.out.contains("  ✅ clevertap → fcm → gul\n") && result.out.contains("clevertap's observer never received application:openURL:options:"), "\(result.out)")
        // SwiftUI lifecycle: CleverTap adds its own openURL to SwiftUI's app delegate (which lacks it: it forwards to the
        // adaptor) and resets the delegate, so the adaptor's openURL never runs; CleverTap alone is the shrunk reproducer.
        #expect(result.out.contains("### UIApplication@swiftui: `clevertap`, `fcm`, `gul` — ❌ some orders fail"), "\(result.out)")
        #expect(result.out.contains("never received application:openURL:options:"), "\(result.out)")
        #expect(result.out.contains("host UIApplication@swiftui\n       config debug\n       set-delegate app\n       attach clevertap\n       fire application:openURL:options:\n       expect lostEvent"), "\(result.out)")
        #expect(!result.out.contains("not modeled yet (will be `clevertap`)"))
        // The notification center: Firebase first loses the tap under CleverTap's block selector; CleverTap first passes.
        #expect(result.out.contains("### UNUserNotificationCenter: `clevertap`, `fcm` — ❌ some orders fail"), "\(result.out)")
        #expect(result.out.contains("never received userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"), "\(result.out)")
        #expect(result.out.contains("install `clevertap` before `fcm`"), "\(result.out)")
    }

    @Test("A Flutter app whose plugins come through SwiftPM: FlutterFire from pubspec.lock, FCM brought by the plugin, GoogleUtilities' swizzler by FCM")
    func flutterWithSwiftPM() throws {
        let app = AppCorpusTests.apps.appendingPathComponent("flutter-spm-lichess").path
        let result = run("scan", app)
        // Its Xcode project links only the generated local package; the lockfiles still show what it builds.
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("read as a Flutter app"), "\(result.out)")
        #expect(result.out.contains("flutter-spm-lichess/pubspec.lock:539` | `flutterfire` | version 16.5.0 in >= 11.4.2 |"), "\(result.out)")
        #expect(result.out.contains("| `fcm` | version 12.17.0 in >= 11.0.0, product FirebaseMessaging, brought by the Flutter plugin firebase_messaging 16.5.0 |"), "\(result.out)")
        #expect(result.out.contains("| `gul` | version 8.1.2 in >= 8.0.0, product GULAppDelegateSwizzler, brought by FirebaseMessaging |"), "\(result.out)")
        #expect(!result.out.contains("Known to hook nothing: Firebase (other products), GoogleUtilities"), "\(result.out)")
        #expect(result.out.contains("### UIApplication@flutter: `flutterfire`, `fcm`, `gul`"), "\(result.out)")
        #expect(result.out.contains("From the app's source: its app delegate `AppDelegate` subclasses `FlutterAppDelegate` (`"), "\(result.out)")
        // A UIKit app (its source's app delegate subclasses UIResponder) is not checked on SwiftUI's app delegate.
        let habitica = run("scan", AppCorpusTests.apps.appendingPathComponent("native-pods-habitica").path, "--json").out
        let json = try JSONValue.parse(habitica).value
        #expect(json["framework"] == .string("uikit") && json["appDelegate"]?["class"] == .string("HabiticaAppDelegate"), "\(habitica.prefix(400))")
        #expect(!habitica.contains("UIApplication@swiftui"))
        // Its FCM 9.4 with GoogleUtilities 7.7 maps to `fcm:10` and `gul:7`, which run together (FCM 10 and earlier require
        // GoogleUtilities 7): the app delegate is checked.
        #expect(json["conflict"] == .bool(false))
        #expect(habitica.contains("version 9.4.0 in >= 7.2.0 < 11.0.0, subspec Messaging"), "\(habitica.prefix(1200))")
        #expect(habitica.contains("\"participants\":[\"fbsdk\",\"fcm:10\",\"gul:7\"]") || habitica.contains("fcm:10"), "\(habitica.prefix(1200))")
        #expect(!(json["verdict"].map { "\($0)" } ?? "").contains("not checked"), "\(habitica.prefix(600))")
    }

    @Test("A set no order of which can happen (FirebaseMessaging 12 pinned beside GoogleUtilities 7) is 'not checked' with the reason, never a failure")
    func impossibleSet() throws {
        try ("PODS:\n  - FBSDKCoreKit (17.0.0)\n  - FirebaseMessaging (12.0.0)\n  - GoogleUtilities/AppDelegateSwizzler (7.13.3)\n"
             + "\nDEPENDENCIES:\n  - FBSDKCoreKit\n  - FirebaseMessaging\n")
            .write(to: root.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        let result = run("scan", "Podfile.lock", "--json")
        #expect(result.code == 0, "\(result.err)")
        let json = try JSONValue.parse(result.out).value
        #expect(json["conflict"] == .bool(false))
        #expect(json["verdict"].map { "\($0)" }?.contains("not checked on the app delegate: FBSDKCoreKit (`fbsdk`) and FirebaseMessaging (`fcm`) and GoogleUtilities (`gul:7`) cannot run together in the lab (Firebase Messaging 11 and 12 require GoogleUtilities 8)") == true, "\(result.out.prefix(900))")
    }

    @Test("A monorepo is one scan per app: ente's two Flutter apps share the workspace's pubspec.lock, and only the one whose Podfile.lock has the plugin gets FlutterFire")
    func monorepo() throws {
        let app = AppCorpusTests.apps.appendingPathComponent("monorepo-flutter-ente").path
        // Two runs (each advises both apps): Markdown with the JUnit file, then JSON with the GitHub commands.
        let result = run("scan", app, "--junit", "scan.xml")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("# HookLab scan: 2 apps\n"), "\(result.out.prefix(300))")
        let parts = result.out.components(separatedBy: "\n## App `")
        #expect(parts.count == 3)
        let auth = try #require(parts.dropFirst().first { $0.contains("mobile/apps/auth`") }), photos = try #require(parts.dropFirst().first { $0.contains("mobile/apps/photos`") })
        // The shared lock names photos' plugin; auth's Podfile.lock does not link it, so it is not in auth.
        #expect(auth.contains("mobile/pubspec.lock") && !auth.contains("`flutterfire`") && auth.contains("`sentry`"))
        #expect(photos.contains("`flutterfire`") && photos.contains("`fcm`") && photos.contains("`gul`"))
        // Each app's headings sit one level below its own.
        #expect(photos.contains("\n### SDKs the lab models (4)\n") && !result.out.contains("\n# HookLab scan\n"))
        let jsonRun = run("scan", app, "--json", "--github").out
        let commands = jsonRun.prefix { $0 != "{" }
        #expect(commands.contains("::notice title=hooklab scan%3A ") && commands.contains("mobile/apps/photos::"), "\(commands)")
        let json = try JSONValue.parse(String(jsonRun.dropFirst(commands.count))).value
        guard case .array(let apps)? = json["apps"] else { Issue.record("no apps in the JSON"); return }
        #expect(apps.compactMap { if case .string(let root)? = $0["root"] { root } else { nil } }.map { $0.hasSuffix("mobile/apps/auth") || $0.hasSuffix("mobile/apps/photos") } == [true, true])
        #expect(json["conflict"] == .bool(false))
        // The JUnit suites name each app.
        let junit = try String(contentsOf: root.appendingPathComponent("scan.xml"), encoding: .utf8)
        #expect(junit.contains("mobile/apps/photos · UIApplication@flutter · "), "\(junit.prefix(600))")
    }

    @Test("Bad input exits 2 naming the file and line; the SARIF, JUnit and JSON asked for carry the error")
    func badInput() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app"), withIntermediateDirectories: true)
        try "PODS:\n  - RxCocoa 6.5.0)\n".write(to: root.appendingPathComponent("app/Podfile.lock"), atomically: true, encoding: .utf8)
        let bad = run("scan", "--sarif", "scan.sarif", "--junit", "scan.xml", "--json")
        #expect(bad.code == 2 && bad.err.contains("app/Podfile.lock:2:"), "\(bad.err)")
        let sarif = try JSONValue.parse(try String(contentsOf: root.appendingPathComponent("scan.sarif"), encoding: .utf8)).value
        guard case .array(let runs)? = sarif["runs"], case .array(let invocations)? = runs.first?["invocations"],
              case .array(let notifications)? = invocations.first?["toolExecutionNotifications"] else { Issue.record("no notification"); return }
        #expect(invocations.first?["executionSuccessful"] == .bool(false))
        #expect(notifications.first?["message"]?["text"].map { "\($0)" }?.contains("app/Podfile.lock:2:") == true)
        guard case .array(let locations)? = notifications.first?["locations"] else { Issue.record("no location"); return }
        #expect(locations.first?["physicalLocation"]?["region"]?["startLine"] == .number(2))
        #expect(runs.first?["results"] == .array([]))
        let junit = try String(contentsOf: root.appendingPathComponent("scan.xml"), encoding: .utf8)
        #expect(junit.contains("errors=\"1\"") && junit.contains("app/Podfile.lock:2:"))
        #expect(bad.out.hasPrefix("{\"error\": \"app/Podfile.lock:2:"), "\(bad.out)")
        try "x".write(to: root.appendingPathComponent("Gemfile.lock"), atomically: true, encoding: .utf8)
        let unknown = run("scan", "Gemfile.lock")
        #expect(unknown.code == 2 && unknown.err.contains("reads Podfile.lock, Package.resolved, Cartfile.resolved and pubspec.lock"))
        #expect(run("scan", "missing/").code == 2)
    }

    @Test("A Package.resolved inside an .xcodeproj reads the project's linked products; nothing conflicting exits 0")
    func xcodeProject() throws {
        try place("app.v3.Package.resolved", at: "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        try place("app.project.pbxproj", at: "App.xcodeproj/project.pbxproj")
        let result = run("scan")
        #expect(result.out.contains("product RxCocoa (linked in project.pbxproj)"), "\(result.out)")
        #expect(result.code == 1)
        try place("moya.Cartfile.resolved", at: "other/Cartfile.resolved")
        let alone = run("scan", "other")
        #expect(alone.code == 0 && alone.out.contains("`other/Cartfile.resolved:6`"), "\(alone.out)")
    }
}

@Suite("Scanner fuzz: mutated lockfiles never trap")
struct ScannerFuzzTests {
    @Test("Mutated real lockfiles are read or refused with a line inside the file", arguments: ScannerTests.expectations.map(\.file))
    func mutations(_ name: String) throws {
        let text = try ScannerTests.fixture(name)
        let format = ScannerTests.expectations.first { $0.file == name }!.format
        var rng = SeededGenerator(seed: 0x5CA9 &+ UInt64(name.utf8.count))
        let pieces = ["\"", "'", ":", " ", "\n", "(", ")", "- ", "{", "}", "[", "]", ",", "\u{FEFF}", "\r\n", "\t", "#", "/", "null", "0"]
        for _ in 0..<300 {
            var scalars = Array(text.unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !scalars.isEmpty {
                let i = Int.random(in: 0..<scalars.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: scalars.remove(at: i)
                case 1: scalars.insert(contentsOf: pieces.randomElement(using: &rng)!.unicodeScalars, at: i)
                default: scalars.replaceSubrange(i..<min(scalars.count, i + Int.random(in: 1...8, using: &rng)), with: [])
                }
            }
            let mutated = String(String.UnicodeScalarView(scalars))
            do {
                _ = try Lockfile.packages(text: mutated, file: name, format: format)
            } catch {
                let lines = lockfileLines(mutated).count
                #expect(error.file == name && error.line >= 1 && error.line <= max(lines, 1), "\(error)")
            }
        }
    }
}
