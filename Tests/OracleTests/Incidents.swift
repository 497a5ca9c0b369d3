// INCIDENTS.md 1 and 3 as plain Objective-C programs on a real runtime: their printed outcome lines must be
// the outcomes INCIDENTS.md expects from the lab, for the buggy and the fixed variants.

import Foundation
import Testing

/// One run of an incident program: its arguments, environment and the outcome lines it must print.
struct IncidentRun: CustomTestStringConvertible, Sendable {
    let program: String
    let arguments: [String]
    let environment: [String: String]
    /// The `outcome:` lines, in order (INCIDENTS.md "Expected").
    let outcomes: [String]
    var testDescription: String { "\(program) \(arguments.joined(separator: " "))" }

    static let all: [IncidentRun] = incident1 + incident3

    static let zombies = ["NSZombieEnabled": "YES"]

    // INCIDENTS.md 1: danglingReference after the second setDelegate:, danglingMessage through
    // -[_WebSafeForwarder forwardInvocation:] at the next event; jsbridge:fixed and the other load order work.
    static let incident1: [IncidentRun] = [
        IncidentRun(program: "incident1_jsbridge", arguments: ["buggy"], environment: zombies, outcomes: [
            "outcome: danglingReference web view assign delegate -> freed tracker wrapper #1",
            "outcome: danglingMessage -[_WebSafeForwarder forwardInvocation:] sends webViewDidStartLoad: to a freed object",
            "outcome: events reached bridge 0, tracker 0, app delegate 0",
        ]),
        IncidentRun(program: "incident1_jsbridge", arguments: ["fixed"], environment: zombies, outcomes: [
            "outcome: events reached bridge 1, tracker 1, app delegate 1",
        ]),
        IncidentRun(program: "incident1_jsbridge", arguments: ["buggy", "tracker-first"], environment: zombies, outcomes: [
            "outcome: events reached bridge 1, tracker 1, app delegate 1",
        ]),
        IncidentRun(program: "incident1_jsbridge", arguments: ["fixed", "tracker-first"], environment: zombies, outcomes: [
            "outcome: events reached bridge 1, tracker 1, app delegate 1",
        ]),
    ]

    // INCIDENTS.md 3 (release): infiniteRecursion between the Rx proxy's and the wrapper's respondsToSelector:,
    // a forwarding cycle, the app delegate lost; rx:patched: each observer sees the event once.
    static let incident3: [IncidentRun] = [
        IncidentRun(program: "incident3_rx_cycle", arguments: ["rx"], environment: [:], outcomes: [
            "outcome: infiniteRecursion respondsToSelector: -[RxCollectionViewDelegateProxy respondsToSelector:] <-> -[TrackerWrapper respondsToSelector:]",
            "outcome: forwardingCycle Rx proxy -> tracker wrapper -> Rx proxy",
            "outcome: lostEvent the app delegate is not in the chain",
            "outcome: events reached rx subscriber 0, tracker 0, app delegate 0",
        ]),
        IncidentRun(program: "incident3_rx_cycle", arguments: ["rx:patched"], environment: [:], outcomes: [
            "outcome: events reached rx subscriber 1, tracker 1, app delegate 1",
        ]),
    ]

    /// Runs the program natively and returns all its lines.
    func runNative() throws -> (lines: [String], status: Int32) {
        let exe = try Native.build("incidents/\(program).m")
        return try Native.output(of: exe, arguments: arguments, environment: environment)
    }
}

@Suite("Incidents 1 and 3 on a real runtime (GCC + GNUstep)")
struct RealRuntimeIncidentTests {
    @Test("incident", .enabled(if: Native.available, Comment(rawValue: "gcc/GNUstep missing; \(Native.installHint)")),
          arguments: IncidentRun.all)
    func incident(_ run: IncidentRun) throws {
        let (lines, status) = try run.runNative()
        #expect(status == 0, "\(run.testDescription) exited with \(status):\n\(lines.joined(separator: "\n"))")
        let outcomes = lines.filter { $0.hasPrefix("outcome:") }
        #expect(outcomes == run.outcomes, "\(run.testDescription) printed:\n\(lines.joined(separator: "\n"))")
    }
}
