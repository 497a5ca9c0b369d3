// `hooklab scan` reads the app's Info.plist for the switches participant files declare (`setting NAME plist KEY VALUE`):
// the reader, where it looks, and what a switch does to the scan.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("Info.plist switches")
struct InfoPlistTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<!-- For notifications:
        \t     <key>Commented</key><true/> -->
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>remote-notification</string>
        \t</array>
        \t<key>NSAppTransportSecurity</key>
        \t<dict>
        \t\t<key>NSAllowsArbitraryLoads</key>
        \t\t<true/>
        \t</dict>
        \t<key>FirebaseAppDelegateProxyEnabled</key>
        \t<false/>
        \t<key>CFBundleName</key>
        \t<string>Tom &amp; Jerry</string>
        \t<key>AppCenterAppDelegateForwarderEnabled</key>
        \t<integer>0</integer>
        \t<key>Empty</key>
        \t<string/>
        </dict>
        </plist>

        """

    @Test("The top-level keys with their values and lines; a nested dict's keys, comments and declarations are not keys")
    func reads() {
        let entries = InfoPlist.read(Self.plist, file: "Info.plist")
        #expect(entries.map(\.key) == ["UIBackgroundModes", "NSAppTransportSecurity", "FirebaseAppDelegateProxyEnabled", "CFBundleName",
                                       "AppCenterAppDelegateForwarderEnabled", "Empty"])
        #expect(entries.map(\.value) == ["array", "dict", "NO", "Tom & Jerry", "0", ""])
        #expect(entries.first { $0.key == "FirebaseAppDelegateProxyEnabled" }?.line == 16)
        #expect(entries.first { $0.key == "FirebaseAppDelegateProxyEnabled" }?.sentence == "`FirebaseAppDelegateProxyEnabled` = NO (`Info.plist:16`)")
    }

    @Test("Anything it does not understand reads as no entry, never an error or a trap", arguments: [
        ("bplist00\u{1}\u{2}", 0), ("", 0), ("<plist><dict><key>A</key>", 0), ("<<<>>>", 0), ("<!-- never closed <dict><key>A</key><true/>", 0),
        ("</dict></dict><key>A</key><true/>", 0), ("<dict><key>A</key><string>unclosed", 1), ("<dict><key>A</key><dict><key>B</key><true/>", 1),
    ])
    func tolerates(_ text: String, _ count: Int) {
        #expect(InfoPlist.read(text, file: "Info.plist").count == count)
    }

    @Test("Booleans match by truth (NO, false, 0, <false/>); anything else by its text")
    func matching() {
        #expect(InfoPlist.matches("NO", "NO") && InfoPlist.matches("0", "NO") && InfoPlist.matches("false", "no"))
        #expect(!InfoPlist.matches("YES", "NO") && !InfoPlist.matches("$(PROXY)", "NO"))
        #expect(InfoPlist.matches("value", "value") && !InfoPlist.matches("value", "Value"))
    }

    @Test("The app's Info.plist is read; an extension's, a test bundle's and the dependencies' are not")
    func findsTheApp() throws {
        let root = TemporaryDirectory()
        func write(_ path: String, _ text: String) throws {
            let url = root.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        func plist(_ body: String) -> String { "<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n" }
        try write("App/Info.plist", plist("<key>FirebaseAppDelegateProxyEnabled</key>\n<false/>\n"))
        try write("NotificationService/Info.plist", plist("<key>NSExtension</key>\n<dict/>\n<key>FirebaseAppDelegateProxyEnabled</key>\n<true/>\n"))
        try write("AppTests/Info.plist", plist("<key>OneSignal_disable_swizzling</key>\n<true/>\n"))
        try write("Pods/Firebase/Info.plist", plist("<key>AppCenterAppDelegateForwarderEnabled</key>\n<false/>\n"))
        let entries = InfoPlist.find(in: root.url) { $0 }
        #expect(entries == [InfoPlistEntry(key: "FirebaseAppDelegateProxyEnabled", value: "NO", file: "App/Info.plist", line: 3)])
    }

    @Test("A switch the app's Info.plist sets makes the SDK its `setting` variant, with the line in the reason; others keep theirs")
    func switches() throws {
        let app = AppCorpusTests.apps.appendingPathComponent("native-spm-homeassistant-firebase12").path
        let (cli, captured) = CLI.fake(root: URL(fileURLWithPath: app), catalog: Lab.catalog)
        let code = cli.main(arguments: ["scan", ".", "--json"])
        #expect(code == 0, "\(captured.err)")
        let json = try JSONValue.parse(captured.out).value
        guard case .array(let switches)? = json["switches"], case .array(let found)? = json["found"] else { Issue.record("\(captured.out.prefix(800))"); return }
        #expect(switches.map { $0["runsAs"] } == [.string("fcm:proxy-off"), .string("gul:proxy-off")], "\(switches)")
        #expect(switches.first?["file"] == .string("Sources/App/Resources/Info.plist") && switches.first?["line"] == .number(38))
        #expect(found.contains { $0["participant"] == .string("fcm:proxy-off") }, "\(found)")
        // Home Assistant sets FirebaseAppDelegateProxyEnabled = NO: its Firebase no longer fails on SwiftUI's app delegate.
        #expect(json["conflict"] == .bool(false))
    }

    @Test("`setting … plist KEY VALUE` parses, and a plist with no value names its line")
    func settingLine() throws {
        let head = "participant a\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nswizzle-class\n"
        let file = try ParticipantFile.parse(text: head + "setting off-switch plist SDKProxyEnabled NO \"SDKProxyEnabled = NO\" vendor docs\n", file: "a.hooklab")
        let variant = try #require(file.settingVariants().first)
        #expect(variant.info.setting?.plistKey == "SDKProxyEnabled" && variant.info.setting?.plistValue == "NO")
        #expect(throws: InputFileError.self) { try ParticipantFile.parse(text: head + "setting x plist SDKProxyEnabled \"t\" s\n", file: "a.hooklab") }
        do { _ = try ParticipantFile.parse(text: head + "setting x plist SDKProxyEnabled \"t\" s\n", file: "a.hooklab") } catch {
            #expect(error.line == 6 && error.message.contains("plist KEY VALUE"), "\(error)")
        }
    }

    @Test("`setting … default-unless NEEDLE` parses into the variant's setting, for the whole SDK or, inside a `for` section, for that slot's hosts")
    func defaultUnlessLine() throws {
        let head = "participant a\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nswizzle-class\n"
        let file = try ParticipantFile.parse(text: head + "setting manual default-unless push.automation \"leave it off\" vendor docs\n", file: "a.hooklab")
        let variant = try #require(file.settingVariants().first)
        #expect(variant.info.id == "a:manual" && variant.info.setting?.defaultUnless == ["push.automation"] && variant.info.setting?.plistKey == nil)
        #expect(file.settingVariants().allSatisfy { !($0.info.setting?.defaultUnless.isEmpty ?? true) })
        do {
            _ = try ParticipantFile.parse(text: head + "setting manual default-unless \"t\" s\n", file: "a.hooklab")
            Issue.record("a default-unless without its needle parsed")
        } catch { #expect(error.line == 6 && error.message.contains("default-unless NEEDLE"), "\(error)") }
        // Several needles, up to a plist clause.
        let two = try ParticipantFile.parse(text: head + "setting manual default-unless .push( PushService plist K NO \"t\" s\n", file: "a.hooklab")
        #expect(two.settingVariants().first?.info.setting?.defaultUnless == [".push(", "PushService"] && two.settingVariants().first?.info.setting?.plistKey == "K")
        let sectioned = "participant a\nstart runtime\nfor UIApplication\nobserve UIApplication application:openURL:options:\nsetter none\nswizzle-class\n"
            + "setting manual default-unless push.automation \"t\" s\n"
        let scoped = try #require(try ParticipantFile.parse(text: sectioned, file: "a.hooklab").settingVariants().first)
        #expect(scoped.info.setting?.defaultUnless == ["push.automation"] && scoped.info.hosts.allSatisfy { $0.hasPrefix("UIApplication") }, "\(scoped.info.hosts)")
        // A slot's switch follows the file's shared sources and its own section's, not another slot's.
        let datadog = try #require(Lab.catalog.participant("datadog:no-duration-breakdown"))
        #expect(datadog.basedOn.contains { $0.contains("MethodSwizzler.swift") } && datadog.basedOn.contains { $0.contains("URLSessionTaskDelegateSwizzler.swift") }
            && !datadog.basedOn.contains { $0.contains("UIScrollView") }, "\(datadog.basedOn)")
        let actions = try #require(Lab.catalog.participant("datadog:no-uikit-actions"))
        #expect(actions.basedOn.contains { $0.contains("UIScrollViewSwizzler.swift") } && !actions.basedOn.contains { $0.contains("URLSession") }, "\(actions.basedOn)")
    }

    @Test("A key the locked version does not read yet (`since VERSION`) leaves the SDK's hooks on, and the reason says why")
    func versionGatedSwitch() throws {
        let entry = InfoPlistEntry(key: "OneSignal_disable_swizzling", value: "YES", file: "App/Info.plist", line: 12)
        func scanned(_ version: String?) -> (participant: String, reason: String, switches: Int) {
            let package = LockedPackage(ecosystem: .cocoapods, name: "OneSignalXCFramework", version: version, file: "Podfile.lock", line: 3)
            let found = Scan.Found(package: package, title: "OneSignal", participant: "onesignal", reason: "pod OneSignalXCFramework")
            let (after, switches) = Scan.switched([found], participants: Lab.catalog.participants, infoPlist: [entry])
            return (after[0].participant, after[0].reason, switches.count)
        }
        // OneSignal reads OneSignal_disable_swizzling from 5.5.0 on (OneSignal-XCFramework PR #142).
        let current = scanned("5.5.0")
        #expect(current.participant == "onesignal:no-swizzling" && current.switches == 1)
        for old in ["5.4.2", nil] as [String?] {
            let before = scanned(old)
            #expect(before.participant == "onesignal" && before.switches == 0, "\(String(describing: old))")
            #expect(before.reason.contains("reads it only from 5.5.0 on") && before.reason.contains("App/Info.plist:12"), "\(before.reason)")
        }
        // The line: `since` takes a version, and a word that is not one names the line.
        let head = "participant a\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nswizzle-class\n"
        let file = try ParticipantFile.parse(text: head + "setting s plist K YES since 2.1.0 \"K = YES\" docs\n", file: "a.hooklab")
        #expect(file.settingVariants().first?.info.setting?.plistSince == "2.1.0")
        do { _ = try ParticipantFile.parse(text: head + "setting s plist K YES since soon \"K = YES\" docs\n", file: "a.hooklab") } catch {
            #expect(error.line == 6 && error.message.contains("since soon"), "\(error)")
        }
    }
}
