// Generation of the delegate-host traps integrators fall into beyond the install orders: a direct `host.delegate =`
// after a library attached, and the app freeing a delegate that is still installed.

extension ScenarioGenerator {
    /// The trap scenarios of a delegate-host cell, after the install-order ones.
    ///
    /// - `assign-delegate app` right after each runtime install (once a library has attached, something assigns
    ///   `host.delegate` directly: a storyboard outlet, a third-party view, the app's own code; RxSwift #1758, #705),
    ///   or right after launch when nothing installs at runtime;
    /// - the app's delegate set last, the events fired, then the app releasing that delegate while it is still
    ///   installed and the events fired again (where an assign slot dangles and a weak one zeroes);
    /// - on a host with a teardown event (UIScrollView), the app's delegate set last, then freed while the host sends
    ///   that event (`fire-while-deallocating`).
    func trapScenarios(_ cell: Matrix.Cell, _ host: HostInfo, _ plan: Plan) -> [Scenario] {
        let fireAll = host.events.map { Scenario.Step.fire($0) }
        var result: [Scenario] = []
        // With no runtime install (a library that hooks only at launch, or the app alone), the direct assignment
        // comes right after launch: the alone and app-alone cells run every family a pair runs, so the diagonal
        // shows what a library does by itself. A URL session's delegate is given only at creation: nothing can
        // assign it directly.
        for position in plan.runtime.isEmpty ? [-1] : Array(plan.runtime.indices) where host.delegateAtCreation == nil {
            var steps = plan.loadTime
            if position < 0 { steps.append(.assignDelegate(Self.appDelegate)) }
            for (index, unit) in plan.runtime.enumerated() {
                steps += unit
                if index == position { steps.append(.assignDelegate(Self.appDelegate)) }
            }
            steps += plan.verbs + fireAll + [.teardown]
            result.append(Scenario(host: cell.host, config: cell.config, steps: steps))
        }
        // The app delegate (a Flutter app's notification delegate) lives as long as the process.
        guard !host.delegateIsAppDelegate else { return result }
        var released = plan.loadTime + plan.runtime.flatMap { $0 }
        released += [.setDelegate(Self.appDelegate)] + plan.verbs + fireAll
        released += [.release(Self.appDelegate)] + fireAll + [.teardown]
        result.append(Scenario(host: cell.host, config: cell.config, steps: released))
        // The screen that owns the host and is its delegate goes away: the host sends its teardown event while the
        // delegate deallocates (weak references already nil, associated objects still alive).
        if let event = host.eventWhileDelegateDeallocates {
            var teardown = plan.loadTime + plan.runtime.flatMap { $0 }
            teardown += [.setDelegate(Self.appDelegate)] + plan.verbs
            teardown += [.fireWhileDeallocating(name: Self.appDelegate, selector: event), .teardown]
            result.append(Scenario(host: cell.host, config: cell.config, steps: teardown))
        }
        return result
    }
}
