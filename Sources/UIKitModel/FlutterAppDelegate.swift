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
                rt.journal.append(JournalEntry(observer: rt.describe(o), event: event))
                // An app that calls an SDK by hand (its hooks switched off) does it from its AppDelegate's override,
                // which calls super: the SDK sees what reaches the app delegate (AppDelegateObject.forwardsToIvar).
                if let app = rt.objc_getClass(AppDelegateObject.className),
                   case .string(let sdks) = rt.object_getIvar(rt.classObject(app), AppDelegateObject.forwardsToIvar) {
                    for sdk in sdks.split(separator: ",") { rt.journal.append(JournalEntry(observer: String(sdk), event: event)) }
                }
                for index in 0..<rt.object_getIvar(o, pluginCount).intValue {
                    let plugin = rt.object_getIvar(o, pluginIvar(index))
                    guard !plugin.isNil, try rt.objc_msgSend(plugin, rt.s.respondsToSelector, [.sel(sel)]).boolValue else { continue }
                    _ = try rt.objc_msgSend(plugin, sel, a)
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
