// The tracker SDK's three designs built from DeclaredSDK's primitives, as Matrix/participants/tracker-*.hooklab
// declares them (the HookLab tests run those files; these tests drive the primitives directly).
import ObjCModel
import UIKitModel
import LibraryModels

enum TrackerSDK {
    enum Design: String, CaseIterable, Sendable { case swizzle, proxy, forwarding }

    static let observer = "tracker"
    static let proxyAssociationKey = "bd_TrackerProxy"

    static let observes: [(host: String, events: [String])] = [
        ("UIScrollView", ["scrollViewWillBeginDragging:"]),
        ("UITableView", ["tableView:didSelectRowAtIndexPath:"]),
        ("UICollectionView", ["collectionView:didSelectItemAtIndexPath:"]),
        ("UIWebView", ["webView:shouldStartLoadWithRequest:navigationType:", "webViewDidFinishLoad:"]),
        ("WKWebView", ["webView:decidePolicyForNavigationAction:decisionHandler:", "webView:didFinishNavigation:"]),
    ]

    static func declared(_ design: Design) -> DeclaredSDK {
        let handling: DeclaredSDK.Handling
        switch design {
        case .swizzle: handling = .swizzleClass(addMissing: false)
        case .proxy:
            handling = .wrap(DeclaredSDK.Proxy(nsProxy: true, className: "TrackerProxy", target: .weak, forwarding: .forwardInvocation,
                                               responds: .target, marker: "bd_isCollectionViewTrackerDecorator",
                                               keep: DeclaredSDK.Keep(retains: true, on: .host, key: proxyAssociationKey)))
        case .forwarding: handling = .forwardingTarget(handlerClass: "TrackerForwardingHandler")
        }
        return DeclaredSDK(id: "tracker:\(design.rawValue)", observer: observer, start: .load, observes: observes,
                           setterHook: .exchange, callsOriginal: true, resetsDelegate: false, prefix: "bd_",
                           category: "BDTracker", handling: handling)
    }

    static func load(_ design: Design, into rt: Runtime) { declared(design).install(into: rt) }

    static func trackedSelectors(_ kind: HostKind) -> [String] { declared(.proxy).events(on: kind.className) }
}
