// One line of a scenario's script.

extension Scenario {
    /// One step of the app's script, one line of a `.hooklab` file.
    ///
    /// Steps encode to JSON as their file line (`"load tracker:proxy"`), so a scenario stays readable
    /// in `matrix.json` and in Swift Testing case ids.
    public enum Step: Hashable, Sendable {
        /// `load P`: participant P's load-time hooks (`+load` swizzles, class hooks).
        case load(String)
        /// `attach P`: participant P's runtime attach (bridge created, adapter wired, `rx.delegate` read…).
        case attach(String)
        /// `set-delegate NAME`: set the host's delegate to a new app delegate called NAME.
        case setDelegate(String)
        /// `assign-delegate NAME`: `host.delegate = NAME` directly, bypassing every library's API (a storyboard outlet,
        /// a third-party view, the app's own code).
        case assignDelegate(String)
        /// `fire SELECTOR`: the host sends an event.
        case fire(String)
        /// `release NAME`: the app drops its reference to NAME.
        case release(String)
        /// `fire-while-deallocating NAME SELECTOR`: the app drops its last reference to NAME, and the host sends SELECTOR
        /// while NAME deallocates: weak references to it already read nil, its ivars and associated objects are still
        /// alive (objc_destructInstance's order; a view controller that owns its scroll view and is its delegate, torn
        /// down together: DataDog/dd-sdk-ios #2867, PR #2942). When something else still holds NAME, the event comes
        /// after the release.
        case fireWhileDeallocating(name: String, selector: String)
        /// `drain`: drain the autorelease pool.
        case drain
        /// `teardown`: tear the host down.
        case teardown
        /// `invalidate-session`: the app invalidates its URL session (`-finishTasksAndInvalidate`), which asks the delegate
        /// `respondsToSelector:`, tells it, and lets it go.
        case invalidateSession
        /// `delegate-lacks SEL…`: the app's delegate class does not implement these optional methods (before the first step).
        case delegateLacks([String])
        /// `delegate-completes SEL N [async]`: the app's implementation of SEL calls its completion handler N times (0, 1 or 2).
        /// With `async`, the app keeps the handler and calls it after the event returns (an asynchronous presentation
        /// decision, RNFB #9049).
        case delegateCompletes(String, Int, async: Bool)
        /// `delegate-overrides SEL…`: on a Flutter host, the app's `FlutterAppDelegate` subclass overrides these
        /// methods itself without calling `super`, so FlutterAppDelegate never passes the event to its plugins.
        case delegateOverrides([String])
        /// `FAMILY.VERB ARGS`: a participant family's own verb, e.g. `rx.subscribe scrollViewDidScroll:`
        /// or `aspects.hook ViewController viewWillAppear: before`.
        case verb(family: String, verb: String, args: [String])
        /// An extension line whose keyword is in ``extensionKeywords``, e.g. `class NAME : SUPER`,
        /// `object NAME CLASS`, `call OBJECT SEL`; kept verbatim so the format can grow.
        case raw(keyword: String, args: [String])

        /// Whether the step says how the app's delegate class is written (it comes before the first step).
        public var isDelegateShape: Bool {
            switch self {
            case .delegateLacks, .delegateCompletes, .delegateOverrides: true
            default: false
            }
        }

        /// Keywords accepted as ``raw(keyword:args:)`` steps; the runner gives them meaning.
        public static let extensionKeywords = ["class", "object", "call"]

        /// The step as one line of a `.hooklab` file, without comment or newline.
        public var line: String {
            switch self {
            case .load(let p): "load \(p)"
            case .attach(let p): "attach \(p)"
            case .setDelegate(let name): "set-delegate \(name)"
            case .assignDelegate(let name): "assign-delegate \(name)"
            case .fire(let selector): "fire \(selector)"
            case .release(let name): "release \(name)"
            case .fireWhileDeallocating(let name, let selector): "fire-while-deallocating \(name) \(selector)"
            case .drain: "drain"
            case .teardown: "teardown"
            case .invalidateSession: "invalidate-session"
            case .delegateLacks(let selectors): (["delegate-lacks"] + selectors).joined(separator: " ")
            case .delegateCompletes(let selector, let n, let async): "delegate-completes \(selector) \(n)\(async ? " async" : "")"
            case .delegateOverrides(let selectors): (["delegate-overrides"] + selectors).joined(separator: " ")
            case .verb(let family, let verb, let args): (["\(family).\(verb)"] + args).joined(separator: " ")
            case .raw(let keyword, let args): ([keyword] + args).joined(separator: " ")
            }
        }
    }
}

extension Scenario.Step: CustomStringConvertible {
    public var description: String { line }
}

extension Scenario.Step: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let parsed: Scenario.Step?
        do { parsed = try Scenario.Step(line: text, file: "<json>", lineNumber: 1) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
        guard let parsed else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a step: '\(text)'")
        }
        self = parsed
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(line)
    }
}
