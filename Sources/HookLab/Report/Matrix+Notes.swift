// The numbered notes of the report: what happens, the reproducer, the path, the graph, the fix.

extension Matrix {
    /// One note explaining a failing host and order, in Markdown, as in the report and `hooklab explain`.
    /// - Parameters:
    ///   - key: The host and order.
    ///   - number: The note number; nil for a heading without one.
    public func note(_ key: NoteKey, number: Int?) -> [String] {
        let failing = failingConfigs(key)
        let results = failing.compactMap { result(for: Cell(host: key.host, order: key.order, config: $0)) }
        var out: [String] = []
        let anchor = number.map { "<a id=\"note-\($0)\"></a>[\($0)] " } ?? ""
        out.append("### \(anchor)\(key.host) · \(key.order.joined(separator: " → ")) · \(headline(key, failing))")
        guard !results.isEmpty else {
            out.append("")
            out.append("Passes in every configuration that was run.")
            return out
        }

        if results.count == 2, sameStory(results[0], results[1]) {
            out.append("")
            out += story(results[1])
            out.append("")
            out.append("It fails the same way in debug: change the second line to `config debug`.")
        } else if results.count == 1 {
            out.append("")
            out += story(results[0])
        } else {
            for result in results {
                out.append("")
                out.append("#### In \(result.cell.config.rawValue)")
                out.append("")
                out += story(result)
            }
        }

        out += verdictLines(key)
        out.append("")
        out.append("**What fixes it:**")
        let fixes = variantFixes(key) + self.fixes(key, failing)
        out += fixes.isEmpty ? ["- Nothing in the lab: no variant of these participants and no other install order makes this cell pass."] : fixes.map { "- \($0)" }

        out.append("")
        out += evidenceLines(results)
        return out
    }

    /// "💥 crash (debug and release)", "⚠️ assert (debug) · 🔁 loop (release)", "🕳️ broken (release only)".
    func headline(_ key: NoteKey, _ failing: [Configuration]) -> String {
        let outcomes = Configuration.allCases.map { ($0, outcome(of: Cell(host: key.host, order: key.order, config: $0))) }
        if failing.isEmpty { return "✅ ok" }
        if failing.count == 1 {
            let config = failing[0]
            let outcome = outcomes.first { $0.0 == config }!.1!
            let other = outcomes.first { $0.0 != config }!.1
            return "\(outcome.title) (\(config.rawValue)\(other == nil ? "" : " only"))"
        }
        if outcomes[0].1 == outcomes[1].1 { return "\(outcomes[0].1!.title) (debug and release)" }
        return outcomes.map { "\($0.1!.title) (\($0.0.rawValue))" }.joined(separator: " · ")
    }

    /// Whether two configurations' failures read the same apart from the config line.
    func sameStory(_ a: CellResult, _ b: CellResult) -> Bool {
        guard let ra = a.reproducer, let rb = b.reproducer else { return false }
        return ra.scenario.steps == rb.scenario.steps && ra.scenario.expect == rb.scenario.expect
            && ra.result.findings == rb.result.findings && ra.result.messagePath == rb.result.messagePath
            && ra.result.graph == rb.result.graph
    }

    /// What happens, the reproducer, the message path and the references, for one configuration.
    func story(_ result: CellResult) -> [String] {
        guard let reproducer = result.reproducer, let worst = reproducer.result.findings.mostSevere else { return [] }
        let steps = reproducer.scenario.steps
        func at(_ finding: Finding) -> String {
            finding.step == 0 ? "at teardown" : "at step \(finding.step), `\(finding.step <= steps.count ? steps[finding.step - 1].line : "?")`"
        }
        var out = ["**What happens** (`\(worst.kind.rawValue)` \(at(worst))): \(Self.sentence(worst.message))"]
        let others = reproducer.result.findings.filter { $0 != worst }
        if !others.isEmpty {
            out.append("")
            out.append("Also found:")
            for finding in others { out.append("- `\(finding.kind.rawValue)` \(at(finding)): \(Self.sentence(finding.message))") }
        }
        out.append("")
        out.append("**Minimal reproducer** (`hooklab run` accepts it as it is):")
        out.append("```")
        out.append(reproducer.scenario.fileText.dropLast().description)
        out.append("```")
        let path = reproducer.result.messagePath.isEmpty ? worst.frames : reproducer.result.messagePath
        if !path.isEmpty {
            out.append("")
            out.append("**Message path:**")
            out.append("```")
            out += path
            out.append("```")
        }
        if let graph = reproducer.result.graph, !graph.nodes.isEmpty || !graph.edges.isEmpty {
            out.append("")
            out.append("**References at the failure:**")
            out.append("```mermaid")
            out.append(graph.mermaid)
            out.append("```")
            out.append("Thick: strong. Plain: weak. Dotted: assign.")
        }
        return out
    }

    /// Variants of each participant (same family) and other install orders, with their outcomes in
    /// the failing configurations, for those that pass in at least one of them.
    func fixes(_ key: NoteKey, _ failing: [Configuration]) -> [String] {
        var lines: [String] = []
        func verdict(_ order: [String]) -> String? {
            // An order that cannot happen is no fix.
            guard failing.allSatisfy({ result(for: Cell(host: key.host, order: order, config: $0))?.possible != false }) else { return nil }
            let outcomes = failing.map { (config: $0, outcome: outcome(of: Cell(host: key.host, order: order, config: $0))) }
            guard outcomes.contains(where: { $0.outcome == .ok }) else { return nil }
            if outcomes.allSatisfy({ $0.outcome == .ok }) { return "✅" }
            return outcomes.map { "\($0.outcome?.symbol ?? "not run") in \($0.config.rawValue)" }.joined(separator: ", ")
        }
        for (position, id) in key.order.enumerated() {
            guard let family = family(of: id) else { continue }
            for variant in participants where variant.family == family && variant.id != id && variant.hosts.contains(key.host) {
                var order = key.order
                order[position] = variant.id
                if let verdict = verdict(order) {
                    lines.append("`\(variant.id)` (\(variant.models)) instead of `\(id)` → \(verdict).")
                }
            }
        }
        for order in permutations(key.order) where order != key.order {
            if let verdict = verdict(order) {
                let words = order.count == 2 ? "Installing `\(order[0])` first" : "Installing in the order `\(order.joined(separator: " → "))`"
                lines.append("\(words) → \(verdict).")
            }
        }
        return lines
    }

    /// The message with a final period; its case is kept, since it may start with a participant id.
    package static func sentence(_ text: String) -> String {
        text.isEmpty || text.hasSuffix(".") || text.hasSuffix("!") || text.hasSuffix("?") ? text : text + "."
    }

    /// Every permutation, in lexicographic order of positions.
    package func permutations(_ items: [String]) -> [[String]] { Self.permutations(items) }

    /// Every permutation, in lexicographic order of positions (as `hooklab explain` and `hooklab advise` list them).
    static func permutations(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        var result: [[String]] = []
        for (index, item) in items.enumerated() {
            var rest = items
            rest.remove(at: index)
            for tail in permutations(rest) { result.append([item] + tail) }
        }
        return result
    }
}
