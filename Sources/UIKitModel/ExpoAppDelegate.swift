// Expo's app delegate, as expo writes it (expo/expo packages/expo/ios/AppDelegates/ExpoAppDelegate.swift @bf9e966, the
// sdk-54 branch after 54.0.24; expo-modules-core ExpoAppDelegateSubscriberManager.swift @81f10eb). An Expo app's
// `AppDelegate` subclasses it; modules register subscribers in a static repository at `+load`, and each app-delegate
// method passes the event to every subscriber and merges their answers.
import ObjCModel

/// `ExpoAppDelegate` (`@objc(EXExpoAppDelegate)`) and its subscriber repository, as model classes.
public enum ExpoApp {
    public static let appDelegateClass = "EXExpoAppDelegate"
    /// The events ExpoAppDelegate implements as real methods (ExpoAppDelegate.swift @bf9e966: openURL, continue,
    /// didRegister, didReceiveRemoteNotification, applicationWillTerminate); `respondsToSelector:` is NSObject's.
    public static let events = ["application:openURL:options:", "application:continueUserActivity:restorationHandler:",
                                "application:didRegisterForRemoteNotificationsWithDeviceToken:",
                                "application:didReceiveRemoteNotification:fetchCompletionHandler:", "applicationWillTerminate:"]
    /// The events the Expo template's `AppDelegate` overrides, calling `super` (templates/expo-template-bare-minimum
    /// AppDelegate.swift: openURL returns super or RCTLinkingManager's answer, continueUserActivity both, ORed).
    public static let templateOverrides = ["application:openURL:options:", "application:continueUserActivity:restorationHandler:"]

    /// Defines the class (each runtime of an Expo host's world).
    public static func define(in rt: Runtime) {
        guard rt.objc_getClass(appDelegateClass) == nil, let responder = rt.objc_getClass("UIResponder"),
              let app = rt.objc_getProtocol("UIApplicationDelegate") else { return }
        let cls = rt.defineClass(appDelegateClass, superclass: responder, owner: "Expo")
        rt.class_addProtocol(cls, app)
        for event in events {
            guard let types = rt.protocol_getMethodDescription(app, rt.sel(event))?.types else { continue }
            rt.addMethod(cls, event, types: types) { rt, o, _, a in
                // What reaches ExpoAppDelegate's method reaches the app (its AppDelegate inherits it).
                if !templateOverrides.contains(event) { FlutterApp.recordApp(rt, o, event) }
                return try fanOut(rt, event, types, a)
            }
        }
    }

    /// ExpoAppDelegateSubscriberManager: every subscriber that responds is called, with no early exit; BOOL answers are
    /// ORed (:434-437, :270-298); the fetch handler is called once, after every responding subscriber called its own
    /// (:199-240). EXAppDelegatesLoader registers the legacy wrapper first, which answers links with NO and the fetch
    /// with `.noData` at once (EXLegacyAppDelegateWrapper.m @60b2373). A module's subscriber (expo-notifications') is a
    /// participant that sees what reaches this method (`passive`), and answers nothing: so the links are NO and the
    /// handler is called once, here.
    static func fanOut(_ rt: Runtime, _ event: String, _ types: String, _ args: [Value]) throws -> Value {
        if event.hasSuffix("fetchCompletionHandler:"), case .block? = args.last {
            try UIKit.callHandler(rt, args.last!, by: "ExpoAppDelegate", [.int(1)])
        }
        return types.first == "c" ? .bool(false) : .none
    }
}
