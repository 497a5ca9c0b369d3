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
}

/// A kind of host: a UIKit or WebKit view class in one SDK era.
public struct HostKind: Hashable, Sendable, CustomStringConvertible {
    /// The public name: the class name, with `@ios8` for the old era.
    public let name: String
    public let className: String
    public let era: Era
    public let slots: [DelegateSlot]
    public let events: [HostEvent]

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
    public static let all: [HostKind] = [
        scrollView(.ios9), tableView(.ios9), collectionView(.ios9), uiWebView, wkWebView,
        scrollView(.ios8), tableView(.ios8), collectionView(.ios8),
    ]

    static func eraName(_ base: String, _ era: Era) -> String { era == .ios8 ? "\(base)@ios8" : base }
    /// Table, collection and scroll view delegates: assign up to iOS 8, weak from iOS 9 (guide C1).
    static func listOwnership(_ era: Era) -> Ownership { era == .ios8 ? .assign : .weak }

    static let scrollEvents = [
        HostEvent(selector: "scrollViewDidScroll:", slot: "delegate", internalSelector: "_notifyDidScroll", returnType: "v"),
        HostEvent(selector: "scrollViewWillBeginDragging:", slot: "delegate",
                  internalSelector: "_scrollViewWillBeginDragging", returnType: "v"),
    ]

    public static func scrollView(_ era: Era) -> HostKind {
        HostKind(name: eraName("UIScrollView", era), className: "UIScrollView", era: era,
                 slots: [DelegateSlot(property: "delegate", protocolName: "UIScrollViewDelegate", ownership: listOwnership(era))],
                 events: scrollEvents)
    }

    public static func tableView(_ era: Era) -> HostKind {
        HostKind(name: eraName("UITableView", era), className: "UITableView", era: era,
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
    }

    public static func collectionView(_ era: Era) -> HostKind {
        HostKind(name: eraName("UICollectionView", era), className: "UICollectionView", era: era,
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

    /// The event a scenario names, if this host sends it.
    public func event(_ selector: String) -> HostEvent? { events.first { $0.selector == selector } }
}
