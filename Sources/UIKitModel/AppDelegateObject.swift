// The app's own business delegate: implements every host delegate method and records what it receives.
import ObjCModel

/// `AppDelegate`, the app's delegate object, as a model class.
public enum AppDelegateObject {
    public static let className = "AppDelegate"
    public static let protocols = ["UIScrollViewDelegate", "UITableViewDelegate", "UITableViewDataSource",
                                   "UICollectionViewDelegate", "UICollectionViewDataSource", "UIWebViewDelegate",
                                   "WKNavigationDelegate"]

    /// The ivar holding a configured answer for a non-void method.
    public static func answerIvar(_ selector: String) -> String { "answer.\(selector)" }

    /// The ivar, on the class object, listing (comma-separated) the SDKs the app's own methods call by hand.
    public static let forwardsToIvar = "app.forwardsTo"

    static func define(in rt: Runtime) {
        let cls = rt.defineClass(className, superclass: rt.NSObjectClass, owner: "app")
        defineTitle(cls, in: rt)
        var seen = Set<String>()
        for name in protocols {
            let p = rt.objc_getProtocol(name)!
            rt.class_addProtocol(cls, p)
            for m in rt.protocol_copyMethodDescriptionList(p) where seen.insert(m.selector).inserted {
                let returnType = m.types.first!
                let name = m.selector
                let answerKey = answerIvar(name)
                // The app's methods record what they implement, not `_cmd`: they do not depend on it.
                rt.addMethod(cls, m.selector, types: m.types) { rt, o, _, a in
                    // The index path it was given, if any, so a translation (IMYAOP's injected rows) shows.
                    let indexPath = a.lazy.compactMap(\.stringValue).first { $0.hasPrefix("indexPath{") } ?? ""
                    rt.journal.append(JournalEntry(observer: rt.describe(o), event: name, detail: indexPath))
                    if case .block(let handler)? = a.last, name.contains("decisionHandler:") {
                        try handler.call(rt, [.int(1)])   // WKNavigationActionPolicyAllow, exactly once
                    }
                    let configured = rt.object_getIvar(o, answerKey)
                    if !configured.isNil { return configured }
                    return defaultAnswer(returnType)
                }
            }
        }
    }

    /// A KVO-compliant `title` property, for observers of the app's delegate (imyaop-kvo guide §2).
    static func defineTitle(_ cls: Class, in rt: Runtime) {
        // `@property (copy) NSString *title` synthesizes an object ivar: the class's declared layout (class_copyIvarList).
        rt.class_addIvar(cls, "title", types: "@\"NSString\"")
        rt.addMethod(cls, "title", types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, "title") }
        rt.addMethod(cls, "setTitle:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "title", a.first ?? .none, .value)
            return .none
        }
    }

    /// What the app answers unless configured: proceed (YES), one row, a 44-point height.
    static func defaultAnswer(_ type: Character) -> Value {
        switch type {
        case "c", "B": return .bool(true)
        case "q": return .int(1)
        case "d": return .int(44)
        default: return .none
        }
    }

    /// Creates an app delegate (+1, owned by the caller), optionally with configured answers.
    public static func make(in rt: Runtime, answers: [(String, Value)] = []) throws -> ObjectID {
        try make(in: rt, answerIvars: answers.map { (answerIvar($0.0), $0.1) })
    }

    /// Creates an app delegate (+1, owned by the caller) with answers already keyed by their ivars (``answerIvar(_:)``):
    /// a caller that makes one per run names the ivars once, not once per run.
    public static func make(in rt: Runtime, answerIvars: [(String, Value)]) throws -> ObjectID {
        let o = rt.class_createInstance(rt.objc_getClass(className)!)
        _ = try rt.objc_msgSend(o, rt.s.`init`)
        for (ivar, v) in answerIvars { try rt.object_setIvar(o, ivar, v, .value) }
        return o
    }

    /// The selectors an object received, in order, from the runtime's journal.
    public static func received(by o: ObjectID, in rt: Runtime) -> [String] {
        let label = rt.describe(o)
        return rt.journal.filter { $0.observer == label }.map(\.event)
    }

    /// How the app's delegate class is written on the app-level hosts (scenario lines `delegate-lacks`,
    /// `delegate-completes`): the optional methods it does not implement, and how many times each implemented method
    /// calls its completion handler (default 1).
    public struct Shape: Hashable, Sendable {
        public var lacks: [String]
        public var completes: [String: Int]
        /// The methods that keep the handler and call it after the event returned (`delegate-completes SEL N async`).
        public var completesLater: [String] = []
        /// The class subclasses `FlutterAppDelegate` and leaves its notification methods to it (the documented Flutter
        /// set-up writes no `userNotificationCenter:` override; FlutterFire's README).
        public var flutter = false
        /// The class subclasses Expo's `ExpoAppDelegate` and overrides only what the Expo template does.
        public var expo = false
        /// On a Flutter app: the inherited methods its `FlutterAppDelegate` subclass overrides itself without calling
        /// `super` (`delegate-overrides`), so FlutterAppDelegate never passes those events to its plugins.
        public var overrides: [String] = []
        public init(lacks: [String] = [], completes: [String: Int] = [:], flutter: Bool = false, expo: Bool = false) {
            self.lacks = lacks
            self.completes = completes
            self.flutter = flutter
            self.expo = expo
        }
    }

    /// Methods today's app delegates do not write: the openURL form deprecated in iOS 9, which no current template has
    /// (a library that donates it, GoogleUtilities, adds it itself).
    static let notWritten: Set<String> = ["application:openURL:sourceApplication:annotation:"]

    /// The value the app passes to a completion handler: present as banner, sound and badge; new data; allow.
    /// MODEL: the option sets are numbers chosen to differ from every library's own answer.
    static func handlerValue(_ selector: String) -> Value {
        // Prefix tests, not `contains` (Foundation's search, run for every method of every scenario's delegate).
        if selector.hasPrefix("userNotificationCenter:willPresentNotification:") { return .int(7) }
        if selector.hasPrefix("URLSession:dataTask:didReceiveResponse:") { return .int(1) }
        return selector.hasPrefix("userNotificationCenter:didReceiveNotificationResponse:") ? .none : .int(0)
    }

    /// Adds the app-level delegate methods (UIApplicationDelegate, UNUserNotificationCenterDelegate, NSURLSession
    /// delegates) to `AppDelegate`, except those the shape lacks. Each records what it receives, calls its completion
    /// handler as many times as the shape says, and answers YES to a BOOL event (it handled the link).
    public static func defineAppSlotMethods(in rt: Runtime, shape: Shape) {
        guard let cls = rt.objc_getClass(className) else { return }
        var inherited: [String] = []
        if shape.flutter {
            // A Flutter app's `AppDelegate : FlutterAppDelegate` (FlutterAppDelegate.h:27-28): it inherits the
            // notification methods that pass the events to the plugins.
            FlutterApp.define(in: rt)
            if let flutter = rt.objc_getClass(FlutterApp.appDelegateClass) { rt.class_setSuperclass(cls, flutter) }
            inherited = (FlutterApp.notificationEvents + FlutterApp.appEvents).filter { !shape.overrides.contains($0) }
        }
        if shape.expo {
            // An Expo app's `AppDelegate : ExpoAppDelegate` (the Expo template): it inherits Expo's methods and
            // overrides the two link methods, calling super.
            ExpoApp.define(in: rt)
            if let expo = rt.objc_getClass(ExpoApp.appDelegateClass) { rt.class_setSuperclass(cls, expo) }
            inherited = ExpoApp.events.filter { !ExpoApp.templateOverrides.contains($0) }
        }
        let callsExpo = shape.expo
        for name in DelegateProtocols.appSlotProtocols {
            guard let p = rt.objc_getProtocol(name) else { continue }
            rt.class_addProtocol(cls, p)
            for m in rt.protocol_copyMethodDescriptionList(p) where !shape.lacks.contains(m.selector) && !inherited.contains(m.selector)
                && !notWritten.contains(m.selector) {
                let selector = m.selector
                let calls = selector.hasSuffix("ompletionHandler:") ? shape.completes[selector] ?? 1 : 0
                let later = shape.completesLater.contains(selector)
                let value = handlerValue(selector)
                let returnType = m.types.first!
                // Named once per method, not at every event it receives.
                let answerKey = answerIvar(selector)
                rt.addMethod(cls, selector, types: m.types) { rt, o, _, a in
                    let me = rt.describe(o)
                    rt.journal.append(JournalEntry(observer: me, event: selector))
                    // SDKs the app's own method calls by hand (Branch, Adjust): they see the call only when it runs.
                    if case .string(let sdks) = rt.object_getIvar(rt.classObject(cls), forwardsToIvar) {
                        for sdk in sdks.splitASCII(",") { rt.journal.append(JournalEntry(observer: String(sdk), event: selector)) }
                    }
                    if later, calls > 0, case .block? = a.last, let host = a.first?.object {
                        // It keeps the handler (an async decision) and calls it once the event returned, on the host
                        // that sent it (completeLater, from UIKit.deliver).
                        try rt.object_setIvar(host, pendingSelectorIvar, .string(selector), .value)
                        try rt.object_setIvar(host, pendingHandlerIvar, a.last!, .value)
                        try rt.object_setIvar(host, pendingCountIvar, .int(calls), .value)
                        try rt.object_setIvar(host, pendingCallerIvar, .string(me), .value)
                    } else {
                        for _ in 0..<calls { try UIKit.callHandler(rt, a.last ?? .none, by: me, [value]) }
                    }
                    // The Expo template's overrides call super (ExpoAppDelegate's fan-out) as well.
                    if callsExpo, ExpoApp.templateOverrides.contains(selector) { _ = try ExpoApp.fanOut(rt, selector, m.types, a) }
                    let configured = rt.object_getIvar(o, answerKey)
                    return configured.isNil ? defaultAnswer(returnType) : configured
                }
            }
        }
    }

    static let pendingSelectorIvar = "app.pendingSelector", pendingHandlerIvar = "app.pendingHandler", pendingCountIvar = "app.pendingCount",
               pendingCallerIvar = "app.pendingCaller"

    /// Calls the completion handler the app's delegate kept while `host` sent its last event (`delegate-completes SEL N
    /// async`), as many times as its shape says, now that the event returned.
    static func completeLater(on host: ObjectID, in rt: Runtime) throws {
        guard case .string(let selector) = rt.object_getIvar(host, pendingSelectorIvar) else { return }
        let handler = rt.object_getIvar(host, pendingHandlerIvar)
        let count = rt.object_getIvar(host, pendingCountIvar).intValue
        let caller = rt.object_getIvar(host, pendingCallerIvar).stringValue ?? className
        for ivar in [pendingSelectorIvar, pendingHandlerIvar, pendingCountIvar, pendingCallerIvar] { try rt.object_setIvar(host, ivar, .none, .value) }
        for _ in 0..<count { try UIKit.callHandler(rt, handler, by: caller, [handlerValue(selector)]) }
    }

    /// The optional methods a scenario may say the app's delegate lacks, on a host: its slot protocol's methods.
    public static func lackableSelectors(in rt: Runtime, host: HostKind) -> [String] {
        host.slots.compactMap { rt.objc_getProtocol($0.protocolName) }.flatMap { rt.protocol_copyMethodDescriptionList($0).map(\.selector) }
    }
}
