// The parts of a note that show one run: the headline, what happens, the reproducer, the path, the graph.

extension Matrix {
    /// "💥 crash (debug and release)", "⚠️ assert (debug) · 🔁 loop (release)", "🕳️ broken (release only)".
    func headline(_ verdict: Verdict) -> String {
        let failing = verdict.failing
        if verdict.impossibility != nil { return "not possible" }
        if failing.isEmpty { return "✅ ok" }
        if failing.count == 1 {
            let config = failing[0]
            let outcome = verdict.outcome(config) ?? .ok
            let other = verdict.outcomes.first { $0.config != config }?.outcome
            return "\(outcome.title) (\(config.rawValue)\(other == nil ? "" : " only"))"
        }
        let outcomes = verdict.outcomes.compactMap { o in o.outcome.map { (o.config, $0) } }
        if outcomes[0].1 == outcomes[1].1 { return "\(outcomes[0].1.title) (debug and release)" }
        return outcomes.map { "\($0.1.title) (\($0.0.rawValue))" }.joined(separator: " · ")
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
