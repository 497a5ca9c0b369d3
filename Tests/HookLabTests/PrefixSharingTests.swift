import Testing
@testable import HookLab

@Suite("Set-ups that share their first steps")
struct PrefixSharingTests {
    func scenario(_ steps: [Scenario.Step], host: String = "UITableView") -> Scenario {
        Scenario(host: host, config: .debug, steps: steps)
    }

    let installs: [Scenario.Step] = [.attach("p"), .attach("q")]

    @Test("Each scenario goes on from the earliest with the longest run of the same first steps; another host or other participants share nothing")
    func plan() {
        let scenarios = [
            scenario([.setDelegate("app")] + installs + [.fire("e"), .teardown]),
            scenario([.attach("p"), .setDelegate("app"), .attach("q"), .fire("e"), .teardown]),
            scenario(installs + [.setDelegate("app"), .fire("e"), .teardown]),
            scenario(installs + [.setDelegate("app"), .fire("e"), .setDelegate("app2"), .release("app"), .fire("e"), .teardown]),
            scenario(installs + [.fire("e"), .teardown]),
            scenario(installs + [.setDelegate("app"), .fire("e"), .teardown], host: "UICollectionView"),
            scenario(installs + [.attach("r"), .setDelegate("app"), .fire("e"), .teardown]),
        ]
        let plan = PrefixPlan(scenarios, skip: scenarios.map { _ in false }) { _ in true }
        #expect(plan.resume[0] == nil && plan.resume[1] == nil)
        // The second and third share `attach p` alone: one step is worth a copy.
        #expect(plan.resume[2]?.from == 1 && plan.resume[2]?.steps == 1)
        #expect(plan.resume[3]?.from == 2 && plan.resume[3]?.steps == 4)
        // The third and fourth share two steps with it: the earlier is the source.
        #expect(plan.resume[4]?.from == 2 && plan.resume[4]?.steps == 2)
        #expect(plan.resume[5] == nil && plan.resume[6] == nil)
        #expect(plan.snapshots[1] == [1] && plan.snapshots[2] == [2, 4] && plan.snapshots[3].isEmpty)
        #expect(plan.users[2]?[2] == 1 && plan.users[2]?[4] == 1)
    }

    @Test("A scenario the caller skips (its twin's run is reused) is no one's source, and one the runner cannot copy shares nothing")
    func skippedAndUncopyable() {
        let scenarios = [
            scenario(installs + [.setDelegate("app"), .fire("e"), .teardown]),
            scenario(installs + [.fire("e"), .teardown]),
            scenario(installs + [.setDelegate("app"), .fire("e"), .setDelegate("app2"), .release("app"), .fire("e"), .teardown]),
        ]
        let skipFirst = PrefixPlan(scenarios, skip: [true, false, false]) { _ in true }
        #expect(skipFirst.resume[1] == nil && skipFirst.resume[2]?.from == 1 && skipFirst.resume[2]?.steps == 2)
        let none = PrefixPlan(scenarios, skip: [false, false, false]) { _ in false }
        #expect(none.resume.allSatisfy { $0 == nil })
    }

    @Test("A RxCocoa cell runs each scenario from its first step, a declared SDK's cell shares: what the runner can copy")
    func copyableParticipants() {
        let runner = ModelRunner()
        #expect(runner.canSnapshot("rx") == false)
        #expect(runner.canSnapshot("imyaop") && runner.canSnapshot("kvo"))
        #expect(runner.canSnapshot("fcm") && runner.canSnapshot("onesignal"))
        #expect(runner.canSnapshot("no-such-participant") == false)
    }
}
