// The `.hooklab` line format (DESIGN.md, "Scenario files"): parser and printer.

extension Scenario {
    /// The generic verbs of the file format, in the order the help text lists them.
    public static let fileVerbs = ["host", "config", "load", "attach", "set-delegate", "assign-delegate", "fire", "release",
                                   "fire-while-deallocating", "drain", "teardown", "invalidate-session", "delegate-lacks", "delegate-completes",
                                   "expect", "expect-includes", "expect-ran"]

    /// Reads a scenario from the text of a `.hooklab` file.
    ///
    /// One step per line; `#` starts a comment; blank lines are ignored. `host` and `config` must each
    /// appear exactly once. When a registry is given, participant ids, verb families, verbs and host
    /// names are checked against it, as is each participant's support for the host and for load or attach.
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The file's name as the user wrote it; errors start with it.
    ///   - participants: The known participants, or nil to skip participant checks.
    ///   - hosts: The known host names, or nil to skip the host check.
    /// - Returns: The scenario; its ``fileText`` parses back to an equal value.
    /// - Throws: ``ScenarioFileError`` naming the file, the line and what was expected.
    public static func parse(text: String, file: String, participants: [ParticipantInfo]? = nil,
                             hosts: [String]? = nil) throws(ScenarioFileError) -> Scenario {
        var host: (name: String, line: Int)?
        var config: (value: Configuration, line: Int)?
        var steps: [Step] = []
        var participantLines: [(id: String, line: Int)] = []
        var expect: [Finding.Kind] = []
        var expectIncludes: [Finding.Kind] = []
        var expectRan: [String]?
        let lines = lines(of: text)
        let table = participants.map(ParticipantTable.init)

        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            func fail(_ message: String) -> ScenarioFileError {
                ScenarioFileError(file: file, line: number, message: message)
            }
            let content = Scenario.content(of: rawLine)
            let tokens = words(content)
            guard let keyword = tokens.first else { continue }
            let args = Array(tokens.dropFirst())

            switch keyword {
            case "host":
                // A method-hook target is two words: `host ViewController -viewWillAppear:`.
                guard args.count == 1 || args.count == 2 else {
                    throw fail("'host' takes one host name, e.g. 'host UIWebView', or a method target, e.g. 'host ViewController -viewWillAppear:'")
                }
                let name = args.joined(separator: " ")
                if let host { throw fail("'host' given twice; first at line \(host.line)") }
                if let hosts, !hosts.contains(name), !MethodTarget.isTarget(name) {
                    throw fail("unknown host '\(clip(name))'\(suggestion(name, hosts)); expected one of \(hosts.joined(separator: ", "))")
                }
                host = (name, number)
            case "config":
                guard args.count == 1, let value = Configuration(rawValue: args[0]) else {
                    throw fail("'config' takes debug or release")
                }
                if let config { throw fail("'config' given twice; first at line \(config.line)") }
                config = (value, number)
            case "expect", "expect-includes":
                guard !args.isEmpty else { throw fail("'\(keyword)' takes one or more finding kinds") }
                for arg in args {
                    guard let kind = Finding.Kind(rawValue: arg) else {
                        let kinds = Finding.Kind.allCases.map(\.rawValue)
                        throw fail("unknown finding kind '\(clip(arg))'\(suggestion(arg, kinds)); expected one of \(kinds.joined(separator: ", "))")
                    }
                    if keyword == "expect" { expect.append(kind) } else { expectIncludes.append(kind) }
                }
            case "expect-ran":
                expectRan = (expectRan ?? []) + args
            default:
                guard let step = try Step(tokens: tokens, file: file, lineNumber: number, participants: table) else {
                    throw fail("not a step") // unreachable: header verbs are handled above
                }
                if case .load(let id) = step { participantLines.append((id, number)) }
                if case .attach(let id) = step { participantLines.append((id, number)) }
                steps.append(step)
            }
        }

        guard let host else {
            throw ScenarioFileError(file: file, line: 1, message: "missing 'host' line; expected e.g. 'host UIWebView'")
        }
        guard let config else {
            throw ScenarioFileError(file: file, line: host.line, message: "missing 'config' line; expected 'config debug' or 'config release'")
        }
        if let participants {
            for (id, line) in participantLines {
                if let info = participants.first(where: { $0.id == id }), !info.hosts.contains(host.name) {
                    throw ScenarioFileError(file: file, line: line,
                        message: "\(id) does not support host \(host.name); it supports \(info.hosts.joined(separator: ", "))")
                }
            }
        }
        var scenario = Scenario(host: host.name, config: config.value, steps: steps, expect: expect, expectRan: expectRan)
        scenario.expectIncludes = expectIncludes
        return scenario
    }

    /// The scenario as `.hooklab` text that ``parse(text:file:participants:hosts:)`` reads back to an equal value.
    ///
    /// Arguments are written as they are, so they must not contain whitespace or `#`; generated and
    /// parsed scenarios never do.
    public var fileText: String {
        var lines = ["host \(host)", "config \(config.rawValue)"]
        lines += steps.map(\.line)
        if !expect.isEmpty { lines.append((["expect"] + expect.map(\.rawValue)).joined(separator: " ")) }
        if !expectIncludes.isEmpty { lines.append((["expect-includes"] + expectIncludes.map(\.rawValue)).joined(separator: " ")) }
        if let expectRan { lines.append((["expect-ran"] + expectRan).joined(separator: " ")) }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Scenario.Step {
    /// Reads one step line (no comment), without a registry; nil for header lines (`host`, `expect`…).
    init?(line: String, file: String, lineNumber: Int) throws(ScenarioFileError) {
        let tokens = Scenario.words(line)
        guard let first = tokens.first, !["host", "config", "expect", "expect-includes", "expect-ran"].contains(first) else { return nil }
        guard let step = try Scenario.Step(tokens: tokens, file: file, lineNumber: lineNumber, participants: nil as Scenario.ParticipantTable?) else { return nil }
        self = step
    }

    /// Reads the step whose tokens are given; checks participants and verbs when a registry is given.
    init?(tokens: [String], file: String, lineNumber: Int, participants: Scenario.ParticipantTable?) throws(ScenarioFileError) {
        guard let keyword = tokens.first else { return nil }
        let args = Array(tokens.dropFirst())
        func fail(_ message: String) -> ScenarioFileError {
            ScenarioFileError(file: file, line: lineNumber, message: message)
        }
        func one(_ what: String) throws(ScenarioFileError) -> String {
            guard args.count == 1 else { throw fail("'\(keyword)' takes one \(what)") }
            return args[0]
        }
        func participant(_ requirement: KeyPath<ParticipantInfo, Bool>, _ lacking: String) throws(ScenarioFileError) -> String {
            let id = try one("participant id, e.g. '\(keyword) tracker:proxy'")
            guard let participants else { return id }
            guard let info = participants[id] else {
                let ids = participants.all.map(\.id)
                throw fail("unknown participant '\(Scenario.clip(id))'\(Scenario.suggestion(id, ids)); expected one of \(ids.joined(separator: ", "))")
            }
            guard info[keyPath: requirement] else { throw fail("\(id) \(lacking)") }
            return id
        }

        switch keyword {
        case "load": self = .load(try participant(\.hasLoad, "has no load-time hooks; use 'attach \(args.first ?? "")'"))
        case "attach": self = .attach(try participant(\.hasAttach, "has no runtime attach; use 'load \(args.first ?? "")'"))
        case "set-delegate": self = .setDelegate(try one("delegate name, e.g. 'set-delegate app'"))
        case "assign-delegate": self = .assignDelegate(try one("delegate name, e.g. 'assign-delegate app'"))
        case "fire": self = .fire(try one("selector, e.g. 'fire scrollViewDidScroll:'"))
        case "release": self = .release(try one("name, e.g. 'release app'"))
        case "fire-while-deallocating":
            guard args.count == 2 else {
                throw fail("'fire-while-deallocating' takes the app object that deallocates and the event the host sends meanwhile, e.g. 'fire-while-deallocating app scrollViewDidScroll:'")
            }
            self = .fireWhileDeallocating(name: args[0], selector: args[1])
        case "drain", "teardown", "invalidate-session":
            guard args.isEmpty else { throw fail("'\(keyword)' takes no arguments") }
            self = keyword == "drain" ? .drain : keyword == "teardown" ? .teardown : .invalidateSession
        case "delegate-lacks":
            guard !args.isEmpty else { throw fail("'delegate-lacks' takes one or more selectors, e.g. 'delegate-lacks application:continueUserActivity:restorationHandler:'") }
            self = .delegateLacks(args)
        case "delegate-overrides":
            guard !args.isEmpty else { throw fail("'delegate-overrides' takes one or more selectors the Flutter app's AppDelegate overrides without calling super, e.g. 'delegate-overrides userNotificationCenter:willPresentNotification:withCompletionHandler:'") }
            self = .delegateOverrides(args)
        case "delegate-completes":
            // `async`: the app keeps the handler and calls it after the event returns (RNFB #9049).
            let async = args.count >= 2 && args.last == "async"
            let rest = async ? Array(args.dropLast()) : args
            guard rest.count == 2 || rest.count == 1 else {
                throw fail("'delegate-completes' takes a selector, a count and 'async' if the app calls the handler after the event returns, e.g. 'delegate-completes application:didReceiveRemoteNotification:fetchCompletionHandler: 2' or 'delegate-completes userNotificationCenter:willPresentNotification:withCompletionHandler: 1 async'")
            }
            let count = rest.count == 2 ? rest[1] : "1"
            guard let n = Int(count), (0...2).contains(n) else {
                throw fail("delegate-completes \(Scenario.clip(rest[0])) \(Scenario.clip(count)): the count must be 0, 1 or 2 (how many times the app calls the completion handler)")
            }
            self = .delegateCompletes(rest[0], n, async: async)
        default:
            if Scenario.Step.extensionKeywords.contains(keyword) {
                self = .raw(keyword: keyword, args: args)
                return
            }
            guard let dot = keyword.firstIndex(of: ".") else {
                let known = Scenario.fileVerbs + Scenario.Step.extensionKeywords
                throw fail("unknown verb '\(Scenario.clip(keyword))'\(Scenario.suggestion(keyword, known)); expected one of \(known.joined(separator: ", ")), or a participant verb like rx.delegate")
            }
            let family = String(keyword[..<dot])
            let verb = String(keyword[keyword.index(after: dot)...])
            guard !family.isEmpty, !verb.isEmpty else { throw fail("'\(Scenario.clip(keyword))' is not a participant verb; expected FAMILY.VERB, e.g. rx.delegate") }
            if let participants {
                guard let verbs = participants.verbs(of: family) else {
                    let families = participants.families
                    throw fail("unknown participant family '\(Scenario.clip(family))' in '\(Scenario.clip(keyword))'\(Scenario.suggestion(family, families)); expected one of \(families.joined(separator: ", "))")
                }
                guard verbs.contains(keyword) else {
                    let list = verbs.isEmpty ? "\(family) has no verbs" : "expected one of \(verbs.joined(separator: ", "))"
                    throw fail("unknown verb '\(Scenario.clip(keyword))'\(Scenario.suggestion(keyword, verbs)); \(list)")
                }
            }
            self = .verb(family: family, verb: verb, args: args)
        }
    }
}

extension Scenario {
    /// The participants as a step's checks look them up, built once per file: by id, the families in catalog order,
    /// and each family's verbs (a file of 100,000 verb lines is read in linear time). The families and verbs are listed
    /// at the first verb line: a table of copies of every participant with every family's verbs, made for each file,
    /// was most of parsing a short one (`perf`, the scenario fuzz cases). A class, so a step's check fills it in place.
    final class ParticipantTable {
        let all: [ParticipantInfo]
        /// Each id's first position in ``all``.
        private let positions: [String: Int]
        private var verbsByFamily: [String: [String]]?

        init(_ participants: [ParticipantInfo]) {
            all = participants
            var positions = [String: Int](minimumCapacity: participants.count)
            for i in participants.indices where positions[participants[i].id] == nil { positions[participants[i].id] = i }
            self.positions = positions
        }

        subscript(id: String) -> ParticipantInfo? { positions[id].map { all[$0] } }

        /// The families in catalog order.
        private(set) lazy var families: [String] = all.map(\.family).uniqued()

        /// A family's verbs in catalog order; nil for a family the catalog lacks.
        func verbs(of family: String) -> [String]? {
            if verbsByFamily == nil {
                var verbs: [String: [String]] = [:]
                for i in all.indices { verbs[all[i].family, default: []] += all[i].verbNames }
                verbsByFamily = verbs.mapValues { $0.uniqued() }
            }
            return verbsByFamily?[family]
        }
    }

    /// "; did you mean 'x'?" for the closest candidate within two edits, or "".
    package static func suggestion(_ word: String, _ candidates: [String]) -> String {
        // A word far longer than any candidate cannot be within two edits; skip the quadratic search.
        guard word.utf8.count <= echoLimit else { return "" }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= 2, best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best.map { "; did you mean '\($0.0)'?" } ?? ""
    }

    /// The Levenshtein distance between two words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}

extension Array where Element: Hashable {
    /// The elements in order of first appearance, without repeats.
    func uniqued() -> [Element] {
        // A loop, not `filter` with a closure: the debug build `swift test` runs calls this unspecialized from the other
        // files, and there the generic `filter` and its closure were most of its cost.
        guard count > 1 else { return self }
        var seen = Set<Element>(minimumCapacity: count)
        var kept: [Element] = []
        kept.reserveCapacity(count)
        for element in self where seen.insert(element).inserted { kept.append(element) }
        return kept
    }
}
