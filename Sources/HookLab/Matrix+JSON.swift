// `Reports/matrix.json`, schema 1 (DESIGN.md).

extension Matrix {
    /// The schema version of `Reports/matrix.json`.
    public static let jsonSchema = 1

    /// The matrix as `Reports/matrix.json`, schema 1: participants, then cells sorted by host, order, config.
    ///
    /// Beyond the schema, a failing cell has `"evidence"` (reported, derived or predicted), `"sources"` (its public
    /// references) and, when reported, `"reports"` (the catalogue files); for orders of three or more, `"emergent"` (it fails while all its pairs pass). A method-hook
    /// cell also has `"ran"`: the hook bodies of its first scenario, in order.
    /// An ok cell has no findings and a null reproducer.
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
}
