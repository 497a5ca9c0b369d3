// The report's words for verdicts, kept apart so any layout can use them: a cell's table text, a note's
// per-variant section and what "first" means. The data they read is in Matrix+Verdicts.swift.

extension Matrix {
    /// The results of a host and order, debug first, for the configurations that were run.
    func results(_ key: NoteKey) -> [CellResult] {
        Configuration.allCases.compactMap { result(for: Cell(host: key.host, order: key.order, config: $0)) }
    }

    /// A cell's table text: "✅", "🕳️ instead [[3]]", "🕳️ as alone [[4]]", "not possible: tracker:proxy hooks at
    /// launch"; `passing` is the text of a passing cell after its symbol (method-hook cells list what ran).
    func verdictText(_ key: NoteKey, _ numbers: [NoteKey: Int], passing: String = "") -> String {
        let results = self.results(key)
        guard let first = results.first else { return " " }
        if let impossibility = first.impossibility { return impossibility }
        let symbol = symbols(key) ?? " "
        let failing = results.filter { $0.outcome != .ok }
        if failing.isEmpty { return passing.isEmpty ? symbol : "\(symbol) \(passing)" }
        var text = symbol
        if let kinds = failingKinds(failing) { text += " " + kinds }
        let partly = failing.map(Self.partlyFailingVariants)
        if partly.allSatisfy({ !$0.isEmpty }) {
            text += " " + partly.flatMap { $0.map(\.shortName) }.uniqued().joined(separator: ", ")
        }
        if key.order.count >= 2, failing.allSatisfy({ $0.conflict == false }) { text += " as alone" }
        return text + reference(key, numbers)
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
        if methodHooks {
            return "\"First\" is call order: the row's install call runs before the column's. The diagonal is each library alone. \"as alone\" marks a failing cell whose every finding one of its libraries already has alone."
        }
        return "\"First\" is `+load`/link order for load-time hooks and call order for runtime attaches; a library that hooks at launch cannot come after a runtime attach unless it can start late (\"not possible\"). The diagonal is each library alone. \"as alone\" marks a failing cell whose every finding one of its libraries already has alone."
    }

    /// A note's verdict lines: that the failure is inherited from a library alone, and the outcome of each install
    /// variant with its findings, when they differ.
    func verdictLines(_ key: NoteKey) -> [String] {
        let failing = results(key).filter { $0.outcome != .ok }
        var out: [String] = []
        if key.order.count >= 2, !failing.isEmpty, failing.allSatisfy({ $0.conflict == false }) {
            let alone = key.order.filter { id in
                failing.contains { (outcome(of: $0.cell.with(order: [id])) ?? .ok) != .ok }
            }
            out += ["", "**Not a conflict:** " + alone.map { "`\($0)`" }.joined(separator: " and ")
                    + " alone already \(alone.count == 1 ? "fails" : "fail") this way on \(key.host) (the table's diagonal); this order adds no finding of its own."]
        }
        guard let variants = failing.first?.variants, !variants.isEmpty,
              failing.contains(where: { !Self.partlyFailingVariants($0).isEmpty }) else { return out }
        out += ["", "**By variant** (one library's variant at a time, the others at their first; each at every placement):"]
        for variant in variants.map(\.variant) {
            let per = failing.compactMap { r in r.variants.first { $0.variant == variant }.map { (r.cell.config, $0) } }
            let outcomes = per.map { "\($0.1.outcome.symbol) \($0.1.outcome.rawValue) in \($0.0.rawValue)" }
            out.append("- `\(variant)`: " + (per.allSatisfy { $0.1.outcome == per[0].1.outcome }
                ? "\(per[0].1.outcome.symbol) \(per[0].1.outcome.rawValue)" : outcomes.joined(separator: ", ")))
            for finding in per.flatMap({ $0.1.findings }).uniqued() {
                out.append("  - `\(finding.kind.rawValue)`: \(Self.sentence(finding.message))")
            }
        }
        return out
    }

    /// "What fixes it" lines for the variants that pass in every failing configuration, offered first.
    func variantFixes(_ key: NoteKey) -> [String] {
        let failing = results(key).filter { $0.outcome != .ok }
        guard let variants = failing.first?.variants else { return [] }
        let passing = variants.map(\.variant).filter { name in
            failing.allSatisfy { r in r.variants.contains { $0.variant == name && $0.outcome == .ok } }
        }
        // A variant runs with the other libraries at their first variant: name the whole combination.
        let combinations = passing.map { name -> [String] in
            key.order.compactMap { id -> String? in
                guard let info = participants.first(where: { $0.id == id }), let first = info.hookVariantNames.first else { return nil }
                return name.hasPrefix(info.family + ":") ? name : "\(info.family):\(first)"
            }
        }.uniqued()
        return combinations.map { "Install with " + $0.map { "`\($0)`" }.joined(separator: " and ") + " → ✅ at every placement." }
    }
}
