// Evidence levels of failing cells: reported (a public report describes the combination), derived (every fact on
// the failing path was read in the libraries' code), predicted (the failing path uses an inference).

extension Matrix {
    /// How well a failing cell's outcome is backed.
    public enum Evidence: String, Codable, Sendable, CaseIterable {
        /// A public report (issue, PR, article) in `Matrix/reports/` describes this host, install order and finding.
        case reported
        /// Nobody reported the combination, but every fact on the failing path was read in the libraries' code.
        case derived
        /// The failing path uses an inference: a behaviour no code or report decides.
        case predicted
    }

    /// A failing result's evidence, its public sources (the covering reports' first, then the sources of the facts
    /// noted on the failing path) and the covering reports' files; nil and empty for a passing cell.
    static func evidence(of result: CellResult, reports: ReportCatalog) -> (evidence: Evidence?, sources: [String], reports: [String]) {
        guard result.outcome != .ok, let run = result.reproducer?.result else { return (nil, [], []) }
        // The kinds the cell shows: its worst finding's, and each install variant's worst finding's.
        let kinds = ([run.findings.mostSevere?.kind] + result.variants.map { $0.findings.mostSevere?.kind }).compactMap { $0 }
        let covering = reports.reports(covering: result.cell, shows: kinds)
        let sources = (covering.flatMap(\.sources) + run.basedOn.map(\.source).filter { !$0.isEmpty }).uniqued()
        let evidence: Evidence = !covering.isEmpty ? .reported : run.basedOn.contains(where: \.isInference) ? .predicted : .derived
        return (evidence, sources, covering.map(\.path))
    }

    /// The result with its evidence, sources and covering reports filled in.
    static func withEvidence(_ result: CellResult, reports: ReportCatalog) -> CellResult {
        var result = result
        (result.evidence, result.sources, result.reports) = evidence(of: result, reports: reports)
        return result
    }

    /// The matrix.json members of a cell's evidence: `"evidence"` and `"sources"` for a failing cell, and
    /// `"reports"` (the covering catalogue files) for a reported one.
    func evidenceMembers(_ result: CellResult) -> [(String, JSONValue)] {
        guard let evidence = result.evidence else { return [] }
        var members: [(String, JSONValue)] = [("evidence", .string(evidence.rawValue)),
                                              ("sources", .array(result.sources.map(JSONValue.string)))]
        if !result.reports.isEmpty { members.append(("reports", .array(result.reports.map(JSONValue.string)))) }
        return members
    }

    /// Whether the ᵖ mark applies: a failing configuration of the key is `predicted`.
    func isPredicted(_ key: NoteKey) -> Bool { verdict(key).isPredicted }
}
