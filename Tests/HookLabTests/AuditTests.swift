// `hooklab audit ID` (issue 29 §4): the facts a participant's lines select, each with its source and the failing cells
// whose path noted it.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("hooklab audit")
struct AuditTests {
    @Test("fcm: every fact its lines select, with the file's source, and the failing cells that rest on it (fcm → clevertap on the keyed-selector lookup)")
    func fcm() throws {
        let (cli, captured) = CLI.fake(root: temporaryDirectory(), catalog: Lab.catalog)
        #expect(cli.main(arguments: ["audit", "fcm", "-q"]) == 0, "\(captured.err)")
        let out = captured.out
        #expect(out.hasPrefix("# hooklab audit fcm\n"))
        #expect(out.contains("Requires `gul` >= 8.0.0: Firebase Messaging 11 and 12 require GoogleUtilities 8."))
        #expect(out.contains("- **`kvo-slot`** ← `kvo-slot` (for UNUserNotificationCenter): firebase/firebase-ios-sdk FIRMessagingRemoteNotificationsProxy.m:194-249 @CocoaPods-12.19.0\n"), "\(out)")
        let keyed = try #require(out.range(of: "- **`setimp-keyed-selector`**"))
        let line = out[keyed.upperBound...].split(separator: "\n").prefix(2).joined(separator: "\n")
        #expect(line.contains("UNUserNotificationCenter · fcm → clevertap (debug, release)"), "\(line)")
    }

    @Test("Every participant's page renders: a file's lists each fact its lines select; a Swift model says it is one")
    func everyParticipant() throws {
        let files = try Lab.packageParticipantFiles.get().flatMap { [$0] + $0.settingVariants() }
        let empty = Matrix(hosts: Lab.catalog.hosts, participants: Lab.catalog.participants, results: [])
        for info in Lab.catalog.participants {
            let file = files.first { $0.info.id == info.id }
            let audit = ParticipantAudit(info: info, file: file, matrix: empty)
            let text = audit.text
            #expect(text.hasPrefix("# hooklab audit \(info.id)\n"))
            if file == nil {
                #expect(text.contains("is modeled in Swift"), "\(info.id)")
            } else {
                for selected in audit.selectedFacts {
                    #expect(text.contains("**`\(selected.fact.rawValue)`** ← `\(selected.fact.selectedBy)`"), "\(info.id): \(selected.fact)")
                    #expect(!selected.source.isEmpty, "\(info.id): \(selected.fact) has no source")
                }
            }
        }
        // The new mechanisms are audited with their own citations.
        let notifee = try #require(files.first { $0.info.id == "notifee:7" })
        #expect(ParticipantAudit(info: notifee.info, file: notifee, matrix: empty).selectedFacts.contains {
            $0.fact == .consume && $0.source.contains("NotifeeCore+UNUserNotificationCenter.m:183-186")
        })
    }

    @Test("An unknown participant is bad usage, exit 2, with the ids")
    func unknown() {
        let (cli, captured) = CLI.fake(root: temporaryDirectory(), catalog: Lab.catalog)
        #expect(cli.main(arguments: ["audit", "fmc"]) == 2)
        #expect(captured.err.contains("unknown participant 'fmc'") && captured.err.contains("fcm"), "\(captured.err)")
    }

    @Test("A fact is a participant's when its claim names the id as a word: fcm, not fcm:10")
    func namesAsWord() {
        #expect(ParticipantAudit.names("fcm observes UNUserNotificationCenter.delegate by KVO", "fcm"))
        #expect(ParticipantAudit.names("the GUL proxy fcm brings subclasses [delegate class]", "fcm"))
        #expect(!ParticipantAudit.names("fcm:10 observes UNUserNotificationCenter.delegate by KVO", "fcm"))
        #expect(!ParticipantAudit.names("the GUL proxy gul:7 brings", "gul"))
        #expect(ParticipantAudit.names("the GUL proxy gul:7 brings", "gul:7"))
    }
}
