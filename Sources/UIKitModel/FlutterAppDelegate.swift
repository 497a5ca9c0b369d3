// Flutter's app delegate, as the engine writes it (flutter/flutter engine/src/flutter/shell/platform/darwin/ios/framework,
// read at 3.38.x: Source/FlutterAppDelegate.mm, Source/FlutterPluginAppLifeCycleDelegate.mm, Headers/FlutterPlugin.h).
// A Flutter app's `AppDelegate` subclasses it; plugins register with it, and it passes the notification center's
// events to every plugin that responds.
import ObjCModel

/// `FlutterAppDelegate` and the `FlutterAppLifeCycleProvider` protocol, as model classes.
public enum FlutterApp {
    public static let appDelegateClass = "FlutterAppDelegate"
    /// FlutterPlugin.h:501-509: `@protocol FlutterAppLifeCycleProvider <UNUserNotificationCenterDelegate>`.
    public static let providerProtocol = "FlutterAppLifeCycleProvider"
    public static let addDelegate = "addApplicationLifeCycleDelegate:"
    /// The notification events `FlutterAppDelegate` implements and passes on (FlutterAppDelegate.mm:120-142).
    public static let notificationEvents = ["userNotificationCenter:willPresentNotification:withCompletionHandler:",
                                            "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"]

    /// The app-delegate events `FlutterAppDelegate` implements itself and passes to the plugins (FlutterAppDelegate.mm
    /// :100-104, :145-154, :217-228 @3e417c0).
    public static let appEvents = ["application:openURL:options:", "application:continueUserActivity:restorationHandler:",
                                   "application:didRegisterForRemoteNotificationsWithDeviceToken:"]
    /// The events it answers dynamically (FlutterPluginAppLifeCycleDelegate.mm:18-20 @3e417c0): it has no method for
    /// them; `respondsToSelector:` is YES only when a plugin responds, and `forwardingTargetForSelector:` sends them to
    /// the life-cycle delegate (FlutterAppDelegate.mm:284-305).
    public static let dynamicEvents = ["application:didReceiveRemoteNotification:fetchCompletionHandler:"]
    /// The app-delegate events a Flutter app's delegate has no method for: the dynamic ones, and termination, which the
    /// life-cycle delegate gets as a notification (FlutterPluginAppLifeCycleDelegate.mm:63, :389).
    public static let notImplemented = dynamicEvents + ["applicationWillTerminate:"]
    static let lifeCycleClass = "FlutterPluginAppLifeCycleDelegate"
    static let lifeCycleIvar = "flutter.lifeCycleDelegate"

    static let pluginCount = "flutter.lifeCycleDelegates"
    static func pluginIvar(_ index: Int) -> String { "flutter.lifeCycleDelegate.\(index)" }

    /// Defines the protocol and the class (each runtime of a Flutter host's world; cheap, and unused elsewhere).
    public static func define(in rt: Runtime) {
        guard rt.objc_getClass(appDelegateClass) == nil, let center = rt.objc_getProtocol("UNUserNotificationCenterDelegate"),
              let responder = rt.objc_getClass("UIResponder") else { return }
        let provider = rt.defineProtocol(providerProtocol, inherits: [center], methods: [ProtocolMethod(addDelegate, "v@:@", required: true)])
        let cls = rt.defineClass(appDelegateClass, superclass: responder, owner: "Flutter")
        rt.class_addProtocol(cls, center)
        rt.class_addProtocol(cls, provider)
        // FlutterPluginAppLifeCycleDelegate.mm:65, :114-119: `weakObjectsPointerArray`, appended in registration order.
        rt.addMethod(cls, addDelegate, types: "v@:@") { rt, o, _, a in
            guard let plugin = a.first, !plugin.isNil else { return .none }
            let count = rt.object_getIvar(o, pluginCount).intValue
            try rt.object_setIvar(o, pluginIvar(count), plugin, .weak)
            try rt.object_setIvar(o, pluginCount, .int(count + 1), .value)
            return .none
        }
        for event in notificationEvents {
            guard let types = rt.protocol_getMethodDescription(center, rt.sel(event))?.types else { continue }
            let sel = rt.sel(event)
            // FlutterAppDelegate.mm:120-142 passes the call to the life-cycle delegate, which calls every live plugin that
            // responds, each with the same completion handler and no early exit (:465-488); with no plugin that
            // responds, nobody calls the handler.
            rt.addMethod(cls, event, types: types) { rt, o, _, a in
                recordApp(rt, o, event)
                for plugin in try plugins(of: o, respondingTo: sel, in: rt) { _ = try rt.objc_msgSend(plugin, sel, a) }
                return .none
            }
        }
        defineAppEvents(cls, in: rt)
    }

    /// The live plugins of a Flutter app delegate, in registration order, that respond to `sel`.
    static func plugins(of o: ObjectID, respondingTo sel: SEL, in rt: Runtime) throws -> [Value] {
        var result: [Value] = []
        for index in 0..<rt.object_getIvar(o, pluginCount).intValue {
            let plugin = rt.object_getIvar(o, pluginIvar(index))
            if !plugin.isNil, try rt.objc_msgSend(plugin, rt.s.respondsToSelector, [.sel(sel)]).boolValue { result.append(plugin) }
        }
        return result
    }

    /// The app's own record of an event its delegate received, and the SDKs its methods call by hand.
    static func recordApp(_ rt: Runtime, _ o: ObjectID, _ event: String) {
        rt.journal.append(JournalEntry(observer: rt.describe(o), event: event))
        // An app that calls an SDK by hand (its hooks switched off) does it from its AppDelegate's override, which calls
        // super: the SDK sees what reaches the app delegate (AppDelegateObject.forwardsToIvar).
        if let app = rt.objc_getClass(AppDelegateObject.className),
           case .string(let sdks) = rt.object_getIvar(rt.classObject(app), AppDelegateObject.forwardsToIvar) {
            for sdk in sdks.splitASCII(",") { rt.journal.append(JournalEntry(observer: String(sdk), event: event)) }
        }
    }

    /// The app-delegate half: the events passed to the plugins, and the dynamic ones.
    static func defineAppEvents(_ cls: Class, in rt: Runtime) {
        guard let app = rt.objc_getProtocol("UIApplicationDelegate") else { return }
        for event in appEvents {
            guard let types = rt.protocol_getMethodDescription(app, rt.sel(event))?.types else { continue }
            let sel = rt.sel(event)
            let firstYes = types.first == "c"
            rt.addMethod(cls, event, types: types) { rt, o, _, a in
                recordApp(rt, o, event)
                for plugin in try plugins(of: o, respondingTo: sel, in: rt) {
                    let handled = try rt.objc_msgSend(plugin, sel, a)
                    // openURL and continueUserActivity stop at the first plugin that returns YES
                    // (FlutterPluginAppLifeCycleDelegate.mm:511-524); the token goes to every plugin (:410-421).
                    if firstYes, handled.boolValue { return .bool(true) }
                }
                guard firstYes else { return .none }
                // Unhandled, the link goes to Flutter's router: deep linking is on unless Info.plist's
                // FlutterDeepLinkingEnabled says NO (FlutterAppDelegate.mm:158-183; FlutterSharedApplication.mm:60-67).
                let configured = rt.object_getIvar(o, AppDelegateObject.answerIvar(event))
                return configured.isNil ? .bool(true) : configured
            }
        }
        let dynamic = dynamicEvents.map(rt.sel)
        // FlutterAppDelegate.mm:284-297: a dynamic selector is answered by the plugins, any other by NSObject.
        rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            guard let sel = a.first?.selValue else { return .bool(false) }
            if dynamic.contains(sel) { return .bool(try !plugins(of: o, respondingTo: sel, in: rt).isEmpty) }
            return .bool(rt.class_respondsToSelector(rt.object_getClass(o), sel))
        }
        // :299-305: a dynamic selector goes to the life-cycle delegate, which the app delegate owns.
        let lifeCycle = rt.defineClass(lifeCycleClass, superclass: rt.NSObjectClass, owner: "Flutter")
        rt.addMethod(cls, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, a in
            guard let sel = a.first?.selValue, dynamic.contains(sel) else { return .none }
            var target = rt.object_getIvar(o, lifeCycleIvar)
            if target.isNil {
                target = .object(rt.class_createInstance(lifeCycle))
                try rt.object_setIvar(o, lifeCycleIvar, target, .strong)
                try rt.objc_release(target.object!)
                try rt.object_setIvar(target.object!, "owner", .object(o), .weak)
            }
            return target
        }
        for event in dynamicEvents {
            guard let types = rt.protocol_getMethodDescription(app, rt.sel(event))?.types else { continue }
            let sel = rt.sel(event)
            // FlutterPluginAppLifeCycleDelegate.mm:435-448: plugins in order until one returns YES.
            rt.addMethod(lifeCycle, event, types: types) { rt, o, _, a in
                let owner = rt.object_getIvar(o, "owner")
                guard let delegate = owner.object else { return .none }
                for plugin in try plugins(of: delegate, respondingTo: sel, in: rt) {
                    if try rt.objc_msgSend(plugin, sel, a).boolValue { break }
                }
                return .none
            }
        }
    }

    /// The app delegate `UIApplicationMain` made, if the world has a shared application (`[UIApplication sharedApplication].delegate`).
    public static func sharedApplicationDelegate(_ rt: Runtime) throws -> Value {
        guard let app = rt.objc_getClass("UIApplication") else { return .none }
        let shared = rt.object_getIvar(rt.classObject(app), UIKit.sharedApplicationIvar)
        guard !shared.isNil else { return .none }
        return try rt.objc_msgSend(shared, rt.sel("delegate"))
    }
}
