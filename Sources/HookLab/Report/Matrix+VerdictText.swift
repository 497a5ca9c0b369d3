// The report's words for a verdict in a table: a cell's suffix, its finding kinds and what "first" means. The
// verdict itself is judged in Matrix.Verdict.swift.

extension Matrix {
    /// The results of a host and order, debug first, for the configurations that were run.
    func results(_ key: NoteKey) -> [CellResult] {
        Configuration.allCases.compactMap { result(for: Cell(host: key.host, order: key.order, config: $0)) }
    }

    /// What follows a failing cell's symbol in a table: the failing install variants when only some fail (" instead"),
    /// " as alone" when the failure belongs to one of the cell's libraries (``Attribution/libraries(_:)``) and
    /// " as the app alone" when it is the app's own; empty for a passing cell.
    func verdictSuffix(_ key: NoteKey) -> String {
        let failing = results(key).filter { $0.outcome != .ok }
        guard !failing.isEmpty else { return "" }
        var text = ""
        let partly = failing.map(Self.partlyFailingVariants)
        if partly.allSatisfy({ !$0.isEmpty }) {
            text += " " + partly.flatMap { $0.map(\.shortName) }.uniqued().joined(separator: ", ")
        }
        switch verdict(key).attribution {
        case .libraries where key.order.count >= 2: text += " as alone"
        case .app: text += " as the app alone"
        default: break
        }
        return text
    }

    /// The finding kinds of a failing method-hook cell ("lostEvent, outOfOrder"); nil for a delegate host.
    func failingKinds(_ failing: [CellResult]) -> String? {
        guard methodTargets.contains(where: { $0.name == failing.first?.cell.host }) else { return nil }
        // With variants, the kinds of every failing variant's worst findings (a variant may fail differently).
        return failing.flatMap { r in
            (r.variants.isEmpty ? [(r.outcome, r.findings)] : r.variants.map { ($0.outcome, $0.findings) })
                .flatMap { outcome, findings in findings.filter { outcome != .ok && $0.outcome == outcome }.map(\.kind.rawValue) }
        }.uniqued().joined(separator: ", ")
    }

    /// What "first" means in a table, for its heading.
    func orderMeaning(methodHooks: Bool) -> String {
        if methodHooks { return "\"First\" is call order: the row's install call runs before the column's." }
        return "\"First\" is `+load`/link order for load-time hooks and call order for runtime attaches; a library that hooks at launch cannot come after a runtime attach unless it can start late (\"not possible\")."
    }

    /// What the diagonal and the "as alone" marks of a pair table mean, as a paragraph of its own.
    var aloneMarks: String {
        "The diagonal is each library alone. \"as alone\" marks a failing cell whose failure belongs to one of its libraries (its minimal reproducer needs no other, or that library fails this way alone); \"as the app alone\", one whose failure is the app's own (its reproducer needs no library, or the app fails this way with none installed)."
    }
}
