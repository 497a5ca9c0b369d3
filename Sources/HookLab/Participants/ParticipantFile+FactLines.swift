// The participant file's parser (issue 45 §3): ParticipantFile.Parser holds what the lines said so far; this file reads the
// lines that describe a participant without declaring its mechanism: its identity, evidence, packages and versions,
// start calls, settings and actions.
import Foundation
import ObjCModel
import UIKitModel
import LibraryModels

extension ParticipantFile.Parser {
    /// A line that describes the participant (``ParticipantFile/factKeywords``, `cite`, `setting`); false for another kind.
    mutating func readFactLine() throws(InputFileError) -> Bool {
        switch keyword {
        case "participant":
            guard args.count == 1, let name = args.first else { throw fail(number, "expected 'participant ID', e.g. 'participant mysdk:proxy'") }
            guard id == nil else { throw fail(number, "a second 'participant' line; one file declares one participant") }
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || ":-_.".contains($0) }), name.first?.isLetter == true else {
                throw fail(number, "participant id '\(name)' must start with a letter and use letters, digits, ':', '-', '_', '.'")
            }
            id = (name, number)
        case "family":
            guard args.count == 1 else { throw fail(number, "expected 'family NAME'") }
            family = args[0]
        case "models":
            guard !rest.isEmpty else { throw fail(number, "expected 'models TEXT': what this participant models") }
            models = rest
        case "design":
            guard !rest.isEmpty else { throw fail(number, "expected 'design TEXT': the design in a few words, for column legends") }
            design = rest
        case "missed-event":
            guard rest.contains("SEL") else {
                throw fail(number, "expected 'missed-event TEXT': what the app loses when the observer misses the event SEL, e.g. 'missed-event Analytics lose `SEL`: `ID` never records it.'")
            }
            missedEvent = rest
        case "version-of":
            guard args.count == 1 else {
                throw fail(number, "expected 'version-of ID': the participant modeling this library's current version, e.g. 'version-of gul'")
            }
            versionOf = args[0]
            versionOfLine = number
        case "cite":
            guard args.count >= 2 else {
                throw fail(number, "expected 'cite FACT SOURCE': where this SDK's code does what a mechanism fact says, e.g. 'cite kvo-slot firebase-ios-sdk FIRMessagingRemoteNotificationsProxy.m:194-249'")
            }
            let fact: DeclaredSDK.MechanismFact = try choice(args[0], "mechanism fact")
            if let earlier = cites.first(where: { $0.citation.fact == fact }) {
                throw fail(number, "a second 'cite \(fact.rawValue)'; line \(earlier.line) already cites it")
            }
            cites.append(ParticipantFile.CiteLine(citation: DeclaredSDK.Citation(fact: fact, source: args.dropFirst().joined(separator: " ")), line: number))
        case "based-on":
            guard !rest.isEmpty else { throw fail(number, "expected 'based-on TEXT': a public source the design follows") }
            basedOn.append(rest)
        case "start-call":
            // `start-call swift FirebaseApp.configure()`, `start-call objc [FIRApp configure]`, `start-call plugin`: how
            // the app's source starts the SDK, which `hooklab scan` looks for in the app delegate.
            // `start-call after-launch`: it starts once the app delegate's launch method returned (an observer of
            // UIApplicationDidFinishLaunchingNotification, which UIKit posts after it).
            let form = "expected 'start-call swift|objc|dart CALL' (the call as the app writes it, e.g. 'start-call swift FirebaseApp.configure()'), 'start-call plugin' (React Native or Flutter registers it) or 'start-call after-launch' (it starts when the launch method has returned)"
            guard let language = args.first, ["swift", "objc", "dart", "plugin", "after-launch"].contains(language) else { throw fail(number, form) }
            var call = rest.dropFirst(language.count).trimmingCharacters(in: .whitespaces)
            // `start-call dart CALL registered-if FILE`: with FILE in the app, the SDK starts at plugin registration.
            var registeredIf: String?
            if language == "dart", let r = call.range(of: " registered-if ") {
                registeredIf = call[r.upperBound...].trimmingCharacters(in: .whitespaces)
                call = call[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
                guard registeredIf?.isEmpty == false, !call.isEmpty else { throw fail(number, "expected 'start-call dart CALL registered-if FILE'") }
            }
            guard (language == "plugin" || language == "after-launch") == call.isEmpty else { throw fail(number, form) }
            let startCall = ParticipantInfo.StartCall(language: language, text: call, registeredIf: registeredIf)
            guard !startCalls.contains(startCall) else { throw fail(number, "'start-call \(rest)' is declared twice") }
            startCalls.append(startCall)
        case "requires":
            // `requires gul >= 8.0.0 "Firebase Messaging 11 and 12 require GoogleUtilities 8"` (its podspec's dependency).
            let form = "expected 'requires FAMILY RANGE \"REASON\"', e.g. 'requires gul >= 8.0.0 \"Firebase Messaging 11 and 12 require GoogleUtilities 8\"'"
            guard let quote = rest.firstIndex(of: "\""), rest.hasSuffix("\""), rest.index(after: quote) < rest.endIndex else { throw fail(number, form) }
            let reason = String(rest[rest.index(after: quote)..<rest.index(before: rest.endIndex)]).trimmingCharacters(in: .whitespaces)
            let head = rest[..<quote].split(separator: " ").map(String.init)
            guard head.count >= 2, !reason.isEmpty, !reason.contains("\"") else { throw fail(number, form) }
            do { _ = try VersionRange(words: Array(head.dropFirst())) } catch { throw fail(number, error.message) }
            requirements.append(ParticipantInfo.Requirement(family: head[0], versions: head.dropFirst().joined(separator: " "), reason: reason))
        case "model":
            // `model swift RxCocoa release 4.1`: a mechanism written in Swift (SwiftModels.swift) that no lines express.
            let name = args.dropFirst().joined(separator: " ")
            let names = SwiftModel.all.map(\.name)
            guard args.first == "swift", let found = SwiftModel.named(name) else {
                throw fail(number, "expected 'model swift NAME' with one of: \(names.joined(separator: ", "))\(args.first == "swift" ? Scenario.suggestion(name, names) : "")")
            }
            if let earlier = swiftModel { throw fail(number, "a second 'model' line; line \(earlier.line) already selects the mechanism") }
            swiftModel = (found.index, found.model, number)
        case "changes-library":
            // Choosing it over its family's others means changing the library's code (a proposed patch).
            guard args.isEmpty else { throw fail(number, "'changes-library' takes no value") }
            changesLibrary = true
        case "chosen-by":
            // `chosen-by server "…"`, `chosen-by load "…"`: the mode is picked by the vendor's server or by a +load
            // hook, not by the app, so the lab never offers it (or its family's other modes) as a fix.
            let parts = rest.split(separator: "\"", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let form = "expected 'chosen-by server|load \"what picks the mode\"', e.g. 'chosen-by server \"Facebook's gatekeeper AppAemAutoSetUpProxy\"'"
            guard parts.count == 3, parts[2].isEmpty, !parts[1].isEmpty, let who = ParticipantInfo.ChosenBy.Who(rawValue: parts[0]) else {
                throw fail(number, form)
            }
            guard chosenBy == nil else { throw fail(number, "a second 'chosen-by' line") }
            chosenBy = ParticipantInfo.ChosenBy(who: who, text: parts[1])
        case "closed-source":
            // `closed-source SOURCE`: the SDK ships as a binary, so its mechanism lines rest on its docs, changelog and
            // issues (SOURCE says which), not on code: every failing cell whose reproducer needs it is predicted.
            guard !rest.isEmpty else {
                throw fail(number, "expected 'closed-source SOURCE': where the SDK's binary-only release shows (its podspec or Package.swift) and what its model rests on instead")
            }
            guard closedSource == nil else { throw fail(number, "a second 'closed-source' line") }
            closedSource = rest
        case "provides":
            // What the app has the SDK for, for "drop it (you lose …)".
            guard !rest.isEmpty else { throw fail(number, "expected 'provides TEXT': what the app loses without this SDK") }
            provides = rest
        case "setting":
            // `setting proxy-off "FirebaseAppDelegateProxyEnabled = NO in Info.plist, …" SOURCE`: a documented switch
            // that turns the SDK's hooks off, the app then calling it by hand; SOURCE is where the SDK reads it. The
            // matrix runs it as `ID:proxy-off` (ParticipantFile+Settings.swift). `setting NAME off "…" SOURCE`: the
            // switch turns the feature off, and nothing is called by hand (Datadog's scroll proxy without
            // uiKitActionsPredicate). Inside a `for` section it is that slot's switch only.
            // `plist KEY VALUE`: the Info.plist key and value that set it, which `hooklab scan` reads in the app.
            // `plist KEY VALUE since VERSION`: the SDK reads the key only from that version on (OneSignal 5.5.0).
            // `default-unless NEEDLE`: the switch is the SDK's default, and the app turns the hooks on by writing NEEDLE
            // in its source (Braze's push automation is off unless the app sets `configuration.push.automation`).
            let form = "expected 'setting NAME [off] [default-unless NEEDLE…] [plist KEY VALUE [since VERSION]] \"what the app sets, and what it then does by hand\" SOURCE', SOURCE being where the SDK reads the switch"
            let parts = rest.split(separator: "\"", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 3, !parts[1].isEmpty, !parts[2].isEmpty else { throw fail(number, form) }
            var head = parts[0].split(separator: " ").map(String.init)
            guard let name = head.first else { throw fail(number, form) }
            head.removeFirst()
            let off = head.first == "off"
            if off { head.removeFirst() }
            var defaultUnless: [String] = []
            if head.first == "default-unless" {
                // Its needles run up to a `plist` clause or the quoted text.
                head.removeFirst()
                while let word = head.first, word != "plist" { defaultUnless.append(word); head.removeFirst() }
                guard !defaultUnless.isEmpty else { throw fail(number, "expected 'default-unless NEEDLE…': what the app writes in its source to turn the hooks on, e.g. 'default-unless push.automation'") }
            }
            var plist: (key: String, value: String, since: String?, numeric: Bool)?
            if head.first == "plist" {
                // `plist KEY VALUE number`: the SDK reads the key only as a number or Boolean (`isKindOfClass:
                // [NSNumber class]`), so a `<string>` in the app's Info.plist leaves its hooks on.
                let numeric = head.count >= 4 && head[3] == "number"
                if numeric { head.remove(at: 3) }
                let plistForm = "expected 'plist KEY VALUE [number] [since VERSION]' after the setting's name, e.g. 'plist FirebaseAppDelegateProxyEnabled NO number'"
                guard head.count == 3 || (head.count == 5 && head[3] == "since") else { throw fail(number, plistForm) }
                let since = head.count == 5 ? head[4] : nil
                if let since, PackageVersion(since) == nil {
                    throw fail(number, "'since \(since)': expected the first version of the SDK that reads the key, e.g. 'since 5.5.0'")
                }
                plist = (head[1], head[2], since, numeric)
                head = []
            }
            guard head.isEmpty else { throw fail(number, form) }
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
                throw fail(number, "a setting's name '\(name)' becomes part of a participant id: use letters, digits, '-' and '.'")
            }
            guard !settings.contains(where: { $0.name == name }) else { throw fail(number, "setting '\(name)' is declared twice") }
            settings.append(SettingLine(name: name, text: parts[1], source: parts[2], line: number, off: off, plistKey: plist?.key, plistValue: plist?.value,
                                        plistSince: plist?.since, plistNumeric: plist?.numeric ?? false, defaultUnless: defaultUnless))
        case "action":
            guard !rest.isEmpty else { throw fail(number, "expected 'action TEXT': what an app can do about this SDK") }
            actions.append(rest)
        case "package":
            // `package cocoapods NAME [SUBSPEC] VERSIONS`: what `hooklab scan` maps to this participant.
            do { packages.append(try PackageDeclaration(words: args)) } catch { throw fail(number, error.message) }
        default:
            return false
        }
        return true
    }
}
