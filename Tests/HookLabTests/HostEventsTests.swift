// Issue 43 #7: host behaviours public reports need. SwiftUI's scene delegate casts UIApplication.shared.delegate to its
// own AppDelegate class when the first scene connects; WKWebView sends the server-redirect event from the answer it
// cached at setNavigationDelegate:.

import Testing
@testable import HookLab
import ObjCModel
import UIKitModel

@Suite("Host events: SwiftUI's cast of the app delegate, WebKit's redirect event")
struct HostEventsTests {
    func run(_ text: String) throws -> RunResult {
        let catalog = Lab.catalog
        let scenario = try Scenario.parse(text: text, file: "s", participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        return catalog.makeRunner().run(scenario)
    }

    @Test("A proxy in SwiftUI's slot traps at the first scene connection (mParticle #207); an isa subclass of SwiftUI's delegate passes")
    func swiftUICastsTheAppDelegate() throws {
        let event = "fire application:didRegisterForRemoteNotificationsWithDeviceToken:\n"
        let proxy = try run("host UIApplication@swiftui\nconfig release\nattach mparticle\n" + event)
        let trap = try #require(proxy.findings.first { $0.kind == .fatalError })
        #expect(trap.message.contains("Could not cast value of type 'MPAppDelegateProxy' to 'SwiftUI.AppDelegate'"), "\(trap.message)")
        #expect(proxy.basedOn.contains { $0.source.contains("mparticle-apple-sdk #207") })
        // GoogleUtilities moves SwiftUI's delegate into a GUL_ subclass: the cast walks the isa chain and passes.
        let gul = try run("host UIApplication@swiftui\nconfig release\nattach gul\n" + event)
        #expect(!gul.findings.contains { $0.kind == .fatalError }, "\(gul.findings)")
        // The app alone: SwiftUI's own delegate is in the slot.
        #expect(try run("host UIApplication@swiftui\nconfig release\n" + event).findings.isEmpty)
        // The plain UIKit host has no SwiftUI scene: the same proxy is no cast failure there.
        let uikit = try run("host UIApplication\nconfig release\nattach mparticle\n" + event)
        #expect(!uikit.findings.contains { $0.kind == .fatalError })
    }

    @Test("WebKit sends the redirect event only to a delegate that answered YES when it was set: the bridge has no method for it")
    func wkRedirectFollowsTheCachedAnswer() throws {
        let fire = "fire webView:didReceiveServerRedirectForProvisionalNavigation:\n"
        #expect(try run("host WKWebView\nconfig release\nset-delegate app\n" + fire).findings.isEmpty)
        // WebViewJavascriptBridge's WK bridge implements no redirect method (WKWebViewJavascriptBridge.m:103-186 @9a1ae72):
        // WebKit caches NO for it, and the app's own delegate never learns of the redirect.
        let bridged = try run("host WKWebView\nconfig release\nattach jsbridge:plain\nset-delegate app\n" + fire)
        #expect(bridged.findings.contains { $0.kind == .lostEvent && $0.message.contains("webView:didReceiveServerRedirectForProvisionalNavigation:") },
                "\(bridged.findings)")
    }
}
