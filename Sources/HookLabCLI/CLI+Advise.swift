// `hooklab advise HOST P1 [P2 …] [--config debug|release] [--json]`: the integrator's own SDK set in every order.
import HookLab

extension CLI {
    /// `hooklab advise`: every install order of 1–6 participants on one host, pruned; the orders that pass, the
    /// failures by cause with reproducers, and the changes that make every order pass, in the order to try them.
    func advise(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let configText = try arguments.option("--config")
        let json = arguments.flag("--json")
        var configs = Configuration.allCases
        if let configText {
            guard let config = Configuration(rawValue: configText) else { throw UsageError("--config takes debug or release, not '\(configText)'") }
            configs = [config]
        }
        let words = try arguments.positional(1...Int.max, "a host and 1 to 6 participants, e.g. 'hooklab advise UITableView rx tracker:forwarding'")
        let host = words[0], set = Array(words.dropFirst())
        try Advisor.validate(host: host, participants: set, generator: generator)
        let advisor = Advisor(generator: generator, workers: workers, footprints: catalog as? LoadFootprintMeasuring,
                              makeRunner: catalog.makeRunner)
        let advice = advisor.advise(host: host, participants: set, configs: configs)
        let why = { [generator] (order: [String]) in generator.impossibility(of: Matrix.Cell(host: host, order: order, config: .debug)) }
        standardOutput(json ? Self.adviceJSON(advice) : Self.adviceText(advice, impossibility: why))
        return advice.evaluation.allPass ? 0 : 1
    }

    /// How many failing orders of one cause, and their examples, the text shows.
    static let adviceExamples = 3
    /// How many lines of passing orders the text shows; `--json` lists every one.
    static let advicePassingLines = 40

    /// The answer in words.
    /// - Parameter impossibility: Why an order cannot happen ("not possible: X hooks at launch"), when known.
    static func adviceText(_ advice: Advisor.Advice, impossibility: ([String]) -> String? = { _ in nil }) -> String {
        let e = advice.evaluation
        let orders = e.orders
        let configs = e.configs.map(\.rawValue).joined(separator: " and ")
        let passing = e.passingOrders
        let impossible = orders.filter { !e.isPossible($0) }
        let possible = orders.count - impossible.count
        var out = "\(e.host) · \(e.participants.joined(separator: ", ")) · \(configs)\n"
        out += orders.count == 1 ? "The library alone, with every position of the app's delegate: "
            : "\(orders.count) install orders, each with every position of the app's delegate: "
        if possible == 0 {
            // Lines that cannot be linked together (a `requires` pin) or orders that cannot start: nothing ran.
            out += orders.count == 1 ? "it cannot happen.\n" : "none can happen.\n"
        } else if orders.count == 1 {
            out += passing.count == possible ? "it passes.\n" : "it fails.\n"
        } else {
            out += passing.count == possible && possible > 0 ? "every order passes.\n"
                : passing.isEmpty ? "no order passes.\n" : "\(passing.count) of \(possible) pass.\n"
        }

        if !impossible.isEmpty {
            out += "\(impossible.count) order\(impossible.count == 1 ? "" : "s") cannot happen: "
                + impossible.prefix(adviceExamples).map { order in
                    let why = impossibility(order).map { " (\($0))" } ?? ""
                    return order.joined(separator: " → ") + why
                }.joined(separator: "; ")
                + (impossible.count > adviceExamples ? "; …" : "") + "\n"
        }

        if !passing.isEmpty {
            out += "\nOrders that pass:\n"
            var lines: [String] = []
            var seen = Set<[String]>()
            var byInstalls: [[String]: [[String]]] = [:]
            for order in orders { byInstalls[e.results(of: order).first?.installs ?? order, default: []].append(order) }
            for order in passing {
                let installs = e.results(of: order).first?.installs ?? order
                if seen.contains(installs) { continue }
                let same = byInstalls[installs] ?? [order]
                if same.allSatisfy(e.passes) {
                    seen.insert(installs)
                    let more = same.count - 1
                    lines.append("  ✅ \(installs.joined(separator: " → "))"
                                 + (more > 0 ? "  (and \(more) more order\(more == 1 ? " that installs" : "s that install") this way)" : ""))
                } else {
                    lines.append("  ✅ \(order.joined(separator: " → "))"
                                 + (installs != order ? "  (installs as \(installs.joined(separator: " → ")))" : ""))
                }
            }
            out += lines.prefix(advicePassingLines).map { $0 + "\n" }.joined()
            if lines.count > advicePassingLines { out += "  … and \(lines.count - advicePassingLines) more lines (--json lists every order)\n" }
        }

        if !advice.causes.isEmpty {
            let failing = possible - passing.count
            out += "\nOrders that fail, by cause (\(failing) order\(failing == 1 ? "" : "s")):\n"
            for (number, cause) in advice.causes.enumerated() {
                let byConfig = e.configs.compactMap { config -> String? in
                    let count = cause.cells.filter { $0.config == config }.count
                    return count == 0 ? nil : "\(count) in \(config.rawValue)"
                }
                out += "\n  \(number + 1). \(cause.outcome.title): \(cause.kind.rawValue), \(byConfig.joined(separator: ", "))\n"
                // The first line of the message; RxCocoa's assert messages go on for several.
                let lines = cause.finding.message.split(separator: "\n", omittingEmptySubsequences: true)
                out += "     \(lines.count > 1 ? String(lines[0]) + " …" : Matrix.sentence(cause.finding.message))\n"
                // Examples as installed: orders that install the same way are one example, with every configuration it fails in.
                var examples: [(installs: [String], configs: [String])] = []
                for cell in cause.cells {
                    let installs = e.results(of: cell.order).first?.installs ?? cell.order
                    if let i = examples.firstIndex(where: { $0.installs == installs }) {
                        if !examples[i].configs.contains(cell.config.rawValue) { examples[i].configs.append(cell.config.rawValue) }
                    } else {
                        examples.append((installs, [cell.config.rawValue]))
                    }
                }
                let shown = examples.prefix(adviceExamples).map { "\($0.installs.joined(separator: " → ")) (\($0.configs.joined(separator: ", ")))" }
                out += "     installed as \(shown.joined(separator: "; "))\(examples.count > adviceExamples ? "; …" : "")\n"
                if let reproducer = cause.reproducer {
                    let shrunk = reproducer.scenario.steps.count < cause.scenario.steps.count
                    out += "     Reproducer\(shrunk ? " (shrunk)" : ""), for `hooklab run`:\n"
                    out += reproducer.scenario.fileText.split(separator: "\n").map { "       \($0)\n" }.joined()
                }
            }
        }

        out += "\n"
        if e.allPass {
            out += "Nothing to change: every order passes.\n"
        } else if let smallest = advice.fixes.first, smallest.kind == .twoChanges {
            let dropPasses = advice.fixes.contains { $0.kind == .drop }
            out += (dropPasses ? "No single change that keeps every SDK makes every order pass (no install-order rule, no other line, setting "
                        + "or variant of one library). Two changes do: "
                    : "No single change makes every order pass (no install-order rule, no other variant of one library, no library "
                        + "dropped). Two changes do: ") + "\(advice.text(of: smallest)).\n"
            let others = advice.fixes.dropFirst()
            if !others.isEmpty { out += "Also works:\n" + others.map { "  - \(advice.text(of: $0))\n" }.joined() }
        } else if let smallest = advice.fixes.first {
            out += "First change to try, which makes every order pass: \(advice.text(of: smallest)).\n"
            let others = advice.fixes.dropFirst()
            if !others.isEmpty {
                out += "Also works:\n" + others.map { "  - \(advice.text(of: $0))\n" }.joined()
            }
        } else {
            out += "Nothing in the lab makes every order pass: no install-order rule, no other variant of one library"
                + (e.participants.count > 2 ? ", no library dropped, no two such changes" : "") + (passing.isEmpty ? ", and no order at all.\n" : ".\n")
            if !advice.closest.isEmpty {
                out += "Closest:\n" + advice.closest.map { "  - \($0.change): \($0.passing) of \($0.orders) orders pass\n" }.joined()
            }
        }
        out += "\nScenarios: \(e.scenariosRun) run for \(orders.count) order\(orders.count == 1 ? "" : "s") × \(e.configs.count) configuration\(e.configs.count == 1 ? "" : "s") "
            + "(\(e.unprunedCount) unpruned; \(e.distinctOrderCount) of the \(orders.count) orders plan distinct scenarios)"
        if advice.fixSearchRuns > 0 { out += "; \(advice.fixSearchRuns) more trying variants and drops" }
        if advice.shrinkRuns > 0 { out += "; \(advice.shrinkRuns) runs shrinking the reproducers" }
        out += ".\n"
        return out
    }

    /// The answer for machines; field names as in `Reports/matrix.json`.
    static func adviceJSON(_ advice: Advisor.Advice) -> String {
        let e = advice.evaluation
        func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        let cells: [JSONValue] = e.results.map { r in
            var members: [(String, JSONValue)] = [
                ("order", strings(r.order)), ("config", .string(r.config.rawValue)), ("outcome", .string(r.outcome.rawValue)),
                ("installs", strings(r.installs)), ("scenarios", .number(r.scenarioCount)),
            ]
            if let finding = r.findings.mostSevere {
                members.append(("finding", .object([("kind", .string(finding.kind.rawValue)), ("message", .string(finding.message)),
                                                    ("step", .number(finding.step))])))
            }
            return .object(members)
        }
        let causes: [JSONValue] = advice.causes.map { c in
            .object([
                ("outcome", .string(c.outcome.rawValue)), ("kind", .string(c.kind.rawValue)), ("message", .string(c.finding.message)),
                ("shape", .string(c.shape)),
                ("cells", .array(c.cells.map { .object([("order", strings($0.order)), ("config", .string($0.config.rawValue))]) })),
                ("reproducer", c.reproducer.map { .string($0.scenario.fileText) } ?? .null),
            ])
        }
        let fixes: [JSONValue] = advice.fixes.map { fixJSON($0, advice: advice) }
        let document: JSONValue = .object([
            ("host", .string(e.host)),
            ("participants", strings(e.participants)),
            ("configs", strings(e.configs.map(\.rawValue))),
            ("passing", .array(e.passingOrders.map(strings))),
            ("cells", .array(cells)),
            ("causes", .array(causes)),
            ("fixes", .array(fixes)),
            ("closest", .array(advice.closest.map { .object([("change", .string($0.change)), ("passing", .number($0.passing)),
                                                             ("orders", .number($0.orders))]) })),
            ("scenarios", .object([("run", .number(e.scenariosRun)), ("unpruned", .number(e.unprunedCount)),
                                   ("distinctOrders", .number(e.distinctOrderCount)),
                                   ("fixSearch", .number(advice.fixSearchRuns)), ("shrink", .number(advice.shrinkRuns))])),
        ])
        return document.text() + "\n"
    }

    /// One fix of `advise --json`: its values (the changes with matrix.json's `fixes` fields, who makes them, the set-up it
    /// was run under), its sentence derived from them, and the older fields (rules, replace, drop, order) read off them.
    public static func fixJSON(_ fix: Advisor.Fix, advice: Advisor.Advice, text: String? = nil) -> JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        var members: [(String, JSONValue)] = [
            ("kind", .string(fix.kind.rawValue)), ("text", .string(text ?? advice.text(of: fix))),
            ("changes", .array(fix.changes.map { Matrix.json($0, host: advice.wording.host) })),
            ("owner", .string(fix.owner.rawValue)),
            ("setup", fix.setup.flatMap { setup in advice.wording.host.map { .string(setup.text(on: $0)) } } ?? .null),
        ]
        if !fix.rules.isEmpty { members.append(("rules", .array(fix.rules.map(strings)))) }
        if fix.kind == .variant || fix.kind == .variantAndOrderRule, let replace = fix.replacements.first {
            members.append(("replace", .object([("from", .string(replace.from)), ("to", .string(replace.to))])))
        }
        if fix.kind == .drop || fix.kind == .dropAndOrderRule, let drop = fix.drops.first { members.append(("drop", .string(drop))) }
        if fix.kind == .twoChanges {
            members.append(("replacements", .array(fix.replacements.map { .object([("from", .string($0.from)), ("to", .string($0.to))]) })))
            members.append(("drops", strings(fix.drops)))
        }
        for change in fix.changes { if case .order(let order, _) = change { members.append(("order", strings(order))) } }
        return .object(members)
    }
}
