// `hooklab advise`: an integrator's own SDK set in every install order and delegate position, pruned, grouped by
// cause, with the changes that make every order pass, ranked.

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

        /// The app's set-up it is, for these SDKs.
        public func setup(_ ids: [String]) -> AppSetup {
            AppSetup(setAfter: self == .beforeEvery ? [] : ids, setBefore: self == .beforeEvery ? ids : [])
        }

        /// "sets `UNUserNotificationCenter.delegate` before every SDK starts".
        public func text(on host: HostInfo, _ ids: [String]) -> String { setup(ids).text(on: host) }
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

    /// A change, or two, under which every order of the set passes, as values (issue "Advice an integrator can follow"
    /// §1): the changes as the matrix's fixes hold them (``Matrix/Fix/Change``), who makes them, and the app's set-up the
    /// lab ran it under. Its words are ``Advice/text(of:)``'s, derived from these values alone.
    public struct Fix: Sendable, Hashable {
        /// The shape of the search that found it.
        public enum Kind: String, Sendable, Hashable {
            case orderRule, variant, setup, orderRules, requiredOrder, variantAndOrderRule, drop, dropAndOrderRule, twoChanges
        }
        public var kind: Kind
        /// What the app (or a library's maintainers) changes: another line, setting or form of a library, the app's
        /// set-up, install-order rules or a whole order, dropping a library; at most two besides order rules.
        public var changes: [Matrix.Fix.Change]
        /// The app's set-up under which every order passes with the change (its delegate set before, or after, every
        /// SDK starts), named as the changed set names its libraries; nil: under every set-up the lab ran.
        public var setup: AppSetup? = nil
        /// How many orders keep its rules (order rules), or how many orders of the others remain (a drop).
        public var satisfying: Int = 0

        public init(kind: Kind, changes: [Matrix.Fix.Change], setup: AppSetup? = nil, satisfying: Int = 0) {
            self.kind = kind
            self.changes = changes
            self.setup = setup
            self.satisfying = satisfying
        }

        /// Who makes it: the app, unless a change is to a library's code.
        public var owner: Matrix.Fix.Owner { changes.contains { $0.rank == 4 } ? .maintainers : .app }

        /// Where it ranks (issue §3): by its worst change (a setting or an upgrade; the app's own set-up; the start
        /// order; a downgrade; a library change; dropping an SDK), a fix that needs a set-up after one that does not,
        /// and one change before two.
        var rank: Int {
            (changes.map(\.rank).max() ?? 0) * 8 + (setup == nil ? 0 : 4) + min(changes.count, 3)
        }

        /// The participants it replaces and their replacements.
        public var replacements: [(from: String, to: String)] { changes.compactMap(\.replacement) }
        /// The participants it drops.
        public var drops: [String] { changes.compactMap { if case .drop(let id) = $0 { id } else { nil } } }
        /// Its order rules, as `[A, B]`: install A before B.
        public var rules: [[String]] { changes.compactMap { if case .installBefore(let a, let b) = $0 { [a, b] } else { nil } } }
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
        /// The words for the set's host, from which each fix's sentence is derived.
        public var wording: Matrix.FixWording

        /// Where every order passes with the fix: "every order passes when your app sets …"; for order rules, the
        /// orders that keep them; for a drop, the others' orders.
        public func condition(of fix: Fix) -> String {
            if !fix.rules.isEmpty {
                let keep = fix.satisfying == 1 ? "the one order that keeps" : "the \(fix.satisfying) orders that keep"
                return "\(keep) \(fix.rules.count == 1 ? "it" : "them") pass\(fix.satisfying == 1 ? "es" : "")"
            }
            if fix.kind == .drop {
                return fix.satisfying == 1 ? "the library left passes alone" : "every order of the others passes"
            }
            if fix.kind == .requiredOrder { return "that order passes" }
            guard let setup = fix.setup, let host = wording.host else { return "every order passes" }
            return "every order passes when your app " + setup.text(on: host)
        }

        /// The fix in words, derived from its changes: "upgrade to … (`rnfb` for `rnfb:double-call`) — every order passes".
        public func text(of fix: Fix) -> String {
            wording.phrase(fix.changes, order: evaluation.participants, wholeOrder: true) + " — " + condition(of: fix)
        }
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
                      shrinkRuns: shrinkRuns, closest: Array(closest),
                      wording: Matrix.FixWording(participants: generator.participants, host: generator.hosts.first { $0.name == host },
                                                 hostName: host))
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

    /// Every change that makes every order pass, ranked (``Fix/rank``): another line or setting of one library (never a
    /// mode its vendor's server or a `+load` hook picks), the app's set-up, install-order rules, dropping a library; two
    /// changes together when no single one does. A downgrade is kept only where no newer line or setting of the same
    /// library passes.
    func findFixes(_ evaluation: Evaluation, scenariosRun: inout Int, near: inout [NearMiss]) -> [Fix] {
        var fixes: [Fix] = []
        let rules = orderRules(evaluation, count: 1)
        fixes += rules.map { Fix(kind: .orderRule, changes: $0.rules.map(Self.rule), satisfying: $0.satisfying) }

        let host = evaluation.host, set = evaluation.participants
        // Another variant at one position.
        for (position, id) in set.enumerated() {
            for (variant, change) in appVariants(of: id, host: host) {
                var other = set
                other[position] = variant.id
                let alternative = evaluate(host: host, participants: other, configs: evaluation.configs)
                scenariosRun += alternative.scenariosRun
                // Under a set-up where the set fails and the variant passes: the fix for an app set up that way.
                let placement = Placement.allCases.first { alternative.allPass(under: $0) && !evaluation.allPass(under: $0) }
                if alternative.allPass {
                    fixes.append(Fix(kind: .variant, changes: [change]))
                } else if let placement, placementHost(host) != nil {
                    fixes.append(Fix(kind: .variant, changes: [change], setup: placement.setup(other)))
                } else if let rule = orderRules(alternative, count: 1).first {
                    fixes.append(Fix(kind: .variantAndOrderRule, changes: [change] + rule.rules.map(Self.rule), satisfying: rule.satisfying))
                } else {
                    near.append(NearMiss(change: "use `\(variant.id)` instead of `\(id)`", passing: alternative.passingOrders.count,
                                         orders: alternative.orders.count))
                }
            }
        }
        if rules.isEmpty {
            fixes += orderRules(evaluation, count: 2).prefix(3).map {
                Fix(kind: .orderRules, changes: $0.rules.map(Self.rule), satisfying: $0.satisfying)
            }
            if let order = evaluation.passingOrders.first(where: { order in evaluation.results(of: order).first?.installs == order })
                ?? evaluation.passingOrders.first {
                fixes.append(Fix(kind: .requiredOrder, changes: [.order(order, viaLoad: false)], satisfying: 1))
            }
        }
        // The app's own set-up: every order passes when it sets its delegate before (or after) every SDK starts.
        if placementHost(host) != nil, let placement = Placement.allCases.first(where: { evaluation.allPass(under: $0) }) {
            fixes.append(Fix(kind: .setup, changes: [.setup(placement.setup(set))]))
        }
        // One library fewer.
        for id in set {
            let rest = set.filter { $0 != id }
            let alternative = evaluate(host: host, participants: rest, configs: evaluation.configs)
            scenariosRun += alternative.scenariosRun
            if alternative.allPass {
                fixes.append(Fix(kind: .drop, changes: [.drop(id)], satisfying: alternative.orders.count))
            } else if let rule = orderRules(alternative, count: 1).first {
                fixes.append(Fix(kind: .dropAndOrderRule, changes: [.drop(id)] + rule.rules.map(Self.rule), satisfying: rule.satisfying))
            } else {
                near.append(NearMiss(change: "drop `\(id)`", passing: alternative.passingOrders.count, orders: alternative.orders.count))
            }
        }
        // Two changes together where no single change keeps every SDK: each library's own change (upgrading both SDKs
        // passes where upgrading either does not, or makes a set that cannot be linked possible); a drop with another
        // change only where no drop alone passes.
        if !fixes.contains(where: { $0.drops.isEmpty }) {
            fixes += twoChanges(evaluation, keepingEvery: !fixes.isEmpty, scenariosRun: &scenariosRun)
        }
        return Self.ranked(fixes)
    }

    /// "Install A before B" as a change.
    static func rule(_ pair: [String]) -> Matrix.Fix.Change { .installBefore(pair[0], pair[1]) }

    /// The other lines, settings and forms of `id`'s library on the host that the app can choose, each as the change of
    /// choosing it (``Matrix/change(to:replacing:kind:participants:)``).
    func appVariants(of id: String, host: String) -> [(info: ParticipantInfo, change: Matrix.Fix.Change)] {
        guard let current = generator.participants.first(where: { $0.id == id }) else { return [] }
        return generator.participants.compactMap { variant in
            guard variant.family == current.family, variant.id != id, variant.hosts.contains(host) else { return nil }
            let kind = Matrix.VariantTrial.Kind.of(variant, replacing: current, lines: generator.participants)
            return Matrix.change(to: variant.id, replacing: id, kind: kind, participants: generator.participants).map { (variant, $0) }
        }
    }

    /// The fixes in rank, a downgrade left out where a newer line or setting of the same library passes under the same
    /// set-up (or under every one): "a downgrade only when no newer line passes".
    static func ranked(_ fixes: [Fix]) -> [Fix] {
        func isDowngrade(_ c: Matrix.Fix.Change) -> Bool { if case .downgrade = c { true } else { false } }
        func isNewer(_ c: Matrix.Fix.Change) -> Bool {
            switch c {
            case .upgrade, .setting: true
            default: false
            }
        }
        let kept = fixes.filter { fix in
            let downgraded = fix.changes.filter(isDowngrade).compactMap { $0.replacement?.from }
            return downgraded.isEmpty || !fixes.contains { other in
                other.changes.contains { isNewer($0) && downgraded.contains($0.replacement?.from ?? "") }
                    && (other.setup == nil || other.setup == fix.setup)
            }
        }
        return kept.enumerated().sorted { a, b in a.element.rank != b.element.rank ? a.element.rank < b.element.rank : a.offset < b.offset }
            .map(\.element)
    }

    /// The host whose app sets its delegate against the SDKs' starts (set-ups are worded for it); nil for the app
    /// delegate, which UIApplicationMain sets before any SDK starts, and for a host only the runner knows.
    func placementHost(_ host: String) -> HostInfo? {
        generator.hosts.first { $0.name == host && $0.delegateAtLaunch != true && $0.methodTarget == nil }
    }

    /// When no single change works: two variants, a variant and a drop, or two drops (leaving at least two libraries)
    /// under which every order passes; with `keepingEvery`, two variants only (a drop alone already passes).
    func twoChanges(_ evaluation: Evaluation, keepingEvery: Bool = false, scenariosRun: inout Int) -> [Fix] {
        let host = evaluation.host, set = evaluation.participants
        var candidates: [(participants: [String], changes: [Matrix.Fix.Change])] = []
        for p in set.indices {
            for q in set.indices where q > p {
                for a in appVariants(of: set[p], host: host) {
                    for b in appVariants(of: set[q], host: host) {
                        var other = set
                        other[p] = a.info.id
                        other[q] = b.info.id
                        candidates.append((other, [a.change, b.change]))
                    }
                }
            }
        }
        for p in set.indices where !keepingEvery {
            for a in appVariants(of: set[p], host: host) {
                for q in set.indices where q != p {
                    var other = set
                    other[p] = a.info.id
                    other.remove(at: q)
                    candidates.append((other, [a.change, .drop(set[q])]))
                }
            }
        }
        if set.count >= 4, !keepingEvery {
            for p in set.indices {
                for q in set.indices where q > p {
                    candidates.append((set.enumerated().filter { $0.offset != p && $0.offset != q }.map(\.element), [.drop(set[p]), .drop(set[q])]))
                }
            }
        }
        var fixes: [Fix] = []
        var conditional: [Fix] = []
        for candidate in candidates {
            let drops = candidate.changes.contains { if case .drop = $0 { true } else { false } }
            if allPass(host: host, participants: candidate.participants, configs: evaluation.configs, scenariosRun: &scenariosRun) {
                fixes.append(Fix(kind: .twoChanges, changes: candidate.changes))
            } else if !drops, placementHost(host) != nil {
                // Two other versions that pass when the app sets its delegate before (or after) every SDK starts: the fix
                // for an app set up that way (two wrappers that each fail alone under the other set-up, RNFB and Notifee).
                let alternative = evaluate(host: host, participants: candidate.participants, configs: evaluation.configs)
                scenariosRun += alternative.scenariosRun
                if let placement = Placement.allCases.first(where: { alternative.allPass(under: $0) && !evaluation.allPass(under: $0) }) {
                    conditional.append(Fix(kind: .twoChanges, changes: candidate.changes, setup: placement.setup(candidate.participants)))
                }
            }
        }
        return Self.ranked(fixes + conditional)
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
