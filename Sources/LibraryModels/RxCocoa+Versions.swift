// RxCocoa's delegate proxy across its releases (versions-and-manifests guide §A1): what changed for other hookers at
// 3.3.0, 4.1.0, 6.5.0 and 6.7.0, as flags on the one model. Each flag cites the tag and file where it changed.

extension RxCocoa {
    /// What one RxCocoa release line does in its delegate proxy. ``current`` is the 6.10 model (`rx`).
    public struct Behaviour: Sendable, Hashable {
        /// The participant id of the release line (`rx`, `rx:4.1`, …).
        public var id: String
        /// The releases it models (its participant file names them).
        public var releases: String
        /// ≤ 3.2.x: the ObjC `-[_RXDelegateProxy respondsToSelector:]` is `super || forward delegate || canRespondToSelector:`,
        /// YES for every optional void method of the adopted protocols, observed or not (3.2.0 _RXDelegateProxy.m:109-121,
        /// issue #1087). 3.3.0 (cfe403bd) removed it: the Swift `responds(to:)` answers YES for them only while observed.
        public var respondsToEveryVoidMethod: Bool
        /// ≥ 3.3.0: `setForwardToDelegate` and a dispatcher's first subscription and last dispose call `reset()`, nil then
        /// the proxy only when the slot holds the proxy (3.3.0 DelegateProxy.swift:243-249, cfe403bd). Before,
        /// `installForwardDelegate` set nil then the proxy itself, unconditionally, and asserted "Setting of delegate
        /// failed"; nothing else re-set the slot (3.2.0 DelegateProxyType.swift installForwardDelegate).
        public var resets: Bool
        /// 3.0.0 – 4.0.x: `checkSelectorIsObservable` is `rxFatalError("This class doesn't respond to selector …")` when the
        /// forward delegate does not respond and the selector is no optional void method (3.0.0 DelegateProxy.swift:160-174,
        /// 4.0.0 DelegateProxy.swift:166-176, `rxFatalError` = `fatalError` in every configuration, 4.0.0 RxCocoa.swift:81-84;
        /// issue #1504). 4.1.0 (a1e6be8b) only prints a warning.
        public var fatalSelectorCheck: Bool
        /// 3.3.0 – 6.4.x: the Swift `responds(to aSelector: Selector!)` passes a nil selector on to
        /// `voidDelegateMethodsContain`, whose ObjC parameter is nonnull: the implicitly unwrapped nil traps. 6.5.0 added
        /// `guard let aSelector else { return false }` (PR #2349: "Some older objective-c libraries (eg, FSCalendar) check
        /// to see if the delegate responds to a `nil` selector"). The ObjC override of ≤ 3.2 answers NO.
        public var nilSelectorTraps: Bool
        /// ≥ 6.7.0: `methodSignatureForSelector:` falls back to the forward delegate's (6.7.0 _RXDelegateProxy.m:117-123,
        /// PR #2546, fixing #2428). Before, a selector outside the adopted protocols that the forward delegate implements
        /// has no signature on the proxy: "unrecognized selector".
        public var signatureFallback: Bool
        /// The view classes it has delegate proxies for in every release of the line: UIWebView from 3.1.0 until 5.1.0
        /// removed it (CHANGELOG 3.1.0, 5.1.0 #2062); WKWebView's navigation delegate from 5.1.1 (CHANGELOG 5.1.1, #2144).
        public var hostClasses: [String]
        /// Where its asserts are in DelegateProxyType.swift, per release of the line (the lines move between releases;
        /// each note cites its own release's, field guide corrections §2 row 11).
        public var asserts: AssertSites

        static let scrollHosts = ["UIScrollView", "UITableView", "UICollectionView"]

        /// RxCocoa 6.7 – 6.10 (the `rx` model; lockfiles map 6.5.0 and later to it: 6.5–6.6 lack only the signature fallback).
        public static let current = Behaviour(
            id: "rx", releases: "6.5.0 and later (6.10 code)", respondsToEveryVoidMethod: false, resets: true,
            fatalSelectorCheck: false, nilSelectorTraps: false, signatureFallback: true, hostClasses: scrollHosts + ["WKWebView"],
            // RxSwift 6.10.0 DelegateProxyType.swift:188, :195, :197, :198, :215, :231; 6.5.0–6.9.0 :193, :200, :202,
            // :203, :220, :233 (read at each tag).
            asserts: AssertSites([("6.10", [188, 195, 197, 198, 215, 231]), ("6.5–6.9", [193, 200, 202, 203, 220, 233])]))
        /// RxCocoa 4.1.0 – 6.4.x: the 6.10 proxy without the nil guard and the signature fallback; no web view in every
        /// release of the line (UIWebView until 5.0.x, WKWebView from 5.1.1).
        public static let v4_1 = Behaviour(
            id: "rx:4.1", releases: "4.1.0 – 6.4.x", respondsToEveryVoidMethod: false, resets: true,
            fatalSelectorCheck: false, nilSelectorTraps: true, signatureFallback: false, hostClasses: scrollHosts,
            // RxSwift 4.1.0–5.1.1 DelegateProxyType.swift:195, :202, :204, :205, :222, :235; 6.0.0–6.4.x :193, :200,
            // :202, :203, :220, :233.
            asserts: AssertSites([("4.1–5.1", [195, 202, 204, 205, 222, 235]), ("6.0–6.4", [193, 200, 202, 203, 220, 233])]))
        /// RxCocoa 3.3.0 – 4.0.x: `checkSelectorIsObservable` still fatal; UIWebView's proxy present.
        public static let v3_3 = Behaviour(
            id: "rx:3.3", releases: "3.3.0 – 4.0.x", respondsToEveryVoidMethod: false, resets: true,
            fatalSelectorCheck: true, nilSelectorTraps: true, signatureFallback: false, hostClasses: scrollHosts + ["UIWebView"],
            // RxSwift 3.3.0–3.6.1 DelegateProxyType.swift:167, :174, :176, :177, :195, :208; 4.0.0 :179, :186, :188,
            // :189, :206, :219.
            asserts: AssertSites([("3.3–3.6", [167, 174, 176, 177, 195, 208]), ("4.0", [179, 186, 188, 189, 206, 219])]))
        /// RxCocoa 2.6.0 – 3.2.x (the 3.2.0 code): YES for every optional void method, no `reset()`; the forward delegate
        /// weak since 2.6.0 (fc0fdb48, 2.6.0 _RXDelegateProxy.h:13). The fatal check is the 3.0 one (2.x checked
        /// `instancesRespondToSelector`, not modeled); UIWebView only from 3.1.0, so not a host of the line.
        public static let v2_6 = Behaviour(
            id: "rx:2.6", releases: "2.6.0 – 3.2.x (3.2.0 code)", respondsToEveryVoidMethod: true, resets: false,
            fatalSelectorCheck: true, nilSelectorTraps: false, signatureFallback: false, hostClasses: scrollHosts,
            // RxSwift 3.2.0 DelegateProxyType.swift:167, :174, :176, :177; installForwardDelegate :195 (already set),
            // :208 ("Setting of delegate failed"), :215 (changed). 2.6.0: :184, no forward-set assert, :195, :196;
            // :216, :229, :236.
            asserts: AssertSites([("3.2", [167, 174, 176, 177, 195, 215]), ("2.6", [184, nil, 195, 196, 216, 236])],
                                 settingFailed: [("3.2", 208), ("2.6", 229)]))

        /// Every release line, newest first.
        public static let all = [current, v4_1, v3_3, v2_6]

        /// The assert sites of DelegateProxyType.swift in one release line: "DelegateProxyType.swift l.197 in 6.10, l.202
        /// in 6.5–6.9", the modeled code's release first.
        public struct AssertSites: Sendable, Hashable {
            /// `proxy(for:)`: the association holds the new proxy.
            public var associate: String
            /// `proxy(for:)`: the forward delegate is the current delegate, after `setForwardToDelegate`.
            public var forwardSet: String
            /// `proxy(for:)`: the delegate getter returns the proxy just set (incident 2).
            public var proxyInstalled: String
            /// `proxy(for:)`: the forward delegate is still the captured one.
            public var forwardKept: String
            /// `installForwardDelegate`: "there is already a delegate (or data source) set".
            public var alreadySet: String
            /// `installForwardDelegate`'s dispose: "Delegate was changed from time it was first set".
            public var changed: String
            /// ≤ 3.2.x `installForwardDelegate`: "Setting of delegate failed".
            public var settingFailed: String

            /// `releases`: each release range with its six lines (associate, forward set, proxy installed, forward
            /// kept, already set, changed), nil where those releases lack the assert.
            init(_ releases: [(String, [Int?])], settingFailed: [(String, Int)] = []) {
                func site(_ index: Int) -> String {
                    let found = releases.compactMap { r in r.1[index].map { "l.\($0) in \(r.0)" } }
                    return "DelegateProxyType.swift " + found.joined(separator: ", ")
                }
                associate = site(0); forwardSet = site(1); proxyInstalled = site(2); forwardKept = site(3)
                alreadySet = site(4); changed = site(5)
                self.settingFailed = "DelegateProxyType.swift "
                    + settingFailed.map { "l.\($0.1) in \($0.0)" }.joined(separator: ", ")
            }
        }
    }
}
