// The CI gate: compare the matrix with the accepted baseline, and record it per HOOKLAB_RECORD.

/// How the gate records the baseline, after snapshot testing (`HOOKLAB_RECORD`).
public enum RecordMode: String, Sendable, CaseIterable {
    /// Record cells (or a whole baseline) that are missing, and fail until the diff is reviewed; compare the rest.
    /// The default (but with no baseline file at all, `hooklab gate` records only when it is set explicitly).
    case missing
    /// Re-record every cell; nothing fails. Reasons of cells whose outcome did not change are kept.
    case all
    /// Record nothing: a missing baseline or a missing cell fails. CI uses this.
    case never

    /// The mode named by `HOOKLAB_RECORD`, `missing` when unset.
    /// - Throws: A message naming the bad value and the accepted ones.
    public init(environment: [String: String]) throws(UsageError) {
        guard let text = environment["HOOKLAB_RECORD"], !text.isEmpty else { self = .missing; return }
        guard let mode = RecordMode(rawValue: text) else {
            throw UsageError("HOOKLAB_RECORD=\(text) is not a record mode; expected missing, all or never")
        }
        self = mode
    }
}

/// Compares matrix results with the baseline: every differing cell is a failure, with a readable diff.
public struct Gate: Sendable {
    /// One cell that differs from the baseline.
    public struct Difference: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            /// Worse than accepted.
            case regression
            /// Better than accepted: the baseline must be re-recorded.
            case improvement
            /// Not in the baseline (record mode `never`).
            case missing
        }

        public var kind: Kind
        public var cell: Matrix.Cell
        /// The accepted outcome; nil when missing.
        public var old: Outcome?
        public var new: Outcome
        /// The most severe finding of the new run; nil when it passes.
        public var finding: Finding?
        /// Why the old outcome was accepted.
        public var reason: String?

        /// Two or three lines naming the host, order, configuration, old and new outcome, and the finding.
        public var text: String {
            var lines: [String]
            switch kind {
            case .missing:
                lines = ["missing: \(cell): not in the baseline; now \(new.title)"]
            case .regression, .improvement:
                lines = ["\(kind.rawValue): \(cell): \(old!.title) → \(new.title)"]
            }
            if let finding {
                lines.append("    \(finding.kind.rawValue) at \(finding.step == 0 ? "teardown" : "step \(finding.step) of the reproducer"): \(finding.message)")
            }
            if kind == .improvement {
                if let reason { lines.append("    was accepted because: \(reason)") }
                lines.append("    re-record it: HOOKLAB_RECORD=all swift run hooklab gate (or swift test)")
            }
            if new != .ok {
                lines.append("    explain: \(ShellCommand.explain(cell))")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The gate's verdict and what to write.
    public struct Verdict: Sendable {
        /// Cells that differ and fail the gate, sorted by cell.
        public var differences: [Difference]
        /// Cells recorded into the baseline in this run.
        public var recorded: [Matrix.Cell]
        /// Baseline entries for cells that were not run (removed participants or hosts), kept unless re-recording all.
        public var stale: [Baseline.Entry]
        /// The baseline to write, when it changed and the gate has no difference (a failing gate never writes it).
        public var baselineToWrite: Baseline?
        /// How many cells were compared.
        public var compared: Int
        /// The record mode of the check.
        public var mode: RecordMode = .missing
        /// Accepted failures in scope, and how many of their reasons were generated (from the verdict, or derived from
        /// the models' finding) rather than reviewed by hand.
        public var acceptedFailures = 0
        public var generatedReasons = 0
        /// Whether new cells were recorded under `missing`: they fail the gate until a human has reviewed them,
        /// as a new reference image fails a snapshot test.
        public var needsReview: Bool { differences.isEmpty && mode == .missing && !recorded.isEmpty }
        /// Whether the gate passes: no difference, and nothing recorded unless re-recording all.
        public var passed: Bool { differences.isEmpty && !needsReview }
    }

    public var mode: RecordMode
    /// Only cells involving this participant are gated.
    public var participant: String?
    /// Only cells of these hosts are gated (a shard); nil: every host.
    public var hosts: Set<String>?

    public init(mode: RecordMode, participant: String? = nil, hosts: Set<String>? = nil) {
        self.mode = mode
        self.participant = participant
        self.hosts = hosts
    }

    /// Whether a cell is in the gate's scope.
    func inScope(_ cell: Matrix.Cell) -> Bool {
        (participant == nil || cell.involves(participant!)) && (hosts == nil || hosts!.contains(cell.host))
    }

    /// Compares the matrix with the baseline (nil when there is none).
    public func check(_ matrix: Matrix, baseline: Baseline?) -> Verdict {
        let results = matrix.results.filter { inScope($0.cell) }
        var differences: [Difference] = []
        var recorded: [Matrix.Cell] = []
        var entries: [Matrix.Cell: Baseline.Entry] = [:]
        for entry in baseline?.entries ?? [] { entries[entry.cell] = entry }
        var changed = false
        let emergent = Set(matrix.emergent)

        if baseline == nil && mode == .never {
            return Verdict(differences: results.map {
                Difference(kind: .missing, cell: $0.cell, old: nil, new: $0.outcome, finding: $0.findings.mostSevere, reason: nil)
            }, recorded: [], stale: [], baselineToWrite: nil, compared: results.count, mode: mode)
        }
        for result in results {
            let fresh = Baseline.Entry(cell: result.cell, outcome: result.outcome,
                                       reason: Self.recordedReason(result, in: matrix, emergent: emergent))
            guard let old = entries[result.cell] else {
                if mode == .never {
                    differences.append(Difference(kind: .missing, cell: result.cell, old: nil, new: result.outcome,
                                                  finding: result.findings.mostSevere, reason: nil))
                } else {
                    entries[result.cell] = fresh
                    recorded.append(result.cell)
                    changed = true
                }
                continue
            }
            guard old.outcome != result.outcome else { continue }
            if mode == .all {
                entries[result.cell] = fresh
                recorded.append(result.cell)
                changed = true
                continue
            }
            differences.append(Difference(kind: result.outcome > old.outcome ? .regression : .improvement, cell: result.cell,
                                          old: old.outcome, new: result.outcome, finding: result.findings.mostSevere, reason: old.reason))
        }

        let run = Set(results.map(\.cell))
        let stale = (baseline?.entries ?? []).filter { !run.contains($0.cell) && inScope($0.cell) }
        if mode == .all, !stale.isEmpty {
            for entry in stale { entries[entry.cell] = nil }
            changed = true
        }
        // A failing gate never writes the baseline, not even the cells it could record.
        let toWrite = changed && differences.isEmpty ? Baseline(entries: Array(entries.values)) : nil
        var verdict = Verdict(differences: differences.sorted { $0.cell < $1.cell }, recorded: differences.isEmpty ? recorded.sorted() : [],
                              stale: mode == .all ? [] : stale, baselineToWrite: toWrite, compared: results.count, mode: mode)
        let accepted = results.compactMap { entries[$0.cell] }.filter { $0.outcome != .ok }
        verdict.acceptedFailures = accepted.count
        verdict.generatedReasons = accepted.filter { Self.isGenerated($0.reason) }.count
        return verdict
    }

    /// Whether a baseline reason was generated (by the gate from the verdict, or derived from the models' finding
    /// when the cells were re-recorded) rather than written or reviewed by hand (`Accepted:`).
    public static func isGenerated(_ reason: String?) -> Bool {
        guard let reason else { return false }
        return reason.hasPrefix(generatedReasonPrefix) || reason.hasPrefix("Accepted (derived from the models' finding")
    }

    /// The prefix of a reason the gate wrote from the verdict, not yet reviewed by hand.
    public static let generatedReasonPrefix = "recorded, not reviewed"

    /// The reason written for a failing cell recorded without review, from its verdict: whose failure it is, the
    /// worst finding, and the evidence level. It names only what the cell's row does not already say (a conflict is
    /// "of the order's libraries", or of the libraries its reproducer or explaining pair needs; step numbers read "step N"), and leaves the public sources to the cell's note and
    /// `matrix.json`, so cells failing the same way share one reason and the baseline stays reviewable in a
    /// pull-request diff (BaselineFormatTests).
    static func recordedReason(_ result: Matrix.CellResult, in matrix: Matrix, emergent: Set<Matrix.Cell> = []) -> String? {
        guard result.outcome != .ok else { return nil }
        // An order that holds a failing pair and was not shrunk is that pair's failure, or one library's own (the report
        // explains it through them), so its other libraries are not blamed.
        let order = explainingOrder(of: result, in: matrix, emergent: emergent) ?? result.cell.order
        let whose = whose(Matrix.NoteKey(host: result.cell.host, order: order), length: result.cell.order.count, in: matrix)
        let finding = result.findings.mostSevere.map { "\($0.kind.rawValue): \($0.message)" } ?? result.outcome.rawValue
        let evidence = result.evidence.map { "; \($0.rawValue)" } ?? ""
        return "\(generatedReasonPrefix) (from the verdict): \(whose); \(Self.withoutStepNumbers(finding))\(evidence)"
    }

    /// Whose failure an order is, as the reason of a cell of `length` libraries says it: a conflict is named by the
    /// libraries its reproducer needs when the cell has others (bystanders), else "of the order's libraries".
    static func whose(_ key: Matrix.NoteKey, length: Int, in matrix: Matrix) -> String {
        let verdict = matrix.verdict(key)
        switch verdict.attribution {
        case .conflict:
            let needed = verdict.reproducerLibraries.isEmpty ? key.order : verdict.reproducerLibraries
            return needed.count < length ? "a conflict of " + needed.joined(separator: " and ") + " without the others"
                : "a conflict of the order's libraries"
        case .libraries(let ids): return ids.joined(separator: " and ") + (ids.count == 1 ? " alone" : " without the others")
        case .app, nil: return "the app's own"
        }
    }

    /// The one smaller order that explains a longer order whose reproducer was not shrunk (it holds a failing pair and
    /// is not emergent: ``Matrix/run``): the one library that, alone in the app, finds the order's worst finding (then
    /// every failing pair with it finds it too), else the one failing order-preserving pair that does. Nil when the order
    /// was shrunk, or no single library or pair explains it.
    static func explainingOrder(of result: Matrix.CellResult, in matrix: Matrix, emergent: Set<Matrix.Cell>) -> [String]? {
        let order = result.cell.order
        guard order.count >= 3, !emergent.contains(result.cell), let worst = result.findings.mostSevere,
              let reproducer = result.reproducer, Set(reproducer.scenario.participants) == Set(order) else { return nil }
        func explains(_ sub: [String]) -> Bool {
            guard let found = matrix.result(for: result.cell.with(order: sub)) else { return false }
            return found.outcome != .ok && found.signatures.contains(worst.signature)
        }
        let alone = order.filter { explains([$0]) }
        if alone.count == 1 { return alone }
        guard alone.isEmpty else { return nil }
        var explaining: [[String]] = []
        for i in order.indices {
            for j in order.indices where j > i && explains([order[i], order[j]]) { explaining.append([order[i], order[j]]) }
        }
        return explaining.count == 1 ? explaining[0] : nil
    }

    /// "step 7" as "step N": the step a finding names depends on the order's length, not on what failed.
    static func withoutStepNumbers(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: "step ") {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isNumber }
            if !digits.isEmpty { out += "N"; rest = rest.dropFirst(digits.count) }
        }
        return out + rest
    }
}

/// Bad usage or bad input given to the CLI: a message for stderr, exit code 2.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
