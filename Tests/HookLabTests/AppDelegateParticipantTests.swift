// Issue 18's app-delegate participants (clevertap, leanplum, branch, customerio:forwarding) and the file lines they
// brought: `swizzle-class per-block|runtime-class|no-donor|reset-if-added`, `setter none prefix|category`, `passive`.

import Testing
@testable import HookLab
import ObjCModel
import UIKitModel

@Suite("App-delegate participants: CleverTap, Leanplum, Branch, Customer.io forwarding")
struct AppDelegateParticipantTests {
    func file(_ text: String) throws(InputFileError) -> ParticipantFile { try ParticipantFile.parse(text: text, file: "p.hooklab") }

    func run(_ text: String, with files: [ParticipantFile] = []) throws -> [Finding] {
        let catalog = ModelCatalog(participants: files.map(\.kind))
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario).findings
    }

    static let head = "participant a\nstart runtime\nobserve UIApplication application:openURL:options:\n"

    @Test("Mistakes in the new lines name their line", arguments: [
        (head + "setter none\nswizzle-class per-blok\n", 5, "unknown swizzle-class option 'per-blok'"),
        (head + "setter none\nswizzle-class reset-if-added\n", 5, "'reset-if-added' needs a value"),
        ("participant a\nobserve UIApplication application:openURL:options:\nsetter exchange\nswizzle-class reset-if-added application:openURL:options:\n", 4, "needs 'setter none'"),
        (head + "setter none prefix\nswizzle-class\n", 4, "'prefix' needs a value"),
        (head + "setter none reset\nswizzle-class\n", 4, "takes only reset-delegate, prefix P, category NAME"),
        (head + "setter none\npassive now\n", 5, "'passive' takes no arguments"),
        (head + "setter none\npassive\nswizzle-class\n", 6, "does one thing with each delegate"),
        ("participant a\nobserve UIApplication application:openURL:options:\nsetter exchange\npassive\n", 4, "needs 'setter none'"),
    ])
    func errors(_ text: String, _ line: Int, _ message: String) {
        expectParticipantFileError(text, line: line, message)
    }

    @Test("GUL subclasses the class the delegate says it is ([delegate class], GULAppDelegateSwizzler.m:337, :358), not its runtime class")
    func gulSubclassesTheStatedClass() throws {
        let gul = try #require(Lab.packageParticipantFiles.get().first { $0.info.id == "gul" }).sdk
        let rt = Runtime()
        UIKit.load(into: rt)
        AppDelegateObject.defineAppSlotMethods(in: rt, shape: .init())
        let app = try #require(rt.objc_getClass(AppDelegateObject.className))
        // A subclass that lies about itself, as KVO's NSKVONotifying_ class does.
        let lying = rt.defineClass("NSKVONotifying_AppDelegate", superclass: app, owner: "Foundation")
        rt.addMethod(lying, "class", types: "#@:") { rt, _, _, _ in .object(rt.classObject(app)) }
        let delegate = try AppDelegateObject.make(in: rt)
        rt.object_setClass(delegate, lying)
        gul.install(into: rt)
        let host = try UIKit.makeHost(HostKind.uiApplication, in: rt)
        _ = try gul.handle(rt, host, .object(delegate), observed: gul.events(on: "UIApplication"), made: nil)
        let now = rt.object_getClass(delegate)
        #expect(rt.class_getName(now).hasPrefix("GUL_AppDelegate"))
        #expect(rt.class_getSuperclass(now) == app, "GUL_ subclasses [delegate class], leaving the KVO class")
    }

    @Test("The new lines parse into the mechanism they name")
    func parses() throws {
        let ct = try file(Self.head + "setter none prefix _ct_ category CleverTap\nswizzle-class per-block add-missing no-donor application:openURL:options: reset-if-added application:openURL:options:\n")
        #expect(ct.sdk.perBlockSelector && !ct.sdk.swizzlesRuntimeClass && ct.sdk.prefix == "_ct_" && ct.sdk.category == "CleverTap")
        #expect(ct.sdk.noDonors == ["application:openURL:options:"] && ct.sdk.resetAfterAdding == ["application:openURL:options:"])
        let lp = try file(Self.head + "setter none prefix leanplum_\nswizzle-class runtime-class add-missing\n")
        #expect(lp.sdk.swizzlesRuntimeClass && !lp.sdk.perBlockSelector && lp.sdk.prefix == "leanplum_")
        let passive = try file(Self.head + "setter none\npassive\n")
        #expect(passive.sdk.handling == .passive && ParticipantFile.handlingLine(.passive) == "passive")
    }

    static func adder(reset: Bool) -> String {
        """
        participant adder
        start runtime
        observe UIApplication application:openURL:options:
        setter none prefix _ad_
        swizzle-class per-block add-missing\(reset ? " reset-if-added application:openURL:options:" : "")
        """
    }

    @Test("An SDK that adds openURL must reset the delegate: UIKit's cached NO keeps its method from ever being called")
    func resetAfterAdding() throws {
        let scenario = """
            host UIApplication
            config release
            delegate-lacks application:openURL:options:
            set-delegate app
            attach adder
            fire application:openURL:options:
            """
        let without = try run(scenario, with: [try file(Self.adder(reset: false))])
        #expect(without.contains { $0.kind == .lostEvent && $0.message.contains("adder") }, "\(without)")
        let with = try run(scenario, with: [try file(Self.adder(reset: true))])
        #expect(with.isEmpty, "\(with)")
    }

    @Test("CleverTap under the SwiftUI lifecycle adds its own token method to SwiftUI's app delegate: the adaptor never gets the token")
    func cleverTapSwiftUI() throws {
        let token = "application:didRegisterForRemoteNotificationsWithDeviceToken:"
        let swiftUI = try run("host UIApplication@swiftui\nconfig release\nset-delegate app\nattach clevertap\nfire \(token)\n")
        #expect(swiftUI.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") && $0.event == token }, "\(swiftUI)")
        let uikit = try run("host UIApplication\nconfig release\nset-delegate app\nattach clevertap\nfire \(token)\n")
        #expect(uikit.isEmpty, "\(uikit)")
    }

    @Test("Leanplum hooks the runtime class (GUL's subclass after GUL); a fetch method it adds is called, as UIKit caches no fetch flag")
    func leanplumRuntimeClass() throws {
        let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
        let alone = try run("host UIApplication\nconfig release\nset-delegate app\nattach leanplum\nfire \(fetch)\n")
        #expect(alone.isEmpty, "\(alone)")
        // NotificationsProxy.swift adds the fetch method at its start and sets no delegate again; UIApplication has no
        // cached flag for it (UIApplication.h:36-38 caches the openURL handlers only), so the push reaches it.
        let added = try run("host UIApplication\nconfig release\ndelegate-lacks \(fetch)\nset-delegate app\nattach leanplum\nfire \(fetch)\n")
        #expect(added.isEmpty, "\(added)")
        // After GUL (the runtime class is the GUL_ subclass), both see it and the group completes once.
        let withGUL = try run("host UIApplication\nconfig release\nset-delegate app\nattach gul\nattach leanplum\nfire \(fetch)\n")
        #expect(withGUL.isEmpty, "\(withGUL)")
    }

    @Test("Branch, passive, sees the universal link only when the chain delivers it to the app's own method")
    func branchPassive() throws {
        let activity = "application:continueUserActivity:restorationHandler:"
        let alone = try run("host UIApplication\nconfig release\nset-delegate app\nattach branch\nfire \(activity)\n")
        #expect(alone.isEmpty, "\(alone)")
        let lacking = try run("host UIApplication\nconfig release\ndelegate-lacks \(activity)\nset-delegate app\nattach branch\nfire \(activity)\n")
        #expect(lacking.isEmpty, "an app that does not implement the method forwards nothing: Branch expects nothing (\(lacking))")
        // Under the SwiftUI lifecycle GUL's captured IMPs miss the adaptor's openURL: the app and Branch both lose it.
        let openURL = "application:openURL:options:"
        let swallowed = try run("host UIApplication@swiftui\nconfig release\nset-delegate app\nattach gul\nattach branch\nfire \(openURL)\n")
        #expect(swallowed.contains { $0.kind == .lostEvent && $0.message.hasPrefix("branch's observer") }, "\(swallowed)")
        #expect(swallowed.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") }, "\(swallowed)")
    }

    @Test("Customer.io's wrapper is the app's delegate class (@main): an SDK started at runtime cannot come before it, a load-time hook can")
    func customerIOIsTheAppDelegateClass() throws {
        let generator = LabMatrixTests.generator
        func impossibility(_ order: [String]) -> String? {
            generator.impossibility(of: Matrix.Cell(host: "UIApplication", order: order, config: .release))
        }
        for cio in ["customerio", "customerio:forwarding"] {
            // The sample app's `@main class AppDelegateWithCioIntegration: CioAppDelegateWrapper<AppDelegate>` (@3.13.1).
            #expect(impossibility(["fcm", cio])?.contains("`\(cio)` is the app's delegate class (@main), which UIKit creates before `fcm` starts") == true)
            #expect(impossibility([cio, "fcm"]) == nil)
            // OneSignal hooks at +load, before UIApplicationMain creates the wrapper.
            #expect(impossibility(["onesignal", cio]) == nil)
        }
        // No note advises an order that cannot happen: "Initialize `fcm` first" is gone from the wrapper's pair.
        let verdict = LabMatrixTests.shared.verdict(Matrix.NoteKey(host: "UIApplication", order: ["customerio:forwarding", "fcm"]))
        #expect(verdict.otherOrders.first { $0.order == ["fcm", "customerio:forwarding"] }?.impossibility != nil)
        // `hooklab explain` says why the order cannot happen, not that it passes.
        let explained = LabMatrixTests.shared.explainNote(Matrix.NoteKey(host: "UIApplication", order: ["fcm", "customerio"])).joined(separator: "\n")
        #expect(explained.contains("· not possible") && explained.contains("Not possible: `customerio` is the app's delegate class (@main)")
                && !explained.contains("Passes"), "\(explained)")
        // The app's own delegate never passes through setDelegate:, only the wrapper does: a +load setter hook (App
        // Center's) sees the wrapper first and hooks its class, so the wrapper without an openURL of its own answers it
        // and the app's delegate never gets it.
        let lost = try run("host UIApplication\nconfig release\nload appcenter\nset-delegate app\nattach customerio:forwarding\nfire application:openURL:options:\n")
        #expect(lost.contains { $0.kind == .lostEvent && $0.message.contains("never received application:openURL:options:") }, "\(lost)")
        #expect(try run("host UIApplication\nconfig release\nload appcenter\nset-delegate app\nattach customerio\nfire application:openURL:options:\n").isEmpty)
        // The line needs its source.
        let head = "participant a\napp-delegate-class\nstart runtime\nobserve UIApplication application:openURL:options:\nsetter none\nswizzle-class\n"
        do { _ = try ParticipantFile.parse(text: head, file: "a.hooklab"); Issue.record("parsed without a source") } catch {
            #expect(error.line == 2 && error.message.contains("app-delegate-class SOURCE"), "\(error)")
        }
    }

    @Test("wrap … surrogate: the observed events live on another object, so a method another SDK adds to the wrapper's class runs in their place")
    func surrogateWrapper() throws {
        let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
        // mParticle 8.x's form (MPAppDelegateProxy.m:31-54, :86-97 @v8.44.4), with the observed events on MPSurrogateAppDelegate.
        func proxy(_ tail: String) throws -> ParticipantFile {
            try file("participant s\nstart runtime\nobserve UIApplication \(fetch)\nsetter none\n"
                     + "wrap nsproxy class SProxy target strong forward invocation invoke-always \(tail) keep retain host s_key\nhandler pass\n")
        }
        let surrogate = try proxy("responds target surrogate SSurrogate"), own = try proxy("responds own-or-target")
        #expect(ParticipantFile.handlingLine(surrogate.sdk.handling).contains(" surrogate SSurrogate"))
        // A class swizzler that adds the method where the class lacks it, with no original to call.
        let adder = try file("participant adder\nstart runtime\nobserve UIApplication \(fetch)\nsetter none prefix _ad_\nswizzle-class add-missing\nhandler pass\n")
        // Alone, the proxy sends the push to its surrogate, which records it and calls the app's delegate.
        #expect(try run("host UIApplication\nconfig release\nset-delegate app\nattach s\nfire \(fetch)\n", with: [surrogate]).isEmpty)
        let scenario = "host UIApplication\nconfig release\nset-delegate app\nattach s\nattach adder\nfire \(fetch)\n"
        // The proxy's class lacks the method, so the adder adds its own there, which runs instead of the forwarding.
        let added = try run(scenario, with: [surrogate, adder])
        #expect(added.contains { $0.kind == .lostEvent && $0.message.hasPrefix("s's observer") }, "\(added)")
        #expect(added.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") }, "\(added)")
        // With the events on the wrapper's own class, the adder exchanges them instead, and everyone gets the push.
        #expect(try run(scenario, with: [own, adder]).isEmpty)
        // The line checks its company: its respondsToSelector: and its forwardingTargetForSelector: are the surrogate's.
        for company in ["responds own-or-target", "responds target forward target-if-responds"] {
            do { _ = try file("participant s\nstart runtime\nobserve UIApplication \(fetch)\nsetter none\nwrap nsproxy class SProxy \(company) surrogate SSurrogate\n")
                Issue.record("parsed 'surrogate' with '\(company)'") } catch {
                #expect(error.line == 5 && error.message.contains("'surrogate'"), "\(error)")
            }
        }
    }

    @Test("An app delegate that lacks the lost event is no fix: Customer.io's wrapper then answers NO, and Intercom's method added to it never runs")
    func lackingTheLostEventIsNoFix() throws {
        let fetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
        let key = Matrix.NoteKey(host: "UIApplication", order: ["customerio", "intercom"])
        let verdict = LabMatrixTests.shared.verdict(key)
        // The lab's run of that set-up passes: the wrapper asks the app's delegate, which says NO, so iOS sends it to no one.
        #expect(verdict.lackingLosesEvent == [fetch], "\(verdict.lackingLosesEvent)")
        #expect(!verdict.passingSetups.contains { $0.lacks.contains(fetch) })
        #expect(!verdict.fixes.contains { fix in fix.changes.contains { change in
            if case .setup(let setup) = change { setup.lacks.contains(fetch) } else { false } } })
        let note = LabMatrixTests.shared.explainNote(key).joined(separator: "\n")
        #expect(!note.contains("so that it has an app delegate that lacks"), "\(note)")
        #expect(note.contains("An app delegate that lacks `\(fetch)` is no way out"), "\(note)")
    }

    @Test("customerio:forwarding reaches openURL by forwarding alone: GUL captures no IMP and the Facebook SDK hooks none; the explicit method of customerio fixes both")
    func customerIOForwarding() throws {
        let openURL = "application:openURL:options:"
        func found(_ cio: String, _ other: String) throws -> [Finding] {
            try run("host UIApplication\nconfig release\nset-delegate app\nattach \(cio)\nattach \(other)\nfire \(openURL)\n")
        }
        // GULAppDelegateSwizzler.m:561-567: the IMP from the wrapper's class, NULL; the app's openURL never runs.
        #expect(try found("customerio:forwarding", "fcm").contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") })
        // FBSDKAEMManager.m:130-153: method_setImplementation only where the class has the method; FB never sees the URL.
        #expect(try found("customerio:forwarding", "fbsdk").contains { $0.kind == .lostEvent && $0.message.hasPrefix("fbsdk's observer") })
        #expect(try found("customerio", "fcm").isEmpty)
        #expect(try found("customerio", "fbsdk").isEmpty)
        // The continueUserActivity method it implements itself reaches the app under GUL.
        let activity = try run("host UIApplication\nconfig release\nset-delegate app\nattach customerio:forwarding\nattach fcm\nfire application:continueUserActivity:restorationHandler:\n")
        #expect(activity.isEmpty, "\(activity)")
    }
    @Test("donor-if-responds: GoogleUtilities 7 adds the fetch donor for a forwarding wrapper that answers respondsToSelector: YES, which then replaces the forwarding; no-donor never adds it")
    func donorIfResponds() throws {
        let wrapper = try file("participant w\nstart runtime\nobserve UIApplication application:didRegisterForRemoteNotificationsWithDeviceToken:\n"
                               + "setter none\nwrap nsobject class W target strong forward target responds own-or-target keep retain host w_key\n")
        func gul(_ option: String) throws -> ParticipantFile {
            try file("participant g\nstart runtime\nobserve UIApplication application:didReceiveRemoteNotification:fetchCompletionHandler:\n"
                     + "setter none reset-delegate\nisa-subclass capture add-missing shared G \(option) application:didReceiveRemoteNotification:fetchCompletionHandler:\nhandler group\n")
        }
        let scenario = "host UIApplication\nconfig release\nset-delegate app\nattach w\nattach g\nfire application:didReceiveRemoteNotification:fetchCompletionHandler:\n"
        // GUL 7 (:520) asks the wrapper, which forwards the app's method: a donor with no IMP to call, so the app loses it.
        let ifResponds = try run(scenario, with: [wrapper, try gul("donor-if-responds")])
        #expect(ifResponds.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") }, "\(ifResponds)")
        #expect(!ifResponds.contains { $0.message.hasPrefix("g's observer") }, "\(ifResponds)")
        // no-donor: the wrapper's class lacks the method, so no donor; the forwarding reaches the app and GUL misses it.
        let never = try run(scenario, with: [wrapper, try gul("no-donor")])
        #expect(never.contains { $0.kind == .lostEvent && $0.message.hasPrefix("g's observer") }, "\(never)")
        // An app delegate whose class has the method is hooked either way.
        let direct = try run("host UIApplication\nconfig release\nset-delegate app\nattach g\nfire application:didReceiveRemoteNotification:fetchCompletionHandler:\n",
                             with: [try gul("donor-if-responds")])
        #expect(direct.isEmpty, "\(direct)")
    }

    @Test("OneSignal's method added to a SwiftUI app's delegate class passes the call to the adaptor through forwardingTargetForSelector: (SwizzlingForwarder): the app gets its push token")
    func oneSignalForwardsToTheAdaptor() throws {
        let token = "application:didRegisterForRemoteNotificationsWithDeviceToken:"
        func run(_ text: String) throws -> RunResult {
            let scenario = try Scenario.parse(text: text, file: "s", participants: Lab.catalog.participants, hosts: Lab.catalog.hosts.map(\.name))
            return Lab.catalog.makeRunner().run(scenario)
        }
        let swiftUI = try run("host UIApplication@swiftui\nconfig release\nload onesignal\nset-delegate app\nfire \(token)\n")
        #expect(swiftUI.findings.isEmpty, "\(swiftUI.findings)")
        // The same exchange without the fallback: the method it adds has no original, and the adaptor never gets the token.
        func hooker(_ option: String) throws -> ParticipantFile {
            try ParticipantFile.parse(text: "participant os\nstart load\nobserve UIApplication \(token)\nsetter exchange prefix os category OS\nswizzle-class add-missing\(option)\n", file: "os.hooklab")
        }
        let scenario = "host UIApplication@swiftui\nconfig release\nload os\nset-delegate app\nfire \(token)\n"
        let without = try self.run(scenario, with: [try hooker("")])
        #expect(without.contains { $0.kind == .lostEvent && $0.message.contains("AppDelegate") }, "\(without)")
        #expect(try self.run(scenario, with: [try hooker(" forwarding-fallback")]).isEmpty)
    }
}
