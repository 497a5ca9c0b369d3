// A scenario: one value describing a whole test, as in Jepsen.

/// One test as a value: a host, a configuration, the app's script, and what the file asserts.
///
/// Scenarios come from the ``ScenarioGenerator``, from the ``Shrinker`` and from
/// `Matrix/scenarios/*.hooklab` files (see ``parse(text:file:participants:hosts:)``), and are
/// executed by a ``ScenarioRunning``. The participants involved are the ones the steps name.
public struct Scenario: Codable, Hashable, Sendable {
    /// The host kind, e.g. `UIWebView` or `UITableView@ios8`.
    public var host: String
    /// The build configuration.
    public var config: Configuration
    /// The app's script, in order; findings refer to these by 1-based index.
    public var steps: [Step]
    /// The finding kinds the file asserts (`expect` lines); empty means the file asserts nothing.
    public var expect: [Finding.Kind]
    /// The hook-body labels the file asserts ran, in order (`expect-ran` lines), or nil.
    public var expectRan: [String]?
    /// Finding kinds the run must include, whatever else it finds (`expect-includes` lines): what a public report
    /// says, not the model's full output.
    public var expectIncludes: [Finding.Kind] = []

    public init(host: String, config: Configuration, steps: [Step], expect: [Finding.Kind] = [], expectRan: [String]? = nil) {
        self.host = host
        self.config = config
        self.steps = steps
        self.expect = expect
        self.expectRan = expectRan
    }

    /// The participant ids named by `load` and `attach` steps (and, on method-hook targets, by install verbs such
    /// as `aspects.hook`), in order of first appearance.
    public var participants: [String] {
        var seen: [String] = []
        var objects: [String] = []
        let isMethodTarget = MethodTarget.isTarget(host)
        for step in steps {
            switch step {
            case .load(let id), .attach(let id):
                if !seen.contains(id) { seen.append(id) }
            case .raw("object", let args):
                if let name = args.first { objects.append(name) }
            case .verb:
                // Method-hook scenarios install through library verbs (`aspects.hook …`).
                if isMethodTarget, let id = step.methodHookParticipant(objects: objects), !seen.contains(id) { seen.append(id) }
            default: break
            }
        }
        return seen
    }

    /// Whether a run's findings and hook-body labels are what the file's `expect` and `expect-ran` lines say.
    ///
    /// Without `expect` lines, a run meets expectations only when it has no finding. With them,
    /// the set of finding kinds must equal the set of expected kinds.
    public func isMet(by result: RunResult) -> Bool {
        guard result.unrunnable == nil else { return false }
        let found = Set(result.findings.map(\.kind))
        guard Set(expectIncludes).isSubset(of: found) else { return false }
        // With only `expect-includes` lines, other findings are allowed.
        if !expect.isEmpty || expectIncludes.isEmpty { guard found == Set(expect) else { return false } }
        if let expectRan, expectRan != result.ran { return false }
        return true
    }
}
