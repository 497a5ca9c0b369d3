// `Reports/matrix.json`, schema 3 (DESIGN.md; docs/reading-the-matrix.md, "matrix.json"): the cells of schema 2, with each finding,
// reproducer, sources list, `ran` list and variants list stored once in a table and referenced by its index.

import Foundation

extension Matrix {
    /// The schema version of `Reports/matrix.json`.
    public static let jsonSchema = 3

    /// The matrix as `Reports/matrix.json`, schema 3: participants, the shared tables, then cells sorted by host,
    /// order, config.
    ///
    /// Each cell is its schema 2 object (``jsonCellObjects``) with these members replaced by indices (0-based) into
    /// the document's tables of the same name: `findings` (an array of indices into `"findings"`), `reproducer`
    /// (into `"reproducers"`, or null), `sources` (into `"sources"`), `ran` (into `"ran"`) and `variants` (into
    /// `"variants"`, whose entries' own `findings` index `"findings"` too) and a failing cell's `fixes` (into `"fixes"`:
    /// ``fixesJSON(_:)``'s object, `fixes` and `noChangeHelpsWhen`). Each table holds every distinct value
    /// once, in order of first use. ``expandedCells(_:)`` turns a cell back into its schema 2 object.
    public var json: String {
        var tables = JSONTables()
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let cells = jsonCellObjects(workers: workers).map { tables.compact($0) }
        let document: JSONValue = .object([
            ("schema", .number(Self.jsonSchema)),
            ("generator", .string("hooklab matrix")),
            ("participants", .array(participants.map { .object([("id", .string($0.id)), ("models", .string($0.models))]) })),
        ] + tables.members + [
            ("cells", .array(cells)),
        ])
        // Its large arrays' items written on every core: writing the 36 MB text on one thread held up every report.
        return document.text(indent: 2, workers: workers) + "\n"
    }

    /// Each cell as schema 2 wrote it, sorted by host, order, config.
    ///
    /// Beyond the schema, a failing cell has `"evidence"` (reported, derived or predicted), `"sources"` (its public
    /// references) and, when reported, `"reports"` (the catalogue files); for orders of three or more, `"emergent"` (it fails while all its pairs pass). A method-hook
    /// cell also has `"ran"`: the hook bodies of its first scenario, in order.
    /// An ok cell has no findings and a null reproducer.
    ///
    /// Schema 2 adds the cells of each participant alone (an `order` of one id), `"possible"` (false, with
    /// `"impossibility"`, for an install order that cannot happen; it runs nothing), `"conflict"` (orders of two or
    /// more) and `"variants"` (method-hook cells whose participants have install variants).
    var jsonCellObjects: [JSONValue] { jsonCellObjects(workers: 1) }

    /// ``jsonCellObjects``, each cell's object made on one of `workers` threads (each reads only this matrix).
    func jsonCellObjects(workers: Int) -> [JSONValue] {
        let emergent = Set(self.emergent)
        let methodTargetNames = methodTargets.map(\.name)
        return Self.concurrentMap(results.count, workers: workers) { index in
            let result = results[index]
            var members: [(String, JSONValue)] = [
                ("host", .string(result.cell.host)),
                ("order", .array(result.cell.order.map(JSONValue.string))),
                ("config", .string(result.cell.config.rawValue)),
                ("outcome", .string(result.outcome.rawValue)),
                ("findings", .array(result.findings.map { finding in
                    .object([("kind", .string(finding.kind.rawValue)), ("message", .string(finding.message)), ("step", .number(finding.step))])
                })),
                ("reproducer", result.reproducer.map { .string($0.scenario.fileText) } ?? .null),
            ] + evidenceMembers(result)
            if result.cell.order.count >= 3 { members.append(("emergent", .bool(emergent.contains(result.cell)))) }
            members += Self.verdictMembers(result)
            members += setupMembers(result)
            if methodTargetNames.contains(result.cell.host) { members.append(("ran", .array(result.ran.map(JSONValue.string)))) }
            // A failing cell's fixes as values (issue 42): each change, its owner, the order run and the set-ups where it
            // passed, as notes and `explain --json` give them; the same for both configurations of an order.
            if result.possible, result.outcome != .ok {
                members.append(("fixes", fixesJSON(NoteKey(host: result.cell.host, order: result.cell.order))))
            }
            return .object(members)
        }
    }

    /// The cells of a parsed `matrix.json` as schema 2 objects: schema 3's indices replaced by their table entries
    /// (an index outside its table becomes null); cells of schemas 1 and 2 as they are.
    public static func expandedCells(_ document: JSONValue) -> [JSONValue] {
        guard case .array(let cells)? = document["cells"] else { return [] }
        guard document["schema"] == .number(3) else { return cells }
        func table(_ name: String) -> [JSONValue] {
            if case .array(let items)? = document[name] { return items }
            return []
        }
        let findings = table("findings"), reproducers = table("reproducers"), sources = table("sources")
        let ran = table("ran"), variants = table("variants"), fixes = table("fixes")
        func entry(_ index: JSONValue, _ in: [JSONValue]) -> JSONValue {
            guard case .number(let i) = index, `in`.indices.contains(i) else { return .null }
            return `in`[i]
        }
        func findingList(_ value: JSONValue) -> JSONValue {
            guard case .array(let indices) = value else { return value }
            return .array(indices.map { entry($0, findings) })
        }
        return cells.map { cell in
            guard case .object(let members) = cell else { return cell }
            return .object(members.map { key, value in
                switch key {
                case "findings": return (key, findingList(value))
                case "reproducer": return (key, value == .null ? .null : entry(value, reproducers))
                case "sources": return (key, entry(value, sources))
                case "ran": return (key, entry(value, ran))
                case "fixes": return (key, entry(value, fixes))
                case "variants":
                    guard case .array(let list) = entry(value, variants) else { return (key, .null) }
                    return (key, .array(list.map { variant in
                        guard case .object(let vm) = variant else { return variant }
                        return .object(vm.map { $0.0 == "findings" ? ($0.0, findingList($0.1)) : $0 })
                    }))
                default: return (key, value)
                }
            })
        }
    }
}

/// Schema 3's tables: each distinct value once, in order of first use, and a cell's members replaced by indices.
struct JSONTables {
    static let names = ["findings", "reproducers", "sources", "ran", "variants", "fixes"]
    private var entries: [[JSONValue]] = Array(repeating: [], count: names.count)
    private var indices: [[JSONValue: Int]] = Array(repeating: [:], count: names.count)

    /// The index of `value` in table `table` (one of ``names``), adding it when new.
    mutating func index(_ value: JSONValue, in table: Int) -> JSONValue {
        if let i = indices[table][value] { return .number(i) }
        let i = entries[table].count
        entries[table].append(value)
        indices[table][value] = i
        return .number(i)
    }

    mutating func findingIndices(_ value: JSONValue) -> JSONValue {
        guard case .array(let findings) = value else { return value }
        return .array(findings.map { index($0, in: 0) })
    }

    /// A schema 2 cell object with its shared members replaced by indices.
    mutating func compact(_ cell: JSONValue) -> JSONValue {
        guard case .object(let members) = cell else { return cell }
        return .object(members.map { key, value in
            switch key {
            case "findings": return (key, findingIndices(value))
            case "reproducer": return (key, value == .null ? .null : index(value, in: 1))
            case "sources": return (key, index(value, in: 2))
            case "ran": return (key, index(value, in: 3))
            case "fixes": return (key, index(value, in: 5))
            case "variants":
                guard case .array(let list) = value else { return (key, value) }
                let compacted: [JSONValue] = list.map { variant in
                    guard case .object(let vm) = variant else { return variant }
                    return .object(vm.map { $0.0 == "findings" ? ($0.0, findingIndices($0.1)) : $0 })
                }
                return (key, index(.array(compacted), in: 4))
            default: return (key, value)
            }
        })
    }

    /// The tables as document members, in ``names`` order.
    var members: [(String, JSONValue)] { Self.names.indices.map { (Self.names[$0], .array(entries[$0])) } }
}

extension Matrix {
    /// A cell's `setups` when it fails only under some app set-ups: each set-up in words with its outcome (absent: every
    /// set-up has the cell's outcome). `conflict` says whether it conflicts under that set-up, for an order of two or more.
    func setupMembers(_ result: CellResult) -> [(String, JSONValue)] {
        guard result.failsOnlyUnderSomeSetups, let host = hosts.first(where: { $0.name == result.cell.host }) else { return [] }
        let conflicting = result.cell.order.count >= 2 ? conflictingSetups(result).map(\.setup) : []
        return [("setups", .array(result.setups.map { setup in
            var members: [(String, JSONValue)] = [("setup", .string(setup.setup.text(on: host))), ("outcome", .string(setup.outcome.rawValue))]
            if result.cell.order.count >= 2, setup.outcome != .ok { members.append(("conflict", .bool(conflicting.contains(setup.setup)))) }
            return .object(members)
        }))]
    }

    /// Schema 2's members of a cell: `possible` (and `impossibility`), `conflict`, `variants`.
    static func verdictMembers(_ result: CellResult) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("possible", .bool(result.possible))]
        if let impossibility = result.impossibility { members.append(("impossibility", .string(impossibility))) }
        if let conflict = result.conflict { members.append(("conflict", .bool(conflict))) }
        if !result.variants.isEmpty {
            members.append(("variants", .array(result.variants.map { variant in
                .object([("variant", .string(variant.variant)), ("outcome", .string(variant.outcome.rawValue)),
                         ("findings", .array(variant.findings.map { finding in
                             .object([("kind", .string(finding.kind.rawValue)), ("message", .string(finding.message)),
                                      ("step", .number(finding.step))])
                         }))])
            })))
        }
        return members
    }
}
