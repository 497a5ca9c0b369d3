// The baseline (`Matrix/baseline.json`, or HookLab's own `Matrix/baseline/`, one file per host): the accepted outcome
// of every cell, as known issues with reasons.

import Foundation

/// The accepted outcome of every cell, with a reason for each accepted failure.
///
/// Written one cell per line, grouped by host and sorted, with each distinct reason text stored once in a table,
/// so a review diff shows exactly the cells that changed, the file stays small, and a parse error's line points at one cell.
public struct Baseline: Hashable, Sendable {
    /// One accepted cell.
    public struct Entry: Hashable, Sendable {
        public var cell: Matrix.Cell
        /// The accepted outcome.
        public var outcome: Outcome
        /// Why a failing outcome is accepted; required when the outcome is not `ok`.
        public var reason: String?

        public init(cell: Matrix.Cell, outcome: Outcome, reason: String? = nil) {
            self.cell = cell
            self.outcome = outcome
            self.reason = reason
        }
    }

    /// The entries, sorted by cell.
    public private(set) var entries: [Entry]
    private var index: [Matrix.Cell: Int]

    public init(entries: [Entry]) {
        self.entries = entries.sorted { $0.cell < $1.cell }
        index = [:]
        for (position, entry) in self.entries.enumerated() { index[entry.cell] = position }
    }

    /// The entry of a cell.
    public func entry(for cell: Matrix.Cell) -> Entry? { index[cell].map { entries[$0] } }

    /// The schema version written. Schema 1 (one object per cell, each with its reason text) is still read.
    public static let schema = 2

    /// The id of a reason text in the file's `"reasons"` table: "r" and six hex digits of the text's FNV-1a hash.
    ///
    /// A hash rather than a number in order of first use, so that changing one cell never renumbers the
    /// others' reasons. A collision (two texts, one id) is resolved by hashing the text again with a
    /// counter, taking the texts in sorted order.
    static func reasonIDs(_ texts: Set<String>) -> [String: String] {
        var ids: [String: String] = [:]
        var taken: Set<String> = []
        for text in texts.sorted() {
            var salt = 0
            var id: String
            repeat {
                var hash: UInt32 = 2_166_136_261
                for byte in (salt == 0 ? text : "\(text)#\(salt)").utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
                let hex = String(hash & 0xFF_FFFF, radix: 16)
                id = "r" + String(repeating: "0", count: 6 - hex.count) + hex
                salt += 1
            } while taken.contains(id)
            taken.insert(id)
            ids[text] = id
        }
        return ids
    }

    /// The config column's value for a debug and a release cell with the same outcome and reason, written as one row.
    public static let bothConfigurations = "both"

    /// The file's text (schema 2): the reasons table, one reason per line sorted by id, then the cells grouped
    /// by host, one cell per line, sorted: `["A B C", config, outcome]` (participant ids in install order), plus the
    /// reason id when not `ok`.
    ///
    /// Changing one cell's outcome changes its line, and at most adds or drops a line of the reasons table.
    public var fileText: String {
        let ids = Self.reasonIDs(Set(entries.compactMap(\.reason)))
        var lines = ["{", "  \"schema\": \(Self.schema),", "  \"columns\": [\"order\", \"config\", \"outcome\", \"reason\"],"]
        let reasons = ids.map { ($0.value, $0.key) }.sorted { $0.0 < $1.0 }
        lines.append("  \"reasons\": {" + (reasons.isEmpty ? "}," : ""))
        for (position, (id, text)) in reasons.enumerated() {
            lines.append("    " + JSONValue.string(id).text() + ": " + JSONValue.string(text).text() + (position < reasons.count - 1 ? "," : ""))
        }
        if !reasons.isEmpty { lines.append("  },") }
        var hosts: [(String, [Entry])] = []
        for entry in entries {
            if hosts.last?.0 == entry.cell.host { hosts[hosts.count - 1].1.append(entry) } else { hosts.append((entry.cell.host, [entry])) }
        }
        lines.append("  \"hosts\": {" + (hosts.isEmpty ? "}" : ""))
        for (hostPosition, (host, hostEntries)) in hosts.enumerated() {
            lines.append("    " + JSONValue.string(host).text() + ": [")
            // A debug cell followed by its release twin with the same outcome and reason is one row, config "both".
            var rows: [[JSONValue]] = []
            var position = 0
            while position < hostEntries.count {
                let entry = hostEntries[position]
                var config = entry.cell.config.rawValue
                if position + 1 < hostEntries.count, case let next = hostEntries[position + 1],
                   entry.cell.config == .debug, next.cell == entry.cell.with(config: .release),
                   next.outcome == entry.outcome, next.reason == entry.reason {
                    config = Self.bothConfigurations
                    position += 1
                }
                var row: [JSONValue] = [.string(entry.cell.order.joined(separator: " ")), .string(config), .string(entry.outcome.rawValue)]
                if let reason = entry.reason { row.append(.string(ids[reason]!)) }
                rows.append(row)
                position += 1
            }
            for (position, row) in rows.enumerated() {
                lines.append("      " + JSONValue.array(row).text(indent: 1) + (position < rows.count - 1 ? "," : ""))
            }
            lines.append("    ]" + (hostPosition < hosts.count - 1 ? "," : ""))
        }
        if !hosts.isEmpty { lines.append("  }") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a baseline file's text, schema 2 or 1.
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The path to name in errors.
    /// - Throws: ``BaselineError`` with the line of the first syntax or content error.
    public static func parse(_ text: String, file: String) throws(BaselineError) -> Baseline {
        Baseline(entries: try parseRows(text, file: file).map(\.entry))
    }

    /// A file's entries, each with the line of the row that holds it (a `both` row gives two entries, one line).
    static func parseRows(_ text: String, file: String) throws(BaselineError) -> [(entry: Entry, line: Int)] {
        let root: JSONValue.Located
        do { root = try JSONValue.parse(text) } catch { throw BaselineError(file: file, line: error.line, message: error.message) }
        func fail(_ line: Int, _ message: String) -> BaselineError { BaselineError(file: file, line: line, message: message) }

        guard case .object = root.value else { throw fail(root.line, "expected an object with \"schema\", \"reasons\" and \"hosts\"") }
        guard let schema = root["schema"] else { throw fail(root.line, "missing \"schema\"") }
        if schema.value == .number(1) { return try parseSchema1(root, file: file) }
        guard schema.value == .number(Self.schema) else { throw fail(schema.line, "unsupported schema; expected \(Self.schema) (or 1)") }

        var reasons: [String: String] = [:]
        if let table = root["reasons"] {
            guard case .object = table.value else { throw fail(table.line, "\"reasons\" must be an object of id: text") }
            for (id, member) in table.members {
                guard case .string(let text) = member.value, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw fail(member.line, "reason \"\(id)\" must be a non-empty string")
                }
                guard reasons[id] == nil else { throw fail(member.line, "reason \"\(id)\" appears twice") }
                reasons[id] = text
            }
        }
        guard let hosts = root["hosts"], case .object = hosts.value else { throw fail(root.line, "missing \"hosts\" object") }
        var entries: [(entry: Entry, line: Int)] = []
        var seen: [Matrix.Cell: Int] = [:]
        for (host, rows) in hosts.members {
            guard case .array = rows.value else { throw fail(rows.line, "host \"\(host)\" must hold an array of cells") }
            for row in rows.items {
                let shape = "expected [order, config, outcome] or [order, config, outcome, reason id]"
                guard case .array(let values) = row.value, (3...4).contains(values.count) else { throw fail(row.line, shape) }
                guard case .string(let orderText) = values[0], !orderText.isEmpty else {
                    throw fail(row.line, "a cell's first column is its participant ids in install order, separated by spaces; \(shape)")
                }
                let order = orderText.split(separator: " ").map(String.init)
                guard case .string(let configText) = values[1],
                      let configs = configText == Self.bothConfigurations ? Configuration.allCases : Configuration(rawValue: configText).map({ [$0] }) else {
                    throw fail(row.line, "unknown config \(values[1].text(indent: nil)); expected debug, release or \(Self.bothConfigurations)")
                }
                guard case .string(let outcomeText) = values[2], let outcome = Outcome(rawValue: outcomeText) else {
                    throw fail(row.line, "unknown outcome \(values[2].text(indent: nil)); expected one of \(Outcome.bySeverity.map(\.rawValue).joined(separator: ", "))")
                }
                var reason: String?
                if values.count == 4 {
                    guard case .string(let id) = values[3] else { throw fail(row.line, "the reason column must be a reason id (a string)") }
                    guard let text = reasons[id] else { throw fail(row.line, "unknown reason id '\(id)'; it is not in the \"reasons\" table") }
                    reason = text
                }
                if outcome != .ok, reason == nil { throw fail(row.line, "an accepted \(outcome.rawValue) needs a reason id") }
                for config in configs {
                    let cell = Matrix.Cell(host: host, order: order, config: config)
                    if let first = seen[cell] { throw fail(row.line, "\(cell) appears twice; first at line \(first)") }
                    seen[cell] = row.line
                    entries.append((Entry(cell: cell, outcome: outcome, reason: reason), row.line))
                }
            }
        }
        return entries
    }

    /// Reads schema 1: `"cells"`, one object per cell with its reason text.
    static func parseSchema1(_ root: JSONValue.Located, file: String) throws(BaselineError) -> [(entry: Entry, line: Int)] {
        func fail(_ line: Int, _ message: String) -> BaselineError { BaselineError(file: file, line: line, message: message) }
        guard let cells = root["cells"], case .array = cells.value else { throw fail(root.line, "missing \"cells\" array") }
        var entries: [(entry: Entry, line: Int)] = []
        var seen: [Matrix.Cell: Int] = [:]
        for item in cells.items {
            guard case .object = item.value else { throw fail(item.line, "expected a cell object") }
            func string(_ key: String) throws(BaselineError) -> (String, Int) {
                guard let member = item[key] else { throw fail(item.line, "cell is missing \"\(key)\"") }
                guard case .string(let value) = member.value else { throw fail(member.line, "\"\(key)\" must be a string") }
                return (value, member.line)
            }
            let host = try string("host").0
            guard let orderMember = item["order"], case .array(let orderValues) = orderMember.value else {
                throw fail(item.line, "cell is missing the \"order\" array of participant ids")
            }
            var order: [String] = []
            for value in orderValues {
                guard case .string(let id) = value else { throw fail(orderMember.line, "\"order\" must hold participant ids (strings)") }
                order.append(id)
            }
            let (configText, configLine) = try string("config")
            guard let config = Configuration(rawValue: configText) else {
                throw fail(configLine, "unknown config '\(configText)'; expected debug or release")
            }
            let (outcomeText, outcomeLine) = try string("outcome")
            guard let outcome = Outcome(rawValue: outcomeText) else {
                throw fail(outcomeLine, "unknown outcome '\(outcomeText)'; expected one of \(Outcome.bySeverity.map(\.rawValue).joined(separator: ", "))")
            }
            var reason: String?
            if item["reason"] != nil { reason = try string("reason").0 }
            if outcome != .ok, (reason ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw fail(item.line, "an accepted \(outcome.rawValue) needs a \"reason\"")
            }
            let cell = Matrix.Cell(host: host, order: order, config: config)
            if let first = seen[cell] { throw fail(item.line, "\(cell) appears twice; first at line \(first)") }
            seen[cell] = item.line
            entries.append((Entry(cell: cell, outcome: outcome, reason: reason), item.line))
        }
        return entries
    }

    /// Reads a baseline file, or a baseline directory (``loadDirectory(from:file:)``); nil when there is none.
    /// - Throws: ``BaselineError`` naming the file and line.
    public static func load(from url: URL, file: String) throws(BaselineError) -> Baseline? {
        if isDirectory(url) { return try loadDirectory(from: url, file: file) }
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try parse(readText(url, file: file), file: file)
    }

    /// A file's text.
    /// - Throws: ``BaselineError`` at line 1 when it cannot be read or is not UTF-8.
    static func readText(_ url: URL, file: String) throws(BaselineError) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BaselineError(file: file, line: 1, message: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw BaselineError(file: file, line: 1, message: "is not UTF-8 text") }
        return text
    }
}
