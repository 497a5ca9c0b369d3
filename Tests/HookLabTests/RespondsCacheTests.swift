// UIKit's respondsToSelector: cache on the app delegate (issue 29 #1, narrowed by issue 43 #3): UIApplication's
// `_applicationFlags` hold a bit for each openURL handler (UIApplication.h:36-38 in the iOS 17 runtime headers;
// GULAppDelegateSwizzler.m:518-522 sets the delegate again after adding them), and none for a remote notification, a
// background fetch or a user activity, which UIKit asks the delegate about when they happen.

import Testing
@testable import HookLab

@Suite("The app delegate's respondsToSelector: cache")
struct RespondsCacheTests {
    func run(_ text: String, _ files: [ParticipantFile]) throws -> RunResult {
        let catalog = ModelCatalog(participants: files.map(\.kind))
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario)
    }

    /// An SDK that adds SEL to the app delegate's class at its start and never sets the delegate again.
    func adder(_ selector: String) throws -> ParticipantFile {
        try ParticipantFile.parse(text: "participant adder\nstart runtime\nobserve UIApplication \(selector)\nsetter none\nswizzle-class add-missing\n", file: "adder.hooklab")
    }

    @Test("A method added after the delegate was set: an openURL handler is skipped (a fact), the fetch method is called")
    func cachedOnlyForOpenURL() throws {
        let openURL = "application:openURL:options:"
        let skipped = try run("host UIApplication\nconfig release\ndelegate-lacks \(openURL)\nset-delegate app\nattach adder\nfire \(openURL)\n", [try adder(openURL)])
        #expect(skipped.findings.contains { $0.kind == .lostEvent && $0.message.hasPrefix("adder's observer") }, "\(skipped.findings)")
        let cache = skipped.basedOn.filter { $0.claim.hasPrefix("UIKit answers \(openURL) from the respondsToSelector: answers it cached") }
        #expect(cache.count == 1 && cache.allSatisfy { !$0.isInference && $0.source.contains("UIApplication.h:36-38") }, "\(skipped.basedOn)")
        #expect(skipped.predictedBy.isEmpty)
        // No flag caches the fetch method: UIKit asks when the push arrives, and the method added since is called.
        let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
        let called = try run("host UIApplication\nconfig release\ndelegate-lacks \(fetch)\nset-delegate app\nattach adder\nfire \(fetch)\n", [try adder(fetch)])
        #expect(!called.findings.contains { $0.message.hasPrefix("adder's observer") }, "\(called.findings)")
    }

    @Test("Leanplum alone, which adds the fetch method at its start without setting the delegate again, gets the background push")
    func leanplumGetsTheFetch() throws {
        let leanplum = try #require(try Lab.packageParticipantFiles.get().first { $0.info.id == "leanplum" })
        let result = try run("host UIApplication\nconfig release\ndelegate-lacks application:didReceiveRemoteNotification:fetchCompletionHandler:\nset-delegate app\nattach leanplum\nfire application:didReceiveRemoteNotification:fetchCompletionHandler:\n", [leanplum])
        #expect(result.findings.isEmpty, "\(result.findings)")
    }
}
