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
        return text + verdictSuffix(key, failing) + reference(key, numbers)
    }

    /// What follows a failing cell's symbol in a table: the failing install variants when only some fail (" instead"),
    /// and " as alone" when the cell only inherits a library's own failure; empty for a passing cell.
    func verdictSuffix(_ key: NoteKey, _ failing: [CellResult]) -> String {
        guard !failing.isEmpty else { return "" }
        var text = ""
        let partly = failing.map(Self.partlyFailingVariants)
        if partly.allSatisfy({ !$0.isEmpty }) {
            text += " " + partly.flatMap { $0.map(\.shortName) }.uniqued().joined(separator: ", ")
        }
        if failing.allSatisfy({ $0.conflict == false }) { text += aloneLibraries(key, failing).isEmpty ? " as the app alone" : " as alone" }
        return text
    }

    /// The participants of a cell whose alone cells fail in the configurations where the cell fails (none for a
    /// participant alone: its failure can only be inherited from the app alone).
    func aloneLibraries(_ key: NoteKey, _ failing: [CellResult]) -> [String] {
        guard key.order.count >= 2 else { return [] }
        return key.order.filter { id in failing.contains { (outcome(of: $0.cell.with(order: [id])) ?? .ok) != .ok } }
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
            return "\"First\" is call order: the row's install call runs before the column's. The diagonal is each library alone. \"as alone\" marks a failing cell whose every finding one of its libraries already has alone; \"as the app alone\" one whose every finding the app has with no library installed (its own mistake, such as freeing a delegate an assign slot still holds)."
        }
        return "\"First\" is `+load`/link order for load-time hooks and call order for runtime attaches; a library that hooks at launch cannot come after a runtime attach unless it can start late (\"not possible\"). The diagonal is each library alone. \"as alone\" marks a failing cell whose every finding one of its libraries already has alone; \"as the app alone\" one whose every finding the app has with no library installed (its own mistake, such as freeing a delegate an assign slot still holds)."
    }

    /// A note's verdict lines: that the failure is inherited from a library alone, and the outcome of each install
    /// variant with its findings, when they differ.
    func verdictLines(_ key: NoteKey) -> [String] {
        let failing = results(key).filter { $0.outcome != .ok }
        var out: [String] = []
        if !failing.isEmpty, failing.allSatisfy({ $0.conflict == false }) {
            let alone = aloneLibraries(key, failing)
            if !alone.isEmpty {
                out += ["", "**Not a conflict:** " + alone.map { "`\($0)`" }.joined(separator: " and ")
                        + " alone already \(alone.count == 1 ? "fails" : "fail") this way on \(key.host) (the table's diagonal); this order adds no finding of its own."]
            } else {
                let who = key.order.count == 1 ? "`\(key.order[0])` adds" : "this order adds"
                out += ["", "**The app's own:** with no library installed, the app's own scenario already fails this way on \(key.host) (for example by freeing a delegate the view still holds); \(who) no finding of its own."]
            }
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
