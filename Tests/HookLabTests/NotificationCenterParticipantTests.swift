// The UNUserNotificationCenter participants of issue 18 (fcm's UN half, flutterfire, rnn, posthog) and the file lines
// they brought: `for HOSTCLASS` sections, `kvo-slot`, `setimp … if-responds`, `handler forward`, `wrap … target none`,
// `setter … hooks-current`, `unless-conforms PROTOCOL`.

import Testing
import ObjCModel
import UIKitModel
import LibraryModels
@testable import HookLab

@Suite("Notification-center participant files")
struct NotificationCenterParticipantTests {
    func file(_ text: String) throws(InputFileError) -> ParticipantFile { try ParticipantFile.parse(text: text, file: "p.hooklab") }

    func run(_ text: String, with files: [ParticipantFile] = []) throws -> RunResult {
        let catalog = ModelCatalog(participants: files.map(\.kind))
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario)
    }

    static let willPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
    static let didReceive = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"

    /// FCM's UN half as a file of its own, with the lines a test changes.
    static func fcmUN(_ id: String = "fcmun", setimp: String = "setimp keyed selector if-responds", kvo: Bool = true) -> String {
        """
        participant \(id)
        start runtime
        observe UNUserNotificationCenter \(willPresent) \(didReceive)
        setter none
        \(setimp)
        \(kvo ? "kvo-slot" : "")
        handler forward
        """
    }

    @Test("Mistakes in the new lines name their line", arguments: [
        ("participant a\nstart runtime\nfor UIWebViw\nobserve UIWebView webViewDidStartLoad:\nsetter exchange\nswizzle-class\n", 3, "expected 'for HOSTCLASS'"),
        ("participant a\nstart runtime\nfor UNUserNotificationCenter\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed selector\nfor UNUserNotificationCenter\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed selector\n", 7, "a second section"),
        ("participant a\nstart runtime\nfor UIApplication\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed selector\n", 3, "must observe UIApplication first"),
        ("participant a\nstart runtime\nfor UNUserNotificationCenter\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed selector\nkvo-slot x\n", 7, "expected 'kvo-slot' or 'kvo-slot if-unset'"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(didReceive)\nsetter none\nsetimp keyed class\nkvo-slot if-unset\n", 6, "needs 'setter none' and a 'swizzle-class' line"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nswizzle-class\nkvo-slot\n", 6, "needs 'setter none' and a 'setimp' line"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed selector add-missing if-responds\n", 5, "add-missing|if-responds"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nhandler forwards\nsetimp keyed selector\n", 5, "unknown handler policy"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nwrap nsobject target nobody\n", 5, "unknown target ownership"),
        ("participant a\nobserve UNUserNotificationCenter \(willPresent)\nsetter exchange hooks-current\nswizzle-class\n", 3, "hooks-current"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nunless-conforms Flutter-Provider\nwrap nsobject\n", 5, "expected 'unless-conforms PROTOCOL'"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed class\ncite kvo-slot P.m:1\n", 6, "only 'kvo-slot' notes, and a has no such line"),
        ("participant a\ncite kvo P.m:1\n", 2, "unknown mechanism fact 'kvo'"),
        ("participant a\ncite kvo-slot\n", 2, "expected 'cite FACT SOURCE'"),
        ("participant a\nstart runtime\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed class\nkvo-slot\ncite kvo-slot P.m:1\ncite kvo-slot P.m:2\n", 8, "a second 'cite kvo-slot'; line 7"),
        ("participant a\nstart runtime\ncite kvo-slot P.m:1\nfor UIApplication\nobserve UIApplication application:openURL:options:\nsetter none\nswizzle-class\nfor UNUserNotificationCenter\nobserve UNUserNotificationCenter \(willPresent)\nsetter none\nsetimp keyed class\n", 3, "has no such line"),
        ("participant a\nhook exchange\ncite kvo-slot P.m:1\n", 3, "a 'hook' participant notes none"),
    ])
    func errors(_ text: String, _ line: Int, _ message: String) {
        expectParticipantFileError(text, line: line, message)
    }

    @Test("A mechanism's fact names the participant using it and cites that participant's source, not the SDK it was first modeled on")
    func mechanismFactsCiteTheParticipant() throws {
        let steps = "host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach pushy\nattach posthog:xchg\nfire \(Self.didReceive)\n"
        let section = "participant a\nstart runtime\ncite kvo-slot P.m:1\nfor UNUserNotificationCenter\nobserve UNUserNotificationCenter \(Self.willPresent)\nsetter none\nsetimp keyed class\nkvo-slot\n"
        #expect(try file(section).sdk.source(of: .kvoSlot) == "P.m:1", "a shared cite line serves the section using it")
        // PostHog's exchange puts its own _cmd on the class pushy hooked by selector name: pushy's lookup misses (#748).
        let cited = try run(steps, with: [try file(Self.fcmUN("pushy") + "\nbased-on Pushy PushProxy.m\ncite setimp-keyed-selector Pushy PushProxy.m:40-52\n")])
        let fact = try #require(cited.basedOn.first { $0.claim.hasPrefix("pushy looks the original up by the running _cmd") }, "\(cited.basedOn)")
        #expect(fact.source == "Pushy PushProxy.m:40-52")
        #expect(!cited.basedOn.contains { $0.claim.contains("FCM") || $0.source.contains("FIRMessaging") }, "\(cited.basedOn)")
        // With no cite line, the fact cites the participant's based-on lines.
        let uncited = try run(steps, with: [try file(Self.fcmUN("pushy") + "\nbased-on Pushy PushProxy.m\n")])
        #expect(uncited.basedOn.first { $0.claim.hasPrefix("pushy looks") }?.source == "Pushy PushProxy.m", "\(uncited.basedOn)")
    }

    @Test("fcm's file has one section per host: the app delegate unchanged, the UN half with KVO and SETIMP by selector name")
    func fcmSections() throws {
        let fcm = try #require(Lab.packageParticipantFiles.get().first { $0.info.id == "fcm" })
        #expect(fcm.sections.count == 2)
        #expect(fcm.info.hosts == ["UIApplication", "UIApplication@swiftui", "UIApplication@flutter", "UIApplication@expo", "UNUserNotificationCenter", "UNUserNotificationCenter@flutter"])
        let app = try #require(fcm.sections.first { $0.hostClasses == ["UIApplication"] })
        #expect(app.handling == .isaCapture(addMissing: true, shared: "GUL") && app.defaultHandlerPolicy == .group && app.resetsDelegate)
        #expect(!app.kvoSlot)
        let un = try #require(fcm.sections.first { $0.hostClasses == ["UNUserNotificationCenter"] })
        #expect(un.handling == .setImp(key: .selector, runtimeClass: false, addMissing: false))
        #expect(un.kvoSlot && un.setImpIfResponds && un.defaultHandlerPolicy == .forward && !un.resetsDelegate)
        #expect(fcm.info.actions?.count == 3)
        #expect(fcm.info.packages.contains { $0.name == "FirebaseMessaging" })
    }

    @Test("kvo-slot: a delegate set after FCM's start is hooked through KVO; without the line it is not")
    func kvoSlotFollowsLaterDelegates() throws {
        let fire = "fire \(Self.willPresent)"
        let with = try run("host UNUserNotificationCenter\nconfig release\nattach fcmun\nset-delegate app\n\(fire)\n", with: [try file(Self.fcmUN())])
        #expect(with.findings.isEmpty, "\(with.findings)")
        let without = try run("host UNUserNotificationCenter\nconfig release\nattach fcmun\nset-delegate app\n\(fire)\n",
                              with: [try file(Self.fcmUN(kvo: false))])
        #expect(without.findings.contains { $0.kind == .lostEvent && $0.message.contains("fcmun") }, "\(without.findings)")
    }

    @Test("kvo-slot un-hooks the delegate it leaves: after RNFB wraps the app's delegate FCM records each event once")
    func kvoSlotUnhooksTheOldDelegate() throws {
        let found = try run("""
            host UNUserNotificationCenter
            config release
            set-delegate app
            attach fcm
            attach rnfb
            fire \(Self.willPresent)
            """)
        #expect(!found.findings.contains { $0.kind == .duplicateEvent }, "\(found.findings)")
        #expect(found.findings.isEmpty, "\(found.findings)")
    }

    /// CleverTap's UN half as a file of its own, with or without its KVO on the empty slot.
    static func clevertapUN(kvo: Bool) -> String {
        """
        participant ctun
        start runtime
        observe UNUserNotificationCenter \(didReceive)
        setter none prefix _ct_ category CleverTap
        swizzle-class per-block
        \(kvo ? "kvo-slot if-unset" : "")
        handler pass
        """
    }

    @Test("kvo-slot if-unset: with no delegate at its start CleverTap hooks each delegate set later, again at every change")
    func kvoSlotIfUnsetHooksLaterDelegates() throws {
        let fire = "fire \(Self.didReceive)"
        let later = "host UNUserNotificationCenter\nconfig release\nattach ctun\nset-delegate app\n\(fire)\n"
        #expect(try run(later, with: [try file(Self.clevertapUN(kvo: true))]).findings.isEmpty)
        let blind = try run(later, with: [try file(Self.clevertapUN(kvo: false))])
        #expect(blind.findings.contains { $0.kind == .lostEvent && $0.message.contains("ctun") }, "\(blind.findings)")
        // No guard in observeValueForKeyPath: a second delegate of the same class chains a second block.
        let twice = try run(later + "set-delegate app2\n\(fire)\n", with: [try file(Self.clevertapUN(kvo: true))])
        #expect(twice.findings.contains { $0.kind == .duplicateEvent && $0.message.contains("ctun") }, "\(twice.findings)")
    }

    @Test("fcm then clevertap: FCM's IMP runs under CleverTap's block selector, misses, and the tap never reaches the app; clevertap first passes")
    func fcmThenCleverTapLosesTheTap() throws {
        func order(_ first: String, _ second: String) throws -> RunResult {
            try run("host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach \(first)\nattach \(second)\nfire \(Self.didReceive)\n")
        }
        let fcmFirst = try order("fcm", "clevertap")
        #expect(fcmFirst.findings.contains { $0.kind == .lostEvent && $0.message.contains("the app's `app`") }, "\(fcmFirst.findings)")
        #expect(try order("clevertap", "fcm").findings.isEmpty)
    }

    @Test("setimp if-responds leaves a method the delegate lacks alone; add-missing adds one that completes nothing")
    func ifRespondsKeepsTheFallback() throws {
        let text = "host UNUserNotificationCenter\nconfig release\ndelegate-lacks \(Self.willPresent)\nset-delegate app\nattach fcmun\nfire \(Self.willPresent)\n"
        let responds = try run(text, with: [try file(Self.fcmUN(kvo: false))])
        #expect(!responds.findings.contains { $0.kind == .completionHandlerMisuse }, "\(responds.findings)")
        let adds = try run(text, with: [try file(Self.fcmUN(setimp: "setimp keyed selector add-missing", kvo: false))])
        // handler forward: with no original nobody calls the handler (FIRMessagingRemoteNotificationsProxy.m:422-545).
        #expect(adds.findings.contains { $0.kind == .completionHandlerMisuse && $0.message.contains("never called") }, "\(adds.findings)")
    }

    @Test("handler forward: FCM's replacement never calls the handler itself; pass would complete it")
    func forwardNeverCompletes() throws {
        // A later exchange renames _cmd, FCM's lookup misses and nothing completes the tap (the #748 shape).
        let exchange = try file("participant xchg\nstart runtime\nobserve UNUserNotificationCenter \(Self.didReceive)\nsetter none\nswizzle-class\n")
        let text = "host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach fcmun\nattach xchg\nfire \(Self.didReceive)\n"
        let forward = try run(text, with: [try file(Self.fcmUN()), exchange])
        #expect(forward.findings.contains { $0.kind == .completionHandlerMisuse }, "\(forward.findings)")
        let pass = try run(text, with: [try file(Self.fcmUN().replacingOccurrences(of: "handler forward", with: "handler pass")), exchange])
        #expect(!pass.findings.contains { $0.kind == .completionHandlerMisuse }, "\(pass.findings)")
        #expect(pass.findings.contains { $0.kind == .lostEvent }, "\(pass.findings)")
    }

    @Test("wrap … target none: react-native-notifications drops the delegate it replaces; a weak target keeps it")
    func targetNoneDropsThePrevious() throws {
        let text = "host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach rnn\nfire \(Self.willPresent)\n"
        let dropped = try run(text)
        #expect(dropped.findings.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") }, "\(dropped.findings)")
        let rnn = try #require(Lab.packageParticipantFiles.get().first { $0.info.id == "rnn" })
        var kept = rnn
        if case .wrap(var proxy) = kept.sdk.handling { proxy.target = .weak; kept.sdk.handling = .wrap(proxy) }
        kept.info.id = "rnn:kept"
        let keptRun = try run(text.replacingOccurrences(of: "attach rnn", with: "attach rnn:kept"), with: [kept])
        #expect(keptRun.findings.isEmpty, "\(keptRun.findings)")
        // The order the other way: the app's later set replaces the multicast, which then misses the event.
        let after = try run("host UNUserNotificationCenter\nconfig release\nattach rnn\nset-delegate app\nfire \(Self.willPresent)\n")
        #expect(after.findings.contains { $0.kind == .lostEvent && $0.message.contains("rnn") }, "\(after.findings)")
    }

    @Test("setter hooks-current: PostHog swizzles the class of the delegate already set, without setting it again")
    func hooksCurrentDoesNotSetAgain() throws {
        let base = "host UNUserNotificationCenter\nconfig release\nset-delegate app\nattach fcm\nattach posthog:xchg\nfire \(Self.didReceive)\n"
        // At its start PostHog exchanges on FCM's hooked class: its ph_swizzled_ _cmd misses FCM's lookup (#748).
        let current = try run(base)
        #expect(current.findings.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") }, "\(current.findings)")
        // Set again through its setter instead, FCM's KVO un-hooks and re-hooks the class under PostHog's exchange.
        let posthog = try #require(Lab.packageParticipantFiles.get().first { $0.info.id == "posthog:xchg" })
        var again = posthog
        again.sdk.hooksCurrentAtStart = false
        again.info.id = "posthog:again"
        let reset = try run(base.replacingOccurrences(of: "attach posthog:xchg", with: "attach posthog:again"), with: [again])
        #expect(reset.findings != current.findings, "\(reset.findings)")
    }

    @Test("unless-conforms: FlutterFire does not replace a delegate conforming to FlutterAppLifeCycleProvider, and wraps any other")
    func unlessConforms() throws {
        let flutterfire = try #require(Lab.packageParticipantFiles.get().first { $0.info.id == "flutterfire" })
        #expect(flutterfire.sdk.standsAsideIfConforms == "FlutterAppLifeCycleProvider")
        let rt = Runtime(configuration: .release)
        UIKit.load(into: rt)
        let kind = HostKind.notificationCenter
        let center = try UIKit.makeHost(kind, in: rt)
        let provider = rt.defineProtocol("FlutterAppLifeCycleProvider", methods: [])
        let flutterClass = rt.defineClass("FlutterAppDelegate", superclass: rt.NSObjectClass)
        rt.class_addProtocol(flutterClass, provider)
        let flutterDelegate = rt.class_createInstance(flutterClass)
        _ = try rt.send(center, "setDelegate:", .object(flutterDelegate))
        let made = flutterfire.sdk.install(into: rt)
        #expect(try !flutterfire.sdk.start(on: center, kind: kind, made: made, in: rt))
        #expect(try rt.send(center, "delegate") == .object(flutterDelegate))
        // Another delegate is wrapped.
        let other = rt.class_createInstance(rt.defineClass("OtherDelegate", superclass: rt.NSObjectClass))
        _ = try rt.send(center, "setDelegate:", .object(other))
        #expect(try flutterfire.sdk.start(on: center, kind: kind, made: made, in: rt))
        let now = try rt.send(center, "delegate")
        #expect(now.object.map { rt.class_getName(rt.object_getClass($0)) } == "FLTFirebaseMessagingPlugin")
    }
}
