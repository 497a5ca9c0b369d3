// Fixes as values run under each failing set-up (issue "Advice an integrator can follow"): the cases the issue names,
// each checked on the values (`Verdict.fixes`, `unfixedSetups`) and not only on the rendered sentence, and the set-up
// sentence in each shape of mixed outcomes.
import Foundation
import Testing
@testable import HookLab
import HookLabCLI

@Suite("Fixes as values, judged per set-up")
struct FixValueTests {
    static var matrix: Matrix { LabMatrixTests.shared }
    let un = "UNUserNotificationCenter"
    var never: AppSetup { AppSetup(setAfter: nil, setBefore: []) }

    func verdict(_ host: String, _ order: [String]) -> Matrix.Verdict { Self.matrix.verdict(Matrix.NoteKey(host: host, order: order)) }
    func note(_ host: String, _ order: [String]) -> String {
        Self.matrix.explainNote(Matrix.NoteKey(host: host, order: order)).joined(separator: "\n")
    }

    @Test("expo → rnfb:double-call: the upgrade to rnfb passes only where the app sets no delegate; elsewhere no change helps, and says where")
    func expoThenDoubleCall() throws {
        let v = verdict(un, ["expo", "rnfb:double-call"])
        let upgrade = try #require(v.fixes.first)
        #expect(upgrade.changes == [.upgrade(replacing: "rnfb:double-call", with: "rnfb", target: "RNFBMessaging ≥ 26.0.0")])
        #expect(upgrade.passingSetups == [never] && !upgrade.everySetup && upgrade.owner == .app)
        #expect(!v.unfixedSetups.isEmpty && !v.unfixedSetups.contains(never))
        let text = note(un, ["expo", "rnfb:double-call"])
        #expect(text.contains("`expo → rnfb` passes when your app never sets `UNUserNotificationCenter.delegate`."), "\(text)")
        #expect(text.contains("No change the app can make avoids this in the lab unless your app never sets"), "\(text)")
    }

    @Test("expo alone passes in an app that sets no notification delegate, and the note offers that set-up")
    func expoAlone() throws {
        for config in Configuration.allCases {
            let result = try #require(Self.matrix.result(for: Matrix.Cell(host: un, order: ["expo"], config: config)))
            #expect(result.setups.first { $0.setup == never }?.outcome == .ok)
        }
        #expect(verdict(un, ["expo"]).fixes.contains { $0.changes == [.setup(never)] })
        #expect(verdict(un, ["expo"]).unfixedSetups.isEmpty)
    }

    @Test("embrace → rnfb: starting Embrace after RNFB passes under the set-up where the app sets its delegate before every SDK")
    func embraceThenRnfb() throws {
        let v = verdict(un, ["embrace", "rnfb"])
        let order = try #require(v.fixes.first { $0.changes == [.order(["rnfb", "embrace"], viaLoad: false)] })
        #expect(order.passingSetups == [AppSetup(setAfter: [], setBefore: ["embrace", "rnfb"])])
        #expect(!v.noOtherOrderHelps)
    }

    @Test("notifee:7 ↔ rnfb:double-call: upgrading both passes where the app sets its delegate before every SDK, though neither upgrade does alone")
    func upgradeBoth() throws {
        let v = verdict(un, ["notifee:7", "rnfb:double-call"])
        let both = try #require(v.fixes.first { $0.changes.count == 2 })
        #expect(both.order == ["notifee", "rnfb"])
        #expect(both.changes.allSatisfy { if case .upgrade = $0 { true } else { false } })
        #expect(both.passingSetups.contains(AppSetup(setAfter: [], setBefore: ["notifee:7", "rnfb:double-call"])))
        #expect(!v.fixes.contains { $0.changes.count == 1 && $0.passingSetups == both.passingSetups })
    }

    @Test("An upgrade prints its whole range; an older line is a downgrade, never a plain choice; a mode the server picks is never offered")
    func rangesAndOwners() {
        var checked = 0
        for (key, verdict) in Self.matrix.verdicts {
            for fix in verdict.fixes {
                for change in fix.changes {
                    switch change {
                    case .upgrade(_, let to, let target), .downgrade(_, let to, let target):
                        // The target range is the line's, upper bound included, as its participant file declares it.
                        let info = Self.matrix.participants.first { $0.id == to }
                        if let upper = info?.packages.first?.versions.description.components(separatedBy: " < ").dropFirst().first {
                            #expect(target.contains("< \(upper)"), "\(key): \(target)")
                            checked += 1
                        }
                    case .choice(let from, let to):
                        let kind = Matrix.VariantTrial.Kind.of(Self.matrix.participants.first { $0.id == to }!,
                                                               replacing: Self.matrix.participants.first { $0.id == from },
                                                               lines: Self.matrix.participants)
                        #expect(kind == .choice, "\(key): `\(to)` for `\(from)` is \(kind)")
                    default: break
                    }
                    if let to = change.replacement?.to {
                        #expect(Self.matrix.participants.first { $0.id == to }?.chosenBy == nil, "\(key) offers `\(to)`")
                    }
                }
            }
        }
        #expect(checked > 10)
        let sensors = verdict("UITableView", ["sensors:nsproxy"]).fixes.flatMap(\.changes)
        #expect(sensors.contains(.upgrade(replacing: "sensors:nsproxy", with: "sensors:isa-instance", target: "SensorsAnalyticsSDK ≥ 2.2.0 < 2.5.3")), "\(sensors)")
    }

    @Test("Firebase 10 with React Native Firebase 23+ cannot exist; FCM with RNFB 23.8.5–25 is reported through RNFB's requirement")
    func requirements() throws {
        for order in [["fcm:10", "rnfb"], ["rnfb:double-call", "fcm:10"], ["fcm:10:proxy-off", "rnfb"]] {
            #expect(Self.matrix.result(for: Matrix.Cell(host: un, order: order, config: .debug))?.impossibility?.contains("pins Firebase iOS 12") == true, "\(order)")
        }
        let result = try #require(Self.matrix.result(for: Matrix.Cell(host: un, order: ["fcm", "rnfb:double-call"], config: .release)))
        #expect(result.evidence == .reported && result.sources.contains { $0.contains("#9049") })
    }

    @Test("The set-up sentence in each shape: one outcome unnamed, mixed outcomes named, the kept placement after a freeing one, no passing set-up, the shorter list of passing set-ups")
    func setupSentenceShapes() {
        // One outcome: not named.
        let clevertap = note(un, ["clevertap"])
        #expect(clevertap.contains("**Fails when your app sets `UNUserNotificationCenter.delegate` after `clevertap` starts, then replaces it with another delegate**; passes when it sets it before `clevertap` starts; or when it never sets it."), "\(clevertap)")
        #expect(!clevertap.components(separatedBy: "\n").contains { $0.hasPrefix("**Fails") && $0.contains(" (broken)") })
        // The ways of one placement that fail alike are one clause (AppSetup.clauses).
        let rnfb = note(un, ["rnfb"])
        #expect(rnfb.contains("**Fails when your app sets `UNUserNotificationCenter.delegate` after `rnfb` starts, in any of these ways: keeping it, later replacing it with another delegate, freeing it while it is still set, or assigning it directly instead of through its setter**; passes when it sets it before `rnfb` starts; or when it never sets it."), "\(rnfb)")
        // Fewer set-ups pass than fail, and every other one fails the same way: the passing ones are named.
        let shorter = note("UNUserNotificationCenter@flutter", ["clevertap", "fcm"])
        #expect(shorter.contains("**Fails unless your app never sets `UNUserNotificationCenter.delegate`**: every other set-up the lab ran fails."), "\(shorter)")
        // Mixed outcomes, each named, and the placement of the freeing set-up kept set passes (Datadog, #2867).
        let datadog = note("UIScrollView", ["datadog"])
        #expect(datadog.contains("**Fails when your app sets `UIScrollView.delegate` before `datadog` starts (broken); or when it sets `UIScrollView.delegate` after `datadog` starts, then frees it while the host still sends it an event, as when the screen that owns both is torn down (crash)**; passes when it sets it after `datadog` starts and does not free it while it is set."), "\(datadog)")
        // Refused and broken named; the app that sets none passes.
        let expo = note(un, ["expo"])
        #expect(expo.contains("before `expo` starts (refused); or when it sets `UNUserNotificationCenter.delegate` after `expo` starts, in any of these ways: keeping it, later replacing it with another delegate, freeing it while it is still set, or assigning it directly instead of through its setter (broken)**"), "\(expo)")
        #expect(expo.contains("passes when it never sets it."))
    }

    @Test("Clearing the slot before freeing covers only the set-ups that free the delegate")
    func clearingCoversFreeing() throws {
        let v = verdict("UIScrollView", ["datadog"])
        let clear = try #require(v.fixes.first { $0.changes == [.clearBeforeFreeing] })
        #expect(!clear.passingSetups.isEmpty && clear.passingSetups.allSatisfy { $0.then == .freesDuringEvent || $0.then == .frees })
    }

    @Test("Setting the delegate after the installs names only the SDKs the app starts, not those hooked at +load")
    func afterInstallsNamesTheAppsStarts() throws {
        let v = verdict("NSURLSession", ["bugsnag", "fpr"])
        #expect(v.fixes.contains { $0.changes == [.setDelegateAfterInstalls] })
        let note = note("NSURLSession", ["bugsnag", "fpr"])
        #expect(note.contains("- Create the `NSURLSession` with your delegate after starting `fpr`:"), "\(note)")
        #expect(!note.contains("after starting `bugsnag`") && !note.contains("after `bugsnag` starts"), "\(note)")
    }

    @Test("explain --json carries the fixes as values")
    func explainJSON() throws {
        var out = ""
        let cli = CLI(root: LabMatrixTests.root, environment: [:], workers: 2, showsProgress: false,
                      standardOutput: { out += $0 }, standardError: { _ in })
        _ = cli.main(arguments: ["explain", un, "expo", "rnfb:double-call", "--json"])
        let root = try JSONValue.parse(out)
        let first = try #require(root["fixes"]?.items.first)
        #expect(first["owner"]?.value == .string("app"))
        #expect(first["passingSetups"]?.items.first?.value == .string("never sets `UNUserNotificationCenter.delegate`"))
        #expect(first["changes"]?.items.first?["range"]?.value == .string("RNFBMessaging ≥ 26.0.0"))
        #expect(root["noChangeHelpsWhen"]?.items.isEmpty == false)
    }

    @Test("matrix.json carries each failing order's fixes as the same values, in its fixes table; a passing cell has none")
    func matrixJSONFixes() throws {
        // The rendered matrix.json the shared matrix writes (Reports/matrix.json), parsed once for the suite.
        let document = try LabMatrixTests.sharedDocument.get()
        let cells = Matrix.expandedCells(document)
        func cell(_ order: [String]) -> JSONValue? {
            cells.first { $0["host"] == .string(un) && $0["order"] == .array(order.map(JSONValue.string)) && $0["config"] == .string("debug") }
        }
        let failing = try #require(cell(["expo", "rnfb:double-call"]))
        let expected = Self.matrix.fixesJSON(Matrix.NoteKey(host: un, order: ["expo", "rnfb:double-call"]))
        #expect(failing["fixes"] == expected)
        guard case .array(let fixes)? = failing["fixes"]?["fixes"], case .string(let owner)? = fixes.first?["owner"] else {
            Issue.record("no fixes"); return
        }
        #expect(owner == "app")
        // A passing cell carries none.
        let passing = cells.first { $0["outcome"] == .string("ok") && $0["possible"] == .bool(true) }
        #expect(passing != nil && passing?["fixes"] == nil)
    }
}
