// Generation: the pure, deterministic planner of cells and their scenarios.

/// Plans the matrix: every cell (host × install order × configuration) and the scenarios each one runs.
///
/// Generation only plans; it never runs anything. Its output depends only on the host and
/// participant lists, in their order, so the same input gives the same list in any process.
///
/// **Orders.** For every host, every participant alone, every ordered pair and ordered triple of distinct participants that
/// support the host, never two of one family, in catalog order. A participant modeling an older version of a library
/// (``ParticipantInfo/versionOf``) runs alone and in every pair, and stays out of triples: there its family is
/// represented by the current version. So does a variant made by a `setting` line (``ParticipantInfo/setting``). A triple is there to find what three different libraries do together; an old
/// version's differences from the current one show in its pairs, and `advise`/`scan` run an app's exact versions,
/// triples included. Without this, each version variant multiplied a crowded host's triples (UIApplication,
/// UNUserNotificationCenter) for no new library.
///
/// **Scenarios of a cell** ("all orders"). A cell's order *is* the install order, so every
/// permutation of the participants is its own cell. Within a cell:
/// - a participant is *installed* by its first step: its `load P` if it has one, else its `attach P`;
/// - load-time installs (`load P`) come first, in order, then runtime attaches, in order;
/// - a participant that can start late, placed after one installed at runtime (attach only), loads
///   at runtime just before its own attach instead, so the install order holds; one that cannot
///   start late hooks at launch, so an order that puts it after an attach-only participant cannot
///   happen and runs nothing (``impossibility(of:)``);
/// - `set-delegate app` goes in every position relative to the runtime installs (k + 1 scenarios
///   for k runtime installs);
/// - one scenario sets the app's delegate last, fires the events, then sets `app2`, releases `app`
///   and fires them again (the app replacing its delegate);
/// - when the last participant can start late, one scenario sets the app's delegate and fires the
///   first event before that participant installs (an SDK started late);
/// - on a slot an app may leave empty (the notification center), one scenario in which the app never sets a
///   delegate: the SDKs take the empty slot, as in an Expo app or a React Native app with RNFB;
/// - in each, the participants' own verbs run once after the installs, then every host event fires,
///   then `teardown`.
///
/// That is at most k + 3 scenarios per cell (k + 4 on the notification center): 5 for a pair, 6 for a triple. Each position and
/// perturbation is covered on its own rather than in every combination with the others, which keeps
/// the whole matrix proportional to the number of cells (the 3-second goal) while still placing
/// every ordering of installs against the app's delegate.
public struct ScenarioGenerator: Sendable {
    /// The hosts, in report order.
    public var hosts: [HostInfo]
    /// The participants, in report order.
    public var participants: [ParticipantInfo] {
        didSet {
            participantIndex = Self.index(participants)
            requirementRanges = Self.requirementRanges(participants)
        }
    }
    /// Each participant's position in ``participants``, by id (the first of an id): every cell's planning looks up
    /// its participants, and a scan of the list compared a hundred ids for each.
    private(set) var participantIndex: [String: Int]
    /// Each participant's `requires` ranges, parsed once (nil where a range does not parse): ``impossibility(of:)`` is
    /// asked two or three times per cell, and parsing them there was most of its cost.
    private(set) var requirementRanges: [[VersionRange?]]

    static func requirementRanges(_ participants: [ParticipantInfo]) -> [[VersionRange?]] {
        participants.map { info in
            info.requires.map { try? VersionRange(words: $0.versions.split(separator: " ").map(String.init)) }
        }
    }

    static func index(_ participants: [ParticipantInfo]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, info) in participants.enumerated() where index[info.id] == nil { index[info.id] = position }
        return index
    }

    /// The participants of an order that the generator knows, in the order's order.
    func infos(_ order: [String]) -> [ParticipantInfo] {
        order.compactMap { id in participantIndex[id].map { participants[$0] } }
    }

    /// The name of the app's first delegate in generated scenarios.
    public static let appDelegate = "app"
    /// The name of the app's replacement delegate.
    public static let secondAppDelegate = "app2"

    /// The method targets' own lines (classes, objects, calls, follow-ups) parsed once, by text: every method-hook
    /// cell starts from them. A line maps to one step whatever the host list becomes, so this never goes stale.
    let targetSteps: [String: Scenario.Step]

    public init(hosts: [HostInfo], participants: [ParticipantInfo]) {
        self.hosts = hosts
        self.participants = participants
        participantIndex = Self.index(participants)
        requirementRanges = Self.requirementRanges(participants)
        var steps: [String: Scenario.Step] = [:]
        for target in hosts.compactMap(\.methodTarget) {
            for line in target.preamble + target.calls + target.followUps where steps[line] == nil {
                steps[line] = try? Scenario.Step(line: line, file: "target", lineNumber: 1)
            }
        }
        targetSteps = steps
    }

    /// Every order of `length` participants that support the host, never two of one family nor two that each own the
    /// session (``ParticipantInfo/ownSession``), in catalog order; orders of
    /// three or more leave out older versions and settings (``ParticipantInfo/versionOf``, ``ParticipantInfo/setting``).
    public func orders(host: String, length: Int) -> [[String]] {
        // By position: copying each participant's description into every prefix was most of listing the cells.
        let eligible = participants.indices.filter {
            participants[$0].hosts.contains(host) && (length < 3 || (participants[$0].versionOf == nil && participants[$0].setting == nil))
        }
        var result: [[String]] = []
        var prefix: [Int] = []
        func extend() {
            if prefix.count == length {
                result.append(prefix.map { participants[$0].id })
                return
            }
            for candidate in eligible where !prefix.contains(where: { participants[$0].family == participants[candidate].family })
                && !(participants[candidate].ownSession == true && prefix.contains { participants[$0].ownSession == true }) {
                prefix.append(candidate)
                extend()
                prefix.removeLast()
            }
        }
        if length > 0 { extend() }
        return result
    }

    /// The install orders public reports describe, by host (``withReportedOrders(_:)``): each runs as a cell even where
    /// the rules above leave it out (an older version in a triple), so a reported order always has its cell, and that
    /// cell can be `reported`.
    public var reportedOrders: [String: [[String]]] = [:]

    /// This generator with the orders of the catalogue's reports (``reportedOrders``).
    public func withReportedOrders(_ catalog: ReportCatalog) -> ScenarioGenerator {
        var copy = self
        copy.reportedOrders = [:]
        for report in catalog.reports where !report.order.isEmpty {
            copy.reportedOrders[report.scenario.host, default: []].append(report.order)
        }
        return copy
    }

    /// Whether an order is one the matrix can hold on the host: known participants that support it, never two of one
    /// family nor two that each own the session.
    func isPlannable(_ order: [String], host: String) -> Bool {
        let infos = infos(order)
        return infos.count == order.count && infos.allSatisfy { $0.hosts.contains(host) }
            && Set(infos.map(\.family)).count == infos.count && infos.filter { $0.ownSession == true }.count <= 1
    }

    /// Every cell with an order of one of the given lengths, for every host and configuration, sorted: the generated
    /// orders, then the reported ones they leave out.
    public func cells(lengths: [Int] = [1, 2, 3]) -> [Matrix.Cell] {
        var cells: [Matrix.Cell] = []
        for host in hosts {
            var planned = Set<[String]>()
            for length in lengths {
                for order in orders(host: host.name, length: length) { planned.insert(order) }
            }
            for order in reportedOrders[host.name] ?? [] where lengths.contains(order.count) && isPlannable(order, host: host.name) {
                planned.insert(order)
            }
            for order in planned {
                for config in Configuration.allCases {
                    cells.append(Matrix.Cell(host: host.name, order: order, config: config))
                }
            }
        }
        return Self.sorted(cells)
    }

    /// `cells` in ``Matrix/Cell``'s order, compared by each name's rank among the names they use instead of by text:
    /// the same order (ranks follow the names' order), without comparing strings a million times for the 55,000
    /// cells of the whole matrix (a tenth of a host's time in `bench`, where the matrix plans its cells).
    static func sorted(_ cells: [Matrix.Cell]) -> [Matrix.Cell] {
        // Each host inserted once per run of its cells, and no array made per cell (listing the cells is on one core).
        var nameSet = Set<String>()
        var lastHost: String?
        for cell in cells {
            if cell.host != lastHost { nameSet.insert(cell.host); lastHost = cell.host }
            for id in cell.order { nameSet.insert(id) }
        }
        let names = nameSet.sorted()
        // Each cell's key in one integer: the host's rank, then up to four ids' ranks plus one (0, below every rank, where
        // the order has ended, so a prefix sorts first), then the configuration's position.
        guard names.count < 511, cells.allSatisfy({ $0.order.count <= 4 }) else { return cells.sorted() }
        let rank = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, UInt64($0)) })
        let configs = Configuration.allCases
        var keys: [UInt64] = []
        keys.reserveCapacity(cells.count)
        var host: (name: String, rank: UInt64)?
        for cell in cells {
            if cell.host != host?.name { host = (cell.host, rank[cell.host]!) }
            var key = host!.rank
            for slot in 0..<4 { key = key << 9 | (slot < cell.order.count ? rank[cell.order[slot]]! + 1 : 0) }
            keys.append(key << 1 | UInt64(configs.firstIndex(of: cell.config)!))
        }
        return cells.indices.sorted { keys[$0] < keys[$1] }.map { cells[$0] }
    }

    /// The scenarios a cell runs, in a fixed order, without repeats (see the type's documentation).
    ///
    /// Unknown participants or hosts, and an order that cannot happen (``impossibility(of:)``), give no scenario.
    public func scenarios(for cell: Matrix.Cell) -> [Scenario] {
        guard let host = hosts.first(where: { $0.name == cell.host }) else { return [] }
        let infos = infos(cell.order)
        guard infos.count == cell.order.count, !infos.isEmpty else { return [] }
        // An install order that cannot happen (a launch-time hook after a runtime attach) has no scenario.
        guard impossibility(of: cell) == nil else { return [] }
        if let target = host.methodTarget { return methodHookScenarios(cell, target, infos) }

        let plain = Plan(infos, lateLast: false)
        if host.delegateAtLaunch == true { return launchScenarios(cell, host, infos) }
        var result: [Scenario] = []
        for position in plain.earliestDelegate...plain.runtime.count {
            result.append(scenario(cell, host, plain, delegateAt: position))
        }
        // A Flutter app's notification delegate is its app delegate (`delegate = self`): it is never replaced or freed.
        if !host.delegateIsAppDelegate {
            result.append(scenario(cell, host, plain, delegateAt: plain.runtime.count, replaceDelegate: true))
        }
        if infos.last!.canStartLate, case let late = Plan(infos, lateLast: true), !late.runtime.isEmpty {
            result.append(scenario(cell, host, late, delegateAt: late.runtime.count - 1, eventBefore: true))
        }
        // An app that calls an SDK from its own delegate methods has a delegate: it never leaves the slot empty.
        let hostClass = host.name.split(separator: "@").first.map(String.init) ?? host.name
        if host.appMayLeaveEmpty, !infos.contains(where: { $0.calledByApp.contains(hostClass) }) {
            result.append(emptySlotScenario(cell, host, plain))
        }
        result += trapScenarios(cell, host, plain)
        return result.uniqued()
    }

    /// The shapes of the app's delegate class the generator covers on the app-level hosts: it implements everything;
    /// it lacks `application:continueUserActivity:restorationHandler:`; it lacks the fetch method; it lacks both (most
    /// app delegates in the scan corpus, Habitica's for one, implement neither).
    static let launchShapes: [[Scenario.Step]] = [
        [],
        [.delegateLacks(["application:continueUserActivity:restorationHandler:"])],
        [.delegateLacks(["application:didReceiveRemoteNotification:fetchCompletionHandler:"])],
        [.delegateLacks(["application:continueUserActivity:restorationHandler:", "application:didReceiveRemoteNotification:fetchCompletionHandler:"])],
    ]

    /// A host whose delegate is set at launch (`UIApplication`): `+load` hooks, then the app's delegate, then every SDK
    /// start (they start in `didFinishLaunching`), for each shape of the app's delegate; and, when the last SDK can
    /// start late, one event before it starts. The app never replaces or frees its app delegate (UIApplicationMain
    /// keeps it), and nothing assigns the slot directly.
    func launchScenarios(_ cell: Matrix.Cell, _ host: HostInfo, _ infos: [ParticipantInfo]) -> [Scenario] {
        let plan = Plan(infos, lateLast: false)
        // A Flutter or Expo app's delegate class is the framework's: the app writes none of these methods, or only the
        // template's overrides (FlutterApp.notImplemented, ExpoApp.templateOverrides).
        let shapes = ["flutter", "expo"].contains(host.framework) ? [[]] : Self.launchShapes
        var result = shapes.map { shape in
            var s = scenario(cell, host, plan, delegateAt: 0)
            s.steps = shape + s.steps
            return s
        }
        if infos.last?.canStartLate == true, case let late = Plan(infos, lateLast: true), let last = late.runtime.last,
           let first = host.events.first {
            var steps = late.loadTime + [.setDelegate(Self.appDelegate)] + late.runtime.dropLast().flatMap { $0 }
            steps += [.fire(first)] + last + late.verbs + host.events.map { .fire($0) } + [.teardown]
            result.append(Scenario(host: cell.host, config: cell.config, steps: steps))
        }
        return result.uniqued()
    }

    /// The app's own scenarios on a host with no library installed, for the cell's host and configuration (its
    /// order is ignored): what a cell's scenarios do besides the libraries' steps (the app's delegate in place, the
    /// events, the app replacing and releasing its delegate; a method target's calls with nothing hooked). What they
    /// find is the app's, never a library's (``Matrix/appAlone``).
    public func appAloneScenarios(for cell: Matrix.Cell) -> [Scenario] {
        guard let host = hosts.first(where: { $0.name == cell.host }) else { return [] }
        let cell = cell.with(order: [])
        if let target = host.methodTarget { return methodHookPlan(cell, target, []).map(\.scenario).uniqued() }
        if host.delegateAtLaunch == true { return launchScenarios(cell, host, []) }
        let plan = Plan([], lateLast: false)
        var result = [scenario(cell, host, plan, delegateAt: 0)]
        if !host.delegateIsAppDelegate { result.append(scenario(cell, host, plan, delegateAt: 0, replaceDelegate: true)) }
        if host.appMayLeaveEmpty { result.append(emptySlotScenario(cell, host, plan)) }
        result += trapScenarios(cell, host, plan)
        return result.uniqued()
    }

    /// Where each participant installs: load time or a runtime unit.
    struct Plan {
        var loadTime: [Scenario.Step] = []
        var runtime: [[Scenario.Step]] = []
        var verbs: [Scenario.Step] = []
        /// The first runtime position the app's delegate can be set at: after the start of a library that creates the
        /// session itself (``ParticipantInfo/sessionAfterStart``), else 0.
        var earliestDelegate = 0

        init(_ infos: [ParticipantInfo], lateLast: Bool) {
            var installedAtRuntime = false
            for (index, info) in infos.enumerated() {
                let isLast = index == infos.count - 1
                // A late starter after a runtime-installed participant loads at runtime, so the install order holds.
                let deferLoad = info.hasLoad && info.canStartLate && (installedAtRuntime || (lateLast && isLast))
                if info.hasLoad && !deferLoad { loadTime.append(.load(info.id)) }
                var unit: [Scenario.Step] = deferLoad ? [.load(info.id)] : []
                if info.hasAttach { unit.append(.attach(info.id)) }
                if !unit.isEmpty { runtime.append(unit) }
                if info.sessionAfterStart == true, !unit.isEmpty { earliestDelegate = runtime.count }
                if deferLoad || (!info.hasLoad && info.hasAttach) { installedAtRuntime = true }
                verbs += info.verbSteps
            }
        }
    }

    /// The app that sets no delegate of its own (``HostInfo/appMayLeaveEmpty``): every SDK starts, then the events fire
    /// to whatever the SDKs left in the slot.
    func emptySlotScenario(_ cell: Matrix.Cell, _ host: HostInfo, _ plan: Plan) -> Scenario {
        let steps = plan.loadTime + plan.runtime.flatMap { $0 } + plan.verbs + host.events.map { .fire($0) } + [.teardown]
        return Scenario(host: cell.host, config: cell.config, steps: steps)
    }

    func scenario(_ cell: Matrix.Cell, _ host: HostInfo, _ plan: Plan, delegateAt position: Int,
                  replaceDelegate: Bool = false, eventBefore: Bool = false) -> Scenario {
        let fireAll = host.events.map { Scenario.Step.fire($0) }
        var setDelegate: [Scenario.Step] = [.setDelegate(Self.appDelegate)]
        if eventBefore, let first = fireAll.first { setDelegate.append(first) }

        var steps = plan.loadTime
        for (index, unit) in plan.runtime.enumerated() {
            if index == position { steps += setDelegate }
            steps += unit
        }
        if position >= plan.runtime.count { steps += setDelegate }
        steps += plan.verbs
        steps += fireAll
        if replaceDelegate {
            steps += [.setDelegate(Self.secondAppDelegate), .release(Self.appDelegate)]
            steps += fireAll
        }
        steps.append(.teardown)
        return Scenario(host: cell.host, config: cell.config, steps: steps)
    }
}
