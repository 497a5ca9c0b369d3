// UIKit's respondsToSelector: cache on the app delegate (issue 29 #1): sourced for the openURL handlers
// (GULAppDelegateSwizzler.m:518-522), an inference for every other method. A failure it decides rests on a fact for the
// former and is predicted for the latter.

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

    @Test("A method added after the delegate was set is skipped: for openURL the cache is a fact, for the fetch method an inference (predicted)",
          arguments: [("application:openURL:options:", false), ("application:didReceiveRemoteNotification:fetchCompletionHandler:", true)])
    func decided(_ selector: String, _ inferred: Bool) throws {
        let result = try run("host UIApplication\nconfig release\ndelegate-lacks \(selector)\nset-delegate app\nattach adder\nfire \(selector)\n", [try adder(selector)])
        #expect(result.findings.contains { $0.kind == .lostEvent && $0.message.hasPrefix("adder's observer") }, "\(result.findings)")
        let cache = result.basedOn.filter { $0.claim.hasPrefix("UIKit answers \(selector) from the respondsToSelector: answers it cached") }
        #expect(cache.count == 1 && cache.allSatisfy { $0.isInference == inferred }, "\(result.basedOn)")
        #expect(result.predictedBy.isEmpty == !inferred, "\(result.predictedBy)")
    }

    @Test("Leanplum alone, which adds the fetch method at its start without setting the delegate again, is predicted, not derived")
    func leanplumPredicted() throws {
        let leanplum = try #require(try Lab.packageParticipantFiles.get().first { $0.info.id == "leanplum" })
        let result = try run("host UIApplication\nconfig release\ndelegate-lacks application:didReceiveRemoteNotification:fetchCompletionHandler:\nset-delegate app\nattach leanplum\nfire application:didReceiveRemoteNotification:fetchCompletionHandler:\n", [leanplum])
        #expect(!result.findings.isEmpty)
        #expect(!result.predictedBy.isEmpty, "\(result.basedOn)")
    }
}
