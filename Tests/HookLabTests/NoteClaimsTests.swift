// Every claim a shipped note makes, re-derived from the matrix's own cells (not from the verdict that rendered it):
// which configurations fail, whether both orders fail, whether a passing order, variant or app action exists, whom
// to report to, and the evidence level as matrix.json states it. The checker is shown to fail on notes changed by hand.

import Foundation
import Testing
@testable import HookLab
import HookLabCLI

/// Checks the claims of one rendered note against a matrix.
struct NoteClaims {
    let matrix: Matrix
    /// matrix.json's `evidence` and `conflict` per cell, read back from the JSON the report ships.
    let evidence: [Matrix.Cell: String]
    let conflict: [Matrix.Cell: Bool]

    /// - Parameter json: the matrix's matrix.json, when already rendered.
    init(_ matrix: Matrix, json: String? = nil) throws {
        self.matrix = matrix
        var evidence: [Matrix.Cell: String] = [:]
        var conflict: [Matrix.Cell: Bool] = [:]
        for item in try JSONValue.parse(json ?? matrix.json, keeping: ["cells"])["cells"]?.items ?? [] {
            guard case .string(let host)? = item["host"]?.value, case .string(let config)? = item["config"]?.value,
                  let configuration = Configuration(rawValue: config) else { continue }
            let order = (item["order"]?.items ?? []).compactMap { if case .string(let id) = $0.value { id } else { nil } }
            let cell = Matrix.Cell(host: host, order: order, config: configuration)
            if case .string(let level)? = item["evidence"]?.value { evidence[cell] = level }
            if case .bool(let value)? = item["conflict"]?.value { conflict[cell] = value }
        }
        self.evidence = evidence
        self.conflict = conflict
    }

    func outcome(_ host: String, _ order: [String], _ config: Configuration) -> Outcome? {
        matrix.outcome(of: Matrix.Cell(host: host, order: order, config: config))
    }

    func failing(_ host: String, _ order: [String]) -> [Configuration] {
        Configuration.allCases.filter { (outcome(host, order, $0) ?? .ok) != .ok }
    }

    func possible(_ host: String, _ order: [String]) -> Bool {
        Configuration.allCases.contains { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0))?.possible == true }
    }

    /// The host and orders a note heading names: "HOST · A → B · …" or "HOST · A ↔ B (both orders) · …".
    static func keys(heading: String) -> (host: String, orders: [[String]], headline: String)? {
        let text = heading.components(separatedBy: "</a>").last ?? heading
        let parts = text.components(separatedBy: " · ")
        guard parts.count >= 3 else { return nil }
        let host = parts[0].replacingOccurrences(of: "### ", with: "")
        let headline = parts[2...].joined(separator: " · ")
        if parts[1].hasSuffix(" (both orders)") {
            let ids = parts[1].dropLast(" (both orders)".count).components(separatedBy: " ↔ ")
            return (host, [ids, ids.reversed()], headline)
        }
        return (host, [parts[1].components(separatedBy: " → ")], headline)
    }

    /// The headline the cells of an order justify, derived here from the outcomes.
    func expectedHeadline(_ host: String, _ order: [String]) -> String {
        let outcomes = Configuration.allCases.map { ($0, outcome(host, order, $0)) }
        let failing = outcomes.filter { ($0.1 ?? .ok) != .ok }
        if failing.isEmpty { return "✅ ok" }
        if failing.count == 1 {
            let ran = outcomes.filter { $0.1 != nil }.count
            return "\(failing[0].1!.title) (\(failing[0].0.rawValue)\(ran == 2 ? " only" : ""))"
        }
        if failing[0].1 == failing[1].1 { return "\(failing[0].1!.title) (debug and release)" }
        return failing.map { "\($0.1!.title) (\($0.0.rawValue))" }.joined(separator: " · ")
    }

    /// The problems of one note: every claim it makes that the matrix does not bear out.
    func problems(_ note: String) -> [String] {
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let parsed = Self.keys(heading: lines[0]) else { return ["unreadable heading: \(lines[0])"] }
        let host = parsed.host, orders = parsed.orders, order = orders[0]
        var out: [String] = []
        func claim(_ ok: Bool, _ text: String) { if !ok { out.append("\(host) \(order.joined(separator: " → ")): \(text)") } }
        claim(parsed.headline == expectedHeadline(host, order), "headline '\(parsed.headline)', the cells say '\(expectedHeadline(host, order))'")
        if note.holds("fails word for word like [this note]") || note.holds("fails like its weak twin on ") { return out }
        // A twin method target's note: the same outcome and the same worst finding kind, in every configuration, on both.
        // The standard library's search, not Foundation's `range(of:)`: that one bridged every whole note to search it.
        if let range = note.firstRange(of: " fails as on "), let end = note[range.upperBound...].firstRange(of: ", whose hooks go on the same class") {
            let twin = String(note[range.upperBound..<end.lowerBound])
            for config in Configuration.allCases {
                let a = matrix.result(for: Matrix.Cell(host: host, order: order, config: config))
                let b = matrix.result(for: Matrix.Cell(host: twin, order: order, config: config))
                claim(a?.outcome == b?.outcome && a?.findings.mostSevere?.kind == b?.findings.mostSevere?.kind,
                      "says it fails as on \(twin), which differs in \(config.rawValue)")
            }
            return out
        }
        let failing = failing(host, order)

        // Configurations.
        if note.holds("Release builds pass: only debug builds are affected.") {
            claim(outcome(host, order, .release) == .ok, "says release builds pass")
        }
        // Both orders.
        if note.holds("**Both orders fail this way.**") {
            claim(orders.count == 2 && orders.allSatisfy { possible(host, $0) }
                  && Configuration.allCases.allSatisfy { outcome(host, orders[0], $0) == outcome(host, orders[1], $0) }
                  && !failing.isEmpty, "says both orders fail this way")
        }
        if note.holds(Matrix.orderDoesNotHelp) {
            let others = Matrix.permutations(order).filter { $0 != order }
            claim(!others.isEmpty && others.allSatisfy { other in
                possible(host, other) && failing.allSatisfy { (outcome(host, other, $0) ?? .ok) != .ok }
            }, "says the other order fails too")
        }
        // The set-up sentence: each set-up it says fails fails in some failing configuration (with the worst outcome it
        // names, when it names one), and each it says passes passes in every one.
        if let line = lines.first(where: { $0.hasPrefix("**Fails when your app ") }), let info = matrix.hosts.first(where: { $0.name == host }) {
            let owner = host.split(separator: "@").first.map(String.init) ?? host
            let results = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
            let body = line.dropFirst("**Fails when your app ".count)
            let failsPart = body.components(separatedBy: "**")[0]
            for named in failsPart.components(separatedBy: "; or when it ") {
                var clause = named
                var said: Outcome?
                if clause.hasSuffix(")"), let open = clause.range(of: " (", options: .backwards),
                   let outcome = Outcome(rawValue: String(clause[open.upperBound...].dropLast())) {
                    said = outcome
                    clause = String(clause[..<open.lowerBound])
                }
                let texts = Self.expanded(clause, owner: owner)
                claim(!texts.isEmpty, "names set-ups in words that do not parse: \(clause)")
                for text in texts {
                    let outcomes = results.flatMap { r in r.setups.filter { $0.outcome != .ok && $0.setup.text(on: info) == text }.map(\.outcome) }
                    claim(!outcomes.isEmpty, "says it fails when the app \(text)")
                    if let said { claim(outcomes.max() == said, "says it fails when the app \(text) with \(said.rawValue); the runs say \(outcomes.max().map(\.rawValue) ?? "ok")") }
                }
            }
            if let passRange = line.range(of: "**; passes when it ") {
                let passPart = String(line[passRange.upperBound...].dropLast())
                for text in passPart.components(separatedBy: "; or when it ") {
                    let keptSuffix = " and does not free it while it is set"
                    let full = text.replacingOccurrences(of: keptSuffix, with: "").replacingOccurrences(of: "sets it", with: "sets `\(owner).delegate`")
                    let passesKept = !results.isEmpty && results.allSatisfy { r in r.setups.contains { $0.outcome == .ok && $0.setup.text(on: info) == full } }
                    if text.hasSuffix(keptSuffix) {
                        // A failing set-up that frees the delegate while set, whose placement passes with the delegate kept.
                        let freed = results.contains { r in
                            r.setups.contains { s in
                                var kept = s.setup
                                kept.then = nil
                                return s.outcome != .ok && (s.setup.then == .frees || s.setup.then == .freesDuringEvent) && kept.text(on: info) == full
                            }
                        }
                        claim(passesKept && freed, "says it passes when the app \(text)")
                    } else {
                        claim(passesKept, "says it passes when the app \(full)")
                    }
                }
            }
        }
        // "Of the set-ups the lab ran, only … pass": each set-up it names passes in every failing configuration, and no
        // other set-up the cell ran does.
        if let line = lines.first(where: { $0.hasPrefix("**Fails when your app ") }), let info = matrix.hosts.first(where: { $0.name == host }),
           let marker = line.range(of: "**; of the set-ups the lab ran, only ") {
            let owner = host.split(separator: "@").first.map(String.init) ?? host
            let results = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
            let rest = String(line[marker.upperBound...])
            let listed = rest.components(separatedBy: ": when it ").dropFirst().joined(separator: ": when it ")
            let part = listed.components(separatedBy: ". ")[0]
            let said = (part.hasSuffix(".") ? String(part.dropLast()) : part).components(separatedBy: "; or when it ")
            // A set-up that frees the delegate says so; the lab expects no event at a delegate the app no longer holds.
            for text in said where text.hasSuffix(Matrix.freedOwedNothing) {
                claim(text.contains("frees it"), "says a set-up that frees no delegate is owed no event: \(text)")
            }
            let named = said.map {
                $0.replacingOccurrences(of: Matrix.freedOwedNothing, with: "").replacingOccurrences(of: Matrix.notOffered, with: "")
                    .replacingOccurrences(of: "sets it", with: "sets `\(owner).delegate`")
            }
            // Only a set-up the app cannot choose is said to be no fix.
            for (text, full) in zip(said, named) where text.hasSuffix(Matrix.notOffered) {
                claim(results.contains { r in r.setups.contains { $0.setup.text(on: info) == full && !$0.setup.isChoosable } },
                      "says a set-up the app can choose is not offered: \(full)")
            }
            claim(rest.hasPrefix(named.count == 1 ? "this one passes: when it " : "these pass: when it "), "counts the set-ups it names")
            for text in named {
                claim(!results.isEmpty && results.allSatisfy { r in r.setups.contains { $0.outcome == .ok && $0.setup.text(on: info) == text } },
                      "says it passes when the app \(text)")
            }
            let passingAll = Set(results.flatMap { r in r.setups.filter { $0.outcome == .ok }.map { $0.setup.text(on: info) } }).filter { text in
                results.allSatisfy { r in r.setups.contains { $0.outcome == .ok && $0.setup.text(on: info) == text } }
            }
            claim(passingAll == Set(named), "says only \(named) pass; the runs pass \(passingAll.sorted())")
        }
        // The shorter set-up sentence: each set-up it names passes in every failing configuration, and every other
        // set-up the cell ran fails in one.
        if let line = lines.first(where: { $0.hasPrefix("**Fails unless your app ") }), let info = matrix.hosts.first(where: { $0.name == host }) {
            let results = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
            let named = line.dropFirst("**Fails unless your app ".count).components(separatedBy: "**")[0].components(separatedBy: "; or unless it ")
            claim(line.hasSuffix("**: every other set-up the lab ran fails.") && !results.isEmpty, "has the shorter set-up sentence's form")
            for text in named {
                claim(results.allSatisfy { r in r.setups.contains { $0.outcome == .ok && $0.setup.text(on: info) == text } },
                      "says it passes when the app \(text)")
            }
            let others = Set(results.flatMap { $0.setups.map { $0.setup.text(on: info) } }).subtracting(named)
            for text in others.sorted() {
                claim(results.contains { r in r.setups.contains { $0.outcome != .ok && $0.setup.text(on: info) == text } },
                      "says it fails when the app \(text)")
            }
        }
        // "As alone, when your app …": each set-up it names fails for this order, and each library it names fails alone in
        // the same app (the set-up without the other SDKs' starts); "under every set-up the lab ran" and "whenever your
        // app sets …" name all the order's set-ups, or all where the app sets a delegate.
        if let hostInfo = matrix.hosts.first(where: { $0.name == host }) {
            let results = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
            let ran = results.flatMap { $0.setups.map(\.setup) }.uniqued()
            for line in lines where line.hasPrefix("**As alone, ") {
                guard let end = line.range(of: ":** ") else { claim(false, "an 'as alone' line without its end: \(line)"); continue }
                let head = String(line[line.index(line.startIndex, offsetBy: "**As alone, ".count)..<end.lowerBound])
                let setups: [AppSetup]
                if head == "under every set-up the lab ran" {
                    setups = ran
                } else if head == "whenever your app sets `\(Self.ownerOf(host)).delegate` (every set-up the lab ran where it sets one)" {
                    setups = ran.filter { !$0.leavesSlotEmpty }
                    claim(setups.count < ran.count, "says 'whenever your app sets' where the lab ran no set-up without a delegate")
                } else if head.hasPrefix("when your app ") {
                    let texts = Self.setupTexts(String(head.dropFirst("when your app ".count)), owner: Self.ownerOf(host))
                    setups = ran.filter { texts.contains($0.text(on: hostInfo)) }
                    claim(!texts.isEmpty && Set(setups.map { $0.text(on: hostInfo) }) == Set(texts), "names set-ups the order did not run: \(texts)")
                } else {
                    claim(false, "an 'as alone' line of no known form: \(head)"); continue
                }
                // "`expo` and `rnfb:double-call` fail alone …": the backticked names before " fail".
                let named = String(line[end.upperBound...]).components(separatedBy: " fail")[0]
                    .components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                claim(!named.isEmpty && !setups.isEmpty, "an 'as alone' line with no library or no set-up: \(line)")
                for setup in setups {
                    claim(results.contains { r in r.setups.contains { $0.setup == setup && $0.outcome != .ok } },
                          "says it fails when the app \(setup.text(on: hostInfo))")
                    for id in named {
                        let alone = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: [id], config: $0)) }
                        let projected = setup.projected(onto: [id])
                        claim(alone.contains { r in r.setups.first { $0.setup == projected }.map { $0.outcome != .ok } ?? (r.outcome != .ok) },
                              "says `\(id)` fails alone when the app \(setup.text(on: hostInfo))")
                    }
                }
            }
        }
        // Orders and variants said to pass, each under the set-ups it names (issue "Advice an integrator can follow" §6).
        let info = matrix.hosts.first { $0.name == host }
        let failingSetups = failingSetups(host, order)
        for line in lines where line.hasPrefix("- ") && (line.holds("` passes") || line.holds("` passes in ")) {
            guard let range = line.range(of: "` passes"), let open = line[..<range.lowerBound].lastIndex(of: "`") else { continue }
            let named = line[line.index(after: open)..<range.lowerBound].components(separatedBy: " → ")
            let rest = line[range.upperBound...]
            if rest.hasPrefix(" when your app "), let info {
                // "passes when your app sets … ; or when it …": each named set-up passes in every failing configuration.
                let claimed = Self.setupTexts(String(rest.dropFirst(" when your app ".count).dropLast()), owner: Self.ownerOf(host))
                let passingTexts = failing.map { config in
                    Set(matrix.result(for: Matrix.Cell(host: host, order: named, config: config))?.setups.filter { $0.outcome == .ok }.map { $0.setup.text(on: info) } ?? [])
                }
                // Or, named as this order names it, the same app's set-up in the order said to pass.
                let viaOrder = { (text: String) in
                    failingSetups.contains { $0.text(on: info) == text && passes(host, named, under: $0, of: order) }
                }
                claim(possible(host, named) && !claimed.isEmpty && claimed.allSatisfy { text in passingTexts.allSatisfy { $0.contains(text) } || viaOrder(text) },
                      "says `\(named.joined(separator: " → "))` passes when the app \(claimed)")
                continue
            }
            if rest.hasPrefix(" under every set-up where this order fails except when your app "), let info {
                // The failing set-ups it leaves out are named; it passes under each of the others.
                let left = Self.setupTexts(String(rest.dropFirst(" under every set-up where this order fails except when your app ".count).dropLast()),
                                           owner: Self.ownerOf(host))
                let kept = failingSetups.filter { !left.contains($0.text(on: info)) }
                claim(possible(host, named) && left.allSatisfy { text in failingSetups.contains { $0.text(on: info) == text } }
                      && !kept.isEmpty && kept.allSatisfy { passes(host, named, under: $0, of: order) },
                      "says `\(named.joined(separator: " → "))` passes under every set-up where this order fails except when the app \(left)")
                continue
            }
            if rest.hasPrefix(" under every set-up where this order fails") {
                claim(possible(host, named) && !failingSetups.isEmpty && failingSetups.allSatisfy { passes(host, named, under: $0, of: order) },
                      "says `\(named.joined(separator: " → "))` passes under every set-up where this order fails")
                continue
            }
            let configs = rest.hasPrefix(" in ")
                ? Configuration.allCases.filter { rest.contains($0.rawValue) } : failing
            claim(possible(host, named) && configs.allSatisfy { outcome(host, named, $0) == .ok },
                  "says `\(named.joined(separator: " → "))` passes in \(configs.map(\.rawValue))")
        }
        // A fix's range, read against the participant files, and only changes the app can make.
        for line in lines where line.hasPrefix("- ") && !line.holds("the lab did not run it") {
            for (verb, prefix) in [("Upgrade", "- Upgrade to "), ("Downgrade", "- Downgrade to "), ("upgrade", ", and upgrade to "), ("downgrade", ", and downgrade to ")] {
                guard let start = line.range(of: prefix) else { continue }
                let after = line[start.upperBound...]
                guard let paren = after.range(of: " (`"), let close = after[paren.upperBound...].range(of: "` for `"),
                      let end = after[close.upperBound...].firstIndex(of: "`") else { continue }
                let target = String(after[..<paren.lowerBound])
                let variant = String(after[paren.upperBound..<close.lowerBound]), replaced = String(after[close.upperBound..<end])
                guard let v = matrix.participants.first(where: { $0.id == variant }) else { claim(false, "names an unknown line `\(variant)`"); continue }
                let kind = Matrix.VariantTrial.Kind.of(v, replacing: matrix.participants.first { $0.id == replaced }, lines: matrix.participants)
                switch kind {
                case .upgrade(let range) where verb.lowercased() == "upgrade": claim(range == target, "says \(verb) to \(target); the participant files say \(range)")
                case .downgrade(let range) where verb.lowercased() == "downgrade": claim(range == target, "says \(verb) to \(target); the participant files say \(range)")
                default: claim(false, "says \(verb) to `\(variant)` for `\(replaced)`, which the participant files make \(kind)")
                }
            }
            if let (variant, replaced) = Self.useInstead(line) {
                if let v = matrix.participants.first(where: { $0.id == variant }) {
                    let kind = Matrix.VariantTrial.Kind.of(v, replacing: matrix.participants.first { $0.id == replaced }, lines: matrix.participants)
                    if case .downgrade = kind { claim(false, "offers the older line `\(variant)` as a plain choice, not as a downgrade") }
                    if case .upgrade = kind { claim(false, "offers the newer line `\(variant)` as a plain choice, not as an upgrade") }
                    if let chosen = v.chosenBy { claim(false, "offers `\(variant)`, which \(chosen.text) picks, not the app") }
                }
            }
        }
        // Nothing the app can do, under the set-ups the sentence names (all failing ones when it names none): no other
        // order, line, setting or form of one library, no two of them together (for a pair), no install variant and no
        // set-up the app can choose passes under any of them.
        if let line = lines.first(where: { $0.holds("o change the app can make avoids this in the lab") }), let info {
            let tail = line.components(separatedBy: "o change the app can make avoids this in the lab").dropFirst().joined()
            let listed = { (prefix: String, separator: String) -> [String] in
                // The list ends at the first ": " that does not open a clause's ways.
                let ways = ", in any of these ways: ", held = ", in any of these ways\u{1}"
                let list = String(tail.dropFirst(prefix.count)).replacingOccurrences(of: ways, with: held).components(separatedBy: ": ")[0]
                return Self.setupTexts(list.replacingOccurrences(of: held, with: ways), owner: Self.ownerOf(host), separator: separator)
            }
            let unfixed: [AppSetup]
            if tail.hasPrefix(" when your app ") {
                let texts = listed(" when your app ", "; or when it ")
                unfixed = failingSetups.filter { texts.contains($0.text(on: info)) }
                claim(unfixed.count == texts.count, "names set-ups \(texts) where the order does not fail")
            } else if tail.hasPrefix(" unless your app ") {
                let texts = listed(" unless your app ", "; or unless it ")
                unfixed = failingSetups.filter { !texts.contains($0.text(on: info)) }
            } else {
                unfixed = failingSetups
            }
            let results = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
            var passing: [String] = []
            for candidate in candidates(host, order) where unfixed.contains(where: { passes(host, candidate, under: $0, of: order) }) {
                passing.append(candidate.joined(separator: " → "))
            }
            for variant in results.first?.variants ?? [] where results.allSatisfy({ r in r.variants.contains { $0.variant == variant.variant && $0.outcome == .ok } }) {
                passing.append(variant.variant)
            }
            // A set-up the app can choose (its delegate set once, or none, nothing freed or replaced) that passes in every
            // failing configuration, unless its placement fails once the app also frees or replaces its delegate.
            if let first = results.first {
                let placements = first.setups.filter { $0.outcome != .ok && $0.setup.setAfter != nil }.map { [$0.setup.setAfter ?? [], $0.setup.setBefore, $0.setup.lacks] }
                for setup in first.setups.map(\.setup) where setup.isChoosable
                    && (setup.setAfter == nil || !placements.contains([setup.setAfter ?? [], setup.setBefore, setup.lacks]))
                    && results.allSatisfy({ r in r.setups.contains { $0.setup == setup && $0.outcome == .ok } }) {
                    passing.append("the app set-up: \(setup.text(on: info))")
                }
            }
            claim(!unfixed.isEmpty && passing.isEmpty, "says nothing the app can do helps, but these pass: \(passing)")
        }
        // Implementing a method in the app's delegate: its full shape passes, and lacking it fails, in each failing configuration.
        if let line = lines.first(where: { $0.hasPrefix("- Implement `") }) {
            let methods = line.components(separatedBy: " in your app delegate")[0].components(separatedBy: "`").enumerated()
                .filter { $0.offset % 2 == 1 }.map(\.element)
            let results = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
            claim(!results.isEmpty && results.allSatisfy { r in
                r.setups.allSatisfy { !$0.setup.lacks.isEmpty || $0.outcome == .ok }
                    && methods.allSatisfy { m in r.setups.contains { $0.setup.lacks.contains(m) && $0.outcome != .ok } }
            }, "says implementing \(methods) in the app delegate passes")
        }
        // Setting the delegate after the installs: that placement passes, and setting it before one fails, in each failing
        // configuration.
        if lines.contains(where: { ($0.hasPrefix("- Set the `") || $0.hasPrefix("- Create the `")) && $0.holds(" after starting ") }) {
            let results = failing.compactMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0)) }
            // An app that never sets a delegate is another set-up, not a placement after the installs.
            claim(!results.isEmpty && results.allSatisfy { r in
                r.setups.contains { $0.setup.setAfter != nil && $0.setup.setBefore.isEmpty && $0.outcome == .ok }
                    && r.setups.allSatisfy { !$0.setup.setBefore.isEmpty || $0.setup.leavesSlotEmpty || $0.outcome == .ok }
            }, "says setting the delegate after the installs passes")
        }
        // The library names each sentence prints (issue 30): re-derived from the note's orders and the participants.
        for problem in libraryNameProblems(lines, orders: orders) { claim(false, problem) }
        // Whom to report to: only libraries a failing reproducer installs.
        if let line = lines.first(where: { $0.holds("it to the maintainers of ") }) {
            let kept = Set(failing.flatMap { matrix.result(for: Matrix.Cell(host: host, order: order, config: $0))?.reproducer?.scenario.participants ?? [] })
            let named = line.components(separatedBy: "(`").dropFirst().compactMap { $0.components(separatedBy: "`)").first }
            claim(!named.isEmpty && named.allSatisfy(kept.contains), "reports to \(named), the reproducers install \(kept.sorted())")
        }
        // Conflict: "Not a conflict" and "The app's own" only when matrix.json says conflict false.
        if note.holds("**Not a conflict:**") || note.holds("**The app's own:**") {
            claim(failing.allSatisfy { conflict[Matrix.Cell(host: host, order: order, config: $0)] == false }, "says it is no conflict; matrix.json disagrees")
        }
        // Evidence: the levels the note names are matrix.json's, for every order it covers.
        let levels = Set(orders.flatMap { o in self.failing(host, o).compactMap { evidence[Matrix.Cell(host: host, order: o, config: $0)] } })
        let named = Set(["reported", "derived", "predicted"].filter { level in
            note.holds("**\(level.prefix(1).uppercased() + level.dropFirst())**")
        })
        claim(levels == named, "names evidence \(named.sorted()), matrix.json says \(levels.sorted())")
        return out
    }

    /// The set-ups under which an order fails in some failing configuration, in order of first appearance.
    func failingSetups(_ host: String, _ order: [String]) -> [AppSetup] {
        var seen: [AppSetup] = []
        for config in failing(host, order) {
            for s in matrix.result(for: Matrix.Cell(host: host, order: order, config: config))?.setups ?? [] where s.outcome != .ok && !seen.contains(s.setup) {
                seen.append(s.setup)
            }
        }
        return seen
    }

    /// Whether `other` (the same families, some lines replaced, in any order) passes for the app set up as `setup` of
    /// `order`, in every configuration in which `order` fails: the whole cell passes, or the same app's set-up does.
    func passes(_ host: String, _ other: [String], under setup: AppSetup, of order: [String]) -> Bool {
        guard possible(host, other) else { return false }
        var renamed = setup
        for id in order {
            if let to = other.first(where: { matrix.family(of: $0) == matrix.family(of: id) }), to != id { renamed = renamed.renamed(id, to: to) }
        }
        return failing(host, order).allSatisfy { config in
            guard let r = matrix.result(for: Matrix.Cell(host: host, order: other, config: config)) else { return false }
            return r.outcome == .ok || r.setups.contains { $0.outcome == .ok && $0.setup.sameApp(as: renamed) }
        }
    }

    /// Every change the app could make to an order: another order; another line, setting or form of one library (not
    /// a patch, not a mode its vendor picks); for a pair, two of those together, or one with the other order.
    func candidates(_ host: String, _ order: [String]) -> [[String]] {
        func lines(_ id: String) -> [String] {
            let family = matrix.family(of: id)
            return [id] + matrix.participants.filter {
                $0.family == family && $0.id != id && $0.hosts.contains(host) && !$0.changesLibrary && $0.chosenBy == nil
                    && !$0.models.lowercased().contains("patched") && !$0.models.lowercased().contains("proposed")
            }.map(\.id)
        }
        var out: [[String]] = Matrix.permutations(order).filter { $0 != order }
        for (position, id) in order.enumerated() {
            for line in lines(id).dropFirst() {
                var swapped = order
                swapped[position] = line
                out.append(swapped)
            }
        }
        if order.count == 2 {
            for a in lines(order[0]) { for b in lines(order[1]) { out += [[a, b], [b, a]] } }
        }
        return out.uniqued()
    }

    /// The variant and the participant it replaces in "use `X` (…) instead of `Y`", alone or as one of two changes.
    /// A list of set-ups joined with "; or when it ", each clause expanded to the set-ups' own words
    /// (``AppSetup/text(on:)``): "P, in any of these ways: keeping it, …, or assigning it directly (not through its
    /// setter)" is one set-up per way, read here from the words alone. A clause whose ways do not parse gives no set-up,
    /// which no run matches.
    /// The class whose delegate a host's set-ups name ("UNUserNotificationCenter" for "UNUserNotificationCenter@flutter").
    static func ownerOf(_ host: String) -> String { host.split(separator: "@").first.map(String.init) ?? host }

    static func setupTexts(_ list: String, owner: String, separator: String = "; or when it ") -> [String] {
        list.components(separatedBy: separator).flatMap { expanded($0, owner: owner) }
    }

    static func expanded(_ clause: String, owner: String) -> [String] {
        guard let marker = clause.range(of: ", in any of these ways: ") else { return [clause] }
        let placement = String(clause[..<marker.lowerBound])
        let ways: [(words: String, text: String)] = [
            ("keeping it", placement),
            ("later replacing it with another delegate", placement + ", then replaces it with another delegate"),
            ("freeing it while it is still set", placement + ", then frees it while it is still set"),
            ("freeing it while the host still sends it an event, as when the screen that owns both is torn down",
             placement + ", then frees it while the host still sends it an event, as when the screen that owns both is torn down"),
            ("assigning it directly instead of through its setter",
             placement.replacingOccurrences(of: "sets `\(owner).delegate`", with: "assigns `\(owner).delegate` directly instead of through its setter")),
        ]
        var rest = Substring(clause[marker.upperBound...])
        var texts: [String] = []
        while !rest.isEmpty {
            if rest.hasPrefix("or ") { rest = rest.dropFirst(3) }
            let late = "getting an event before `"
            if rest.hasPrefix(late), let close = rest.dropFirst(late.count).range(of: "` starts") {
                // An event before an SDK started late: "…, and gets an event before `ID` starts".
                let id = rest.dropFirst(late.count)[..<close.lowerBound]
                texts.append(placement + ", and gets an event before `\(id)` starts")
                rest = rest[close.upperBound...]
            } else {
                guard let way = ways.first(where: { rest.hasPrefix($0.words) }) else { return [] }
                texts.append(way.text)
                rest = rest.dropFirst(way.words.count)
            }
            if rest.hasPrefix(", ") { rest = rest.dropFirst(2) } else if rest.hasPrefix(" or ") { rest = rest.dropFirst(1) } else if !rest.isEmpty { return [] }
        }
        return texts.count > 1 ? texts : []
    }

    static func useInstead(_ line: String) -> (String, String)? {
        // A regex literal is compiled each time it is evaluated: only for a line that can match.
        guard line.firstRange(of: " instead of `") != nil, let match = line.firstMatch(of: /[Uu]se `([^`]+)` \(.*?\) instead of `([^`]+)`/) else { return nil }
        return (String(match.1), String(match.2))
    }

    /// The text between backticks, in order: "`a` then `b`" → ["a", "b"].
    static func quoted(_ text: Substring) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The library names the note's sentences print that its orders and the participants do not bear out:
    /// - the design sentence ("`A` hooks with D; `B`, installed after it, hooks with E"): an order of the note, in its
    ///   install order, each with its own design;
    /// - "Initialize `X` first" and "Make `X`'s +load hooks run first": the first of the order the line says passes;
    /// - "Use `X` (…) instead of `Y`": `Y` is in the note's order, and the order said to pass is it with `X` for `Y`;
    /// - "Change L": L is the library whose participant the modeled change replaces.
    func libraryNameProblems(_ lines: [String], orders: [[String]]) -> [String] {
        var out: [String] = []
        let ids = Set(orders.flatMap { $0 })
        // A setting variant has no hook to hook with: its clause says the switch it models, by that switch's own text.
        func doing(_ id: String) -> String {
            guard let setting = matrix.participants.first(where: { $0.id == id })?.setting else {
                let design = matrix.design(of: id)
                return design.hasPrefix("hooks nothing") ? design : "hooks with \(design)"
            }
            return setting.off ? "hooks nothing, its feature switched off (\(setting.text))" : "has its hooks off (\(setting.text)), the app forwarding the calls by hand"
        }
        let clauses = [", installed after it, hooks ", "` hooks with ", "` hooks nothing", "` has its hooks off ("]
        if let line = lines.first(where: { line in clauses.contains(where: line.contains) }) {
            let sentences = orders.map { order in
                order.enumerated().map { index, id in "`\(id)`\(index == 0 ? "" : ", installed after it,") \(doing(id))" }
                    .joined(separator: "; ")
            }
            if !sentences.contains(where: line.contains) {
                out.append("the design sentence is none of \(sentences.map { String($0.prefix(120)) }): it names the libraries or their designs wrongly")
            }
        }
        // (A folded list shown in an earlier note is linked, not repeated: its first line is no claim of its own.)
        for line in lines where (line.hasPrefix("- Initialize `") || line.hasPrefix("- Make `")) && !line.contains("the same as in [this note]") {
            guard let first = Self.quoted(line[...]).first, let passing = line.components(separatedBy: ": `").last?.components(separatedBy: "`").first else { continue }
            let order = passing.components(separatedBy: " → ")
            if order.first != first || Set(order) != Set(orders[0]) { out.append("'\(line.prefix(60))…' names `\(first)` first, but the order it says passes is \(passing)") }
        }
        for line in lines where line.hasPrefix("- ") && line.contains(" instead of `") {
            guard let (variant, replaced) = Self.useInstead(line) else { continue }
            let passing = line.components(separatedBy: ": `").last?.components(separatedBy: "`").first?.components(separatedBy: " → ") ?? []
            // The passing order is the note's with `variant` for `replaced`, and at most one more line of another of its
            // libraries (two changes together).
            let fits = orders.contains { order in
                order.contains(replaced) && passing.contains(variant) && passing.count == order.count
                    && Set(passing.map { matrix.family(of: $0) }) == Set(order.map { matrix.family(of: $0) })
                    && order.filter { !passing.contains($0) }.count <= 2
            }
            if !ids.contains(replaced) || !fits { out.append("'Use `\(variant)` instead of `\(replaced)`' does not fit the note's orders and the passing order \(passing)") }
        }
        for full in lines where (full.hasPrefix("Change ") || full.hasPrefix("- Change ")) && full.contains(" — modeled as `") {
            let line = full.hasPrefix("- ") ? String(full.dropFirst(2)) : full
            let variant = Self.quoted(line.components(separatedBy: " — modeled as ").last?[...] ?? "").first ?? ""
            let passing = Self.quoted(line.components(separatedBy: " — modeled as ").last?[...] ?? "").dropFirst().first?.components(separatedBy: " → ") ?? []
            let replaced = orders[0].filter { !passing.contains($0) }
            let name = String(line.dropFirst("Change ".count)).components(separatedBy: " (where it fails")[0].components(separatedBy: ": ")[0]
            if replaced.count != 1 || !passing.contains(variant) || matrix.libraryName(of: replaced[0]) != name {
                out.append("'Change \(name)' does not name the library `\(variant)` replaces in \(orders[0])")
            }
        }
        return out
    }

    /// Every note of a report set: its text from its heading to the next note or section.
    static func notes(_ files: [(path: String, contents: String)]) -> [String] {
        // The standard library's split and a byte search (`TextSearch`): Foundation's bridged each whole page to search it.
        files.filter { $0.path.hasSuffix(".md") }.flatMap { file in
            file.contents.split(separator: "\n### <a id=\"note-", omittingEmptySubsequences: false).dropFirst().map { chunk in
                "### <a id=\"note-" + (chunk.firstOccurrence(of: "\n## ").map { chunk[..<$0.lowerBound] } ?? chunk)
            }
        }
    }
}

@Suite("Note claims")
struct NoteClaimsTests {
    static let matrix = LabMatrixTests.shared
    static let files = LabMatrixTests.sharedReports
    static let notes = NoteClaims.notes(files)
    /// Read once: each reading renders and parses the whole matrix.json.
    static let claims = Result { try NoteClaims(matrix, json: LabMatrixTests.sharedJSON) }
    /// The claims of each shipped note that do not hold, checked once and shared by the tests below.
    /// Checked on every core: the tests that need it wait for it, and a single thread here would leave a core idle.
    static let problems: [[String]] = (try? claims.get()).map { claims in
        Matrix.concurrentMap(notes.count, workers: ProcessInfo.processInfo.activeProcessorCount) { claims.problems(notes[$0]) }
    } ?? []

    @Test("Every claim of every shipped note holds in the matrix (and matrix.json)")
    func everyClaimHolds() throws {
        _ = try Self.claims.get()
        #expect(Self.notes.count > 100)
        let problems = Self.problems.flatMap { $0 }
        let summary = "\(problems.count) claims do not hold:\n" + problems.prefix(40).joined(separator: "\n")
        #expect(problems.isEmpty, "\(summary)")
    }

    /// Changes one claim of a note by hand.
    struct Mutation: Sendable, CustomTestStringConvertible {
        var name: String
        /// Whether the note is one this mutation can change.
        var applies: @Sendable (String) -> Bool
        var change: @Sendable (String) -> String
        var testDescription: String { name }
    }

    static let mutations: [Mutation] = [
        Mutation(name: "the failing configurations", applies: { $0.components(separatedBy: "\n")[0].hasSuffix("(debug and release)") },
                 change: { $0.replacingOccurrences(of: "(debug and release)", with: "(release only)") }),
        Mutation(name: "release builds pass", applies: { $0.components(separatedBy: "\n")[0].hasSuffix("(debug and release)") },
                 change: { $0.replacingOccurrences(of: "\n\n**What you can do:**", with: "\n\nRelease builds pass: only debug builds are affected.\n\n**What you can do:**") }),
        Mutation(name: "both orders fail", applies: { $0.contains("` passes under every set-up.") && !$0.contains("(both orders)") },
                 change: { $0.replacingOccurrences(of: "\n\n**What you can do:**", with: "\n\n**Both orders fail this way.**\n\n**What you can do:**") }),
        Mutation(name: "a passing order", applies: { $0.contains("- Make `") && $0.contains("` passes under every set-up.") },
                 change: { note in
                     // Name the failing order itself as the one that passes.
                     guard let keys = NoteClaims.keys(heading: note.components(separatedBy: "\n")[0]) else { return note }
                     return note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("- Make `"), let r = line.range(of: ": `") else { return line }
                         return String(line[..<r.lowerBound]) + ": `" + keys.orders[0].joined(separator: " → ") + "` passes under every set-up."
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "nothing the app can do", applies: { $0.contains("` passes under every set-up.") },
                 change: { $0.replacingOccurrences(of: "**What you can do:**\n", with: "**What you can do:**\n- No change the app can make avoids this in the lab: no install order and no modeled variant passes.\n") }),
        Mutation(name: "a fix that does not pass", applies: { $0.contains("- Upgrade to ") && $0.contains("` for `") },
                 change: { note in
                     // Name the failing order itself as the upgrade's passing one.
                     guard let keys = NoteClaims.keys(heading: note.components(separatedBy: "\n")[0]) else { return note }
                     return note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("- Upgrade to "), line.contains("` for `"), let r = line.range(of: "): `") else { return line }
                         return String(line[..<r.lowerBound]) + "): `" + keys.orders[0].joined(separator: " → ") + "` passes under every set-up."
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "no change helps while an upgrade passes", applies: { $0.contains("- Upgrade to ") && $0.contains("` for `") },
                 change: { $0.replacingOccurrences(of: "**What you can do:**\n", with: "**What you can do:**\n- No change the app can make avoids this in the lab: no version, setting, set-up or install order the app controls passes.\n") }),
        Mutation(name: "a set-up named wrongly", applies: { note in
                     note.components(separatedBy: "\n").contains { $0.hasPrefix("**Fails when your app sets `") && $0.contains(" after `") }
                 },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("**Fails when your app sets `"), let r = line.range(of: " after `") else { return line }
                         return line.replacingCharacters(in: r, with: " before `")
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "whom to report to", applies: { $0.contains("it to the maintainers of ") && !$0.contains("(`kvo`)") },
                 change: { $0.replacingOccurrences(of: "it to the maintainers of ", with: "it to the maintainers of KVO (`kvo`) and ") }),
        Mutation(name: "implementing a method in the app delegate", applies: { $0.contains("**What you can do:**\n") && !$0.contains("- Implement `") },
                 change: { $0.replacingOccurrences(of: "**What you can do:**\n", with: "**What you can do:**\n- Implement `applicationWillTerminate:` in your app delegate: the lab's runs of this order pass when the app delegate implements every method, and fail when it lacks it.\n") }),
        Mutation(name: "the design sentence with its names swapped", applies: { note in
                     note.components(separatedBy: "\n").contains { $0.contains(", installed after it, hooks with ") }
                 },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.contains(", installed after it, hooks with "), let keys = NoteClaims.keys(heading: note.components(separatedBy: "\n")[0]),
                               keys.orders[0].count == 2 else { return line }
                         let (a, b) = (keys.orders[0][0], keys.orders[0][1])
                         return line.replacingOccurrences(of: "`\(a)` hooks", with: "`\u{0}` hooks").replacingOccurrences(of: "`\(b)`, installed", with: "`\(a)`, installed")
                             .replacingOccurrences(of: "`\u{0}` hooks", with: "`\(b)` hooks")
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "Initialize naming the other library", applies: { $0.contains("- Initialize `") },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("- Initialize `"), let first = NoteClaims.quoted(line[...]).first,
                               let passing = line.components(separatedBy: ": `").last?.components(separatedBy: "`").first,
                               let other = passing.components(separatedBy: " → ").first(where: { $0 != first }) else { return line }
                         return line.replacingOccurrences(of: "- Initialize `\(first)` first", with: "- Initialize `\(other)` first")
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "Use X instead of Y naming the wrong Y", applies: { $0.contains("- Use `") && $0.contains(" instead of `") },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("- Use `"), let r = line.range(of: " instead of `") else { return line }
                         let after = line[r.upperBound...]
                         guard let close = after.firstIndex(of: "`") else { return line }
                         return String(line[..<r.upperBound]) + "kvo" + String(after[close...])
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "Change L naming the other library", applies: { $0.contains("\n- Change RxCocoa") && $0.contains("tracker:proxy") },
                 change: { $0.replacingOccurrences(of: "\n- Change RxCocoa", with: "\n- Change Tracker SDK, not RxCocoa") }),
        Mutation(name: "the evidence level", applies: { $0.contains("**Derived**") },
                 change: { $0.replacingOccurrences(of: "**Derived**", with: "**Reported**") }),
        Mutation(name: "a clearing that does not pass", applies: { note in
                     note.components(separatedBy: "\n").contains { $0.hasPrefix("**Fails when your app ") && $0.contains("**; passes when it ") && !$0.contains("frees it") }
                 },
                 change: { $0.replacingOccurrences(of: "**; passes when it ", with: "**; passes when it sets it the same way and does not free it while it is set; or when it ") }),
        // Issue "Advice an integrator can follow" §6: each kind of wrong advice is caught.
        Mutation(name: "a fix that fails under a set-up it names", applies: { $0.contains("` passes when your app ") && !$0.contains("(both orders)") },
                 change: { note in
                     guard let keys = NoteClaims.keys(heading: note.components(separatedBy: "\n")[0]) else { return note }
                     return note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("- "), let r = line.range(of: "` passes when your app "),
                               let open = line[..<r.lowerBound].lastIndex(of: "`") else { return line }
                         return String(line[...open]) + keys.orders[0].joined(separator: " → ") + String(line[r.lowerBound...])
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "a downgrade printed as a plain choice", applies: { $0.contains("\n- Downgrade to ") },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("- Downgrade to "), let open = line.range(of: " (`"), let close = line.range(of: "`), an older line"),
                               let colon = line.range(of: ": `") else { return line }
                         let pair = line[open.upperBound..<close.lowerBound].components(separatedBy: "` for `")
                         return "- Use `\(pair[0])` (an older line) instead of `\(pair[1])`" + line[colon.lowerBound...]
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "a range without its upper bound", applies: { note in
                     note.components(separatedBy: "\n").contains { $0.hasPrefix("- Upgrade to ") && $0.components(separatedBy: " (`")[0].contains(" < ") }
                 },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("- Upgrade to "), let paren = line.range(of: " (`"),
                               let upper = line[..<paren.lowerBound].range(of: " < ") else { return line }
                         return String(line[..<upper.lowerBound]) + String(line[paren.lowerBound...])
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "no change helps while a pair of changes passes", applies: { $0.contains(", and upgrade to ") && !$0.contains("o change the app can make") },
                 change: { $0.replacingOccurrences(of: "**What you can do:**\n", with: "**What you can do:**\n- No change the app can make avoids this in the lab: no version, setting, set-up or install order the app controls passes.\n") }),
        Mutation(name: "a fix the app cannot make", applies: { $0.components(separatedBy: "\n")[0].contains("fbsdk:swizzler") && $0.contains("**What you can do:**\n") },
                 change: { $0.replacingOccurrences(of: "**What you can do:**\n", with: "**What you can do:**\n- Use `fbsdk` (proxy mode) instead of `fbsdk:swizzler`: `fbsdk` passes under every set-up.\n") }),
        Mutation(name: "the set-up sentence's outcomes swapped", applies: { note in
                     note.components(separatedBy: "\n").contains { $0.hasPrefix("**Fails when your app ") && $0.contains(" (broken)") && $0.contains(" (crash)") }
                 },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("**Fails when your app ") else { return line }
                         return line.replacingOccurrences(of: " (broken)", with: " (\u{0})").replacingOccurrences(of: " (crash)", with: " (broken)")
                             .replacingOccurrences(of: " (\u{0})", with: " (crash)")
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "the shorter set-up sentence naming a failing set-up as passing", applies: { note in
                     note.components(separatedBy: "\n").contains { $0.hasPrefix("**Fails unless your app never sets `") }
                 },
                 change: { note in
                     // "never sets" becomes "sets … after every SDK starts", a set-up that fails.
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("**Fails unless your app never sets `"), let tick = line.range(of: "never sets `"),
                               let close = line[tick.upperBound...].range(of: "`") else { return line }
                         let slot = line[tick.upperBound..<close.lowerBound]
                         let every = line.contains("UIApplication") || line.contains("UNUserNotificationCenter") ? "every SDK starts" : "every library starts"
                         return "**Fails unless your app sets `\(slot)` after \(every)" + line[close.upperBound...]
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "a way of setting the delegate added to a clause where it passes", applies: { note in
                     note.components(separatedBy: "\n").contains { $0.hasPrefix("**Fails when your app ") && $0.contains(", in any of these ways: freeing it while it is still set") && $0.contains("does not free it while it is set") }
                 },
                 change: { note in
                     // Datadog's freed delegate: the kept one passes, and the clause now says it fails too.
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("**Fails when your app ") else { return line }
                         return line.replacingOccurrences(of: ", in any of these ways: freeing it while it is still set", with: ", in any of these ways: keeping it, freeing it while it is still set")
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "an 'as alone' line stretched to every set-up, one of which passes", applies: { note in
                     let lines = note.components(separatedBy: "\n")
                     return lines.contains { $0.hasPrefix("**As alone, when your app ") } && lines.contains { $0.hasPrefix("**Fails when your app ") && $0.contains("**; passes when it ") }
                 },
                 change: { note in
                     note.components(separatedBy: "\n").map { line in
                         guard line.hasPrefix("**As alone, when your app "), let end = line.range(of: ":** ") else { return line }
                         return "**As alone, under every set-up the lab ran:** " + line[end.upperBound...]
                     }.joined(separator: "\n")
                 }),
        Mutation(name: "a fix that leaves out fewer set-ups than it does", applies: { $0.contains(" passes under every set-up where this order fails except when your app ") },
                 change: { $0.replacingOccurrences(of: " passes under every set-up where this order fails except when your app ", with: " passes under every set-up where this order fails except when your app never sets it; or when it ") }),
        Mutation(name: "a twin target that fails otherwise", applies: { $0.contains(" fails as on ") },
                 change: { note in
                     // Name a host where the order does not fail that way.
                     guard let r = note.range(of: " fails as on "), let end = note[r.upperBound...].range(of: ", whose hooks") else { return note }
                     return note.replacingCharacters(in: r.upperBound..<end.lowerBound, with: "UIWebView")
                 }),
        Mutation(name: "not a conflict", applies: { !$0.contains("**Not a conflict:**") && !$0.contains("**The app's own:**") && $0.contains("**What you can do:**") },
                 change: { $0.replacingOccurrences(of: "\n\n**What you can do:**", with: "\n\n**Not a conflict:** one library alone.\n\n**What you can do:**") }),
    ]

    @Test("The check fails when any one claim of a note is changed by hand", arguments: mutations)
    func mutationIsCaught(_ mutation: Mutation) throws {
        let claims = try Self.claims.get()
        // A note the mutation applies to, whose claims hold as shipped.
        let sound = zip(Self.notes, Self.problems).filter { $0.1.isEmpty }.map(\.0)
        // No note to change is the mutation's problem (its `applies` no longer matches what the renderer writes) or the
        // checker's (every note it applies to already has problems): say which.
        // Counted only when no sound note takes it: matching every note, for every mutation, was most of this test.
        guard let note = sound.first(where: { mutation.applies($0) }) else {
            let applicable = Self.notes.filter(mutation.applies).count
            Issue.record(applicable == 0 ? "the mutation \(mutation.name) applies to no rendered note: update its `applies` to what the renderer writes now"
                         : "the mutation \(mutation.name) applies to \(applicable) notes, and the checker finds problems in each: fix those first")
            return
        }
        let changed = mutation.change(note)
        try #require(changed != note)
        #expect(!claims.problems(changed).isEmpty, "changing \(mutation.name) went unnoticed:\n\(changed.prefix(600))")
    }

    /// Orders whose conflict and evidence differed between `explain` and matrix.json, or matter most: incident 1
    /// (reported), a conflict found only through the selector, and incidents 2 and 3 (debug and release differ).
    static let explained: [PairCase] = [
        PairCase(host: "UIWebView", order: ["jsbridge:buggy", "tracker:proxy"]),
        PairCase(host: "WKWebView", order: ["rx:patched", "jsbridge:plain"]),
        PairCase(host: "UICollectionView", order: ["tracker:proxy", "rx"]),
        PairCase(host: "UITableView@ios8", order: ["tracker:proxy", "imyaop"]),
    ]

    @Test("hooklab explain states the conflict and evidence matrix.json states", arguments: explained)
    func explainAgreesWithTheMatrix(_ pair: PairCase) throws {
        var out = ""
        let cli = CLI(root: LabMatrixTests.root, environment: [:], workers: 2, showsProgress: false,
                      standardOutput: { out += $0 }, standardError: { _ in })
        _ = cli.main(arguments: ["explain", pair.host] + pair.order + ["--json"])
        let root = try JSONValue.parse(out)
        let cells = try #require(root["cells"]?.items)
        #expect(cells.count == 2)
        let claims = try Self.claims.get()
        for cell in cells {
            guard case .string(let config)? = cell["config"]?.value, let configuration = Configuration(rawValue: config) else {
                Issue.record("no config in \(out.prefix(300))"); continue
            }
            let key = Matrix.Cell(host: pair.host, order: pair.order, config: configuration)
            let evidence: String? = if case .string(let level)? = cell["evidence"]?.value { level } else { nil }
            let conflict: Bool? = if case .bool(let value)? = cell["conflict"]?.value { value } else { nil }
            #expect(evidence == claims.evidence[key], "\(key): explain says \(evidence ?? "none")")
            #expect(conflict == claims.conflict[key], "\(key): explain says conflict \(conflict.map(String.init) ?? "none")")
        }
        // And explain's note makes only claims that hold in the whole matrix.
        guard case .string(let note)? = root["note"]?.value else { Issue.record("no note"); return }
        #expect(claims.problems(note).isEmpty, "\(claims.problems(note))")
    }
}
