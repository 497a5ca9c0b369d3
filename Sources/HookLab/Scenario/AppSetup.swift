// The app's set-up in one scenario: where it sets its delegate against each SDK's start, how its app delegate is
// written, and what it does later. Read from the steps, so a generated scenario, a shrunk one and a user's file all
// have one, and a pair's set-up can be projected onto one of its libraries.

/// How the app is set up in one scenario, the dimension an integrator's app fixes: it sets its delegate (or creates
/// its session) before or after each SDK starts, its app delegate lacks some methods, it later replaces or frees its
/// delegate, it assigns the slot directly, or an event arrives before an SDK starts.
///
/// Two scenarios with equal set-ups stand for the same app; ``projected(onto:)`` gives the set-up a library alone
/// would see in the same app, which is how a pair's failure is told from its libraries' own (``Matrix``).
public struct AppSetup: Codable, Hashable, Sendable {
    /// The SDKs started before the app first set its delegate through the setter (or created its session with it),
    /// in start order; nil when it never does.
    public var setAfter: [String]?
    /// The SDKs started after that, in start order (empty when it never sets one).
    public var setBefore: [String]
    /// The app-delegate methods the app's delegate class lacks (`delegate-lacks`).
    public var lacks: [String]
    /// What the app does besides setting its delegate once.
    public var then: Later?
    /// The SDKs whose hooks are in place at launch, before any of the app's code (a `load` step before every other
    /// step: an ObjC `+load`): the app cannot set its delegate before them, so the set-up's words leave them out ("sets
    /// it before `fpr` starts", not "after `bugsnag` starts and before `fpr` starts"). Wording only: not compared,
    /// hashed or encoded, since every set-up of the same libraries has the same.
    public var atLaunch: [String] = []

    /// What the app does besides setting its delegate once.
    public enum Later: Codable, Hashable, Sendable {
        /// It later sets another delegate and frees the first.
        case replaces
        /// It frees its delegate while the slot still holds it.
        case frees
        /// It frees its delegate while the host is sending it an event (`fire-while-deallocating`): a view controller
        /// that owns its scroll view and is its delegate, torn down together.
        case freesDuringEvent
        /// It assigns the slot directly (not through the setter), after the first SDKs started and before the others.
        case assignsDirectly(after: [String], before: [String])
        /// An event arrives before this SDK starts (the SDK started late).
        case eventBefore(String)
    }

    public init(setAfter: [String]?, setBefore: [String], lacks: [String] = [], then: Later? = nil, atLaunch: [String] = []) {
        self.setAfter = setAfter
        self.setBefore = setBefore
        self.lacks = lacks
        self.then = then
        self.atLaunch = atLaunch
    }

    private enum CodingKeys: String, CodingKey { case setAfter, setBefore, lacks, then }

    public static func == (a: AppSetup, b: AppSetup) -> Bool {
        a.setAfter == b.setAfter && a.setBefore == b.setBefore && a.lacks == b.lacks && a.then == b.then
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(setAfter)
        hasher.combine(setBefore)
        hasher.combine(lacks)
        hasher.combine(then)
    }

    /// The set-up a scenario's steps describe. Participants start at their first `load` or `attach`.
    public init(steps: [Scenario.Step]) {
        var started: [(id: String, at: Int)] = []
        var firstSet: Int?
        var firstAssign: Int?
        var firstFire: Int?
        var setNames: [String] = []
        var released: [String] = []
        var releasedDuringEvent: [String] = []
        var lacks: [String] = []
        var atLaunch: [String] = []
        // Whether a step other than a `load` or a line on how the app's delegate class is written ran yet: a `load`
        // after one is a framework loaded later, not a `+load` at launch.
        var launched = false
        for (index, step) in steps.enumerated() {
            switch step {
            case .load, .delegateLacks, .delegateCompletes, .delegateOverrides: break
            default: launched = true
            }
            switch step {
            case .load(let id), .attach(let id):
                if !started.contains(where: { $0.id == id }) {
                    started.append((id, index))
                    if !launched, case .load = step { atLaunch.append(id) }
                }
            case .setDelegate(let name):
                if firstSet == nil { firstSet = index }
                setNames.append(name)
            case .assignDelegate:
                if firstAssign == nil { firstAssign = index }
            case .fire:
                if firstFire == nil { firstFire = index }
            case .release(let name):
                released.append(name)
            case .fireWhileDeallocating(let name, _):
                releasedDuringEvent.append(name)
            case .delegateLacks(let selectors):
                lacks += selectors
            default:
                break
            }
        }
        func split(at index: Int) -> (before: [String], after: [String]) {
            (started.filter { $0.at > index }.map(\.id), started.filter { $0.at < index }.map(\.id))
        }
        if let firstSet {
            let (before, after) = split(at: firstSet)
            setAfter = after
            setBefore = before
        } else {
            setAfter = nil
            setBefore = []
        }
        self.lacks = lacks
        self.atLaunch = atLaunch
        if let firstAssign, firstSet.map({ firstAssign < $0 }) ?? true {
            let (before, after) = split(at: firstAssign)
            then = .assignsDirectly(after: after, before: before)
        } else if let firstFire, let late = started.first(where: { $0.at > firstFire }) {
            then = .eventBefore(late.id)
        } else if setNames.uniqued().count > 1 {
            then = .replaces
        } else if let first = setNames.first, releasedDuringEvent.contains(first) {
            then = .freesDuringEvent
        } else if let first = setNames.first, released.contains(first) {
            then = .frees
        } else {
            then = nil
        }
    }

    /// A set-up an app can choose as its fix: it sets its delegate (creates its session) once, at some point against
    /// the SDKs' starts, or never sets one where an SDK may own the slot, with nothing replaced, freed or assigned
    /// behind the setter's back, and no event before an SDK starts.
    public var isChoosable: Bool { then == nil }
    /// The app never sets a delegate of its own (``HostInfo/appMayLeaveEmpty``).
    public var leavesSlotEmpty: Bool { setAfter == nil && then == nil }

    /// The same set-up with one SDK in place of another (an upgrade or a setting of the same library, started where the
    /// other was).
    public func renamed(_ from: String, to: String) -> AppSetup {
        func swap(_ ids: [String]) -> [String] { ids.map { $0 == from ? to : $0 } }
        var copy = self
        copy.setAfter = setAfter.map(swap)
        copy.setBefore = swap(setBefore)
        // Whether the other SDK also hooks at launch is its own: only a run of it can say (``Matrix/ranSetup``).
        copy.atLaunch = atLaunch.filter { $0 != from }
        switch then {
        case .assignsDirectly(let after, let before): copy.then = .assignsDirectly(after: swap(after), before: swap(before))
        case .eventBefore(let id) where id == from: copy.then = .eventBefore(to)
        default: break
        }
        return copy
    }

    /// The set-up a library (or set of libraries) alone sees in the same app: the other SDKs' starts removed. An event
    /// that arrived before a removed SDK started is then an ordinary one.
    public func projected(onto ids: [String]) -> AppSetup {
        var copy = self
        copy.setAfter = setAfter?.filter(ids.contains)
        copy.setBefore = setBefore.filter(ids.contains)
        copy.atLaunch = atLaunch.filter(ids.contains)
        switch then {
        case .assignsDirectly(let after, let before):
            copy.then = .assignsDirectly(after: after.filter(ids.contains), before: before.filter(ids.contains))
        case .eventBefore(let id) where !ids.contains(id): copy.then = nil
        default: break
        }
        return copy
    }

    /// The set-up in an integrator's words, completing "when your app …": "sets `UNUserNotificationCenter.delegate`
    /// after `rnfb` starts", "creates its `NSURLSession` before `newrelic` starts", "has an app delegate that lacks `SEL`".
    public func text(on host: HostInfo) -> String {
        let owner = host.name.split(separator: "@").first.map(String.init) ?? host.name
        func names(_ ids: [String]) -> String {
            ids.count == 1 ? "`\(ids[0])` starts" : ids.map { "`\($0)`" }.joined(separator: ", ") + " start"
        }
        let every = host.isAppLevel ? "every SDK starts" : "every library starts"
        func placement(_ verb: String, before: [String], after all: [String]) -> String {
            // An SDK hooked at launch is before any of the app's code: "after it starts" would say nothing.
            let after = all.filter { !atLaunch.contains($0) }
            return switch (after.isEmpty, before.isEmpty) {
            case (true, true): verb
            // "before every SDK starts" only when none hooked at launch, before the app's code.
            case (true, false): "\(verb) before \(before.count > 1 && all.isEmpty ? every : names(before))"
            case (false, true): "\(verb) after \(after.count > 1 ? every : names(after))"
            case (false, false): "\(verb) after \(names(after)) and before \(names(before))"
            }
        }
        var parts: [String] = []
        if host.delegateAtLaunch == true {
            // UIApplicationMain sets the app delegate before any SDK starts: only its shape varies.
            parts.append(lacks.isEmpty ? "has an app delegate that implements every method"
                         : "has an app delegate that lacks " + lacks.map { "`\($0)`" }.joined(separator: " and "))
        } else {
            let verb = host.delegateAtCreation != nil ? "creates its `\(owner)` with its delegate" : "sets `\(owner).delegate`"
            if let setAfter {
                parts.append(placement(verb, before: setBefore, after: setAfter))
            } else if case .assignsDirectly(let after, let before)? = then {
                parts.append(placement("assigns `\(owner).delegate` directly instead of through its setter", before: before, after: after))
            } else {
                parts.append(host.delegateAtCreation != nil ? "creates its `\(owner)` without a delegate" : "never sets `\(owner).delegate`")
            }
            if !lacks.isEmpty { parts.append("with a delegate that lacks " + lacks.map { "`\($0)`" }.joined(separator: " and ")) }
        }
        switch then {
        case .replaces: parts.append("then replaces it with another delegate")
        case .frees: parts.append("then frees it while it is still set")
        case .freesDuringEvent: parts.append("then frees it while the host still sends it an event, as when the screen that owns both is torn down")
        case .eventBefore(let id): parts.append("and gets an event before `\(id)` starts")
        case .assignsDirectly, nil: break
        }
        return parts.joined(separator: ", ")
    }
}

extension HostInfo {
    /// An app-level host (the app delegate, the notification center, a URL session), where the libraries are SDKs the
    /// app starts; the view hosts' libraries are "libraries".
    public var isAppLevel: Bool {
        delegateAtLaunch == true || delegateAtCreation != nil || name.hasPrefix("UNUserNotificationCenter")
    }
}
