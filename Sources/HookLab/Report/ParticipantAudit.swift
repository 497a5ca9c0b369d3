// `hooklab audit ID`: the page a maintainer reads when an SDK ships a release. For one participant it lists what the
// model rests on (its sources, its packages and requirements, every mechanism fact its lines select with the source the
// file gives for it) and, from a run of every cell it is in, the failing cells whose failing path noted each fact:
// the cells where that fact decides the outcome, which change if the SDK's code changes there.
import LibraryModels
import ObjCModel

public struct ParticipantAudit {
    public var info: ParticipantInfo
    /// Its participant file (HookLab's own or the project's); nil for a model an SDK team wrote in Swift.
    public var file: ParticipantFile?
    /// Every cell it is in, run.
    public var matrix: Matrix

    public init(info: ParticipantInfo, file: ParticipantFile?, matrix: Matrix) {
        self.info = info
        self.file = file
        self.matrix = matrix
    }

    /// One mechanism fact a line of the file selects, in one section, with its source.
    public struct SelectedFact: Hashable {
        public var fact: DeclaredSDK.MechanismFact
        /// The host classes of the section that selects it (empty: the file has no sections).
        public var hostClasses: [String]
        public var source: String
    }

    /// Whether its mechanism is Swift (a `model swift` file, or a model an SDK team wrote against ObjCModel): its code
    /// notes its facts as it runs, and no line selects one.
    var modeledInSwift: Bool { file.map { $0.swiftModel != nil } ?? true }

    /// The facts the file's lines select, section by section, in the order the language lists them.
    public var selectedFacts: [SelectedFact] {
        guard let file, file.swiftModel == nil else { return [] }
        let sections = file.sections.isEmpty ? [file.sdk] : file.sections
        return sections.flatMap { section in
            DeclaredSDK.MechanismFact.allCases.filter { $0.applies(to: section) }.map {
                SelectedFact(fact: $0, hostClasses: file.sections.isEmpty ? [] : section.hostClasses, source: section.source(of: $0))
            }
        }
    }

    /// The failing cells (debug and release as one) whose failing path noted a fact from `source` that names this
    /// participant, in report order.
    public func cells(restingOn source: String) -> [Matrix.CellResult] {
        matrix.results.filter { result in
            result.outcome != .ok && (result.reproducer?.result.basedOn ?? []).contains { $0.source == source && Self.names($0.claim, info.id) }
        }
    }

    /// "UNUserNotificationCenter · fcm → clevertap (debug, release)", at most `limit` of them, then "and N more".
    static func list(_ results: [Matrix.CellResult], limit: Int = 6) -> String {
        var byOrder: [(key: String, configs: [String])] = []
        for r in results {
            let key = "\(r.cell.host) · \(r.cell.order.joined(separator: " → "))"
            if let i = byOrder.firstIndex(where: { $0.key == key }) { byOrder[i].configs.append(r.cell.config.rawValue) } else {
                byOrder.append((key, [r.cell.config.rawValue]))
            }
        }
        let shown = byOrder.prefix(limit).map { "\($0.key) (\($0.configs.joined(separator: ", ")))" }
        return shown.joined(separator: "; ") + (byOrder.count > limit ? "; and \(byOrder.count - limit) more" : "")
    }

    /// Whether `claim` names participant `id` as a whole word: `fcm` in "fcm subclasses …", not in "fcm:10 subclasses …".
    static func names(_ claim: String, _ id: String) -> Bool {
        func part(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "-" } ?? false }
        var rest = claim[...]
        while let r = rest.range(of: id) {
            let before = r.lowerBound > claim.startIndex ? claim[claim.index(before: r.lowerBound)] : nil
            let after = r.upperBound < claim.endIndex ? claim[r.upperBound] : nil
            if !part(before), !part(after) { return true }
            rest = claim[r.upperBound...]
        }
        return false
    }

    /// Whether a fact noted on a failing path is this participant's: a declared mechanism's claim names it; a Swift
    /// model's source starts with the library its `based-on` lines name ("RxCocoa DelegateProxyType.swift …").
    func isOwn(_ fact: ModelFact) -> Bool {
        if Self.names(fact.claim, info.id) { return true }
        guard modeledInSwift, let library = fact.source.split(separator: " ").first else { return false }
        return info.basedOn.contains { $0.split(separator: " ").first == library }
    }

    /// The page, in Markdown.
    public var text: String {
        var out = "# hooklab audit \(info.id)\n\n"
        out += "\(info.models).\n\n"
        if let version = info.versionOf { out += "An older version line of `\(version)`.\n\n" }
        if let setting = info.setting { out += "A documented setting of `\(setting.of)`: \(setting.text).\n\n" }
        out += "## What it follows\n\n"
        for line in info.basedOn { out += "- \(line)\n" }
        if info.basedOn.isEmpty { out += "- (no `based-on` line)\n" }
        if !info.packages.isEmpty {
            out += "\nPackages it maps (`hooklab scan`): " + info.packages.map { "`\($0.description)`" }.joined(separator: ", ") + ".\n"
        }
        for requirement in info.requires {
            out += "Requires `\(requirement.family)` \(requirement.versions): \(requirement.reason).\n"
        }
        let failing = matrix.results.filter { $0.outcome != .ok }
        out += "\n## Mechanism facts and the cells they decide\n\n"
        out += "\(matrix.results.count) cells with `\(info.id)` ran (alone, in pairs\(info.versionOf == nil && info.setting == nil ? " and triples" : ""), on its hosts, debug and release); \(failing.count) fail.\n\n"
        let facts = selectedFacts
        if modeledInSwift {
            out += "`\(info.id)` is modeled in Swift: its decisions note the facts below as they run.\n\n"
        } else if facts.isEmpty {
            out += "Its lines select no mechanism fact of their own (their behaviour rests on the `based-on` lines above).\n\n"
        }
        var covered: Set<String> = []
        for selected in facts {
            let on = selected.hostClasses.isEmpty ? "" : " (for \(selected.hostClasses.joined(separator: ", ")))"
            out += "- **`\(selected.fact.rawValue)`** ← `\(selected.fact.selectedBy)`\(on): \(selected.source)\n"
            let decided = cells(restingOn: selected.source)
            covered.insert(selected.source)
            out += decided.isEmpty ? "  - decides no failing cell\n" : "  - decides \(decided.count) failing cell\(decided.count == 1 ? "" : "s"): \(Self.list(decided))\n"
        }
        // Facts its code paths noted that no line selects (its based-on lines, a Swift model's own decisions).
        var others: [(fact: ModelFact, results: [Matrix.CellResult])] = []
        for result in failing {
            for fact in result.reproducer?.result.basedOn ?? [] where isOwn(fact) && !covered.contains(fact.source) {
                if let i = others.firstIndex(where: { $0.fact == fact }) { others[i].results.append(result) } else { others.append((fact, [result])) }
            }
        }
        if !others.isEmpty {
            out += (facts.isEmpty ? "" : "\n") + "Other facts its failing paths noted:\n\n"
            for other in others {
                out += "- \(other.fact.description)\n  - decides \(other.results.count) failing cell\(other.results.count == 1 ? "" : "s"): \(Self.list(other.results))\n"
            }
        }
        return out
    }
}
