// The app's set-up as a dimension of every delegate-host verdict: read from a scenario's steps, projected onto one
// library, kept per cell, and the rule that a pair conflicts only under a set-up where it has a finding its libraries
// do not have alone in the same app.

import Foundation
import Testing
@testable import HookLab

@Suite("App set-ups")
struct AppSetupTests {
    static let center = Lab.catalog.hosts.first { $0.name == "UNUserNotificationCenter" }!
    static let session = Lab.catalog.hosts.first { $0.name == "NSURLSession" }!
    static let application = Lab.catalog.hosts.first { $0.name == "UIApplication" }!

    static func setup(_ lines: [String]) throws -> AppSetup {
        AppSetup(steps: try lines.enumerated().map { try #require(try Scenario.Step(line: $1, file: "t", lineNumber: $0 + 1)) })
    }

    @Test("Read from the steps: where the delegate is set against each start, and in the integrator's words")
    func readFromSteps() throws {
        let after = try Self.setup(["attach rnfb", "set-delegate app", "fire userNotificationCenter:willPresentNotification:withCompletionHandler:", "teardown"])
        #expect(after == AppSetup(setAfter: ["rnfb"], setBefore: []))
        #expect(after.text(on: Self.center) == "sets `UNUserNotificationCenter.delegate` after `rnfb` starts")
        let between = try Self.setup(["attach fcm", "set-delegate app", "attach rnfb", "teardown"])
        #expect(between.text(on: Self.center) == "sets `UNUserNotificationCenter.delegate` after `fcm` starts and before `rnfb` starts")
        let before = try Self.setup(["set-delegate app", "attach fcm", "attach rnfb"])
        #expect(before.text(on: Self.center) == "sets `UNUserNotificationCenter.delegate` before every SDK starts")
        #expect(try Self.setup(["set-delegate app", "attach newrelic"]).text(on: Self.session)
                == "creates its `NSURLSession` with its delegate before `newrelic` starts")
        #expect(try Self.setup(["attach rnfb", "fire userNotificationCenter:willPresentNotification:withCompletionHandler:"]).text(on: Self.center)
                == "never sets `UNUserNotificationCenter.delegate`")
        let lacks = try Self.setup(["delegate-lacks application:continueUserActivity:restorationHandler:", "set-delegate app", "attach branch"])
        #expect(lacks.text(on: Self.application) == "has an app delegate that lacks `application:continueUserActivity:restorationHandler:`")
        #expect(!lacks.lacks.isEmpty && lacks.isChoosable)
    }

    @Test("An SDK hooked at +load is before any of the app's code: the words leave it out; a framework loaded later is not")
    func hookedAtLaunch() throws {
        let between = try Self.setup(["load bugsnag", "set-delegate app", "attach newrelic"])
        #expect(between.atLaunch == ["bugsnag"] && between.setAfter == ["bugsnag"])
        #expect(between.text(on: Self.session) == "creates its `NSURLSession` with its delegate before `newrelic` starts")
        let after = try Self.setup(["load bugsnag", "attach newrelic", "set-delegate app"])
        #expect(after.text(on: Self.session) == "creates its `NSURLSession` with its delegate after `newrelic` starts")
        #expect(try Self.setup(["load bugsnag", "set-delegate app"]).text(on: Self.session) == "creates its `NSURLSession` with its delegate")
        // Not "before every SDK starts": the one hooked at launch came first.
        #expect(try Self.setup(["load bugsnag", "set-delegate app", "attach datadog", "attach newrelic"]).text(on: Self.session)
                == "creates its `NSURLSession` with its delegate before `datadog`, `newrelic` start")
        // The same set-up whatever its words: `atLaunch` is wording, not compared.
        #expect(between == AppSetup(setAfter: ["bugsnag"], setBefore: ["newrelic"]))
        // A `load` after another step is a framework loaded later: the app may set its delegate before it.
        let late = try Self.setup(["attach newrelic", "set-delegate app", "load bugsnag"])
        #expect(late.atLaunch.isEmpty)
        #expect(late.text(on: Self.session) == "creates its `NSURLSession` with its delegate after `newrelic` starts and before `bugsnag` starts")
        // Renamed, whether the other line hooks at launch is its own run's to say (a setting may switch the hook off):
        // the set-up then names it; projected away, it is gone.
        let renamed = between.renamed("bugsnag", to: "bugsnag:6.16")
        #expect(renamed.atLaunch.isEmpty && renamed.setAfter == ["bugsnag:6.16"])
        #expect(renamed.text(on: Self.session) == "creates its `NSURLSession` with its delegate after `bugsnag:6.16` starts and before `newrelic` starts")
        #expect(between.projected(onto: ["newrelic"]).atLaunch.isEmpty)
    }

    @Test("What the app does later: replaces, frees, assigns directly, an event before a late start; none of them a choice")
    func later() throws {
        let replaces = try Self.setup(["attach rnfb", "set-delegate app", "set-delegate app2", "release app"])
        #expect(replaces.then == .replaces && !replaces.isChoosable)
        #expect(replaces.text(on: Self.center).hasSuffix(", then replaces it with another delegate"))
        #expect(try Self.setup(["set-delegate app", "attach rnfb", "release app"]).then == .frees)
        #expect(try Self.setup(["attach fcm", "assign-delegate app", "attach rnfb"]).then == .assignsDirectly(after: ["fcm"], before: ["rnfb"]))
        let late = try Self.setup(["attach fcm", "set-delegate app", "fire userNotificationCenter:willPresentNotification:withCompletionHandler:", "attach rnfb"])
        #expect(late.then == .eventBefore("rnfb"))
        #expect(late.text(on: Self.center).hasSuffix(", and gets an event before `rnfb` starts"))
    }

    @Test("Projected onto one library: the other SDKs' starts removed, as that library alone sees the same app")
    func projection() throws {
        let between = try Self.setup(["attach fcm", "set-delegate app", "attach rnfb"])
        #expect(between.projected(onto: ["rnfb"]) == AppSetup(setAfter: [], setBefore: ["rnfb"]))
        #expect(between.projected(onto: ["fcm"]) == AppSetup(setAfter: ["fcm"], setBefore: []))
        let late = try Self.setup(["attach fcm", "set-delegate app", "fire x:", "attach rnfb"])
        #expect(late.projected(onto: ["fcm"]).then == nil)
        #expect(late.projected(onto: ["rnfb"]).then == .eventBefore("rnfb"))
    }

    @Test("rnfb alone fails only when the app sets its notification delegate after RNFB starts, and its note says so first")
    func rnfbAlone() throws {
        let matrix = LabMatrixTests.shared
        let key = Matrix.NoteKey(host: "UNUserNotificationCenter", order: ["rnfb"])
        for config in Configuration.allCases {
            let result = try #require(matrix.result(for: Matrix.Cell(host: key.host, order: key.order, config: config)))
            #expect(result.outcome != Outcome.ok && result.failsOnlyUnderSomeSetups)
            let before = try #require(result.setups.first { $0.setup == AppSetup(setAfter: [], setBefore: ["rnfb"]) })
            let after = try #require(result.setups.first { $0.setup == AppSetup(setAfter: ["rnfb"], setBefore: []) })
            #expect(before.outcome == Outcome.ok && after.outcome != Outcome.ok)
        }
        let verdict = matrix.verdict(key)
        // Before RNFB starts, or never: RNFB then takes the empty slot, as in an app that leaves it to RNFB.
        #expect(verdict.passingSetups == [AppSetup(setAfter: [], setBefore: ["rnfb"]), AppSetup(setAfter: nil, setBefore: [])])
        let note = matrix.explainNote(key).joined(separator: "\n")
        // The four ways the app can put its delegate in after RNFB starts fail alike: one clause says them.
        #expect(note.contains("**Fails when your app sets `UNUserNotificationCenter.delegate` after `rnfb` starts, in any of these ways: keeping it, later replacing it with another delegate, freeing it while it is still set, or assigning it directly instead of through its setter**; passes when it sets it before `rnfb` starts; or when it never sets it."), "\(note)")
        #expect(!note.contains("No change the app can make avoids this"))
    }

    @Test("A library's own failure under one set-up makes no pair a conflict there: its pairs conflict only under set-ups where each library alone has none of their findings")
    func conflictPerSetup() throws {
        let matrix = LabMatrixTests.shared
        var checked = 0
        for result in matrix.results where result.cell.order.count == 2 && result.cell.host == "UNUserNotificationCenter" && result.cell.order.contains("rnfb") {
            let conflicting = matrix.conflictingSetups(result)
            for setup in conflicting {
                // rnfb alone fails when the app sets its delegate after it started: never a conflict set-up of its pairs
                // unless the pair adds a finding rnfb alone does not have there.
                let own = setup.setup.projected(onto: ["rnfb"])
                let alone = try #require(matrix.result(for: result.cell.with(order: ["rnfb"])))
                let aloneThere = alone.setups.first { $0.setup == own }?.findings.map(\.signature) ?? alone.signatures
                #expect(setup.findings.contains { !aloneThere.contains($0.signature) }, "\(result.cell): \(setup.setup)")
                checked += 1
            }
            if result.outcome != .ok, conflicting.isEmpty, result.reproducer?.scenario.participants.count == 2 {
                #expect(result.conflict == false, "\(result.cell)")
            }
        }
        #expect(checked > 0)
        // The other direction, on every pair of both notification hosts: a failing set-up that is no conflict has every
        // finding in the app alone, or in one of its libraries alone in the same app (its projected set-up), never
        // merely in some other set-up of that library (issue 45 §2.4: "any set-up" turned 19 conflicts into none).
        var other = 0
        for result in matrix.results where result.cell.order.count == 2 && result.cell.host.hasPrefix("UNUserNotificationCenter") && result.outcome != .ok {
            let conflicting = Set(matrix.conflictingSetups(result).map(\.setup))
            let app = Set(matrix.appAlone[result.cell.with(order: [])] ?? [])
            for failed in result.failingSetups where !conflicting.contains(failed.setup) {
                for finding in failed.findings where !app.contains(finding.signature) {
                    let own = result.cell.order.contains { id in
                        guard let alone = matrix.result(for: result.cell.with(order: [id])) else { return false }
                        let there = alone.setups.first { $0.setup == failed.setup.projected(onto: [id]) }
                        return there.map { $0.findings.map(\.signature).contains(finding.signature) } ?? alone.signatures.contains(finding.signature)
                    }
                    #expect(own, "\(result.cell) under \(failed.setup): \(finding.kind) is no library's own there, yet no conflict")
                    other += 1
                }
            }
        }
        #expect(other > 100)
    }

    @Test("A list of set-ups says the ways the app treats its delegate at one placement once, and exactly those ways")
    func clausesGroupWays() throws {
        let kept = try Self.setup(["attach fcm", "attach rnfb", "set-delegate app"])
        let replaced = try Self.setup(["attach fcm", "attach rnfb", "set-delegate app", "set-delegate app2", "release app"])
        let freed = try Self.setup(["attach fcm", "attach rnfb", "set-delegate app", "release app"])
        let direct = try Self.setup(["attach fcm", "attach rnfb", "assign-delegate app"])
        let before = try Self.setup(["set-delegate app", "attach fcm", "attach rnfb"])
        let between = try Self.setup(["attach fcm", "assign-delegate app", "attach rnfb"])
        let late = try Self.setup(["attach fcm", "set-delegate app", "fire userNotificationCenter:willPresentNotification:withCompletionHandler:", "attach rnfb"])
        let never = try Self.setup(["attach fcm", "attach rnfb"])
        let center = Self.center
        // Four ways at one placement, one clause; the others keep their own words, in order of first appearance.
        #expect(AppSetup.clauses([(before, nil), (kept, nil), (direct, nil), (replaced, nil), (freed, nil), (late, nil), (never, nil)], on: center) == [
            "sets `UNUserNotificationCenter.delegate` before every SDK starts",
            "sets `UNUserNotificationCenter.delegate` after every SDK starts, in any of these ways: keeping it, later replacing it "
                + "with another delegate, freeing it while it is still set, or assigning it directly instead of through its setter",
            late.text(on: center),
            "never sets `UNUserNotificationCenter.delegate`",
        ])
        // Only the ways given: without the kept one the clause does not claim it.
        #expect(AppSetup.clauses([(replaced, nil), (freed, nil)], on: center) == [
            "sets `UNUserNotificationCenter.delegate` after every SDK starts, in any of these ways: later replacing it with another "
                + "delegate or freeing it while it is still set",
        ])
        // One way alone is the set-up's own words; a direct assignment groups with the setter at its own placement only.
        #expect(AppSetup.clauses([(between, nil)], on: center) == [between.text(on: center)])
        #expect(AppSetup.clauses([(direct, nil), (before, nil)], on: center) == [direct.text(on: center), before.text(on: center)])
        // Different labels (outcomes) are different clauses, each with its label.
        #expect(AppSetup.clauses([(kept, "broken"), (replaced, "crash"), (freed, "crash")], on: center) == [
            kept.text(on: center) + " (broken)",
            "sets `UNUserNotificationCenter.delegate` after every SDK starts, in any of these ways: later replacing it with another "
                + "delegate or freeing it while it is still set (crash)",
        ])
        // The claims test reads a clause back into the set-ups' own words, from the words alone.
        let clause = AppSetup.clauses([(kept, nil), (direct, nil), (replaced, nil), (freed, nil)], on: center)[0]
        #expect(NoteClaims.expanded(clause, owner: "UNUserNotificationCenter") == [kept, replaced, freed, direct].map { $0.text(on: center) })
        #expect(NoteClaims.expanded(clause.replacingOccurrences(of: "keeping it", with: "keeping it twice"), owner: "UNUserNotificationCenter").isEmpty)
        let two = AppSetup.clauses([(replaced, nil), (freed, nil)], on: center)[0]
        #expect(NoteClaims.expanded(two, owner: "UNUserNotificationCenter") == [replaced, freed].map { $0.text(on: center) })
        // An event before a late start is a way at its placement too, read back with its SDK.
        let keptBetween = try Self.setup(["attach fcm", "set-delegate app", "attach rnfb"])
        let grouped = AppSetup.clauses([(keptBetween, nil), (late, nil)], on: center)
        #expect(grouped == ["sets `UNUserNotificationCenter.delegate` after `fcm` starts and before `rnfb` starts, in any of these ways: "
                            + "keeping it or getting an event before `rnfb` starts"])
        #expect(NoteClaims.expanded(grouped[0], owner: "UNUserNotificationCenter") == [keptBetween, late].map { $0.text(on: center) })
        // A session is created with its delegate: nothing to group.
        let session = try Self.setup(["attach newrelic", "set-delegate app"])
        let sessionFreed = try Self.setup(["attach newrelic", "set-delegate app", "release app"])
        #expect(AppSetup.clauses([(session, nil), (sessionFreed, nil)], on: Self.session) == [session.text(on: Self.session), sessionFreed.text(on: Self.session)])
    }

    @Test("Reports are snapshots: a committed page changed by hand differs at its first changed line")
    func snapshotDifference() {
        #expect(Matrix.firstDifference(committed: "a\nb\nc", rendered: "a\nB\nc") == "l.2: committed 'b', rendered 'B'")
        #expect(Matrix.firstDifference(committed: "a\n", rendered: "a\n") == nil)
        #expect(Matrix.firstDifference(committed: nil, rendered: "x") != nil)
        #expect(Matrix.firstDifference(committed: "a", rendered: "a\nb") == "l.2: committed (end of file), rendered 'b'")
    }
}
