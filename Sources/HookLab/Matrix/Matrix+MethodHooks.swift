// The report's "Method hooks" part: one table per method target, each cell showing the hook bodies that ran.

extension Matrix {
    /// The method-hook targets among the hosts, in report order.
    var methodTargets: [HostInfo] { hosts.filter { $0.methodTarget != nil } }

    /// "## Method hooks" and one table per target; empty when no target was run.
    func methodHooksPart(numbers: [NoteKey: Int]) -> [String] {
        let targets = methodTargets.filter { t in results.contains { $0.cell.host == t.name } }
        guard !targets.isEmpty else { return [] }
        var out = ["", "## Method hooks", ""]
        out.append("Hooking libraries that hook methods rather than delegate slots. Each target declares the app's classes, installs the row's hook, then the column's, and calls the method. A passing cell lists the hook bodies that ran, in order, in its first scenario (`original` is the method's own body, `super:C` a superclass's reached through a super call); a failing cell names its finding and links its note. Every install variant (Aspects before/instead/after, JSPatch ORIG/super/neither, XAspect forward/no-forward) runs at every placement of class hooks on the target's classes; the cell's outcome is the worst, followed by the variants that fail when only some do.")
        let hookCells = results.filter { r in targets.contains { $0.name == r.cell.host } }
        out.append("")
        out.append("\(hookCells.count) method-hook cells (\(hookCells.filter { $0.cell.order.count == 2 }.count) pairs), \(hookCells.reduce(0) { $0 + $1.scenarioCount }) scenarios; \(hookCells.filter { $0.outcome != .ok }.count) cells fail.")
        for target in targets {
            out.append("")
            out += methodHookTable(for: target, numbers: numbers)
        }
        return out
    }

    func methodHookTable(for host: HostInfo, numbers: [NoteKey: Int]) -> [String] {
        let ids = participants(on: host.name)
        var out = ["### \(host.name)", ""]
        if let summary = host.methodTarget?.summary { out.append(summary) }
        out.append("")
        out.append("Row installed first, column installed second.")
        out.append("")
        out.append(orderMeaning(methodHooks: true))
        out.append("")
        out += pairTable(host: host.name, ids: ids) { key in methodHookCell(key, numbers) }
        return out
    }

    /// "✅ aspects:before → original", or "🕳️ lostEvent instead [[n]]" (both configurations' outcomes when they differ).
    func methodHookCell(_ key: NoteKey, _ numbers: [NoteKey: Int]) -> String {
        let first = results(key).first
        return verdictText(key, numbers, passing: first.map { $0.ran.isEmpty ? "nothing ran" : $0.ran.joined(separator: " → ") } ?? "")
    }
}
