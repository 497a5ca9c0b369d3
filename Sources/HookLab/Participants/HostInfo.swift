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

    public init(name: String, delegateOwnership: String, events: [String], methodTarget: MethodTargetInfo? = nil) {
        self.name = name
        self.delegateOwnership = delegateOwnership
        self.events = events
        self.methodTarget = methodTarget
    }
}
