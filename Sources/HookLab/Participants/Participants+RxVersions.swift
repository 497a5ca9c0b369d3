// RxCocoa's older release lines as participants of the `rx` family (versions-and-manifests guide §A1): the 6.10 model
// with the flags of ``RxCocoa/Behaviour``; their packages are in the catalogue (`KnownSDK.variants`).
import LibraryModels

extension RxParticipant {
    /// `rx:4.1`, `rx:3.3`, `rx:2.6`, after `rx` and `rx:patched`.
    static let releaseLines: [ParticipantKind] = RxCocoa.Behaviour.all.filter { $0 != .current }.map { line in
        ParticipantKind(info: RxParticipant.releaseInfo(line)) { RxParticipant(patched: false, behaviour: line) }
    }

    static func releaseInfo(_ line: RxCocoa.Behaviour) -> ParticipantInfo {
        var info = ParticipantInfo(
            id: line.id, family: "rx", models: "RxCocoa \(line.releases) DelegateProxy",
            hosts: hostNames(line.hostClasses), hasLoad: false, hasAttach: true, canStartLate: true,
            verbs: ["rx.subscribe"], otherVerbs: ["rx.subscribe SELECTOR", "rx.delegate", "rx.setDelegate NAME", "rx.dispose"],
            basedOn: ["RxCocoa proxy(for:) re-captures the current delegate and asserts that the getter returns the proxy, at \(line.asserts.proxyInstalled) (the same algorithm since 3.x, versions guide §A1.4)"]
                + line.basedOn,
            design: "DelegateProxy of RxCocoa \(line.releases)",
            missedEvent: "Rx subscriptions to `SEL` never fire.")
        // Alone and in pairs: with them in triples every one of their 1,705 triples gave `rx`'s outcome, and the baseline
        // grew by half (issue 19's version axis).
        info.versionOf = "rx"
        return info
    }
}
