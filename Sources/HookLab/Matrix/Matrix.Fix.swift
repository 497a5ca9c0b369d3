// A fix is a value the lab ran, not a sentence (issue "Advice an integrator can follow" §1): one or two changes, who
// makes them, and the failing set-ups under which the lab ran it and saw it pass. Notes, `explain` and matrix.json
// render fixes from these values alone; nothing here writes prose.

extension Matrix {
    /// A change the lab ran against a failing order, with the set-ups under which it passed.
    public struct Fix: Hashable, Sendable {
        /// One change an app (or a library's maintainers) can make.
        public enum Change: Hashable, Sendable {
            /// Another version line, newer: the target's whole range (`SensorsAnalyticsSDK ≥ 2.2.0 < 2.5.3`).
            case upgrade(replacing: String, with: String, target: String)
            /// An older version line, offered only when nothing newer passes under the same set-up.
            case downgrade(replacing: String, with: String, target: String)
            /// A documented setting of the same line.
            case setting(replacing: String, with: String, text: String)
            /// Another form of the app's own code (`jsbridge:fixed`).
            case choice(replacing: String, with: String)
            /// A change to a library's code, for its maintainers.
            case libraryChange(replacing: String, with: String)
            /// Start the SDKs in this order (for a `+load` hook, link it earlier).
            case order([String], viaLoad: Bool)
            /// Install the first before the second, whatever the others' places (`advise`'s order rule over a set).
            case installBefore(String, String)
            /// Install the method hooks with these install variants.
            case installVariants([String])
            /// The app's delegate set up this way instead (a choosable set-up).
            case setup(AppSetup)
            /// The app delegate implements these methods.
            case implement([String])
            /// The app sets its delegate (creates its session) after every SDK started.
            case setDelegateAfterInstalls
            /// The app clears the slot before it frees its delegate.
            case clearBeforeFreeing
            /// Drop the SDK, losing what it provides (a last resort).
            case drop(String)

            /// The rank of its kind (issue §3): a setting or an upgrade; the app's own set-up; the start order; a
            /// downgrade; then a library change, which is its maintainers' to make; dropping an SDK last.
            public var rank: Int {
                switch self {
                case .setting, .upgrade: 0
                case .setup, .implement, .setDelegateAfterInstalls, .clearBeforeFreeing, .choice, .installVariants: 1
                case .order, .installBefore: 2
                case .downgrade: 3
                case .libraryChange: 4
                case .drop: 5
                }
            }

            /// The participant it replaces and its replacement, for a change of line, setting or form.
            public var replacement: (from: String, to: String)? {
                switch self {
                case .upgrade(let from, let to, _), .downgrade(let from, let to, _), .setting(let from, let to, _),
                     .choice(let from, let to), .libraryChange(let from, let to): (from, to)
                default: nil
                }
            }

            /// Whether it changes the app's set-up rather than the SDKs: it helps an app in any failing set-up, which
            /// moves to the set-up it names.
            public var changesSetup: Bool {
                switch self {
                case .setup, .implement, .setDelegateAfterInstalls, .clearBeforeFreeing: true
                default: false
                }
            }
        }

        /// Who makes the change.
        public enum Owner: String, Hashable, Sendable {
            /// The app: a version, a setting, its own code or set-up, its start order.
            case app
            /// A library's maintainers (a change to its code).
            case maintainers
        }

        /// One change, or two made together (upgrading both SDKs).
        public var changes: [Change]
        /// The order the lab ran with the changes (the failing order's, for a change of the app's set-up).
        public var order: [String]
        /// The failing set-ups of the verdict (named as the verdict names them) under which it passed in every failing
        /// configuration; for a change of the app's set-up, every failing set-up (the app moves to the one it names),
        /// and for clearing the slot before freeing, the set-ups that free it.
        public var passingSetups: [AppSetup]
        /// It passed under every set-up the lab ran, in every failing configuration.
        public var everySetup: Bool
        /// The failing configurations in which it passed under every set-up (a fix that passes in one configuration
        /// only, debug, has no passing set-ups: an app ships both).
        public var passesIn: [Configuration]

        public var owner: Owner { changes.contains { $0.rank == 4 } ? .maintainers : .app }
        /// Its rank: its worst change's.
        public var rank: Int { changes.map(\.rank).max() ?? 0 }
        /// It passes only where the app frees its delegate while it is set or mid-event: it ranks after those that pass
        /// in the ordinary set-ups.
        public var onlyWhereFreed: Bool {
            !everySetup && !changes.contains(where: \.changesSetup) && !passingSetups.isEmpty
                && passingSetups.allSatisfy { $0.then == .freesDuringEvent || $0.then == .frees }
        }
    }
}

extension Matrix {
    /// The change of putting `variant` in `replaced`'s place, as the app (or a library's maintainers) would make it; nil
    /// for a mode the vendor's server or a `+load` hook picks, which is no fix the app can make, nor is a setting of
    /// another such mode (the app sets the same switch on the mode it has). `advise`, `scan` and the matrix ask this.
    public static func change(to variant: String, replacing replaced: String, kind: VariantTrial.Kind,
                              participants: [ParticipantInfo]) -> Fix.Change? {
        guard let info = participants.first(where: { $0.id == variant }), info.chosenBy == nil else { return nil }
        if let setting = info.setting, setting.of != replaced, participants.first(where: { $0.id == setting.of })?.chosenBy != nil {
            return nil
        }
        switch kind {
        case .upgrade(let target): return .upgrade(replacing: replaced, with: variant, target: target)
        case .downgrade(let target): return .downgrade(replacing: replaced, with: variant, target: target)
        case .setting(let text): return .setting(replacing: replaced, with: variant, text: text)
        case .choice: return .choice(replacing: replaced, with: variant)
        case .libraryChange: return .libraryChange(replacing: replaced, with: variant)
        }
    }
}

extension AppSetup {
    /// The same app in another start order: the same SDKs started before and after its delegate, whatever their order
    /// among themselves (an order change keeps where the app sets its delegate against each SDK).
    func sameApp(as other: AppSetup) -> Bool {
        func key(_ ids: [String]?) -> [String]? { ids?.sorted() }
        guard key(setAfter) == key(other.setAfter), setBefore.sorted() == other.setBefore.sorted(), lacks.sorted() == other.lacks.sorted()
        else { return false }
        switch (then, other.then) {
        case (.assignsDirectly(let a1, let b1)?, .assignsDirectly(let a2, let b2)?): return a1.sorted() == a2.sorted() && b1.sorted() == b2.sorted()
        default: return then == other.then
        }
    }
}

extension Matrix {
    /// The fixes of a failing verdict, each run under the verdict's failing set-ups, ranked (issue §2, §3).
    ///
    /// Singles first: each other line, setting or form of one library (its trial), each other start order, and the
    /// app's own set-up. Then, for an order of two whose failing set-ups some single change leaves unfixed, pairs of
    /// changes: both libraries' own changes together, or one library's change with the other start order. Triples hold
    /// only current lines (ScenarioGenerator, "Orders"), so their pairs of changes have no cells to read.
    func judgeFixes(_ verdict: inout Verdict, configs: [Configuration]) {
        var fixes: [Fix] = []
        let failingSetups = verdict.failingSetups
        let hostName = verdict.host
        // The failing set-ups under which an order, with some libraries renamed, passes in every failing configuration.
        func trial(_ order: [String], renames: [(String, String)]) -> (setups: [AppSetup], every: Bool, passesIn: [Configuration])? {
            // Loops, not closures (``positions(host:order:configs:)``).
            let runs = positions(host: hostName, order: order, configs: configs)
            guard runs.count == configs.count, allPossible(runs) else { return nil }
            let passesIn = passingConfigs(runs)
            let every = passesIn.count == configs.count
            if every { return (failingSetups, true, passesIn) }
            var setups: [AppSetup] = []
            for setup in failingSetups {
                var renamed = setup
                for (from, to) in renames { renamed = renamed.renamed(from, to: to) }
                if passes(at: runs, under: renamed, sameApp: true) { setups.append(setup) }
            }
            return (setups, false, passesIn)
        }
        func change(_ variant: VariantTrial) -> Fix.Change? {
            Self.change(to: variant.variant, replacing: variant.replacing, kind: variant.kind, participants: participants)
        }
        // 1. One library's other line, setting or form, in the same order.
        // The smallest upgrade first, so that a larger one that passes under no other set-up is left out (ranked(_:)).
        // Each variant's lowest version read once, before sorting: a comparison that read `self` copied the matrix.
        var lowest: [PackageVersion?] = []
        for variant in verdict.otherVariants {
            lowest.append(participantPosition(variant.variant).flatMap { participants[$0].packages.compactMap(\.versions.lowerBound).min() })
        }
        let variants = zip(verdict.otherVariants, lowest).enumerated().sorted { a, b in
            guard a.element.0.replacing == b.element.0.replacing, let x = a.element.1, let y = b.element.1, x != y
            else { return a.offset < b.offset }
            return x < y
        }.map(\.element.0)
        for variant in variants {
            guard let change = change(variant) else { continue }
            guard let ran = trial(variant.order, renames: [(variant.replacing, variant.variant)]), !ran.setups.isEmpty || !ran.passesIn.isEmpty else { continue }
            fixes.append(Fix(changes: [change], order: variant.order, passingSetups: ran.setups, everySetup: ran.every, passesIn: ran.passesIn))
        }
        // 2. The app's own set-up and code.
        let host = hosts.first { $0.name == verdict.host }
        func setupFix(_ change: Fix.Change) -> Fix {
            Fix(changes: [change], order: verdict.order, passingSetups: failingSetups, everySetup: false, passesIn: [])
        }
        if !verdict.implementInAppDelegate.isEmpty { fixes.append(setupFix(.implement(verdict.implementInAppDelegate))) }
        if verdict.setDelegateAfterInstalls { fixes.append(setupFix(.setDelegateAfterInstalls)) }
        if !verdict.setDelegateAfterInstalls, verdict.implementInAppDelegate.isEmpty, host != nil {
            fixes += verdict.passingSetups.map { setupFix(.setup($0)) }
        }
        // Clearing the slot before freeing helps only the apps that free their delegate while it is set.
        if verdict.clearBeforeFreeing {
            fixes.append(Fix(changes: [.clearBeforeFreeing], order: verdict.order,
                             passingSetups: failingSetups.filter { $0.then == .frees || $0.then == .freesDuringEvent },
                             everySetup: false, passesIn: []))
        }
        fixes += verdict.passingInstallVariants.map {
            Fix(changes: [.installVariants($0)], order: verdict.order, passingSetups: failingSetups, everySetup: true, passesIn: configs)
        }
        // 3. The start order.
        for other in verdict.otherOrders where other.impossibility == nil {
            if let ran = trial(other.order, renames: []), !ran.setups.isEmpty || !ran.passesIn.isEmpty {
                fixes.append(Fix(changes: [.order(other.order, viaLoad: other.viaLoad)], order: other.order, passingSetups: ran.setups,
                                 everySetup: ran.every, passesIn: ran.passesIn))
            } else {
                fixes += other.passingVariants.map {
                    Fix(changes: [.order(other.order, viaLoad: other.viaLoad), .installVariants($0)], order: other.order,
                        passingSetups: failingSetups, everySetup: true, passesIn: configs)
                }
            }
        }
        // 4. Two changes together, where no single change of the app's passes under some failing set-up.
        let covered = Set(fixes.filter { $0.owner == .app }.flatMap(\.passingSetups))
        if verdict.order.count == 2, failingSetups.contains(where: { !covered.contains($0) }) {
            // Every other line, setting or form of each library, whether or not it passes by itself: upgrading both
            // SDKs can pass where upgrading either does not.
            var appChanges: [(change: Fix.Change, variant: String, replacing: String)] = []
            for id in verdict.order {
                guard let family = family(of: id) else { continue }
                for v in members(ofFamily: family) where participants[v].id != id
                    && participants[v].hosts.contains(verdict.host) && participants[v].chosenBy == nil {
                    let variant = participants[v]
                    let kind = variantKind(variant, replacing: id)
                    guard let change = change(VariantTrial(variant: variant.id, replacing: id, order: verdict.order, passesIn: [],
                                                           isLibraryChange: variant.changesLibrary, kind: kind)),
                          change.rank != 4 else { continue }
                    appChanges.append((change, variant.id, id))
                }
            }
            var candidates: [(changes: [Fix.Change], order: [String], renames: [(String, String)])] = []
            let reversed = Array(verdict.order.reversed())
            let reorder = Fix.Change.order(reversed, viaLoad: verdict.otherOrders.first { $0.order == reversed }?.viaLoad ?? false)
            for a in appChanges where a.replacing == verdict.order[0] {
                for b in appChanges where b.replacing == verdict.order[1] {
                    candidates.append(([a.change, b.change], [a.variant, b.variant], [(a.replacing, a.variant), (b.replacing, b.variant)]))
                }
            }
            // One library's change with the other start order (which may be possible only with the change: a setting
            // that turns a +load hook off).
            for a in appChanges {
                let order = reversed.map { $0 == a.replacing ? a.variant : $0 }
                candidates.append(([a.change, reorder], order, [(a.replacing, a.variant)]))
            }
            for candidate in candidates {
                guard let ran = trial(candidate.order, renames: candidate.renames) else { continue }
                let new = ran.setups.filter { !covered.contains($0) }
                guard !new.isEmpty else { continue }
                fixes.append(Fix(changes: candidate.changes, order: candidate.order, passingSetups: ran.setups, everySetup: ran.every,
                                 passesIn: ran.passesIn))
            }
        }
        verdict.fixes = Self.ranked(fixes)
        let byApp = Set(verdict.fixes.filter { $0.owner == .app }.flatMap(\.passingSetups))
        verdict.unfixedSetups = failingSetups.filter { !byApp.contains($0) }
    }

    /// The fixes in the order an integrator should try them (issue §3): ranked by kind, those that pass only where
    /// the app frees its delegate after the others, single changes before pairs; of several upgrades of one library
    /// that pass under the same set-ups, only the smallest; a downgrade only under set-ups no newer line passes.
    static func ranked(_ fixes: [Fix]) -> [Fix] {
        let sorted = fixes.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.onlyWhereFreed != y.onlyWhereFreed { return !x.onlyWhereFreed }
            if x.rank != y.rank { return x.rank < y.rank }
            if x.changes.count != y.changes.count { return x.changes.count < y.changes.count }
            return a.offset < b.offset
        }.map(\.element)
        var kept: [Fix] = []
        for fix in sorted {
            let replaced = fix.changes.compactMap { $0.replacement?.from }
            // An upgrade (or a pair of upgrades) kept earlier covers this one's set-ups: the smaller change suffices.
            if fix.changes.allSatisfy({ if case .upgrade = $0 { true } else { false } }),
               kept.contains(where: { k in
                   k.changes.allSatisfy { if case .upgrade = $0 { true } else { false } }
                       && k.changes.compactMap { $0.replacement?.from } == replaced
                       && Set(fix.passingSetups).isSubset(of: Set(k.passingSetups)) && (k.everySetup || !fix.everySetup)
               }) { continue }
            // A downgrade only where nothing newer of the same library passes.
            if fix.changes.contains(where: { if case .downgrade = $0 { true } else { false } }) {
                let newer = kept.filter { k in
                    k.changes.contains { c in
                        switch c {
                        case .upgrade, .setting: replaced.contains(c.replacement?.from ?? "")
                        default: false
                        }
                    }
                }
                let left = fix.passingSetups.filter { s in !newer.contains { $0.passingSetups.contains(s) } }
                if !newer.isEmpty && left.isEmpty { continue }
            }
            kept.append(fix)
        }
        return kept
    }
}
