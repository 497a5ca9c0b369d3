// `Matrix/baseline.json`: the accepted outcome of every cell, as known issues with reasons.

import Foundation

/// The accepted outcome of every cell, with a reason for each accepted failure.
///
/// Written one cell per line (an object of scalars stays on one line), sorted, so a review diff shows exactly the cells that changed and
/// a parse error's line points at one cell.
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

    /// The schema version of the file.
    public static let schema = 1

    /// The file's text: a header, then one cell per line, sorted.
    public var fileText: String {
        var lines = ["{", "  \"schema\": \(Self.schema),", "  \"cells\": ["]
        for (position, entry) in entries.enumerated() {
            var members: [(String, JSONValue)] = [
                ("host", .string(entry.cell.host)),
                ("order", .array(entry.cell.order.map(JSONValue.string))),
                ("config", .string(entry.cell.config.rawValue)),
                ("outcome", .string(entry.outcome.rawValue)),
            ]
            if let reason = entry.reason { members.append(("reason", .string(reason))) }
            lines.append("    " + JSONValue.object(members).text(indent: 1) + (position < entries.count - 1 ? "," : ""))
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a baseline file's text.
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The path to name in errors.
    /// - Throws: ``BaselineError`` with the line of the first syntax or content error.
    public static func parse(_ text: String, file: String) throws(BaselineError) -> Baseline {
        let root: JSONValue.Located
        do { root = try JSONValue.parse(text) } catch { throw BaselineError(file: file, line: error.line, message: error.message) }
        func fail(_ line: Int, _ message: String) -> BaselineError { BaselineError(file: file, line: line, message: message) }

        guard case .object = root.value else { throw fail(root.line, "expected an object with \"schema\" and \"cells\"") }
        guard let schema = root["schema"] else { throw fail(root.line, "missing \"schema\"") }
        guard schema.value == .number(Self.schema) else { throw fail(schema.line, "unsupported schema; expected \(Self.schema)") }
        guard let cells = root["cells"], case .array = cells.value else { throw fail(root.line, "missing \"cells\" array") }

        var entries: [Entry] = []
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
            if outcome != .ok, (reason ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                throw fail(item.line, "an accepted \(outcome.rawValue) needs a \"reason\"")
            }
            let cell = Matrix.Cell(host: host, order: order, config: config)
            if let first = seen[cell] { throw fail(item.line, "\(cell) appears twice; first at line \(first)") }
            seen[cell] = item.line
            entries.append(Entry(cell: cell, outcome: outcome, reason: reason))
        }
        return Baseline(entries: entries)
    }

    /// Reads a baseline file, or nil when it does not exist.
    /// - Throws: ``BaselineError`` naming the file and line.
    public static func load(from url: URL, file: String) throws(BaselineError) -> Baseline? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BaselineError(file: file, line: 1, message: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw BaselineError(file: file, line: 1, message: "is not UTF-8 text") }
        return try parse(text, file: file)
    }
}
