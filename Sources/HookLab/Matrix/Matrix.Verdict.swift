// One verdict per host and install order, judged once from the matrix's runs (Jepsen: the checker judges, the report
// renders). The pages, `explain`, `advise`, `matrix.json` and the gate render it and compute nothing of their own.

import ObjCModel

extension Matrix {
    /// Whose failure a failing order is, read from its minimal reproducer.
    public enum Attribution: Hashable, Sendable {
        /// The order has a finding that neither the app alone nor any of its libraries alone has: a conflict among the
        /// libraries its reproducer needs (``Verdict/reproducerLibraries``; the order's others are bystanders).
        case conflict
        /// These libraries' own failure: the reproducer keeps only them, or each already fails this way alone.
        case libraries([String])
        /// The app's own failure: the reproducer keeps no library, or the app alone already fails this way.
        case app
    }

    /// The outcome of one configuration of an order, and whether it ran.
    public struct ConfigOutcome: Hashable, Sendable {
        public var config: Configuration
        /// nil when this configuration was not run.
        public var outcome: Outcome?
    }

    /// The worst finding of a failing configuration, with the site that raised it and the fact noted there.
    public struct SitedFinding: Hashable, Sendable {
        public var config: Configuration
        public var finding: Finding
        /// Where a library raised it ("DelegateProxyType.swift l.219", "Aspects.m:310"); nil when a detector found it.
        public var site: String? { finding.site }
        /// The last fact the path noted in ``site``'s source file, if any.
        public var fact: ModelFact?
    }

    /// Another install order of the same libraries, as the lab ran it.
    public struct OrderTrial: Hashable, Sendable {
        public var order: [String]
        /// Why the order cannot happen; nil when it can.
        public var impossibility: String?
        /// The order's failing configurations among the verdict's failing ones, in which it passes.
        public var passesIn: [Configuration]
        /// Install-variant combinations of this order that pass in every failing configuration (`jspatch:ORIG`…).
        public var passingVariants: [[String]]
        /// Whether it fails with the same outcome and worst finding kind in every configuration.
        public var failsTheSameWay: Bool
        /// Its first participant hooks only at `+load` (so "first" means link order).
        public var viaLoad: Bool
    }

    /// Another variant of one of the libraries (`jsbridge:fixed` for `jsbridge:buggy`), as the lab ran it.
    public struct VariantTrial: Hashable, Sendable {
        public var variant: String
        public var replacing: String
        public var order: [String]
        /// The failing configurations in which it passes under every set-up.
        public var passesIn: [Configuration]
        /// A change to the library's code (a proposed patch) rather than a choice the app makes.
        public var isLibraryChange: Bool
        /// When it passes only under some set-ups: the original's failing set-ups under which it passes in every
        /// failing configuration, named with the variant in the original's place.
        public var passingSetups: [AppSetup] = []
        /// What choosing it means for the app.
        public var kind: Kind = .choice

        /// What choosing a variant means for the app, in the ranked order of fixes (issue "The answer for the app at
        /// hand" §3): an upgrade first, then a documented setting, then another way the app writes its own code.
        public enum Kind: Hashable, Sendable {
            /// Another version line of the same SDK whose package range starts above the replaced one's: "RNFBMessaging ≥ 26.0.0".
            case upgrade(String)
            /// An older version line, offered only when no newer one passes.
            case downgrade(String)
            /// A documented setting of the same SDK (`setting` line): what the app sets.
            case setting(String)
            /// Another variant the app chooses (its own code's form: `jsbridge:fixed`).
            case choice
            /// A change to the library's code (``isLibraryChange``).
            case libraryChange
        }

        /// It passes for some app: in a configuration outright, or under a set-up.
        public var passes: Bool { !passesIn.isEmpty || !passingSetups.isEmpty }
    }

    /// The lab's verdict on one host and install order, over both configurations.
    public struct Verdict: Hashable, Sendable {
        public var host: String
        public var order: [String]
        /// Debug, then release; an outcome of nil: not run.
        public var outcomes: [ConfigOutcome]
        /// Why the order cannot happen; nil when it can.
        public var impossibility: String?
        /// Any failing configuration is a conflict (nil: passing, not run or impossible).
        public var conflict: Bool?
        /// Whose failure it is (nil when nothing fails).
        public var attribution: Attribution?
        /// The libraries of the order that a failing configuration's minimal reproducer installs, in order.
        public var reproducerLibraries: [String]
        /// Each failing configuration's evidence, debug first.
        public var evidence: [(Configuration, Evidence)] { evidenceByConfig.map { ($0.config, $0.evidence) } }
        var evidenceByConfig: [ConfigEvidence]
        /// The public sources of the failure: covering reports first, then the facts on the failing paths.
        public var sources: [String]
        /// The catalogue files that reproduce this host, order and finding.
        public var reports: [String]
        /// The public sources of the covering reports (those that are no fact's source).
        public var reportSources: [String]
        /// The catalogue files that reproduce the other order of these libraries on this host (never this one's).
        public var otherOrderReports: [String]
        /// The public sources of those reports.
        public var otherOrderReportSources: [String]
        /// The facts noted on the failing paths, in order, without repeats.
        public var facts: [ModelFact]
        /// The worst finding of each failing configuration, debug first.
        public var findings: [SitedFinding]
        /// The other install orders of these libraries.
        public var otherOrders: [OrderTrial]
        /// Install-variant combinations of this order that pass in every failing configuration.
        public var passingInstallVariants: [[String]]
        /// Whether install variants ran (method-hook cells whose libraries have several ways to install).
        public var variantsRan: Bool
        /// Other variants of the libraries, as the lab ran them (passing in at least one failing configuration).
        public var otherVariants: [VariantTrial]
        /// The assign slot the app can clear before freeing its delegate, when the failure is the app's own dangling one.
        public var appCanClearDelegate: Bool
        /// Methods the app's delegate lacked in failing scenarios, when its shape that implements every method passes
        /// in every failing configuration: implementing them is the app's fix.
        public var implementInAppDelegate: [String] = []
        /// The app setting its delegate (creating its session) after every library installed passes in every failing
        /// configuration, while setting it before one of them fails in each: an init order the app controls.
        public var setDelegateAfterInstalls = false
        /// The app set-ups that fail in a failing configuration, in the order the cells list them.
        public var failingSetups: [AppSetup] = []
        /// When some set-ups pass: the ones an app can choose (``AppSetup/isChoosable``) that pass in every failing
        /// configuration, the app's own fix.
        public var passingSetups: [AppSetup] = []
        /// The app-delegate methods whose absence is the only way the failing events go unlost: the app delegate that
        /// lacks one of them passes because iOS then sends that event to no one, the SDKs included. No fix: such set-ups
        /// stay out of ``passingSetups``, and the note says why.
        public var lackingLosesEvent: [String] = []
        /// Whether it fails only where the app frees its delegate while the slot holds it (or while the host sends it an
        /// event), and the same placement passes when the app does not: clearing the slot before freeing is the fix.
        public var clearBeforeFreeing = false
        /// For an order of two or more: the failing set-ups that are no conflict, each with the libraries of the order
        /// that fail alone in an app set up that way ("as alone, when your app …").
        public var ownFailures: [OwnFailure] = []
        /// The changes the lab ran that pass under some failing set-up, ranked (``Matrix/Fix``): what the notes,
        /// `explain` and matrix.json offer.
        public var fixes: [Fix] = []
        /// The failing set-ups under which no change the app can make passes ("No change the app can make avoids this
        /// when your app …").
        public var unfixedSetups: [AppSetup] = []

        /// A failing set-up of an order that some of its libraries have alone.
        public struct OwnFailure: Hashable, Sendable {
            public var setup: AppSetup
            public var libraries: [String]
        }

        struct ConfigEvidence: Hashable, Sendable {
            var config: Configuration
            var evidence: Evidence
        }

        /// The configurations that ran, debug first.
        public var ran: [Configuration] { outcomes.filter { $0.outcome != nil }.map(\.config) }
        /// The configurations that ran and failed, debug first.
        public var failing: [Configuration] { outcomes.filter { ($0.outcome ?? .ok) != .ok }.map(\.config) }
        /// The outcome of a configuration; nil when it did not run.
        public func outcome(_ config: Configuration) -> Outcome? { outcomes.first { $0.config == config }?.outcome }
        /// One evidence level when every failing configuration has the same, else nil.
        public var singleEvidence: Evidence? {
            let levels = evidenceByConfig.map(\.evidence).uniqued()
            return levels.count == 1 ? levels[0] : nil
        }
        /// Whether any failing configuration is predicted (the table's ᵖ).
        public var isPredicted: Bool { evidenceByConfig.contains { $0.evidence == .predicted } }

        /// Whom to report the failure to: for a conflict, the libraries its reproducer needs (a bystander of the order
        /// is not blamed); the libraries it belongs to otherwise; nobody when it is the app's own.
        public var reportTo: [String] {
            switch attribution {
            case .conflict: reproducerLibraries.isEmpty ? order : reproducerLibraries
            case .libraries(let ids): ids
            case .app, nil: []
            }
        }

        /// Something the app can do that the lab ran and saw pass under some failing set-up.
        public var hasAppAction: Bool { attribution == .app || fixes.contains { $0.owner == .app } }

        /// Every other install order can happen and passes under no failing set-up, alone or with another change.
        public var noOtherOrderHelps: Bool {
            !otherOrders.isEmpty && otherOrders.allSatisfy { $0.impossibility == nil }
                && !fixes.contains { $0.changes.contains { if case .order = $0 { true } else { false } } }
        }
    }

    /// The verdict on a host and order (judged once, when the matrix is built; an order not run has no outcome).
    public func verdict(_ key: NoteKey) -> Verdict { verdicts[key] ?? judge(key) }

    /// Judges a host and order from the runs (see ``Verdict``).
    func judge(_ key: NoteKey) -> Verdict {
        // Read in place by position, and copied only when the order fails: most orders pass. Loops, not closures
        // (``positions(host:order:configs:)``).
        var ran: [Int] = []
        var outcomes: [ConfigOutcome] = []
        var failing: [CellResult] = []
        var variantsRan = false
        for config in Configuration.allCases {
            guard let position = position(of: Cell(host: key.host, order: key.order, config: config)) else {
                outcomes.append(ConfigOutcome(config: config, outcome: nil))
                continue
            }
            ran.append(position)
            outcomes.append(ConfigOutcome(config: config, outcome: results[position].outcome))
            if results[position].outcome != .ok { failing.append(results[position]) }
            if !results[position].variants.isEmpty { variantsRan = true }
        }
        var verdict = Verdict(host: key.host, order: key.order, outcomes: outcomes,
                              impossibility: ran.isEmpty ? nil : results[ran[0]].impossibility,
                              conflict: nil, attribution: nil, reproducerLibraries: [], evidenceByConfig: [], sources: [],
                              reports: [], reportSources: [], otherOrderReports: [], otherOrderReportSources: [], facts: [], findings: [], otherOrders: [],
                              passingInstallVariants: [], variantsRan: variantsRan,
                              otherVariants: [], appCanClearDelegate: false)
        guard !failing.isEmpty else { return verdict }
        let configs = failing.map(\.cell.config)

        // Whose failure: from the reproducers (Matrix.attribution(of:)).
        var attributions: [Attribution] = []
        for r in failing { attributions.append(attribution(of: r)) }
        verdict.conflict = key.order.isEmpty ? nil : failing.contains { $0.conflict == true }
        if attributions.contains(.conflict) {
            verdict.attribution = .conflict
        } else {
            let ids = key.order.filter { id in attributions.contains { if case .libraries(let l) = $0 { l.contains(id) } else { false } } }
            verdict.attribution = ids.isEmpty ? .app : .libraries(ids)
        }
        // A scenario's participants are read from its steps: once per reproducer.
        let reproducerParticipants = failing.map { $0.reproducer?.scenario.participants }
        verdict.reproducerLibraries = key.order.filter { id in reproducerParticipants.contains { $0?.contains(id) == true } }

        // Evidence, sources and the facts on the failing paths.
        verdict.evidenceByConfig = failing.compactMap { r in r.evidence.map { Verdict.ConfigEvidence(config: r.cell.config, evidence: $0) } }
        verdict.sources = failing.flatMap(\.sources).uniqued()
        verdict.reports = failing.flatMap(\.reports).uniqued()
        verdict.facts = failing.flatMap { $0.reproducer?.result.basedOn ?? [] }.uniqued()
        verdict.reportSources = Self.reportSources(failing)
        let mirrors = permutations(key.order).filter { $0 != key.order }.flatMap { order in
            // Only the results with reports are copied: most orders have none.
            Configuration.allCases.compactMap { config in
                position(of: Cell(host: key.host, order: order, config: config)).flatMap { self.results[$0].reports.isEmpty ? nil : self.results[$0] }
            }
        }
        verdict.otherOrderReports = mirrors.flatMap(\.reports).uniqued().filter { !verdict.reports.contains($0) }
        verdict.otherOrderReportSources = verdict.otherOrderReports.isEmpty ? [] : Self.reportSources(mirrors)
        verdict.findings = failing.compactMap { r in
            guard let worst = r.findings.mostSevere else { return nil }
            let facts = r.reproducer?.result.basedOn ?? []
            // The fact noted in the site's file (its source names the file: "RxCocoa DelegateProxyType.swift l.190-198").
            let file = worst.site.map { String($0.prefix { $0 != " " && $0 != ":" }) }
            let fact = file.flatMap { file in facts.last { $0.source.contains(file) } }
            return SitedFinding(config: r.cell.config, finding: worst, fact: fact)
        }

        // What the lab ran that passes: the app's delegate implementing every method, install variants, other orders
        // (and their variants), other library variants.
        verdict.implementInAppDelegate = Self.implementInAppDelegate(failing)
        verdict.setDelegateAfterInstalls = Self.setDelegateAfterInstalls(failing)
        judgeSetups(&verdict, failing)
        verdict.passingInstallVariants = passingVariantCombinations(key.order, failing)
        for order in permutations(key.order) where order != key.order {
            // Read in place: most of what judging an order cost was copying the other orders' results.
            let others = positions(host: key.host, order: order, configs: configs)
            var impossibility = others.isEmpty ? nil : results[others[0]].impossibility
            if impossibility == nil {
                for config in Configuration.allCases {
                    if let p = position(of: Cell(host: key.host, order: order, config: config)), let reason = results[p].impossibility {
                        impossibility = reason
                        break
                    }
                }
            }
            guard impossibility != nil || !others.isEmpty else { continue }
            let first = participantPosition(order[0]).map { participants[$0] }
            var failsTheSameWay = impossibility == nil
            for config in Configuration.allCases where failsTheSameWay {
                let a = Cell(host: key.host, order: key.order, config: config), b = Cell(host: key.host, order: order, config: config)
                failsTheSameWay = outcome(of: a) == outcome(of: b) && worstKind(of: a) == worstKind(of: b)
            }
            var othersFailing: [CellResult] = []
            var othersHaveVariants = false
            for p in others {
                if results[p].outcome != .ok { othersFailing.append(results[p]) }
                if !results[p].variants.isEmpty { othersHaveVariants = true }
            }
            verdict.otherOrders.append(OrderTrial(
                order: order, impossibility: impossibility,
                passesIn: impossibility != nil ? [] : passingConfigs(others),
                passingVariants: impossibility != nil || others.count < configs.count || !othersHaveVariants ? []
                    : passingVariantCombinations(order, othersFailing),
                failsTheSameWay: failsTheSameWay,
                viaLoad: first?.hooksOnlyAtLoad == true))
        }
        for (position, id) in key.order.enumerated() {
            guard let family = family(of: id) else { continue }
            // By index: iterating copied every participant's whole description for every library of every order.
            for v in members(ofFamily: family) where participants[v].id != id && participants[v].hosts.contains(key.host) {
                var order = key.order
                order[position] = participants[v].id
                let runs = positions(host: key.host, order: order, configs: configs)
                guard runs.count == configs.count, allPossible(runs) else { continue }
                var trial = VariantTrial(variant: participants[v].id, replacing: id, order: order, passesIn: passingConfigs(runs),
                                         isLibraryChange: participants[v].changesLibrary)
                // The app has one set-up: a variant that passes under a set-up where this order fails is that app's fix.
                if trial.passesIn.count < configs.count {
                    for setup in verdict.failingSetups {
                        let renamed = setup.renamed(id, to: participants[v].id)
                        if passes(at: runs, under: renamed) { trial.passingSetups.append(renamed) }
                    }
                }
                guard trial.passes else { continue }
                trial.kind = variantKind(participants[v], replacing: id)
                verdict.otherVariants.append(trial)
            }
        }
        judgeFixes(&verdict, configs: configs)
        if verdict.attribution == .app {
            let dangling = failing.contains { $0.findings.contains { $0.kind == .danglingReference || $0.kind == .danglingMessage } }
            verdict.appCanClearDelegate = dangling && hosts.first { $0.name == key.host }?.delegateOwnership.hasPrefix("assign") == true
        } else if verdict.attribution != .conflict, key.order.count >= 2 {
            // A library's own dangling failure on an assign host: clearing the slot before freeing the delegate helps
            // only when the app's own delegate is what dangles, which the reproducer shows by keeping no other object.
            verdict.appCanClearDelegate = false
        }
        return verdict
    }

    /// The methods whose absence from the app's delegate fails every failing configuration while every set-up whose
    /// delegate implements every method passes in each (``Verdict/implementInAppDelegate``).
    static func implementInAppDelegate(_ failing: [CellResult]) -> [String] {
        guard let first = failing.first, first.setups.contains(where: { !$0.setup.lacks.isEmpty }),
              failing.allSatisfy({ r in r.setups.allSatisfy { !$0.setup.lacks.isEmpty || $0.outcome == .ok } })
        else { return [] }
        return first.setups.filter { setup in
            !setup.setup.lacks.isEmpty
                && failing.allSatisfy { r in r.setups.contains { $0.setup == setup.setup && $0.outcome != .ok } }
        }.flatMap(\.setup.lacks).uniqued()
    }

    /// Whether, in every failing configuration, each set-up that sets the delegate (or creates the session) after every
    /// library started passes, as does every other set-up that sets it before none, while one that sets it before a
    /// library fails (``Verdict/setDelegateAfterInstalls``).
    static func setDelegateAfterInstalls(_ failing: [CellResult]) -> Bool {
        !failing.isEmpty && failing.allSatisfy { r in
            r.setups.contains { $0.setup.setAfter != nil && $0.setup.setBefore.isEmpty && $0.outcome == .ok }
                && r.setups.contains { !$0.setup.setBefore.isEmpty && $0.outcome != .ok }
                // An app that sets no delegate at all is another set-up, not a later placement.
                && r.setups.allSatisfy { !$0.setup.setBefore.isEmpty || $0.setup.leavesSlotEmpty || $0.outcome == .ok }
        }
    }

    /// The verdict's set-ups: which fail, which the app can choose instead, and which are a library's own failure.
    func judgeSetups(_ verdict: inout Verdict, _ failing: [CellResult]) {
        // A cell lists each set-up once, and both configurations of an order usually list the same ones in the same order:
        // only different lists are merged (hashing every set-up of every order was a tenth of judging its set-ups).
        let lists = failing.map { $0.setups.map(\.setup) }
        let all = lists.dropFirst().allSatisfy { $0 == lists[0] } ? lists.first ?? [] : lists.flatMap { $0 }.uniqued()
        // Each set-up's outcome in each failing configuration that ran it, in the order of `failing` (a cell lists a
        // set-up once): gathered in one pass, not searched for every set-up.
        var outcomesBySetup: [AppSetup: [Outcome]] = [:]
        for r in failing { for s in r.setups { outcomesBySetup[s.setup, default: []].append(s.outcome) } }
        func outcomes(_ setup: AppSetup) -> [Outcome] { outcomesBySetup[setup] ?? [] }
        verdict.failingSetups = all.filter { outcomes($0).contains { $0 != .ok } }
        if failing.contains(where: \.failsOnlyUnderSomeSetups) {
            // A placement that fails once the app also frees, replaces or assigns its delegate later is no fix: the app
            // that chooses it still does those (sets its delegate after `datadog` starts, then frees it as its screen goes).
            // A placement is where the app sets its delegate through the setter: a direct assignment is none, and an
            // app that never sets one is a set-up of its own.
            let failingPlacements = verdict.failingSetups.filter { $0.setAfter != nil }.map { [$0.setAfter ?? [], $0.setBefore, $0.lacks] }
            func passes(_ setup: AppSetup) -> Bool {
                setup.isChoosable && outcomes(setup).count == failing.count && outcomes(setup).allSatisfy { $0 == .ok }
            }
            // An app delegate that lacks the very event a failing run loses is no fix: iOS sends that event to no one
            // then, so nothing is there to lose (Customer.io's wrapper answers respondsToSelector: from the app's
            // delegate, so an SDK's method added to the wrapper is never called either).
            let lost = Set(failing.flatMap { r in (r.findings + r.variants.flatMap(\.findings)).compactMap(\.event) })
            verdict.passingSetups = all.filter {
                passes($0) && ($0.setAfter == nil || !failingPlacements.contains([$0.setAfter ?? [], $0.setBefore, $0.lacks]))
            }
            verdict.lackingLosesEvent = verdict.passingSetups.flatMap(\.lacks).filter(lost.contains).uniqued()
            verdict.passingSetups.removeAll { $0.lacks.contains(where: lost.contains) }
            // The same placement passes while the delegate stays set: the app's fix is to clear the slot before freeing it.
            verdict.clearBeforeFreeing = verdict.failingSetups.contains { setup in
                guard setup.then == .frees || setup.then == .freesDuringEvent else { return false }
                var kept = setup
                kept.then = nil
                return passes(kept)
            }
        }
        guard verdict.order.count >= 2 else { return }
        // Loops, not closures (``positions(host:order:configs:)``).
        var conflicting = Set<AppSetup>()
        for r in failing {
            for (setup, flag) in zip(r.setups, conflictingSetupFlags(r)) where flag { conflicting.insert(setup.setup) }
        }
        for setup in verdict.failingSetups where !conflicting.contains(setup) {
            var own: [String] = []
            for id in verdict.order {
                let projected = setup.projected(onto: [id])
                for r in failing {
                    // Read in place: a copy of the alone cell's result per set-up was most of judging an order.
                    guard let alone = position(of: r.cell.with(order: [id])) else { continue }
                    let setups = results[alone].setups
                    let fails = setups.indices.first { setups[$0].setup == projected }.map { setups[$0].outcome != .ok }
                        ?? (results[alone].outcome != .ok)
                    if fails {
                        own.append(id)
                        break
                    }
                }
            }
            if !own.isEmpty { verdict.ownFailures.append(Verdict.OwnFailure(setup: setup, libraries: own)) }
        }
    }

    /// Whether the result at `position` passes under `setup` (or, with `sameApp`, under a set-up of the same app,
    /// ``AppSetup/sameApp(as:)``): its set-ups read in place, none copied with its findings (copying them was a tenth of
    /// judging an order).
    func passes(at position: Int, under setup: AppSetup, sameApp: Bool = false) -> Bool {
        let setups = results[position].setups
        for i in setups.indices where setups[i].outcome == .ok {
            if sameApp ? setups[i].setup.sameApp(as: setup) : setups[i].setup == setup { return true }
        }
        return false
    }

    /// Whether every result at `positions` passes under `setup` (``passes(at:under:sameApp:)``).
    func passes(at positions: [Int], under setup: AppSetup, sameApp: Bool = false) -> Bool {
        for p in positions where !passes(at: p, under: setup, sameApp: sameApp) { return false }
        return true
    }

    /// The positions of an order's results in `configs`, those that ran. Judging reads results through loops like this
    /// one, not closures: a closure that reads `self` took a copy of the whole matrix (a retain of each of its tables,
    /// from both cores), which was most of what judging a passing order cost.
    func positions(host: String, order: [String], configs: [Configuration]) -> [Int] {
        var out: [Int] = []
        for config in configs {
            if let p = position(of: Cell(host: host, order: order, config: config)) { out.append(p) }
        }
        return out
    }

    /// The configurations of the results at `positions` that pass.
    func passingConfigs(_ positions: [Int]) -> [Configuration] {
        var out: [Configuration] = []
        for p in positions where results[p].outcome == .ok { out.append(results[p].cell.config) }
        return out
    }

    /// Whether every result at `positions` is of an order that can happen.
    func allPossible(_ positions: [Int]) -> Bool {
        for p in positions where !results[p].possible { return false }
        return true
    }

    /// What choosing `variant` over `id` means (``VariantTrial/Kind/of(_:replacing:)``).
    func variantKind(_ variant: ParticipantInfo, replacing id: String) -> VariantTrial.Kind {
        VariantTrial.Kind.of(variant, replacing: participantPosition(id).map { participants[$0] }, lines: participants)
    }

    /// The covering reports' own sources of reported results: their sources that are no fact's source.
    static func reportSources(_ results: [CellResult]) -> [String] {
        let reported = results.filter { $0.evidence == .reported }
        let factSources = Set(reported.flatMap { $0.reproducer?.result.basedOn.map(\.source) ?? [] })
        return reported.flatMap(\.sources).uniqued().filter { !factSources.contains($0) }
    }

    /// Whose failure one failing configuration is: a conflict only when its minimal reproducer needs every library
    /// of the order and the cell has a finding none of them (nor the app) has alone; otherwise the libraries the
    /// reproducer keeps (or, when it keeps them all, those that fail alone), or the app when none.
    func attribution(of result: CellResult) -> Attribution {
        let order = result.cell.order
        let participants = result.reproducer?.scenario.participants
        let kept = order.filter { participants?.contains($0) ?? true }
        if result.conflict == true { return order.count >= 2 ? .conflict : .libraries(order) }
        if kept.count < order.count { return kept.isEmpty ? .app : .libraries(kept) }
        let alone = order.count >= 2 ? order.filter { (outcome(of: result.cell.with(order: [$0])) ?? .ok) != .ok } : []
        return alone.isEmpty ? .app : .libraries(alone)
    }

    /// The install-variant combinations of an order that pass in every one of the given failing results (each
    /// variant runs with the other libraries at their first variant: the whole combination is named).
    func passingVariantCombinations(_ order: [String], _ failing: [CellResult]) -> [[String]] {
        guard let variants = failing.first?.variants, !variants.isEmpty else { return [] }
        let passing = variants.map(\.variant).filter { name in
            failing.allSatisfy { r in r.variants.contains { $0.variant == name && $0.outcome == .ok } }
        }
        // Each library with several install lines at the passing variant if it is its own, else at its first, named as the
        // generator names them (``ScenarioGenerator``: the line's name, else its number).
        return passing.map { name -> [String] in
            order.compactMap { id -> String? in
                guard let info = participantPosition(id).map({ participants[$0] }), info.hookInstalls.count > 1 else { return nil }
                return name.hasPrefix(info.family + ":") ? name : "\(info.family):\(info.hookVariantNames.first ?? "1")"
            }
        }.filter { !$0.isEmpty }.uniqued()
    }
}


extension Matrix.VariantTrial.Kind {
    /// What choosing `variant` over `replaced` means: a documented setting, another version line (upgrade or downgrade,
    /// by the two participants' package ranges of one package), a library change, or another choice of the app's.
    /// A setting of another version line (`fcm:10:proxy-off` for `fcm`) is that line's upgrade or downgrade, with its
    /// setting named: `lines` are the participants to find that line among.
    public static func of(_ variant: ParticipantInfo, replacing replaced: ParticipantInfo?, lines: [ParticipantInfo] = []) -> Self {
        if variant.changesLibrary { return .libraryChange }
        if let setting = variant.setting, let replaced, setting.of == replaced.id || replaced.setting?.of == setting.of {
            return .setting(setting.text)
        }
        guard let replaced else { return .choice }
        if let setting = variant.setting, let line = lines.first(where: { $0.id == setting.of }) {
            switch of(line, replacing: replaced) {
            case .upgrade(let target): return .upgrade("\(target), with its setting: \(setting.text)")
            case .downgrade(let target): return .downgrade("\(target), with its setting: \(setting.text)")
            default: return .choice
            }
        }
        for target in variant.packages {
            for current in replaced.packages where current.ecosystem == target.ecosystem && current.name.lowercased() == target.name.lowercased()
                && current.component == target.component {
                let name = target.ecosystem == .spm ? (target.component ?? target.name) : target.name
                // A range whose lower bound the replaced range stays below is newer; one the replaced range starts above is older.
                let lowest = target.versions.bounds.filter { [.atLeast, .above, .exactly].contains($0.op) }.max { $0.version < $1.version }
                // The whole range, upper bound included (`≥ 2.2.0 < 2.5.3`), spelled for an integrator, not as a
                // participant file writes it: a line that ends below the current version is no open-ended upgrade.
                let range = "\(target.versions)".replacingOccurrences(of: ">= ", with: "≥ ").replacingOccurrences(of: "<= ", with: "≤ ")
                if let (_, low) = lowest, !current.versions.contains(low), (current.versions.lowerBound.map { $0 < low } ?? true) {
                    return .upgrade("\(name) \(range)")
                }
                if let low = current.versions.lowerBound, !target.versions.contains(low) {
                    return .downgrade("\(name) \(range)")
                }
            }
        }
        return .choice
    }
}
