// The fixes that keep the SDK, ranked (issue "The answer for the app at hand" §3–4): upgrades in package terms,
// documented settings as variant participants, `requires` lines that make orders impossible, drop last.
import Foundation
import Testing
@testable import HookLab
import HookLabCLI

@Suite("Ranked fixes, settings and requirements")
struct RankedFixesTests {
    static var matrix: Matrix { LabMatrixTests.shared }
    static let catalog = Lab.catalog

    func note(_ host: String, _ order: [String]) -> String {
        Self.matrix.explainNote(Matrix.NoteKey(host: host, order: order)).joined(separator: "\n")
    }

    /// The lines of a note's "What you can do" list, the folded ones included.
    func actions(_ host: String, _ order: [String]) -> [String] {
        let lines = note(host, order).components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "**What you can do:**") else { return [] }
        return lines[(start + 1)...].prefix { !$0.hasPrefix("<details><summary>Minimal") }.filter { $0.hasPrefix("- ") }
    }

    @Test("Version ranges overlap only where some version lies in both (every operator, shared bounds)")
    func overlaps() throws {
        func range(_ text: String) throws -> VersionRange { try VersionRange(words: text.split(separator: " ").map(String.init)) }
        #expect(try range(">= 8.0.0").overlaps(range(">= 8.1.0")))
        #expect(try !range("< 8.0.0").overlaps(range(">= 8.1.0")))
        #expect(try range("<= 8.1.0").overlaps(range(">= 8.1.0")))
        #expect(try !range("< 8.1.0").overlaps(range(">= 8.1.0")))
        #expect(try !range("<= 8.1.0").overlaps(range("> 8.1.0")))
        #expect(try range("= 3.8.0").overlaps(range(">= 3.8.0 < 3.9.0")))
        #expect(try !range("= 3.8.0").overlaps(range("> 3.8.0")))
        #expect(try range("*").overlaps(range("< 1.0.0")))
        #expect(try !range(">= 23.8.5 < 26.0.0").overlaps(range(">= 26.0.0")))
    }

    @Test("FCM 12 with GoogleUtilities 7 is not possible, with the podspec's reason, in both orders; with GUL 8 it runs")
    func requiresGUL81() {
        let generator = ScenarioGenerator(hosts: Self.catalog.hosts, participants: Self.catalog.participants)
        for order in [["fcm", "gul:7"], ["gul:7", "fcm"]] {
            let cell = Matrix.Cell(host: "UIApplication", order: order, config: .release)
            #expect(generator.impossibility(of: cell) == "not possible: Firebase Messaging 11 and 12 require GoogleUtilities 8")
            #expect(Self.matrix.result(for: cell)?.possible == false)
        }
        #expect(generator.impossibility(of: Matrix.Cell(host: "UIApplication", order: ["fcm", "gul"], config: .release)) == nil)
        // A note never advises an order that cannot happen.
        for result in Self.matrix.results where result.cell.order.contains("gul:7") && result.outcome != .ok {
            let text = note(result.cell.host, result.cell.order)
            #expect(!text.contains("`fcm → gul:7`") && !text.contains("`gul:7 → fcm`"), "\(result.cell)")
        }
    }

    @Test("A setting line makes a passive variant of the same family; one switch cannot be on for one SDK and off for another")
    func settings() throws {
        let off = try #require(Self.catalog.participants.first { $0.id == "fcm:proxy-off" })
        #expect(off.family == "fcm" && off.setting?.of == "fcm" && off.setting?.text.hasPrefix("FirebaseAppDelegateProxyEnabled = NO") == true)
        #expect(off.hosts.contains("UIApplication") && off.hosts.contains("UNUserNotificationCenter"))
        let generator = ScenarioGenerator(hosts: Self.catalog.hosts, participants: Self.catalog.participants)
        let mixed = generator.impossibility(of: Matrix.Cell(host: "UIApplication", order: ["fcm:proxy-off", "gul"], config: .debug))
        #expect(mixed?.hasPrefix("not possible: FirebaseAppDelegateProxyEnabled = NO in Info.plist is one switch for the whole app") == true, "\(mixed ?? "nil")")
        #expect(generator.impossibility(of: Matrix.Cell(host: "UIApplication", order: ["fcm:proxy-off", "gul:proxy-off"], config: .debug)) == nil)
        // Two SDKs' switches of one name that read no shared Info.plist key are two switches: Braze's and CleverTap's `manual`.
        #expect(generator.impossibility(of: Matrix.Cell(host: "UIApplication", order: ["braze", "clevertap:manual"], config: .debug)) == nil)
        #expect(generator.impossibility(of: Matrix.Cell(host: "UNUserNotificationCenter", order: ["intercom:manual", "clevertap"], config: .debug)) == nil)
        // Settings stay out of triples, like older versions.
        #expect(!generator.orders(host: "UNUserNotificationCenter", length: 3).contains { $0.contains("fcm:proxy-off") })
        // A setting needs the source where the SDK reads it.
        let text = "participant a\nobserve UIApplication application:openURL:options:\nstart runtime\nsetter none\npassive\nsetting off \"X = NO\"\n"
        #expect { try ParticipantFile.parse(text: text, file: "a.hooklab") } throws: { error in
            (error as? InputFileError).map { $0.line == 6 && $0.message.contains("SOURCE") } ?? false
        }
    }

    @Test("RNFB 23.8.5–25.x: the upgrade to 26.0.0 comes first, in package terms, with the set-up it needs")
    func rnfbUpgrade() {
        let text = note("UNUserNotificationCenter", ["rnfb:double-call"])
        let actions = actions("UNUserNotificationCenter", ["rnfb:double-call"])
        #expect(actions.first == "- Upgrade to RNFBMessaging ≥ 26.0.0 (`rnfb` for `rnfb:double-call`): `rnfb` passes when your app sets `UNUserNotificationCenter.delegate` before `rnfb` starts.", "\(text)")
        #expect(!text.contains("No change the app can make"))
        // RNFB alone fails only when the app sets its delegate after RNFB starts.
        let alone = note("UNUserNotificationCenter", ["rnfb"])
        #expect(alone.contains("**Fails when your app sets `UNUserNotificationCenter.delegate` after `rnfb` starts, in any of these ways: keeping it, later replacing it with another delegate, freeing it while it is still set, or assigning it directly instead of through its setter**; passes when it sets it before `rnfb` starts; or when it never sets it."), "\(alone)")
    }

    @Test("Drop is the last fix, saying what the app loses; no note says no change helps while a fix passes")
    func dropLast() {
        var checked = 0
        for result in Self.matrix.results where result.cell.order.count == 2 && result.outcome != .ok
            && Self.catalog.hosts.first(where: { $0.name == result.cell.host })?.isAppLevel == true {
            let verdict = Self.matrix.verdict(Matrix.NoteKey(host: result.cell.host, order: result.cell.order))
            guard verdict.attribution == .conflict else { continue }
            let actions = actions(result.cell.host, result.cell.order)
            guard let drop = actions.firstIndex(where: { $0.hasPrefix("- As a last resort, drop ") }) else {
                Issue.record("no drop line: \(result.cell)"); continue
            }
            #expect(actions[drop].contains("(you lose "))
            // Last: nothing after it, folded or not.
            #expect(drop == actions.count - 1, "\(result.cell): \(actions)")
            // "No change the app can make" only where some failing set-up has no fix of the app's.
            #expect(actions.contains { $0.contains("No change the app can make") } == !verdict.unfixedSetups.isEmpty, "\(result.cell): \(actions)")
            // The fixes in their rank (issue "Advice an integrator can follow" §3), those that pass only where the app
            // frees its delegate after the others, single changes before pairs of the same rank.
            let keys = verdict.fixes.map { [$0.onlyWhereFreed ? 1 : 0, $0.rank, $0.changes.count] }
            #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) }, "\(result.cell): \(keys)")
            // And rendered in that order: a downgrade never before an upgrade or a setting of the app's.
            let kinds = actions.prefix(drop).compactMap { line -> Int? in
                line.hasPrefix("- Upgrade to ") || line.contains("documented setting") && !line.contains("the lab did not run it") ? 0
                    : line.hasPrefix("- Downgrade to ") ? 3 : nil
            }
            #expect(kinds == kinds.sorted(), "\(result.cell): \(actions)")
            checked += 1
        }
        #expect(checked > 20)
    }

    @Test("advise: where some orders pass but no single install-order rule covers them, the two-rule and required-order search (orderRules, requiredOrder) comes before any drop")
    func adviseMultiRule() throws {
        let generator = ScenarioGenerator(hosts: Self.catalog.hosts, participants: Self.catalog.participants)
        let advisor = Advisor(generator: generator, workers: 2, footprints: nil, makeRunner: Self.catalog.makeRunner)
        let set = ["expo-app-metrics", "fpr", "pangle"]
        let advice = advisor.advise(host: "NSURLSession", participants: set, configs: Configuration.allCases, shrink: false)
        let texts = advice.fixes.map(advice.text(of:))
        // Some orders pass, none under one rule: the fixes are two rules, or exactly one order.
        #expect(!advice.evaluation.passingOrders.isEmpty && !advice.evaluation.allPass)
        let multi = advice.fixes.filter { $0.kind == .orderRules || $0.kind == .requiredOrder }
        #expect(!multi.isEmpty, "\(texts)")
        // Only an SDK's own switch or line (Firebase Performance's instrumentation switch) may come before them.
        let firstOrder = try #require(advice.fixes.firstIndex { $0.kind == .orderRules || $0.kind == .requiredOrder })
        #expect(advice.fixes[..<firstOrder].allSatisfy { $0.rank < 8 }, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("install in exactly this order: ") || $0.contains("orders that keep them") }, "\(texts)")
        // A required order is one the lab ran and saw pass; two rules keep only passing orders.
        for fix in multi {
            for case .order(let order, _) in fix.changes { #expect(advice.evaluation.passingOrders.contains(order), "\(advice.text(of: fix))") }
            let kept = advice.evaluation.orders.filter { order in
                fix.rules.allSatisfy { rule in (order.firstIndex(of: rule[0]) ?? 0) < (order.firstIndex(of: rule[1]) ?? 0) }
            }
            if fix.kind == .orderRules {
                #expect(!kept.isEmpty && kept.allSatisfy(advice.evaluation.passingOrders.contains), "\(advice.text(of: fix))")
            }
        }
    }

    @Test("An SDK's own declared advice always says the lab did not run it, and sits in the fold after the fixes the lab ran")
    func declaredAdviceLabelled() {
        let actions = Self.catalog.participants.flatMap { p in (p.actions ?? []).map { (p.id, $0) } }
        var checked = 0
        for note in NoteClaims.notes(LabMatrixTests.sharedReports) {
            let lines = note.components(separatedBy: "\n")
            guard let start = lines.firstIndex(of: "**What you can do:**") else { continue }
            let list = lines[(start + 1)...].prefix { !$0.hasPrefix("<details><summary>Minimal") }
            // (A folded list an earlier note shows whole is linked there: its first line is cut short.)
            for (offset, line) in list.enumerated() where line.hasPrefix("- ") && !line.contains("the same as in [this note]") {
                // The same advice may be declared by several lines of one SDK (`datadog`, `datadog:3.7`).
                let declaring = actions.filter { line.hasPrefix("- " + $0.1) }
                guard let action = declaring.first?.1 else { continue }
                #expect(declaring.contains { line.hasSuffix("(the advice for `\($0.0)`; the lab did not run it).") }, "\(line.prefix(200))")
                // Folded: a "More" summary comes before it in the list.
                #expect(list.prefix(offset).contains { $0.hasPrefix("<details><summary>More") }, "\(action.prefix(80)) is not folded")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test("advise on FCM and RNFB 23.8.8: the first fix is the upgrade, with the set-up it needs; drop says what is lost")
    func adviseUpgradeFirst() {
        let generator = ScenarioGenerator(hosts: Self.catalog.hosts, participants: Self.catalog.participants)
        let advisor = Advisor(generator: generator, workers: 2, footprints: nil, makeRunner: Self.catalog.makeRunner)
        let advice = advisor.advise(host: "UNUserNotificationCenter", participants: ["fcm", "rnfb:double-call"], configs: Configuration.allCases, shrink: false)
        let first = advice.fixes.first
        let texts = advice.fixes.map(advice.text(of:))
        #expect(first?.kind == .variant && first?.changes == [.upgrade(replacing: "rnfb:double-call", with: "rnfb", target: "RNFBMessaging ≥ 26.0.0")])
        #expect(first?.owner == .app && first?.setup == AppSetup(setAfter: [], setBefore: ["fcm", "rnfb"]))
        #expect(texts.first == "upgrade to RNFBMessaging ≥ 26.0.0 (`rnfb` for `rnfb:double-call`) — every order passes when your app sets `UNUserNotificationCenter.delegate` before every SDK starts", "\(texts)")
        #expect(advice.fixes.last?.kind == .drop && texts.last?.contains("you lose push notifications") == true, "\(texts)")
    }

    @Test("The index's top conflicts: today's SDKs' slots first, reported ones first there, no family in more than two of the first entries")
    func topConflicts() throws {
        let index = try #require(LabMatrixTests.sharedReports.first { $0.path.hasSuffix("README.md") }?.contents)
        let top = index.components(separatedBy: "## Top conflicts")[1].components(separatedBy: "\n## ")[0]
        let entries = top.components(separatedBy: "\n").filter { $0.range(of: #"^[0-9]+\. \*\*"#, options: .regularExpression) != nil }
        #expect(entries.count == Matrix.topConflictLimit)
        let appLevel = Self.catalog.hosts.filter(\.isAppLevel).map { "`\($0.name)`" }
        #expect(entries.first.map { e in appLevel.contains { e.contains(" on \($0)") } } == true, "\(entries)")
        var counts: [String: Int] = [:]
        for entry in entries.prefix(8) {
            let pair = entry.components(separatedBy: "**")[1].components(separatedBy: CharacterSet(charactersIn: "→↔")).map { $0.trimmingCharacters(in: .whitespaces) }
            for id in pair { counts[Self.matrix.family(of: id) ?? id, default: 0] += 1 }
        }
        #expect(counts.values.allSatisfy { $0 <= 2 }, "\(counts.sorted { $0.key < $1.key })")
        #expect(entries.contains { $0.contains("fcm") } && entries.contains { $0.contains("onesignal") }, "\(entries)")
    }

    @Test("Set-up sentences read after \"when your app\" on every host: no \"when your app its …\"")
    func setupGrammar() {
        for file in LabMatrixTests.sharedReports where file.path.hasSuffix(".md") {
            #expect(!file.contents.contains("when your app its ") && !file.contents.contains("when it its "), "\(file.path)")
        }
    }

    @Test("scan's first line is the verdict: the React Native app with RNFB 23.8.8 and Notifee 7.8.2 gets both upgrades first")
    func scanVerdict() throws {
        func scan(_ path: String) throws -> Scan {
            let url = AppCorpusTests.apps.appendingPathComponent(path)
            let packages = try Lockfile.packages(text: try Lockfile.readText(url, file: "Podfile.lock"), file: "Podfile.lock", format: .podfileLock)
            return Scan.run(files: ["Podfile.lock"], packages: packages, catalog: Self.catalog, workers: 2)
        }
        let rn = try scan("rn-rnfb-messaging-rainbow/ios/Podfile.lock")
        // Rainbow's AppDelegate subclasses ExpoAppDelegate (ExpoModulesCore in its Podfile.lock): an Expo app.
        #expect(rn.framework == .expo)
        #expect(rn.hosts.map(\.host).contains("UIApplication@expo") && !rn.hosts.map(\.host).contains("UIApplication"))
        // With Notifee 7.8.2, which never forwards a tap (notifee #616): both upgrades, under the set-up where every order passes.
        // The seventh modeled SDK is AppsFlyer (`appsflyer`), which hooks nothing: the app calls it.
        #expect(rn.verdictLine == "❌ 2 of your 7 SDKs that the lab models fail: RNFBMessaging (`rnfb:double-call`) and RNNotifee (`notifee:7`) on the notification center: upgrade RNFBMessaging from 23.8.8 to ≥ 26.0.0 and upgrade RNNotifee from 7.8.2 to ≥ 7.9.0 (`rnfb` instead of `rnfb:double-call`, `notifee` instead of `notifee:7`) — every order passes when your app sets `UNUserNotificationCenter.delegate` before every SDK starts.", "\(rn.verdictLine)")
        #expect(!rn.hosts.map(\.host).contains("UIApplication@swiftui"))
        let flutter = try scan("flutter-pods-zulip/ios/Podfile.lock")
        #expect(flutter.verdictLine == "✅ No conflict among the 3 SDKs of yours that the lab models.", "\(flutter.verdictLine)")
    }
}

@Suite("advise and scan: fixes as values")
struct AdviseFixValueTests {
    static let catalog = Lab.catalog
    let advisor = Advisor(generator: ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants), workers: 2,
                          footprints: nil, makeRunner: catalog.makeRunner)

    @Test("A mode the vendor's server or a +load hook picks is never offered by advise, alone or in a pair",
          arguments: [["fbsdk:swizzler", "gul"], ["fbsdk", "gul"], ["fbsdk:swizzler"]])
    func chosenModesNeverOffered(set: [String]) {
        let advice = advisor.advise(host: "UIApplication", participants: set, configs: Configuration.allCases, shrink: false)
        let chosen = Set(Self.catalog.participants.filter { $0.chosenBy != nil }.map(\.id))
        #expect(!chosen.isEmpty)
        for fix in advice.fixes {
            #expect(!fix.replacements.contains { chosen.contains($0.to) }, "\(advice.text(of: fix))")
        }
    }

    @Test("Lines that cannot be linked together: advise says no order can happen, and the two upgrades that make the set possible come before the drop")
    func impossibleSetGetsBothUpgrades() throws {
        let advice = advisor.advise(host: "UNUserNotificationCenter", participants: ["fcm:10", "rnfb:double-call"],
                                         configs: Configuration.allCases, shrink: false)
        #expect(!advice.evaluation.orders.contains(where: advice.evaluation.isPossible))
        let first = try #require(advice.fixes.first)
        #expect(first.changes.count == 2 && first.changes.allSatisfy { if case .upgrade = $0 { true } else { false } }, "\(advice.text(of: first))")
        #expect(first.setup != nil && first.owner == .app)
        #expect(advice.fixes.last?.drops == ["rnfb:double-call"])
        #expect(!advice.fixes.contains { $0.changes.contains { if case .downgrade = $0 { true } else { false } } })
    }

    @Test("A downgrade is left out where a newer line or setting of the same library passes under the same set-up, kept where none does")
    func downgradeOnlyWhenNothingNewer() {
        let s = AppSetup(setAfter: [], setBefore: ["a", "b"]), t = AppSetup(setAfter: ["a", "b"], setBefore: [])
        let down = Advisor.Fix(kind: .variant, changes: [.downgrade(replacing: "a", with: "a:old", target: "A < 2")], setup: s)
        let up = Advisor.Fix(kind: .variant, changes: [.upgrade(replacing: "a", with: "a:new", target: "A ≥ 3")], setup: s)
        let upElsewhere = Advisor.Fix(kind: .variant, changes: [.upgrade(replacing: "a", with: "a:new", target: "A ≥ 3")], setup: t)
        let drop = Advisor.Fix(kind: .drop, changes: [.drop("b")], satisfying: 1)
        #expect(Advisor.ranked([drop, down, up]).map(\.changes) == [up.changes, drop.changes])
        #expect(Advisor.ranked([down, upElsewhere]).count == 2)
        // A downgrade ranks after an upgrade and the app's own set-up, before a drop.
        let setup = Advisor.Fix(kind: .setup, changes: [.setup(s)])
        #expect(Advisor.ranked([drop, down, setup, upElsewhere]).map(\.kind) == [.variant, .setup, .variant, .drop])
        #expect(Advisor.ranked([drop, down, setup, upElsewhere])[2].changes == down.changes)
    }

    @Test("advise --json carries each fix's changes, owner and set-up, and its text is derived from them")
    func jsonCarriesValues() throws {
        let (cli, captured) = CLI.fake(root: FileManager.default.temporaryDirectory, catalog: Self.catalog)
        #expect(cli.main(arguments: ["advise", "UNUserNotificationCenter", "rnfb:double-call", "--json"]) == 1)
        let document = try JSONValue.parse(captured.out).value
        guard case .array(let fixes)? = document["fixes"], let fix = fixes.first, case .array(let changes)? = fix["changes"],
              let change = changes.first, case .string(let range)? = change["range"] else { Issue.record("\(captured.out)"); return }
        #expect(fix["owner"] == .string("app"))
        #expect(fix["setup"] == .string("sets `UNUserNotificationCenter.delegate` before `rnfb` starts"))
        #expect(change["kind"] == .string("upgrade") && change["replacing"] == .string("rnfb:double-call") && change["with"] == .string("rnfb"))
        #expect(fix["text"] == .string("upgrade to \(range) (`rnfb` for `rnfb:double-call`) — every order passes when your app sets `UNUserNotificationCenter.delegate` before `rnfb` starts"))
    }
}
