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
    /// The app delegate's methods on the app-level hosts, which `delegate-lacks` may name; nil elsewhere.
    public var delegateMethods: [String]?

    public init(name: String, delegateOwnership: String, events: [String], methodTarget: MethodTargetInfo? = nil) {
        self.name = name
        self.delegateOwnership = delegateOwnership
        self.events = events
        self.methodTarget = methodTarget
    }
}
