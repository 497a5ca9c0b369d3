// The fixes that pass under the app's own set-up (issue 42 §2, issue 44 "the fixes are those that pass under the app's
// own set-up"): when the app's source shows its set-up and the lab's verdict under it fails, each other line or setting
// of one of its SDKs (and, where that line requires another SDK's line, that one too) is run, and judged under the same
// set-up with the replaced SDK starting where the old one did. Only what the lab ran and saw pass is offered.
import Foundation

extension Scan {
    /// A change that passes under the app's own set-up, as values: the changes as the matrix's fixes hold them
    /// (``Matrix/Fix/Change``: an upgrade with its whole range, a setting, a downgrade), who makes them, and the set-up
    /// it was run under. ``Scan/ownFixText(_:verdict:)`` derives its sentence from them.
    public struct OwnFix: Sendable, Hashable {
        /// One change, or two where the first line requires the second's.
        public var changes: [Matrix.Fix.Change]
        /// The app's own set-up, from its source, under which the lab ran it.
        public var setup: AppSetup
        /// The outcome under the app's set-up over the orders its lines allow (always `.ok` for a fix).
        public var outcome: Outcome

        /// The participants replaced and their replacements (`[from, to]`).
        public var replacements: [[String]] { changes.compactMap(\.replacement).map { [$0.from, $0.to] } }
        /// Who makes it.
        public var owner: Matrix.Fix.Owner { changes.contains { $0.rank == 4 } ? .maintainers : .app }

        /// Its rank: upgrades and settings first, a downgrade after them; a pair after a single change.
        var rank: Int { (changes.map(\.rank).max() ?? 0) * 2 + changes.count - 1 }
    }

    /// The changes that pass under `setup`, the app's own set-up on `verdict`'s host, ranked: each another line or
    /// setting of one SDK, or of two where the first requires the second's line (React Native Firebase 23+ requires
    /// Firebase iOS 12); when no single change passes, two SDKs' changes together (upgrading both). A downgrade is kept
    /// only when no upgrade or setting passes. Lines a vendor's server or a `+load` hook chooses are never offered.
    static func ownFixes(_ setup: SourceSetup, _ verdict: HostVerdict, advisor: Advisor, participants: [ParticipantInfo],
                         configs: [Configuration]) -> [OwnFix] {
        guard setup.outcome.map({ $0 != .ok }) == true else { return [] }
        let set = verdict.participants
        func info(_ id: String) -> ParticipantInfo? { participants.first { $0.id == id } }
        func variants(_ id: String) -> [ParticipantInfo] {
            guard let family = info(id)?.family else { return [] }
            return participants.filter { $0.family == family && $0.id != id && $0.hosts.contains(verdict.host) && $0.chosenBy == nil }
        }
        /// The outcome under the app's set-up with `replacements` made; nil when no order of that set can happen.
        func outcome(_ replacements: [[String]]) -> Outcome? {
            var changed = set
            var renamed = setup
            for pair in replacements {
                guard let index = changed.firstIndex(of: pair[0]) else { return nil }
                changed[index] = pair[1]
                renamed.setup = renamed.setup.renamed(pair[0], to: pair[1])
                renamed.starts = renamed.starts.map { var s = $0; if s.participant == pair[0] { s.participant = pair[1] }; return s }
            }
            var alternative = verdict
            alternative.participants = changed
            alternative.advice.evaluation = advisor.evaluate(host: verdict.host, participants: changed, configs: configs)
            guard alternative.advice.evaluation.orders.contains(where: alternative.advice.evaluation.isPossible) else { return nil }
            renamed.outcome = nil
            renamed.finding = nil
            return judged(renamed, alternative).outcome
        }
        func change(_ variant: ParticipantInfo, replacing old: ParticipantInfo) -> Matrix.Fix.Change? {
            Matrix.change(to: variant.id, replacing: old.id, kind: Matrix.VariantTrial.Kind.of(variant, replacing: old, lines: participants),
                          participants: participants)
        }
        var fixes: [OwnFix] = []
        for id in set {
            guard let old = info(id) else { continue }
            for variant in variants(id) {
                guard let first = change(variant, replacing: old) else { continue }
                if let result = outcome([[id, variant.id]]) {
                    if result == .ok { fixes.append(OwnFix(changes: [first], setup: setup.setup, outcome: result)) }
                    continue
                }
                // Not possible alone: with another SDK of the set on another line (what the variant's `requires` drags in).
                for other in set where other != id {
                    guard let otherInfo = info(other) else { continue }
                    for second in variants(other) {
                        let pair = [[id, variant.id], [other, second.id]]
                        guard outcome(pair) == .ok else { continue }
                        guard let then = change(second, replacing: otherInfo) else { continue }
                        fixes.append(OwnFix(changes: [first, then], setup: setup.setup, outcome: .ok))
                    }
                }
            }
        }
        // No single change passes under the app's set-up: two SDKs' changes together (issue 42 §2: "upgrading both
        // SDKs"), each pair of SDKs of the set with each of their other lines or settings, and nothing larger.
        if fixes.isEmpty {
            for (position, id) in set.enumerated() {
                guard let old = info(id) else { continue }
                for other in set.dropFirst(position + 1) {
                    guard let otherInfo = info(other) else { continue }
                    for variant in variants(id) {
                        guard let first = change(variant, replacing: old) else { continue }
                        for second in variants(other) {
                            guard let then = change(second, replacing: otherInfo),
                                  outcome([[id, variant.id], [other, second.id]]) == .ok else { continue }
                            fixes.append(OwnFix(changes: [first, then], setup: setup.setup, outcome: .ok))
                        }
                    }
                }
            }
        }
        // A downgrade only when nothing newer passes; choices and library changes are not the app's to make here.
        let newer = fixes.contains { !$0.changes.contains { if case .downgrade = $0 { true } else { false } } && $0.rank < 4 }
        fixes.removeAll { fix in
            fix.changes.contains { change in
                switch change {
                case .downgrade: newer
                case .choice, .libraryChange: true
                default: false
                }
            }
        }
        return fixes.enumerated().sorted { a, b in a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset }.map(\.element)
    }

    /// An own fix in the app's words: each change in its package's terms when the lockfile has it ("upgrade RNFBMessaging
    /// from 20.4.0 to ≥ 23.8.5 < 26.0.0"), else as the lab names it, with the lab's ids.
    public func ownFixText(_ fix: OwnFix, verdict: HostVerdict) -> String {
        let parts = fix.changes.map { change -> String in
            if let r = change.replacement, let upgrade = Self.upgrade(from: r.from, to: r.to, found: found, declared: declared) {
                return upgrade + verdict.advice.wording.brings(change)
            }
            return verdict.advice.wording.phrase(change, order: verdict.participants)
        }
        let ids = fix.replacements.map { "`\($0[1])` instead of `\($0[0])`" }.joined(separator: ", ")
        return parts.joined(separator: " and ") + " (\(ids); the lab ran it under your app's own set-up and every order the lines allow passes)"
    }

}
