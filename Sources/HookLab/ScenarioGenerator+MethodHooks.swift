// Generation of method-hook cells: the target's classes and object, each participant's install, the calls.

extension ScenarioGenerator {
    /// The scenarios of a method-hook cell, in a fixed order, without repeats.
    ///
    /// Every scenario declares the target's classes and object, installs the participants in the cell's order with
    /// their first install line (``ParticipantInfo/hookInstalls``), makes the target's calls, then runs the
    /// participants' follow-ups (`kvo.remove`) and calls again when there are any.
    /// - Every placement of the class-level hooks on the target's hook classes runs (2 for a pair and 4 for a
    ///   triple on `SubViewController -viewWillAppear:`), the first one alternating superclass and subclass.
    /// - Each other install variant (Aspects' instead and after, JSPatch without ORIG) runs once on its own, at
    ///   the first placement, as the delegate cells cover each perturbation on its own.
    func methodHookScenarios(_ cell: Matrix.Cell, _ target: MethodTargetInfo, _ infos: [ParticipantInfo]) -> [Scenario] {
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

        var result: [Scenario] = []
        let defaults = infos.map { _ in 0 }
        for placement in placements {
            result.append(methodHookScenario(cell, target, infos, variants: defaults, placement: placement))
        }
        for (i, info) in infos.enumerated() where info.hookInstalls.count > 1 {
            for v in 1..<info.hookInstalls.count {
                var variants = defaults
                variants[i] = v
                result.append(methodHookScenario(cell, target, infos, variants: variants, placement: alternating))
            }
        }
        return result.uniqued()
    }

    func methodHookScenario(_ cell: Matrix.Cell, _ target: MethodTargetInfo, _ infos: [ParticipantInfo],
                            variants: [Int], placement: [String]) -> Scenario {
        var lines = target.preamble
        for (i, info) in infos.enumerated() {
            lines.append(target.fill(info.hookInstalls[variants[i]], hookClass: placement[i], position: i))
        }
        lines += target.calls
        let followUps = infos.flatMap(\.hookFollowUps).map { target.fill($0, hookClass: target.hookClasses[0]) }
            + targetFollowUps(target, infos)
        if !followUps.isEmpty { lines += followUps + target.calls }
        // Generated lines are well formed; a malformed one would be a bug in a participant's templates.
        let steps = lines.compactMap { try? Scenario.Step(line: $0, file: cell.host, lineNumber: 1) }
        return Scenario(host: cell.host, config: cell.config, steps: steps)
    }
}
