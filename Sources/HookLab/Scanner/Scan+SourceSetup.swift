// The app's own set-up on the notification center, read from its app delegate (issue "scan reads … how it starts its
// SDKs"): where it sets `UNUserNotificationCenter.delegate` against each SDK's start call, and the lab's verdict for
// exactly that set-up, among the set-ups `advise` ran.

extension Scan {
    /// What the app's source says about its set-up on one host, and the verdict for it.
    public struct SourceSetup: Sendable {
        /// The app delegate file (the one holding its set-up) and the line that sets the notification delegate; nil when
        /// the app's source sets none, and the SDKs take the empty slot (``HostInfo/appMayLeaveEmpty``).
        public var file: String
        public var delegateLine: Int?
        /// Each SDK of the host's set and where it starts: a line of the file, or nil for one that starts at `+load`.
        public var starts: [Start]
        /// The set-up the lab names for it: the SDKs started before and after the delegate line, in start order.
        public var setup: AppSetup
        /// The worst outcome of the lab's scenarios with that set-up, over the install orders that agree with the lines;
        /// nil when the lab ran no scenario with it.
        public var outcome: Outcome?
        /// A finding of the worst such scenario (the first in planned order), when it fails.
        public var finding: Finding?
        /// On the app-delegate host: the methods whose absence the lab varies that the app delegate lacks (the set-up is
        /// its shape; UIKit sets it before any SDK starts). Nil on the notification center.
        public var lacks: [String]? = nil
        /// Whether some order fails under another set-up.
        public var othersFail = false
        /// The app's notification delegate methods that call their completion handlers later or never (the lab's app
        /// delegate calls them at once): the outcome and finding are then those of the set-up run again with them.
        public var completions: [AppDelegateSource.Completion] = []
        /// In a `FlutterAppDelegate` subclass: its notification methods that do not call `super`, so the plugins behind
        /// FlutterAppDelegate's fan-out never get the event.
        public var withoutSuper: [AppDelegateSource.Completion] = []
        /// Whether the set-up was run with ``withoutSuper`` as `delegate-overrides` (on a Flutter host whose events they
        /// are, with the app as its own notification delegate); otherwise they are read from the source only.
        public var ranOverrides = false
        /// The SDKs whose start the source does not show, when the slot is left empty: every order of them was judged.
        public var unplaced: [String] = []

        /// One SDK's start.
        public struct Start: Sendable, Hashable {
            public var participant: String
            /// The line of its start call or of the plugin registration; nil: it starts at `+load`, before the app runs;
            /// ``afterLaunch``: after every line of the app delegate's launch method (a Flutter app's Dart call).
            public var line: Int?
            /// The line of a start that comes after the app delegate's launch method returns.
            public static let afterLaunch = Int.max
            /// How it starts, in words: "`FirebaseApp.configure()`", "React Native registers its modules", "at +load".
            public var how: String
        }
    }

    /// The set-up the app delegate's source shows on `verdict`'s host, when the host is the notification center, the
    /// source sets its delegate, and every SDK of the set has a start the source shows (or starts at `+load`); otherwise
    /// nil, with the reason in words (nil too when there is nothing to say: another host, or no source).
    public static func sourceSetup(_ verdict: HostVerdict, source: AppDelegateSource?, participants: [ParticipantInfo],
                                   appMayLeaveEmpty: Bool = false) -> (setup: SourceSetup?, gap: String?) {
        guard verdict.checked, let source else { return (nil, nil) }
        if verdict.host == "UIApplication" { return (appDelegateSetup(verdict, source: source, participants: participants), nil) }
        guard verdict.host.hasPrefix("UNUserNotificationCenter") else { return (nil, nil) }
        let delegateLine = source.notificationDelegateLine
        if delegateLine == nil {
            if let elsewhere = source.elsewhereDelegate {
                return (nil, "the app sets `UNUserNotificationCenter.delegate` at `\(elsewhere.file):\(elsewhere.line)`, outside its app "
                        + "delegate's launch method, so the lab cannot tell when against the SDKs' starts")
            }
            // No line of the app's source sets it: the app leaves the slot to the SDKs (Expo's and React Native's default).
            guard appMayLeaveEmpty else {
                return (nil, "`\(source.setupFile)` does not set `UNUserNotificationCenter.delegate` in a way the reader recognises")
            }
        }
        var starts: [SourceSetup.Start] = []
        var unplaced: [String] = []
        for id in verdict.participants {
            guard let info = participants.first(where: { $0.id == id }) else { continue }
            if info.hooksOnlyAtLoad {
                starts.append(.init(participant: id, line: nil, how: "at +load"))
            } else if info.startCalls.contains(where: { $0.language == "after-launch" }) {
                // An observer of UIApplicationDidFinishLaunchingNotification: after the launch method returns.
                starts.append(.init(participant: id, line: SourceSetup.Start.afterLaunch,
                                    how: "when UIKit posts UIApplicationDidFinishLaunchingNotification, after the launch method returns"))
            } else if let call = source.startCallLines.first(where: { line in info.startCalls.contains { $0.text == line.call } }) {
                starts.append(.init(participant: id, line: call.line, how: "`\(call.call)`"))
            } else if info.startCalls.contains(where: { $0.language == "plugin" }), let line = source.pluginRegistrationLine {
                starts.append(.init(participant: id, line: line, how: "the app's native modules are registered"))
            } else if source.kind == .flutter, let line = source.pluginRegistrationLine,
                      let file = info.startCalls.first(where: { $0.language == "dart" && $0.registeredIf.map(source.filesPresent.contains) == true })?.registeredIf {
                // The participant's `registered-if FILE`: with that file in the app it starts as Flutter registers plugins.
                starts.append(.init(participant: id, line: line, how: "the Flutter plugins are registered (the app ships `\(file)`)"))
            } else if source.kind == .flutter, let dart = source.dartStartCalls.first(where: { call in info.startCalls.contains { $0.language == "dart" && $0.text == call.call } }) {
                // Dart's call reaches the native side over a platform channel, handled on the main thread once the
                // launch method returned (the participant's `start-call dart` line names the call and its source).
                starts.append(.init(participant: id, line: SourceSetup.Start.afterLaunch,
                                    how: "Dart calls `\(dart.call)` (`\(dart.file):\(dart.line)`), after the launch method returns"))
            } else {
                unplaced.append(id)
            }
        }
        guard unplaced.isEmpty || delegateLine == nil else {
            return (nil, "`\(source.file)` shows no start of " + unplaced.map { "`\($0)`" }.joined(separator: ", ")
                    + " the reader recognises, so the lab cannot tell where the app sets its notification delegate against "
                    + (unplaced.count == 1 ? "it" : "them"))
        }
        // Start order: +load first, then by line; SDKs started on one line keep the set's order (the lab runs them all).
        let ordered = starts.enumerated().sorted { a, b in
            let (la, lb) = (a.element.line ?? 0, b.element.line ?? 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
        guard let delegateLine else {
            var result = SourceSetup(file: source.setupFile, delegateLine: nil, starts: ordered, setup: AppSetup(setAfter: nil, setBefore: []))
            result.unplaced = unplaced
            result.withoutSuper = withoutSuper(source)
            return (judged(result, verdict), nil)
        }
        let setup = AppSetup(setAfter: ordered.filter { ($0.line ?? 0) < delegateLine }.map(\.participant),
                             setBefore: ordered.filter { ($0.line ?? 0) > delegateLine }.map(\.participant),
                             atLaunch: ordered.filter { $0.how == "at +load" }.map(\.participant))
        var result = SourceSetup(file: source.setupFile, delegateLine: delegateLine, starts: ordered, setup: setup)
        result.withoutSuper = withoutSuper(source)
        return (judged(result, verdict), nil)
    }

    /// A Flutter app delegate's notification methods that do not pass the event to `super`.
    static func withoutSuper(_ source: AppDelegateSource) -> [AppDelegateSource.Completion] {
        source.kind == .flutter ? source.completions.filter { !$0.callsSuper } : []
    }

    /// On a UIKit app's app-delegate host: the shape of the app delegate the source declares (the methods it lacks of
    /// those the lab varies). UIApplicationMain sets it before any SDK starts: `+load` hooks come before, the others after.
    static func appDelegateSetup(_ verdict: HostVerdict, source: AppDelegateSource, participants: [ParticipantInfo]) -> SourceSetup? {
        guard let lacks = source.lacks, source.kind == .uikit || source.kind == .reactNative else { return nil }
        let starts = verdict.participants.compactMap { id in participants.first { $0.id == id } }.map { info in
            SourceSetup.Start(participant: info.id, line: nil, how: info.hooksOnlyAtLoad ? "at +load" : "in didFinishLaunching")
        }
        let setup = AppSetup(setAfter: starts.filter { $0.how == "at +load" }.map(\.participant),
                             setBefore: starts.filter { $0.how != "at +load" }.map(\.participant), lacks: lacks,
                             atLaunch: starts.filter { $0.how == "at +load" }.map(\.participant))
        var result = SourceSetup(file: source.file, delegateLine: source.line, starts: starts, setup: setup)
        result.lacks = lacks
        return judged(result, verdict)
    }

    /// The outcome of the scenarios with `result`'s set-up, over the orders that agree with its start lines.
    static func judged(_ result: SourceSetup, _ verdict: HostVerdict) -> SourceSetup {
        var result = result
        result.othersFail = !verdict.advice.evaluation.allPass
        let evaluation = verdict.advice.evaluation
        for order in evaluation.results where evaluation.isPossible(order.order) && agrees(order.installs, result.starts) {
            for run in order.setups where same(run.setup, result.setup) {
                result.outcome = max(result.outcome ?? .ok, run.outcome)
            }
            if result.finding == nil, let failure = order.failures.first(where: { same(AppSetup(steps: $0.scenario.steps), result.setup) }) {
                result.finding = failure.findings.mostSevere
            }
        }
        return result
    }

    /// Whether an install order agrees with the start lines: each pair started on two different lines installs in that order.
    static func agrees(_ installs: [String], _ starts: [SourceSetup.Start]) -> Bool {
        for a in starts { for b in starts where (a.line ?? 0) < (b.line ?? 0) {
            guard let i = installs.firstIndex(of: a.participant), let j = installs.firstIndex(of: b.participant), i < j else { return false }
        } }
        return true
    }

    /// Whether a scenario's set-up is the one the source shows (the app sets its delegate once, nothing later).
    static func same(_ a: AppSetup, _ setup: AppSetup) -> Bool {
        a.then == nil && Set(a.lacks) == Set(setup.lacks) && a.setAfter.map(Set.init) == setup.setAfter.map(Set.init)
            && Set(a.setBefore) == Set(setup.setBefore)
    }

    /// The notification-center set-up run again with the app's own completion-handler calls, when its delegate (the
    /// app delegate, `delegate = self`) calls a handler of an event the host fires later or never: each scenario of
    /// the agreeing orders with that set-up, with the matching `delegate-completes` steps first. Unchanged otherwise.
    static func completing(_ setup: SourceSetup, _ verdict: HostVerdict, source: AppDelegateSource, events: [String],
                           generator: ScenarioGenerator, runner: () -> ScenarioRunning) -> SourceSetup {
        let shaped = source.completions.filter { $0.step != nil && events.contains($0.selector) }
        // A Flutter app's own overrides that skip `super` run as `delegate-overrides`: the plugins behind FlutterAppDelegate
        // then never get those events, whatever the SDKs do.
        let overrides = verdict.host.hasSuffix("@flutter") ? setup.withoutSuper.map(\.selector).filter(events.contains).uniqued() : []
        guard setup.lacks == nil, source.notificationDelegateIsSelf, !shaped.isEmpty || !overrides.isEmpty else { return setup }
        var result = setup
        result.completions = shaped
        result.ranOverrides = !overrides.isEmpty
        result.outcome = nil
        result.finding = nil
        var steps = shaped.compactMap(\.step)
        if !overrides.isEmpty { steps.insert(.delegateOverrides(overrides), at: 0) }
        let run = runner()
        let evaluation = verdict.advice.evaluation
        for order in evaluation.results where evaluation.isPossible(order.order) && agrees(order.installs, setup.starts) {
            for scenario in generator.scenarios(for: Matrix.Cell(host: verdict.host, order: order.order, config: order.config))
            where same(AppSetup(steps: scenario.steps), setup.setup) {
                var completing = scenario
                completing.steps.insert(contentsOf: steps, at: 0)
                let findings = run.run(completing).findings
                // The worst run, the first of equals, gives the finding.
                if result.outcome.map({ findings.outcome > $0 }) ?? true {
                    result.outcome = findings.outcome
                    result.finding = findings.outcome == .ok ? nil : findings.mostSevere
                }
            }
        }
        return result
    }
}

extension Scan.SourceSetup {
    /// "`AppDelegate.swift:39` sets `UNUserNotificationCenter.delegate` after `fcm` starts (`:33`, `FirebaseApp.configure()`)
    /// and before `rnfb:double-call` starts (`:46`, the app's native modules are registered)."
    public var sentence: String {
        if let lacks {
            let shape = lacks.isEmpty ? "implements every app-delegate method the lab varies"
                : "lacks " + lacks.map { "`\($0)`" }.joined(separator: " and ")
            return "the app delegate `\(file):\(delegateLine ?? 1)` \(shape); UIKit sets it before any SDK starts"
        }
        func list(_ starts: [Start]) -> String {
            starts.map { s in "`\(s.participant)` (" + (s.line.flatMap { $0 == Start.afterLaunch ? nil : "`:\($0)`, \(s.how)" } ?? s.how) + ")" }.joined(separator: ", ")
        }
        var text: String
        if let delegateLine {
            let before = starts.filter { ($0.line ?? 0) > delegateLine }, after = starts.filter { ($0.line ?? 0) < delegateLine }
            text = "`\(file):\(delegateLine)` sets `UNUserNotificationCenter.delegate`"
            if !after.isEmpty { text += " after " + list(after) + " start" + (after.count == 1 ? "s" : "") }
            if !before.isEmpty { text += (after.isEmpty ? "" : " and") + " before " + list(before) + " start" + (before.count == 1 ? "s" : "") }
        } else {
            // How scan read it: no line of the app's source sets it.
            text = "no line of your app's source sets `UNUserNotificationCenter.delegate` (the reader looked in `\(file)` and the "
                + "app's other sources), so the lab ran the set-up where your app leaves the slot to its SDKs"
            if !starts.isEmpty { text += "; they start: " + list(starts) }
            if !unplaced.isEmpty {
                text += (starts.isEmpty ? "; " : "; ") + "the source shows no start of " + unplaced.map { "`\($0)`" }.joined(separator: ", ")
                    + ", so every start order of " + (unplaced.count == 1 ? "it" : "them") + " was judged"
            }
        }
        if !withoutSuper.isEmpty {
            text += "; " + withoutSuper.map { c in
                "its `\(c.selector.contains("willPresent") ? "willPresent" : "didReceive")` (`\(c.file):\(c.line)`) does not call `super`"
            }.joined(separator: " and ") + ", so `FlutterAppDelegate` never passes " + (withoutSuper.count == 1 ? "that event" : "those events")
                + " on to the Flutter plugins behind it, which lose " + (withoutSuper.count == 1 ? "it" : "them") + " whatever the SDKs do"
                + (ranOverrides ? " (the lab ran the set-up with " + (withoutSuper.count == 1 ? "it" : "them") + ")" : " (read from the source, not run)")
        }
        // How its own methods complete, when not at once as the lab's delegate does: the set-up was run that way.
        if !completions.isEmpty {
            text += "; " + completions.map(\.sentence).joined(separator: ", and ") + " (the lab ran the set-up with "
                + (completions.count == 1 ? "it" : "them") + ")"
        }
        return text
    }

    /// The verdict for that set-up in words.
    public var verdict: String {
        guard let outcome else { return "the lab ran no scenario with this set-up, so the verdict below is over every set-up" }
        guard outcome != .ok, let finding else {
            return (lacks == nil ? "✅ every install order the lines allow passes under this set-up" : "✅ every install order passes under this set-up")
                + (othersFail ? "; the failures below need another set-up" : "")
        }
        return "\(outcome.symbol) \(outcome.rawValue) under this set-up: \(finding.kind.rawValue): \(finding.message)"
    }
}
