// The delegate hosts, their delegate slots with ownership per SDK era (guide C1), and the events they send.
import ObjCModel

/// The SDK era a runtime models: it decides whether table, collection and scroll view delegates are assign or weak.
public enum Era: String, Sendable, Codable {
    /// iOS 8 and earlier: `@property(nonatomic, assign) id delegate` (iOS 4.3–8 SDK headers, guide C1).
    case ios8
    /// iOS 9 and later: `weak` with nullability.
    case ios9

    /// Whether KVO raises when an observed object is freed with observers still registered. Before iOS 11 Foundation
    /// throws "… was deallocated while key value observers were still registered with it"; from iOS 11 it removes
    /// them (fpotter.org, "When is KVO unregistration automatic?"; EddyBorja/MLPAutoCompleteTextField #110, on iOS 10).
    /// The iOS 8 era is the old side of that cut-off; the other era stands for current iOS here.
    public var kvoDeallocWithObserversRaises: Bool { self == .ios8 }
}

/// One delegate property of a host.
public struct DelegateSlot: Hashable, Sendable {
    /// The property name, which is also the ivar name (`delegate`, `dataSource`, `navigationDelegate`).
    public let property: String
    public let protocolName: String
    public let ownership: Ownership
    public var setter: String { "set" + property.prefix(1).uppercased() + property.dropFirst() + ":" }
    /// Whether the host snapshots the delegate's `respondsToSelector:` answers when the delegate is set (UIKit's
    /// `_delegateFlags`, guide C2; UIApplication, field guide runtime fact 1); otherwise it asks at each delivery.
    public var cachesResponds = true
    /// The class method that creates the host with its delegate, when the delegate can be given only then
    /// (`+[NSURLSession sessionWithConfiguration:delegate:delegateQueue:]`); such a slot has no setter.
    public var createdBy: String?
}

/// One event a host sends to a delegate.
public struct HostEvent: Hashable, Sendable {
    /// The delegate selector, as scenario files name it (`fire tableView:didSelectRowAtIndexPath:`).
    public let selector: String
    /// The property whose object receives it.
    public let slot: String
    /// The host-internal method that sends it: the frame a crash stack shows above the delegate.
    public let internalSelector: String
    /// The return type encoding (`v` void, `c` BOOL, `q` NSInteger, `d` CGFloat, `@` id).
    public let returnType: Character
    /// The completion handler the host passes as the last argument and checks after the delivery, if any.
    public var handler: CompletionRule?
    /// What the app's user sees when the app's delegate never gets this event, in an integrator's words
    /// ("tapping a push does nothing"); reports read it as data.
    public var userSees: String?
    /// A second delivery is harmless by design: the system itself sends the event again (the push token "at each
    /// launch" and whenever it changes, Apple's `registerForRemoteNotifications` documentation), so a receiver that gets
    /// it twice stores the same value twice.
    public var repeatHarmless = false
}

/// How a host treats the completion handler it passes with an event.
public struct CompletionRule: Hashable, Sendable {
    /// The block's name in the delegate method (`completionHandler`, `fetchCompletionHandler`).
    public let name: String
    /// What happens when it is called twice, in words, for the finding.
    public let extraCall: String
    /// What happens when it is never called, in words.
    public let noCall: String
}

/// A kind of host: a UIKit or WebKit view class in one SDK era.
public struct HostKind: Hashable, Sendable, CustomStringConvertible {
    /// The public name: the class name, with `@ios8` for the old era.
    public let name: String
    public let className: String
    public let era: Era
    public let slots: [DelegateSlot]
    public let events: [HostEvent]
    /// Whether the app's delegate is set once, at launch, before any SDK starts, and kept alive by
    /// `UIApplicationMain` (UIApplication; field guide runtime fact 6): the generator places no SDK start before it.
    public var delegateAtLaunch = false
    /// Under the SwiftUI lifecycle the slot holds SwiftUI's own app delegate, which forwards to the app's
    /// `UIApplicationDelegateAdaptor` object (field guide runtime fact 6).
    public var swiftUI = false
    /// The app is built on Flutter: the slot's delegate is the app's `FlutterAppDelegate` subclass, which passes the
    /// notification events to the registered plugins (FlutterPluginAppLifeCycleDelegate.mm :465-488 @3.38).
    public var flutter = false
    /// The app is built with Expo: the slot's delegate is the app's `ExpoAppDelegate` subclass, which passes each event
    /// to every subscriber of Expo's modules (ExpoAppDelegate.swift @bf9e966).
    public var expo = false
    /// The event the host sends its delegate while it is removed from its superview, which happens while the screen that
    /// owns it, and is its delegate, deallocates: `-[UIView dealloc]` → `-[UIScrollView removeFromSuperview]` →
    /// `_stopScrollingNotify:pin:` → `_notifyDidScroll` (the stack in ninjinkun/NJKScrollFullScreen PR #13; the crash of
    /// DataDog/dd-sdk-ios #2867). Nil for hosts with no such teardown event.
    public var eventWhileDelegateDeallocates: String?

    /// The framework the app is built on, as participant files name it: `uikit` (a UIKit app delegate, React Native's
    /// `RCTAppDelegate` included), `swiftui`, `flutter` or `expo`.
    public var appFramework: String { swiftUI ? "swiftui" : flutter ? "flutter" : expo ? "expo" : "uikit" }

    public var description: String { name }
    /// The slot the app's `delegate =` sets.
    public var primarySlot: DelegateSlot { slots[0] }
    /// "weak", "assign, dataSource: assign" or "weak (navigationDelegate)", read after "delegate: " in headings.
    public var ownershipSummary: String {
        let first = primarySlot.property == "delegate" ? primarySlot.ownership.rawValue
            : "\(primarySlot.ownership.rawValue) (\(primarySlot.property))"
        return ([first] + slots.dropFirst().map { "\($0.property): \($0.ownership.rawValue)" }).joined(separator: ", ")
    }

    public static func named(_ name: String) -> HostKind? { all.first { $0.name == name } }

    /// Every modeled host, in report order.
    public static let all: [HostKind] = viewHosts + appLevel

    /// The view hosts: scroll, table, collection and web views, both eras.
    public static let viewHosts: [HostKind] = [
        scrollView(.ios9), tableView(.ios9), collectionView(.ios9), uiWebView, wkWebView,
        scrollView(.ios8), tableView(.ios8), collectionView(.ios8),
    ]

    /// The app-level slots today's SDKs fight over: the app delegate (UIKit and SwiftUI lifecycles), the notification
    /// center's delegate, and URL session delegates.
    public static let appLevel: [HostKind] = [uiApplication, uiApplicationSwiftUI, uiApplicationFlutter, uiApplicationExpo,
                                              notificationCenter, notificationCenterFlutter, urlSession]

    static func eraName(_ base: String, _ era: Era) -> String { era == .ios8 ? "\(base)@ios8" : base }
    /// Table, collection and scroll view delegates: assign up to iOS 8, weak from iOS 9 (guide C1).
    static func listOwnership(_ era: Era) -> Ownership { era == .ios8 ? .assign : .weak }

    static let scrollEvents = [
        HostEvent(selector: "scrollViewDidScroll:", slot: "delegate", internalSelector: "_notifyDidScroll", returnType: "v"),
        HostEvent(selector: "scrollViewWillBeginDragging:", slot: "delegate",
                  internalSelector: "_scrollViewWillBeginDragging", returnType: "v"),
    ]

    public static func scrollView(_ era: Era) -> HostKind {
        var kind = HostKind(name: eraName("UIScrollView", era), className: "UIScrollView", era: era,
                            slots: [DelegateSlot(property: "delegate", protocolName: "UIScrollViewDelegate", ownership: listOwnership(era))],
                            events: scrollEvents)
        kind.eventWhileDelegateDeallocates = "scrollViewDidScroll:"
        return kind
    }

    /// The host classes that inherit another host class's delegate setter (UIKit.swift defines them so).
    public static let uikitSuperclass: [String: String] = ["UITableView": "UIScrollView", "UICollectionView": "UIScrollView"]

    public static func tableView(_ era: Era) -> HostKind {
        var kind = HostKind(name: eraName("UITableView", era), className: "UITableView", era: era,
                 slots: [DelegateSlot(property: "delegate", protocolName: "UITableViewDelegate", ownership: listOwnership(era)),
                         DelegateSlot(property: "dataSource", protocolName: "UITableViewDataSource", ownership: listOwnership(era))],
                 events: [
                    HostEvent(selector: "tableView:didSelectRowAtIndexPath:", slot: "delegate",
                              internalSelector: "_selectRowAtIndexPath:animated:scrollPosition:notifyDelegate:", returnType: "v"),
                    HostEvent(selector: "tableView:heightForRowAtIndexPath:", slot: "delegate",
                              internalSelector: "_heightForRowAtIndexPath:", returnType: "d"),
                    HostEvent(selector: "tableView:willDisplayCell:forRowAtIndexPath:", slot: "delegate",
                              internalSelector: "_createPreparedCellForGlobalRow:willDisplay:", returnType: "v"),
                 ] + scrollEvents.prefix(1))
        // A list view is a scroll view: removed from its superview while its owner deallocates, it sends the cached
        // scrollViewDidScroll: (DataDog/dd-sdk-ios #2867 is a collection view; PR #2942: `_notifyDidScroll` at teardown).
        kind.eventWhileDelegateDeallocates = "scrollViewDidScroll:"
        return kind
    }

    public static func collectionView(_ era: Era) -> HostKind {
        var kind = HostKind(name: eraName("UICollectionView", era), className: "UICollectionView", era: era,
                 slots: [DelegateSlot(property: "delegate", protocolName: "UICollectionViewDelegate", ownership: listOwnership(era)),
                         DelegateSlot(property: "dataSource", protocolName: "UICollectionViewDataSource", ownership: listOwnership(era))],
                 events: [
                    HostEvent(selector: "collectionView:didSelectItemAtIndexPath:", slot: "delegate",
                              internalSelector: "_selectItemAtIndexPath:animated:scrollPosition:notifyDelegate:", returnType: "v"),
                    HostEvent(selector: "collectionView:shouldSelectItemAtIndexPath:", slot: "delegate",
                              internalSelector: "_userSelectItemAtIndexPath:", returnType: "c"),
                    HostEvent(selector: "collectionView:willDisplayCell:forItemAtIndexPath:", slot: "delegate",
                              internalSelector: "_notifyWillDisplayCellIfNeeded:forIndexPath:", returnType: "v"),
                 ] + scrollEvents.prefix(1))
        kind.eventWhileDelegateDeallocates = "scrollViewDidScroll:"
        return kind
    }

    /// UIWebView: `delegate` is assign in every era (guide C1); events come through `_WebSafeForwarder`.
    public static let uiWebView = HostKind(
        name: "UIWebView", className: "UIWebView", era: .ios9,
        slots: [DelegateSlot(property: "delegate", protocolName: "UIWebViewDelegate", ownership: .assign)],
        events: [
            HostEvent(selector: "webView:shouldStartLoadWithRequest:navigationType:", slot: "delegate",
                      internalSelector: "webView:decidePolicyForNavigationAction:request:frame:decisionListener:", returnType: "c"),
            HostEvent(selector: "webViewDidStartLoad:", slot: "delegate",
                      internalSelector: "webView:didStartProvisionalLoadForFrame:", returnType: "v"),
            HostEvent(selector: "webViewDidFinishLoad:", slot: "delegate",
                      internalSelector: "webView:didFinishLoadForFrame:", returnType: "v"),
            HostEvent(selector: "webView:didFailLoadWithError:", slot: "delegate",
                      internalSelector: "webView:didFailLoadWithError:forFrame:", returnType: "v"),
        ])

    /// WKWebView: `navigationDelegate` is weak since the first header (guide C1).
    public static let wkWebView = HostKind(
        name: "WKWebView", className: "WKWebView", era: .ios9,
        slots: [DelegateSlot(property: "navigationDelegate", protocolName: "WKNavigationDelegate", ownership: .weak)],
        events: [
            HostEvent(selector: "webView:decidePolicyForNavigationAction:decisionHandler:", slot: "navigationDelegate",
                      internalSelector: "_decidePolicyForNavigationAction:", returnType: "v"),
            // WebKit caches respondsToSelector: for it at setNavigationDelegate: like the others, and sends it with no
            // second check (NavigationState.mm setNavigationDelegate and NavigationClient::
            // didReceiveServerRedirectForProvisionalNavigation @0185e2ae); WebViewJavascriptBridge's WK bridge has no such
            // method (WKWebViewJavascriptBridge.m:103-186 @9a1ae72), Adjust's copy forwards it from v4.38.3 (07d73f35).
            HostEvent(selector: "webView:didReceiveServerRedirectForProvisionalNavigation:", slot: "navigationDelegate",
                      internalSelector: "_didReceiveServerRedirectForProvisionalNavigation:", returnType: "v",
                      userSees: "the app never learns a page load was redirected (a login's or payment's return URL)"),
            HostEvent(selector: "webView:didCommitNavigation:", slot: "navigationDelegate",
                      internalSelector: "_didCommitNavigation:", returnType: "v"),
            HostEvent(selector: "webView:didFinishNavigation:", slot: "navigationDelegate",
                      internalSelector: "_didFinishNavigation:", returnType: "v"),
            // The response decision: the bridge forwards it or calls the handler with Allow (jsbridge guide A4, L120-122).
            HostEvent(selector: "webView:decidePolicyForNavigationResponse:decisionHandler:", slot: "navigationDelegate",
                      internalSelector: "_decidePolicyForNavigationResponse:", returnType: "v"),
            HostEvent(selector: "webView:didFailNavigation:withError:", slot: "navigationDelegate",
                      internalSelector: "_didFailNavigation:", returnType: "v"),
            // Never forwarded by the bridge (WVJB #273, PRs #211/#354/#400); NewRelic ios-agent PR #781's weak-proxy crash.
            HostEvent(selector: "webViewWebContentProcessDidTerminate:", slot: "navigationDelegate",
                      internalSelector: "_processDidTerminate", returnType: "v"),
        ])

    // MARK: The slots today's SDKs fight over (field guide app-push-network-sdks.md)

    /// The fetch handler: "calling it twice crashed on iOS 14 (FCM PR #6863)"; never calling it leaves the
    /// background task to expire (runtime fact 5).
    static let fetchHandler = CompletionRule(
        name: "fetchCompletionHandler",
        extraCall: "iOS crashes on the second call (firebase-ios-sdk PR #6863)",
        noCall: "iOS never learns the background work finished, and ends the app's background time")

    static let appEvents = [
        HostEvent(selector: "application:openURL:options:", slot: "delegate",
                  internalSelector: "_applicationOpenURLAction:payload:origin:", returnType: "c",
                  userSees: "the deep link never opens"),
        HostEvent(selector: "application:continueUserActivity:restorationHandler:", slot: "delegate",
                  internalSelector: "_continueUserActivity:", returnType: "c",
                  userSees: "the universal link never opens"),
        HostEvent(selector: "application:didRegisterForRemoteNotificationsWithDeviceToken:", slot: "delegate",
                  internalSelector: "_registerForRemoteNotificationsCompletedWithToken:", returnType: "v",
                  userSees: "the app never gets its push token, so pushes never arrive", repeatHarmless: true),
        HostEvent(selector: "application:didReceiveRemoteNotification:fetchCompletionHandler:", slot: "delegate",
                  internalSelector: "_handleRemoteNotificationFetch:", returnType: "v", handler: fetchHandler,
                  userSees: "the app's own handling of background pushes never runs"),
        HostEvent(selector: "applicationWillTerminate:", slot: "delegate",
                  internalSelector: "_terminateWithStatus:", returnType: "v",
                  userSees: "the app's work at termination never runs"),
    ]

    /// UIApplication: `unowned(unsafe) var delegate` (assign); UIKit caches its respondsToSelector: answers when it
    /// is set (GULAppDelegateSwizzler.m:518-531 resets the delegate to refresh them; runtime facts 1 and 6).
    public static let uiApplication = application(swiftUI: false)

    /// The same host under the SwiftUI lifecycle (runtime fact 6).
    public static let uiApplicationSwiftUI = application(swiftUI: true)

    /// The same host in an app built on Flutter: its delegate is its `FlutterAppDelegate` subclass, which passes links
    /// and the token to the plugins and answers the fetch event dynamically (FlutterAppDelegate.mm @3e417c0).
    public static let uiApplicationFlutter = application(swiftUI: false, flutter: true)

    /// The same host in an app built with Expo: its delegate is its `ExpoAppDelegate` subclass, which passes each event
    /// to every subscriber and merges their answers (ExpoAppDelegateSubscriberManager.swift @81f10eb).
    public static let uiApplicationExpo = application(swiftUI: false, expo: true)

    static func application(swiftUI: Bool, flutter: Bool = false, expo: Bool = false) -> HostKind {
        HostKind(name: swiftUI ? "UIApplication@swiftui" : flutter ? "UIApplication@flutter" : expo ? "UIApplication@expo" : "UIApplication",
                 className: "UIApplication", era: .ios9,
                 slots: [DelegateSlot(property: "delegate", protocolName: "UIApplicationDelegate", ownership: .assign)],
                 events: appEvents, delegateAtLaunch: true, swiftUI: swiftUI, flutter: flutter, expo: expo)
    }

    /// UN handlers: "iOS only uses the first call" (OneSignal UNUserNotificationCenter+OneSignalNotifications.m
    /// :278-299); a second call is "a no-op at best and can assert/crash" (RNFB design note; runtime fact 5).
    static func unHandler(_ what: String) -> CompletionRule {
        CompletionRule(name: "completionHandler",
                       extraCall: "iOS keeps the first call's answer; the second is \"a no-op at best and can assert/crash depending on iOS version\" (react-native-firebase ios-notification-delegate-forwarding.md)",
                       noCall: "iOS waits for it: \(what)")
    }

    /// UNUserNotificationCenter: `delegate` is weak (runtime fact 6). MODEL (inference): the center asks
    /// respondsToSelector: at each delivery; FCM swizzles only what the delegate responds to so that "iOS's fallback to
    /// the app delegate is kept" (FIRMessagingRemoteNotificationsProxy.m:139-172, PR #324).
    public static let notificationCenter = notificationCenter(flutter: false)

    /// The same slot in an app built on Flutter, whose notification delegate is its `FlutterAppDelegate` subclass
    /// (the documented set-up: `delegate = self` in `didFinishLaunching`, after `GeneratedPluginRegistrant`).
    public static let notificationCenterFlutter = notificationCenter(flutter: true)

    static func notificationCenter(flutter: Bool) -> HostKind {
        var kind = HostKind(
        name: flutter ? "UNUserNotificationCenter@flutter" : "UNUserNotificationCenter", className: "UNUserNotificationCenter", era: .ios9,
        slots: [DelegateSlot(property: "delegate", protocolName: "UNUserNotificationCenterDelegate", ownership: .weak,
                             cachesResponds: false)],
        events: [
            HostEvent(selector: "userNotificationCenter:willPresentNotification:withCompletionHandler:", slot: "delegate",
                      internalSelector: "_willPresentNotification:", returnType: "v",
                      handler: unHandler("the notification is not shown while the app is open"),
                      userSees: "pushes are not shown while the app is open"),
            HostEvent(selector: "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", slot: "delegate",
                      internalSelector: "_didReceiveNotificationResponse:", returnType: "v",
                      handler: unHandler("the tap is never finished"),
                      userSees: "tapping a push does nothing"),
        ])
        kind.flutter = flutter
        return kind
    }

    /// NSURLSession: the delegate is retained until the session is invalidated and can be given only at creation
    /// (EMBURLSessionNewDelegateProxy.m:12-22; runtime fact 6). MODEL (inference): CFNetwork's delegate wrapper asks
    /// respondsToSelector: at each delivery, as it does while invalidating (firebase-ios-sdk #16488).
    public static let urlSession = HostKind(
        name: "NSURLSession", className: "NSURLSession", era: .ios9,
        slots: [DelegateSlot(property: "delegate", protocolName: "NSURLSessionDataDelegate", ownership: .strong,
                             cachesResponds: false, createdBy: "sessionWithConfiguration:delegate:delegateQueue:")],
        events: [
            HostEvent(selector: "URLSession:dataTask:didReceiveResponse:completionHandler:", slot: "delegate",
                      internalSelector: "_didReceiveResponse:", returnType: "v",
                      handler: CompletionRule(name: "completionHandler",
                                              extraCall: "the task gets two dispositions for one response",
                                              noCall: "the task never proceeds: the request hangs"),
                      userSees: "network requests hang"),
            HostEvent(selector: "URLSession:dataTask:didReceiveData:", slot: "delegate",
                      internalSelector: "_didReceiveData:", returnType: "v",
                      userSees: "downloaded data never reaches the app"),
            // The task's authentication challenge, its metrics and the response to cache (NSURLSession.h): the events a
            // proxy that forwards only what it implements loses (Firebase Performance with Embrace's legacy proxy, PR #408).
            HostEvent(selector: "URLSession:task:didReceiveChallenge:completionHandler:", slot: "delegate",
                      internalSelector: "_didReceiveChallenge:", returnType: "v",
                      handler: CompletionRule(name: "completionHandler",
                                              extraCall: "the challenge gets two dispositions",
                                              noCall: "the task waits for the challenge's disposition: the request hangs"),
                      userSees: "requests that need authentication or certificate pinning fail or hang"),
            HostEvent(selector: "URLSession:dataTask:willCacheResponse:completionHandler:", slot: "delegate",
                      internalSelector: "_willCacheResponse:", returnType: "v",
                      handler: CompletionRule(name: "completionHandler",
                                              extraCall: "the cache gets two answers for one response",
                                              noCall: "the task waits for the caching decision and never completes"),
                      userSees: "responses are cached against the app's decision, or the request never completes"),
            HostEvent(selector: "URLSession:task:didCompleteWithError:", slot: "delegate",
                      internalSelector: "_didCompleteWithError:", returnType: "v",
                      userSees: "requests never finish in the app"),
            HostEvent(selector: "URLSession:task:didFinishCollectingMetrics:", slot: "delegate",
                      internalSelector: "_didFinishCollectingMetrics:", returnType: "v",
                      userSees: "the app's own request metrics are never recorded"),
            HostEvent(selector: "URLSession:didBecomeInvalidWithError:", slot: "delegate",
                      internalSelector: "finishTasksAndInvalidate", returnType: "v",
                      userSees: "the app never learns its session ended"),
        ])

    /// The event a scenario names, if this host sends it.
    public func event(_ selector: String) -> HostEvent? { events.first { $0.selector == selector } }
}
