// Issue 29 §3's participants, Notifee and App Center, and the two mechanisms they brought: `wrap … consume SEL` (Notifee
// 7.0–7.8.x never forwards didReceive) and `setter … first-only` (App Center handles only the first delegate ever set).
// Each mechanism is checked against the same file without its line.

import Testing
@testable import HookLab

@Suite("The mechanism lines of the SDKs read this round: consume, first-only, own-delegate, retarget, donor, unless-has")
struct NotifeeAppCenterTests {
    static func shipped(_ id: String) throws -> ParticipantFile {
        try #require(try Lab.packageParticipantFiles.get().first { $0.info.id == id })
    }

    /// The shipped file with `edit` applied to its text, under the id `id`.
    static func edited(_ id: String, as newID: String, _ edit: (String) -> String) throws -> ParticipantFile {
        let file = try #require(EmbeddedLabFiles.participants.first { $0.text.contains("\nparticipant \(id)\n") })
        var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines = lines.filter { !$0.hasPrefix("version-of") && !$0.hasPrefix("setting") && !$0.hasPrefix("package") && !$0.hasPrefix("cite") }
            .map { $0 == "participant \(id)" ? "participant \(newID)" : $0 }
        return try ParticipantFile.parse(text: edit(lines.joined(separator: "\n")), file: "\(newID).hooklab")
    }

    func run(_ text: String, _ files: [ParticipantFile]) throws -> [Finding] {
        let catalog = ModelCatalog(participants: files.map(\.kind))
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario).findings
    }

    static let tap = "host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach %@\nfire userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:\n"

    @Test("Notifee 7.0–7.8.x keeps a tap that is not its own from the delegate it replaced (notifee #616, RNFB #6915); 7.9.0 forwards it; without `consume` 7.8 would too")
    func notifeeConsumes() throws {
        let old = try run(Self.tap.replacingOccurrences(of: "%@", with: "notifee:7"), [try Self.shipped("notifee:7")])
        #expect(old.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") && $0.message.contains("didReceiveNotificationResponse") }, "\(old)")
        #expect(!old.contains { $0.kind == .completionHandlerMisuse }, "Notifee calls the handler once itself: \(old)")
        let fixed = try run(Self.tap.replacingOccurrences(of: "%@", with: "notifee"), [try Self.shipped("notifee")])
        #expect(fixed.isEmpty, "\(fixed)")
        let unconsumed = try Self.edited("notifee:7", as: "nc") {
            $0.replacingOccurrences(of: " consume userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", with: "")
        }
        let forwarded = try run(Self.tap.replacingOccurrences(of: "%@", with: "nc"), [unconsumed])
        #expect(forwarded.isEmpty, "\(forwarded)")
    }

    @Test("App Center hooks only the first delegate ever set, so GUL's nil-and-back re-set is not re-hooked; hooking every set would loop through GUL's subclass")
    func appCenterFirstOnly() throws {
        let scenario = "host UIApplication\nconfig release\nload %@\nset-delegate app\nattach gul\nfire application:openURL:options:\n"
        let gul = try Self.shipped("gul")
        let once = try run(scenario.replacingOccurrences(of: "%@", with: "appcenter"), [try Self.shipped("appcenter"), gul])
        #expect(once.isEmpty, "\(once)")
        let everySet = try Self.edited("appcenter", as: "ac") { $0.replacingOccurrences(of: " first-only", with: "") }
        let loops = try run(scenario.replacingOccurrences(of: "%@", with: "ac"), [everySet, gul])
        #expect(loops.contains { $0.kind == .infiniteRecursion }, "\(loops)")
    }
    @Test("OneSignal sets its own notification delegate into the empty slot at +load, so expo-notifications refuses (expo #20937); without `own-delegate` Expo would install")
    func oneSignalOwnDelegate() throws {
        let scenario = "host UNUserNotificationCenter\nconfig release\nload %@\nattach expo\nfire userNotificationCenter:willPresentNotification:withCompletionHandler:\n"
        let expo = try Self.shipped("expo")
        let refused = try run(scenario.replacingOccurrences(of: "%@", with: "onesignal"), [try Self.shipped("onesignal"), expo])
        #expect(refused.contains { $0.kind == .refused && $0.message.contains("OSUNUserNotificationCenterDelegate") }, "\(refused)")
        let without = try Self.edited("onesignal", as: "os") { $0.replacingOccurrences(of: "own-delegate OSUNUserNotificationCenterDelegate\n", with: "") }
        let installed = try run(scenario.replacingOccurrences(of: "%@", with: "os"), [without, expo])
        #expect(!installed.contains { $0.kind == .refused }, "\(installed)")
    }
    @Test("Embrace re-targets its one proxy at every set: RNFB, starting after it, captures the proxy and sets itself, and the two forward to each other; without `retarget` a second proxy wraps RNFB and nothing loops")
    func embraceRetargets() throws {
        let scenario = "host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach %@\nattach rnfb\nfire userNotificationCenter:willPresentNotification:withCompletionHandler:\n"
        let rnfb = try Self.shipped("rnfb")
        let loops = try run(scenario.replacingOccurrences(of: "%@", with: "embrace"), [try Self.shipped("embrace"), rnfb])
        #expect(loops.contains { $0.kind == .forwardingCycle || $0.kind == .infiniteRecursion }, "\(loops)")
        let fresh = try Self.edited("embrace", as: "em") { $0.replacingOccurrences(of: " retarget", with: "") }
        let chained = try run(scenario.replacingOccurrences(of: "%@", with: "em"), [fresh, rnfb])
        #expect(!chained.contains { $0.kind == .forwardingCycle || $0.kind == .infiniteRecursion }, "\(chained)")
    }
    @Test("GoogleUtilities always donates the legacy openURL, and CleverTap, finding it on [delegate class], hooks no openURL: after GUL it never sees a deep link; without `donor` or without `unless-has` it would")
    func cleverTapLegacyOpenURL() throws {
        let scenario = "host UIApplication\nconfig release\nset-delegate app\nattach %@\nattach %C\nfire application:openURL:options:\n"
        func run(_ gul: ParticipantFile, _ cleverTap: ParticipantFile) throws -> [Finding] {
            try self.run(scenario.replacingOccurrences(of: "%@", with: gul.info.id).replacingOccurrences(of: "%C", with: cleverTap.info.id), [gul, cleverTap])
        }
        func lost(_ findings: [Finding]) -> Bool { findings.contains { $0.kind == .lostEvent && $0.message.contains("observer never received application:openURL:options:") } }
        let gul = try Self.shipped("gul"), cleverTap = try Self.shipped("clevertap")
        #expect(lost(try run(gul, cleverTap)))
        let noDonor = try Self.edited("gul", as: "g") { $0.replacingOccurrences(of: " donor application:openURL:sourceApplication:annotation:", with: "") }
        #expect(!lost(try run(noDonor, cleverTap)))
        let noCheck = try Self.edited("clevertap", as: "ct") {
            $0.replacingOccurrences(of: " unless-has application:openURL:sourceApplication:annotation: application:openURL:options:", with: "")
        }
        #expect(!lost(try run(gul, noCheck)))
    }
    @Test("expo-app-metrics' proxy forwards only what its target implements: GTMSessionFetcher's setFetcher:forTask: dies on the proxy itself (expo #48194); with `forward target` it would reach the fetcher")
    func forwardIfResponds() throws {
        let scenario = "host NSURLSession\nconfig release\nattach gtm\nattach %@\nset-delegate app\ngtm.beginFetching\n"
        func run(_ file: ParticipantFile) throws -> [Finding] {
            let catalog = ModelCatalog(participants: [file.kind])
            let parsed = try Scenario.parse(text: scenario.replacingOccurrences(of: "%@", with: file.info.id), file: "s",
                                            participants: catalog.participants, hosts: catalog.hosts.map(\.name))
            return catalog.makeRunner().run(parsed).findings
        }
        let onProxy = try run(try Self.shipped("expo-app-metrics"))
        #expect(onProxy.contains { $0.kind == .unrecognizedSelector && $0.message.contains("-[DelegateProxy setFetcher:forTask:]") }, "\(onProxy)")
        let forwarding = try Self.edited("expo-app-metrics", as: "eam") { $0.replacingOccurrences(of: "forward target-if-responds", with: "forward target") }
        #expect(!(try run(forwarding)).contains { $0.message.contains("-[DelegateProxy setFetcher:forTask:]") })
    }
}
