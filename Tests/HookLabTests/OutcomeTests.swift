// Finding kinds, outcomes and their order.

import Testing
@testable import HookLab

@Suite("Outcomes")
struct OutcomeTests {
    @Test("Outcomes are ordered crash > loop > assert > broken > leak > latent > refused > ok")
    func severityOrder() {
        #expect(Outcome.bySeverity == [.crash, .loop, .assert, .broken, .leak, .latent, .refused, .ok])
        #expect(Outcome.crash > Outcome.loop && Outcome.loop > Outcome.assert && Outcome.refused > Outcome.ok)
        #expect(Outcome.bySeverity.map(\.symbol) == ["💥", "🔁", "⚠️", "🕳️", "💧", "☠️", "⛔", "✅"])
        #expect(Set(Outcome.allCases.map(\.symbol)).count == Outcome.allCases.count)
    }

    @Test("Each kind maps to its outcome as DESIGN's table says, with badAccess, a runtime EXC_BAD_ACCESS, a crash")
    func kindOutcomes() {
        let expected: [Finding.Kind: Outcome] = [
            .danglingMessage: .crash, .unrecognizedSelector: .crash, .exception: .crash, .badAccess: .crash, .fatalError: .crash,
            .infiniteRecursion: .loop, .forwardingCycle: .loop, .assertionFailure: .assert,
            .lostEvent: .broken, .duplicateEvent: .broken, .lostReturnValue: .broken, .completionHandlerMisuse: .broken,
            .outOfOrder: .broken,
            .leak: .leak, .danglingReference: .latent, .refused: .refused,
        ]
        #expect(Finding.Kind.allCases.count == 16)
        for kind in Finding.Kind.allCases { #expect(kind.outcome == expected[kind], "\(kind)") }
    }

    @Test("A result's outcome is its most severe finding's; the first among equals is the most severe")
    func worstFinding() {
        let findings = [Finding(kind: .danglingReference, message: "a", step: 1), Finding(kind: .forwardingCycle, message: "b", step: 2),
                        Finding(kind: .infiniteRecursion, message: "c", step: 3)]
        #expect(RunResult(findings: findings).outcome == .loop)
        #expect(findings.mostSevere?.message == "b")
        #expect(RunResult().outcome == .ok)
    }
}
