// The pieces of the report pages shared by several of them: note keys, the pair table, the emergent triples.

extension Matrix {
    /// A failing host and order, over both configurations: what one numbered note explains.
    public struct NoteKey: Hashable, Sendable, Comparable {
        public var host: String
        public var order: [String]

        public init(host: String, order: [String]) {
            self.host = host
            self.order = order
        }

        public static func < (lhs: NoteKey, rhs: NoteKey) -> Bool {
            lhs.host != rhs.host ? lhs.host < rhs.host : lhs.order.lexicographicallyPrecedes(rhs.order)
        }
    }

    /// The emergent cells grouped by host and order, sorted.
    var emergentKeys: [NoteKey] {
        emergent.map { NoteKey(host: $0.host, order: $0.order) }.uniqued().sorted()
    }

    func participants(on host: String) -> [String] {
        participants.filter { $0.hosts.contains(host) }.map(\.id)
    }

    func family(of id: String) -> String? { participantPosition(id).map { participants[$0].family } }

    /// The configurations in which the key's cell was run and failed, debug first (``Verdict/failing``).
    func failingConfigs(_ key: NoteKey) -> [Configuration] { verdict(key).failing }

    /// "✅", or "⚠️ / 🔁" when debug and release differ; nil when the cell was not run.
    func symbols(_ key: NoteKey) -> String? {
        let outcomes = Configuration.allCases.map { outcome(of: Cell(host: key.host, order: key.order, config: $0)) }
        guard let debug = outcomes[0], let release = outcomes[1] else {
            return outcomes.compactMap { $0?.symbol }.first
        }
        return debug == release ? debug.symbol : "\(debug.symbol) / \(release.symbol)"
    }

    func reference(_ key: NoteKey, _ numbers: [NoteKey: Int]) -> String {
        guard let number = numbers[key] else { return "" }
        return " [[\(number)]](#note-\(number))" + marks(key)
    }

    /// The rows-first, columns-second table of ordered pairs on one host, each participant alone on the diagonal;
    /// same-family pairs show "—".
    func pairTable(host: String, ids: [String], corner: String = "first ↓ / then →", header: (String) -> String = { "`\($0)`" },
                   cell: (NoteKey) -> String) -> [String] {
        var out = ["| \(corner) | " + ids.map(header).joined(separator: " | ") + " |",
                   "|---|" + String(repeating: "---|", count: ids.count)]
        for row in ids {
            let cells = ids.map { column in
                row == column ? cell(NoteKey(host: host, order: [row]))
                    : family(of: row) == family(of: column) ? "—" : cell(NoteKey(host: host, order: [row, column]))
            }
            out.append("| **\(row)** | " + cells.joined(separator: " | ") + " |")
        }
        return out
    }

    func emergentSection(numbers: [NoteKey: Int]) -> [String] {
        var out = ["## Emergent failures among three libraries", ""]
        let longer = results.filter { $0.cell.order.count >= 3 }
        let keys = emergentKeys
        if longer.isEmpty { return out + ["No longer orders were run."] }
        let failing = longer.filter { $0.outcome != .ok }.count
        out.append("\(longer.count) cells of three or more participants ran; \(failing) fail. Failing orders with a finding that none of their pairs (in the same order, host and configuration) and none of their libraries alone has, and whose minimal reproducer needs every one of them:")
        out.append("")
        if keys.isEmpty { return out + ["None: every failing order's findings are already in one of its pairs or libraries alone."] }
        for key in keys {
            out.append("- `\(key.host)`: `\(key.order.joined(separator: " → "))` — \(symbols(key) ?? "")\(reference(key, numbers))")
        }
        return out
    }
}
