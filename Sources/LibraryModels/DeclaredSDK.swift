// A delegate-hooking SDK declared by composing primitives (a participant file, or `hooklab design`), and the runtime
// behaviour of each primitive. Each primitive follows a documented mechanism of a shipped SDK or of the runtime; the
// comment on each says which. The SDK records the events it observes in the journal under its observer name.
import ObjCModel
import UIKitModel

/// An SDK's delegate-hooking mechanism, as composable choices. Values only: ``install(into:)`` executes it.
public struct DeclaredSDK: Hashable, Sendable {
    /// When the SDK installs its hooks.
    public enum Start: String, CaseIterable, Hashable, Sendable {
        /// In `+load`, before the app's code runs (the tracker write-up's `setDelegate:` swizzle).
        case load
        /// At a runtime start call (`[SDK start]`), before the app sets its delegates.
        case runtime
        /// At a start call that may come after the app set its delegate and events fired.
        case late
    }

    /// How the SDK replaces the host class's delegate setter.
    public enum SetterHook: String, CaseIterable, Hashable, Sendable {
        /// NSHipster `class_addMethod` + `method_exchangeImplementations`; the original runs under the helper selector.
        case exchange
        /// `method_setImplementation` with the previous IMP kept and called with the original `_cmd` (RSSwizzle style).
        case replace
    }

    /// How a wrapper holds the delegate it wraps.
    public enum TargetOwnership: String, CaseIterable, Hashable, Sendable {
        case weak, strong, assign
        /// It keeps no previous delegate: the one in the slot is dropped (react-native-notifications' multicast is set
        /// unconditionally and holds only its own sub-delegates, RNNotifications.m:68-75).
        case dropped = "none"
        var ownership: Ownership {
            switch self {
            case .weak: return .weak
            case .strong: return .strong
            case .assign, .dropped: return .assign
            }
        }
    }

    /// Where the newest wrapper is kept alive (the host's delegate property does not retain it).
    public struct Keep: Hashable, Sendable {
        public enum Holder: String, CaseIterable, Hashable, Sendable { case host, delegate }
        /// OBJC_ASSOCIATION_RETAIN_NONATOMIC or OBJC_ASSOCIATION_ASSIGN.
        public var retains: Bool
        public var on: Holder
        public var key: String
        public init(retains: Bool, on: Holder, key: String) {
            self.retains = retains
            self.on = on
            self.key = key
        }
    }

    /// A proxy object the SDK puts in the host's delegate slot instead of the delegate.
    public struct Proxy: Hashable, Sendable {
        /// How the proxy passes on what it does not implement.
        public enum Forwarding: String, CaseIterable, Hashable, Sendable {
            /// `methodSignatureForSelector:` + `forwardInvocation:` to the target.
            case forwardInvocation = "forwardInvocation"
            /// `forwardingTargetForSelector:` returns the target.
            case forwardingTarget = "forwardingTarget"
            /// `forwardingTargetForSelector:` returns the target only when it responds, else nil: a selector the target
            /// lacks is unrecognized by the wrapper itself (expo-app-metrics' DelegateProxy before expo PR #48360).
            case forwardingTargetIfResponds = "forwardingTargetIfResponds"
        }
        /// How the proxy answers `respondsToSelector:`.
        public enum Responds: String, CaseIterable, Hashable, Sendable {
            /// YES for the marker, otherwise what the target answers (the tracker write-up, scheme 2).
            case target
            /// YES for what the proxy's own class implements, otherwise what the target answers.
            case ownOrTarget = "own-or-target"
            /// YES only when the proxy implements the selector and the target answers YES too
            /// (Embrace UNUserNotificationCenterDelegateProxy.swift:19-38).
            case both
            /// YES for an event the SDK observes (its own list) when the proxy's class implements it, otherwise what the
            /// target answers: a method another SDK adds to the proxy's class is answered by the target
            /// (Customer.io's `implementedOptionalMethods`, CioProviderAgnosticAppDelegate.swift:28-34, :105-111 @4.7.5).
            case listedOrTarget = "listed-or-target"
        }
        /// NSProxy (a root class: every message it lacks is forwarded) or NSObject (answers NSObject's own methods).
        public var nsProxy: Bool
        public var className: String
        public var target: TargetOwnership
        public var forwarding: Forwarding
        public var responds: Responds
        /// A selector only this SDK's wrappers implement; a delegate answering it is passed through unwrapped.
        public var marker: String?
        /// Where the newest wrapper is kept alive; nil: nowhere.
        public var keep: Keep?
        /// `isKindOfClass:` also answers YES for the target's class (NRMAURLSessionTaskDelegateBase.m:17-86).
        public var kindOfTarget = false
        /// `-class` answers the target's class (an NSProxy that forwards `-class`, firebase-ios-sdk #16254).
        public var classOfTarget = false
        /// A delegate that is one of its own wrappers is passed through (a type check, Datadog `delegate is …Proxy`).
        public var passOwn = false
        /// The wrapper kept on the delegate (`keep … delegate KEY`) is reused for it (UIScrollViewSwizzler.swift:101-121).
        public var reuse = false
        /// `respondsToSelector:` answers NO while it is already answering (UIScrollViewDelegateProxy.swift:51-65).
        public var respondsGuard = false
        /// Its observed methods do nothing, not even record, when the target does not answer `respondsToSelector:` for
        /// them (`if ([self.target respondsToSelector:_cmd]) { track; call }`, sa-sdk-ios 1.10.13 SADelegateProxy.m).
        public var trackIfTarget = false
        /// `forwardInvocation:` invokes the target without asking `respondsToSelector:` first (`[invocation
        /// invokeWithTarget:self.target]`, sa-sdk-ios 1.10.13 SADelegateProxy.m): a selector it lacks raises there.
        public var invokeAlways = false
        /// Observed methods it handles itself and never forwards, though the target implements them (Notifee 7.0–7.8.2's
        /// didReceive, NotifeeCore+UNUserNotificationCenter.m:183-186, :250-255 @7.8.2).
        public var consumes: [String] = []
        /// One wrapper for the host, kept on it (`keep … host KEY`) and re-targeted at each set, whatever the new
        /// delegate is, the wrapper itself included (Embrace: `proxy.originalDelegate = delegate`, then the original
        /// setter with the proxy, PushNotificationCaptureService.swift:80-87 @6.21.0).
        public var retarget = false
        /// The observed methods live on a separate object of this class that the wrapper makes, not on the wrapper's own
        /// class: its `forwardingTargetForSelector:` and `forwardInvocation:` send an observed selector there and any
        /// other to the target, and its `respondsToSelector:` answers YES for them (mParticle's MPSurrogateAppDelegate,
        /// MPAppDelegateProxy.m:31-54, :86-97 @v8.44.4). A method another SDK adds to the wrapper's class runs instead,
        /// and its respondsToSelector: does not see it.
        public var surrogate: String? = nil

        public init(nsProxy: Bool, className: String, target: TargetOwnership, forwarding: Forwarding,
                    responds: Responds, marker: String?, keep: Keep?) {
            self.nsProxy = nsProxy
            self.className = className
            self.target = target
            self.forwarding = forwarding
            self.responds = responds
            self.marker = marker
            self.keep = keep
        }
    }

    /// What the SDK does with each delegate passed to the setter.
    public enum Handling: Hashable, Sendable {
        /// Wraps it in a proxy that records the observed events and passes them on.
        case wrap(Proxy)
        /// Method-swizzles the observed events on the delegate's (stated) class, once per class.
        case swizzleClass(addMissing: Bool)
        /// Moves the delegate into a runtime subclass of its class that records the observed events.
        case isaSubclass(lyingClass: Bool, addMissing: Bool)
        /// Hooks `forwardingTargetForSelector:` on forwarding-based delegates; others are method-swizzled.
        case forwardingTarget(handlerClass: String)
        /// ISA with captured IMPs (GULAppDelegateSwizzler.m:336-464): a per-object subclass of `[delegate class]` whose
        /// methods call every registered SDK, then the IMP captured from the real class at install with the original
        /// `_cmd`; `addMissing`: donors even where the class has no method. SDKs naming the same `shared` proxy
        /// register with the one already installed instead of subclassing again.
        case isaCapture(addMissing: Bool, shared: String?)
        /// SETIMP: `method_setImplementation` / `class_replaceMethod` on the delegate's class, the previous IMP kept
        /// per class, per selector name (looked up with the running `_cmd`), and called with the original `_cmd`.
        case setImp(key: ImpKey, runtimeClass: Bool, addMissing: Bool)
        /// Hooks nothing: the app's own delegate methods call the SDK by hand, so it sees an event exactly when the
        /// app's method for it runs (Branch, Adjust: field guide c.15).
        case passive
    }

    /// Where a SETIMP SDK keeps the previous IMP (field guide runtime fact 4).
    public enum ImpKey: String, CaseIterable, Hashable, Sendable {
        /// One entry per class and selector (Airship `"\(ObjectIdentifier(class)).\(sel)"`, AirshipSwizzler.swift:40).
        case `class`
        /// One entry per selector name, looked up with the running `_cmd` (FIRMessagingRemoteNotificationsProxy.m
        /// :253-259, :425): a foreign `_cmd` misses and the original is skipped.
        case selector
    }

    /// When the SDK takes hold of the delegate.
    public enum Trigger: String, CaseIterable, Hashable, Sendable {
        /// Through its hooked delegate setter, for every delegate set after it installs.
        case setter
        /// Once, at its start, on the delegate in the slot then (GUL `proxyOriginalDelegate`, RNFB `observe`, Airship).
        case start
        /// Through the class method that creates the host with its delegate (`+sessionWithConfiguration:delegate:
        /// delegateQueue:`, NRMAURLSessionOverride.m:67-108).
        case factory
        /// Once, at its start, on the delegate *class* the app declares to it, whatever object is in the slot
        /// (Datadog `URLSessionInstrumentation.enable(with: .init(delegateClass:))`, URLSessionTaskDelegateSwizzler.swift:59-91).
        case declared
        /// Its own session: it wraps its delegate itself and creates the session with the wrapper, through whatever
        /// hooks other SDKs put on the factory (Pangle's `PAGWeakProxy` session delegate, firebase-ios-sdk #16254).
        case ownSession = "own-session"
    }

    /// What an SDK does with a completion handler it is given (field guide a.2 "completion handler policy").
    public enum HandlerPolicy: String, CaseIterable, Hashable, Sendable {
        /// Passes the system handler on unchanged; calls it itself once only when nothing else is called.
        case pass
        /// Wraps it so that only the first call goes through, and calls it once if nobody did (Airship `ensureOnce`).
        case once
        /// Forwards, then calls the handler itself again ("iOS only uses the first call", OneSignal :278-299).
        case afterForward = "after-forward"
        /// Calls the handler itself first, then forwards it (RNFB before 23.8.5, #8754).
        case beforeForward = "before-forward"
        /// Gives every party one local handler that leaves a dispatch group; the system handler runs once when all
        /// left; one leave too many traps (GULAppDelegateSwizzler.m:858-934).
        case group
        /// Hands it only to the original; with no original nobody calls it (FCM's UN swizzle calls the original IMP
        /// "if available" and never the handler itself, FIRMessagingRemoteNotificationsProxy.m:422-545).
        case forward
    }

    /// The stored choices, held by one reference until a copy changes one: a run copies its participants' SDKs
    /// into the closures of the methods they add and at every install, and copying some forty fields, with a retain and
    /// a release each, was a fiftieth of the matrix's time (`perf`).
    struct Fields: Hashable, Sendable {
        var id: String
        var observer: String
        var start: Start
        var observed: [Observed]
        var allObserved: [ObservedMethod] = []
        var setterHook: SetterHook
        var callsOriginal: Bool
        var resetsDelegate: Bool
        var prefix: String
        var category: String
        var handling: Handling
        var trigger: Trigger = .setter
        var handlerPolicies: [String: HandlerPolicy] = [:]
        var defaultHandlerPolicy: HandlerPolicy = .pass
        var refusesIfSet: Bool = false
        var isAppDelegateClass: Bool = false
        var voidReturn: Bool = false
        var noDonors: [String] = []
        var donorsIfResponds: [String] = []
        var extraDonors: [String] = []
        var unlessHas: [UnlessHas] = []
        var objectIsa: ObjectIsa?
        var setterReentrancyGuard: Bool = false
        var setterFirstOnly: Bool = false
        var ownDelegateIfEmpty: String?
        var getterUnwraps: Bool = false
        var kvoSlot: Bool = false
        var kvoSlotIfUnset: Bool = false
        var setImpIfResponds: Bool = false
        var hooksCurrentAtStart: Bool = false
        var seesLaterSetsOnly: Bool = false
        var startsTwice: Bool = false
        var standsAsideIfConforms: String?
        var pluginOf: String?
        var pluginClassName: String?
        var pluginMethods: [String] = []
        var swizzlesRuntimeClass: Bool = false
        var perBlockSelector: Bool = false
        var forwardingFallback: Bool = false
        var resetAfterAdding: [String] = []
        var isaPerInstance: IsaPerInstance?
        var taskFactoryHook: Bool = false
        var citations: [Citation] = []
        var basedOn: [String] = []
        var setterOn: [String]? = nil
    }
    /// Changed only while this value holds the one reference (``mutate(_:)`` copies it first otherwise).
    final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
    private var box: Box

    private mutating func mutate(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        change(&box.fields)
    }

    public static func == (a: DeclaredSDK, b: DeclaredSDK) -> Bool { a.box === b.box || a.box.fields == b.box.fields }
    public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

    /// The id the SDK's classes and IMPs are owned by (`tracker:proxy`).
    public var id: String {
        get { box.fields.id }
        set { mutate { $0.id = newValue } }
    }
    /// The journal observer name of what it records.
    public var observer: String {
        get { box.fields.observer }
        set { mutate { $0.observer = newValue } }
    }
    public var start: Start {
        get { box.fields.start }
        set { mutate { $0.start = newValue } }
    }
    /// Host class names, in install order, with the events observed on each.
    public var observes: [(host: String, events: [String])] {
        get { observed.map { ($0.host, $0.events) } }
        set { observed = newValue.map { Observed(host: $0.host, events: $0.events) } }
    }
    struct Observed: Hashable, Sendable {
        var host: String
        var events: [String]
    }
    var observed: [Observed] {
        get { box.fields.observed }
        set { mutate { $0.observed = newValue; $0.allObserved = Self.methods(newValue) } }
    }
    /// Every observed event of every host, once, in host-kind order, with its protocol type encoding: kept with
    /// ``observed``, since each install of a wrapper reads it (building it there was a fiftieth of a matrix run).
    var allObserved: [ObservedMethod] { box.fields.allObserved }
    struct ObservedMethod: Hashable, Sendable {
        var selector: String
        var types: String
    }
    /// The SDK held by one reference, for the bodies of the methods it adds: what a body captures is copied into it.
    final class Shared: Sendable {
        let sdk: DeclaredSDK
        init(_ sdk: DeclaredSDK) { self.sdk = sdk }
    }
    public var setterHook: SetterHook {
        get { box.fields.setterHook }
        set { mutate { $0.setterHook = newValue } }
    }
    /// The hooked setter calls the original setter (with the wrapper, or the delegate).
    public var callsOriginal: Bool {
        get { box.fields.callsOriginal }
        set { mutate { $0.callsOriginal = newValue } }
    }
    /// After the original setter, the hook sets nil and then the delegate again.
    public var resetsDelegate: Bool {
        get { box.fields.resetsDelegate }
        set { mutate { $0.resetsDelegate = newValue } }
    }
    /// The prefix of the SDK's helper selectors and association keys (`bd_`).
    public var prefix: String {
        get { box.fields.prefix }
        set { mutate { $0.prefix = newValue } }
    }
    /// The category name in IMP labels (`BDTracker` gives `-[UITableView(BDTracker) bd_setDelegate:]`).
    public var category: String {
        get { box.fields.category }
        set { mutate { $0.category = newValue } }
    }
    public var handling: Handling {
        get { box.fields.handling }
        set { mutate { $0.handling = newValue } }
    }
    /// When it takes hold of the delegate.
    public var trigger: Trigger {
        get { box.fields.trigger }
        set { mutate { $0.trigger = newValue } }
    }
    /// The policy for each event's completion handler, by selector; others use ``defaultHandlerPolicy``.
    public var handlerPolicies: [String: HandlerPolicy] {
        get { box.fields.handlerPolicies }
        set { mutate { $0.handlerPolicies = newValue } }
    }
    public var defaultHandlerPolicy: HandlerPolicy {
        get { box.fields.defaultHandlerPolicy }
        set { mutate { $0.defaultHandlerPolicy = newValue } }
    }
    /// REFUSE: installs nothing, and logs it, when the slot already has a delegate at start
    /// (expo NotificationCenterManager.swift:55-68).
    public var refusesIfSet: Bool {
        get { box.fields.refusesIfSet }
        set { mutate { $0.refusesIfSet = newValue } }
    }
    /// Its object is the app's delegate class (`app-delegate-class`): in a SwiftUI app the app names that class as its
    /// `@UIApplicationDelegateAdaptor` type instead, so its wrapper wraps the adaptor object inside SwiftUI's own app
    /// delegate, which stays in the slot (customerio-ios Apps/CocoaPods-FCM/src/App.swift:12 @4.7.5).
    public var isAppDelegateClass: Bool {
        get { box.fields.isAppDelegateClass }
        set { mutate { $0.isAppDelegateClass = newValue } }
    }
    /// Its hooks return `void` whatever the method returns (FBSDKSwizzler.m:88-116 trampolines): a BOOL answer is lost.
    public var voidReturn: Bool {
        get { box.fields.voidReturn }
        set { mutate { $0.voidReturn = newValue } }
    }
    /// Events an `isaCapture` proxy adds no donor for where the class lacks the method (GUL < 8.0 and the fetch
    /// method, before PR #162).
    public var noDonors: [String] {
        get { box.fields.noDonors }
        set { mutate { $0.noDonors = newValue } }
    }
    /// Events an `isaCapture` proxy adds a donor for where the class lacks the method only when the delegate answers
    /// `respondsToSelector:` YES at install, as a forwarding wrapper does (GoogleUtilities 7.x and the fetch method,
    /// GULAppDelegateSwizzler.m:514-534 @7.13.3).
    public var donorsIfResponds: [String] {
        get { box.fields.donorsIfResponds }
        set { mutate { $0.donorsIfResponds = newValue } }
    }
    /// Methods an `isaCapture` proxy always adds to its subclass though no host event sends them (GoogleUtilities'
    /// legacy `application:openURL:sourceApplication:annotation:` donor, GULAppDelegateSwizzler.m:412-423 @8.1.0): the
    /// captured original, else NO.
    public var extraDonors: [String] {
        get { box.fields.extraDonors }
        set { mutate { $0.extraDonors = newValue } }
    }
    /// A class hook that leaves SEL alone when `[delegate class]` has a method HAS (`unless-has HAS SEL`): CleverTap
    /// tests the legacy openURL first, and that branch's body is compiled out for iOS 9 and later
    /// (CTSwizzleManager.m:114-126 @7.7.0).
    public var unlessHas: [UnlessHas] {
        get { box.fields.unlessHas }
        set { mutate { $0.unlessHas = newValue } }
    }
    /// `unless-has HAS SEL`.
    public struct UnlessHas: Hashable, Sendable {
        public var has: String
        public var selector: String
        public init(has: String, selector: String) {
            self.has = has
            self.selector = selector
        }
    }
    /// After the class hook, the delegate object is isa-swizzled too (Firebase Performance registerObject:).
    public var objectIsa: ObjectIsa? {
        get { box.fields.objectIsa }
        set { mutate { $0.objectIsa = newValue } }
    }
    /// The hooked setter calls only the original when re-entered for the same host (UIScrollViewSwizzler.swift:66-125).
    public var setterReentrancyGuard: Bool {
        get { box.fields.setterReentrancyGuard }
        set { mutate { $0.setterReentrancyGuard = newValue } }
    }
    /// The hooked setter handles only the first delegate ever set through it, then only calls the original (App Center's
    /// `swizzleOriginalDelegate:` inside a static dispatch_once, MSACAppDelegateForwarder.m:69-74 @5.0.6).
    public var setterFirstOnly: Bool {
        get { box.fields.setterFirstOnly }
        set { mutate { $0.setterFirstOnly = newValue } }
    }
    /// At its start it sets an object of this class (a singleton with no methods of its own) as the delegate when the
    /// slot is empty, else it sets the current delegate again, both through its own setter hook (OneSignal's
    /// OSUNUserNotificationCenterDelegate, UNUserNotificationCenter+OneSignalNotifications.m registerDelegate).
    public var ownDelegateIfEmpty: String? {
        get { box.fields.ownDelegateIfEmpty }
        set { mutate { $0.ownDelegateIfEmpty = newValue } }
    }
    /// The host's delegate getter answers a wrapper's target instead of the wrapper (UIScrollViewSwizzler.swift:141-152).
    public var getterUnwraps: Bool {
        get { box.fields.getterUnwraps }
        set { mutate { $0.getterUnwraps = newValue } }
    }
    /// KVO-OBS: at its start it observes the slot's key path and, on each change, un-hooks the delegate it hooked and
    /// hooks the new one (FIRMessagingRemoteNotificationsProxy.m:122-135, :174-249). With `setimp` only.
    public var kvoSlot: Bool {
        get { box.fields.kvoSlot }
        set { mutate { $0.kvoSlot = newValue } }
    }
    /// KVO-OBS only when the slot is empty at the start: then every delegate set later has its class hooked by the
    /// declared class hook, with no guard and no unhook (CleverTap CTSwizzleManager.m `swizzleAppDelegate` UN branch and
    /// `observeValueForKeyPath:`); a delegate already set is hooked at the start, and nothing observes the slot.
    public var kvoSlotIfUnset: Bool {
        get { box.fields.kvoSlotIfUnset }
        set { mutate { $0.kvoSlotIfUnset = newValue } }
    }
    /// SETIMP only on the methods the delegate answers `respondsToSelector:` for, added to the class where it only
    /// forwards them (FIRMessagingRemoteNotificationsProxy.m:139-172, PR #324).
    public var setImpIfResponds: Bool {
        get { box.fields.setImpIfResponds }
        set { mutate { $0.setImpIfResponds = newValue } }
    }
    /// A setter-hooking SDK that, at a start call, hooks the delegate already in the slot directly instead of setting it
    /// again (PostHog `swizzleNotificationDelegateMethods(on: type(of: existing))`, PushNotificationPublisher.swift).
    public var hooksCurrentAtStart: Bool {
        get { box.fields.hooksCurrentAtStart }
        set { mutate { $0.hooksCurrentAtStart = newValue } }
    }
    /// A setter-hooking SDK that, at its start, leaves the delegate already in the slot alone: only later sets reach
    /// its hook (Datadog's UIScrollViewSwizzler swizzles the setter and getter and touches no existing scroll view,
    /// UIScrollViewSwizzler.swift:26-29 @3.11.0).
    public var seesLaterSetsOnly: Bool {
        get { box.fields.seesLaterSetsOnly }
        set { mutate { $0.seesLaterSetsOnly = newValue } }
    }
    /// `start runtime twice`: its start-time set-up (`setter none`) runs a second time right after the first, taking
    /// hold of whatever the slot holds then (FlutterFire 16.1.0–16.1.2 under UIScene, FLTFirebaseMessagingPlugin.m
    /// :330-338 and :593-606 @firebase_messaging-v16.1.2, both calling setupNotificationHandlingWithRemoteNotification:).
    public var startsTwice: Bool {
        get { box.fields.startsTwice }
        set { mutate { $0.startsTwice = newValue } }
    }
    /// At its start it stands aside, installing nothing, when the delegate in the slot conforms to this protocol
    /// (FlutterFire and `FlutterAppLifeCycleProvider`, FLTFirebaseMessagingPlugin.m:277-324).
    public var standsAsideIfConforms: String? {
        get { box.fields.standsAsideIfConforms }
        set { mutate { $0.standsAsideIfConforms = newValue } }
    }
    /// At its start it registers its wrapper object, with no target, as a plugin of the app delegate when that conforms to
    /// this protocol, and so receives the events the app delegate passes to its plugins (FlutterFire's
    /// `[_registrar addApplicationDelegate:self]`, FLTFirebaseMessagingPlugin.m:302; the registrar adds it only to a
    /// `FlutterAppLifeCycleProvider`, FlutterEngine.mm:1672-1678).
    public var pluginOf: String? {
        get { box.fields.pluginOf }
        set { mutate { $0.pluginOf = newValue } }
    }
    /// The class of the plugin object a section that does not wrap registers (`plugin PROTOCOL CLASS`): it implements
    /// the section's observed events, records them, calls a completion handler once and answers YES, as a Flutter
    /// plugin's `FlutterApplicationLifeCycleDelegate` methods do (FLTFirebaseMessagingPlugin.m:488-615 @v16.2.2).
    public var pluginClassName: String? {
        get { box.fields.pluginClassName }
        set { mutate { $0.pluginClassName = newValue } }
    }
    /// The methods that plugin object implements (`plugin PROTOCOL CLASS SEL…`).
    public var pluginMethods: [String] {
        get { box.fields.pluginMethods }
        set { mutate { $0.pluginMethods = newValue } }
    }
    /// `swizzle-class runtime-class`: the class hooked is `object_getClass(delegate)` (a GUL_ subclass when one is
    /// installed), not `[delegate class]` (Leanplum `appDelegateClass = object_getClass(appDelegate)`).
    public var swizzlesRuntimeClass: Bool {
        get { box.fields.swizzlesRuntimeClass }
        set { mutate { $0.swizzlesRuntimeClass = newValue } }
    }
    /// `swizzle-class per-block`: XCHG with a selector made per block, the original invoked through an NSInvocation
    /// under it (CleverTap CTSwizzle `_ct_block_<sel>_<ptr>`); no once-per-class guard of its own.
    public var perBlockSelector: Bool {
        get { box.fields.perBlockSelector }
        set { mutate { $0.perBlockSelector = newValue } }
    }
    /// `swizzle-class … forwarding-fallback`: the method it adds where the class lacked one asks the receiver's
    /// `forwardingTargetForSelector:` for the original selector and calls that target when it responds (OneSignal's
    /// SwizzlingForwarder, for SwiftUI's `@UIApplicationDelegateAdaptor`).
    public var forwardingFallback: Bool {
        get { box.fields.forwardingFallback }
        set { mutate { $0.forwardingFallback = newValue } }
    }
    /// After adding one of these methods where the class lacked it, the SDK sets the app delegate to nil and back
    /// (CleverTap CTSwizzleManager.m, after adding application:openURL:options:).
    public var resetAfterAdding: [String] {
        get { box.fields.resetAfterAdding }
        set { mutate { $0.resetAfterAdding = newValue } }
    }
    /// `isa-subclass per-instance`: a fresh subclass for each delegate object instead of one per class
    /// (Sensors Data 2.2–4.0.3, `<Class>.<N>__CN.SENSORSDATA`); see DeclaredSDK+InstanceIsa.swift.
    public var isaPerInstance: IsaPerInstance? {
        get { box.fields.isaPerInstance }
        set { mutate { $0.isaPerInstance = newValue } }
    }
    /// `task-factories resume` (with `setter factory` on NSURLSession): it also replaces the session's task factories,
    /// and through them `resume` of the first task class they return (URLSessionTaskFactories, New Relic).
    public var taskFactoryHook: Bool {
        get { box.fields.taskFactoryHook }
        set { mutate { $0.taskFactoryHook = newValue } }
    }
    /// Where its mechanism facts were read (`cite` lines); see DeclaredSDK+Facts.swift.
    public var citations: [Citation] {
        get { box.fields.citations }
        set { mutate { $0.citations = newValue } }
    }
    /// Its `based-on` sources: what a mechanism fact with no citation cites.
    public var basedOn: [String] {
        get { box.fields.basedOn }
        set { mutate { $0.basedOn = newValue } }
    }

    func policy(_ selector: String) -> HandlerPolicy { handlerPolicies[selector] ?? defaultHandlerPolicy }

    /// The selector an exchange leaves the original under: the SDK's own prefix and the selector, nothing between
    /// (`ph_swizzled_userNotificationCenter:…`, PushNotificationPublisher.swift before #753; `onesignalUserNotificationCenter:…`,
    /// UNUserNotificationCenter+OneSignalNotifications.m): a prefix not ending in `_` capitalizes the selector's first letter.
    func helperSelector(_ selector: String) -> String {
        guard !prefix.hasSuffix("_"), let first = selector.first else { return prefix + selector }
        return prefix + first.uppercased() + selector.dropFirst()
    }

    public init(id: String, observer: String, start: Start, observes: [(host: String, events: [String])],
                setterHook: SetterHook, callsOriginal: Bool, resetsDelegate: Bool, prefix: String, category: String,
                handling: Handling) {
        let observed = observes.map { Observed(host: $0.host, events: $0.events) }
        box = Box(Fields(id: id, observer: observer, start: start, observed: observed, allObserved: Self.methods(observed),
                         setterHook: setterHook, callsOriginal: callsOriginal, resetsDelegate: resetsDelegate, prefix: prefix,
                         category: category, handling: handling))
    }

    /// The host class names it hooks, in install order.
    public var hostClasses: [String] { observed.map(\.host) }
    /// The host classes whose delegate setter it hooks (`setter … on CLASS`); nil: every host class it observes.
    public var setterOn: [String]? {
        get { box.fields.setterOn }
        set { mutate { $0.setterOn = newValue } }
    }

    /// With `setter … on CLASS`, the events its hook handles for the view being set: those of every observed host class
    /// the view is a kind of (a table view's set reaches UIScrollView's hooked setter through super).
    /// Resolved once, when the hook is installed (`observedClasses`): the classes are looked up by name only then.
    func events(forView view: ObjectID, _ rt: Runtime, byClass: [(Class, [String])]) -> [String] {
        let cls = rt.object_getClass(view)
        var out: [String] = []
        for (host, events) in byClass where rt.class_isSubclass(cls, of: host) {
            for e in events where !out.contains(e) { out.append(e) }
        }
        return out
    }

    /// Each observed host class with its events, for ``events(forView:_:byClass:)``.
    func observedClasses(_ rt: Runtime) -> [(Class, [String])] {
        observed.compactMap { o in rt.objc_getClass(o.host).map { ($0, o.events) } }
    }
    /// Whether it hooks `hostClass` (``hostClasses`` without building the list: runs ask at every step).
    public func hooks(hostClass: String) -> Bool { observed.contains { $0.host == hostClass } }

    /// The events it observes on a host class.
    public func events(on hostClass: String) -> [String] { observed.first { $0.host == hostClass }?.events ?? [] }

    /// ``allObserved`` of `observed`.
    static func methods(_ observed: [Observed]) -> [ObservedMethod] {
        var seen = Set<String>()
        let events = HostKind.all.flatMap { kind in observed.first { $0.host == kind.className }?.events ?? [] }
        return events.filter { seen.insert($0).inserted }.map { selector in
            ObservedMethod(selector: selector, types: DelegateProtocols.slotMethodTypes(selector) ?? "v@:@@")
        }
    }

    func record(_ rt: Runtime, _ selector: String) {
        rt.journal.append(JournalEntry(observer: observer, event: selector))
    }

    /// What an observer answers when nothing else does. MODEL: a BOOL policy proceeds and a decision handler allows.
    static func defaultAnswer(_ rt: Runtime, _ types: String, _ args: [Value], by caller: String = "SDK") throws -> Value {
        if case .block? = args.last { try UIKit.callHandler(rt, args.last!, by: caller, [.int(1)]) }
        return types.first == "c" ? .bool(true) : .none
    }

    // MARK: Install

    /// Installs the SDK: defines its classes and hooks each host class's delegate setter.
    @discardableResult
    public func install(into rt: Runtime) -> Class? {
        var made: Class?
        switch handling {
        case .wrap(let proxy): made = defineProxy(rt, proxy)
        case .forwardingTarget(let handlerClass): made = defineForwardingHandler(rt, handlerClass)
        case .swizzleClass, .isaSubclass, .isaCapture, .setImp, .passive: break
        }
        if made == nil, pluginOf != nil, let name = pluginClassName { made = definePlugin(rt, name) }
        for name in hostClasses {
            guard let cls = rt.objc_getClass(name), let host = HostKind.all.first(where: { $0.className == name }) else { continue }
            switch trigger {
            case .setter:
                // `setter … on CLASS`: only that class's setter; its subclasses reach it through super.
                if let only = setterOn, !only.contains(name) { continue }
                hookSetter(rt, cls, host.primarySlot.setter, observed: events(on: name), made: made)
                if getterUnwraps { hookGetter(rt, cls, host.primarySlot.property, made: made) }
            case .factory:
                if let creator = host.primarySlot.createdBy { hookFactory(rt, cls, creator, observed: events(on: name), made: made) }
                if taskFactoryHook, name == "NSURLSession" {
                    let sdk = self
                    URLSessionTaskFactories.install(rt, owner: observer) { sdk.source(of: $0) }
                }
            case .start, .declared, .ownSession: break
            }
        }
        return made
    }

    /// A new class named `name`, or `name_2`, … when another library already took the name (class names come from
    /// participant files, and two SDKs may pick the same one).
    func defineUniqueClass(_ rt: Runtime, _ name: String, superclass: Class) -> Class {
        var candidate = name
        var n = 1
        while true {
            if let c = rt.objc_allocateClassPair(superclass, candidate, owner: id) {
                rt.objc_registerClassPair(c)
                return c
            }
            n += 1
            candidate = "\(name)_\(n)"
        }
    }

    /// Hooks one delegate setter: handle the delegate, then (maybe) the original setter, then (maybe) nil and again.
    func hookSetter(_ rt: Runtime, _ cls: Class, _ setter: String, observed: [String], made: Class?) {
        let setterSel = rt.sel(setter)
        let helper = helperSelector(setter)
        let helperSel = rt.sel(helper)
        guard let method = rt.class_getInstanceMethod(cls, setterSel) else { return }
        // replace: the IMP found at install time, called with the original _cmd (method-hooking guide §4.2, RSSwizzle).
        let previous = rt.method_getImplementation(method)
        let types = rt.method_getTypeEncoding(method)
        let hook = setterHook
        let sdk = self
        // `setter … on`: a subclass's set reaches this hook too, and brings its own events.
        let byClass = setterOn == nil ? nil : observedClasses(rt)
        let original: (Runtime, ObjectID, Value) throws -> Void = { rt, view, value in
            switch hook {
            // exchange: after method_exchangeImplementations the original runs under the helper selector (§4.1, §0.4).
            case .exchange: _ = try rt.objc_msgSend(view, helperSel, [value])
            case .replace: _ = try rt.callIMP(previous, view, setterSel, [value])
            }
        }
        let imp = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(\(category)) \(hook == .exchange ? helper : setter)]",
                                                 owner: id) { rt, view, _, a in
            let delegate = a.first ?? .none
            let observed = byClass.map { sdk.events(forView: view, rt, byClass: $0) } ?? observed
            try sdk.guardingSetter(rt, view, delegate, original: original) {
                let (toSet, wrapper) = try sdk.handle(rt, view, delegate, observed: observed, made: made)
                if sdk.callsOriginal {
                    try original(rt, view, toSet)
                    // imyaop guide §3 (Firebase reassignAppDelegate l.521-530): nil and back, so UIKit re-reads
                    // respondsToSelector: (UIKit caches the answers when the delegate is set, jsbridge guide C2).
                    if sdk.resetsDelegate {
                        try original(rt, view, .none)
                        try original(rt, view, toSet)
                    }
                }
                if let wrapper { try sdk.keepAndRelease(rt, wrapper, view: view, delegate: delegate) }
            }
            return .none
        }
        switch hook {
        case .exchange: Swizzling.exchange(rt, cls, setter, with: helper, imp)
        case .replace:
            // class_replaceMethod adds when the class only inherits the setter (§4.2).
            _ = rt.class_replaceMethod(cls, setterSel, imp, types)
        }
    }

    /// What the hooked setter passes on for one delegate, and the wrapper it made (to keep, then release), if any.
    public func handle(_ rt: Runtime, _ view: ObjectID, _ delegate: Value, observed: [String], made: Class?) throws -> (Value, ObjectID?) {
        // MODEL: FPR replaces a nil delegate with an FPRNSURLSessionDelegate (FPRNSURLSessionInstrument.m:166-168); the
        // lab's sessions always get the app's delegate, so a nil one is passed on as it is.
        if let isa = objectIsa, let d = delegate.object {
            try handleWithObjectIsa(rt, view, d, isa, observed: observed, made: made)
            return (delegate, nil)
        }
        return try handleDelegate(rt, view, delegate, observed: observed, made: made)
    }

    /// `setter own-session`: the wrapper for the delegate of a session the SDK creates itself, made before the factory
    /// is called, and the +1 reference the SDK drops once the session (which retains its delegate) exists.
    public func wrapOwnSessionDelegate(_ rt: Runtime, _ delegate: ObjectID, made: Class?) throws -> (Value, ObjectID?) {
        try handleDelegate(rt, delegate, .object(delegate), observed: [], made: made)
    }

    /// The declared handling of one delegate object.
    func handleDelegate(_ rt: Runtime, _ view: ObjectID, _ delegate: Value, observed: [String], made: Class?) throws -> (Value, ObjectID?) {
        switch handling {
        case .wrap(let proxy):
            guard !delegate.isNil else { return (.none, nil) }
            // A wrapper of its own passes through (`pass-own`) before a kept one is re-targeted at it.
            if let made, let existing = try existingWrapper(rt, proxy, delegate, made: made) { return existing }
            if proxy.retarget, let made, let keep = proxy.keep, keep.on == .host,
               let existing = rt.objc_getAssociatedObject(view, keep.key).object, rt.class_isSubclass(rt.object_getClass(existing), of: made) {
                note(rt, .retarget, "\(id) keeps one wrapper and re-targets it at each set, even at a delegate that is the wrapper itself or wraps it")
                try rt.object_setIvar(existing, "target", delegate, proxy.target.ownership)
                _ = try rt.objc_retain(existing)
                return (.object(existing), existing)
            }
            // Scheme 2: "[delegate respondsToSelector:@selector(bd_isCollectionViewTrackerDecorator)] → pass it through".
            if let marker = proxy.marker,
               try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(rt.sel(marker))]).boolValue {
                return (delegate, nil)
            }
            guard let made else { return (delegate, nil) }
            let wrapper = rt.class_createInstance(made)
            _ = try rt.send(wrapper, "initWithTarget:", delegate)
            return (.object(wrapper), wrapper)
        case .swizzleClass(let addMissing) where perBlockSelector:
            try exchangeWithBlocks(rt, delegate, observed: observed, addMissing: addMissing)
        case .swizzleClass(let addMissing):
            try swizzleDelegateClass(rt, delegate, observed: observed, addMissing: addMissing)
        case .isaSubclass(let lyingClass, let addMissing) where isaPerInstance != nil:
            try isaSubclassPerInstance(rt, delegate, observed: observed, lyingClass: lyingClass, addMissing: addMissing, isaPerInstance!)
        case .isaSubclass(let lyingClass, let addMissing):
            try isaSubclass(rt, delegate, observed: observed, lyingClass: lyingClass, addMissing: addMissing)
        case .forwardingTarget:
            guard let made else { break }
            try interceptDelegate(rt, delegate, observed: observed, handlerClass: made)
        case .isaCapture(let addMissing, let shared):
            try isaCapture(rt, delegate, observed: observed, addMissing: addMissing, shared: shared)
        case .setImp(let key, let runtimeClass, let addMissing):
            try setImp(rt, delegate, observed: observed, key: key, runtimeClass: runtimeClass, addMissing: addMissing)
        case .passive: break
        }
        return (delegate, nil)
    }

    /// A plugin object's class (`plugin PROTOCOL CLASS` on a section that does not wrap): each observed event is a
    /// method that records it, calls the completion handler once and answers YES ("handled", FLTFirebaseMessagingPlugin.m
    /// :535-615 @v16.2.2 returns YES for its messages), so Flutter's fan-out stops at it.
    func definePlugin(_ rt: Runtime, _ name: String) -> Class {
        let cls = defineUniqueClass(rt, name, superclass: rt.NSObjectClass)
        rt.addMethod(cls, "initWithTarget:", types: "@@:@") { _, o, _, _ in .object(o) }
        let sdk = self
        for method in allObserved where pluginMethods.contains(method.selector) {
            let (selector, types) = (method.selector, method.types)
            rt.addMethod(cls, selector, types: types, owner: id) { rt, _, _, a in
                sdk.record(rt, selector)
                if case .block? = a.last, selector.hasSuffix("ompletionHandler:") { try UIKit.callHandler(rt, a.last!, by: sdk.observer, [.int(1)]) }
                return .bool(true)
            }
        }
        return cls
    }

    /// Scheme 2: `objc_setAssociatedObject(self, @selector(bd_TrackerProxy), proxy, RETAIN_NONATOMIC)`, then the
    /// local strong reference ends.
    func keepAndRelease(_ rt: Runtime, _ wrapper: ObjectID, view: ObjectID, delegate: Value) throws {
        if case .wrap(let proxy) = handling, let keep = proxy.keep {
            let holder = keep.on == .host ? view : delegate.object
            if let holder {
                try rt.objc_setAssociatedObject(holder, keep.key, .object(wrapper), keep.retains ? .retainNonatomic : .assign)
            }
        }
        try rt.objc_release(wrapper)
    }

    // MARK: Wrap in a proxy (tracker write-up scheme 2; Sensors 1.10.13, imyaop guide §4.1)

    func defineProxy(_ rt: Runtime, _ proxy: Proxy) -> Class {
        let cls = defineUniqueClass(rt, proxy.className, superclass: proxy.nsProxy ? rt.NSProxyClass : rt.NSObjectClass)
        // The wrapper declares the protocols of the slots it stands in (`@interface … <UNUserNotificationCenterDelegate>`,
        // RNFBMessaging+UNUserNotificationCenter.h), so conformsToProtocol: checks (FCM :128-131) pass for it.
        for host in HostKind.appLevel where hooks(hostClass: host.className) {
            for slot in host.slots { if let p = rt.objc_getProtocol(slot.protocolName) { rt.class_addProtocol(cls, p) } }
        }
        rt.class_declareForwardingIvar(cls, "target")
        let ownership = proxy.target.ownership
        let keepsTarget = proxy.target != .dropped
        // The surrogate: the observed methods' class, one object per wrapper, made with it (the real accessor makes it at
        // first use, MPAppDelegateProxy.m:106-115 @v8.44.4, which the first forwarded event is).
        let surrogateClass = proxy.surrogate.map { defineUniqueClass(rt, $0, superclass: rt.NSObjectClass) }
        rt.addMethod(cls, "initWithTarget:", types: "@@:@") { rt, o, _, a in
            if keepsTarget { try rt.object_setIvar(o, "target", a.first ?? .none, ownership) }
            if let surrogateClass {
                let surrogate = rt.class_createInstance(surrogateClass)
                try rt.object_setIvar(o, "surrogate", .object(surrogate), .strong)
                try rt.objc_release(surrogate)
                // It reaches the app's delegate through the wrapper (`_appDelegateProxy.originalAppDelegate`), weakly.
                try rt.object_setIvar(surrogate, "target", a.first ?? .none, .weak)
            }
            return .object(o)
        }
        // The selectors the surrogate answers; none without one (no set made per install for the other wrappers).
        let surrogateSelectors: Set<SEL> = surrogateClass == nil ? [] : Set(allObserved.map { rt.sel($0.selector) })
        if let marker = proxy.marker {
            rt.addMethod(cls, marker, types: "c@:") { _, _, _, _ in .bool(true) }
        }
        let marker = proxy.marker.map(rt.sel)
        switch proxy.responds {
        case .target:
            // Scheme 2: "Its respondsToSelector: is YES for the marker, otherwise it asks the target."
            // With a surrogate: also YES for the surrogate's selectors, after the target (MPAppDelegateProxy.m:86-97 @v8.44.4).
            rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, _, a in
                if let marker, a.first?.selValue == marker { return .bool(true) }
                if try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.respondsToSelector, a).boolValue { return .bool(true) }
                return .bool(a.first?.selValue.map(surrogateSelectors.contains) ?? false)
            }
        case .both: break   // answered above
        case .listedOrTarget:
            let listed = Set(observes.flatMap(\.events).map(rt.sel))
            let sdk = self
            rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, _, a in
                if let sel = a.first?.selValue, rt.class_respondsToSelector(cls, sel) {
                    if listed.contains(sel) { return .bool(true) }
                    sdk.note(rt, .respondsListed, "\(sdk.id)'s wrapper answers respondsToSelector: for a method its class has but does not list from its target")
                }
                return try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.respondsToSelector, a)
            }
        case .ownOrTarget:
            // The common NSObject-proxy form `[super respondsToSelector:] || [target respondsToSelector:]`
            // (rxcocoa guide §3.3 describes Rx's own proxy answering this way).
            let guarded = proxy.respondsGuard
            let sdk = self
            rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, _, a in
                try sdk.guardedResponds(rt, o, guarded) {
                    if let sel = a.first?.selValue, rt.class_respondsToSelector(cls, sel) { return .bool(true) }
                    return try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.respondsToSelector, a)
                }
            }
        }
        if proxy.responds == .both {
            rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, _, a in
                guard let sel = a.first?.selValue, rt.class_respondsToSelector(cls, sel) else { return .bool(false) }
                return try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.respondsToSelector, a)
            }
        }
        if proxy.kindOfTarget {
            rt.addMethod(cls, "isKindOfClass:", types: "c@:#") { rt, o, _, a in
                if let k = a.first?.object.flatMap(rt.classOfClassObject), rt.class_isSubclass(rt.object_getClass(o), of: k) { return .bool(true) }
                return try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.sel("isKindOfClass:"), a)
            }
        }
        if proxy.classOfTarget {
            rt.addMethod(cls, "class", types: "#@:") { rt, o, _, _ in
                try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.class)
            }
        }
        switch proxy.forwarding {
        case .forwardInvocation:
            // MODEL (inference): the usual NSProxy forwarding pair, asking the target; the write-up says its DelegateProxy
            // wraps "the usual message-forwarding methods" and leaves their code out ("其他的消息转发的代码 先忽略").
            let always = proxy.invokeAlways
            rt.addMethod(cls, "methodSignatureForSelector:", types: "@@::") { rt, o, _, a in
                if always {
                    // `[self.target methodSignatureForSelector:]` / `[invocation invokeWithTarget:self.target]`, read in code.
                    note(rt, .invokeAlways, "\(id)'s wrapper's methodSignatureForSelector: asks its target and its forwardInvocation: invokes the target without asking it")
                } else {
                    note(rt, .forwardInvocation, "\(id)'s wrapper's methodSignatureForSelector: and forwardInvocation: ask its target, and invoke it when it responds")
                }
                return try rt.objc_msgSend(rt.object_getIvar(o, "target"), rt.s.methodSignatureForSelector, a)
            }
            rt.addMethod(cls, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
                guard case .invocation(let inv)? = a.first else { return .none }
                // The surrogate's selectors go to it (MPAppDelegateProxy.m:31-42 @v8.44.4).
                if surrogateSelectors.contains(inv.selector) {
                    try inv.invoke(rt, target: rt.object_getIvar(o, "surrogate"))
                    return .none
                }
                let target = rt.object_getIvar(o, "target")
                if always {
                    try inv.invoke(rt, target: target)
                } else if try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(inv.selector)]).boolValue {
                    try inv.invoke(rt, target: target)
                }
                return .none
            }
        case .forwardingTarget where surrogateClass == nil:
            // objc4 fast forwarding: a non-nil, non-self result gets the message re-sent (method-hooking guide §0).
            rt.addMethod(cls, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, _ in
                rt.object_getIvar(o, "target")
            }
        case .forwardingTarget: break   // below, with the surrogate
        case .forwardingTargetIfResponds:
            // Only what the target implements is forwarded; for the rest nil, and objc4 then raises on the wrapper.
            let sdk = self
            rt.addMethod(cls, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, a in
                let target = rt.object_getIvar(o, "target")
                if !target.isNil, try rt.objc_msgSend(target, rt.s.respondsToSelector, a).boolValue { return target }
                sdk.note(rt, .forwardIfResponds, "\(id)'s wrapper forwards only the selectors its target implements; any other is unrecognized by the wrapper")
                return .none
            }
        }
        if surrogateClass != nil {
            // objc4 asks forwardingTargetForSelector: first: the surrogate for its selectors, the target for any other,
            // whether or not it responds (MPAppDelegateProxy.m:44-54 @v8.44.4).
            rt.addMethod(cls, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, a in
                guard let sel = a.first?.selValue, surrogateSelectors.contains(sel) else { return rt.object_getIvar(o, "target") }
                return rt.object_getIvar(o, "surrogate")
            }
        }
        // The observed methods: "track, then call the target if it responds". Each method's body holds the SDK by one
        // reference: a copy of it in every body was some fifty retains and releases per method and install.
        let shared = Shared(self)
        let trackIfTarget = proxy.trackIfTarget
        let holder = surrogateClass ?? cls
        for method in allObserved {
            let (selector, types) = (method.selector, method.types)
            let sel = rt.sel(selector)
            let consumed = proxy.consumes.contains(selector)
            rt.addMethod(holder, selector, types: types) { rt, o, _, a in
                let target = rt.object_getIvar(o, "target")
                if consumed {
                    shared.sdk.note(rt, .consume, "\(shared.sdk.id)'s wrapper handles \(selector) itself and never forwards it to the delegate it wraps")
                    return try shared.sdk.observedCall(rt, o, selector, types, a, original: nil)
                }
                if try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    return try shared.sdk.observedCall(rt, o, selector, types, a) { rt, args in try rt.objc_msgSend(target, sel, args) }
                }
                if trackIfTarget {
                    shared.sdk.note(rt, .trackIfTarget, "\(shared.sdk.id)'s wrapper records an observed call and calls its target only if the target responds to it")
                    return types.first == "c" ? .bool(false) : .none
                }
                if !shared.sdk.isAppLevel(selector) {
                    rt.noteInference("a declared wrapper answers YES / allow when its target does not answer", source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", scheme 2")
                }
                return try shared.sdk.observedCall(rt, o, selector, types, a, original: nil)
            }
        }
        return cls
    }

    // MARK: Method-swizzle the delegate's class (tracker write-up scheme 1; GrowingIO, imyaop guide §3.2)

    /// Hooks each observed method on the class of whatever is passed to the setter, once per class.
    /// Scheme 1 fails when "the object passed to setDelegate is not the object that implements" the method.
    func swizzleDelegateClass(_ rt: Runtime, _ delegate: Value, observed: [String], addMissing: Bool) throws {
        guard let d = delegate.object else { return }
        guard let cls = try swizzleTarget(rt, d) else { return }
        for selector in observed {
            let helper = helperSelector(selector)
            // Once per class: a class that already has the helper was hooked (RSSwizzle-style key).
            guard !rt.class_respondsToSelector(cls, rt.sel(helper)) else { continue }
            let sdk = self
            guard rt.class_getInstanceMethod(cls, rt.sel(selector)) != nil else {
                guard addMissing, !noDonors.contains(selector), let types = Self.protocolTypes(selector) else { continue }
                // Adding a method the class lacks makes it answer respondsToSelector: YES (objc4 class_addMethod).
                let added = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(\(category)) \(selector)]", owner: id) { rt, o, _, a in
                    try sdk.observedCall(rt, o, selector, types, a, original: try sdk.forwardingFallbackTarget(rt, o, selector))
                }
                rt.class_addMethod(cls, rt.sel(selector), added, types)
                rt.class_addMethod(cls, rt.sel(helper), added, types)
                continue
            }
            let helperSel = rt.sel(helper)
            let types = rt.method_getTypeEncoding(rt.class_getInstanceMethod(cls, rt.sel(selector))!)
            let hook = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(\(category)) \(helper)]", owner: id) { rt, o, _, a in
                // XCHG: the original is reachable only as the helper selector, and runs with `_cmd == helper`.
                try sdk.observedCall(rt, o, selector, types, a) { rt, args in try rt.objc_msgSend(o, helperSel, args) }
            }
            Swizzling.exchange(rt, cls, selector, with: helper, hook)
        }
    }

    static func protocolTypes(_ selector: String) -> String? { DelegateProtocols.slotMethodTypes(selector) }

    /// With `forwarding-fallback`: the call to what the receiver's `forwardingTargetForSelector:` returns for `selector`,
    /// when that is another object that responds to it; nil otherwise (the added method has no original to call).
    /// MODEL: SwizzlingForwarder.m:8-30 first asks the receiver for the renamed selector; the lab's added method also
    /// marks the class with it, so that question is skipped (a proxy that answers it from a hooked delegate, as
    /// mParticle's with `surrogate`, would call the renamed selector through its forwarding instead).
    func forwardingFallbackTarget(_ rt: Runtime, _ receiver: ObjectID, _ selector: String) throws -> ((Runtime, [Value]) throws -> Value)? {
        guard forwardingFallback else { return nil }
        let sel = rt.sel(selector)
        let target = try rt.objc_msgSend(.object(receiver), rt.sel("forwardingTargetForSelector:"), [.sel(sel)])
        guard let object = target.object, object != receiver,
              try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(sel)]).boolValue else { return nil }
        let sdk = self
        return { rt, args in
            sdk.note(rt, .forwardingFallback, "\(sdk.id)'s added \(selector) passes the call to the object the delegate's forwardingTargetForSelector: returns")
            return try rt.objc_msgSend(target, sel, args)
        }
    }

    // MARK: Isa-subclass the delegate (Sensors Data 4.x, imyaop guide §4.2)

    /// Moves the delegate into `<Class>_<prefix>SDK`, shared per class, whose observed methods record and call super.
    func isaSubclass(_ rt: Runtime, _ delegate: Value, observed: [String], lyingClass: Bool, addMissing: Bool) throws {
        guard let d = delegate.object, !rt.isClassObject(d) else { return }
        let cls = rt.object_getClass(d)
        let suffix = "_" + prefix + "SDK"
        // Already one of ours: the delegate was set before (Sensors: the subclass is shared per class).
        guard !rt.class_getName(cls).hasSuffix(suffix) else { return }
        // An NSProxy delegate forwards everything; a subclass of a root proxy is not attempted. MODEL.
        guard rt.class_isSubclass(cls, of: rt.NSObjectClass) else { return }
        let name = rt.class_getName(cls) + suffix
        let sub: Class
        if let existing = rt.objc_getClass(name) { sub = existing } else {
            guard let made = rt.objc_allocateClassPair(cls, name, owner: id) else { return }
            let sdk = self
            for selector in observed {
                let sel = rt.sel(selector)
                let answers = rt.class_respondsToSelector(cls, sel)
                guard answers || addMissing, let types = Self.protocolTypes(selector) else { continue }
                rt.addMethod(made, selector, types: types, owner: id) { rt, o, _, a in
                    sdk.record(rt, selector)
                    // [super method]: the original class's implementation (imyaop guide §4.2, objc_msgSendSuper).
                    if answers { return try rt.objc_msgSendSuper(o, cls, sel, a) }
                    return try Self.defaultAnswer(rt, types, a)
                }
            }
            if lyingClass {
                // Like KVO's NSKVONotifying_ classes, -class answers the original class (KVO guide §2.2).
                let original = rt.classObject(cls)
                rt.addMethod(made, "class", types: "#@:", owner: id) { _, _, _, _ in .object(original) }
            }
            rt.objc_registerClassPair(made)
            sub = made
        }
        _ = rt.object_setClass(d, sub)
    }

    // MARK: Intercept at forwardingTargetForSelector: (tracker write-up, fix 3)

    /// The handler object fix 3 returns from `forwardingTargetForSelector:`.
    func defineForwardingHandler(_ rt: Runtime, _ className: String) -> Class {
        let cls = defineUniqueClass(rt, className, superclass: rt.NSObjectClass)
        rt.class_declareForwardingIvar(cls, "delegate")
        rt.class_declareForwardingIvar(cls, "next")
        let sdk = self
        for method in allObserved {
            let (selector, types) = (method.selector, method.types)
            // "return the SDK's handler, which reports and then jumps to RxDelegateProxy's forwardInvocation:".
            let cmd = rt.sel(selector)
            rt.addMethod(cls, selector, types: types) { rt, o, _, a in
                sdk.record(rt, selector)
                let next = rt.object_getIvar(o, "next")
                let delegate = rt.object_getIvar(o, "delegate")
                try rt.object_setIvar(o, "next", .none, .weak)
                // MODEL (inference): a target the original forwardingTargetForSelector: chose is honoured first.
                if !next.isNil {
                    rt.noteInference("an interception at forwardingTargetForSelector: honours the original result first", source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", pitfall 2 fix 3")
                    return try rt.objc_msgSend(next, cmd, a)
                }
                guard let d = delegate.object,
                      case .string(let sig) = try rt.objc_msgSend(d, rt.s.methodSignatureForSelector, [.sel(cmd)]) else { return .none }
                let inv = NSInvocation(target: delegate, selector: cmd, arguments: a, methodSignature: sig)
                try rt.objc_msgSend(d, rt.s.forwardInvocation, [.invocation(inv)])
                return inv.returnValue
            }
        }
        return cls
    }

    /// Fix 3's install on a delegate: forwarding-based classes get a `forwardingTargetForSelector:` hook; classes
    /// that implement the method themselves are method-swizzled as in scheme 1. The delegate is never wrapped.
    func interceptDelegate(_ rt: Runtime, _ delegate: Value, observed: [String], handlerClass: Class) throws {
        guard let d = delegate.object else { return }
        let cls = rt.object_getClass(d)
        let forwardingBased = observed.contains { sel in
            let imp = rt.class_getInstanceMethod(cls, rt.sel(sel)).map(rt.method_getImplementation)
            return imp == nil || imp == rt._objc_msgForward
        }
        guard forwardingBased else { return try swizzleDelegateClass(rt, delegate, observed: observed, addMissing: false) }
        let helper = helperSelector("forwardingTargetForSelector:")
        guard !rt.class_respondsToSelector(cls, rt.sel(helper)) else { return }   // once per class
        let observedSels = Set(observed.map { rt.sel($0) })
        let sdk = self
        let hook = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(\(category)) \(helper)]", owner: id) { rt, o, _, a in
            let original = try rt.objc_msgSend(o, rt.sel(helper), a)
            guard let sel = a.first?.selValue, observedSels.contains(sel) else { return original }
            let handler = try sdk.handlerFor(rt, o, handlerClass)
            try rt.object_setIvar(handler, "next", original, .weak)
            return .object(handler)
        }
        Swizzling.exchange(rt, cls, "forwardingTargetForSelector:", with: helper, hook)
    }

    /// One handler per delegate, retained by association, pointing back weakly.
    func handlerFor(_ rt: Runtime, _ d: ObjectID, _ handlerClass: Class) throws -> ObjectID {
        let key = prefix + "forwardingHandler"
        if let h = rt.objc_getAssociatedObject(d, key).object { return h }
        let h = rt.class_createInstance(handlerClass)
        try rt.object_setIvar(h, "delegate", .object(d), .weak)
        try rt.objc_setAssociatedObject(d, key, .object(h), .retainNonatomic)
        try rt.objc_release(h)
        return h
    }
}
