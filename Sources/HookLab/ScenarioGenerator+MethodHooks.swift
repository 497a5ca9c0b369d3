// Generation of method-hook cells: the target's classes and object, each participant's install, the calls.

extension ScenarioGenerator {
    /// The scenarios of a method-hook cell, in a fixed order, without repeats.
    ///
    /// Every scenario declares the target's classes and object, installs the participants in the cell's order with
    /// one of their install lines (``ParticipantInfo/hookInstalls``), makes the target's calls, then runs the
    /// participants' follow-ups (`kvo.remove`) and calls again when there are any.
    /// - Every placement of the class-level hooks on the target's hook classes runs (2 for a pair and 4 for a
    ///   triple on `SubViewController -viewWillAppear:`), the first one alternating superclass and subclass.
    /// - Every install variant of each participant (Aspects before/instead/after, JSPatch ORIG/super/neither,
    ///   XAspect forward/no-forward) runs at every placement, the other participants at their first variant
    ///   (see ``methodHookVariants(_:)``).
    func methodHookScenarios(_ cell: Matrix.Cell, _ target: MethodTargetInfo, _ infos: [ParticipantInfo]) -> [Scenario] {
        methodHookPlan(cell, target, infos).map(\.scenario).uniqued()
    }

    /// One named install variant of a method-hook cell and the indices, in ``scenarios(for:)``, of its scenarios:
    /// one per placement.
    public struct VariantGroup: Hashable, Sendable {
        /// `family:name`, e.g. `aspects:instead`.
        public var name: String
        public var scenarios: [Int]
    }

    /// The install variants of a method-hook cell: for each participant with several install lines, each of them
    /// with the others at their first; empty when no participant of the cell has variants.
    public func methodHookVariants(_ cell: Matrix.Cell) -> [VariantGroup] { plannedScenarios(for: cell).variants }

    /// A cell's scenarios (``scenarios(for:)``) and, for a method-hook cell, its variant groups
    /// (``methodHookVariants(_:)``), planned once.
    public func plannedScenarios(for cell: Matrix.Cell) -> (scenarios: [Scenario], variants: [VariantGroup]) {
        guard let host = hosts.first(where: { $0.name == cell.host }), let target = host.methodTarget else {
            return (scenarios(for: cell), [])
        }
        let infos = cell.order.compactMap { id in participants.first { $0.id == id } }
        guard infos.count == cell.order.count, !infos.isEmpty, impossibility(of: cell) == nil else { return ([], []) }
        let plan = methodHookPlan(cell, target, infos)
        var scenarios: [Scenario] = []
        var position: [Scenario: Int] = [:]
        var planIndex: [Int] = []
        for entry in plan {
            if let known = position[entry.scenario] {
                planIndex.append(known)
            } else {
                position[entry.scenario] = scenarios.count
                planIndex.append(scenarios.count)
                scenarios.append(entry.scenario)
            }
        }
        var groups: [VariantGroup] = []
        for (i, info) in infos.enumerated() where info.hookInstalls.count > 1 {
            for v in info.hookInstalls.indices {
                let name = info.family + ":" + (v < info.hookVariantNames.count ? info.hookVariantNames[v] : String(v + 1))
                var choice = infos.map { _ in 0 }
                choice[i] = v
                let indices = plan.indices.filter { plan[$0].variants == choice }.map { planIndex[$0] }
                if !indices.isEmpty { groups.append(VariantGroup(name: name, scenarios: indices.uniqued())) }
            }
        }
        return (scenarios, groups)
    }

    /// Every (variant choice, placement) of a cell with its scenario (a `calls-super` variant only at placements whose
    /// superclass implements the method): first every placement at the first variants
    /// (the alternating placement first), then each other variant of each participant at every placement.
    func methodHookPlan(_ cell: Matrix.Cell, _ target: MethodTargetInfo, _ infos: [ParticipantInfo])
        -> [(variants: [Int], scenario: Scenario)] {
        guard infos.allSatisfy({ !$0.hookInstalls.isEmpty }), !target.hookClasses.isEmpty else { return [] }
        let classes = target.hookClasses
        let placeable = infos.map { $0.hookInstalls.contains { $0.split(separator: " ").contains("CLASS") } }
        var placements: [[String]] = [[]]
        for i in infos.indices {
            let options = placeable[i] ? classes : [classes[0]]
            placements = placements.flatMap { p in options.map { p + [$0] } }
        }
        // First the related placement: the first installed on the superclass, the next on the subclass, and so on.
        var next = 0
        let alternating = infos.indices.map { i -> String in
            guard placeable[i] else { return classes[0] }
            defer { next += 1 }
            return classes[next % classes.count]
        }
        placements.removeAll { $0 == alternating }
        placements.insert(alternating, at: 0)

        let defaults = infos.map { _ in 0 }
        var choices = [defaults]
        for (i, info) in infos.enumerated() where info.hookInstalls.count > 1 {
            for v in 1..<info.hookInstalls.count {
                var variants = defaults
                variants[i] = v
                choices.append(variants)
            }
        }
        var parsed: [String: Scenario.Step] = [:]
        var result: [(variants: [Int], scenario: Scenario)] = []
        for variants in choices {
            for placement in placements {
                // A body that calls super is written only where a superclass implements the method.
                if infos.indices.contains(where: {
                    infos[$0].hookInstalls[variants[$0]].contains("calls-super") && !target.superclassImplements(placement[$0])
                }) { continue }
                result.append((variants, methodHookScenario(cell, target, infos, variants: variants, placement: placement,
                                                           parsed: &parsed)))
            }
        }
        return result
    }

    func methodHookScenario(_ cell: Matrix.Cell, _ target: MethodTargetInfo, _ infos: [ParticipantInfo],
                            variants: [Int], placement: [String], parsed: inout [String: Scenario.Step]) -> Scenario {
        var lines = target.preamble
        for (i, info) in infos.enumerated() {
            lines.append(target.fill(info.hookInstalls[variants[i]], hookClass: placement[i], position: i))
        }
        lines += target.calls
        let followUps = infos.flatMap(\.hookFollowUps).map { target.fill($0, hookClass: target.hookClasses[0]) }
            + targetFollowUps(target, infos)
        if !followUps.isEmpty { lines += followUps + target.calls }
        // Generated lines are well formed; a malformed one would be a bug in a participant's templates.
        // The lines repeat from one scenario of the cell to the next: each is parsed once.
        let steps = lines.compactMap { line -> Scenario.Step? in
            if let step = parsed[line] { return step }
            let step = try? Scenario.Step(line: line, file: cell.host, lineNumber: 1)
            parsed[line] = step
            return step
        }
        return Scenario(host: cell.host, config: cell.config, steps: steps)
    }
}

extension MethodTargetInfo {
    /// Whether a superclass of the declared class `name` implements the target's selector, per the preamble's
    /// `class NAME : SUPER SEL…` lines.
    func superclassImplements(_ name: String) -> Bool {
        var declared: [String: (superclass: String, selectors: [String])] = [:]
        // The classes every target has without declaring them (UIViewController and its lifecycle methods).
        for builtIn in MethodHookWorld.builtIns { declared[builtIn.name] = (builtIn.superclass, builtIn.selectors) }
        for line in preamble {
            let words = line.split(separator: " ").map(String.init)
            if words.count >= 4, words[0] == "class", words[2] == ":" { declared[words[1]] = (words[3], Array(words.dropFirst(4))) }
        }
        var current = declared[name]?.superclass
        while let c = current, let entry = declared[c] {
            if entry.selectors.contains(selector) { return true }
            current = entry.superclass
        }
        return false
    }
}
