// Input checks before anything runs: a typo in a scenario file is bad input (exit 2, file:line), never a finding.
import LibraryModels
import UIKitModel

extension Scenario {
    /// The 1-based line of each step of a file's text, in step order (the lines ``parse`` turns into steps).
    package static func stepLineNumbers(_ text: String) -> [Int] {
        var numbers: [Int] = []
        for (index, line) in lines(of: text).enumerated() {
            let content = Scenario.content(of: line)
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
        // The app's object names in the order they appear (for messages), and as a set (a file may name 100,000).
        var names: [String] = []
        var named: Set<String> = []
        var lacked: [String] = []
        for (index, step) in steps.enumerated() {
            let line = index < lines.count ? lines[index] : index + 1
            func fail(_ message: String) -> ScenarioFileError { ScenarioFileError(file: file, line: line, message: message) }
            if step.isDelegateShape {
                guard steps[..<index].allSatisfy(\.isDelegateShape) else {
                    throw fail("'\(Scenario.clip(step.line))' says how the app's delegate class is written; put it before the first step")
                }
                guard let methods = info?.delegateMethods else {
                    let hosts = hosts.filter { $0.delegateMethods != nil }.map(\.name)
                    throw fail("'\(step.line.split(separator: " ")[0])' describes the app's delegate on \(hosts.joined(separator: ", ")), not on \(host)")
                }
                switch step {
                case .delegateLacks(let selectors):
                    for selector in selectors where !methods.contains(selector) {
                        throw fail("delegate-lacks: \(host)'s delegate protocol has no method '\(Scenario.clip(selector))'\(Scenario.suggestion(selector, methods)); it has \(methods.joined(separator: ", "))")
                    }
                    lacked += selectors
                case .delegateCompletes(let selector, _, _):
                    let handlers = methods.filter { $0.hasSuffix("ompletionHandler:") }
                    guard handlers.contains(selector) else {
                        throw fail("delegate-completes: '\(Scenario.clip(selector))' is not a method of \(host)'s delegate that takes a completion handler\(Scenario.suggestion(selector, handlers)); those are \(handlers.joined(separator: ", "))")
                    }
                    guard !lacked.contains(selector) else { throw fail("delegate-completes \(selector): an earlier delegate-lacks line says the app's delegate does not implement it") }
                case .delegateOverrides(let selectors):
                    // Only a Flutter app's AppDelegate inherits methods that fan out to plugins (FlutterAppDelegate.mm).
                    let inherited = FlutterApp.notificationEvents + FlutterApp.appEvents
                    guard info?.framework == "flutter" else {
                        throw fail("'delegate-overrides' describes a Flutter app's AppDelegate (a FlutterAppDelegate subclass); use it on a @flutter host, not \(host)")
                    }
                    for selector in selectors where !inherited.contains(selector) || !methods.contains(selector) {
                        let own = inherited.filter(methods.contains)
                        throw fail("delegate-overrides: '\(Scenario.clip(selector))' is not a method \(host)'s FlutterAppDelegate passes to its plugins\(Scenario.suggestion(selector, own)); those are \(own.joined(separator: ", "))")
                    }
                default: break
                }
                continue
            }
            switch step {
            case .fire(let selector):
                if let info, !info.events.contains(selector) {
                    throw fail("\(host) does not fire '\(Scenario.clip(selector))'\(Scenario.suggestion(selector, info.events)); it fires \(info.events.joined(separator: ", "))")
                }
            case .fireWhileDeallocating(let name, let selector):
                if let info, !info.events.contains(selector) {
                    throw fail("\(host) does not fire '\(Scenario.clip(selector))'\(Scenario.suggestion(selector, info.events)); it fires \(info.events.joined(separator: ", "))")
                }
                guard named.contains(name) else {
                    let known = names.isEmpty ? "no app object is named before this line" : "the app's objects so far: \(names.joined(separator: ", "))"
                    throw fail("fire-while-deallocating \(Scenario.clip(name)): no app object called \(Scenario.clip(name))\(Scenario.suggestion(name, names)); \(known)")
                }
            case .setDelegate(let name), .assignDelegate(let name):
                if named.insert(name).inserted { names.append(name) }
            case .release(let name):
                guard named.contains(name) else {
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
                for arg in args where !arg.contains(":") && named.insert(arg).inserted { names.append(arg) }
            case .raw(let keyword, _):
                throw fail("'\(keyword)' lines need a method-hook target as the host, e.g. 'host ViewController -viewWillAppear:'")
            case .invalidateSession:
                guard info?.delegateAtCreation != nil else { throw fail("'invalidate-session' invalidates a URL session; it needs 'host NSURLSession', not \(host)") }
            case .load, .attach, .drain, .teardown, .delegateLacks, .delegateCompletes, .delegateOverrides:
                break
            }
        }
    }

    /// The method-target half of ``validate(file:lines:hosts:participants:)``.
    func validateMethodHooks(file: String, lines: [Int]) throws(ScenarioFileError) {
        var declared = MethodHookDeclarations(file: file)
        for (index, step) in steps.enumerated() {
            let line = index < lines.count ? lines[index] : index + 1
            declared.line = line
            // Not `declared.fail`: a closure over `declared` would hold a copy of its sets, and every declaration after
            // it would copy them again (quadratic in the file's classes).
            func fail(_ message: String) -> ScenarioFileError { ScenarioFileError(file: file, line: line, message: message) }
            switch step {
            case .raw("class", let args):
                guard args.count >= 3, args[1] == ":" else { throw fail("'class' takes 'NAME : SUPER [SEL ...] [calls-super]'") }
                if declared.hasClass(args[0]) {
                    let builtIn = MethodHookWorld.builtIns.contains { $0.name == args[0] } || ["NSObject", "NSProxy"].contains(args[0])
                    throw fail("class \(Scenario.clip(args[0])) \(builtIn ? "exists on every method target" : "is declared twice"); pick another name")
                }
                try declared.needClass(args[2])
                declared.declareClass(args[0])
            case .raw("object", let args):
                guard args.count == 2 else { throw fail("'object' takes a name and a class: 'object vc ViewController'") }
                guard !declared.hasObject(args[0]) else { throw fail("object \(Scenario.clip(args[0])) is declared twice") }
                try declared.needClass(args[1])
                declared.declareObject(args[0])
            case .raw("call", let args):
                guard args.count == 2 else { throw fail("'call' takes an object and a selector: 'call vc viewWillAppear:'") }
                try declared.needReceiver(args[0])
            case .raw(let keyword, _):
                throw fail("unknown line '\(keyword)'")
            case .verb(let family, let verb, let args):
                if verb == DeclaredHookStep.verb {
                    try declared.count(4, "'\(family).\(verb)' takes CLASS|OBJECT SEL exchange|imp|forward-invocation|subclass ID", args)
                    try declared.needReceiver(args[0])
                    guard DeclaredMethodHook.Mechanism(rawValue: args[2]) != nil else {
                        throw fail("\(family).\(verb) mechanism must be exchange, imp, forward-invocation or subclass, not '\(Scenario.clip(args[2]))'")
                    }
                } else if try MethodHookLibraries.all.first(where: { $0.family == family })?.type.validate(verb, args, &declared) != true {
                    let verbs = SwiftModel.methodHookMechanisms.flatMap { info -> [String] in info.hookInstalls + info.otherVerbs }
                        .compactMap { $0.split(separator: " ").first.map(String.init) }.uniqued()
                    throw fail("\(family).\(verb) is not a method-hook verb; method targets take \(verbs.joined(separator: ", "))")
                }
            case .drain:
                break
            default:
                throw fail("'\(step.line)' is a delegate-host step; method-hook targets take class, object, call and library verbs")
            }
        }
    }
}

/// What a method-hook scenario declared up to a step, for checking a library verb's arguments before anything runs
/// (each library's `validate`, Participants/MethodHookLibraries.swift).
struct MethodHookDeclarations {
    /// In declaration order, for suggestions; the sets answer "declared?" in constant time, so a file of 100,000
    /// classes is checked in linear time (issue 30: 50,000 took 5 s in release with array lookups).
    private(set) var classes = ["NSObject", "NSProxy"] + MethodHookWorld.builtIns.map(\.name)
    private(set) var objects: [String] = []
    private var classSet = Set(["NSObject", "NSProxy"] + MethodHookWorld.builtIns.map(\.name))
    private var objectSet: Set<String> = []
    /// How many lines of each `family.verb` came before (`aspects.remove N` names the N-th `aspects.hook`).
    var counts: [String: Int] = [:]
    let file: String
    var line = 1

    init(file: String) { self.file = file }

    func fail(_ message: String) -> ScenarioFileError { ScenarioFileError(file: file, line: line, message: message) }

    func hasClass(_ name: String) -> Bool { classSet.contains(name) }
    func hasObject(_ name: String) -> Bool { objectSet.contains(name) }
    mutating func declareClass(_ name: String) {
        classes.append(name)
        classSet.insert(name)
    }
    mutating func declareObject(_ name: String) {
        objects.append(name)
        objectSet.insert(name)
    }

    func needClass(_ name: String) throws(ScenarioFileError) {
        guard classSet.contains(name) else {
            throw fail("no class called \(Scenario.clip(name))\(Scenario.suggestion(name, classes)); declare it first with 'class \(Scenario.clip(name)) : SUPER'")
        }
    }

    func needReceiver(_ name: String) throws(ScenarioFileError) {
        guard objectSet.contains(name) || classSet.contains(name) else {
            throw fail("no object or class called \(Scenario.clip(name))\(Scenario.suggestion(name, objects + classes)); declare it first with 'object \(Scenario.clip(name)) CLASS'")
        }
    }

    /// Fails with `usage` unless there are at least `n` arguments.
    func count(_ n: Int, _ usage: String, _ args: [String]) throws(ScenarioFileError) {
        guard args.count >= n else { throw fail(usage) }
    }
}
