// The cells that changed between two matrices, as Markdown for a pull-request comment (`hooklab diff`, the gate).

import Foundation

/// The changed cells between two runs of the matrix, and their Markdown rendering.
///
/// `hooklab diff OLD.json NEW.json` compares two `Reports/matrix.json` files; the gate renders its
/// differences from the baseline with the same ``markdown(_:compared:)``.
public struct MatrixDiff: Sendable {
    /// One changed cell.
    public struct Change: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// Worse than before.
            case regression
            /// Better than before.
            case improvement
            /// Only in the new matrix (for the gate: not in the baseline).
            case new
            /// Only in the old matrix.
            case removed
        }

        public var kind: Kind
        public var cell: Matrix.Cell
        /// The outcome before; nil for a new cell.
        public var old: Outcome?
        /// The outcome now; nil for a removed cell.
        public var new: Outcome?
        /// The finding that explains the change: the new run's worst finding, or for an improvement or a
        /// removed cell the old one's.
        public var finding: FindingText?
        /// Why the old outcome was accepted (the gate's baseline reason).
        public var reason: String?

        public init(kind: Kind, cell: Matrix.Cell, old: Outcome?, new: Outcome?, finding: FindingText?, reason: String? = nil) {
            self.kind = kind
            self.cell = cell
            self.old = old
            self.new = new
            self.finding = finding
            self.reason = reason
        }
    }

    /// A finding as a matrix file records it.
    public struct FindingText: Hashable, Sendable {
        public var kind: String
        public var message: String
        /// The reproducer step after which it was found; 0 is teardown.
        public var step: Int

        public init(kind: String, message: String, step: Int) {
            self.kind = kind
            self.message = message
            self.step = step
        }

        public init(_ finding: Finding) { self.init(kind: finding.kind.rawValue, message: finding.message, step: finding.step) }
    }

    /// One cell of a matrix file: its outcome and its worst finding.
    public struct CellRecord: Hashable, Sendable {
        public var cell: Matrix.Cell
        public var outcome: Outcome
        public var finding: FindingText?
    }

    /// The changes, regressions first, then improvements, new and removed cells; each group sorted by cell.
    public var changes: [Change]
    /// How many cells the two matrices have in common.
    public var compared: Int

    /// Compares two matrices' cells.
    public init(old: [CellRecord], new: [CellRecord]) {
        var before: [Matrix.Cell: CellRecord] = [:]
        for record in old { before[record.cell] = record }
        var changes: [Change] = []
        var compared = 0
        var seen: Set<Matrix.Cell> = []
        for record in new {
            seen.insert(record.cell)
            guard let previous = before[record.cell] else {
                changes.append(Change(kind: .new, cell: record.cell, old: nil, new: record.outcome, finding: record.finding))
                continue
            }
            compared += 1
            guard previous.outcome != record.outcome else { continue }
            let worse = record.outcome > previous.outcome
            changes.append(Change(kind: worse ? .regression : .improvement, cell: record.cell, old: previous.outcome, new: record.outcome,
                                  finding: record.outcome == .ok ? previous.finding : record.finding))
        }
        for record in old where !seen.contains(record.cell) {
            changes.append(Change(kind: .removed, cell: record.cell, old: record.outcome, new: nil, finding: record.finding))
        }
        self.changes = Self.sorted(changes)
        self.compared = compared
    }

    /// Changes in report order: by kind (regression, improvement, new, removed), then by cell.
    static func sorted(_ changes: [Change]) -> [Change] {
        let rank = Dictionary(uniqueKeysWithValues: Change.Kind.allCases.enumerated().map { ($1, $0) })
        return changes.sorted { rank[$0.kind]! != rank[$1.kind]! ? rank[$0.kind]! < rank[$1.kind]! : $0.cell < $1.cell }
    }

    /// The Markdown summary: a headline with the counts, then one section per kind of change.
    public var markdown: String { Self.markdown(changes, compared: compared) }

    /// GitHub refuses comments over 65,536 characters; `hooklab diff` stays under this by default.
    public static let commentLimit = 60_000

    /// Renders changes as Markdown: a headline with the counts, then a section per kind, each entry with host,
    /// order, configuration, old → new outcome, the finding and a pasteable `hooklab explain` command.
    /// - Parameters:
    ///   - changes: The changes, in any order.
    ///   - compared: How many cells were compared, for the headline.
    ///   - title: The headline's first words.
    ///   - limit: When set, entries stop before the text would pass this many characters, and each section
    ///     ends with how many of its cells are not shown; regressions come first, so they are cut last.
    public static func markdown(_ changes: [Change], compared: Int, title: String = "HookLab matrix diff", limit: Int? = nil) -> String {
        let changes = sorted(changes)
        let counts = Change.Kind.allCases.map { kind in (kind, changes.filter { $0.kind == kind }.count) }
        let summary = counts.map { "\($1) \(label($0, count: $1))" }.joined(separator: ", ")
        var out = "### \(title): \(summary)\n"
        if changes.isEmpty {
            return out + "\nNo cell changed among \(compared) cells compared.\n"
        }
        // Room for the sections' "not shown" lines, so the whole text stays within the limit.
        let budget = limit.map { $0 - 200 * counts.count }
        var full = false
        for (kind, count) in counts where count > 0 {
            out += "\n#### \(label(kind, count: count).prefix(1).uppercased() + label(kind, count: count).dropFirst()) (\(count))\n\n"
            var length = out.count
            var shown = 0
            for change in changes where change.kind == kind {
                let text = entry(change)
                if let budget, full || length + text.count > budget {
                    full = true
                    break
                }
                out += text
                length += text.count
                shown += 1
            }
            if shown < count {
                out += "\n… and \(count - shown) more \(label(kind, count: count - shown)) not shown here; `hooklab diff --all OLD NEW` lists every cell.\n"
            }
        }
        return out
    }

    static func label(_ kind: Change.Kind, count: Int) -> String {
        switch kind {
        case .regression: count == 1 ? "regression" : "regressions"
        case .improvement: count == 1 ? "improvement" : "improvements"
        case .new: count == 1 ? "new cell" : "new cells"
        case .removed: count == 1 ? "removed cell" : "removed cells"
        }
    }

    /// One change as a Markdown list item with indented details.
    public static func entry(_ change: Change) -> String {
        let cell = change.cell
        let old = change.old.map(\.title) ?? "(not there)"
        let new = change.new.map(\.title) ?? "(gone)"
        var out = "- **\(escape(cell.host))** · `\(cell.order.joined(separator: " → "))` · \(cell.config.rawValue): \(old) → \(new)\n"
        if let finding = change.finding {
            let when = finding.step == 0 ? "teardown" : "step \(finding.step) of the reproducer"
            let was = change.kind == .improvement || change.kind == .removed ? "was " : ""
            out += "  - \(was)\(finding.kind) at \(when): \(escape(finding.message))\n"
        }
        if let reason = change.reason, change.kind == .improvement {
            out += "  - was accepted because: \(escape(reason))\n"
        }
        // `explain` takes two or more participants; a library alone has nothing to explain against.
        if change.kind != .removed, cell.order.count >= 2 {
            out += "  - explain: `\(ShellCommand.explain(cell))`\n"
        }
        return out
    }

    /// Text that GitHub would read as markup: `<` starts HTML, `*` emphasis, and `_` at a word's edge
    /// (`_Aspects_`; GitHub leaves `SUPER_viewWillAppear:` alone, so it stays readable in a terminal too).
    static func escape(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "*": out += "\\*"
            case "_":
                func isWord(_ position: Int) -> Bool {
                    characters.indices.contains(position) && (characters[position].isLetter || characters[position].isNumber)
                }
                out += isWord(index - 1) && isWord(index + 1) ? "_" : "\\_"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}

extension MatrixDiff.Change {
    /// The gate's difference from the baseline, for the shared renderer.
    public init(_ difference: Gate.Difference) {
        let kind: Kind = switch difference.kind {
        case .regression: .regression
        case .improvement: .improvement
        case .missing: .new
        }
        self.init(kind: kind, cell: difference.cell, old: difference.old, new: difference.new,
                  finding: difference.finding.map(MatrixDiff.FindingText.init), reason: difference.reason)
    }
}

extension MatrixDiff {
    /// Reads the cells of a `Reports/matrix.json`, schema 1, 2 or 3, ignoring members it does not know. In schema 3
    /// a cell's `findings` are indices into the document's `"findings"` table.
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The path to name in errors.
    /// - Throws: ``InputFileError`` with the line of the first syntax or content error.
    public static func cells(ofMatrixJSON text: String, file: String) throws(InputFileError) -> [CellRecord] {
        let root: JSONValue.Located
        // Only what a diff reads is built; the reproducers, fixes and other tables are checked and left out (two thirds
        // of the parse, and of freeing it, on a full matrix.json).
        do { root = try JSONValue.parse(text, keeping: ["schema", "findings", "cells"]) } catch {
            throw InputFileError(file: file, line: error.line, message: error.message)
        }
        func fail(_ line: Int, _ message: String) -> InputFileError { InputFileError(file: file, line: line, message: message) }
        guard case .object = root.value else { throw fail(root.line, "expected a matrix.json object with \"schema\" and \"cells\"") }
        guard let schema = root["schema"] else { throw fail(root.line, "missing \"schema\"; is this a matrix.json written by 'hooklab matrix'?") }
        guard [1, 2, 3].contains(where: { schema.value == .number($0) }) else {
            throw fail(schema.line, "unsupported matrix.json schema \(schema.value.text(indent: nil)); expected 1, 2 or 3")
        }
        guard let cells = root["cells"], case .array = cells.value else { throw fail(root.line, "missing \"cells\" array") }
        /// A finding object: its text and how severe its kind is.
        func findingText(_ finding: JSONValue.Located) throws(InputFileError) -> (FindingText, Outcome) {
            guard case .string(let kind)? = finding["kind"]?.value, case .string(let message)? = finding["message"]?.value else {
                throw fail(finding.line, "a finding needs \"kind\" and \"message\" strings")
            }
            var step = 0
            if case .number(let value)? = finding["step"]?.value { step = value }
            // A kind this build does not know ranks lowest.
            return (FindingText(kind: kind, message: message, step: step), Finding.Kind(rawValue: kind)?.outcome ?? .ok)
        }
        // Schema 3: the findings table the cells index.
        var table: [(FindingText, Outcome)]?
        if schema.value == .number(3) {
            guard let findings = root["findings"], case .array = findings.value else {
                throw fail(root.line, "missing the \"findings\" table of a schema 3 matrix.json")
            }
            var entries: [(FindingText, Outcome)] = []
            for finding in findings.items { entries.append(try findingText(finding)) }
            table = entries
        }
        var records: [CellRecord] = []
        var seen: [Matrix.Cell: Int] = [:]
        for item in cells.items {
            guard case .object = item.value else { throw fail(item.line, "expected a cell object") }
            func string(_ key: String) throws(InputFileError) -> String {
                guard let member = item[key] else { throw fail(item.line, "cell is missing \"\(key)\"") }
                guard case .string(let value) = member.value else { throw fail(member.line, "\"\(key)\" must be a string") }
                return value
            }
            let host = try string("host")
            guard let orderMember = item["order"], case .array(let values) = orderMember.value, !values.isEmpty else {
                throw fail(item.line, "cell is missing the \"order\" array of participant ids")
            }
            var order: [String] = []
            for value in values {
                guard case .string(let id) = value else { throw fail(orderMember.line, "\"order\" must hold participant ids (strings)") }
                order.append(id)
            }
            let configText = try string("config")
            guard let config = Configuration(rawValue: configText) else {
                throw fail(item["config"]!.line, "unknown config '\(configText)'; expected debug or release")
            }
            let outcomeText = try string("outcome")
            guard let outcome = Outcome(rawValue: outcomeText) else {
                throw fail(item["outcome"]!.line, "unknown outcome '\(outcomeText)'; expected one of \(Outcome.bySeverity.map(\.rawValue).joined(separator: ", "))")
            }
            var worst: (FindingText, Outcome)?
            if let findings = item["findings"] {
                guard case .array = findings.value else { throw fail(findings.line, "\"findings\" must be an array") }
                for finding in findings.items {
                    let entry: (FindingText, Outcome)
                    if let table {
                        guard case .number(let index) = finding.value, table.indices.contains(index) else {
                            throw fail(finding.line, "a schema 3 cell's findings are indices into the \"findings\" table, "
                                      + (table.isEmpty ? "which is empty" : "0 to \(table.count - 1)"))
                        }
                        entry = table[index]
                    } else {
                        entry = try findingText(finding)
                    }
                    // The first of the most severe wins, as in the lab.
                    if worst.map({ entry.1 > $0.1 }) ?? true { worst = entry }
                }
            }
            let cell = Matrix.Cell(host: host, order: order, config: config)
            if let first = seen[cell] { throw fail(item.line, "\(cell) appears twice; first at line \(first)") }
            seen[cell] = item.line
            records.append(CellRecord(cell: cell, outcome: outcome, finding: worst?.0))
        }
        return records
    }
}
