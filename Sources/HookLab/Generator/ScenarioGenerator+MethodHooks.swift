// Generation of method-hook cells: the target's classes and object, each participant's install, the calls.
import ObjCModel

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

    /// A cell's scenarios and, for a method-hook cell, its variant groups.
    public struct Planned: Sendable {
        public var scenarios: [Scenario]
        public var variants: [VariantGroup]
        var parts: ([Scenario], [VariantGroup]) { (scenarios, variants) }

        /// The same plan for the cell in another configuration: generation only stamps it on each scenario.
        public func with(config: Configuration) -> Planned {
            Planned(scenarios: scenarios.map { var s = $0; s.config = config; return s }, variants: variants)
        }
    }

    /// A cell's scenarios (``scenarios(for:)``) and, for a method-hook cell, its variant groups
    /// (``methodHookVariants(_:)``), planned once.
    public func plannedScenarios(for cell: Matrix.Cell) -> Planned {
        guard let host = hosts.first(where: { $0.name == cell.host }), let target = host.methodTarget else {
            return Planned(scenarios: scenarios(for: cell), variants: [])
        }
        let infos = infos(cell.order)
        guard infos.count == cell.order.count, !infos.isEmpty, impossibility(of: cell) == nil else {
            return Planned(scenarios: [], variants: [])
        }
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
        return Planned(scenarios: scenarios, variants: groups)
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
        // The lines repeat from one scenario of the cell to the next: each distinct one is filled and parsed once.
        var parsed = targetSteps
        func steps(_ lines: [String]) -> [Scenario.Step] {
            lines.compactMap { line -> Scenario.Step? in
                if let step = parsed[line] { return step }
                // Generated lines are well formed; a malformed one would be a bug in a participant's templates.
                let step = try? Scenario.Step(line: line, file: cell.host, lineNumber: 1)
                parsed[line] = step
                return step
            }
        }
        let preamble = steps(target.preamble)
        let calls = steps(target.calls)
        let followUps = steps(infos.flatMap(\.hookFollowUps).map { target.fill($0, hookClass: target.hookClasses[0]) }
            + targetFollowUps(target, infos))
        var installs: [String: [Scenario.Step]] = [:]
        func install(_ i: Int, _ variant: Int, _ hookClass: String) -> [Scenario.Step] {
            let key = "\(i) \(variant) \(hookClass)"
            if let known = installs[key] { return known }
            let made = steps([target.fill(infos[i].hookInstalls[variant], hookClass: hookClass, position: i)])
            installs[key] = made
            return made
        }
        var superclassImplementsByClass: [String: Bool] = [:]
        func superclassImplements(_ name: String) -> Bool {
            if let known = superclassImplementsByClass[name] { return known }
            let answer = target.superclassImplements(name)
            superclassImplementsByClass[name] = answer
            return answer
        }
        let callsSuper = infos.map { $0.hookInstalls.map { $0.includes("calls-super") } }
        var result: [(variants: [Int], scenario: Scenario)] = []
        for variants in choices {
            for placement in placements {
                // A body that calls super is written only where a superclass implements the method.
                if infos.indices.contains(where: { callsSuper[$0][variants[$0]] && !superclassImplements(placement[$0]) }) { continue }
                // The target's classes and object, the installs in the cell's order, the calls; then the follow-ups
                // and the calls again, when there are follow-ups.
                var scenarioSteps = preamble
                for i in infos.indices { scenarioSteps += install(i, variants[i], placement[i]) }
                scenarioSteps += calls
                if !followUps.isEmpty { scenarioSteps += followUps + calls }
                result.append((variants, Scenario(host: cell.host, config: cell.config, steps: scenarioSteps)))
            }
        }
        return result
    }
}

extension MethodTargetInfo {
    /// Whether a superclass of the declared class `name` implements the target's selector, per the preamble's
    /// `class NAME : SUPER SEL…` lines.
    func superclassImplements(_ name: String) -> Bool {
        // The classes every target has without declaring them (UIViewController and its lifecycle methods), then its own.
        let classes = MethodHookWorld.builtIns + preamble.compactMap(MethodHookWorld.DeclaredClass.init(line:))
        let superclass = classes.first { $0.name == name }?.superclass
        return MethodHookWorld.DeclaredClass.implementer(of: selector, from: superclass, in: classes) != nil
    }
}
