// Input checks before anything runs: a typo in a scenario file is bad input (exit 2, file:line), never a finding.
import LibraryModels

extension Scenario {
    /// The 1-based line of each step of a file's text, in step order (the lines ``parse`` turns into steps).
    package static func stepLineNumbers(_ text: String) -> [Int] {
        var numbers: [Int] = []
        for (index, line) in lines(of: text).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let keyword = words(content).first else { continue }
            if !["host", "config", "expect", "expect-ran"].contains(keyword) { numbers.append(index + 1) }
        }
        return numbers
    }

    /// Checks every name and count a run would otherwise trip over: events the host fires, app objects released
    /// before they exist, verbs of libraries the file never loads, classes and objects of method targets,
    /// `aspects.remove N` within the hooks installed so far.
    /// - Parameters:
    ///   - file: The file's name as the user wrote it.
    ///   - lines: Each step's file line (``stepLineNumbers(_:)``); missing entries fall back to the step number.
    ///   - hosts: The known hosts (for their events).
    ///   - participants: The known participants.
    /// - Throws: ``ScenarioFileError`` at the first offending line.
    public func validate(file: String, lines: [Int], hosts: [HostInfo], participants: [ParticipantInfo]) throws(ScenarioFileError) {
        if MethodTarget.isTarget(host) {
            try validateMethodHooks(file: file, lines: lines)
            return
        }
        let info = hosts.first { $0.name == host }
        let loaded = self.participants
        var names: [String] = []
        for (index, step) in steps.enumerated() {
            let line = index < lines.count ? lines[index] : index + 1
            func fail(_ message: String) -> ScenarioFileError { ScenarioFileError(file: file, line: line, message: message) }
            switch step {
            case .fire(let selector):
                if let info, !info.events.contains(selector) {
                    throw fail("\(host) does not fire '\(Scenario.clip(selector))'\(Scenario.suggestion(selector, info.events)); it fires \(info.events.joined(separator: ", "))")
                }
            case .setDelegate(let name), .assignDelegate(let name):
                if !names.contains(name) { names.append(name) }
            case .release(let name):
                guard names.contains(name) else {
                    let known = names.isEmpty ? "no app object is named before this line" : "the app's objects so far: \(names.joined(separator: ", "))"
                    throw fail("release \(Scenario.clip(name)): no app object called \(Scenario.clip(name))\(Scenario.suggestion(name, names)); \(known)")
                }
            case .verb(let family, let verb, let args):
                let ids = loaded.filter { id in participants.first { $0.id == id }?.family == family }
                guard !ids.isEmpty else {
                    let example = participants.first { $0.family == family && $0.hosts.contains(host) }
                    let add = example.map { " add '\($0.hasAttach ? "attach" : "load") \($0.id)' first" } ?? " no \(family) participant supports \(host)"
                    throw fail("\(family).\(verb) needs a \(family) participant, and this file loads none;\(add)")
                }
                // The delegate names a verb hands over or observes (`rx.setDelegate app2`).
                for arg in args where !names.contains(arg) && !arg.contains(":") { names.append(arg) }
            case .raw(let keyword, _):
                throw fail("'\(keyword)' lines need a method-hook target as the host, e.g. 'host ViewController -viewWillAppear:'")
            case .load, .attach, .drain, .teardown:
                break
            }
        }
    }

    /// The method-target half of ``validate(file:lines:hosts:participants:)``.
    func validateMethodHooks(file: String, lines: [Int]) throws(ScenarioFileError) {
        var classes = ["NSObject", "NSProxy"] + MethodHookWorld.builtIns.map(\.name)
        var objects: [String] = []
        var aspectsHooks = 0
        for (index, step) in steps.enumerated() {
            let line = index < lines.count ? lines[index] : index + 1
            func fail(_ message: String) -> ScenarioFileError { ScenarioFileError(file: file, line: line, message: message) }
            func needClass(_ name: String) throws(ScenarioFileError) {
                guard classes.contains(name) else {
                    throw fail("no class called \(Scenario.clip(name))\(Scenario.suggestion(name, classes)); declare it first with 'class \(Scenario.clip(name)) : SUPER'")
                }
            }
            func needReceiver(_ name: String) throws(ScenarioFileError) {
                guard objects.contains(name) || classes.contains(name) else {
                    throw fail("no object or class called \(Scenario.clip(name))\(Scenario.suggestion(name, objects + classes)); declare it first with 'object \(Scenario.clip(name)) CLASS'")
                }
            }
            func count(_ n: Int, _ usage: String, _ args: [String]) throws(ScenarioFileError) {
                guard args.count >= n else { throw fail(usage) }
            }
            switch step {
            case .raw("class", let args):
                guard args.count >= 3, args[1] == ":" else { throw fail("'class' takes 'NAME : SUPER [SEL ...] [calls-super]'") }
                if classes.contains(args[0]) {
                    let builtIn = MethodHookWorld.builtIns.contains { $0.name == args[0] } || ["NSObject", "NSProxy"].contains(args[0])
                    throw fail("class \(Scenario.clip(args[0])) \(builtIn ? "exists on every method target" : "is declared twice"); pick another name")
                }
                try needClass(args[2])
                classes.append(args[0])
            case .raw("object", let args):
                guard args.count == 2 else { throw fail("'object' takes a name and a class: 'object vc ViewController'") }
                guard !objects.contains(args[0]) else { throw fail("object \(Scenario.clip(args[0])) is declared twice") }
                try needClass(args[1])
                objects.append(args[0])
            case .raw("call", let args):
                guard args.count == 2 else { throw fail("'call' takes an object and a selector: 'call vc viewWillAppear:'") }
                try needReceiver(args[0])
            case .raw(let keyword, _):
                throw fail("unknown line '\(keyword)'")
            case .verb(let family, let verb, let args):
                switch (family, verb) {
                case ("aspects", "hook"):
                    try count(3, "'aspects.hook' takes CLASS|OBJECT SEL before|instead|after", args)
                    try needReceiver(args[0])
                    guard ["before", "instead", "after"].contains(args[2]) else {
                        throw fail("aspects.hook position must be before, instead or after, not '\(Scenario.clip(args[2]))'")
                    }
                    aspectsHooks += 1
                case ("aspects", "remove"):
                    try count(1, "'aspects.remove' takes N, the N-th aspects.hook of the scenario", args)
                    guard let n = Int(args[0]), (1...max(aspectsHooks, 1)).contains(n), aspectsHooks > 0 else {
                        throw fail("aspects.remove \(Scenario.clip(args[0])): expected a number from 1 to \(aspectsHooks), the aspects.hook lines so far" + (aspectsHooks == 0 ? " (there are none)" : ""))
                    }
                case ("jspatch", "override"):
                    try count(2, "'jspatch.override' takes CLASS SEL [calls-orig|calls-super]", args)
                    try needClass(args[0])
                    if args.count > 2, !["calls-orig", "calls-super"].contains(args[2]) {
                        throw fail("jspatch.override takes calls-orig or calls-super, not '\(Scenario.clip(args[2]))'")
                    }
                case ("swizzle", "exchange"):
                    try count(2, "'swizzle.exchange' takes CLASS SEL [prefix P] [no-add]", args)
                    try needClass(args[0])
                    var options = Array(args.dropFirst(2))
                    if let i = options.firstIndex(of: "prefix") {
                        guard i + 1 < options.count else { throw fail("swizzle.exchange prefix takes a name, e.g. 'prefix sdk_'") }
                        options.removeSubrange(i...i + 1)
                    }
                    if let extra = options.first(where: { $0 != "no-add" }) {
                        throw fail("swizzle.exchange takes 'prefix P' and 'no-add', not '\(Scenario.clip(extra))'")
                    }
                case ("swizzle", "imp"):
                    try count(2, "'swizzle.imp' takes CLASS SEL", args)
                    try needClass(args[0])
                case ("xaspect", "patch"):
                    try count(3, "'xaspect.patch' takes NAME CLASS SEL [no-forward]", args)
                    try needClass(args[1])
                case ("rac", "signal"):
                    try count(2, "'rac.signal' takes OBJECT SEL", args)
                    try needReceiver(args[0])
                case ("kvo", "observe"), ("kvo", "remove"):
                    try count(2, "'kvo.\(verb)' takes OBJECT KEY", args)
                    try needReceiver(args[0])
                case (_, DeclaredHookStep.verb):
                    try count(4, "'\(family).\(verb)' takes CLASS|OBJECT SEL exchange|imp|forward-invocation|subclass ID", args)
                    try needReceiver(args[0])
                    guard DeclaredMethodHook.Mechanism(rawValue: args[2]) != nil else {
                        throw fail("\(family).\(verb) mechanism must be exchange, imp, forward-invocation or subclass, not '\(Scenario.clip(args[2]))'")
                    }
                default:
                    throw fail("\(family).\(verb) is not a method-hook verb; method targets take aspects.hook, aspects.remove, jspatch.override, swizzle.exchange, swizzle.imp, xaspect.patch, rac.signal, kvo.observe, kvo.remove")
                }
            case .drain:
                break
            default:
                throw fail("'\(step.line)' is a delegate-host step; method-hook targets take class, object, call and library verbs")
            }
        }
    }
}
