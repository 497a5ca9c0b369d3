// Shrinking: minimal reproducers on the fake runner.

import Testing
@testable import HookLab

@Suite("Shrinker")
struct ShrinkerTests {
    let runner = FakeRunner()

    func worst(_ cell: Matrix.Cell) -> Scenario {
        fakeGenerator.scenarios(for: cell).max { runner.run($0).outcome < runner.run($1).outcome }!
    }

    @Test("The incident shrinks to exactly the five steps the rule needs")
    func shrinksToTheRule() throws {
        let scenario = worst(Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .release))
        #expect(scenario.steps.count > 5)
        let reproducer = try #require(Shrinker(runner: runner).shrink(scenario))
        #expect(reproducer.scenario.steps == [.load("bridge:buggy"), .load("tracker:proxy"), .attach("bridge:buggy"),
                                              .setDelegate("app"), .fire("shouldStart:")])
        #expect(reproducer.scenario.expect == [.danglingReference, .danglingMessage])
        #expect(reproducer.result.findings.mostSevere?.kind == .danglingMessage)
        // Finding steps index into the reproducer, not into the original scenario.
        #expect(reproducer.result.findings.mostSevere?.step == 5)
    }

    @Test("The result is 1-minimal: deleting any single step loses the failure", arguments: [
        Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .debug),
        Matrix.Cell(host: "ListView", order: ["tracker:proxy", "rx"], config: .debug),
        Matrix.Cell(host: "ListView", order: ["tracker:proxy", "kvo", "rx"], config: .release),
        Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy", "kvo"], config: .release),
    ])
    func oneMinimal(_ cell: Matrix.Cell) throws {
        let scenario = worst(cell)
        let original = runner.run(scenario)
        let target = try #require(original.findings.mostSevere)
        let reproducer = try #require(Shrinker(runner: runner).shrink(scenario, result: original))
        #expect(reproducer.result.outcome == target.outcome)
        #expect(reproducer.result.findings.contains { $0.kind == target.kind })
        for index in reproducer.scenario.steps.indices {
            var smaller = reproducer.scenario
            smaller.steps.remove(at: index)
            let result = runner.run(smaller)
            #expect(!(result.outcome == target.outcome && result.findings.contains { $0.kind == target.kind }),
                    "step \(index + 1) of \(reproducer.scenario.fileText) is not needed")
        }
    }

    @Test("Release keeps the most severe kind: the forwarding cycle, without the events")
    func keepsTheKind() throws {
        let reproducer = try #require(Shrinker(runner: runner).shrink(worst(Matrix.Cell(host: "ListView", order: ["tracker:proxy", "rx"], config: .release))))
        #expect(reproducer.scenario.steps == [.load("tracker:proxy"), .attach("rx"), .verb(family: "rx", verb: "delegate", args: [])])
        #expect(reproducer.scenario.expect == [.forwardingCycle])
    }

    @Test("A passing scenario has no reproducer")
    func passingScenario() {
        let scenario = fakeGenerator.scenarios(for: Matrix.Cell(host: "WebView", order: ["tracker:proxy", "bridge:buggy"], config: .debug))[0]
        #expect(Shrinker(runner: runner).shrink(scenario) == nil)
    }
}
