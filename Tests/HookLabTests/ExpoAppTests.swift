// Apps built with Expo: the app delegate is the app's ExpoAppDelegate subclass, which passes each event to every
// subscriber of Expo's modules (issue "The answer for the app at hand" §5; ExpoAppDelegate.swift @bf9e966,
// ExpoAppDelegateSubscriberManager.swift @81f10eb; the Expo template's AppDelegate.swift).
import Testing
@testable import HookLab

@Suite("Expo apps")
struct ExpoAppTests {
    static let catalog = Lab.catalog
    static let host = "UIApplication@expo"

    func run(_ sdks: [String], lacks: String? = nil) throws -> RunResult {
        let lines = ["host \(Self.host)", "config release"] + (lacks.map { ["delegate-lacks \($0)"] } ?? []) + ["set-delegate app"]
            + sdks.map { "attach \($0)" } + Self.catalog.hosts.first { $0.name == Self.host }!.events.map { "fire \($0)" }
        let scenario = try Scenario.parse(text: lines.joined(separator: "\n"), file: "expo.hooklab",
                                          participants: Self.catalog.participants, hosts: Self.catalog.hosts.map(\.name))
        return Self.catalog.makeRunner().run(scenario)
    }

    @Test("expo-notifications is a subscriber of Expo's app delegate, checked only in Expo apps; its notification-center half in every React Native app")
    func hosts() throws {
        #expect(Self.catalog.participant("expo")?.hosts == ["UIApplication@expo", "UNUserNotificationCenter"])
        #expect(Self.catalog.participant("flutterfire")?.hosts.contains(Self.host) == false)
        #expect(Self.catalog.participant("fcm")?.hosts.contains(Self.host) == true)
    }

    @Test("Expo's app delegate completes the background push once itself, and its subscriber gets the token and the push")
    func fanOut() throws {
        // The app's class writes only the template's link overrides: the rest is Expo's, which fans out and completes.
        // No finding: the event detector expects the subscriber to get the token and the push exactly once, and the
        // handler checks expect one completion.
        let alone = try run(["expo"])
        #expect(alone.findings.isEmpty, "\(alone.findings.map(\.message))")
        // Firebase's GUL captures Expo's inherited fetch method and completes once, through its dispatch group.
        for order in [["fcm", "expo"], ["expo", "fcm"]] {
            let both = try run(order)
            #expect(both.findings.isEmpty, "\(order): \(both.findings.map(\.message))")
        }
    }
}
