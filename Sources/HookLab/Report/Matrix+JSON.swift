// `Reports/matrix.json`, schema 2 (DESIGN.md; README "matrix.json").

extension Matrix {
    /// The schema version of `Reports/matrix.json`.
    public static let jsonSchema = 2

    /// The matrix as `Reports/matrix.json`, schema 2: participants, then cells sorted by host, order, config.
    ///
    /// Beyond the schema, a failing cell has `"evidence"` (reported, derived or predicted), `"sources"` (its public
    /// references) and, when reported, `"reports"` (the catalogue files); for orders of three or more, `"emergent"` (it fails while all its pairs pass). A method-hook
    /// cell also has `"ran"`: the hook bodies of its first scenario, in order.
    /// An ok cell has no findings and a null reproducer.
    ///
    /// Schema 2 adds the cells of each participant alone (an `order` of one id), `"possible"` (false, with
    /// `"impossibility"`, for an install order that cannot happen; it runs nothing), `"conflict"` (orders of two or
    /// more) and `"variants"` (method-hook cells whose participants have install variants).
    public var json: String {
        let emergent = Set(self.emergent)
        let methodTargetNames = methodTargets.map(\.name)
        let cells: [JSONValue] = results.map { result in
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
            if methodTargetNames.contains(result.cell.host) { members.append(("ran", .array(result.ran.map(JSONValue.string)))) }
            return .object(members)
        }
        let document: JSONValue = .object([
            ("schema", .number(Self.jsonSchema)),
            ("generator", .string("hooklab matrix")),
            ("participants", .array(participants.map { .object([("id", .string($0.id)), ("models", .string($0.models))]) })),
            ("cells", .array(cells)),
        ])
        return document.text() + "\n"
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
