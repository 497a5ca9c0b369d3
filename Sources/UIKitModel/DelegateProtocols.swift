// UIKit/WebKit delegate protocols with their real selectors, return types and optionality (SDK headers; guide C1).
import ObjCModel

/// The delegate protocols the hosts talk to.
public enum DelegateProtocols {
    /// UIScrollViewDelegate: every method optional.
    public static let scrollView: [ProtocolMethod] = [
        ProtocolMethod("scrollViewDidScroll:", "v@:@"),
        ProtocolMethod("scrollViewDidZoom:", "v@:@"),
        ProtocolMethod("scrollViewWillBeginDragging:", "v@:@"),
        ProtocolMethod("scrollViewDidEndDragging:willDecelerate:", "v@:@c"),
        ProtocolMethod("scrollViewDidEndDecelerating:", "v@:@"),
        ProtocolMethod("viewForZoomingInScrollView:", "@@:@"),
    ]
    /// UITableViewDelegate (inherits UIScrollViewDelegate).
    public static let tableViewDelegate: [ProtocolMethod] = [
        ProtocolMethod("tableView:willDisplayCell:forRowAtIndexPath:", "v@:@@@"),
        ProtocolMethod("tableView:didEndDisplayingCell:forRowAtIndexPath:", "v@:@@@"),
        ProtocolMethod("tableView:heightForRowAtIndexPath:", "d@:@@"),
        ProtocolMethod("tableView:shouldHighlightRowAtIndexPath:", "c@:@@"),
        ProtocolMethod("tableView:willSelectRowAtIndexPath:", "@@:@@"),
        ProtocolMethod("tableView:didSelectRowAtIndexPath:", "v@:@@"),
    ]
    /// UITableViewDataSource: two required methods.
    public static let tableViewDataSource: [ProtocolMethod] = [
        ProtocolMethod("tableView:numberOfRowsInSection:", "q@:@q", required: true),
        ProtocolMethod("tableView:cellForRowAtIndexPath:", "@@:@@", required: true),
        ProtocolMethod("numberOfSectionsInTableView:", "q@:@"),
        ProtocolMethod("tableView:commitEditingStyle:forRowAtIndexPath:", "v@:@q@"),
    ]
    /// UICollectionViewDelegate (inherits UIScrollViewDelegate).
    public static let collectionViewDelegate: [ProtocolMethod] = [
        ProtocolMethod("collectionView:shouldSelectItemAtIndexPath:", "c@:@@"),
        ProtocolMethod("collectionView:didSelectItemAtIndexPath:", "v@:@@"),
        ProtocolMethod("collectionView:didDeselectItemAtIndexPath:", "v@:@@"),
        ProtocolMethod("collectionView:didHighlightItemAtIndexPath:", "v@:@@"),
        ProtocolMethod("collectionView:willDisplayCell:forItemAtIndexPath:", "v@:@@@"),
        ProtocolMethod("collectionView:didEndDisplayingCell:forItemAtIndexPath:", "v@:@@@"),
        ProtocolMethod("collectionView:shouldShowMenuForItemAtIndexPath:", "c@:@@"),
    ]
    /// UICollectionViewDataSource.
    public static let collectionViewDataSource: [ProtocolMethod] = [
        ProtocolMethod("collectionView:numberOfItemsInSection:", "q@:@q", required: true),
        ProtocolMethod("collectionView:cellForItemAtIndexPath:", "@@:@@", required: true),
        ProtocolMethod("numberOfSectionsInCollectionView:", "q@:@"),
    ]
    /// UIWebViewDelegate: four optional methods (guide A4).
    public static let webView: [ProtocolMethod] = [
        ProtocolMethod("webView:shouldStartLoadWithRequest:navigationType:", "c@:@@q"),
        ProtocolMethod("webViewDidStartLoad:", "v@:@"),
        ProtocolMethod("webViewDidFinishLoad:", "v@:@"),
        ProtocolMethod("webView:didFailLoadWithError:", "v@:@@"),
    ]
    /// WKNavigationDelegate (NavigationState.mm caches a flag for each).
    public static let wkNavigation: [ProtocolMethod] = [
        ProtocolMethod("webView:decidePolicyForNavigationAction:decisionHandler:", "v@:@@@?"),
        ProtocolMethod("webView:decidePolicyForNavigationResponse:decisionHandler:", "v@:@@@?"),
        ProtocolMethod("webView:didStartProvisionalNavigation:", "v@:@@"),
        ProtocolMethod("webView:didReceiveServerRedirectForProvisionalNavigation:", "v@:@@"),
        ProtocolMethod("webView:didCommitNavigation:", "v@:@@"),
        ProtocolMethod("webView:didFinishNavigation:", "v@:@@"),
        ProtocolMethod("webView:didFailNavigation:withError:", "v@:@@@"),
        ProtocolMethod("webView:didFailProvisionalNavigation:withError:", "v@:@@@"),
        ProtocolMethod("webViewWebContentProcessDidTerminate:", "v@:@"),
    ]

    /// UIApplicationDelegate: the methods the modeled SDKs hook or add (GULAppDelegateSwizzler.m:374-516, field guide c.1).
    public static let application: [ProtocolMethod] = [
        ProtocolMethod("application:didFinishLaunchingWithOptions:", "c@:@@"),
        ProtocolMethod("application:openURL:options:", "c@:@@@"),
        ProtocolMethod("application:continueUserActivity:restorationHandler:", "c@:@@@?"),
        ProtocolMethod("application:didRegisterForRemoteNotificationsWithDeviceToken:", "v@:@@"),
        ProtocolMethod("application:didFailToRegisterForRemoteNotificationsWithError:", "v@:@@"),
        ProtocolMethod("application:didReceiveRemoteNotification:fetchCompletionHandler:", "v@:@@@?"),
        ProtocolMethod("application:handleEventsForBackgroundURLSession:completionHandler:", "v@:@@@?"),
        ProtocolMethod("application:openURL:sourceApplication:annotation:", "c@:@@@@"),
        ProtocolMethod("applicationWillTerminate:", "v@:@"),
    ]
    /// UNUserNotificationCenterDelegate: every method optional.
    public static let notificationCenter: [ProtocolMethod] = [
        ProtocolMethod("userNotificationCenter:willPresentNotification:withCompletionHandler:", "v@:@@@?"),
        ProtocolMethod("userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", "v@:@@@?"),
        ProtocolMethod("userNotificationCenter:openSettingsForNotification:", "v@:@@"),
    ]
    /// NSURLSessionDelegate, NSURLSessionTaskDelegate, NSURLSessionDataDelegate (the methods the SDKs hook, field guide a.3).
    public static let urlSession: [ProtocolMethod] = [ProtocolMethod("URLSession:didBecomeInvalidWithError:", "v@:@@")]
    public static let urlSessionTask: [ProtocolMethod] = [
        ProtocolMethod("URLSession:task:didCompleteWithError:", "v@:@@@"),
        ProtocolMethod("URLSession:task:didFinishCollectingMetrics:", "v@:@@@"),
        ProtocolMethod("URLSession:task:didReceiveChallenge:completionHandler:", "v@:@@@@?"),
    ]
    public static let urlSessionData: [ProtocolMethod] = [
        ProtocolMethod("URLSession:dataTask:didReceiveResponse:completionHandler:", "v@:@@@@?"),
        ProtocolMethod("URLSession:dataTask:didReceiveData:", "v@:@@@"),
        ProtocolMethod("URLSession:dataTask:willCacheResponse:completionHandler:", "v@:@@@@?"),
    ]
    /// The protocols of the app-level slots, which the app's delegate class adopts per scenario (its shape may lack
    /// methods, so they are not in the base runtime's `AppDelegate`).
    public static let appSlotProtocols = ["UIApplicationDelegate", "UNUserNotificationCenterDelegate", "NSURLSessionDataDelegate"]

    /// The selectors of an app-level protocol, its parents' first (what `delegate-lacks` may name).
    public static func methods(of protocolName: String) -> [String] {
        switch protocolName {
        case "UIApplicationDelegate": application.map(\.selector)
        case "UNUserNotificationCenterDelegate": notificationCenter.map(\.selector)
        case "NSURLSessionDataDelegate": (urlSession + urlSessionTask + urlSessionData).map(\.selector)
        default: []
        }
    }

    /// The protocols the hosts talk to, parents first: each with its parent's name and its own methods.
    static let declarations: [(name: String, parent: String?, methods: [ProtocolMethod])] = [
        ("UIScrollViewDelegate", nil, scrollView),
        ("UITableViewDelegate", "UIScrollViewDelegate", tableViewDelegate),
        ("UITableViewDataSource", nil, tableViewDataSource),
        ("UICollectionViewDelegate", "UIScrollViewDelegate", collectionViewDelegate),
        ("UICollectionViewDataSource", nil, collectionViewDataSource),
        ("UIWebViewDelegate", nil, webView),
        ("WKNavigationDelegate", nil, wkNavigation),
        ("UIApplicationDelegate", nil, application),
        ("UNUserNotificationCenterDelegate", nil, notificationCenter),
        ("NSURLSessionDelegate", nil, urlSession),
        ("NSURLSessionTaskDelegate", "NSURLSessionDelegate", urlSessionTask),
        ("NSURLSessionDataDelegate", "NSURLSessionTaskDelegate", urlSessionData),
    ]

    /// Registers the protocols in a runtime (parents first).
    static func define(in rt: Runtime) {
        for d in declarations {
            rt.defineProtocol(d.name, inherits: d.parent.flatMap(rt.objc_getProtocol).map { [$0] } ?? [], methods: d.methods)
        }
    }

    /// The type encoding of `selector` in the first host slot's protocol that declares it (``HostKind/all``'s slots in
    /// order, each protocol's parents first): what `protocol_getMethodDescription` answers in a runtime UIKit loaded.
    /// A constant table, since models ask it at every install (it was 7% of the matrix's time as runtime lookups).
    public static func slotMethodTypes(_ selector: String) -> String? { slotMethodTypesTable[selector] }

    private static let slotMethodTypesTable: [String: String] = {
        func methods(_ name: String) -> [ProtocolMethod] {
            guard let d = declarations.first(where: { $0.name == name }) else { return [] }
            return (d.parent.map(methods) ?? []) + d.methods
        }
        var table: [String: String] = [:]
        for name in HostKind.all.flatMap({ $0.slots.map(\.protocolName) }) {
            for m in methods(name) where table[m.selector] == nil { table[m.selector] = m.types }
        }
        return table
    }()
}
