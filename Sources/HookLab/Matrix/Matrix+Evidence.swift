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
    /// - Parameter signatures: What each report's own scenario finds (``Finding/signature``), by slug: a report covers
    ///   the cell only when it reproduces the same finding (kind, objects and selector), not just its kind.
    /// - Parameter required: The libraries of the cell that another of its libraries requires (``requiredLibraries(_:participants:)``):
    ///   a report of the order without them covers the cell too, since every reporter's app linked them.
    /// - Parameter closed: The `closed-source` lines of the cell's closed-source libraries, by id: a reproducer that
    ///   needs one rests on its docs, not its code.
    static func evidence(of result: CellResult, reports: ReportCatalog, signatures: [String: Set<String>] = [:],
                         required: [String] = [], closed: [(id: String, source: String)] = []) -> (evidence: Evidence?, sources: [String], reports: [String]) {
        guard result.outcome != .ok, let run = result.reproducer?.result else { return (nil, [], []) }
        // The findings the cell shows: its worst, and each install variant's worst.
        let worst = ([run.findings.mostSevere] + result.variants.map { $0.findings.mostSevere }).compactMap { $0 }
        let reduced = result.cell.with(order: result.cell.order.filter { !required.contains($0) })
        let candidates = reports.reports(covering: result.cell, shows: worst.map(\.kind))
            + (required.isEmpty || reduced.order.isEmpty ? [] : reports.reports(covering: reduced, shows: worst.map(\.kind)))
        let covering = candidates.filter { report in
            signatures[report.slug].map { found in worst.contains { found.contains($0.signature) } } ?? true
        }
        let needed = result.reproducer.map { reproducer in closed.filter { reproducer.scenario.participants.contains($0.id) } } ?? []
        let sources = (covering.flatMap(\.sources) + run.basedOn.map(\.source).filter { !$0.isEmpty }
            + needed.map { "\($0.source) (inference: closed source)" }).uniqued()
        let inferred = run.basedOn.contains(where: \.isInference) || !needed.isEmpty
        let evidence: Evidence = !covering.isEmpty ? .reported : inferred ? .predicted : .derived
        return (evidence, sources, covering.map(\.path))
    }

    /// The result with its evidence, sources and covering reports filled in.
    static func withEvidence(_ result: CellResult, reports: ReportCatalog, signatures: [String: Set<String>] = [:],
                             required: [String] = [], closed: [(id: String, source: String)] = []) -> CellResult {
        var result = result
        (result.evidence, result.sources, result.reports) = evidence(of: result, reports: reports, signatures: signatures, required: required,
                                                                     closed: closed)
        return result
    }

    /// The closed-source libraries of an order, with their `closed-source` lines.
    static func closedSourceLibraries(_ order: [String], participants: [ParticipantInfo]) -> [(id: String, source: String)] {
        order.compactMap { id in participants.first { $0.id == id }?.closedSource.map { (id, $0) } }
    }

    /// The libraries of an order that another library of it requires (a `requires` line naming their family): every
    /// app that links the other links them, so a report of the order without them covers the order with them
    /// (`fcm → rnfb:double-call` is reported by #9049, whose apps all link Firebase Messaging through RNFB).
    static func requiredLibraries(_ order: [String], participants: [ParticipantInfo]) -> [String] {
        guard order.count >= 2 else { return [] }
        let infos = order.compactMap { id in participants.first { $0.id == id } }
        return infos.filter { info in
            infos.contains { other in other.id != info.id && other.requires.contains { $0.family == info.family } }
        }.map(\.id)
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

    /// Whether a failing configuration of the order fails only under some of its app set-ups (the tables' ˢ).
    func failsOnlyUnderSomeSetups(_ key: NoteKey) -> Bool {
        Configuration.allCases.contains { position(of: Cell(host: key.host, order: key.order, config: $0)).map { results[$0].failsOnlyUnderSomeSetups } == true }
    }

    /// The marks a table cell carries after its symbols: ᵖ predicted, ˢ fails only under some app set-ups.
    func marks(_ key: NoteKey) -> String {
        (isPredicted(key) ? "ᵖ" : "") + (failsOnlyUnderSomeSetups(key) ? "ˢ" : "")
    }
}
