// `hooklab advise`: an integrator's own SDK set in every install order and delegate position, pruned, grouped by
// cause, with the smallest change that makes every order pass.

import Foundation

/// Runs an integrator's set of 1–6 participants on one host in every install order, each order with every scenario
/// the ``ScenarioGenerator`` plans for it (every position of the app's delegate, the replaced delegate, the late
/// start), and says which orders pass, why the others fail, and what fixes them.
///
/// **Pruning.** An order's verdict is the worst of its scenarios, and a scenario's run depends only on the scenario
/// (the runner is deterministic), so each distinct scenario runs once however many orders plan it: orders that
/// differ only where a load-time hook sits relative to runtime attaches plan the same scenarios. On top of that, two
/// adjacent load-time hooks at the start of a scenario commute when their observed footprints (the classes and
/// selectors their `load` changes in a fresh runtime of the host, see ``LoadFootprintMeasuring``) are disjoint; the
/// scenario is then run in one canonical order of those loads. Nothing else is assumed.
public struct Advisor {
    /// Plans every order's scenarios.
    public var generator: ScenarioGenerator
    /// Worker threads.
    public var workers: Int
    /// Observed load-time footprints; nil means no two loads are known to commute.
    public var footprints: LoadFootprintMeasuring?
    /// One runner per worker, reused across evaluations.
    let runners: [CountingRunner]

    /// The fewest and most libraries `advise` takes: one library alone gets its own verdict and fixes (an upgrade, a
    /// setting, the set-up), which is what `scan`'s outputs recommend for a failure of one SDK.
    public static let sizes = 1...6

    public init(generator: ScenarioGenerator, workers: Int, footprints: LoadFootprintMeasuring?,
                makeRunner: () -> ScenarioRunning) {
        self.generator = generator
        self.workers = max(1, workers)
        self.footprints = footprints
        self.runners = (0..<max(1, workers)).map { _ in CountingRunner(makeRunner()) }
    }

    /// Every run asked for so far by this advisor's runners, shrinking included (a result a runner reused counts:
    /// which worker remembers what depends on timing, and the figure must not).
    public var runCount: Int { runners.reduce(0) { $0 + $1.requested } }

    // MARK: Input

    /// Checks an `advise` request: a known host, 1–6 known participants that support it, at most one per family.
    public static func validate(host: String, participants ids: [String], generator: ScenarioGenerator) throws(UsageError) {
        guard generator.hosts.contains(where: { $0.name == host }) else {
            let names = generator.hosts.map(\.name)
            throw UsageError("unknown host '\(host)'\(Scenario.suggestion(host, names)); expected one of \(names.joined(separator: ", "))")
        }
        guard sizes.contains(ids.count) else {
            throw UsageError("advise takes \(sizes.lowerBound) to \(sizes.upperBound) libraries after the host, not \(ids.count)")
        }
        var families: [String: String] = [:]
        for id in ids {
            guard let info = generator.participants.first(where: { $0.id == id }) else {
                let known = generator.participants.map(\.id)
                throw UsageError("unknown participant '\(id)'\(Scenario.suggestion(id, known)); expected one of \(known.joined(separator: ", "))")
            }
            guard info.hosts.contains(host) else {
                throw UsageError("\(id) does not support host \(host); it supports \(info.hosts.joined(separator: ", "))")
            }
            if let other = families[info.family] {
                throw UsageError(other == id ? "\(id) is named twice" : "\(id) and \(other) are both of family '\(info.family)'; pick one variant")
            }
            families[info.family] = id
        }
    }

    // MARK: Evaluation

    /// One install order in one configuration.
    public struct OrderResult: Hashable, Sendable {
        /// The install order as given (the generator's cell order).
        public var order: [String]
        /// The configuration.
        public var config: Configuration
        /// The worst outcome of its scenarios; `ok` when it planned none.
        public var outcome: Outcome
        /// How many scenarios the generator plans for it.
        public var scenarioCount: Int
        /// The order in which its participants actually install (a load-time hook installs at `+load`, before any
        /// runtime attach, wherever it is listed).
        public var installs: [String]
        /// Its first scenario with the worst outcome, as run; nil when it passes.
        public var worst: Scenario?
        /// The findings of ``worst``'s run.
        public var findings: [Finding]
        /// Every failing scenario of the order with its run, in planned order (``worst`` is one of them).
        public var failures: [Failure] = []
        /// The worst outcome of its scenarios in which the app sets its delegate once, before every SDK starts (index 0)
        /// or after every SDK starts (index 1), its delegate implementing every method; nil when none was planned.
        public var placements: [Outcome?] = [nil, nil]
        /// Each distinct app set-up its scenarios stand for, with the worst outcome under it, in planned order: what
        /// `hooklab scan` reads for the set-up an app's source shows.
        public var setups: [SetupRun] = []
    }

    /// The worst outcome of an order's scenarios under one app set-up.
    public struct SetupRun: Hashable, Sendable {
        public var setup: AppSetup
        public var outcome: Outcome
    }

    /// The two set-ups an app can choose whatever order its SDKs start in: its delegate set once before every SDK
    /// starts, or after (``OrderResult/placements``).
    public enum Placement: Int, Sendable, Hashable, CaseIterable {
        case beforeEvery = 0, afterEvery = 1

        /// Which of the two a scenario's set-up is, if either.
        static func of(_ setup: AppSetup) -> Placement? {
            guard setup.then == nil, setup.lacks.isEmpty, let after = setup.setAfter else { return nil }
            if after.isEmpty, !setup.setBefore.isEmpty { return .beforeEvery }
            return !after.isEmpty && setup.setBefore.isEmpty ? .afterEvery : nil
        }

        /// "sets `UNUserNotificationCenter.delegate` before every SDK starts".
        public func text(on host: HostInfo, _ ids: [String]) -> String {
            AppSetup(setAfter: self == .beforeEvery ? [] : ids, setBefore: self == .beforeEvery ? ids : []).text(on: host)
        }
    }

    /// One failing scenario of an order and what its run found.
    public struct Failure: Hashable, Sendable {
        public var scenario: Scenario
        public var findings: [Finding]
    }

    /// Every order of one set in the requested configurations.
    public struct Evaluation: Sendable {
        public var host: String
        /// The set, as given.
        public var participants: [String]
        public var configs: [Configuration]
        /// Every order (permutations of ``participants`` in lexicographic order of positions) × ``configs``.
        public var results: [OrderResult]
        /// Distinct scenarios run.
        public var scenariosRun: Int
        /// Scenarios the orders plan, counted without pruning.
        public var unprunedCount: Int

        /// The orders, in evaluation order.
        public var orders: [[String]] { results.enumerated().filter { $0.offset % configs.count == 0 }.map(\.element.order) }

        /// Each order's position in ``orders``; its results are the ``configs``.count results from there.
        var orderIndex: [[String]: Int] = [:]

        init(host: String, participants: [String], configs: [Configuration], results: [OrderResult], scenariosRun: Int,
             unprunedCount: Int, distinctOrderCount: Int) {
            self.host = host
            self.participants = participants
            self.configs = configs
            self.results = results
            self.scenariosRun = scenariosRun
            self.unprunedCount = unprunedCount
            self.distinctOrderCount = distinctOrderCount
            for (position, result) in results.enumerated() where position % configs.count == 0 {
                orderIndex[result.order] = position / configs.count
            }
        }

        /// The results of one order, one per configuration.
        public func results(of order: [String]) -> [OrderResult] {
            guard let i = orderIndex[order] else { return [] }
            return Array(results[(i * configs.count)..<((i + 1) * configs.count)])
        }

        /// Whether the generator plans scenarios for the order in every configuration; an order it cannot set up (none)
        /// neither passes nor fails.
        public func isPossible(_ order: [String]) -> Bool { results(of: order).allSatisfy { $0.scenarioCount > 0 } }

        /// Whether an order can be set up and passes in every configuration.
        public func passes(_ order: [String]) -> Bool {
            isPossible(order) && results(of: order).allSatisfy { $0.outcome == .ok }
        }

        /// Whether every order that can be set up passes, and there is one.
        public var allPass: Bool {
            results.allSatisfy { $0.outcome == .ok } && results.contains { $0.scenarioCount > 0 }
        }

        /// The orders that pass in every configuration.
        public var passingOrders: [[String]] { orders.filter(passes) }

        /// Every order passes when the app sets its delegate that way (and such scenarios ran for every order).
        public func allPass(under placement: Placement) -> Bool {
            !results.isEmpty && results.allSatisfy { $0.placements[placement.rawValue] == .ok }
        }

        /// How many orders plan different scenario lists (the rest behave like one of them).
        public var distinctOrderCount: Int
    }

    /// Every order of `participants` on `host` in `configs`, without shrinking.
    public func evaluate(host: String, participants: [String], configs: [Configuration]) -> Evaluation {
        let orders = Self.permutations(participants)
        let conflicts = loadConflicts(host: host, participants: participants)
        var unique: [Scenario] = []
        var uniqueIndex: [Scenario: Int] = [:]
        var planned: [(order: [String], config: Configuration, scenarios: [Int], installs: [String])] = []
        var unpruned = 0
        var distinctLists = Set<[Int]>()
        for order in orders {
            for config in configs {
                let scenarios = generator.scenarios(for: Matrix.Cell(host: host, order: order, config: config))
                unpruned += scenarios.count
                var indices: [Int] = []
                for scenario in scenarios {
                    let canonical = Self.canonical(scenario, conflicts: conflicts)
                    if let index = uniqueIndex[canonical] {
                        indices.append(index)
                    } else {
                        uniqueIndex[canonical] = unique.count
                        indices.append(unique.count)
                        unique.append(canonical)
                    }
                }
                distinctLists.insert(indices)
                planned.append((order, config, indices, scenarios.first?.participants ?? order))
            }
        }
        let runs = parallelMap(unique) { scenario, runner in runner.run(scenario, explain: false) }
        let results = planned.map { plan -> OrderResult in
            var worst: Int?
            for index in plan.scenarios where runs[index].outcome > (worst.map { runs[$0].outcome } ?? .ok) { worst = index }
            var result = OrderResult(order: plan.order, config: plan.config, outcome: worst.map { runs[$0].outcome } ?? .ok,
                                     scenarioCount: plan.scenarios.count, installs: plan.installs,
                                     worst: worst.map { unique[$0] }, findings: worst.map { runs[$0].findings } ?? [],
                                     failures: plan.scenarios.uniqued().filter { runs[$0].outcome != .ok }
                                         .map { Failure(scenario: unique[$0], findings: runs[$0].findings) })
            for index in plan.scenarios {
                let setup = AppSetup(steps: unique[index].steps)
                if let i = result.setups.firstIndex(where: { $0.setup == setup }) {
                    result.setups[i].outcome = max(result.setups[i].outcome, runs[index].outcome)
                } else {
                    result.setups.append(SetupRun(setup: setup, outcome: runs[index].outcome))
                }
                guard let placement = Placement.of(setup) else { continue }
                result.placements[placement.rawValue] = max(result.placements[placement.rawValue] ?? .ok, runs[index].outcome)
            }
            return result
        }
        return Evaluation(host: host, participants: participants, configs: configs, results: results,
                          scenariosRun: unique.count, unprunedCount: unpruned,
                          distinctOrderCount: distinctLists.count / max(configs.count, 1))
    }

    /// Pairs of participants whose load-time hooks do not commute, as observed; nil: every pair conflicts.
    func loadConflicts(host: String, participants: [String]) -> Set<[String]>? {
        let loaders = participants.filter { id in generator.participants.first { $0.id == id }?.hasLoad ?? false }
        guard loaders.count >= 2, let measured = footprints?.loadFootprints(host: host, participants: loaders) else { return nil }
        var conflicts = Set<[String]>()
        for a in loaders {
            for b in loaders where a != b {
                guard let fa = measured[a], let fb = measured[b], fa.isDisjoint(with: fb) else {
                    conflicts.insert([a, b])
                    continue
                }
            }
        }
        return conflicts
    }

    /// The scenario with its leading load steps in one canonical order: the lexicographically smallest order that
    /// keeps every conflicting pair as it was (the normal form of the trace). Unchanged when nothing commutes.
    static func canonical(_ scenario: Scenario, conflicts: Set<[String]>?) -> Scenario {
        guard let conflicts else { return scenario }
        var block: [String] = []
        for step in scenario.steps {
            guard case .load(let id) = step else { break }
            block.append(id)
        }
        guard block.count >= 2 else { return scenario }
        var remaining = block
        var ordered: [String] = []
        while !remaining.isEmpty {
            // Candidates: no earlier remaining step conflicts with them.
            let ready = remaining.indices.filter { i in
                !remaining[..<i].contains { conflicts.contains([$0, remaining[i]]) }
            }
            let pick = ready.min { remaining[$0] < remaining[$1] }!
            ordered.append(remaining.remove(at: pick))
        }
        guard ordered != block else { return scenario }
        var result = scenario
        for (i, id) in ordered.enumerated() { result.steps[i] = .load(id) }
        return result
    }

    /// Runs `body` on every item across the workers; results by index, so the output does not depend on timing.
    func parallelMap<T, R>(_ items: [T], _ body: @escaping (T, ScenarioRunning) -> R) -> [R] {
        guard !items.isEmpty else { return [] }
        let slots = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        Matrix.forEachConcurrently(items.count, workers: runners.count) { worker, index in
            slots[index] = body(items[index], runners[worker])
        }
        return slots.map { $0! }
    }

    /// Every permutation, in lexicographic order of positions (as `hooklab explain` lists them).
    public static func permutations(_ items: [String]) -> [[String]] { Matrix.permutations(items) }

    // MARK: Advice

    /// A group of failing orders with one cause: the same outcome, finding kind and message shape.
    public struct Cause: Sendable {
        public var outcome: Outcome
        public var kind: Finding.Kind
        /// The message with object numbers and step numbers replaced by `N`.
        public var shape: String
        /// The failing orders and configurations, in evaluation order.
        public var cells: [(order: [String], config: Configuration)]
        /// The first failing cell's finding, as found.
        public var finding: Finding
        /// The first scenario found with this cause, as generated.
        public var scenario: Scenario
        /// The reproducer: ``scenario`` shrunk.
        public var reproducer: Shrinker.Reproducer?
    }

    /// A change that makes every order pass.
    public struct Fix: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, Comparable {
            // Smallest first.
            case orderRule, variant, setup, orderRules, requiredOrder, variantAndOrderRule, drop, dropAndOrderRule, twoChanges

            public static func < (lhs: Kind, rhs: Kind) -> Bool {
                allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
            }
            static let allCases: [Kind] = [.orderRule, .variant, .setup, .orderRules, .requiredOrder, .variantAndOrderRule, .drop,
                                           .dropAndOrderRule, .twoChanges]
        }
        public var kind: Kind
        /// Precedence rules `[A, B]`: install A before B.
        public var rules: [[String]] = []
        /// For `variant`: the participant replaced and its replacement.
        public var replace: [String]? = nil
        /// For `drop`: the participant dropped.
        public var drop: String? = nil
        /// For `requiredOrder`: the order.
        public var order: [String]? = nil
        /// For `twoChanges`: the replacements (`[from, to]`) and the drops, two in all.
        public var replacements: [[String]] = []
        public var drops: [String] = []
        /// How many orders keep its rules (`orderRule`, `orderRules`), or how many orders remain (`drop`).
        public var satisfying: Int = 0
        /// For `variant`, `twoChanges` and `setup`: the app's set-up under which every order passes ("sets
        /// `UNUserNotificationCenter.delegate` before every SDK starts"); nil: under every set-up.
        public var when: String? = nil
        /// For `variant`: what the replacement is to the app (an upgrade, a setting, another choice).
        public var variantKind: Matrix.VariantTrial.Kind? = nil
        /// For `drop`: what the app loses (the participant's `provides` line).
        public var loses: String? = nil

        /// Where it ranks among the fixes, first the ones that keep every SDK (issue "The answer for the app at hand"
        /// §3): an upgrade, a setting, the app's own set-up, the start order, another variant, dropping an SDK last.
        var rank: Int {
            let conditional = when == nil ? 0 : 1
            switch kind {
            case .variant:
                switch variantKind ?? .choice {
                case .upgrade: return 0 + conditional
                case .downgrade: return 2 + conditional
                case .setting: return 4 + conditional
                case .choice: return 10 + conditional
                case .libraryChange: return 12 + conditional
                }
            case .setup: return 6
            case .orderRule, .orderRules, .requiredOrder: return 8
            case .variantAndOrderRule: return 9
            case .drop: return 14
            case .dropAndOrderRule: return 15
            case .twoChanges: return 16
            }
        }

        /// Where every order passes with it: "every order passes when your app sets …", or "every order passes".
        public var condition: String { when.map { "every order passes when your app \($0)" } ?? "every order passes" }

        /// The fix in words.
        public var text: String {
            let ruleText = rules.map { "install `\($0[0])` before `\($0[1])`" }.joined(separator: " and ")
            switch kind {
            case .orderRule, .orderRules:
                let keep = satisfying == 1 ? "the one order that keeps" : "the \(satisfying) orders that keep"
                return "\(ruleText) (\(keep) \(rules.count == 1 ? "it" : "them") pass\(satisfying == 1 ? "es" : ""))"
            case .variant:
                switch variantKind ?? .choice {
                case .upgrade(let target): return "upgrade to \(target) (`\(replace![1])` instead of `\(replace![0])`; \(condition))"
                case .downgrade(let target): return "downgrade to \(target) (`\(replace![1])` instead of `\(replace![0])`, an older line; \(condition))"
                case .setting(let text): return "use `\(replace![0])`'s documented setting: \(text) (`\(replace![1])`; \(condition))"
                case .choice, .libraryChange: return "use `\(replace![1])` instead of `\(replace![0])` (\(condition))"
                }
            case .setup: return "set up your app so that it \(when ?? "") (every order passes)"
            case .requiredOrder: return "install in exactly this order: \(order!.joined(separator: " → "))"
            case .variantAndOrderRule: return "use `\(replace![1])` instead of `\(replace![0])`, and \(ruleText)"
            case .drop:
                let lost = loses.map { "you lose \($0); " } ?? ""
                return "drop `\(drop!)` (\(lost)\(satisfying == 1 ? "the library left passes alone" : "every order of the others passes"))"
            case .dropAndOrderRule: return "drop `\(drop!)`, and \(ruleText)"
            case .twoChanges:
                let parts = replacements.map { "use `\($0[1])` instead of `\($0[0])`" } + drops.map { "drop `\($0)`" }
                return parts.joined(separator: ", and ") + " (\(condition))"
            }
        }
    }

    /// The whole answer.
    public struct Advice: Sendable {
        public var evaluation: Evaluation
        public var causes: [Cause]
        /// Every change found that makes every order pass, smallest first; empty when nothing works or nothing fails.
        public var fixes: [Fix]
        /// Scenarios run while trying variants and drops.
        public var fixSearchRuns: Int
        /// Runs made shrinking the reproducers.
        public var shrinkRuns: Int
        /// Variants and drops that make some orders pass but not all, most passing first (at most three).
        public var closest: [NearMiss] = []
    }

    /// A variant or a drop that leaves some orders failing.
    public struct NearMiss: Sendable, Hashable {
        /// The change in words: "use `rx:patched` instead of `rx`", "drop `kvo`".
        public var change: String
        public var passing: Int
        public var orders: Int
    }

    /// Evaluates the set, groups its failures by cause with shrunk reproducers, and searches for fixes.
    public func advise(host: String, participants: [String], configs: [Configuration], shrink: Bool = true) -> Advice {
        let evaluation = evaluate(host: host, participants: participants, configs: configs)
        let before = runCount
        let causes = self.causes(evaluation, shrink: shrink)
        let shrinkRuns = runCount - before
        var fixSearchRuns = 0
        var fixes: [Fix] = []
        var near: [NearMiss] = []
        if !evaluation.allPass {
            fixes = findFixes(evaluation, scenariosRun: &fixSearchRuns, near: &near)
        }
        let closest = near.enumerated().filter { $0.element.passing > 0 }
            .sorted { a, b in
                let (x, y) = (a.element, b.element)
                return x.passing * y.orders != y.passing * x.orders ? x.passing * y.orders > y.passing * x.orders : a.offset < b.offset
            }
            .prefix(3).map(\.element)
        return Advice(evaluation: evaluation, causes: causes, fixes: fixes, fixSearchRuns: fixSearchRuns,
                      shrinkRuns: shrinkRuns, closest: Array(closest))
    }

    /// The failing scenarios of every order grouped by cause (the most severe finding's outcome, kind and message
    /// shape); severest first, then in order of first appearance. An order appears under each cause one of its
    /// scenarios shows, so a second problem is not hidden behind the first.
    func causes(_ evaluation: Evaluation, shrink: Bool) -> [Cause] {
        var causes: [Cause] = []
        var worstScenarios: [Scenario] = []
        for result in evaluation.results {
            for failure in result.failures {
                guard let finding = failure.findings.mostSevere else { continue }
                let shape = Self.shape(finding.message)
                if let i = causes.firstIndex(where: { $0.outcome == finding.outcome && $0.kind == finding.kind && $0.shape == shape }) {
                    if !causes[i].cells.contains(where: { $0.order == result.order && $0.config == result.config }) {
                        causes[i].cells.append((result.order, result.config))
                    }
                } else {
                    causes.append(Cause(outcome: finding.outcome, kind: finding.kind, shape: shape,
                                        cells: [(result.order, result.config)], finding: finding, scenario: failure.scenario,
                                        reproducer: nil))
                    worstScenarios.append(failure.scenario)
                }
            }
        }
        let reproducers = parallelMap(worstScenarios) { scenario, runner -> Shrinker.Reproducer? in
            if shrink { return Shrinker(runner: runner).shrink(scenario) }
            let result = runner.run(scenario, explain: true)
            var expected = scenario
            expected.expect = result.findings.map(\.kind).uniqued()
            return Shrinker.Reproducer(scenario: expected, result: result)
        }
        for i in causes.indices { causes[i].reproducer = reproducers[i] }
        let indexed = causes.enumerated().sorted { a, b in
            a.element.outcome != b.element.outcome ? a.element.outcome > b.element.outcome : a.offset < b.offset
        }
        return indexed.map(\.element)
    }

    /// A message with its objects (`kIMYAOP_UICollectionView#12`, whose class depends on who isa-swizzled it first) as
    /// `#N` and its numbers (steps, counts) as `N`, so one mechanism in different orders reads the same. Line
    /// references (`l.219`, `L185`, `file.m:394`) are kept: they name the mechanism.
    public static func shape(_ message: String) -> String {
        var out: [Character] = []
        let chars = Array(message)
        func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "." || c == "$" }
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "#", i + 1 < chars.count, isDigit(chars[i + 1]) {
                while let last = out.last, isIdentifier(last) { out.removeLast() }
                out += "#N"
                i += 1
                while i < chars.count, isDigit(chars[i]) { i += 1 }
                continue
            }
            if isDigit(c), !(out.last.map(isIdentifier) ?? false) || out.last == "." {
                let previous = out.last
                let lineReference = previous == ":" || (previous == "." && out.dropLast().last == "l")
                if !lineReference {
                    out.append("N")
                    while i < chars.count, isDigit(chars[i]) { i += 1 }
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// Every change that makes every order pass, smallest first (see ``Fix/Kind``).
    func findFixes(_ evaluation: Evaluation, scenariosRun: inout Int, near: inout [NearMiss]) -> [Fix] {
        var fixes: [Fix] = []
        let rules = orderRules(evaluation, count: 1)
        fixes += rules.map { Fix(kind: .orderRule, rules: $0.rules, satisfying: $0.satisfying) }

        let host = evaluation.host, set = evaluation.participants
        // Another variant at one position.
        for (position, id) in set.enumerated() {
            guard let family = generator.participants.first(where: { $0.id == id })?.family else { continue }
            for variant in generator.participants where variant.family == family && variant.id != id && variant.hosts.contains(host) {
                var other = set
                other[position] = variant.id
                let alternative = evaluate(host: host, participants: other, configs: evaluation.configs)
                scenariosRun += alternative.scenariosRun
                let kind = Matrix.VariantTrial.Kind.of(variant, replacing: generator.participants.first { $0.id == id }, lines: generator.participants)
                // Under a set-up where the set fails and the variant passes: the fix for an app set up that way.
                let placement = Placement.allCases.first { alternative.allPass(under: $0) && !evaluation.allPass(under: $0) }
                if alternative.allPass {
                    fixes.append(Fix(kind: .variant, replace: [id, variant.id], variantKind: kind))
                } else if let placement, let info = placementHost(host) {
                    fixes.append(Fix(kind: .variant, replace: [id, variant.id], when: placement.text(on: info, other), variantKind: kind))
                } else if let rule = orderRules(alternative, count: 1).first {
                    fixes.append(Fix(kind: .variantAndOrderRule, rules: rule.rules, replace: [id, variant.id], satisfying: rule.satisfying))
                } else {
                    near.append(NearMiss(change: "use `\(variant.id)` instead of `\(id)`", passing: alternative.passingOrders.count,
                                         orders: alternative.orders.count))
                }
            }
        }
        if rules.isEmpty {
            fixes += orderRules(evaluation, count: 2).prefix(3).map { Fix(kind: .orderRules, rules: $0.rules, satisfying: $0.satisfying) }
            if let order = evaluation.passingOrders.first(where: { order in evaluation.results(of: order).first?.installs == order })
                ?? evaluation.passingOrders.first {
                fixes.append(Fix(kind: .requiredOrder, order: order, satisfying: 1))
            }
        }
        // The app's own set-up: every order passes when it sets its delegate before (or after) every SDK starts.
        if let info = placementHost(host), let placement = Placement.allCases.first(where: { evaluation.allPass(under: $0) }) {
            fixes.append(Fix(kind: .setup, when: placement.text(on: info, set)))
        }
        // One library fewer.
        for id in set {
            let rest = set.filter { $0 != id }
            let alternative = evaluate(host: host, participants: rest, configs: evaluation.configs)
            scenariosRun += alternative.scenariosRun
            if alternative.allPass {
                fixes.append(Fix(kind: .drop, drop: id, satisfying: alternative.orders.count,
                                 loses: generator.participants.first { $0.id == id }?.provides))
            } else if let rule = orderRules(alternative, count: 1).first {
                fixes.append(Fix(kind: .dropAndOrderRule, rules: rule.rules, drop: id, satisfying: rule.satisfying))
            } else {
                near.append(NearMiss(change: "drop `\(id)`", passing: alternative.passingOrders.count, orders: alternative.orders.count))
            }
        }
        if fixes.isEmpty { fixes = twoChanges(evaluation, scenariosRun: &scenariosRun) }
        return fixes.enumerated().sorted { a, b in a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset }
            .map(\.element)
    }

    /// The host whose app sets its delegate against the SDKs' starts (set-ups are worded for it); nil for the app
    /// delegate, which UIApplicationMain sets before any SDK starts, and for a host only the runner knows.
    func placementHost(_ host: String) -> HostInfo? {
        generator.hosts.first { $0.name == host && $0.delegateAtLaunch != true && $0.methodTarget == nil }
    }

    /// When no single change works: two variants, a variant and a drop, or two drops (leaving at least two libraries)
    /// under which every order passes.
    func twoChanges(_ evaluation: Evaluation, scenariosRun: inout Int) -> [Fix] {
        let host = evaluation.host, set = evaluation.participants
        func variants(_ id: String) -> [String] {
            guard let family = generator.participants.first(where: { $0.id == id })?.family else { return [] }
            return generator.participants.filter { $0.family == family && $0.id != id && $0.hosts.contains(host) }.map(\.id)
        }
        var candidates: [(participants: [String], fix: Fix)] = []
        for p in set.indices {
            for q in set.indices where q > p {
                for a in variants(set[p]) {
                    for b in variants(set[q]) {
                        var other = set
                        other[p] = a
                        other[q] = b
                        candidates.append((other, Fix(kind: .twoChanges, replacements: [[set[p], a], [set[q], b]])))
                    }
                }
            }
        }
        for p in set.indices {
            for a in variants(set[p]) {
                for q in set.indices where q != p {
                    var other = set
                    other[p] = a
                    other.remove(at: q)
                    candidates.append((other, Fix(kind: .twoChanges, replacements: [[set[p], a]], drops: [set[q]])))
                }
            }
        }
        if set.count >= 4 {
            for p in set.indices {
                for q in set.indices where q > p {
                    candidates.append((set.enumerated().filter { $0.offset != p && $0.offset != q }.map(\.element),
                                       Fix(kind: .twoChanges, drops: [set[p], set[q]])))
                }
            }
        }
        var fixes: [Fix] = []
        var conditional: [Fix] = []
        for candidate in candidates {
            if allPass(host: host, participants: candidate.participants, configs: evaluation.configs, scenariosRun: &scenariosRun) {
                fixes.append(candidate.fix)
            } else if candidate.fix.drops.isEmpty, let info = placementHost(host) {
                // Two other versions that pass when the app sets its delegate before (or after) every SDK starts: the fix
                // for an app set up that way (two wrappers that each fail alone under the other set-up, RNFB and Notifee).
                let alternative = evaluate(host: host, participants: candidate.participants, configs: evaluation.configs)
                scenariosRun += alternative.scenariosRun
                if let placement = Placement.allCases.first(where: { alternative.allPass(under: $0) && !evaluation.allPass(under: $0) }) {
                    var fix = candidate.fix
                    fix.when = placement.text(on: info, candidate.participants)
                    conditional.append(fix)
                }
            }
        }
        return fixes + conditional
    }

    /// Whether every order of the set passes, stopping at the first batch with a failure. Batches have a fixed size, so
    /// the number of scenarios run depends neither on the workers' timing nor on their number.
    func allPass(host: String, participants: [String], configs: [Configuration], scenariosRun: inout Int) -> Bool {
        let conflicts = loadConflicts(host: host, participants: participants)
        var unique: [Scenario] = []
        var seen = Set<Scenario>()
        for order in Self.permutations(participants) {
            for config in configs {
                let scenarios = generator.scenarios(for: Matrix.Cell(host: host, order: order, config: config))
                for scenario in scenarios {
                    let canonical = Self.canonical(scenario, conflicts: conflicts)
                    if seen.insert(canonical).inserted { unique.append(canonical) }
                }
            }
        }
        guard !unique.isEmpty else { return false }
        let batch = 8
        var start = 0
        while start < unique.count {
            let slice = Array(unique[start..<min(start + batch, unique.count)])
            scenariosRun += slice.count
            if parallelMap(slice, { scenario, runner in runner.run(scenario, explain: false).outcome }).contains(where: { $0 != .ok }) {
                return false
            }
            start += batch
        }
        return true
    }

    /// Sets of `count` precedence rules ("install A before B") under which every order passes, and which an app can
    /// keep: some order that keeps them also installs that way (a load-time hook cannot install after a runtime attach).
    func orderRules(_ evaluation: Evaluation, count: Int) -> [(rules: [[String]], satisfying: Int)] {
        let set = evaluation.participants
        guard set.count >= 2 else { return [] }
        var single: [[String]] = []
        for a in set { for b in set where a != b { single.append([a, b]) } }
        var candidates: [[[String]]] = single.map { [$0] }
        if count == 2 {
            candidates = []
            for i in single.indices {
                for j in single.indices where j > i && single[j] != [single[i][1], single[i][0]] {
                    candidates.append([single[i], single[j]])
                }
            }
        }
        let orders = evaluation.orders
        let installs = orders.map { evaluation.results(of: $0).first?.installs ?? $0 }
        let passing = orders.map(evaluation.passes)
        func keeps(_ order: [String], _ rules: [[String]]) -> Bool {
            rules.allSatisfy { order.firstIndex(of: $0[0])! < order.firstIndex(of: $0[1])! }
        }
        var found: [(rules: [[String]], satisfying: Int)] = []
        for rules in candidates {
            var satisfying = 0, allPass = true, honoured = false
            for i in orders.indices where keeps(orders[i], rules) && evaluation.isPossible(orders[i]) {
                satisfying += 1
                if !passing[i] { allPass = false; break }
                if keeps(installs[i], rules) { honoured = true }
            }
            if allPass, honoured, satisfying > 0 { found.append((rules, satisfying)) }
        }
        // A rule implied by a smaller set of rules is not a new fix.
        if count == 2 {
            let ones = Set(orderRules(evaluation, count: 1).map { $0.rules[0] })
            found = found.filter { !$0.rules.contains(where: ones.contains) }
        }
        return found
    }
}

/// Observes what a participant's load-time hooks change, so the advisor can tell which loads commute.
public protocol LoadFootprintMeasuring {
    /// For each participant with a `load`, the names of the classes and selectors its load changes in a fresh
    /// runtime of the host, alone and after each other participant's load; a participant missing from the answer
    /// commutes with nothing. Nil when the host has no such runtime.
    func loadFootprints(host: String, participants: [String]) -> [String: Set<String>]?
}
