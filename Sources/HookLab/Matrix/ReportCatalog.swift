// The catalogue of public reports (`Matrix/reports/*.hooklab`): each a scenario file that reproduces one public
// report, with `# source:` header lines naming it. A cell a report covers is `reported`.

import Foundation

/// One public report and the scenario file that reproduces it.
public struct PublicReport: Hashable, Sendable {
    /// The file name without `.hooklab`, e.g. `aspects-then-exchange-swizzle`.
    public var slug: String
    /// The file's path relative to the project root, for links.
    public var path: String
    /// The public sources, one per `# source:` line: an issue or PR (`steipete/Aspects #161`), an article title.
    public var sources: [String]
    /// The reproducing scenario, with its `expect-includes` line: the finding the public report describes.
    public var scenario: Scenario

    /// The participants in install order: the order the report describes.
    public var order: [String] { scenario.participants }

    /// Whether the report describes the cell's failure: the same host, the same participants in the same install
    /// order, and the cell shows a finding of a kind the report describes (its `expect-includes` line; the cell's
    /// most severe finding, or the most severe finding of one of its install variants).
    ///
    /// Order counts because install order decides these conflicts: a report of A-then-B says nothing about B-then-A,
    /// which often passes or fails another way.
    public func covers(_ cell: Matrix.Cell, shows kinds: [Finding.Kind]) -> Bool {
        guard cell.host == scenario.host, cell.order == order else { return false }
        return kinds.contains { scenario.expectIncludes.contains($0) }
    }
}

/// Every public report of `Matrix/reports/`, sorted by slug.
public struct ReportCatalog: Hashable, Sendable {
    public var reports: [PublicReport]

    public init(reports: [PublicReport] = []) { self.reports = reports.sorted { $0.slug < $1.slug } }

    /// An empty catalogue: no cell is `reported`.
    public static let empty = ReportCatalog()

    /// The catalogue's directory relative to the project root.
    public static let directory = "Matrix/reports"

    /// The header line that names a public source.
    static let sourcePrefix = "# source:"

    /// The reports that cover a cell's failure.
    public func reports(covering cell: Matrix.Cell, shows kinds: [Finding.Kind]) -> [PublicReport] {
        reports.filter { $0.covers(cell, shows: kinds) }
    }

    /// Reads one report file: a scenario file with at least one `# source: …` line and an `expect-includes` line.
    public static func parse(text: String, file: String, slug: String, participants: [ParticipantInfo]? = nil,
                             hosts: [String]? = nil) throws(ScenarioFileError) -> PublicReport {
        let scenario = try Scenario.parse(text: text, file: file, participants: participants, hosts: hosts)
        var sources: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(sourcePrefix) else { continue }
            let source = trimmed.dropFirst(sourcePrefix.count).trimmingCharacters(in: .whitespaces)
            if !source.isEmpty { sources.append(source) }
        }
        guard !sources.isEmpty else {
            throw ScenarioFileError(file: file, line: 1, message: "a report needs at least one '# source: …' line naming its public source (issue, PR or article)")
        }
        guard !scenario.expectIncludes.isEmpty else {
            throw ScenarioFileError(file: file, line: 1, message: "a report needs an 'expect-includes' line: the finding the public report describes (its main finding), not the model's full output")
        }
        return PublicReport(slug: slug, path: file, sources: sources, scenario: scenario)
    }

    /// Reads every `*.hooklab` file of `Matrix/reports/` under `root`, sorted by name; no directory is an empty catalogue.
    /// - Parameter include: whether to read a file, given its name and text (``Lab/reports(root:participants:hosts:)``
    ///   skips HookLab's own).
    public static func load(root: URL, participants: [ParticipantInfo]? = nil, hosts: [String]? = nil,
                            include: (String, String) throws(ScenarioFileError) -> Bool = { _, _ in true }) throws(ScenarioFileError) -> ReportCatalog {
        let folder = root.appendingPathComponent(directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return .empty }
        var reports: [PublicReport] = []
        for name in names.sorted() where name.hasSuffix(".hooklab") {
            let file = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                  let text = String(data: data, encoding: .utf8) else {
                throw ScenarioFileError(file: file, line: 1, message: "cannot read the file as UTF-8 text")
            }
            guard try include(name, text) else { continue }
            reports.append(try parse(text: text, file: file, slug: String(name.dropLast(".hooklab".count)),
                                     participants: participants, hosts: hosts))
        }
        return ReportCatalog(reports: reports)
    }
}
