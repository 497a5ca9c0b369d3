// What the lab needs to know about a delegate host.

/// The public description of one host kind: its name, who owns its delegate, and the events it fires.
public struct HostInfo: Codable, Hashable, Sendable {
    /// The host kind, e.g. `UIWebView` or `UITableView@ios8`.
    public var name: String
    /// The delegate ownership in words for the report heading, e.g. "assign" or "weak".
    public var delegateOwnership: String
    /// The selectors the generator fires, in order, e.g. `webView:shouldStartLoadWithRequest:navigationType:`.
    public var events: [String]
    /// For a method-hook target (`ViewController -viewWillAppear:`): its classes, object and calls; nil for a
    /// delegate host.
    public var methodTarget: MethodTargetInfo?
    /// True when the app sets its delegate once, at launch, before any SDK starts (`UIApplication`): the generator
    /// places every runtime start after it. Nil for other hosts.
    public var delegateAtLaunch: Bool?
    /// The class method that creates the host with its delegate, the only place the delegate is given
    /// (`NSURLSession`'s `sessionWithConfiguration:delegate:delegateQueue:`). Nil for other hosts.
    public var delegateAtCreation: String?
    /// The framework the app is built on when it is not plain UIKit: `swiftui`, or `flutter`, whose notification
    /// delegate is the app's `FlutterAppDelegate` itself (`delegate = self`), which the app never replaces or frees.
    public var framework: String?
    /// The app's delegate in this slot is its app delegate, which UIApplicationMain keeps: never replaced or freed.
    public var delegateIsAppDelegate: Bool { delegateAtLaunch == true || framework == "flutter" }
    /// An app may leave this slot empty and let an SDK take it: the notification center, whose delegate an Expo app
    /// (expo-notifications owns it), a React Native app with RNFB, or a Flutter app that links OneSignal never sets. The
    /// app delegate is always set (UIApplicationMain), and a URL session is the app's only when it creates it.
    public var appMayLeaveEmpty: Bool { delegateAtLaunch != true && delegateAtCreation == nil && isAppLevel }
    /// The app delegate's methods on the app-level hosts, which `delegate-lacks` may name; nil elsewhere.
    public var delegateMethods: [String]?
    /// What the app's user sees when an event goes wrong, for the events whose host says so; notes read it.
    public var effects: [EventEffect]?
    /// The event the host sends while its delegate, the screen that owns it, deallocates (UIScrollView's
    /// `scrollViewDidScroll:` from `removeFromSuperview`); the generator fires it with `fire-while-deallocating`.
    public var eventWhileDelegateDeallocates: String?

    /// What the app's user sees when one event goes wrong, in an integrator's words (the host declares it).
    public struct EventEffect: Codable, Hashable, Sendable {
        /// The event's selector.
        public var selector: String
        /// When the app's delegate never gets the event, e.g. "tapping a push does nothing".
        public var userSees: String?
        /// The completion handler the host passes with the event, e.g. `completionHandler`.
        public var handler: String?
        /// What happens when that handler is called twice.
        public var extraCall: String?
        /// What happens when it is never called.
        public var noCall: String?

        public init(selector: String, userSees: String?, handler: String?, extraCall: String?, noCall: String?) {
            self.selector = selector
            self.userSees = userSees
            self.handler = handler
            self.extraCall = extraCall
            self.noCall = noCall
        }
    }

    /// The effect declared for an event, if any.
    public func effect(of selector: String) -> EventEffect? { effects?.first { $0.selector == selector } }

    public init(name: String, delegateOwnership: String, events: [String], methodTarget: MethodTargetInfo? = nil) {
        self.name = name
        self.delegateOwnership = delegateOwnership
        self.events = events
        self.methodTarget = methodTarget
    }
}
