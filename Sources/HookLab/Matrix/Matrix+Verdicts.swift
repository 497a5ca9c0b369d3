// Verdicts on cells: what a participant does alone, whether a combination conflicts, which install orders can
// happen, the per-variant outcomes, and the report's headline counts.

import Foundation

extension Matrix {
    /// One install variant of a method-hook cell (`aspects:instead`) and its worst outcome over every placement.
    public struct VariantResult: Codable, Hashable, Sendable {
        /// `family:name`, e.g. `aspects:instead`, `jspatch:ORIG`, `xaspect:no-forward`.
        public var variant: String
        public var outcome: Outcome
        /// The findings of the variant's worst scenario (its first one with that outcome); empty when it passes.
        public var findings: [Finding]

        public init(variant: String, outcome: Outcome, findings: [Finding]) {
            self.variant = variant
            self.outcome = outcome
            self.findings = findings
        }

        /// `instead`: the variant's name without its family.
        public var shortName: String { variant.split(separator: ":", maxSplits: 1).last.map(String.init) ?? variant }
    }

    /// The signatures the cell's participants have alone, and the app with no library, on the same host and
    /// configuration (for a participant alone: the app's only).
    func aloneSignatures(_ cell: Cell) -> [String] {
        let participants = cell.order.count >= 2 ? cell.order.flatMap { position(of: cell.with(order: [$0])).map { results[$0].signatures } ?? [] } : []
        return (appAlone[cell.with(order: [])] ?? []) + participants
    }

    /// Whether a cell has a finding that neither the app with no library nor any of its participants alone has:
    /// for a participant alone, a finding the app alone does not have (nil for an impossible order). A participant
    /// whose alone cell was not run, or a host whose app-alone run is unknown, counts as finding nothing.
    ///
    /// The minimal reproducer decides first: a failure it reproduces without one of the cell's libraries is not
    /// theirs together (and one it reproduces with no library, not a lone library's). On a delegate host an order of
    /// two or more conflicts only under an app set-up where it has a finding none of its libraries has alone in the
    /// same app (``conflictingSetups(_:)``): a library's own failure under one set-up never makes a conflict of the
    /// pairs it is in.
    ///
    /// The result at `position` is read in place: a copy of each result to pass it was a tenth of judging the matrix.
    func conflict(at position: Int) -> Bool? {
        let order = results[position].cell.order
        guard !order.isEmpty, results[position].possible else { return nil }
        guard results[position].outcome != .ok else { return false }
        if let kept = results[position].reproducer?.scenario.participants, !order.allSatisfy(kept.contains) { return false }
        if order.count >= 2, !results[position].setups.isEmpty {
            return conflictingSetupFlags(at: position).contains(true)
        }
        let alone = Set(aloneSignatures(results[position].cell))
        return results[position].signatures.contains { !alone.contains($0) }
    }

    /// The failing app set-ups under which an order of two or more conflicts (``conflicts(_:under:order:appAlone:alone:)``).
    public func conflictingSetups(_ result: CellResult) -> [SetupResult] {
        zip(result.setups, conflictingSetupFlags(result)).compactMap { $1 ? $0 : nil }
    }

    /// Per set-up of `result`, whether the order conflicts under it (false for a passing one): judged once per cell when
    /// the matrix is built (``setupConflicts``) and read from there for a result of this matrix, since the judging, the
    /// matrix's conflicts and `matrix.json` each ask (comparing every failing set-up's findings with the libraries'
    /// alone was a third of judging the verdicts).
    func conflictingSetupFlags(_ result: CellResult) -> [Bool] {
        if let position = position(of: result.cell), setupConflicts.indices.contains(position),
           setupConflicts[position].count == result.setups.count {
            return setupConflicts[position]
        }
        return judgeSetupConflicts(result.cell, result.setups)
    }

    /// ``conflictingSetupFlags(_:)`` of the result at `position`, read in place.
    func conflictingSetupFlags(at position: Int) -> [Bool] {
        if setupConflicts.indices.contains(position), setupConflicts[position].count == results[position].setups.count {
            return setupConflicts[position]
        }
        return judgeSetupConflicts(at: position)
    }

    /// ``conflictingSetupFlags(_:)`` judged from the app-alone and library-alone results, for the result at `position`.
    func judgeSetupConflicts(at position: Int) -> [Bool] {
        judgeSetupConflicts(results[position].cell, results[position].setups)
    }

    /// ``conflictingSetupFlags(_:)`` judged from the app-alone and library-alone results, for a cell's set-ups.
    func judgeSetupConflicts(_ cell: Cell, _ setups: [SetupResult]) -> [Bool] {
        guard let test = conflictTest(cell) else { return setups.map { _ in false } }
        var flags: [Bool] = []
        flags.reserveCapacity(setups.count)
        for i in setups.indices { flags.append(setups[i].outcome != .ok && test(setups[i].setup, setups[i].findings)) }
        return flags
    }

    /// For an order of two or more, whether findings under an app set-up are a conflict, judged against this matrix's
    /// app-alone and library-alone runs; nil for a library alone. ``Matrix/run`` judges the same way while it runs.
    public func conflictTest(_ cell: Cell) -> ((AppSetup, [Finding]) -> Bool)? {
        guard cell.order.count >= 2 else { return nil }
        let app = Set(appAlone[cell.with(order: [])] ?? [])
        let alone = cell.order.map { id in position(of: cell.with(order: [id])).map { AloneRuns(results[$0]) } }
        return { setup, findings in Self.conflicts(findings, under: setup, order: cell.order, appAlone: app, alone: alone) }
    }

    /// The failing variants of a cell when some, not all, of its variants fail; empty otherwise.
    static func partlyFailingVariants(_ result: CellResult) -> [VariantResult] {
        let failing = result.variants.filter { $0.outcome != .ok }
        return failing.count < result.variants.count ? failing : []
    }

    /// The headline counts of the report and of `hooklab matrix` (see ``HeadlineCounts``).
    public var headlineCounts: HeadlineCounts {
        let methodHosts = Set(methodTargets.map(\.name))
        var counts = HeadlineCounts()
        counts.cells = results.count
        counts.impossible = results.filter { !$0.possible }.count
        counts.scenarios = results.reduce(0) { $0 + $1.scenarioCount }
        func key(_ r: CellResult) -> NoteKey { NoteKey(host: r.cell.host, order: r.cell.order) }
        let alone = results.filter { $0.cell.order.count == 1 }
        counts.alone = alone.map(key).uniqued().count
        counts.failingAlone = alone.filter { $0.outcome != .ok && $0.conflict != false }.map(key).uniqued().count
        counts.appOwnAlone = alone.filter { $0.outcome != .ok }.map(key).uniqued().count - counts.failingAlone
        let conflicting = results.filter { $0.cell.order.count == 2 && $0.conflict == true }.map(key).uniqued()
        counts.conflictingPairsOrdered = conflicting.count
        counts.conflictingPairsUnordered = conflicting.map { "\($0.host) \($0.order.sorted())" }.uniqued().count
        counts.inheritedPairs = results.filter { $0.cell.order.count == 2 && $0.outcome != .ok && $0.conflict == false }
            .map(key).uniqued().count
        counts.emergentTriples = emergentKeys.count
        // A method-hook cell counts once when debug and release have the same outcome.
        for r in results where r.outcome != .ok {
            if methodHosts.contains(r.cell.host), r.cell.config == .release,
               outcome(of: r.cell.with(config: .debug)) == r.outcome { continue }
            counts.failingCells += 1
        }
        return counts
    }

    /// The opening lines of the report and the summary of `hooklab matrix`: the counts in plain words.
    public var headlineLines: [String] {
        let c = headlineCounts
        return [
            "- Libraries alone: \(c.failingAlone) of \(c.alone) (library, host) combinations fail with no other library installed (the tables' diagonal)"
                + (c.appOwnAlone == 0 ? "." : "; \(c.appOwnAlone) more fail only the way the app does with no library at all (\"as the app alone\": the app's own mistake, such as freeing a delegate an assign slot still holds)."),
            "- \(c.conflictingPairsUnordered) pairs of libraries conflict (\(c.conflictingPairsOrdered) install orders): their minimal reproducer needs both, and they have a finding neither library has alone. \(c.inheritedPairs) more failing orders of pairs are one library's own failure or the app's (\"as alone\", \"as the app alone\").",
            "- \(c.emergentTriples) triples fail in a way none of their pairs does (emergent).",
            "- \(c.failingCells) failing cells of \(c.cells) (\(c.scenarios) scenarios; method-hook cells counted once when debug and release agree); \(c.impossible) cells are install orders that cannot happen and run nothing.",
        ]
    }
}

/// The honest counts of a matrix: failures alone, conflicts, emergent triples, failing cells.
public struct HeadlineCounts: Hashable, Sendable {
    /// Cells run or listed, including impossible orders.
    public var cells = 0
    /// Cells whose order cannot happen.
    public var impossible = 0
    public var scenarios = 0
    /// Participants alone, one per host.
    public var alone = 0
    /// Participants alone that fail on a host, in either configuration, with a finding the app alone does not have.
    public var failingAlone = 0
    /// (Library, host) combinations that fail alone only the way the app does with no library (``Matrix/appAlone``).
    public var appOwnAlone = 0
    /// Ordered pairs (host and order) that conflict in either configuration.
    public var conflictingPairsOrdered = 0
    /// The same, with the two orders of a pair counted once.
    public var conflictingPairsUnordered = 0
    /// Failing ordered pairs that are no conflict: one library's own failure, or the app's (``Matrix/Attribution``).
    public var inheritedPairs = 0
    /// Emergent triples (host and order).
    public var emergentTriples = 0
    /// Failing cells, a method-hook cell counted once when debug and release agree.
    public var failingCells = 0
}

extension Finding {
    /// What the finding is about, stable across runs and scenarios: its kind, the objects concerned by identity (the
    /// class they were created as, or a label: `lostEvent AppDelegate`, `danglingMessage TrackerProxy`,
    /// `lostEvent aspects:before`) with object numbers dropped, and the event or selector it concerns
    /// (`@webView:didCommitNavigation:`). Compared to tell a conflict from a library's own failure, never shown.
    public var signature: String {
        // Byte-wise: object names are ASCII, and the matrix asks for every finding of every run. Written into one
        // string: most findings concern one or two objects, and arrays of the parts cost more than the parts.
        var out = kind.rawValue
        func append<S: StringProtocol>(_ name: S) {
            out += " "
            out += name
        }
        func identity(_ name: String) -> Substring { Self.identityEnd(name).map { name[..<$0] } ?? name[...] }
        switch objects.count {
        case 0: break
        case 1: append(identity(objects[0]))
        default: for name in objects.map(identity).uniqued().sorted() { append(name) }
        }
        if let event { append("@" + event) }
        return out
    }

    /// Whether two findings have the same ``signature``, compared without building either: the conflict test asks it
    /// of every failing set-up's findings against each library's alone (a tenth of the matrix's time when it built them).
    public func hasSameSignature(as other: Finding) -> Bool {
        guard kind == other.kind, event == other.event else { return false }
        // The same set of identities: each name of one is a name of the other.
        func identity(_ name: String) -> Substring { Self.identityEnd(name).map { name[..<$0] } ?? name[...] }
        func covers(_ a: [String], _ b: [String]) -> Bool {
            a.allSatisfy { x in let ix = identity(x); return b.contains { identity($0) == ix } }
        }
        return covers(objects, other.objects) && covers(other.objects, objects)
    }

    /// Where an object name's number starts (`AppDelegate#4` → the `#`), or nil for a label without one.
    static func identityEnd(_ name: String) -> String.Index? {
        // Scanned as contiguous bytes (a string that has none is copied into an array first): scanning the UTF-8 view by
        // its indices was a sixtieth of a matrix run, in the conflict tests.
        let offset = name.utf8.withContiguousStorageIfAvailable(numberStart)
            ?? Array(name.utf8).withUnsafeBufferPointer(numberStart)
        return offset.map { name.utf8.index(name.utf8.startIndex, offsetBy: $0) }
    }

    /// The offset of the first `#` when only digits follow it.
    private static func numberStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let hash = bytes.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        return bytes[(hash + 1)...].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? hash : nil
    }
}

extension ScenarioGenerator {
    /// Whether `other` reads the switch `setting` (of `info`'s family) sets: a setting of its own family with that name, or
    /// another SDK's of that name that reads the same Info.plist key (`proxy-off` in `fcm` and `gul`, both
    /// FirebaseAppDelegateProxyEnabled). Two SDKs' `manual` lines (Braze's and CleverTap's) are two switches.
    func isSameSwitch(_ setting: ParticipantInfo.Setting, of info: ParticipantInfo, in other: ParticipantInfo) -> Bool {
        guard other.declaredSettings.contains(setting.name) else { return false }
        if other.family == info.family { return true }
        guard let key = setting.plistKey else { return false }
        return participants.contains { $0.setting?.of == other.id && $0.setting?.name == setting.name && $0.setting?.plistKey == key }
    }

    /// Why a cell's install order cannot happen, or nil when it can: a participant requires a version of another's
    /// library that the other does not model (`requires`: "not possible: Firebase Messaging 11 and 12 require
    /// GoogleUtilities 8"), or one that hooks at launch (load-time hooks, and it cannot start late) is placed after one that only
    /// attaches at runtime ("not possible: tracker:proxy hooks at launch"), or one started at runtime is placed before an
    /// SDK that is the app's delegate class (``ParticipantInfo/appDelegateClass``).
    public func impossibility(of cell: Matrix.Cell) -> String? {
        // Read in place by position: copying each participant's description for every cell was most of planning one.
        var positions: [Int] = []
        positions.reserveCapacity(cell.order.count)
        for id in cell.order {
            guard let position = participantIndex[id] else { return nil }
            positions.append(position)
        }
        for p in positions {
            // A setting is one switch for the whole app: an SDK that reads it cannot keep its hooks on when another's are off.
            if let setting = participants[p].setting,
               let other = positions.first(where: { participants[$0].id != participants[p].id && participants[$0].setting?.name != setting.name
                   && isSameSwitch(setting, of: participants[p], in: participants[$0]) }) {
                let switchText = setting.text.components(separatedBy: ", ").first ?? setting.text
                return "not possible: \(switchText) is one switch for the whole app, which turns `\(participants[other].id)`'s hooks off too"
            }
            for (k, requirement) in participants[p].requires.enumerated() {
                guard let range = requirementRanges[p][k] else { continue }
                // An app links one copy of each library: the other's modeled versions must meet the requirement.
                for o in positions where participants[o].family == requirement.family && participants[o].id != participants[p].id {
                    // A setting's variant links the versions of the line it is a setting of.
                    let packages = participants[o].packages.isEmpty
                        ? participants[o].setting.flatMap { participantIndex[$0.of] }.map { participants[$0].packages } ?? []
                        : participants[o].packages
                    guard !packages.isEmpty else { continue }
                    if !packages.contains(where: { $0.versions.overlaps(range) }) { return "not possible: \(requirement.reason)" }
                }
            }
        }
        // An SDK whose object is the app's delegate class exists from launch: only load-time hooks come before it.
        for (index, p) in positions.enumerated() where participants[p].appDelegateClass != nil {
            if let earlier = positions[..<index].first(where: { participants[$0].hasAttach }) {
                return "not possible: `\(participants[p].id)` is the app's delegate class (@main), which UIKit creates before `\(participants[earlier].id)` starts"
            }
        }
        var runtimeOnly = false
        for p in positions {
            if runtimeOnly, participants[p].hasLoad, !participants[p].canStartLate { return "not possible: \(participants[p].id) hooks at launch" }
            if participants[p].hasAttach, !participants[p].hasLoad { runtimeOnly = true }
        }
        return nil
    }
}
