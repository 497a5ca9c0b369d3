// The shipped note renderer: every note of the report pages and of `hooklab explain`, written for an iOS engineer
// (what the user sees, why, what you can do; the evidence collapsed below). It renders ``Matrix/Verdict`` and
// computes no verdict of its own.

import Foundation
import ObjCModel

extension Matrix {
    static let orderDoesNotHelp = "Changing the install order does not help: the other order fails too."

    /// The design of a participant in a few words, as it declares it; else its `models` text.
    func design(of id: String) -> String { wording("").design(of: id) }

    /// The library a participant models, for "report it to": its `models` text up to the first parenthesis or colon.
    func libraryName(of id: String) -> String { wording("").libraryName(of: id) }

    /// "### <a id="…"></a>UITableView · rx ↔ tracker:swizzle · 🕳️ broken (debug and release)".
    func noteHeading(_ note: ReportLayout.Note, anchored: Bool = true) -> String {
        let title = note.orders.count == 2 ? "\(note.orders[0][0]) ↔ \(note.orders[0][1]) (both orders)" : note.orders[0].joined(separator: " → ")
        return "### \(anchored ? "<a id=\"\(note.anchor)\"></a>" : "")\(note.host) · \(title) · \(headline(verdict(note.keys[0])))"
    }

    /// One order's note as `hooklab explain` prints it: the page note without its anchor.
    public func explainNote(_ key: NoteKey) -> [String] {
        pageNote(ReportLayout.Note(host: key.host, orders: [key.order]), anchored: false)
    }

    /// The result an integrator meets first: release when it fails (what ships), else debug.
    func shippedResult(_ key: NoteKey) -> CellResult? {
        verdict(key).failing.reversed().lazy.compactMap { self.result(for: Cell(host: key.host, order: key.order, config: $0)) }.first
    }

    /// The fact noted at the site of a result's worst finding (``Verdict/findings``).
    func siteFact(_ result: CellResult) -> ModelFact? {
        verdict(NoteKey(host: result.cell.host, order: result.cell.order)).findings.first { $0.config == result.cell.config }?.fact
    }

    /// One note of a host, target or triples page.
    func pageNote(_ note: ReportLayout.Note, anchored: Bool = true) -> [String] {
        let key = note.keys[0]
        let verdict = self.verdict(key)
        var out = [noteHeading(note, anchored: anchored)]
        // An order that cannot happen ran nothing: say why, not that it passes.
        if let impossibility = verdict.impossibility { return out + ["", impossibility.prefix(1).uppercased() + impossibility.dropFirst() + "."] }
        guard let shipped = shippedResult(key) else { return out + ["", "Passes in every configuration that was run."] }
        out.append("")
        if let sentence = setupSentence(verdict) { out += [sentence, ""] }
        out.append(userSees(shipped) + " " + why(shipped))
        out += attributionLines(verdict)
        out += ownFailureLines(verdict)
        out += variantLines(key)
        let failing = verdict.failing
        if failing.count == 2, let debug = result(for: Cell(host: key.host, order: key.order, config: .debug)),
           debug.findings.mostSevere?.kind != shipped.findings.mostSevere?.kind {
            out.append("")
            let debugSees = userSees(debug)
            out.append(debugSees.hasPrefix("Debug builds") ? debugSees : "In debug builds: " + lowercasedFirst(debugSees))
        } else if failing == [.debug] {
            out.append("")
            out.append(verdict.outcome(.release) == .ok ? "Release builds pass: only debug builds are affected."
                       : "Release builds were not run here.")
        } else if failing == [.release], verdict.outcome(.debug) == nil {
            out.append("")
            out.append("Debug builds were not run here.")
        }
        if note.orders.count == 2 { out += orderDifferences(note) }
        out.append("")
        out.append("**What you can do:**")
        out += actionLines(note)
        out = sessionOwnerWording(out, host: note.host, orders: note.orders)
        out.append("")
        out.append("<details><summary>Minimal reproducer, message path and references</summary>")
        for order in note.orders {
            let orderKey = NoteKey(host: note.host, order: order)
            let results = self.verdict(orderKey).failing.compactMap { result(for: Cell(host: note.host, order: order, config: $0)) }
            if results.count == 2, sameStory(results[0], results[1]) {
                out += ["", "#### \(order.joined(separator: " → ")) (debug and release: the same run)", ""]
                out += story(results[1])
            } else {
                for result in results {
                    out += ["", "#### \(order.joined(separator: " → ")), \(result.cell.config.rawValue)", ""]
                    out += story(result)
                }
            }
        }
        out.append("")
        out.append("</details>")
        out.append("")
        out += evidenceBlock(note)
        return out
    }

    /// In an order with a library that creates the session itself (``ParticipantInfo/sessionAfterStart``), the session
    /// the set-ups place is that library's, not the app's: "when `pangle` creates its own `NSURLSession` after …".
    func sessionOwnerWording(_ lines: [String], host name: String, orders: [[String]]) -> [String] {
        guard let owner = orders[0].first(where: { id in participants.first { $0.id == id }?.sessionAfterStart == true }),
              let host = hosts.first(where: { $0.name == name && $0.delegateAtCreation != nil }) else { return lines }
        let session = "`\(host.name)`"
        let replacements = [
            ("your app creates its \(session) with its delegate", "`\(owner)` creates its own \(session)"),
            ("it creates its \(session) with its delegate", "`\(owner)` creates its own \(session)"),
            ("Create the \(session) with your delegate", "Make sure `\(owner)` creates its own \(session)"),
            ("when the app creates its session with its delegate after the last install, and fail when it creates it before one",
             "when `\(owner)` creates its session after the last install, and fail when it creates it before one"),
        ]
        return lines.map { line in replacements.reduce(line) { $0.replacingOccurrences(of: $1.0, with: $1.1) } }
    }

    /// Whose failure it is, when it is not a conflict: a library's own, or the app's.
    func attributionLines(_ verdict: Verdict) -> [String] {
        let names = { (ids: [String]) in ids.map { "`\($0)`" }.joined(separator: " and ") }
        switch verdict.attribution {
        case .libraries(let ids) where verdict.order.count >= 2:
            let missing = verdict.order.filter { !verdict.reproducerLibraries.contains($0) }
            if !missing.isEmpty {
                // Two or more it needs fail together: a conflict of theirs, of which the order's others are bystanders.
                let title = ids.count == 1 ? "Not a conflict" : "A conflict of \(names(ids)) only"
                return ["", "**\(title):** the minimal reproducer below needs only \(names(ids)); \(names(ids)) \(ids.count == 1 ? "fails" : "fail") this way on \(verdict.host) without \(names(missing))."]
            }
            return ["", "**Not a conflict:** \(names(ids)) alone already \(ids.count == 1 ? "fails" : "fail") this way on \(verdict.host) (the table's diagonal); this order adds no finding of its own."]
        case .app:
            let who = verdict.order.count == 1 ? "`\(verdict.order[0])` adds" : "this order adds"
            let how = verdict.reproducerLibraries.isEmpty ? "the minimal reproducer below installs no library" : "with no library installed, the app's own scenario already fails this way on \(verdict.host)"
            return ["", "**The app's own:** \(how) (for example by freeing a delegate the view still holds); \(who) no finding of its own."]
        default:
            return []
        }
    }

    /// The note's first sentence when the order fails only under some app set-ups, rendered from the per-set-up
    /// outcomes, each named when they differ: "Fails when your app sets `UIScrollView.delegate` before `datadog` starts
    /// (broken); or when it sets it after `datadog` starts, then frees it while … (crash); passes when it sets it after
    /// `datadog` starts and does not free it while it is set."
    func setupSentence(_ verdict: Verdict) -> String? {
        guard let host = hosts.first(where: { $0.name == verdict.host }), !verdict.failingSetups.isEmpty else { return nil }
        let results = verdict.failing.compactMap { result(for: Cell(host: verdict.host, order: verdict.order, config: $0)) }
        guard results.contains(where: \.failsOnlyUnderSomeSetups) else { return nil }
        let sentence = Self.setupSentence(failing: verdict.failingSetups, results: results, passing: verdict.passingSetups, host: host)
        guard !verdict.lackingLosesEvent.isEmpty else { return sentence }
        let events = Scan.listed(verdict.lackingLosesEvent.map { "`\($0)`" }, "or")
        return sentence + " An app delegate that lacks \(events) is no way out: iOS then sends that event to no one, the SDKs included."
    }

    /// The set-up sentence from the failing set-ups, the failing configurations' per-set-up outcomes and the set-ups
    /// an app can choose that pass (``Verdict/passingSetups``).
    static func setupSentence(failing: [AppSetup], results: [CellResult], passing: [AppSetup], host: HostInfo) -> String {
        let owner = host.name.split(separator: "@").first.map(String.init) ?? host.name
        // Each failing set-up's worst outcome over the failing configurations.
        var worst: [AppSetup: Outcome] = [:]
        for r in results {
            for s in r.setups where s.outcome != .ok { worst[s.setup] = max(worst[s.setup] ?? s.outcome, s.outcome) }
        }
        let outcomes = failing.map { worst[$0] }
        let named = Set(outcomes.compactMap { $0 }).count > 1
        let fails = AppSetup.clauses(zip(failing, outcomes).map { setup, outcome in (setup, named ? outcome?.rawValue : nil) }, on: host)
        func short(_ text: String) -> String { text.replacingOccurrences(of: "sets `\(owner).delegate`", with: "sets it") }
        var passes = passing.map { short($0.text(on: host)) }
        // The same placement without the freeing passes: the app that clears the slot before freeing its delegate.
        for setup in failing where setup.then == .frees || setup.then == .freesDuringEvent {
            var kept = setup
            kept.then = nil
            let ranKept = results.allSatisfy { r in r.setups.contains { $0.setup == kept && $0.outcome == .ok } }
            if ranKept { passes.append(short(kept.text(on: host)) + " and does not free it while it is set") }
        }
        passes = passes.uniqued()
        // One outcome, and every set-up the lab ran either fails or is named as passing: the shorter list, the passing one.
        let ranTexts = Set(results.flatMap { $0.setups.map { short($0.setup.text(on: host)) } })
        if !named, !passes.isEmpty, passes.count < fails.count, passing.count == passes.count,
           ranTexts == Set(failing.map { short($0.text(on: host)) }).union(passes) {
            let full = passing.map { $0.text(on: host) }.uniqued()
            return "**Fails unless your app \(full.joined(separator: "; or unless it "))**: every other set-up the lab ran fails."
        }
        let head = "**Fails when your app \(fails.joined(separator: "; or when it "))**"
        if !passes.isEmpty { return head + "; passes when it " + passes.joined(separator: "; or when it ") + "." }
        // No set-up an app can choose passes (the others replace, free or assign the delegate later, or lack the very
        // event): those that pass are named as what the lab ran, not offered.
        let passingRan = results.first.map { first in
            first.setups.map(\.setup).filter { setup in
                !failing.contains(setup) && results.allSatisfy { r in r.setups.contains { $0.setup == setup && $0.outcome == .ok } }
            }
        } ?? []
        // A delegate the app frees is owed no event (the lab expects delivery only to a delegate the app still holds):
        // such a set-up passes by losing nothing, which the sentence says, so that no one takes it for a way out.
        // Any other set-up that is not the app's to choose is said to be no fix, beside "What you can do".
        let passingTexts = passingRan.map { setup in
            short(setup.text(on: host)) + (setup.then == .frees || setup.then == .freesDuringEvent ? Self.freedOwedNothing
                                           : setup.isChoosable ? "" : Self.notOffered)
        }.uniqued()
        guard !passingTexts.isEmpty else { return head + "." }
        return head + "; of the set-ups the lab ran, only " + (passingTexts.count == 1 ? "this one passes" : "these pass")
            + ": when it " + passingTexts.joined(separator: "; or when it ") + "."
    }

    /// What the set-up sentence adds to a passing set-up in which the app frees its delegate.
    static let freedOwedNothing = " (a freed delegate is owed no event)"
    /// What it adds to another passing set-up that is not the app's to choose (``AppSetup/isChoosable``).
    static let notOffered = " (not offered as a fix: only a delegate set once, through its setter, is)"

    /// The failing set-ups of an order that are its libraries' own, as alone ("as alone, when your app …").
    func ownFailureLines(_ verdict: Verdict) -> [String] {
        guard verdict.attribution == .conflict, let host = hosts.first(where: { $0.name == verdict.host }) else { return [] }
        var out: [String] = []
        // The set-ups the order ran, over its failing configurations: a list that is all of them, or all but the one
        // where the app sets no delegate, is said so.
        let ran = Set(verdict.failing.compactMap { result(for: Cell(host: verdict.host, order: verdict.order, config: $0)) }
            .flatMap { $0.setups.map(\.setup) })
        let owner = host.name.split(separator: "@").first.map(String.init) ?? host.name
        for libraries in verdict.ownFailures.map(\.libraries).uniqued() {
            let own = verdict.ownFailures.filter { $0.libraries == libraries }.map(\.setup)
            let when: String
            if Set(own) == ran {
                when = "under every set-up the lab ran"
            } else if ran.contains(where: \.leavesSlotEmpty), Set(own) == ran.filter({ !$0.leavesSlotEmpty }), host.delegateAtCreation == nil {
                when = "whenever your app sets `\(owner).delegate` (every set-up the lab ran where it sets one)"
            } else {
                when = "when your app " + AppSetup.clauses(own.map { ($0, nil) }, on: host).joined(separator: "; or when it ")
            }
            let names = libraries.map { "`\($0)`" }.joined(separator: " and ")
            out.append("**As alone, \(when):** \(names) \(libraries.count == 1 ? "fails" : "fail") alone in an app set up that way, so there it is not this order's conflict (see \(names) alone).")
        }
        return out.isEmpty ? [] : [""] + out
    }

    /// A note's per-variant section: the outcome of each install variant with its findings, when only some fail.
    func variantLines(_ key: NoteKey) -> [String] {
        let failing = results(key).filter { $0.outcome != .ok }
        guard let variants = failing.first?.variants, !variants.isEmpty,
              failing.contains(where: { !Self.partlyFailingVariants($0).isEmpty }) else { return [] }
        var out = ["", "**By variant** (one library's variant at a time, the others at their first; each at every placement):"]
        for variant in variants.map(\.variant) {
            let per = failing.compactMap { r in r.variants.first { $0.variant == variant }.map { (r.cell.config, $0) } }
            let outcomes = per.map { "\($0.1.outcome.symbol) \($0.1.outcome.rawValue) in \($0.0.rawValue)" }
            out.append("- `\(variant)`: " + (per.allSatisfy { $0.1.outcome == per[0].1.outcome }
                ? "\(per[0].1.outcome.symbol) \(per[0].1.outcome.rawValue)" : outcomes.joined(separator: ", ")))
            for finding in per.flatMap({ $0.1.findings }).uniqued() {
                out.append("  - `\(finding.kind.rawValue)`: \(Self.sentence(finding.message))")
            }
        }
        return out
    }

    /// What the two orders of a merged note do differently: the step where each fails, per configuration.
    func orderDifferences(_ note: ReportLayout.Note) -> [String] {
        var out = ["", "**Both orders fail this way.** Where each fails:"]
        for order in note.orders {
            let orderKey = NoteKey(host: note.host, order: order)
            let texts = verdict(orderKey).failing.compactMap { config -> String? in
                guard let r = result(for: Cell(host: note.host, order: order, config: config)),
                      let worst = r.findings.mostSevere, let reproducer = r.reproducer else { return nil }
                return "\(config.rawValue): `\(worst.kind.rawValue)` \(stepPhrase(worst.step, reproducer.scenario.steps))"
            }.uniqued()
            out.append("- `\(order.joined(separator: " → "))` — " + texts.joined(separator: "; "))
        }
        return out
    }

    /// The one function that renders a note's evidence: the facts noted on the failing path, with their sources,
    /// and the evidence level of each order and configuration (``Verdict/evidence``), with the reports that show it.
    func evidenceBlock(_ note: ReportLayout.Note) -> [String] {
        let verdicts = note.keys.map(verdict)
        let facts = verdicts.flatMap(\.facts).uniqued()
        var out = ["**Based on** (the facts noted on the code path that ran up to the failure):"]
        // A path that noted no fact ran only hooks whose decisions no fact line marks: say whose, and where their
        // sources are, rather than leave "Derived" resting on nothing the reader can check.
        let libraries = verdicts.flatMap(\.reproducerLibraries).uniqued()
        let bare = libraries.isEmpty ? "- no fact was noted on this path."
            : "- no fact was noted on this path: it ran only the hooks the \(libraries.count == 1 ? "model" : "models") of "
              + Scan.listed(libraries.map { "`\($0)`" }, "and") + " declare\(libraries.count == 1 ? "s" : ""), each from the sources its file follows ("
              + libraries.map { "`hooklab audit \($0)`" }.joined(separator: ", ") + ")."
        out += facts.isEmpty ? [bare]
            : facts.map { fact in
                let claim = fact.claim.hasSuffix(" (inference)") ? String(fact.claim.dropLast(" (inference)".count)) : fact.claim
                return "- \(Self.prose(claim))" + (fact.source.isEmpty ? "" : " — \(Self.prose(fact.source))") + (fact.isInference ? " — *inference*" : "")
            }
        // A closed-source library the reproducer needs makes the cell predicted (`Matrix.evidence`): its whole model is
        // the inference, so it is marked here, where "Predicted" points.
        for (id, source) in Self.closedSourceLibraries(libraries, participants: participants) {
            out.append("- `\(id)` ships as a binary, so every hook its model makes rests on what is published about it, not on its code — \(Self.prose(source)) — *inference*")
        }
        out.append("")
        let lines = verdicts.map { evidenceLine($0) }
        if lines.allSatisfy({ $0 == lines[0] }) {
            out.append(lines[0])
        } else {
            out += zip(verdicts, lines).map { "- `\($0.order.joined(separator: " → "))`: \($1)" }
        }
        for verdict in verdicts where !verdict.otherOrderReports.isEmpty && !verdicts.contains(where: { !$0.reports.isEmpty && $0.order != verdict.order }) {
            out.append("")
            out.append("The other order is reported (\(verdict.otherOrderReportSources.joined(separator: "; "))), reproduced by \(verdict.otherOrderReports.map { "`\($0)`" }.joined(separator: ", ")); this order is not.")
        }
        return out
    }

    /// "**Reported**: … Reproduced by …", "**Derived**: …", "**Predicted**, …", or one of them per configuration.
    func evidenceLine(_ verdict: Verdict) -> String {
        func text(_ level: Evidence) -> String {
            switch level {
            case .reported:
                let cited = verdict.reportSources
                return "**Reported**" + (cited.isEmpty ? "" : ": \(cited.joined(separator: "; "))") + ". Reproduced by "
                    + verdict.reports.map { "`\($0)`" }.joined(separator: ", ") + "."
            case .derived where verdict.facts.isEmpty:
                return "**Derived**: nobody has reported this combination, and no inference is on the failing path: it noted no fact, and ran only hooks its models declare from their cited sources."
            case .derived:
                return "**Derived**: nobody has reported this combination, but every fact on the failing path was read in the libraries' code."
            case .predicted:
                return "**Predicted**, not observed: this failure rests on an inference (marked above) that no code or report decides."
            }
        }
        if let single = verdict.singleEvidence { return text(single) }
        return verdict.evidence.map { "In \($0.0.rawValue): \(text($0.1))" }.joined(separator: " ")
    }

    // MARK: The sentences

    /// When a step happened, in words: "on `scrollViewDidScroll:`", "when `rx` starts", "when the screen closes".
    func stepPhrase(_ number: Int, _ steps: [Scenario.Step]) -> String {
        guard number > 0, number <= steps.count else { return "when the screen closes" }
        switch steps[number - 1] {
        case .fire(let selector): return "on `\(selector)`"
        case .attach(let id): return "when `\(id)` starts"
        case .load(let id): return "at launch, when `\(id)`'s +load hooks install"
        case .setDelegate:
            // A library that creates the session itself creates it here (``ParticipantInfo/sessionAfterStart``).
            for case .attach(let id) in steps where participants.first(where: { $0.id == id })?.sessionAfterStart == true {
                return "when `\(id)` creates its own URL session"
            }
            return "when the app sets its delegate"
        case .assignDelegate: return "when something assigns `view.delegate` directly"
        case .release: return "when the app releases its delegate"
        case .fireWhileDeallocating(_, let selector): return "on `\(selector)`, sent while the app's delegate deallocates"
        case .teardown, .drain: return "when the screen closes"
        case .invalidateSession: return "when the app invalidates its URL session"
        case .delegateLacks, .delegateCompletes, .delegateOverrides: return "at launch"
        case .verb(let family, let verb, let args): return "on `\(([family + "." + verb] + args).joined(separator: " "))`"
        case .raw(let keyword, let args):
            if keyword == "call", args.count >= 2 { return "when `\(args[1])` is called on `\(args[0])`" }
            return "at `\(([keyword] + args).joined(separator: " "))`"
        }
    }

    /// The text between two markers, if both occur in that order.
    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let a = text.range(of: start), let b = text[a.upperBound...].range(of: end) else { return nil }
        return String(text[a.upperBound..<b.lowerBound])
    }

    /// The first sentence of a message (up to a period followed by a space), with its period.
    static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return sentence(text) }
        return String(text[..<end.lowerBound]) + "."
    }

    /// Text from a finding message made safe for Markdown prose: `<Name>` would be taken for an HTML tag.
    static func prose(_ text: String) -> String {
        text.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The first sentence of a note: what the user of the app sees.
    func userSees(_ result: CellResult) -> String { Self.prose(userSeesText(result)) }

    func userSeesText(_ result: CellResult) -> String {
        guard let worst = result.findings.mostSevere, let reproducer = result.reproducer else { return "The cell passes." }
        let when = stepPhrase(worst.step, reproducer.scenario.steps)
        let message = worst.message
        switch worst.kind {
        case .danglingMessage:
            return "The app crashes (EXC_BAD_ACCESS, a message to a freed object) \(when)."
        case .unrecognizedSelector:
            let method = message.range(of: "-[").flatMap { start in message[start.lowerBound...].firstIndex(of: "]").map { String(message[start.lowerBound...$0]) } }
            return "The app crashes with an unrecognized selector\(method.map { " (`\($0)`)" } ?? "") \(when)."
        case .exception:
            let name = message.prefix { $0 != ":" }
            return "The app crashes with an uncaught `\(name)` \(when)."
        case .fatalError:
            // SwiftUI's cast runs when its first scene connects, right after launch, which the lab does at the first event
            // (UIKit.connectSwiftUIScene): the trap is the scene's, not that event's.
            if message.hasPrefix("SwiftUI trapped:"), message.contains("when the first scene connects") {
                return "The app crashes on a Swift trap at launch, when SwiftUI's first window scene connects."
            }
            return "The app crashes on a Swift trap \(when)."
        case .badAccess:
            return "The app crashes (EXC_BAD_ACCESS in the Objective-C runtime) \(when)."
        case .infiniteRecursion:
            return "The app freezes, then crashes on a stack overflow, \(when)."
        case .forwardingCycle:
            return "From the moment \(when.hasPrefix("when ") ? String(when.dropFirst(5)) : "of \(when)"), the next delegate message freezes the app, then crashes it on a stack overflow."
        case .assertionFailure:
            let library = message.prefix { $0 != " " }
            return "Debug builds stop at an assertion in \(library) \(when); release builds skip it."
        case .lostEvent:
            let owner = result.cell.order.first { id in participants.first { $0.id == id }?.ownSession == true }
            return lostEventSentence(message, when: when, host: result.cell.host, sessionOwner: owner)
        case .duplicateEvent:
            if let range = message.range(of: "'s observer received ") {
                let who = message[..<range.lowerBound]
                let rest = message[range.upperBound...]
                let selector = rest.prefix { $0 != " " }
                let times = rest.dropFirst(selector.count + 1).prefix { $0 != " " }
                return "Double counting: `\(who)` records `\(selector)` \(times) times for one event."
            }
            return "An event is handled twice: \(Self.sentence(message))"
        case .lostReturnValue:
            if let effect = effect(of: worst, on: result.cell.host), let sees = effect.userSees {
                return "\(Self.capitalized(sees)): the app's answer to `\(effect.selector)` is changed on its way back \(when)."
            }
            return "The app's answer to an event is ignored \(when), so the app loses control over what the view does."
        case .completionHandlerMisuse:
            // The host declares its handler's rule: what a second call and a missing call do (WebKit raises or
            // stalls; iOS keeps the first call of a notification handler; a fetch handler's group is left once too often).
            if let effect = effect(of: worst, on: result.cell.host), let handler = effect.handler {
                let rule = message.contains("called 0 times") || message.contains("never called") ? effect.noCall : effect.extraCall
                return "The `\(handler)` is called the wrong number of times \(when)\(rule.map { ": \($0)" } ?? "")."
            }
            return "Navigation stalls or WebKit raises \(when): a decision handler is called the wrong number of times."
        case .leak:
            return "Memory leaks: the view's objects stay alive after the screen closes."
        case .danglingReference:
            return "Nothing visible yet, but the next delegate message crashes the app (EXC_BAD_ACCESS): after the step \(when.replacingOccurrences(of: "when ", with: "where ")), the view points at a freed object."
        case .refused:
            let who = message.prefix { $0 != " " }
            return "\(who) refuses to install \(when), so its feature is off in this app."
        case .outOfOrder:
            return "Hooks run in the wrong order \(when): \(Self.sentence(message))"
        }
    }

    /// The effect the cell's host declares for a finding's event.
    func effect(of finding: Finding, on host: String) -> HostInfo.EventEffect? {
        guard let event = finding.event else { return nil }
        return hosts.first { $0.name == host }?.effect(of: event)
    }

    /// A sentence-initial capital: "tapping a push does nothing" → "Tapping a push does nothing".
    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// "Analytics lose `X`", "The app's delegate never gets `X`", "`aspects:before`'s hook never runs when …". With a
    /// library whose own session the cell's session stands for, the app's object stands for that library's delegate.
    func lostEventSentence(_ message: String, when: String, host: String? = nil, sessionOwner: String? = nil) -> String {
        if message.hasPrefix("`"), let close = message.dropFirst().firstIndex(of: "`") {
            let who = message[message.index(after: message.startIndex)..<close]
            let ran = message.range(of: "what ran: ").map { " (what ran: \(Self.sentence(String(message[$0.upperBound...])).dropLast()))" } ?? ""
            if who == "original" { return "The method's own body never runs \(when)\(ran)." }
            if who.hasPrefix("super:") { return "The superclass's implementation (`\(who.dropFirst(6))`) never runs \(when)\(ran)." }
            return "`\(who)`'s hook never runs \(when)\(ran)."
        }
        guard let range = message.range(of: " never received ") else { return Self.sentence(message) }
        let who = String(message[..<range.lowerBound])
        let selector = message[range.upperBound...].prefix { $0 != "," && $0 != " " }
        if who.contains("(the app's") {
            if let owner = sessionOwner {
                return "The delegate of `\(owner)`'s own URL session (the lab's app object stands for it) never gets `\(selector)`: its requests never finish."
            }
            if let sees = host.flatMap({ name in hosts.first { $0.name == name } })?.effect(of: String(selector))?.userSees {
                return "\(Self.capitalized(sees)): the app's delegate never gets `\(selector)`."
            }
            return "The app's delegate never gets `\(selector)`: the screen does not react to it."
        }
        if who.hasSuffix("'s observer") {
            let id = String(who.dropLast("'s observer".count))
            let sentence = participants.first { $0.id == id }?.missedEvent ?? "`ID` never sees `SEL`."
            return sentence.replacingOccurrences(of: "ID", with: id).replacingOccurrences(of: "SEL", with: String(selector))
        }
        return "\(who) never gets `\(selector)`."
    }

    /// The second sentence: why, one sentence about the mechanism.
    func why(_ result: CellResult) -> String { Self.prose(whyText(result)) }

    func whyText(_ result: CellResult) -> String {
        guard let worst = result.findings.mostSevere else { return "" }
        let message = worst.message
        switch worst.kind {
        case .infiniteRecursion:
            if let range = message.range(of: "The objects keep asking each other: ") {
                return "Two forwarders keep asking each other whether to handle the message: \(Self.sentence(String(message[range.upperBound...])))"
            }
            return Self.sentence(message)
        case .danglingMessage:
            if let target = Self.between(message, "was sent to ", " (freed at step "),
               let step = Self.between(message, "(freed at step ", ")"), let via = Self.between(message, "reached through ", ", which") {
                return "\(target) was freed at step \(step), but \(via) still pointed at it: an assign reference is never zeroed."
            }
            return Self.firstSentence(message)
        case .exception:
            if let colon = message.range(of: ": "), let raisedBy = Self.between(message, "(raised by ", ")") {
                let reason = message[colon.upperBound...].replacingOccurrences(of: " (raised by \(raisedBy))", with: "")
                return "\(raisedBy) raised it: \(Self.sentence(reason))"
            }
            return Self.firstSentence(message)
        case .danglingReference, .forwardingCycle, .fatalError, .badAccess, .refused, .completionHandlerMisuse, .lostReturnValue, .leak, .outOfOrder:
            return Self.firstSentence(message)
        case .assertionFailure:
            // The finding's own site and the fact noted there, never another assertion's reason.
            let site = worst.site.map { " at \($0)" } ?? ""
            let detail = message.range(of: ": ").map { Self.firstSentence(message[$0.upperBound...].replacingOccurrences(of: "\n", with: " ")) }
            var text = "The assertion\(site) fails" + (detail.map { ": \($0)" } ?? ".")
            if let fact = siteFact(result) { text += " There, " + Self.sentence(fact.claim) }
            return text
        case .unrecognizedSelector, .lostEvent, .duplicateEvent:
            let order = result.cell.order
            let designs = order.enumerated().map { index, id in
                "`\(id)`\(index == 0 ? "" : ", installed after it,") \(wording("").hooking(id))"
            }.joined(separator: "; ")
            if let holder = delegateHolder(result) {
                // The slot's owner by its class: a view, the application, the notification center or the session.
                let owner = result.cell.host.split(separator: "@").first.map(String.init) ?? result.cell.host
                return "At that moment the `\(owner)`'s delegate is \(holder); \(designs)."
            }
            return "\(designs)."
        }
    }

    /// "`RxScrollViewDelegateProxy#3`" — what the host's first delegate slot held at the failure, from its reference graph.
    func delegateHolder(_ result: CellResult) -> String? {
        guard let graph = result.reproducer?.result.graph, let host = hosts.first(where: { $0.name == result.cell.host }),
              host.methodTarget == nil, let hostNode = graph.nodes.first else { return nil }
        guard let edge = graph.edges.first(where: { edge in
                  edge.from == hostNode.id && [.weak, .assign, .strong].contains(edge.kind) && edge.label.lowercased().hasSuffix("delegate")
              }),
              let target = graph.nodes.first(where: { $0.id == edge.to }) else { return nil }
        return "`\(target.label)`"
    }

    /// The fixes most to try first: at most this many show before a "more" fold.
    static let fixesShown = 4

    /// "What you can do" as a note's list: the first fixes, what does not help, then the rest in a fold, dropping an
    /// SDK last.
    func actionLines(_ note: ReportLayout.Note) -> [String] {
        let block = actionBlock(note)
        let bullet = { (lines: [String]) in lines.map { "- \($0)" } }
        var out = bullet(Array(block.fixes.prefix(Self.fixesShown)) + block.after)
        let folded = Array(block.fixes.dropFirst(Self.fixesShown)) + block.notRun
        if !folded.isEmpty {
            let what = block.fixes.count > Self.fixesShown ? "\(block.fixes.count - Self.fixesShown) more the lab ran" : nil
            let advice = block.notRun.isEmpty ? nil : "advice for these SDKs that the lab did not run"
            out += ["", "<details><summary>More: \([what, advice].compactMap { $0 }.joined(separator: "; "))</summary>", ""]
            out += bullet(folded)
            out += ["", "</details>", ""]
        }
        out += bullet(block.last)
        return out
    }

    /// Whether an `action` names an API that a setting the lab ran names too (`MParticleOptions.proxyAppDelegate`,
    /// `braze.notifications`): a dotted name of the action's found in the setting's text. The ran fix then says it.
    static func restates(_ action: String, _ setting: String) -> Bool {
        action.split(separator: " ").contains { word in
            let name = word.trimmingCharacters(in: CharacterSet(charactersIn: ",;:()'`\"").union(.whitespaces))
            guard let dot = name.firstIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex,
                  name[name.index(before: dot)].isLetter, name[name.index(after: dot)].isLetter else { return false }
            return setting.contains(name)
        }
    }

    /// "What you can do", rendered from the verdict's fixes (``Verdict/fixes``, each run under the failing set-ups it
    /// names), in their rank: a setting or an upgrade, the app's own set-up and code, the start order, a downgrade, a
    /// change to a library; then the participant files' advice (`action`) the lab did not run, what no change helps, and dropping an SDK
    /// last, with what the app loses.
    func actions(_ note: ReportLayout.Note) -> [String] {
        let block = actionBlock(note)
        return block.fixes + block.after + block.notRun + block.last
    }

    /// The lines of "What you can do": the fixes the lab ran, in rank; the statements about what does not help; the
    /// participant files' advice (not run); dropping an SDK.
    func actionBlock(_ note: ReportLayout.Note) -> (fixes: [String], after: [String], notRun: [String], last: [String]) {
        let key = note.keys[0]
        let verdict = self.verdict(key)
        if verdict.attribution == .app { return (appOwnActions(verdict), [], [], []) }
        let host = hosts.first { $0.name == verdict.host }
        let fixes = verdict.fixes.filter { fix in
            // A merged note's other order is no fix of the note's own: it fails the same way.
            !fix.changes.contains { if case .order(let order, _) = $0 { note.orders.contains(order) } else { false } }
        }
        var out: [String] = []
        for fix in fixes { out.append(fixSentence(fix, verdict: verdict, host: host, note: note)) }
        var after: [String] = []
        if verdict.order.count == 2, note.orders.count == 1, let other = verdict.otherOrders.first {
            if let impossibility = other.impossibility {
                after.append("The other install order cannot happen (\(impossibility.replacingOccurrences(of: "not possible: ", with: ""))).")
            } else if verdict.noOtherOrderHelps {
                after.append(Self.orderDoesNotHelp)
            }
        }
        let installs = verdict.passingInstallVariants.isEmpty && !verdict.variantsRan ? installVariantActions(note) : []
        out += installs
        // What each library the failing reproducer installs declares an app can do (its participant file's `action`
        // lines): the SDK's own advice, which the lab did not run, unless a fix the lab ran says the same.
        var notRun: [String] = []
        for id in verdict.reproducerLibraries {
            let ran = fixes.flatMap(\.changes).filter { $0.replacement?.from == id }
            let ranUpgrade = ran.contains { if case .upgrade = $0 { true } else { false } }
            let settings = ran.compactMap { $0.replacement.flatMap { r in participants.first { $0.id == r.to }?.setting } }
            let keys = settings.compactMap(\.plistKey)
            for action in participants.first(where: { $0.id == id })?.actions ?? []
            where !(ranUpgrade && action.hasPrefix("Upgrade")) && !keys.contains(where: { action.contains($0) })
                && !settings.contains(where: { Self.restates(action, $0.text) }) {
                notRun.append("\(action) (the advice for `\(id)`; the lab did not run it).")
            }
        }
        if !verdict.unfixedSetups.isEmpty {
            let names = verdict.reportTo.map { "\(libraryName(of: $0)) (`\($0)`)" }.uniqued()
            let tried = key.order.count == 1 ? "no version, setting or variant of it passes alone" : "no version, setting, set-up or install order the app controls passes"
            // Named when some failing set-ups have a fix: the sentence is then about the others only, named by the
            // shorter list (the set-ups it covers, or those it leaves out).
            let fixed = verdict.failingSetups.filter { !verdict.unfixedSetups.contains($0) }
            let when: String = if fixed.isEmpty || host == nil { "" }
                else if verdict.unfixedSetups.count <= fixed.count {
                    " when your app " + AppSetup.clauses(verdict.unfixedSetups.map { ($0, nil) }, on: host!).joined(separator: "; or when it ")
                } else { " unless your app " + fixed.map { $0.text(on: host!) }.joined(separator: "; or unless it ") }
            after.append((installs.isEmpty ? "No change the app can make avoids this in the lab\(when): \(tried). Report"
                : "If no way of installing the hook helps, no change the app can make avoids this in the lab\(when): report")
                + " it to the maintainers of \(names.joined(separator: " and ")), with the minimal reproducer below.")
        }
        // Last: dropping an SDK ends a conflict, which needs every library of its reproducer.
        var last: [String] = []
        if verdict.attribution == .conflict, host?.isAppLevel == true {
            let drops = verdict.reproducerLibraries.map { id in "`\(id)` (you lose \(provides(id)))" }
            last.append("As a last resort, drop \(drops.joined(separator: " or ")): the conflict needs every one of them.")
        }
        return (out, after, notRun, last)
    }

    /// A failing set-up with some libraries renamed, as the order the lab ran with them has it: its own run says which
    /// of them hook at launch (``AppSetup/atLaunch``; a setting that switches the hooks off does not).
    func ranSetup(_ setup: AppSetup, renames: [(from: String, to: String)], order: [String], host: String) -> AppSetup {
        let renamed = renames.reduce(setup) { $0.renamed($1.from, to: $1.to) }
        for config in Configuration.allCases {
            if let ran = result(for: Cell(host: host, order: order, config: config))?.setups.first(where: { $0.setup == renamed }) {
                return ran.setup
            }
        }
        return renamed
    }

    /// One fix in an integrator's words: the change, the order the lab ran, and the set-ups under which it passed.
    func fixSentence(_ fix: Fix, verdict: Verdict, host: HostInfo?, note: ReportLayout.Note) -> String {
        func order(_ ids: [String]) -> String { "`\(ids.joined(separator: " → "))`" }
        let passes: String
        if fix.everySetup {
            passes = fix.passesIn == verdict.failing ? "passes under every set-up" : "passes in " + fix.passesIn.map(\.rawValue).joined(separator: " and ")
        } else if fix.passingSetups.isEmpty {
            passes = "passes in " + fix.passesIn.map(\.rawValue).joined(separator: " and ")
        } else if fix.passingSetups.count == verdict.failingSetups.count {
            passes = "passes under every set-up where this order fails"
        } else if let host, verdict.failingSetups.count - fix.passingSetups.count < fix.passingSetups.count {
            // The shorter list: the failing set-ups it leaves out, named as this order names them.
            let left = verdict.failingSetups.filter { !fix.passingSetups.contains($0) }
            passes = "passes under every set-up where this order fails except when your app "
                + AppSetup.clauses(left.map { ($0, nil) }, on: host).joined(separator: "; or when it ")
        } else {
            // Named as the order the lab ran names its libraries (`rnfb` where the app had `rnfb:double-call`).
            let renames = fix.changes.compactMap(\.replacement)
            passes = "passes when your app " + (host.map { host in
                AppSetup.clauses(fix.passingSetups.map { (ranSetup($0, renames: renames, order: fix.order, host: host.name), nil) }, on: host)
            } ?? []).joined(separator: "; or when it ")
        }
        let changes = wording(verdict.host).phrase(fix.changes, order: verdict.order, failureLine: failureLine(note), capitalized: true)
        switch fix.changes.count == 1 ? fix.changes[0] : nil {
        case .setup?: return "\(changes): the lab ran this order that way and it passes."
        case .implement(let methods)?:
            return "\(changes): the lab's runs of this order pass when the app delegate implements every method, and fail when it lacks \(methods.count == 1 ? "it" : "them")."
        case .setDelegateAfterInstalls?:
            // A session gets its delegate when it is created: the words say so (NSURLSession).
            let (does, did) = host?.delegateAtCreation != nil ? ("creates its session with its delegate", "creates it") : ("sets its delegate", "sets it")
            return "\(changes): the lab's runs of this order pass when the app \(does) after the last install, and fail when it \(did) before one."
        case .clearBeforeFreeing?:
            // The placements of the set-ups that free it, kept set instead: what the lab ran and saw pass.
            let kept = fix.passingSetups.compactMap { setup -> String? in
                var kept = setup
                kept.then = nil
                return host.map { kept.text(on: $0) }
            }.uniqued()
            return "\(changes): the lab's runs of this order pass when your app " + kept.joined(separator: "; or when it ")
                + " and does not free it while it is set (the clearing itself was not run)."
        case .installVariants?: return "\(changes) → ✅ at every placement."
        case _ where fix.changes.contains(where: { if case .installVariants = $0 { true } else { false } }):
            return "\(changes): \(order(fix.order)) → ✅ at every placement."
        default:
            let ran = fix.changes.contains { if case .order = $0 { true } else { false } } || fix.order != verdict.order ? "\(order(fix.order)) \(passes)" : passes
            return "\(changes): \(ran)."
        }
    }

    /// What the app loses by dropping a library: its participant's `provides` line, or what it is.
    func provides(_ id: String) -> String { wording("").provides(id) }

    /// "What you can do" when the failure is the app's own (``Attribution/app``): fix the app.
    func appOwnActions(_ verdict: Verdict) -> [String] {
        var out = ["Fix it in the app: " + (verdict.reproducerLibraries.isEmpty && verdict.order.count >= 1
            ? "the minimal reproducer below installs no library, so the failure is the app's own. No install order, variant or library change is needed, and no library is to blame."
            : "with no library installed, the app's own scenario already fails this way on \(verdict.host). No install order, variant or library change is needed, and no library is to blame.")]
        if verdict.appCanClearDelegate {
            out.append("Set the view's `delegate` to nil before the delegate is freed (in the delegate's `dealloc`): \(verdict.host) holds its delegate with `assign`, which is never zeroed.")
        }
        return out
    }

    /// On a method target, a cell is the worst over every way of installing each hook (Aspects before/instead/after,
    /// JSPatch with or without ORIG): the app may use one that passes. The ways, for the reader to try.
    func installVariantActions(_ note: ReportLayout.Note) -> [String] {
        guard hosts.first(where: { $0.name == note.host })?.methodTarget != nil else { return [] }
        return note.orders[0].compactMap { id in
            guard let p = participants.first(where: { $0.id == id }), p.hookInstalls.count > 1 else { return nil }
            let ways = p.hookInstalls.map { "`\($0)`" }.joined(separator: ", ")
            return "Install `\(id)`'s hook another way: this cell is the worst of \(ways). Change that line of the reproducer below and `hooklab run` it to see whether the way your app uses passes."
        }
    }

    /// The library source line a finding of the note names ("DelegateProxyType.swift l.197"), if any.
    func failureLine(_ note: ReportLayout.Note) -> String? {
        note.keys.lazy.flatMap { self.verdict($0).findings }.compactMap(\.site).first
    }

    func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, !text.hasPrefix("`") else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
