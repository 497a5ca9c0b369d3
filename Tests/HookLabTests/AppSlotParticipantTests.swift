// The participant-file lines of the app-level slots: their errors, and mechanisms whose outcome depends on where the
// previous IMP is kept (field guide runtime fact 4).

import Testing
@testable import HookLab

@Suite("App-level participant files")
struct AppSlotParticipantTests {
    func file(_ text: String) throws(InputFileError) -> ParticipantFile { try ParticipantFile.parse(text: text, file: "p.hooklab") }

    func run(_ text: String, with files: [ParticipantFile] = []) throws -> [Finding] {
        let catalog = ModelCatalog(participants: files.map(\.kind))
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario).findings
    }

    @Test("Mistakes in the new lines name their line", arguments: [
        ("participant a\nobserve UIApplication application:openURL:options:\nsetter none\nsetimp keyed class\n", 3, "start runtime"),
        ("participant a\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nsetimp keyed cmd\n", 5, "unknown IMP key"),
        ("participant a\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nhandler sometimes\nsetimp keyed class\n", 5, "unknown handler policy"),
        ("participant a\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nhandler once application:openURL:options:\n", 5, "takes no completion handler"),
        ("participant a\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nreturns bool\n", 5, "expected 'returns void'"),
    ])
    func errors(_ text: String, _ line: Int, _ message: String) {
        expectParticipantFileError(text, line: line, message)
    }

    static let keyedBySelector = """
        participant fcmun
        start runtime
        observe UNUserNotificationCenter userNotificationCenter:willPresentNotification:withCompletionHandler:
        setter none
        setimp keyed selector
        """
    static let exchangeAtStart = """
        participant xchg
        start runtime
        observe UNUserNotificationCenter userNotificationCenter:willPresentNotification:withCompletionHandler:
        setter none
        swizzle-class
        """

    @Test("An IMP kept per selector name is missed under a later exchange's _cmd; an earlier exchange is found")
    func keyedBySelectorMissesUnderForeignCmd() throws {
        let files = [try file(Self.keyedBySelector), try file(Self.exchangeAtStart)]
        let fire = "fire userNotificationCenter:willPresentNotification:withCompletionHandler:"
        let after = try run("host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach fcmun\nattach xchg\n\(fire)\n", with: files)
        // FIRMessagingRemoteNotificationsProxy.m:425: the lookup misses, the app's method is skipped silently.
        #expect(after.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") }, "\(after)")
        let before = try run("host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach xchg\nattach fcmun\n\(fire)\n", with: files)
        #expect(before.isEmpty, "\(before)")
    }

    @Test("GUL 8 adds the fetch donor where the app lacks the method, so FCM sees background pushes; GUL 7 does not")
    func fetchDonorByVersion() throws {
        for (gul, lost) in [("gul", false), ("gul:7", true)] {
            let found = try run("""
                host UIApplication
                config release
                delegate-lacks application:didReceiveRemoteNotification:fetchCompletionHandler:
                set-delegate app
                attach \(gul)
                attach fcm
                fire application:didReceiveRemoteNotification:fetchCompletionHandler:
                """)
            #expect(found.contains { $0.kind == .lostEvent && $0.message.contains("fcm") } == lost, "\(gul): \(found)")
        }
    }
}
