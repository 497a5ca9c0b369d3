// The method-hook targets: the "hosts" of method-hook cells, named after the method the app calls.

/// What the generator needs to know about a method-hook target, without knowing any library.
public struct MethodTargetInfo: Codable, Hashable, Sendable {
    /// The scenario lines that declare the classes and objects (`class …`, `object …`), in order.
    public var preamble: [String]
    /// The calls each scenario makes, after the installs and again after the follow-ups (`call vc viewWillAppear:`).
    public var calls: [String]
    /// The classes a class-level hook may go on; with two, every participant is placed on each in turn.
    public var hookClasses: [String]
    /// The object (or class, for a class method) instance-level hooks go on.
    public var object: String
    /// The selector as install lines write it: `viewWillAppear:`, or `+classMethod` for a class method.
    public var selector: String
    /// One sentence for the report: what is declared and what is hooked.
    public var summary: String
    /// A cross-selector target's second selector: the participants installed second (and fourth…) hook it instead of
    /// ``selector``, so hooks on two selectors of one class meet (JSPatch #292, Aspects #87).
    public var otherSelector: String?
    /// Lines the target runs after the first calls when a participant of the line's family is in the cell
    /// (`aspects.remove 1`: removing one hook while another library's stays, Aspects #31, #155).
    public var followUps: [String]

    public init(preamble: [String], calls: [String], hookClasses: [String], object: String, selector: String, summary: String,
                otherSelector: String? = nil, followUps: [String] = []) {
        self.preamble = preamble
        self.calls = calls
        self.hookClasses = hookClasses
        self.object = object
        self.selector = selector
        self.summary = summary
        self.otherSelector = otherSelector
        self.followUps = followUps
    }

    /// The selector the participant at `position` in the install order hooks.
    public func selector(at position: Int) -> String {
        guard let otherSelector, position % 2 == 1 else { return selector }
        return otherSelector
    }

    /// An install template with its placeholders filled in.
    public func fill(_ template: String, hookClass: String, position: Int = 0) -> String {
        template.split(separator: " ").map { word -> String in
            switch word {
            case "CLASS": return hookClass
            case "OBJECT": return object
            case "SEL": return selector(at: position)
            default: return String(word)
            }
        }.joined(separator: " ")
    }
}

/// The method-hook targets of the matrix (issue 5): the classes of a typical app, and one class method.
///
/// Each name reads `Class ±selector`: the class whose method the hooks target and the method called.
/// - `ViewController -viewWillAppear:`: `ViewController : UIViewController` implements it (no super call); hooks go on
///   `ViewController` or on the object `vc`.
/// - `SubViewController -viewWillAppear:`: `SubViewController : ViewController` overrides it and calls super; each
///   class-level hook goes on `ViewController` or on `SubViewController` (every placement runs); the object is a
///   `SubViewController`.
/// - `UIViewController -viewWillAppear:`: only `UIViewController` implements it; hooks go on `ViewController`, which
///   inherits it; both a `ViewController` and a plain `UIViewController` are called.
/// - `ViewController +classMethod`: a class method; class-level hooks go on the metaclass (`+classMethod`).
enum MethodTarget {
    static let all: [(name: String, info: MethodTargetInfo)] = [
        ("ViewController -viewWillAppear:", MethodTargetInfo(
            preamble: ["class ViewController : UIViewController viewWillAppear:", "object vc ViewController"],
            calls: ["call vc viewWillAppear:"], hookClasses: ["ViewController"], object: "vc", selector: "viewWillAppear:",
            summary: "`ViewController : UIViewController` implements `-viewWillAppear:`; hooks go on `ViewController` or on one instance `vc`, which the app then calls.")),
        ("SubViewController -viewWillAppear:", MethodTargetInfo(
            preamble: ["class ViewController : UIViewController viewWillAppear:",
                       "class SubViewController : ViewController viewWillAppear: calls-super", "object vc SubViewController"],
            calls: ["call vc viewWillAppear:"], hookClasses: ["ViewController", "SubViewController"], object: "vc",
            selector: "viewWillAppear:",
            summary: "`SubViewController : ViewController` overrides `-viewWillAppear:` and calls super; each class hook goes on `ViewController` or `SubViewController` (every placement runs), instance hooks on `vc`, a `SubViewController`.")),
        ("UIViewController -viewWillAppear:", MethodTargetInfo(
            preamble: ["class ViewController : UIViewController", "object vc ViewController",
                       "object base UIViewController"],
            calls: ["call vc viewWillAppear:", "call base viewWillAppear:"], hookClasses: ["ViewController"], object: "vc",
            selector: "viewWillAppear:",
            summary: "Only `UIViewController` implements `-viewWillAppear:`; hooks go on `ViewController`, which inherits it, or on `vc`; the app calls `vc` and a plain `UIViewController`.")),
        ("ViewController +classMethod", MethodTargetInfo(
            preamble: ["class ViewController : UIViewController +classMethod"],
            calls: ["call ViewController +classMethod"], hookClasses: ["ViewController"], object: "ViewController",
            selector: "+classMethod",
            summary: "`ViewController` implements the class method `+classMethod`; class hooks go on its metaclass (`+classMethod`).")),
    ] + crossSelectorTargets

    /// Two selectors of one class: the first installed hooks `-viewWillAppear:`, the second `-viewDidAppear:`, the
    /// third `-viewWillAppear:` again; the app calls both; an Aspects hook is then removed and both are called again.
    static let crossSelectorTargets: [(name: String, info: MethodTargetInfo)] = [
        ("ViewController -viewWillAppear:,viewDidAppear:", MethodTargetInfo(
            preamble: ["class ViewController : UIViewController viewWillAppear: viewDidAppear:", "object vc ViewController"],
            calls: ["call vc viewWillAppear:", "call vc viewDidAppear:"], hookClasses: ["ViewController"], object: "vc",
            selector: "viewWillAppear:",
            summary: "`ViewController` implements `-viewWillAppear:` and `-viewDidAppear:`; the first library hooks one, the second the other (JSPatch #292); the app calls both, removes an Aspects hook if there is one (Aspects #31) and calls both again.",
            otherSelector: "viewDidAppear:", followUps: ["aspects.remove 1"])),
        ("SubViewController -viewWillAppear:,viewDidAppear:", MethodTargetInfo(
            preamble: ["class ViewController : UIViewController viewWillAppear: viewDidAppear:",
                       "class SubViewController : ViewController viewWillAppear: viewDidAppear: calls-super", "object vc SubViewController"],
            calls: ["call vc viewWillAppear:", "call vc viewDidAppear:"], hookClasses: ["ViewController", "SubViewController"],
            object: "vc", selector: "viewWillAppear:",
            summary: "`SubViewController : ViewController` overrides `-viewWillAppear:` and `-viewDidAppear:`, calling super; the first library hooks one selector, the second the other, on `ViewController` or `SubViewController` (every placement; Aspects #87 = JSPatch #330); the app calls both, removes an Aspects hook if there is one (Aspects #155) and calls both again.",
            otherSelector: "viewDidAppear:", followUps: ["aspects.remove 1"])),
    ]

    static func named(_ name: String) -> MethodTargetInfo? { all.first { $0.name == name }?.info }

    /// Whether a host name is a method target: the matrix's, or a scenario file's own `Class ±selector`
    /// (`host AppDelegate -application:didFinishLaunchingWithOptions:`), whose classes its lines declare.
    static func isTarget(_ name: String) -> Bool {
        // Delegate hosts are one word: answer them without splitting, and split bytes, not characters (this runs once
        // per scenario run).
        guard name.utf8.contains(UInt8(ascii: " ")) else { return false }
        let words = name.utf8.split(separator: UInt8(ascii: " "))
        return words.count == 2 && (words[1].first == UInt8(ascii: "-") || words[1].first == UInt8(ascii: "+")) && words[1].count > 1
    }

    /// The targets as the catalog's hosts, after the delegate hosts.
    static var hostInfos: [HostInfo] {
        all.map { HostInfo(name: $0.name, delegateOwnership: "", events: [], methodTarget: $0.info) }
    }
}
