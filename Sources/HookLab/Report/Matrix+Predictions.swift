// Two summaries of the report: the most surprising predictions, and what iOS 8's assign delegates change.

extension Matrix {
    /// How many predictions the report lists.
    static let predictionLimit = 8

    /// One distinct predicted mechanism: the first noted cell (most severe first) for a finding kind and set of facts.
    struct Prediction {
        let key: NoteKey
        let result: CellResult
        let finding: Finding
        let facts: [String]
        let cells: Int
    }

    /// Predicted failing cells with a note, grouped by worst finding kind and the facts they rest on; the most
    /// widespread mechanism first (an integrator meets it in the most combinations), then the most severe, then note order.
    func predictions(numbers: [NoteKey: Int]) -> [Prediction] {
        var groups: [String: Prediction] = [:]
        var order: [String] = []
        for (key, _) in numbers.sorted(by: { $0.value < $1.value }) {
            // What ships: the release run if it fails, else debug.
            let configs = failingConfigs(key).reversed()
            guard let result = configs.lazy.compactMap({ self.result(for: Cell(host: key.host, order: key.order, config: $0)) })
                    .first(where: { $0.isPredicted }),
                  let reproducer = result.reproducer, let worst = reproducer.result.findings.mostSevere else { continue }
            let facts = reproducer.result.predictedBy
            let group = "\(worst.kind.rawValue)|" + facts.joined(separator: "|")
            if let existing = groups[group] {
                groups[group] = Prediction(key: existing.key, result: existing.result, finding: existing.finding,
                                           facts: existing.facts, cells: existing.cells + 1)
            } else {
                groups[group] = Prediction(key: key, result: result, finding: worst, facts: facts, cells: 1)
                order.append(group)
            }
        }
        let all = order.map { groups[$0]! }
        return all.enumerated().sorted { a, b in
            if a.element.cells != b.element.cells { return a.element.cells > b.element.cells }
            if a.element.result.outcome != b.element.result.outcome { return a.element.result.outcome > b.element.result.outcome }
            return a.offset < b.offset
        }.map(\.element)
    }

    func predictionsSection(numbers: [NoteKey: Int]) -> [String] {
        var out = ["## The most surprising predictions", ""]
        let list = predictions(numbers: numbers)
        if list.isEmpty { return out + ["No failing cell rests on an inference."] }
        out.append("Failures nobody has reported, whose failing path uses an inference. One entry per distinct mechanism (finding and facts), the one that fails the most noted cells first, with the first cell that shows it and its minimal reproducer; \(list.count) mechanism\(list.count == 1 ? "" : "s") in all, \(min(list.count, Self.predictionLimit)) shown.")
        for (index, p) in list.prefix(Self.predictionLimit).enumerated() {
            out.append("")
            let also = p.cells > 1 ? " (and \(p.cells - 1) more noted cell\(p.cells == 2 ? "" : "s") the same way)" : ""
            out.append("\(index + 1). **\(p.key.host) · \(p.key.order.joined(separator: " → "))** (\(p.result.cell.config.rawValue)) — \(p.result.outcome.title)\(reference(p.key, numbers))\(also): \(Self.sentence(p.finding.message))")
            out.append("   Rests on: " + p.facts.map { "*\($0)*" }.joined(separator: "; ") + ".")
            out.append("")
            out.append("   ```")
            out += (p.result.reproducer?.scenario.fileText ?? "").split(separator: "\n").map { "   " + $0 }
            out.append("   ```")
        }
        return out
    }

    /// Hosts that exist in two eras (`UITableView` and `UITableView@ios8`): the cells whose outcome differs.
    func eraSection() -> [String] {
        var out = ["## Weak versus assign delegates", ""]
        var lines: [String] = []
        for old in hosts where old.name.contains("@") {
            let base = String(old.name.prefix { $0 != "@" })
            guard let new = hosts.first(where: { $0.name == base }) else { continue }
            let cells = results.filter { $0.cell.host == old.name }
            var differing: [String] = []
            for r in cells {
                guard let twin = outcome(of: Cell(host: new.name, order: r.cell.order, config: r.cell.config)), twin != r.outcome else { continue }
                differing.append("`\(r.cell.order.joined(separator: " → "))` \(r.cell.config.rawValue): \(r.outcome.symbol) with \(old.delegateOwnership), \(twin.symbol) with \(new.delegateOwnership)")
            }
            let safeOnlyOnWeak = cells.filter { r in r.outcome != .ok && outcome(of: Cell(host: new.name, order: r.cell.order, config: r.cell.config)) == .ok }.count
            if differing.isEmpty {
                lines.append("- `\(old.name)` (delegate: \(old.delegateOwnership)) and `\(new.name)` (delegate: \(new.delegateOwnership)): all \(cells.count) cells agree; no combination here depends on the delegate being zeroed.")
            } else {
                lines.append("- `\(old.name)` against `\(new.name)`: \(differing.count) of \(cells.count) cells differ, \(safeOnlyOnWeak) of them safe only on weak-delegate systems:")
                lines += differing.prefix(12).map { "  - \($0)" }
                if differing.count > 12 { lines.append("  - … and \(differing.count - 12) more in `Reports/matrix.json`") }
            }
        }
        if lines.isEmpty { return out + ["No host is modeled in two eras."] }
        out.append("The same hosts up to iOS 8, when list delegates were `assign` (never zeroed), against iOS 9 and later (`weak`). A cell that fails only on the old host is safe only on weak-delegate systems.")
        out.append("")
        return out + lines
    }
}
