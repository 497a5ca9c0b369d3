// The package catalogue: which pods, Swift packages and Carthage dependencies the lab recognises, the participant
// each version maps to, and what the SDKs the lab does not model yet hook.

/// One SDK (or one version range or subspec of it) that `scan` recognises.
public struct KnownSDK: Sendable, Hashable {
    /// How reports name it (`RxCocoa`, `Firebase Messaging`).
    public var title: String
    /// Its pods, Swift packages and Carthage dependencies at the versions this entry covers.
    public var packages: [PackageDeclaration]
    /// The participant these versions map to. When the catalog has no participant of this id, a scan reports the SDK
    /// as hooking ``hooks``, not modeled yet; nil: no participant models it.
    public var participant: String?
    /// What it hooks, in an iOS engineer's words; nil when it hooks nothing.
    public var hooks: String?
    /// The public source of ``hooks`` (a file and line, a PR, a changelog).
    public var source: String
    /// For a package that hooks nothing by itself but holds hooks another SDK arms: when they are armed. A scan says
    /// "linked; armed only if …" rather than "hooks nothing".
    public var armedIf: String? = nil
    /// For an SDK whose modeled integration is a class the app itself names as its app delegate: those classes, and
    /// what the SDK hooks when the app's source shows another app delegate (``Scan/integrated(_:_:appDelegate:known:)``).
    public var integration: Integration? = nil
    /// A mechanism these versions have that the participant does not model: a scan that maps a package here says so in
    /// its reason, so the verdict is read as the modeled part's.
    public var unmodeledPart: String? = nil

    /// The integration a participant models when it is a class the app writes (Customer.io's `CioAppDelegateWrapper`),
    /// not a package the app links: linking the SDK is not using it.
    public struct Integration: Sendable, Hashable {
        /// The classes an app's source names as its app delegate class, that class's superclass, or its
        /// `@UIApplicationDelegateAdaptor` type, when it uses the modeled integration (generic arguments dropped).
        public var classes: [String]
        /// How a scan names the SDK when the app's source names none of them.
        public var title: String
        /// What the SDK hooks then, in an iOS engineer's words.
        public var hooks: String
        /// Where that is read.
        public var source: String
    }

    public init(_ title: String, _ packages: [PackageDeclaration], participant: String? = nil, hooks: String?, source: String) {
        self.title = title
        self.packages = packages
        self.participant = participant
        self.hooks = hooks
        self.source = source
    }
}

/// Built-in participants that map to no package, and why (the scan never reports them).
public let participantsWithoutPackage: [(id: String, why: String)] = [
    ("rx:patched", "RxCocoa with a proposed patch (RxSwift PR #2037, closed unmerged): no release ships it"),
    ("jsbridge:buggy", "the app's own UIWebView setDelegate: swizzle next to WebViewJavascriptBridge: app code, not a package (the bridge itself maps to jsbridge:plain)"),
    ("jsbridge:fixed", "the app's own swizzle with the fix line: app code, not a package"),
    ("tracker:swizzle", "a tracking SDK's design from a public write-up, no published package"),
    ("tracker:proxy", "a tracking SDK's design from a public write-up, no published package"),
    ("tracker:forwarding", "a tracking SDK's design from a public write-up, no published package"),
    ("tracker:isa", "a proposed tracker design, no published package"),
    ("kvo", "Foundation's key-value observing, part of the OS"),
    ("kvo:method", "Foundation's key-value observing, part of the OS"),
    ("swizzle:exchange", "the app's own NSHipster-style exchange swizzle: app code"),
    ("swizzle:sdk", "a second SDK's exchange swizzle, not one named package"),
    ("aspects:instance", "Aspects hooking one object; the Aspects pod maps to aspects:class, the class hook"),
    ("hooker:exchange", "an example participant file for an SDK team's own design"),
    ("fbsdk:swizzler", "the Facebook SDK's AEM non-proxy mode, chosen by a server feature flag, not by a version (FBSDKAEMManager.m:101-189); the FBSDKCoreKit pod maps to fbsdk"),
    ("flutterfire:pre18051", "firebase_messaging 16.1.0–16.1.2 only under the UIScene life cycle, which no lockfile shows; firebase_messaging maps to flutterfire"),
    ("expo-app-metrics", "expo-app-metrics before expo PR #48360: the release that shipped the fix is not verified, so no version range maps to it"),
]

extension KnownSDK {
    static func pod(_ name: String, _ subspec: String? = nil, _ versions: String = "*") -> PackageDeclaration {
        PackageDeclaration(.cocoapods, name, subspec, range(versions))
    }
    static func spm(_ identity: String, _ product: String? = nil, _ versions: String = "*") -> PackageDeclaration {
        PackageDeclaration(.spm, identity, product, range(versions))
    }
    static func carthage(_ name: String, _ versions: String = "*") -> PackageDeclaration {
        PackageDeclaration(.carthage, name, nil, range(versions))
    }
    static func pub(_ name: String, _ versions: String = "*") -> PackageDeclaration {
        PackageDeclaration(.pub, name, nil, range(versions))
    }
    /// A Customer.io entry from 3.9 on: its pods and Swift package product over `versions`, mapped to a participant of its
    /// app-delegate wrapper, and what it hooks without the wrapper (read at `tag`).
    static func customerIO(_ title: String, _ versions: String, participant: String, hooks: String, source: String, tag: String) -> KnownSDK {
        var sdk = KnownSDK(title, [pod("CustomerIO", nil, versions), pod("CustomerIOMessagingPush", nil, versions), spm("customerio-ios", "MessagingPush", versions)],
                           participant: participant, hooks: hooks, source: "customerio/customerio-ios " + source)
        sdk.integration = customerIOWithoutWrapper(at: tag)
        return sdk
    }

    static let forwardingWrapper = "the app delegate (a wrapper that reaches openURL by forwarding alone) and UNUserNotificationCenter.delegate"

    /// Customer.io 3.9 and later in an app that does not name its wrapper: the APN and FCM modules' automatic device-token
    /// fetch and the automatic push handling, both on by default and skipped only once the wrapper has run
    /// (`appDelegateIntegratedExplicitly`, from 3.10.1; read at `tag`, the newest tag of the entry's range).
    static func customerIOWithoutWrapper(at tag: String) -> Integration {
        Integration(classes: ["CioAppDelegateWrapper", "CioAppDelegate", "CioProviderAgnosticAppDelegate"],
                    title: "Customer.io without its app-delegate wrapper",
                    hooks: "the app delegate's didRegisterForRemoteNotificationsWithDeviceToken: (exchanged with the APN or FCM module's "
                        + "own method, which does not call the one it replaced: the app delegate's own method, or the one its class inherits, "
                        + "never runs; automatic device-token fetch, "
                        + "autoFetchDeviceToken, on by default) and UNUserNotificationCenter's setDelegate: (exchanged: Customer.io's own "
                        + "delegate stays in the slot and forwards to the delegate the app sets; automatic push handling, "
                        + "autoTrackPushEvents, on by default)",
                    source: "customerio/customerio-ios MessagingPushAPN.swift:91, MessagingPushAPN+PushConfigs.swift:14-42, "
                        + "MessagingPushFCM.swift:95, MessagingPushFCM+PushConfigs.swift:18-37, MessagingPush.swift:62-63, "
                        + "UserNotificationsFrameworkAdapter.swift:53-70, :115-127 @\(tag)")
    }

    private static func range(_ text: String) -> VersionRange {
        // The table's own ranges are literals; a typo is caught by PackageCatalogTests.
        (try? VersionRange(words: text.split(separator: " ").map(String.init))) ?? .any
    }

    /// Every SDK `scan` recognises, most specific first (a subspec or narrow range before the whole pod): the first
    /// entry that matches a locked package decides. Sources are public (versions-and-manifests.md §A, §B4, §B5;
    /// app-push-network-sdks.md §a).
    public static let all: [KnownSDK] = modeled + variants + unmodeled + hookingNothing

    /// What the catalogue knows beside the participant files' own `package` lines: parts of a modeled SDK that hook
    /// nothing or are not modeled. Each names a subspec, so it decides before the participant's whole-pod line.
    static let modeled: [KnownSDK] = [
        // IGListKit 3.x's Diffing subspec alone is the diffing half, no adapter (3.4.0 IGListKit.podspec:18-33).
        KnownSDK("IGListKit diffing (3.x subspec)", [pod("IGListKit", "Diffing")], hooks: nil, source: "IGListKit 3.4.0 IGListKit.podspec:18-33: Diffing holds no adapter"),
        // DeprecatedCellClick (4.3.2+) swaps only the click plugin for the 2.0-era exchange; the exposure hooks and the
        // global respondsToSelector: swizzle of 4.x stay, which `sensors:exchange` (the 2.x line) does not have.
        KnownSDK("Sensors Data (DeprecatedCellClick)", [pod("SensorsAnalyticsSDK", "DeprecatedCellClick", ">= 4.3.2")],
                 hooks: "the table and collection views' delegate classes (setDelegate: swizzle, exchange of didSelect…), with 4.x's exposure isa-swizzle",
                 source: "sa-sdk-ios v4.9.0 SensorsAnalyticsSDK.podspec:133-139, SAAutoTrackManager.m:321-324, SACellClickHookDelegatePlugin.m:64-80"),
    ]

    /// Versions whose mechanism differs from the modeled one: each maps to its own participant id.
    static let variants: [KnownSDK] = [
        // 2.5.3–4.0.3 keep the per-instance subclass but proxy the host view's selector only, with no respondsToSelector:
        // skip, and track before the original (SAAutoTrackManager.m:295-313 @v4.0.3): a mechanism no participant has.
        KnownSDK("Sensors Data 2.5.3–4.0.3", [pod("SensorsAnalyticsSDK", nil, ">= 2.5.3 < 4.0.4"), carthage("sensorsdata/sa-sdk-ios", ">= 2.5.3 < 4.0.4")],
                 hooks: "the table and collection views' delegate objects (setDelegate: exchange, a per-instance subclass with a lying -class, proxyDelegate:selectors:)",
                 source: "sa-sdk-ios v4.0.3 SAAutoTrackManager.m:295-313, SADelegateProxy proxyDelegate:selectors:"),
        // 2.2.0–2.5.2 (per-instance subclass), 1.10.13–1.10.15 (NSProxy wrapper) and ENABLE_AUTOTRACK_DIDSELECTROW
        // (1.10.21–2.1.17): the participant files sensors-isa-instance, sensors-nsproxy and sensors-exchange declare them.
        // 18ea300 (podspec 1.10.13) has the NSProxy files, ef9ccf2 (1.10.16) deletes them (versions-and-manifests.md §A3).
        KnownSDK("Sensors Data before 2.2", [pod("SensorsAnalyticsSDK", nil, "< 1.10.13"), pod("SensorsAnalyticsSDK", nil, ">= 1.10.16 < 2.2.0"),
                                             carthage("sensorsdata/sa-sdk-ios", "< 1.10.13"), carthage("sensorsdata/sa-sdk-ios", ">= 1.10.16 < 2.2.0")],
                 participant: "sensors:vc",
                 hooks: "the view controller class's didSelect… (a block swizzle when the controller appears)",
                 source: "sa-sdk-ios v2.0.0 UIViewController+AutoTrack.m:97-111"),
        KnownSDK("Datadog RUM 3.8.0", [pod("DatadogRUM", nil, ">= 3.8.0 < 3.8.2"), spm("dd-sdk-ios", "DatadogRUM", ">= 3.8.0 < 3.8.2"),
                                       carthage("DataDog/dd-sdk-ios", ">= 3.8.0 < 3.8.2")],
                 participant: "datadog:3.8.0", hooks: "the scroll view's delegate (a proxy the getter returns) and URL-session delegate classes",
                 source: "DataDog/dd-sdk-ios #2760"),
        // 3.8.2 and 3.8.3 are datadog-3.8.2.hooklab and datadog-3.8.3.hooklab.
        // Firebase Performance: fpr-11.hooklab, fpr-12.13.hooklab and fpr.hooklab declare its three release lines.
        // React Native Firebase messaging: rnfb-calls-first, rnfb-double-call and rnfb.hooklab declare RNFBMessaging's ranges.
        KnownSDK("PostHog 3.69.0–3.69.2", [pod("PostHog", nil, ">= 3.69.0 < 3.69.3"), spm("posthog-ios", "PostHog", ">= 3.69.0 < 3.69.3")], participant: "posthog:xchg",
                 hooks: "UNUserNotificationCenter's setDelegate: and the delegate class (exchange with ph_swizzled_ selectors)",
                 source: "PostHog/posthog-ios #748, #753"),
    ]

    /// SDKs the lab models as participants of issue 18 (or not at all yet): the id each maps to.
    static let unmodeled: [KnownSDK] = [
        KnownSDK("RxCocoa before 2.6", [pod("RxCocoa", nil, "< 2.6.0"), carthage("ReactiveX/RxSwift", "< 2.6.0")],
                 hooks: "a delegate proxy whose forward delegate is `assign`, dangling once the delegate is freed (weak from 2.6.0)",
                 source: "RxSwift fc0fdb48: 2.5.0 vs 2.6.0 RxCocoa/Common/_RXDelegateProxy.h:13; #282, #767"),
        KnownSDK("Aspects 1.4.1 (CocoaPods trunk)", [pod("Aspects", nil, "< 1.4.2")],
                 hooks: "any method it is asked to hook (forwardInvocation:); 1.4.1 also refuses a second class hook of one selector in a sibling subclass, and leaves an in-place swizzle after removal (`aspects:class` models 1.4.2; a `:git:` pod at 1.4.1 is 1.4.2 code)",
                 source: "steipete/Aspects #71; git diff 1.4.1 1.4.2 -- Aspects.m (9600ba2, PR #40)"),
        KnownSDK("WebViewJavascriptBridge before 6.0.3", [pod("WebViewJavascriptBridge", nil, "< 6.0.3")],
                 hooks: "the web view's delegate (UIWebView; WKWebView from 4.1.5; 5.0.1–6.0.2 call WKWebView's decisionHandler twice)",
                 source: "marcuswestin/WebViewJavascriptBridge #167, #338"),
        KnownSDK("IMYAOPTableView before 2.1", [pod("IMYAOPTableView", nil, "< 2.1.0")],
                 hooks: "the table view's class and its delegate (a runtime subclass overriding private UITableView selectors; UICollectionView from 2.0)",
                 source: "li6185377/IMYAOPTableView ce1a76f (2.1), eb536b7 (2.0)"),
        // GoogleUtilities' app-delegate swizzler: gul.hooklab and gul-7.hooklab declare its packages.
        KnownSDK("GoogleUtilities method swizzler", [pod("GoogleUtilities", "MethodSwizzler"), pod("GoogleUtilities", "ISASwizzler"),
                                                     spm("googleutilities", "GULMethodSwizzler")],
                 hooks: "methods its Firebase callers name (class_replaceMethod; the ISA swizzler isa-swizzles objects): FirebasePerformance's "
                    + "network and screen instrumentation in the open code; FirebaseAnalytics links it too, and its binary does not show whether it calls it",
                 source: "google/GoogleUtilities GULSwizzler.m; firebase-ios-sdk FirebasePerformance FPRSelectorInstrumentor.m; FirebaseAnalytics.podspec 12.5.0"),
        KnownSDK("Firebase Messaging", [pod("FirebaseMessaging"), pod("Firebase", "Messaging"), spm("firebase-ios-sdk", "FirebaseMessaging"),
                                        carthage("https://dl.google.com/dl/firebase/ios/carthage/FirebaseMessagingBinary.json")],
                 participant: "fcm", hooks: "the app delegate (through GoogleUtilities) and UNUserNotificationCenter.delegate (KVO plus IMP replacement on its class)",
                 source: "firebase-ios-sdk FIRMessagingRemoteNotificationsProxy.m"),
        // The participant models the 5.x code base (OneSignalNotifications, started at +load); 5.0.0 is the rewrite
        // (OneSignal-iOS-SDK PR #1301). An older major is "not modeled", never the nearest model (versions guide §1.4).
        KnownSDK("OneSignal", [pod("OneSignalXCFramework", nil, ">= 5.0.0"), pod("OneSignal", nil, ">= 5.0.0"), pod("OneSignalNotifications"),
                               spm("onesignal-xcframework", nil, ">= 5.0.0")],
                 participant: "onesignal", hooks: "the app delegate and UNUserNotificationCenter.delegate (setDelegate: swizzles, then exchange on the delegate class)",
                 source: "OneSignal-iOS-SDK OneSignalNotifications/Categories"),
        KnownSDK("OneSignal before 5", [pod("OneSignalXCFramework", nil, "< 5.0.0"), pod("OneSignal", nil, "< 5.0.0"), spm("onesignal-xcframework", nil, "< 5.0.0")],
                 hooks: "the app delegate (UIApplication's setDelegate: swizzled, then the delegate class's methods exchanged) and, in the "
                    + "releases for iOS 10 and later, UNUserNotificationCenter.delegate (its setDelegate: swizzled the same way)",
                 source: "OneSignal-iOS-SDK iOS_SDK/OneSignalSDK/Source UIApplicationDelegate+OneSignal.m, UNUserNotificationCenter+OneSignal.m "
                    + "(the code base the 5.0.0 rewrite replaced, PR #1301)"),
        KnownSDK("CleverTap", [pod("CleverTap-iOS-SDK"), spm("clevertap-ios-sdk")], participant: "clevertap",
                 hooks: "the app delegate and UNUserNotificationCenter.delegate (exchange with per-block selectors, autoIntegrate)",
                 source: "clevertap-ios-sdk CTSwizzleManager.m"),
        KnownSDK("Leanplum", [pod("Leanplum-iOS-SDK"), spm("leanplum-ios-sdk")], participant: "leanplum",
                 hooks: "the app delegate and UNUserNotificationCenter.delegate (exchange with leanplum_ selectors)",
                 source: "Leanplum-iOS-SDK LeanplumSDK/ClassesSwift/Notifications"),
        KnownSDK("Airship", [pod("Airship"), pod("UrbanAirship-iOS-SDK"), spm("ios-library", "AirshipCore"), carthage("urbanairship/ios-library")],
                 participant: "airship", hooks: "the app delegate and UNUserNotificationCenter.delegate (IMP replacement on the runtime class)",
                 source: "urbanairship/ios-library AutoIntegration.swift"),
        KnownSDK("Facebook SDK", [pod("FBSDKCoreKit"), spm("facebook-ios-sdk", "FacebookCore"), carthage("facebook/facebook-ios-sdk")],
                 participant: "fbsdk", hooks: "the app delegate's openURL and continueUserActivity (AEM auto setup)",
                 source: "facebook-ios-sdk FBSDKAEMManager.m"),
        // The app-delegate wrapper arrived in 3.9.0 (CioProviderAgnosticAppDelegate.swift); it implements
        // application(_:open:options:) itself from 3.13.1 (PR #950, 795bdf12, `git tag --contains`), before that by
        // forwarding alone. From 2.11.0 to 3.8.x the SDK swizzles UNUserNotificationCenter's setDelegate: (a different design, below).
        // Both model the wrapper, which the app names as its app delegate class (the participants' app-delegate-class
        // lines); an app that keeps its own app delegate and calls MessagingPushAPN/FCM.initialize gets the SDK's
        // swizzles instead, which no participant models (Scan.integrated).
        customerIO("Customer.io", ">= 3.13.1", participant: "customerio", hooks: "the app delegate (a forwarding wrapper) and UNUserNotificationCenter.delegate",
                   source: "CioProviderAgnosticAppDelegate.swift @3.13.1 (#950)", tag: "3.13.1"),
        customerIO("Customer.io 3.10.1–3.13.0", ">= 3.10.1 < 3.13.1", participant: "customerio:forwarding", hooks: forwardingWrapper,
                   source: "CioProviderAgnosticAppDelegate.swift @3.13.0 (no application(_:open:options:))", tag: "3.13.0"),
        // Before #922 (0f5d7f01, first in 3.10.1) the APN module fetched the token by its exchange even under the wrapper.
        {
            var sdk = customerIO("Customer.io 3.9–3.10.0", ">= 3.9.0 < 3.10.1", participant: "customerio:forwarding", hooks: forwardingWrapper,
                                 source: "CioProviderAgnosticAppDelegate.swift @3.10.0 (no application(_:open:options:))", tag: "3.10.0")
            sdk.unmodeledPart = "not modeled: before 3.10.1 the APN module's automatic device-token fetch (autoFetchDeviceToken, on by "
                + "default) also exchanges the didRegisterForRemoteNotificationsWithDeviceToken: method of the app delegate's class when "
                + "the wrapper is the app delegate (MessagingPushAPN.swift:91 @3.10.0 does not check for the wrapper, as "
                + "MessagingPushFCM.swift:95 does; #922, first in 3.10.1, added the check)"
            return sdk
        }(),
        // Automatic push click handling arrived in 2.11.0 (CHANGELOG, #403); the APN and FCM modules' automatic device-token
        // fetch (autoFetchDeviceToken, on by default) exchanges the app delegate's token methods from 2.10.0 on.
        KnownSDK("Customer.io 2.11–3.8", [pod("CustomerIO", nil, ">= 2.11.0 < 3.9.0"), pod("CustomerIOMessagingPush", nil, ">= 2.11.0 < 3.9.0"),
                                          spm("customerio-ios", "MessagingPush", ">= 2.11.0 < 3.9.0")],
                 hooks: "UNUserNotificationCenter's setDelegate: (swizzled; it sets its own delegate back after every set), and with the APN or "
                    + "FCM module's automatic device-token fetch (on by default) the app delegate's didRegisterForRemoteNotificationsWithDeviceToken: "
                    + "and didFailToRegisterForRemoteNotificationsWithError: (exchanged with the module's own)",
                 source: "customerio/customerio-ios UserNotificationsFrameworkAdapter.swift @3.8.2 (AutomaticPushClickHandling); "
                    + "MessagingPushAPN+PushConfigs.swift:14-36 @3.8.2"),
        KnownSDK("Customer.io 2.10", [pod("CustomerIO", nil, ">= 2.10.0 < 2.11.0"), pod("CustomerIOMessagingPush", nil, ">= 2.10.0 < 2.11.0"),
                                      spm("customerio-ios", "MessagingPush", ">= 2.10.0 < 2.11.0")],
                 hooks: "with the APN or FCM module's automatic device-token fetch, the app delegate's didRegisterForRemoteNotificationsWithDeviceToken: "
                    + "(exchanged with the module's own); no UNUserNotificationCenter hook before 2.11.0",
                 source: "customerio/customerio-ios MessagingPushAPN+PushConfigs.swift, MessagingPushFCM+PushConfigs.swift @2.10.0; CHANGELOG 2.11.0 (#403)"),
        KnownSDK("Customer.io before 2.10", [pod("CustomerIO", nil, "< 2.10.0"), pod("CustomerIOMessagingPush", nil, "< 2.10.0"),
                                             spm("customerio-ios", "MessagingPush", "< 2.10.0")],
                 hooks: "UIViewController's viewDidAppear: for screen views (method exchange); no delegate slot",
                 source: "customerio/customerio-ios Sources/Tracking/CustomerIOImplementation+ScreenViews.swift @2.9.2"),
        KnownSDK("Branch", [pod("Branch"), pod("BranchSDK"), spm("ios-branch-deep-linking-attribution", "BranchSDK"),
                            carthage("BranchMetrics/ios-branch-deep-linking-attribution")],
                 participant: "branch", hooks: nil, source: "BranchMetrics/ios-branch-deep-linking-attribution: no runtime hooking; the app forwards openURL by hand"),
        KnownSDK("FlutterFire firebase_messaging", [pod("firebase_messaging"), pub("firebase_messaging")], participant: "flutterfire",
                 hooks: "UNUserNotificationCenter.delegate (a wrapper unless the delegate is Flutter's) and the app delegate",
                 source: "firebase/flutterfire FLTFirebaseMessagingPlugin.m"),
        KnownSDK("expo-notifications", [pod("EXNotifications")], participant: "expo",
                 hooks: "UNUserNotificationCenter.delegate (refuses when one is set, else a multicast wrapper)",
                 source: "expo/expo expo-notifications NotificationCenterManager.swift"),
        // Expo SDK 55 renamed the pod (ios/ExpoNotifications/…, expo PR #42009); its manager still refused a delegate already
        // set until PR #48313 (merged 2026-07-30, commit 2581a25) made it chain that delegate instead (expo.hooklab's
        // header); no participant models that manager yet.
        KnownSDK("expo-notifications (ExpoNotifications pod, Expo SDK 55)", [pod("ExpoNotifications")],
                 hooks: "UNUserNotificationCenter.delegate (refuses when one is set, as before the rename; from expo PR #48313 on, sets itself "
                    + "and chains the delegate already set)",
                 source: "expo/expo expo-notifications ios/ExpoNotifications (PR #42009, the rename; PR #48313, the chaining)"),
        KnownSDK("react-native-notifications", [pod("ReactNativeNotifications"), pod("react-native-notifications")], participant: "rnn",
                 hooks: "UNUserNotificationCenter.delegate (a multicast set unconditionally)", source: "wix/react-native-notifications lib/ios"),
        KnownSDK("PostHog", [pod("PostHog", nil, ">= 3.69.3"), spm("posthog-ios", "PostHog", ">= 3.69.3")], participant: "posthog",
                 hooks: "UNUserNotificationCenter's setDelegate: and the delegate class (IMP replacement)", source: "PostHog/posthog-ios #753"),
        KnownSDK("Embrace", [pod("EmbraceIO"), spm("embrace-apple-sdk")], participant: "embrace",
                 hooks: "UNUserNotificationCenter.delegate, URL sessions and WKWebView navigation delegates (setter swizzles and wrappers)",
                 source: "embrace-io/embrace-apple-sdk Sources"),
        KnownSDK("New Relic", [pod("NewRelicAgent"), spm("newrelic-ios-agent-spm"), spm("newrelic-ios-agent")], participant: "newrelic",
                 hooks: "URL sessions (a wrapper that retains the delegate) and WKWebView navigation delegates",
                 source: "newrelic/newrelic-ios-agent Agent/Instrumentation"),
        KnownSDK("Datadog", [pod("DatadogRUM", nil, ">= 3.9.0"), spm("dd-sdk-ios", "DatadogRUM", ">= 3.9.0"), carthage("DataDog/dd-sdk-ios", ">= 3.9.0")],
                 participant: "datadog", hooks: "URL-session delegate classes, and from 3.8 the scroll view's delegate (a proxy)",
                 source: "DataDog/dd-sdk-ios MethodSwizzler, UIScrollViewDelegateProxy"),
        KnownSDK("Datadog before 3.8", [pod("DatadogRUM", nil, "< 3.8.0"), pod("DatadogCore"), pod("DatadogSDK"), spm("dd-sdk-ios", "DatadogRUM", "< 3.8.0"),
                                        carthage("DataDog/dd-sdk-ios", "< 3.8.0")],
                 participant: "datadog:3.7", hooks: "URL-session delegate classes (IMP replacement); no scroll-view proxy before 3.8",
                 source: "DataDog/dd-sdk-ios MethodSwizzler, URLSessionTaskDelegateSwizzler.swift"),
        KnownSDK("Sentry", [pod("Sentry"), pod("SentrySwiftUI"), spm("sentry-cocoa", "Sentry"), spm("sentry-cocoa", "Sentry-Dynamic"),
                            spm("sentry-cocoa", "SentrySwiftUI"), carthage("getsentry/sentry-cocoa")], participant: "sentry",
                 hooks: "URL-session tasks' resume and setState: (IMP replacement on the task classes)",
                 source: "getsentry/sentry-cocoa SentryNetworkTrackingIntegration.swift"),
        // Push support arrived in 3.69.0 (#743): before it PostHog hooks no delegate slot, only screen views.
        KnownSDK("PostHog before 3.69", [pod("PostHog", nil, "< 3.69.0"), spm("posthog-ios", "PostHog", "< 3.69.0")],
                 hooks: "UIViewController's viewDidAppear: for screen views (method exchange), and with session replay's network capture "
                    + "URLSession's task-creation methods (from 3.57.0 URLSessionTask's resume too); nothing on UNUserNotificationCenter before 3.69.0",
                 source: "PostHog/posthog-ios UIViewController.swift (method_exchangeImplementations on viewDidAppear:); "
                    + "PostHog/Replay/Plugins/Network/URLSessionSwizzler.swift:236-252 @3.68.4; push support in 3.69.0, #743 (c37aea62)"),
        // notifee.hooklab and notifee-7.hooklab declare RNNotifee 7.0.0 and later.
        KnownSDK("Notifee before 7.0", [pod("RNNotifee", nil, "< 7.0.0")],
                 hooks: "UNUserNotificationCenter.delegate (it makes itself the delegate, keeps the previous one weakly and forwards what is not its own; not modeled before 7.0.0)",
                 source: "invertase/notifee ios/NotifeeCore/NotifeeCore+UNUserNotificationCenter.m:155-224 @6.0.0"),
        // The notification service extension's pod: no UIApplicationDidFinishLaunchingNotification in an extension.
        KnownSDK("Notifee service extension", [pod("RNNotifeeCore")], hooks: nil,
                 source: "invertase/notifee RNNotifeeCore.podspec: the extension's copy of NotifeeCore, which takes no slot there"),
        // appcenter.hooklab declares Distribute (the pod subspec, the Swift package product).
        KnownSDK("App Center Push (3.x)", [pod("AppCenter", "Push", "< 4.0.0")],
                 hooks: "-[UIApplication setDelegate:] and -[UNUserNotificationCenter setDelegate:], IMPs set on the first delegate's class for the token, remote-notification and notification-center methods",
                 source: "microsoft/appcenter-sdk-apple MSPushAppDelegate.m:48-60, MSUserNotificationCenterDelegateForwarder.m:19-82 @3.3.4"),
        KnownSDK("App Center on Carthage", [carthage("microsoft/appcenter-sdk-apple")],
                 hooks: "the app delegate's openURL when the app links AppCenterDistribute (Cartfile.resolved does not say which frameworks it links)",
                 source: "microsoft/appcenter-sdk-apple MSACDistributeAppDelegate.m:47-52 @5.0.6"),
        KnownSDK("App Center", [pod("AppCenter"), spm("appcenter-sdk-apple")], hooks: nil,
                 source: "microsoft/appcenter-sdk-apple MSACDelegateForwarder.m:116 @5.0.6: without Distribute (or Push before 4.0) no selector is registered, so nothing is swizzled"),
        KnownSDK("Bugsnag Performance", [pod("BugsnagPerformance"), spm("bugsnag-cocoa-performance")],
                 hooks: "URL sessions (+sharedSession, +sessionWithConfiguration:delegate:delegateQueue:, -[NSURLSessionTask resume]) and UIViewController loadView/viewDidAppear:/viewWillDisappear:",
                 source: "docs.bugsnag.com/performance/integration-guides/ios/method-swizzling-usage"),
        KnownSDK("Facebook SDK (facebook-objc-sdk, v4-v6)", [carthage("facebook/facebook-objc-sdk")],
                 hooks: "UITableView/UICollectionView setDelegate: and the delegate's didSelect… (event binding); no AEM hooks",
                 source: "facebook/facebook-objc-sdk FBSDKEventBindingManager.m:200-218, :337, :371 @v6.5.2"),
        // Automatic push tracking (an init argument) arrived in 3.2.0; 4.0.0 removed it with every swizzle: no
        // UNUserNotificationCenter code and no method_setImplementation at v4.0.0 or v5.0.9. Before 3.2.0: not read.
        KnownSDK("Mixpanel 3.2–3.9", [pod("Mixpanel", nil, ">= 3.2.0 < 4.0.0"), spm("mixpanel-iphone", nil, ">= 3.2.0 < 4.0.0")],
                 hooks: "with automatic push tracking on, the notification-center delegate's class's didReceiveNotificationResponse (else the app "
                    + "delegate's didReceiveRemoteNotification), its IMP replaced; it watches UNUserNotificationCenter.delegate with KVO to follow a later delegate",
                 source: "mixpanel/mixpanel-iphone Mixpanel/Mixpanel.m:753-800, MPSwizzler.m:164 @v3.9.2"),
        KnownSDK("GrowingIO autotracker", [pod("GrowingAnalytics", "Autotracker"), spm("growingio-sdk-ios-autotracker")],
                 hooks: "UITableView's and UICollectionView's setDelegate: (exchanged, once: the hook reaches the original as growing_setDelegate:); at each set, the delegate's class's "
                    + "tableView:didSelectRowAtIndexPath: or collectionView:didSelectItemAtIndexPath:, when its real class implements it, "
                    + "replaced once per class and superclasses; UIApplication's sendAction:to:from:forEvent:",
                 source: "growingio/growingio-sdk-ios-autotracker GrowingAutotrackerCore/GrowingRealAutotracker.m:117-155, "
                    + "Autotrack/UITableView+GrowingAutotracker.m:26-49, Autotrack/UICollectionView+GrowingAutotracker.m:26-49 @4.11.0"),
        // The 2.x SDK's pod ships a binary framework: what it hooks is not read.
        KnownSDK("GrowingIO autotracker 2.x", [pod("GrowingAutoTrackKit")],
                 hooks: "table and collection view delegates and view controllers (its autotracking swizzles; a closed binary, not read)",
                 source: "growingio/GrowingSDK-iOS-GrowingAutoTrackKit GrowingAutoTrackKit.podspec (2.8.19, 2.10.2): s.source is a zip of a static framework"),
        // Flutter plugins whose own iOS code takes UNUserNotificationCenter.delegate or swizzles the app delegate (not modeled).
        // A range is matched on pubspec.lock's version only: the plugins' podspecs mostly say 0.0.1 (Scan.pluginVersions).
        KnownSDK("awesome_notifications 0.7+", [pub("awesome_notifications", ">= 0.7.0-beta.3")],
                 hooks: "UNUserNotificationCenter.delegate (makes itself the delegate on UIApplicationDidFinishLaunchingNotification, after the app delegate's launch method, dropping the previous delegate)",
                 source: "rafaelsetragni/awesome_notifications ios/AwnCore/Classes/AwesomeNotifications.swift:155-158, :504-508 @0.10.1 (_originalNotificationCenterDelegate is never assigned; the keeping line went in fc5fbba, first at 0.7.0-beta.3)"),
        KnownSDK("awesome_notifications before 0.7", [pub("awesome_notifications", "< 0.7.0-beta.3")],
                 hooks: "UNUserNotificationCenter.delegate (makes itself the delegate at launch, keeps the previous one and forwards what it does not handle)",
                 source: "rafaelsetragni/awesome_notifications ios/Classes/lib/SwiftAwesomeNotificationsPlugin.swift:75-81, :52-53, :66-67 @0.6.21"),
        KnownSDK("flutter_local_notifications before 0.9", [pub("flutter_local_notifications", "< 0.9.0")],
                 hooks: "UNUserNotificationCenter.delegate (makes itself the delegate when it registers, dropping the previous delegate)",
                 source: "MaikuB/flutter_local_notifications ios/Classes/FlutterLocalNotificationsPlugin.m:73-85 @5286b412 (pubspec 0.8.4+3; tags start at v0.9.0, whose CHANGELOG.md:5 says it no longer registers as the delegate)"),
        KnownSDK("crisp_chat 2.4.8+", [pub("crisp_chat", ">= 2.4.8")],
                 hooks: "UNUserNotificationCenter.delegate (makes itself the delegate when it registers, keeps the previous one weakly and forwards non-Crisp notifications, which loops when the previous one is FlutterAppDelegate)",
                 source: "alamin-karno/flutter-crisp-chat ios/crisp_chat/Sources/crisp_chat/FlutterCrispChatPlugin.swift:35-37, :294-301, :329-337 @v2.6.0 (first at v2.4.8, :32-33); recursion: issue #180"),
        KnownSDK("crisp_chat 2.2.5–2.4.7", [pub("crisp_chat", ">= 2.2.5 < 2.4.8")],
                 hooks: "UNUserNotificationCenter.delegate (makes itself the delegate when it registers, dropping the previous one; non-Crisp foreground notifications get no presentation)",
                 source: "alamin-karno/flutter-crisp-chat ios/Classes/SwiftFlutterCrispChatPlugin.swift:25 @crisp_chat_v2.2.5; :30, :228 @v2.4.7 (completionHandler([]) for non-Crisp; issue #77)"),
        KnownSDK("crisp_chat 2.2.0–2.2.1", [pub("crisp_chat", ">= 2.2.0 < 2.2.2")],
                 hooks: "UNUserNotificationCenter.delegate (makes itself the delegate at launch, dropping the previous one)",
                 source: "alamin-karno/flutter-crisp-chat ios/Classes/SwiftFlutterCrispChatPlugin.swift:118-127 @crisp_chat_v2.2.0 (gone at crisp_chat_v2.2.2)"),
        // The plugins depend on the native Pushwoosh SDK (pushwoosh_flutter.podspec), which hooks the app delegate on its own
        // (the Pushwoosh entry below); each plugin entry says what the plugin's own code adds.
        KnownSDK("Pushwoosh Flutter 2.3.6+", [pub("pushwoosh_flutter", ">= 2.3.6")],
                 hooks: "the app delegate's didReceiveRemoteNotification:fetchCompletionHandler: (IMP replaced on its class when the plugin registers, unguarded) and UNUserNotificationCenter.delegate (taken on Pushwoosh.initialize unless it is FlutterAppDelegate, previous kept and forwarded)",
                 source: "Pushwoosh/pushwoosh-flutter Source/pushwoosh/ios/Classes/PushwooshPlugin.m:94, :134-159, :211-241 @2.3.21 (method_setImplementation first at 2.3.6, :97-113; class_addMethod when absent from 2.3.19)"),
        KnownSDK("Pushwoosh Flutter 2.2.16–2.3.5", [pub("pushwoosh_flutter", ">= 2.2.16 < 2.3.6")],
                 hooks: "UNUserNotificationCenter.delegate (taken on Pushwoosh.initialize unless it is FlutterAppDelegate; a previous delegate is kept weakly and forwarded)",
                 source: "Pushwoosh/pushwoosh-flutter Source/pushwoosh/ios/Classes/PushwooshPlugin.m:92-124 @2.2.16 (2.2.19–2.3.5 also exchange a method on PushwooshPlugin's own class, not the app delegate's)"),
        KnownSDK("Pushwoosh Flutter before 2.2.16", [pub("pushwoosh"), pub("pushwoosh_flutter", "< 2.2.16")],
                 hooks: "UNUserNotificationCenter.delegate (set to the Pushwoosh SDK's notificationCenterDelegate on Pushwoosh.initialize, unconditionally)",
                 source: "Pushwoosh/pushwoosh-flutter Source/pushwoosh/ios/Classes/PushwooshPlugin.m:85 @2.2.15, :56 @1.9.0 (pub name pushwoosh up to 2.2.13)"),
        KnownSDK("Pushwoosh", [pod("PushwooshXCFramework"), pod("Pushwoosh")],
                 hooks: "the app delegate (UIApplication's setDelegate: exchanged in +load unless lazy initialization is on, then the "
                    + "delegate class's openURL and launch methods replaced) and UNUserNotificationCenter.delegate (set to its own proxy when "
                    + "the proxy is made)",
                 source: "Pushwoosh/pushwoosh-ios-sdk iOS_SDK/Pushwoosh/PushwooshCore/Utils/Runtime/PWPushRuntime.ios.m:424-436, :169-196 @7.0.45; "
                    + "iOS_SDK/Pushwoosh/Pushwoosh/Public/PWNotificationCenterDelegateProxy.m:20-26 @7.0.45"),
        KnownSDK("Emarsys Flutter 2.1+", [pub("emarsys_sdk", ">= 2.1.0")],
                 hooks: "UNUserNotificationCenter.delegate, set at launch by the EmarsysAppDelegate base class the app's AppDelegate subclasses (a multicast delegate: Emarsys pushes go to the SDK and other pushes only to delegates the app lists; the previous delegate is dropped)",
                 source: "emartech/flutter-plugin-for-sap-emarsys-customer-engagement ios/Classes/EmarsysAppDelegate.swift:15-16, ios/Classes/Wrapper/Push/UserNotificationCenterDelegateCacher.swift:15-57 @2.7.4"),
        KnownSDK("Emarsys Flutter before 2.1", [pub("emarsys_sdk", "< 2.1.0")],
                 hooks: "UNUserNotificationCenter.delegate (set to the Emarsys SDK's push object on Emarsys.setup, unconditionally; from 1.1.0 the EmarsysAppDelegate base class sets a caching delegate at launch first)",
                 source: "emartech/flutter-plugin-for-sap-emarsys-customer-engagement ios/Classes/Wrapper/Commands/Setup/SetupCommand.swift:74 @2.0.0 and @1.0.0 (:61 @0.1.0); EmarsysAppDelegate.swift:16 @1.1.0"),
        KnownSDK("iterable_flutter", [pod("iterable_flutter"), pub("iterable_flutter")],
                 hooks: "UNUserNotificationCenter.delegate (makes itself the delegate at launch, dropping the previous one)",
                 source: "la-haus/iterable-flutter ios/Classes/SwiftIterableFlutterPlugin.swift:97-101 @v0.5.9 (:63-64 @v0.1; every tag)"),
        KnownSDK("courier_flutter", [pod("courier_flutter"), pub("courier_flutter")],
                 hooks: "UNUserNotificationCenter.delegate, set in init by the CourierFlutterDelegate base class the app's AppDelegate subclasses; its willPresent and didReceive overrides skip super, so other plugins never get them",
                 source: "trycourier/courier-flutter ios/Classes/CourierFlutterDelegate.swift:13, :40-49, :129-157 @v5.0.3 (:41 @0.0.5; every tag)"),
        KnownSDK("moengage_flutter before 2.0", [pub("moengage_flutter", "< 2.0.0")],
                 hooks: "UNUserNotificationCenter.delegate (MOFlutterInitializer, called from the app's AppDelegate, makes itself the delegate only when none is set)",
                 source: "moengage/Flutter-SDK ios/Classes/MOFlutterInitializer.swift:17-22 @v1.1.0 (same @v1.0.0; gone from core/ios at v2.0.0)"),
    ]

    /// Packages the sources show hook nothing: named so a scan does not leave them unexplained.
    static let hookingNothing: [KnownSDK] = [
        KnownSDK("RxSwift", [pod("RxSwift"), pod("RxRelay"), pod("RxAtomic"), spm("rxswift"), carthage("ReactiveX/RxSwift")], hooks: nil,
                 source: "RxSwift: the hooks are RxCocoa's (an SPM or Carthage RxSwift without RxCocoa hooks nothing)"),
        KnownSDK("IGListKit diffing", [pod("IGListDiffKit"), pod("IGListSwiftKit")], hooks: nil, source: "IGListKit 4.0 CHANGELOG: the diffing half"),
        {
            // Its swizzlers hook only for a product that registers with them. FirebaseAnalytics registers with the app-delegate
            // swizzler by default: Firebase's reference for FIRAnalytics(AppDelegate) says Analytics handles the app
            // delegate's calls through the App Delegate Proxy unless FirebaseAppDelegateProxyEnabled is NO. It links the
            // method swizzler too (FirebaseAnalytics.podspec 11.5.0 and 12.5.0), and its binary GoogleAppMeasurement does
            // not show whether it calls it; only FirebasePerformance does in the open code (FPRSelectorInstrumentor.m).
            // A Swift package's pin names the package, not the products the app links, so whether its swizzlers are in the
            // app is not known from it; a Podfile.lock names each subspec (the entry below).
            var sdk = KnownSDK("GoogleUtilities", [spm("googleutilities")], hooks: nil,
                               source: "google/GoogleUtilities: only AppDelegateSwizzler, MethodSwizzler and ISASwizzler hook")
            sdk.armedIf = "its app-delegate swizzler hooks only once a Firebase product registers with it (Messaging, Auth, App "
                + "Distribution and, by default, Analytics do, modeled as `gul`), and its method swizzler for Performance (FirebaseAnalytics "
                + "links it too, and its binary GoogleAppMeasurement does not show whether it calls it)"
            return sdk
        }(),
        // In a Podfile.lock the swizzler subspecs are entries of their own (`gul`, `gul:7`, the method swizzler above): any
        // other GoogleUtilities subspec hooks nothing.
        KnownSDK("GoogleUtilities' other subspecs", [pod("GoogleUtilities")], hooks: nil,
                 source: "google/GoogleUtilities: only AppDelegateSwizzler, MethodSwizzler and ISASwizzler hook"),
        // FirebaseAnalytics is not one of them: it arms GoogleUtilities' app-delegate swizzler (above), which the lab
        // models as `gul` where the lockfile has its subspec or product.
        KnownSDK("Firebase (other products)", [pod("FirebaseCore"), pod("FirebaseCoreInternal"), pod("FirebaseInstallations"),
                                               pod("Firebase", "CoreOnly"), spm("firebase-ios-sdk")], hooks: nil,
                 source: "firebase-ios-sdk: Messaging, Performance, Auth, App Distribution and Analytics are the products that hook"),
        // 4.0.0 removed automatic push tracking and every swizzle (the 3.x entry above).
        KnownSDK("Mixpanel 4 and later", [pod("Mixpanel", nil, ">= 4.0.0"), spm("mixpanel-iphone", nil, ">= 4.0.0")], hooks: nil,
                 source: "mixpanel/mixpanel-iphone @v4.0.0 and @v5.0.9: no swizzling and no UNUserNotificationCenter code"),
        KnownSDK("Adjust", [pod("Adjust"), spm("ios_sdk")], hooks: nil, source: "adjust/ios_sdk: no runtime hooking; the app forwards deep links by hand"),
        // Flutter plugins whose releases in these ranges take no slot: the plugin fan-out only.
        KnownSDK("flutter_local_notifications", [pub("flutter_local_notifications", ">= 0.9.0")], hooks: nil,
                 source: "MaikuB/flutter_local_notifications CHANGELOG.md:5 @flutter_local_notifications-v0.9.0 (no longer the delegate; the plugin fan-out only, no iOS delegate set or swizzle in any later tag)"),
        KnownSDK("crisp_chat before 2.2", [pub("crisp_chat", "< 2.2.0")], hooks: nil,
                 source: "alamin-karno/flutter-crisp-chat ios/Classes/SwiftFlutterCrispChatPlugin.swift:17 @crisp_chat_v2.1.0 (addApplicationDelegate only)"),
        KnownSDK("crisp_chat 2.2.2–2.2.4", [pub("crisp_chat", ">= 2.2.2 < 2.2.5")], hooks: nil,
                 source: "alamin-karno/flutter-crisp-chat ios/Classes/SwiftFlutterCrispChatPlugin.swift:22 @crisp_chat_v2.2.2 (addApplicationDelegate only)"),
        // braze.hooklab models push automation, first in BrazeKit 6.5.0; before it, and in the Appboy SDK, the app calls
        // Braze from its own delegate methods.
        KnownSDK("Braze before push automation", [pod("BrazeKit", nil, "< 6.5.0"), spm("braze-swift-sdk", "BrazeKit", "< 6.5.0"), pod("Appboy-iOS-SDK"),
                                                  carthage("Appboy/appboy-ios-sdk"), pod("braze-react-native-sdk", nil, "< 7.0.0"), pub("braze_plugin", "< 7.0.0")],
                 hooks: nil, source: "braze-inc/braze-swift-sdk CHANGELOG.md 6.5.0 @18.2.0 (push automation added); Appboy/appboy-ios-sdk Appboy.h:587-622 @4.7.0 (the app calls Appboy's push methods by hand)"),
        // mparticle.hooklab models 8.x's MPAppDelegateProxy, which 9.0.0 removed.
        KnownSDK("mParticle 9", [pod("mParticle-Apple-SDK", nil, ">= 9.0.0"), pod("mParticle-Apple-SDK-ObjC"), spm("mparticle-apple-sdk", "mParticle-Apple-SDK", ">= 9.0.0"),
                                 pod("react-native-mparticle", nil, ">= 3.0.0"), pub("mparticle_flutter_sdk", ">= 2.0.0")],
                 hooks: nil, source: "mParticle/mparticle-apple-sdk MIGRATING.md:60-68 @v9.4.0 (9.0.0 removed MPAppDelegateProxy; the app calls MParticle from its own delegate methods)"),
    ]

    /// The Swift package products a package brings into the app without the app linking them itself: a product's own
    /// dependencies, and the native SDK a Flutter plugin that comes through SwiftPM depends on (``Scan/withBroughtParts(_:)``).
    public static let broughtParts: [BroughtPart] = [
        // FirebaseMessaging's target depends on GoogleUtilities' app-delegate swizzler (firebase-ios-sdk Package.swift:884
        // @10.0.0, :822 @11.0.0, :879 @12.0.0, :865 @12.18.0).
        BroughtPart(by: spm("firebase-ios-sdk", "FirebaseMessaging"), identity: "googleutilities", product: "GULAppDelegateSwizzler",
                    source: "firebase-ios-sdk Package.swift:879 @12.0.0"),
        // FirebaseAuth and FirebaseAppDistribution depend on it too (Package.swift:455 and :416 @12.0.0, :433 and :401
        // @10.0.0), and turn it on: Auth.swift:1665, :1747 and FIRAppDistribution.m:75-77 @12.0.0 call
        // proxyOriginalDelegate… and registerAppDelegateInterceptor:.
        BroughtPart(by: spm("firebase-ios-sdk", "FirebaseAuth"), identity: "googleutilities", product: "GULAppDelegateSwizzler",
                    source: "firebase-ios-sdk Package.swift:455 @12.0.0; Auth.swift:1665, :1747 @12.0.0"),
        BroughtPart(by: spm("firebase-ios-sdk", "FirebaseAppDistribution-Beta"), identity: "googleutilities", product: "GULAppDelegateSwizzler",
                    source: "firebase-ios-sdk Package.swift:416 @12.0.0; FIRAppDistribution.m:75-77 @12.0.0"),
    ] + [("FirebaseAnalytics", ":316 @12.0.0"), ("FirebaseAnalyticsWithoutAdIdSupport", ":339 @11.0.0"),
         ("FirebaseAnalyticsCore", ":364 @12.0.0"), ("FirebaseAnalyticsIdentitySupport", ":391 @12.0.0")].map { product, line in
        // FirebaseAnalytics's products depend on it through their wrapper targets (Package.swift:315 and :361 @10.0.0, :339
        // @11.0.0 for WithoutAdIdSupport, :316, :364 and :391 @12.0.0), and its code is closed, but Firebase's reference for
        // FIRAnalytics(AppDelegate) says it turns the proxy on: Analytics handles the app delegate's calls through the App
        // Delegate Proxy unless FirebaseAppDelegateProxyEnabled is NO.
        BroughtPart(by: spm("firebase-ios-sdk", product), identity: "googleutilities", product: "GULAppDelegateSwizzler",
                    source: "firebase-ios-sdk Package.swift\(line); Firebase reference, FIRAnalytics(AppDelegate)")
    } + [
        // FirebasePerformance depends on GoogleUtilities' method swizzler (Package.swift:942 @12.0.0, :939 @10.0.0).
        BroughtPart(by: spm("firebase-ios-sdk", "FirebasePerformance"), identity: "googleutilities", product: "GULMethodSwizzler",
                    source: "firebase-ios-sdk Package.swift:942 @12.0.0"),
        // firebase_messaging's Swift package (first in 15.2.0) depends on firebase-ios-sdk's FirebaseMessaging
        // (packages/firebase_messaging/firebase_messaging/ios/firebase_messaging/Package.swift:22,29 @firebase_messaging-v16.2.2).
        BroughtPart(by: pub("firebase_messaging", ">= 15.2.0"), identity: "firebase-ios-sdk", product: "FirebaseMessaging",
                    source: "firebase/flutterfire firebase_messaging/ios/firebase_messaging/Package.swift:29 @firebase_messaging-v16.2.2"),
    ]
}

/// A Swift package product that comes with another package (``KnownSDK/broughtParts``).
public struct BroughtPart: Sendable, Hashable {
    /// The package (and product) that brings it.
    public var by: PackageDeclaration
    /// The SwiftPM identity of the package it comes from (`googleutilities`).
    public var identity: String
    /// The product (`GULAppDelegateSwizzler`).
    public var product: String
    /// Where the dependency is declared.
    public var source: String
}
