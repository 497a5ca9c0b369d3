// WebViewJavascriptBridge v6.0.3 (guide A1-A5) and the app-side swizzles of the tracker write-up's pitfall 1
// (imyaop-kvo-analytics guide §3.1): `jsbridge:plain`, `jsbridge:buggy`, `jsbridge:fixed`.
import ObjCModel
import UIKitModel

/// The bridge, and an app's `initWithFrame:` / `setDelegate:` swizzles on UIWebView.
public enum WebViewJavascriptBridge {
    public enum AppHook: String, CaseIterable, Sendable {
        /// The app's `setDelegate:` hook stores the delegate in the bridge and never sets the bridge back.
        case buggy
        /// The same with the fix line: `[self setJSBridgeDelegate:bridge]` after `setWebViewDelegate:`.
        case fixed
    }

    /// The association the app's hook keeps the bridge in. MODEL: the key name is the model's.
    public static let bridgeAssociationKey = "jsBridge"
    /// `isWebViewJavascriptBridgeURL:` (A4): bridge URLs are handled internally.
    public static let bridgeScheme = "wvjbscheme://"

    /// Defines `WebViewJavascriptBridge`, `WKWebViewJavascriptBridge` and `WebViewJavascriptBridgeBase`.
    public static func load(into rt: Runtime) {
        guard rt.objc_getClass("WebViewJavascriptBridge") == nil else { return }
        let base = rt.defineClass("WebViewJavascriptBridgeBase", superclass: rt.NSObjectClass, owner: "jsbridge")
        _ = base
        defineUIWebViewBridge(rt)
        defineWKWebViewBridge(rt)
    }

    /// `+[WebViewJavascriptBridge bridgeForWebView:]` (L38-54): returns the new bridge, autoreleased.
    public static func bridgeForWebView(_ webView: ObjectID, in rt: Runtime) throws -> ObjectID {
        let cls = rt.objc_getClass("WebViewJavascriptBridge")!
        return try rt.send(rt.classObject(cls), "bridgeForWebView:", .object(webView)).object!
    }

    /// `-setWebViewDelegate:` (L56-58): only stores the weak ivar; never touches `webView.delegate`.
    public static func setWebViewDelegate(_ bridge: ObjectID, _ delegate: Value, in rt: Runtime) throws {
        try rt.send(bridge, "setWebViewDelegate:", delegate)
    }

    // MARK: The UIWebView bridge

    static func defineUIWebViewBridge(_ rt: Runtime) {
        let cls = rt.defineClass("WebViewJavascriptBridge", superclass: rt.NSObjectClass, owner: "jsbridge")
        rt.class_addProtocol(cls, rt.objc_getProtocol("UIWebViewDelegate")!)
        rt.class_declareForwardingIvar(cls, "_webViewDelegate")
        rt.addClassMethod(cls, "bridgeForWebView:", types: "@@:@") { rt, clsObject, _, a in
            guard let webView = a.first?.object else { throw rt.raise("BadWebViewType", "Unknown web view type.", by: "jsbridge") }
            // L43-45: a WKWebView gets the WK bridge, a different class.
            if let wk = rt.objc_getClass("WKWebView"),
               try rt.send(webView, "isKindOfClass:", .object(rt.classObject(wk))).boolValue {
                return try rt.send(rt.classObject(rt.objc_getClass("WKWebViewJavascriptBridge")!), "bridgeForWebView:", .object(webView))
            }
            guard let ui = rt.objc_getClass("UIWebView"),
                  try rt.send(webView, "isKindOfClass:", .object(rt.classObject(ui))).boolValue else {
                throw rt.raise("BadWebViewType", "Unknown web view type.", by: "jsbridge")   // L52
            }
            let bridge = try rt.makeObject(rt.classOfClassObject(clsObject)!)
            try rt.send(bridge, "_platformSpecificSetup:", .object(webView))
            return .object(bridge)
        }
        // L149-154: `_webView = webView; _webView.delegate = self;` then a strong `_base` that points back weakly.
        rt.addMethod(cls, "_platformSpecificSetup:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "_webView", a[0], .weak)   // WVJB_WEAK (L15-19)
            try rt.send(a[0], "setDelegate:", .object(o))
            let base = rt.class_createInstance(rt.objc_getClass("WebViewJavascriptBridgeBase")!)
            try rt.object_setIvar(base, "delegate", .object(o), .weak)
            try rt.object_setIvar(o, "_base", .object(base), .strong)
            try rt.objc_release(base)
            return .none
        }
        rt.addMethod(cls, "setWebViewDelegate:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "_webViewDelegate", a.first ?? .none, .weak)
            return .none
        }
        // L96-101, L156-158: dealloc clears the web view's delegate unconditionally, through the weak ivar.
        rt.addMethod(cls, "dealloc", types: "v@:") { rt, o, _, _ in
            try rt.send(rt.object_getIvar(o, "_webView"), "setDelegate:", .none)
            return try rt.objc_msgSendSuper(o, rt.NSObjectClass, rt.s.dealloc)
        }
        // L160-207: four explicit methods; no forwarding machinery at all (A4).
        for m in DelegateProtocols.webView {
            // Each method names its selector literally (`@selector(...)`), never `_cmd`.
            let sel = rt.sel(m.selector)
            rt.addMethod(cls, m.selector, types: m.types) { rt, o, _, a in
                // 1. `if (webView != _webView) return;` (YES for shouldStartLoad).
                guard a.first == rt.object_getIvar(o, "_webView") else { return m.isVoid ? .none : .bool(true) }
                if !m.isVoid, a.count > 1, a[1].stringValue?.hasPrefix(bridgeScheme) == true {
                    // L178-198: a bridge URL is handled by the bridge; the app delegate is not consulted.
                    rt.journal.append(JournalEntry(observer: rt.describe(o), event: "bridgeMessage"))
                    return .bool(false)
                }
                // 2-3. load the weak delegate strongly; forward if it responds, else the default.
                let strongDelegate = rt.object_getIvar(o, "_webViewDelegate")
                if !strongDelegate.isNil, try rt.objc_msgSend(strongDelegate, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    return try rt.objc_msgSend(strongDelegate, sel, a)
                }
                return m.isVoid ? .none : .bool(true)
            }
        }
    }

    // MARK: The WKWebView bridge

    /// The seven explicit WK methods (L103-186); the rest of WKNavigationDelegate is never forwarded (WVJB #273).
    static let wkForwarded = [
        "webView:didFinishNavigation:", "webView:decidePolicyForNavigationResponse:decisionHandler:",
        "webView:decidePolicyForNavigationAction:decisionHandler:", "webView:didStartProvisionalNavigation:",
        "webView:didFailNavigation:withError:", "webView:didFailProvisionalNavigation:withError:",
    ]

    static func defineWKWebViewBridge(_ rt: Runtime) {
        let cls = rt.defineClass("WKWebViewJavascriptBridge", superclass: rt.NSObjectClass, owner: "jsbridge")
        rt.class_addProtocol(cls, rt.objc_getProtocol("WKNavigationDelegate")!)
        rt.class_declareForwardingIvar(cls, "_webViewDelegate")
        rt.addClassMethod(cls, "bridgeForWebView:", types: "@@:@") { rt, clsObject, _, a in
            let bridge = try rt.makeObject(rt.classOfClassObject(clsObject)!)
            // L86-91: `_webView = webView; _webView.navigationDelegate = self;` (UIDelegate untouched).
            rt.noteFact("WKWebViewJavascriptBridge makes itself the navigation delegate and forwards only the methods it implements",
                        source: "WKWebViewJavascriptBridge.m L86-91, L103-186; WebViewJavascriptBridge #273")
            try rt.object_setIvar(bridge, "_webView", a[0], .weak)
            try rt.send(a[0], "setNavigationDelegate:", .object(bridge))
            return .object(bridge)
        }
        rt.addMethod(cls, "setWebViewDelegate:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "_webViewDelegate", a.first ?? .none, .weak)
            return .none
        }
        // L75-80: nils its ivars first, so the final `navigationDelegate = nil` messages nil.
        rt.addMethod(cls, "dealloc", types: "v@:") { rt, o, _, _ in
            try rt.object_setIvar(o, "_webView", .none, .weak)
            try rt.send(rt.object_getIvar(o, "_webView"), "setNavigationDelegate:", .none)
            return try rt.objc_msgSendSuper(o, rt.NSObjectClass, rt.s.dealloc)
        }
        for selector in wkForwarded {
            let m = DelegateProtocols.wkNavigation.first { $0.selector == selector }!
            let sel = rt.sel(selector)
            rt.addMethod(cls, selector, types: m.types) { rt, o, _, a in
                let handler: Block? = { if case .block(let b)? = a.last { return b }; return nil }()
                // The `webView != _webView` guard returns without calling the decision handler (A4 guard quirk).
                guard a.first == rt.object_getIvar(o, "_webView") else { return .none }
                let delegate = rt.object_getIvar(o, "_webViewDelegate")
                if !delegate.isNil, try rt.objc_msgSend(delegate, rt.s.respondsToSelector, [.sel(sel)]).boolValue {
                    return try rt.objc_msgSend(delegate, sel, a)
                }
                // L120-122, L155-157: default policies call the handler with Allow.
                try handler?.call(rt, [.int(1)])
                return .none
            }
        }
    }

    // MARK: The app's hooks (tracker write-up, pitfall 1)

    /// The app's `+load`: swizzles `-[UIWebView initWithFrame:]` (create the bridge, keep it by association) and
    /// `-[UIWebView setDelegate:]` (route the real delegate into the bridge).
    public static func loadAppHooks(_ hook: AppHook, into rt: Runtime) {
        load(into: rt)
        let owner = "jsbridge:\(hook.rawValue)"
        guard let web = rt.objc_getClass("UIWebView") else { return }
        let initHook = rt.imp_implementationWithBlock("-[UIWebView(JSBridge) jsb_initWithFrame:]", owner: owner) { rt, o, _, a in
            let view = try rt.objc_msgSend(o, rt.sel("jsb_initWithFrame:"), a)
            guard let v = view.object else { return view }
            let bridge = try bridgeForWebView(v, in: rt)
            try rt.objc_setAssociatedObject(v, bridgeAssociationKey, .object(bridge), .retainNonatomic)
            return view
        }
        Swizzling.exchange(rt, web, "initWithFrame:", with: "jsb_initWithFrame:", initHook)
        let setHook = rt.imp_implementationWithBlock("-[UIWebView(JSBridge) setJSBridgeDelegate:]", owner: owner) { rt, o, _, a in
            let delegate = a.first ?? .none
            let bridgeClass = rt.classObject(rt.objc_getClass("WebViewJavascriptBridge")!)
            // The first set passes the bridge: the write-up prints the client hook, `bridge == delegate` then
            // `[delegate isKindOfClass:[WebViewJavascriptBridge class]]` (an object that is the bridge is also of its class).
            let isBridge = try rt.objc_msgSend(delegate, rt.s.isKindOfClass, [.object(bridgeClass)]).boolValue
            rt.noteFact("the app's setDelegate: hook passes nil, the bridge and any delegate that isKindOfClass: WebViewJavascriptBridge through, and stores any other in the bridge",
                        source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", pitfall 1 (客户Hook的代码)")
            if delegate.isNil || isBridge {
                return try rt.objc_msgSend(o, rt.sel("setJSBridgeDelegate:"), [delegate])
            }
            // The second passes the real delegate, which goes into the bridge.
            let bridge = rt.objc_getAssociatedObject(o, bridgeAssociationKey)
            try rt.objc_msgSend(bridge, rt.sel("setWebViewDelegate:"), [delegate])
            if hook == .buggy {
                rt.noteFact("the app's setDelegate: hook stores the delegate in the bridge and never sets the bridge back; UIWebView's delegate is assign",
                            source: "ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", pitfall 1")
            }
            if hook == .fixed {
                // The fix line: set the bridge back as the web view's delegate.
                try rt.objc_msgSend(o, rt.sel("setJSBridgeDelegate:"), [bridge])
            }
            return .none
        }
        Swizzling.exchange(rt, web, "setDelegate:", with: "setJSBridgeDelegate:", setHook)
    }
}
