// PLACEHOLDER owned by the lead: replace this file with the real catalog (participants, hosts, runner).

/// The lab the `hooklab` CLI uses.
public enum Lab {
    /// The real catalog; until the runner lands, a tiny demo whose runner finds nothing.
    public static var catalog: LabCatalog { DemoCatalog() }
}

/// PLACEHOLDER: two participants on one host, and a runner that finds nothing. Delete with this file.
struct DemoCatalog: LabCatalog {
    var participants: [ParticipantInfo] {
        [ParticipantInfo(id: "demo:a", family: "demoa", models: "placeholder A", hosts: ["DemoView"], hasLoad: true, hasAttach: false),
         ParticipantInfo(id: "demo:b", family: "demob", models: "placeholder B", hosts: ["DemoView"], hasLoad: false, hasAttach: true)]
    }
    var hosts: [HostInfo] { [HostInfo(name: "DemoView", delegateOwnership: "weak", events: ["demoEvent:"])] }
    func makeRunner() -> ScenarioRunning { DemoRunner() }

    struct DemoRunner: ScenarioRunning {
        func run(_ scenario: Scenario) -> RunResult { RunResult() }
    }
}
