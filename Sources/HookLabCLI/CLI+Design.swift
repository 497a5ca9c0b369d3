// `hooklab design HOST`: searches the designs the participant-file primitives allow for an SDK that must observe
// some events on one host, runs each alone and against the other participants, and ranks them.
import Foundation
import UIKitModel
import LibraryModels
import ObjCModel
import HookLab

extension CLI {
    /// `hooklab design HOST [--against P…] [--observe SEL…] [--top N] [--id ID] [--write PATH [--force]]`.
    func design(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        var against: [String] = []
        while let value = try arguments.option("--against") { against += value.split(separator: ",").map(String.init) }
        var observe: [String] = []
        while let value = try arguments.option("--observe") { observe += value.split(separator: ",").map(String.init) }
        let topText = try arguments.option("--top")
        let id = try arguments.option("--id") ?? "mysdk:design"
        let writePath = try arguments.option("--write")
        let force = arguments.flag("--force")
        let hostName = try arguments.positional(1...1, "one delegate host, e.g. 'hooklab design UITableView'")[0]
        guard let top = Int(topText ?? "3"), top > 0 else { throw UsageError("--top needs a positive number") }
        guard let host = HostKind.named(hostName) else {
            let names = HostKind.all.map(\.name)
            throw UsageError("unknown delegate host '\(hostName)'\(Scenario.suggestion(hostName, names)); expected one of \(names.joined(separator: ", "))")
        }
        guard let base = catalog as? ModelCatalog else { throw UsageError("hooklab design runs the model catalog only") }
        let fired = host.events.map(\.selector)
        for event in observe where !fired.contains(event) {
            throw UsageError("\(hostName) does not fire '\(event)'\(Scenario.suggestion(event, fired)); it fires \(fired.joined(separator: ", "))")
        }
        if observe.isEmpty {
            observe = [fired.first { $0.contains("didSelect") } ?? host.events.first { $0.returnType == "v" }?.selector ?? fired[0]]
        }
        for p in against {
            try checkParticipant(p)
            guard catalog.participant(p)!.hosts.contains(hostName) else { throw UsageError("\(p) does not support \(hostName)") }
        }
        let partners = against.isEmpty
            ? catalog.participants.filter { $0.hosts.contains(hostName) && $0.family != "design" }
            : against.compactMap { catalog.participant($0) }

        // Stage 1: every delegate handling, reached by a +load exchange swizzle that calls the original.
        let handlings = DesignSearch.handlings()
        let plainReach = DesignSearch.reaches[0]
        var candidates = handlings.enumerated().map { n, h in
            DesignSearch.candidate(n + 1, h.0, h.1, host: host, events: observe, reach: plainReach)
        }
        let first = DesignSearch.run(candidates, partners: partners, host: host, base: base, workers: workers)
        // Stage 2: every other reach (start, setter hook, original, re-set) for the best handlings of each mechanism.
        var bestPerMechanism: [DesignSearch.Score] = []
        for s in DesignSearch.ranked(first.scores) where !bestPerMechanism.contains(where: {
            DesignSearch.mechanism($0.candidate.sdk.handling) == DesignSearch.mechanism(s.candidate.sdk.handling) }) {
            bestPerMechanism.append(s)
        }
        var next = candidates.count
        let variants = bestPerMechanism.flatMap { s in
            DesignSearch.reaches.dropFirst().map { reach -> DesignSearch.Candidate in
                next += 1
                let complexity = s.candidate.complexity
                return DesignSearch.candidate(next, s.candidate.sdk.handling, complexity, host: host, events: observe, reach: reach)
            }
        }
        let second = DesignSearch.run(variants, partners: partners, host: host, base: base, workers: workers)
        candidates += variants
        let ranked = DesignSearch.ranked(first.scores + second.scores)
        // The participant files already declared for this host, scored the same way against the partners outside
        // their own family (the matrix never pairs one family), for comparison.
        let files = (try? Lab.packageParticipantFiles.get()) ?? []
        var references: [(String, DesignSearch.Score, [String])] = []
        for file in files {
            // A file with `for HOSTCLASS` sections is compared with its section for this host (fcm's UN half).
            let sdk = file.sections.first { $0.hostClasses.contains(host.className) } ?? file.sdk
            guard sdk.hostClasses.contains(host.className), partners.contains(where: { $0.id != file.info.id }) else { continue }
            let outside = partners.filter { $0.family != file.info.family }
            let candidate = DesignSearch.Candidate(sdk: sdk, complexity: 0, info: file.info)
            let run = DesignSearch.run([candidate], partners: outside, host: host, base: base, workers: workers)
            let winnerOutside = ranked.first.map { w in w.conflicts.filter { c in outside.contains { c.cell.involves($0.id) } }.count } ?? 0
            references.append((file.info.id, run.scores[0], ["\(winnerOutside)"]))
        }

        var out = "hooklab design \(hostName): observing \(observe.joined(separator: ", ")), against \(partners.count) participants (\(partners.map(\.id).joined(separator: ", ")))\n"
        out += "ran \(candidates.count) designs (\(handlings.count) delegate handlings, then \(DesignSearch.reaches.count - 1) more ways to reach the delegate for the best of each of \(bestPerMechanism.count) mechanisms): \(first.cells + second.cells) cells, \(first.scenarios + second.scenarios) scenarios, both orders and both configurations\n"
        out += "ranked by: cells failing alone, then conflicting cells (a finding neither the design nor the other library has alone), then severity, then simplicity\n\n"
        for (place, s) in ranked.prefix(top).enumerated() {
            out += describe(s, place: place + 1)
        }
        // Why the other mechanisms rank lower: the best design of each, and what broke it.
        out += "Best design of each mechanism:\n"
        for s in bestPerMechanism.sorted(by: { a, b in
            (ranked.firstIndex { $0.candidate.info.id == a.candidate.info.id } ?? 0) < (ranked.firstIndex { $0.candidate.info.id == b.candidate.info.id } ?? 0)
        }) {
            let rank = (ranked.firstIndex { $0.candidate.info.id == s.candidate.info.id } ?? 0) + 1
            out += "- \(DesignSearch.mechanism(s.candidate.sdk.handling)) (rank \(rank)): "
            if s.aloneFailing > 0 {
                out += "fails alone in \(s.aloneFailing) configuration(s)\n"
            } else if s.conflicts.isEmpty {
                out += "no conflicting cell\n"
            } else {
                out += s.byPartner.map { partner, cells in "\(partner) \(cells.count)× (\(Self.why(cells)))" }.joined(separator: "; ") + "\n"
            }
        }
        if !references.isEmpty {
            out += "\nDeclared designs on \(hostName), scored the same way against the participants outside their family:\n"
            for (id, score, winnerOutside) in references {
                out += "- \(id): \(score.conflicts.count) conflicting cells\(score.aloneFailing > 0 ? ", fails alone" : "") (the #1 design has \(winnerOutside[0]) against the same participants)\n"
            }
        }
        // Participants that defeat every design.
        let viable = ranked.filter { $0.aloneFailing == 0 }
        if let best = viable.first, !best.conflicts.isEmpty {
            let defeaters = partners.filter { p in viable.allSatisfy { s in s.conflicts.contains { $0.cell.involves(p.id) } } }
            out += "\nNo design is free of conflicts. "
            if defeaters.isEmpty {
                out += "No single participant defeats every design; the best design trades the conflicts above.\n"
                // Which participants beat which mechanism, at that mechanism's best.
                for p in partners {
                    let beaten = bestPerMechanism.filter { s in s.conflicts.contains { $0.cell.involves(p.id) } }
                    guard !beaten.isEmpty else { continue }
                    out += "- \(p.id) defeats the best design of \(beaten.count) of \(bestPerMechanism.count) mechanisms: "
                        + beaten.map { DesignSearch.mechanism($0.candidate.sdk.handling) }.joined(separator: ", ") + "\n"
                }
            } else {
                out += "Every design conflicts with: \(defeaters.map(\.id).joined(separator: ", ")).\n"
                for p in defeaters {
                    let cells = best.conflicts.filter { $0.cell.involves(p.id) }
                    out += "- \(p.id): with the best design, \(Self.why(cells))\n"
                }
            }
        }
        guard let winner = ranked.first else { standardOutput(out); return 0 }
        var sdk = winner.candidate.sdk
        sdk.id = id
        sdk.observer = String(id.split(separator: ":").first ?? Substring(id))
        let file = ParticipantFile.text(for: sdk, models: "the design hooklab design ranked first on \(hostName)",
                                        comment: ["Written by `hooklab design \(hostName)`: ranked first of \(candidates.count) designs against \(partners.map(\.id).joined(separator: ", ")).",
                                                  "\(winner.conflicts.count) conflicting cells; \(winner.aloneFailing) failing alone."])
        if let writePath {
            let target = writePath.hasPrefix("/") ? URL(fileURLWithPath: writePath) : url(writePath)
            if FileManager.default.fileExists(atPath: target.path) && !force {
                throw UsageError("\(writePath) exists; pass --force to overwrite it")
            }
            do { try AtomicFile.write(file, to: target) } catch {
                throw UsageError("cannot write \(writePath): \(error.localizedDescription)")
            }
            out += "\nwrote the winner to \(writePath)\n"
        } else {
            out += "\nThe winner as a participant file (--write PATH saves it):\n\n" + file
        }
        standardOutput(out)
        return 0
    }

    func describe(_ s: DesignSearch.Score, place: Int) -> String {
        var out = "#\(place) \(DesignSearch.mechanism(s.candidate.sdk.handling)): \(s.conflicts.count) conflicting cells"
        if s.aloneFailing > 0 { out += ", fails alone in \(s.aloneFailing) configuration(s)" }
        out += ", severity \(s.severity), complexity \(s.candidate.complexity)\n"
        let sdk = s.candidate.sdk
        out += "   start \(sdk.start.rawValue); setter \(sdk.setterHook.rawValue)\(sdk.callsOriginal ? "" : " skip-original")\(sdk.resetsDelegate ? " reset-delegate" : ""); \(ParticipantFile.handlingLine(sdk.handling))\n"
        for (partner, cells) in s.byPartner {
            out += "   costs: \(partner), \(cells.count) cells: \(Self.why(cells))\n"
        }
        return out + "\n"
    }

    /// The worst of some conflicting cells, in one line: outcome, configuration, and the finding's message.
    static func why(_ cells: [Matrix.CellResult]) -> String {
        guard let worst = cells.max(by: { $0.outcome < $1.outcome }) else { return "" }
        let message = worst.findings.first?.message ?? ""
        let short = message.count > 170 ? String(message.prefix(167)) + "…" : message
        return "\(worst.outcome.rawValue) (\(worst.cell.orderText), \(worst.cell.config.rawValue)): \(short)"
    }
}
