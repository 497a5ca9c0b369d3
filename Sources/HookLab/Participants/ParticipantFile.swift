// Participant files (`Matrix/participants/<id>.hooklab`): an SDK's delegate-hooking mechanism declared by composing the
// primitives of LibraryModels' DeclaredSDK. The parser, the writer, and the participant that runs one.
import Foundation
import ObjCModel
import UIKitModel
import LibraryModels

/// One parsed participant file: the declared mechanism and the participant description built from it.
public struct ParticipantFile: Sendable {
    /// The declared mechanism the runtime model executes.
    public var sdk: DeclaredSDK
    /// The description the matrix, gate and report see.
    public var info: ParticipantInfo
    /// The file as the user named it.
    public var file: String
    /// One declared mechanism per host of a file with `for HOSTCLASS` sections (``sdk`` is the first); empty otherwise.
    public var sections: [DeclaredSDK] = []
    /// The declared method hook of a `hook` file; then ``sdk`` observes nothing and hooks no delegate.
    public var methodHook: DeclaredMethodHook?
    /// The declared task-class hook of a `task-classes` file; then ``sdk`` observes nothing and hooks no delegate.
    public var taskClassHook: DeclaredTaskClassHook?
    /// The index in ``SwiftModel/all`` of the mechanism a `model swift NAME` file selects; then ``sdk`` is unused.
    var swiftModel: Int?
    /// Its `cite` lines, for the check that each one's mechanism is used.
    var cites: [CiteLine] = []
    /// Its `setting NAME "TEXT"` lines: each makes a variant participant `ID:NAME` (ParticipantFile+Settings.swift).
    var settings: [SettingLine] = []

    public init(sdk: DeclaredSDK, info: ParticipantInfo, file: String, methodHook: DeclaredMethodHook? = nil) {
        self.sdk = sdk
        self.info = info
        self.file = file
        self.methodHook = methodHook
    }

    /// The directory, relative to a project root, whose `*.hooklab` files the CLI loads.
    public static let directory = "Matrix/participants"

    /// The host classes a participant file may hook (each in every SDK era the lab models).
    public static var hostClasses: [String] {
        var seen = Set<String>()
        return HostKind.all.map(\.className).filter { seen.insert($0).inserted }
    }

    static let keywords = ["participant", "family", "models", "design", "missed-event", "based-on", "observer", "start", "observe", "setter",
                           "wrap", "swizzle-class", "isa-subclass", "forwarding-target", "setimp", "handler", "refuse-if-set",
                           "returns", "action", "hook", "target", "package", "kvo-slot", "unless-conforms", "for", "version-of",
                           "passive", "isa-object", "getter", "era", "task-classes", "cite", "requires", "setting", "provides", "plugin", "framework", "own-delegate", "app-delegate-class", "start-call", "model",
                           "changes-library", "task-factories", "chosen-by"]
    /// The lines that describe a participant without declaring its mechanism: the only lines beside `model swift`.
    static let factKeywords = ["participant", "family", "models", "design", "missed-event", "based-on", "action", "package", "version-of",
                               "provides", "requires", "start-call", "changes-library", "chosen-by", "model"]

    /// Parses one file.
    /// - Throws: ``InputFileError`` naming the file and line of the first problem.
    public static func parse(text: String, file: String) throws(InputFileError) -> ParticipantFile {
        if let sectioned = try parseSections(text: text, file: file) { return sectioned }
        let parsed = try parseOne(text: text, file: file)
        try checkCites([parsed])
        return parsed
    }

    /// A `cite FACT SOURCE` line, and whether the participant (or section) it was parsed in selects the fact's mechanism.
    struct CiteLine: Sendable {
        var citation: DeclaredSDK.Citation
        var line: Int
        var applies = false
    }

    /// A `cite` line that no section's mechanism uses is a mistake: its source would never be shown.
    static func checkCites(_ parsed: [ParticipantFile]) throws(InputFileError) {
        let all = parsed.flatMap(\.cites)
        guard let unused = all.first(where: { c in !all.contains { $0.line == c.line && $0.applies } }), let first = parsed.first else { return }
        throw InputFileError(file: first.file, line: unused.line,
                             message: "'cite \(unused.citation.fact.rawValue)' gives the source of a fact that only '\(unused.citation.fact.selectedBy)' notes, and \(first.info.id) has no such line")
    }

    /// One file, or one section of a file with the shared lines, without the check of its `cite` lines.
    static func parseOne(text: String, file: String) throws(InputFileError) -> ParticipantFile {
        func fail(_ line: Int, _ message: String) -> InputFileError { InputFileError(file: file, line: line, message: message) }
        var id: (String, Int)?
        var family: String?
        var models: String?
        var design: String?
        var missedEvent: String?
        var versionOf: String?
        var versionOfLine = 1
        var basedOn: [String] = []
        var observer: String?
        var start: DeclaredSDK.Start?
        var observes: [(host: String, events: [String])] = []
        var setter: (hook: DeclaredSDK.SetterHook, callsOriginal: Bool, resets: Bool, prefix: String, category: String)?
        var handling: (DeclaredSDK.Handling, Int)?
        var hook: (DeclaredMethodHook.Mechanism, Int)?
        var targets: [(name: String, line: Int)] = []
        var packages: [PackageDeclaration] = []
        var trigger = DeclaredSDK.Trigger.setter
        var policies: [String: DeclaredSDK.HandlerPolicy] = [:]
        var defaultPolicy = DeclaredSDK.HandlerPolicy.pass
        var refuses = false
        var ownDelegate: String?
        var voidReturn = false
        var noDonors: [String] = []
        var donorsIfResponds: [String] = []
        var extraDonors: [String] = []
        var unlessHas: [DeclaredSDK.UnlessHas] = []
        var swizzleOptions = (runtimeClass: false, perBlock: false, resetIfAdded: [String](), line: 1)
        var actions: [String] = []
        var requirements: [ParticipantInfo.Requirement] = []
        var appDelegateClass: String?
        var startCalls: [ParticipantInfo.StartCall] = []
        var provides: String?
        var pluginOf: (String, Int)?
        var pluginClass: (name: String, methods: [String])?
        var framework: String?
        var settings: [SettingLine] = []
        var triggerLine = 1
        var objectIsa: (DeclaredSDK.ObjectIsa, Int)?
        var getterUnwraps: Int?
        var eras: [Era]?
        var setterGuard = false
        var setterFirstOnly = false
        var kvoSlot: Int?
        var kvoSlotIfUnset = false
        var ifResponds = false
        var hooksCurrent = false
        var laterOnly = false
        var setterOn: [String]?
        var setterOnLine = 0
        var unlessConforms: String?
        var perInstance: DeclaredSDK.IsaPerInstance?
        var taskClassHook: (DeclaredTaskClassHook, Int)?
        var taskFactoriesLine: Int?
        var startsTwice = false
        var startLine = 1
        var cites: [CiteLine] = []
        var swiftModel: (index: Int, model: SwiftModel, line: Int)?
        var changesLibrary = false
        var chosenBy: ParticipantInfo.ChosenBy?
        var mechanismLine: (keyword: String, line: Int)?

        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let keyword = words[0]
            let args = Array(words.dropFirst())
            if mechanismLine == nil, keywords.contains(keyword), !factKeywords.contains(keyword) { mechanismLine = (keyword, number) }
            let rest = args.joined(separator: " ")
            func option(_ args: [String], _ i: inout Int, _ name: String) throws(InputFileError) -> String {
                guard i + 1 < args.count else { throw fail(number, "'\(name)' needs a value") }
                i += 1
                return args[i]
            }
            func choice<T: RawRepresentable & CaseIterable>(_ value: String, _ what: String) throws(InputFileError) -> T where T.RawValue == String {
                guard let v = T(rawValue: value) else {
                    let all = T.allCases.map(\.rawValue)
                    throw fail(number, "unknown \(what) '\(value)'\(Scenario.suggestion(value, all)); expected one of \(all.joined(separator: ", "))")
                }
                return v
            }
            func setHandling(_ h: DeclaredSDK.Handling) throws(InputFileError) {
                if let (_, previous) = handling {
                    throw fail(number, "a participant does one thing with each delegate; line \(previous) already says what (wrap, swizzle-class, isa-subclass or forwarding-target)")
                }
                handling = (h, number)
            }
            switch keyword {
            case "participant":
                guard args.count == 1, let name = args.first else { throw fail(number, "expected 'participant ID', e.g. 'participant mysdk:proxy'") }
                guard id == nil else { throw fail(number, "a second 'participant' line; one file declares one participant") }
                guard name.allSatisfy({ $0.isLetter || $0.isNumber || ":-_.".contains($0) }), name.first?.isLetter == true else {
                    throw fail(number, "participant id '\(name)' must start with a letter and use letters, digits, ':', '-', '_', '.'")
                }
                id = (name, number)
            case "family":
                guard args.count == 1 else { throw fail(number, "expected 'family NAME'") }
                family = args[0]
            case "models":
                guard !rest.isEmpty else { throw fail(number, "expected 'models TEXT': what this participant models") }
                models = rest
            case "design":
                guard !rest.isEmpty else { throw fail(number, "expected 'design TEXT': the design in a few words, for column legends") }
                design = rest
            case "missed-event":
                guard rest.contains("SEL") else {
                    throw fail(number, "expected 'missed-event TEXT': what the app loses when the observer misses the event SEL, e.g. 'missed-event Analytics lose `SEL`: `ID` never records it.'")
                }
                missedEvent = rest
            case "version-of":
                guard args.count == 1 else {
                    throw fail(number, "expected 'version-of ID': the participant modeling this library's current version, e.g. 'version-of gul'")
                }
                versionOf = args[0]
                versionOfLine = number
            case "cite":
                guard args.count >= 2 else {
                    throw fail(number, "expected 'cite FACT SOURCE': where this SDK's code does what a mechanism fact says, e.g. 'cite kvo-slot firebase-ios-sdk FIRMessagingRemoteNotificationsProxy.m:194-249'")
                }
                let fact: DeclaredSDK.MechanismFact = try choice(args[0], "mechanism fact")
                if let earlier = cites.first(where: { $0.citation.fact == fact }) {
                    throw fail(number, "a second 'cite \(fact.rawValue)'; line \(earlier.line) already cites it")
                }
                cites.append(CiteLine(citation: DeclaredSDK.Citation(fact: fact, source: args.dropFirst().joined(separator: " ")), line: number))
            case "based-on":
                guard !rest.isEmpty else { throw fail(number, "expected 'based-on TEXT': a public source the design follows") }
                basedOn.append(rest)
            case "observer":
                guard args.count == 1 else { throw fail(number, "expected 'observer NAME'") }
                observer = args[0]
            case "start":
                // `start runtime twice`: its start call runs a second time right after the first (a set-up reached from
                // two launch callbacks, FlutterFire 16.1.0–16.1.2 under the UIScene life cycle).
                guard args.count == 1 || (args.count == 2 && args[1] == "twice") else {
                    throw fail(number, "expected 'start load', 'start runtime [twice]' or 'start late [twice]'")
                }
                start = try choice(args[0], "start")
                startsTwice = args.count == 2
                startLine = number
                if startsTwice, start == .load { throw fail(number, "'twice' repeats a start call: 'start runtime twice' or 'start late twice'") }
            case "observe":
                // `observe HOSTCLASS` alone: it takes part in the host's slot but records none of its events itself.
                guard let host = args.first else { throw fail(number, "expected 'observe HOSTCLASS [SELECTOR…]', e.g. 'observe UITableView tableView:didSelectRowAtIndexPath:'") }
                let classes = hostClasses
                guard classes.contains(host) else {
                    throw fail(number, "unknown host class '\(host)'\(Scenario.suggestion(host, classes)); expected one of \(classes.joined(separator: ", "))")
                }
                guard !observes.contains(where: { $0.host == host }) else { throw fail(number, "\(host) is observed on an earlier line; list all its events on one line") }
                let fired = HostKind.all.filter { $0.className == host }.flatMap { $0.events.map(\.selector) }
                for event in args.dropFirst() where !fired.contains(event) {
                    throw fail(number, "\(host) does not fire '\(event)'\(Scenario.suggestion(event, fired)); it fires \(Array(Set(fired)).sorted().joined(separator: ", "))")
                }
                observes.append((host, Array(args.dropFirst())))
            case "setter" where ["none", "factory", "declared", "own-session"].contains(args.first ?? ""):
                // `setter none`: it takes the delegate in the slot at its start; `setter factory`: it hooks the class
                // method that creates the host with its delegate; `setter declared`: it hooks the class the app declares;
                // `setter own-session`: it wraps the delegate of a session it creates itself.
                // `prefix`/`category` name its helper selectors.
                var s: (hook: DeclaredSDK.SetterHook, callsOriginal: Bool, resets: Bool, prefix: String, category: String) =
                    (.replace, true, false, "sdk_", "SDK")
                var i = 1
                while i < args.count {
                    switch args[i] {
                    case "reset-delegate": s.resets = true
                    case "prefix": s.prefix = try option(args, &i, "prefix")
                    case "category": s.category = try option(args, &i, "category")
                    default: throw fail(number, "'setter \(args[0])' takes only reset-delegate, prefix P, category NAME; not '\(args[i])'")
                    }
                    i += 1
                }
                switch args[0] {
                case "none": trigger = .start
                case "factory": trigger = .factory
                case "declared": trigger = .declared
                default: trigger = .ownSession
                }
                triggerLine = number
                setter = s
            case "setter":
                guard let first = args.first else { throw fail(number, "expected 'setter exchange|replace [skip-original] [reset-delegate] [hooks-current] [later-only] [on HOSTCLASS] [prefix P] [category NAME]'") }
                var s: (hook: DeclaredSDK.SetterHook, callsOriginal: Bool, resets: Bool, prefix: String, category: String) =
                    (try choice(first, "setter hook"), true, false, "sdk_", "SDK")
                var i = 1
                while i < args.count {
                    switch args[i] {
                    case "skip-original": s.callsOriginal = false
                    case "reset-delegate": s.resets = true
                    case "reentrancy-guard": setterGuard = true
                    case "first-only": setterFirstOnly = true
                    case "hooks-current": hooksCurrent = true
                    case "later-only": laterOnly = true
                    case "on":
                        let only = try option(args, &i, "on")
                        setterOn = (setterOn ?? []) + [only]
                        setterOnLine = number
                    case "prefix": s.prefix = try option(args, &i, "prefix")
                    case "category": s.category = try option(args, &i, "category")
                    default: throw fail(number, "unknown setter option '\(args[i])'; expected skip-original, reset-delegate, reentrancy-guard, first-only, hooks-current, later-only, on HOSTCLASS, prefix P, category NAME")
                    }
                    i += 1
                }
                setter = s
                triggerLine = number
            case "wrap":
                guard let base = args.first, ["nsproxy", "nsobject"].contains(base) else {
                    throw fail(number, "expected 'wrap nsproxy|nsobject [class NAME] [target weak|strong|assign] [forward invocation|target] [responds target|own-or-target] [marker SEL] [keep retain|assign host|delegate KEY]'")
                }
                var proxy = DeclaredSDK.Proxy(nsProxy: base == "nsproxy", className: "SDKDelegateProxy", target: .weak,
                                              forwarding: .forwardInvocation, responds: .target, marker: nil, keep: nil)
                var i = 1
                while i < args.count {
                    switch args[i] {
                    case "class": proxy.className = try option(args, &i, "class")
                    case "target": proxy.target = try choice(try option(args, &i, "target"), "target ownership")
                    case "forward":
                        switch try option(args, &i, "forward") {
                        case "invocation": proxy.forwarding = .forwardInvocation
                        case "target": proxy.forwarding = .forwardingTarget
                        case "target-if-responds": proxy.forwarding = .forwardingTargetIfResponds
                        case let other: throw fail(number, "unknown forwarding '\(other)'; expected 'forward invocation', 'forward target' or 'forward target-if-responds'")
                        }
                    case "responds": proxy.responds = try choice(try option(args, &i, "responds"), "respondsToSelector: answer")
                    case "marker": proxy.marker = try option(args, &i, "marker")
                    case "kind-of":
                        guard try option(args, &i, "kind-of") == "target" else { throw fail(number, "expected 'kind-of target'") }
                        proxy.kindOfTarget = true
                    case "class-of":
                        guard try option(args, &i, "class-of") == "target" else { throw fail(number, "expected 'class-of target'") }
                        proxy.classOfTarget = true
                    case "pass-own": proxy.passOwn = true
                    case "reuse": proxy.reuse = true
                    case "responds-guard": proxy.respondsGuard = true
                    case "track-if-target": proxy.trackIfTarget = true
                    case "invoke-always": proxy.invokeAlways = true
                    case "consume": proxy.consumes.append(try option(args, &i, "consume"))
                    case "retarget": proxy.retarget = true
                    case "keep":
                        guard i + 3 < args.count, ["retain", "assign"].contains(args[i + 1]) else {
                            throw fail(number, "expected 'keep retain|assign host|delegate KEY'")
                        }
                        let on: DeclaredSDK.Keep.Holder = try choice(args[i + 2], "keeper")
                        proxy.keep = DeclaredSDK.Keep(retains: args[i + 1] == "retain", on: on, key: args[i + 3])
                        i += 3
                    default: throw fail(number, "unknown wrap option '\(args[i])'; expected class, target, forward, responds, marker, keep, kind-of, class-of, pass-own, reuse, responds-guard, track-if-target, invoke-always, consume SEL, retarget")
                    }
                    i += 1
                }
                if proxy.invokeAlways, proxy.forwarding != .forwardInvocation {
                    throw fail(number, "'invoke-always' is how forwardInvocation: invokes the target: it goes with 'forward invocation'")
                }
                if proxy.reuse, proxy.keep?.on != .delegate {
                    throw fail(number, "'reuse' reuses the wrapper kept on the delegate: add 'keep retain delegate KEY'")
                }
                guard proxy.className.first?.isLetter == true, proxy.className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw fail(number, "class name '\(proxy.className)' must be an Objective-C identifier")
                }
                try setHandling(.wrap(proxy))
            case "swizzle-class":
                // `runtime-class`: object_getClass, not [delegate class]; `per-block`: a selector per block, the original
                // invoked through an NSInvocation; `no-donor SEL`: never added; `reset-if-added SEL`: nil and back after adding it.
                var i = 0
                while i < args.count {
                    switch args[i] {
                    case "add-missing": break
                    case "runtime-class": swizzleOptions.runtimeClass = true
                    case "per-block": swizzleOptions.perBlock = true
                    case "no-donor": noDonors.append(try option(args, &i, "no-donor"))
                    case "reset-if-added": swizzleOptions.resetIfAdded.append(try option(args, &i, "reset-if-added"))
                    case "unless-has":
                        // `unless-has HAS SEL`: SEL is neither hooked nor added when the class has a method HAS.
                        guard i + 2 < args.count else { throw fail(number, "'unless-has' needs two selectors: 'unless-has HAS SEL'") }
                        unlessHas.append(DeclaredSDK.UnlessHas(has: args[i + 1], selector: args[i + 2]))
                        i += 2
                    default: throw fail(number, "unknown swizzle-class option '\(args[i])'; expected add-missing, runtime-class, per-block, no-donor SEL, reset-if-added SEL, unless-has HAS SEL")
                    }
                    i += 1
                }
                swizzleOptions.line = number
                try setHandling(.swizzleClass(addMissing: args.contains("add-missing")))
            case "isa-subclass" where args.first == "capture":
                var shared: String?
                var addMissing = false
                var i = 1
                while i < args.count {
                    switch args[i] {
                    case "add-missing": addMissing = true
                    case "shared": shared = try option(args, &i, "shared")
                    case "no-donor": noDonors.append(try option(args, &i, "no-donor"))
                    case "donor-if-responds": donorsIfResponds.append(try option(args, &i, "donor-if-responds"))
                    case "donor": extraDonors.append(try option(args, &i, "donor"))
                    default: throw fail(number, "unknown isa-subclass capture option '\(args[i])'; expected add-missing, shared NAME, no-donor SEL, donor-if-responds SEL, donor SEL")
                    }
                    i += 1
                }
                try setHandling(.isaCapture(addMissing: addMissing, shared: shared))
            case "setimp":
                guard args.count >= 2, args[0] == "keyed" else { throw fail(number, "expected 'setimp keyed class|selector [runtime-class] [add-missing|if-responds]'") }
                let key: DeclaredSDK.ImpKey = try choice(args[1], "IMP key")
                guard args.dropFirst(2).allSatisfy({ ["runtime-class", "add-missing", "if-responds"].contains($0) }),
                      !(args.contains("add-missing") && args.contains("if-responds")) else {
                    throw fail(number, "expected 'setimp keyed class|selector [runtime-class] [add-missing|if-responds]'")
                }
                ifResponds = args.contains("if-responds")
                try setHandling(.setImp(key: key, runtimeClass: args.contains("runtime-class"), addMissing: args.contains("add-missing")))
            case "handler":
                guard let first = args.first else { throw fail(number, "expected 'handler pass|once|after-forward|before-forward|group|forward [SEL…]'") }
                let policy: DeclaredSDK.HandlerPolicy = try choice(first, "handler policy")
                if args.count == 1 { defaultPolicy = policy }
                for selector in args.dropFirst() {
                    guard selector.hasSuffix("ompletionHandler:") else { throw fail(number, "'\(selector)' takes no completion handler") }
                    policies[selector] = policy
                }
            case "app-delegate-class":
                // `app-delegate-class SOURCE`: the SDK's object is the app's delegate class itself (`@main`): UIKit creates
                // it at launch, before anything the app starts at runtime (Customer.io's CioAppDelegateWrapper).
                guard !rest.isEmpty else { throw fail(number, "expected 'app-delegate-class SOURCE': where the SDK's docs or samples make its class the app's @main class") }
                guard appDelegateClass == nil else { throw fail(number, "'app-delegate-class' is declared twice") }
                appDelegateClass = rest
            case "start-call":
                // `start-call swift FirebaseApp.configure()`, `start-call objc [FIRApp configure]`, `start-call plugin`: how
                // the app's source starts the SDK, which `hooklab scan` looks for in the app delegate.
                // `start-call after-launch`: it starts once the app delegate's launch method returned (an observer of
                // UIApplicationDidFinishLaunchingNotification, which UIKit posts after it).
                let form = "expected 'start-call swift|objc|dart CALL' (the call as the app writes it, e.g. 'start-call swift FirebaseApp.configure()'), 'start-call plugin' (React Native or Flutter registers it) or 'start-call after-launch' (it starts when the launch method has returned)"
                guard let language = args.first, ["swift", "objc", "dart", "plugin", "after-launch"].contains(language) else { throw fail(number, form) }
                var call = rest.dropFirst(language.count).trimmingCharacters(in: .whitespaces)
                // `start-call dart CALL registered-if FILE`: with FILE in the app, the SDK starts at plugin registration.
                var registeredIf: String?
                if language == "dart", let r = call.range(of: " registered-if ") {
                    registeredIf = call[r.upperBound...].trimmingCharacters(in: .whitespaces)
                    call = call[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
                    guard registeredIf?.isEmpty == false, !call.isEmpty else { throw fail(number, "expected 'start-call dart CALL registered-if FILE'") }
                }
                guard (language == "plugin" || language == "after-launch") == call.isEmpty else { throw fail(number, form) }
                let startCall = ParticipantInfo.StartCall(language: language, text: call, registeredIf: registeredIf)
                guard !startCalls.contains(startCall) else { throw fail(number, "'start-call \(rest)' is declared twice") }
                startCalls.append(startCall)
            case "requires":
                // `requires gul >= 8.0.0 "Firebase Messaging 11 and 12 require GoogleUtilities 8"` (its podspec's dependency).
                let form = "expected 'requires FAMILY RANGE \"REASON\"', e.g. 'requires gul >= 8.0.0 \"Firebase Messaging 11 and 12 require GoogleUtilities 8\"'"
                guard let quote = rest.firstIndex(of: "\""), rest.hasSuffix("\""), rest.index(after: quote) < rest.endIndex else { throw fail(number, form) }
                let reason = String(rest[rest.index(after: quote)..<rest.index(before: rest.endIndex)]).trimmingCharacters(in: .whitespaces)
                let head = rest[..<quote].split(separator: " ").map(String.init)
                guard head.count >= 2, !reason.isEmpty, !reason.contains("\"") else { throw fail(number, form) }
                do { _ = try VersionRange(words: Array(head.dropFirst())) } catch { throw fail(number, error.message) }
                requirements.append(ParticipantInfo.Requirement(family: head[0], versions: head.dropFirst().joined(separator: " "), reason: reason))
            case "plugin":
                // `plugin FlutterAppLifeCycleProvider`: it registers with an app delegate of that protocol as a plugin.
                // `plugin PROTOCOL CLASS SEL…`, in a section that does not wrap: it registers an object of CLASS that
                // implements the SELs (observed events).
                guard args.count == 1 || args.count >= 3 else {
                    throw fail(number, "expected 'plugin PROTOCOL', or 'plugin PROTOCOL CLASS SEL…' in a section that does not wrap")
                }
                pluginOf = (args[0], number)
                pluginClass = args.count >= 3 ? (args[1], Array(args[2...])) : nil
            case "framework":
                // `framework flutter`: a plugin of an app framework, checked only in apps built on it (React Native's
                // libraries in UIKit apps: RCTAppDelegate is a plain UIKit delegate).
                guard args.count == 1, let value = args.first, ["flutter", "react-native", "expo"].contains(value) else {
                    throw fail(number, "expected 'framework flutter', 'framework react-native' or 'framework expo'")
                }
                framework = value
            case "model":
                // `model swift RxCocoa release 4.1`: a mechanism written in Swift (SwiftModels.swift) that no lines express.
                let name = args.dropFirst().joined(separator: " ")
                let names = SwiftModel.all.map(\.name)
                guard args.first == "swift", let found = SwiftModel.named(name) else {
                    throw fail(number, "expected 'model swift NAME' with one of: \(names.joined(separator: ", "))\(args.first == "swift" ? Scenario.suggestion(name, names) : "")")
                }
                if let earlier = swiftModel { throw fail(number, "a second 'model' line; line \(earlier.line) already selects the mechanism") }
                swiftModel = (found.index, found.model, number)
            case "changes-library":
                // Choosing it over its family's others means changing the library's code (a proposed patch).
                guard args.isEmpty else { throw fail(number, "'changes-library' takes no value") }
                changesLibrary = true
            case "chosen-by":
                // `chosen-by server "…"`, `chosen-by load "…"`: the mode is picked by the vendor's server or by a +load
                // hook, not by the app, so the lab never offers it (or its family's other modes) as a fix.
                let parts = rest.split(separator: "\"", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                let form = "expected 'chosen-by server|load \"what picks the mode\"', e.g. 'chosen-by server \"Facebook's gatekeeper AppAemAutoSetUpProxy\"'"
                guard parts.count == 3, parts[2].isEmpty, !parts[1].isEmpty, let who = ParticipantInfo.ChosenBy.Who(rawValue: parts[0]) else {
                    throw fail(number, form)
                }
                guard chosenBy == nil else { throw fail(number, "a second 'chosen-by' line") }
                chosenBy = ParticipantInfo.ChosenBy(who: who, text: parts[1])
            case "provides":
                // What the app has the SDK for, for "drop it (you lose …)".
                guard !rest.isEmpty else { throw fail(number, "expected 'provides TEXT': what the app loses without this SDK") }
                provides = rest
            case "setting":
                // `setting proxy-off "FirebaseAppDelegateProxyEnabled = NO in Info.plist, …" SOURCE`: a documented switch
                // that turns the SDK's hooks off, the app then calling it by hand; SOURCE is where the SDK reads it. The
                // matrix runs it as `ID:proxy-off` (ParticipantFile+Settings.swift). `setting NAME off "…" SOURCE`: the
                // switch turns the feature off, and nothing is called by hand (Datadog's scroll proxy without
                // uiKitActionsPredicate). Inside a `for` section it is that slot's switch only.
                // `plist KEY VALUE`: the Info.plist key and value that set it, which `hooklab scan` reads in the app.
                // `plist KEY VALUE since VERSION`: the SDK reads the key only from that version on (OneSignal 5.5.0).
                let form = "expected 'setting NAME [off] [plist KEY VALUE [since VERSION]] \"what the app sets, and what it then does by hand\" SOURCE', SOURCE being where the SDK reads the switch"
                let parts = rest.split(separator: "\"", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 3, !parts[1].isEmpty, !parts[2].isEmpty else { throw fail(number, form) }
                var head = parts[0].split(separator: " ").map(String.init)
                guard let name = head.first else { throw fail(number, form) }
                head.removeFirst()
                let off = head.first == "off"
                if off { head.removeFirst() }
                var plist: (key: String, value: String, since: String?, numeric: Bool)?
                if head.first == "plist" {
                    // `plist KEY VALUE number`: the SDK reads the key only as a number or Boolean (`isKindOfClass:
                    // [NSNumber class]`), so a `<string>` in the app's Info.plist leaves its hooks on.
                    let numeric = head.count >= 4 && head[3] == "number"
                    if numeric { head.remove(at: 3) }
                    let plistForm = "expected 'plist KEY VALUE [number] [since VERSION]' after the setting's name, e.g. 'plist FirebaseAppDelegateProxyEnabled NO number'"
                    guard head.count == 3 || (head.count == 5 && head[3] == "since") else { throw fail(number, plistForm) }
                    let since = head.count == 5 ? head[4] : nil
                    if let since, PackageVersion(since) == nil {
                        throw fail(number, "'since \(since)': expected the first version of the SDK that reads the key, e.g. 'since 5.5.0'")
                    }
                    plist = (head[1], head[2], since, numeric)
                    head = []
                }
                guard head.isEmpty else { throw fail(number, form) }
                guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
                    throw fail(number, "a setting's name '\(name)' becomes part of a participant id: use letters, digits, '-' and '.'")
                }
                guard !settings.contains(where: { $0.name == name }) else { throw fail(number, "setting '\(name)' is declared twice") }
                settings.append(SettingLine(name: name, text: parts[1], source: parts[2], line: number, off: off, plistKey: plist?.key, plistValue: plist?.value,
                                            plistSince: plist?.since, plistNumeric: plist?.numeric ?? false))
            case "action":
                guard !rest.isEmpty else { throw fail(number, "expected 'action TEXT': what an app can do about this SDK") }
                actions.append(rest)
            case "passive":
                // It hooks nothing: the app's own methods call it by hand (Branch, Adjust), so it sees what reaches them.
                guard args.isEmpty else { throw fail(number, "'passive' takes no arguments") }
                try setHandling(.passive)
            case "refuse-if-set":
                guard args.isEmpty else { throw fail(number, "'refuse-if-set' takes no arguments") }
                refuses = true
            case "own-delegate":
                guard args.count == 1 else { throw fail(number, "expected 'own-delegate CLASS'") }
                ownDelegate = args[0]
            case "kvo-slot":
                guard args.isEmpty || args == ["if-unset"] else { throw fail(number, "expected 'kvo-slot' or 'kvo-slot if-unset'") }
                kvoSlot = number
                kvoSlotIfUnset = args == ["if-unset"]
            case "unless-conforms":
                guard args.count == 1, let p = args.first, p.first?.isLetter == true,
                      p.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw fail(number, "expected 'unless-conforms PROTOCOL', e.g. 'unless-conforms FlutterAppLifeCycleProvider'")
                }
                unlessConforms = p
            case "for":
                throw fail(number, "a 'for HOSTCLASS' line starts a section of its own; lines before the first one are shared")
            case "returns":
                guard args == ["void"] else { throw fail(number, "expected 'returns void'") }
                voidReturn = true
            case "isa-subclass":
                guard args.allSatisfy({ ["lying-class", "add-missing", "per-instance", "if-responds", "if-slot-delegate"].contains($0) }) else {
                    throw fail(number, "expected 'isa-subclass [lying-class] [add-missing] [per-instance [if-responds] [if-slot-delegate]]' or 'isa-subclass capture [add-missing] [shared NAME]'")
                }
                if args.contains("per-instance") {
                    perInstance = DeclaredSDK.IsaPerInstance(ifResponds: args.contains("if-responds"), ifSlotDelegate: args.contains("if-slot-delegate"))
                } else if args.contains("if-responds") || args.contains("if-slot-delegate") {
                    throw fail(number, "'if-responds' and 'if-slot-delegate' are options of 'isa-subclass per-instance'")
                }
                try setHandling(.isaSubclass(lyingClass: args.contains("lying-class"), addMissing: args.contains("add-missing")))
            case "forwarding-target":
                var handler = "SDKForwardingHandler"
                if !args.isEmpty {
                    guard args.count == 2, args[0] == "handler" else { throw fail(number, "expected 'forwarding-target [handler CLASSNAME]'") }
                    handler = args[1]
                }
                try setHandling(.forwardingTarget(handlerClass: handler))
            case "target":
                // `target ViewController -viewWillAppear:`: a method target the hook runs on (default: every one).
                let all = MethodHookParticipant.allTargets
                guard all.contains(rest) else {
                    throw fail(number, "unknown method target '\(Scenario.clip(rest))'\(Scenario.suggestion(rest, all)); expected one of \(all.joined(separator: ", "))")
                }
                guard !targets.contains(where: { $0.name == rest }) else { throw fail(number, "target '\(rest)' is listed twice") }
                targets.append((rest, number))
            case "package":
                // `package cocoapods NAME [SUBSPEC] VERSIONS`: what `hooklab scan` maps to this participant.
                do { packages.append(try PackageDeclaration(words: args)) } catch { throw fail(number, error.message) }
            case "era":
                // `era ios9`: the SDK eras it runs in (its deployment target), default every era.
                guard !args.isEmpty else { throw fail(number, "expected 'era ios8|ios9…'") }
                var chosen: [Era] = []
                for word in args {
                    guard let e = Era(rawValue: word) else { throw fail(number, "unknown era '\(word)'; expected ios8, ios9") }
                    chosen.append(e)
                }
                eras = chosen
            case "getter":
                guard args == ["unwrap"] else { throw fail(number, "expected 'getter unwrap'") }
                getterUnwraps = number
            case "isa-object":
                do { objectIsa = (try Self.objectIsa(args), number) } catch { throw fail(number, error.message) }
            case "task-classes":
                do { taskClassHook = (try Self.taskClasses(args), number) } catch { throw fail(number, error.message) }
            case "task-factories":
                // `task-factories resume`: New Relic's factory SETIMP, and through it `resume` (URLSessionTaskFactories).
                guard args == ["resume"] else { throw fail(number, "expected 'task-factories resume'") }
                taskFactoriesLine = number
            case "hook":
                guard args.count == 1 else { throw fail(number, "expected 'hook exchange|imp|forward-invocation|subclass'") }
                if let (_, previous) = hook { throw fail(number, "a second 'hook' line; line \(previous) already says how \(id?.0 ?? "the SDK") hooks the method") }
                hook = (try choice(args[0], "method hook"), number)
            default:
                throw fail(number, "unknown keyword '\(keyword)'\(Scenario.suggestion(keyword, keywords)); expected one of \(keywords.joined(separator: ", "))")
            }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        guard let (name, idLine) = id else { throw fail(1, "missing 'participant ID' line") }
        // The lines every kind of participant takes: its packages and versions, what it requires and provides.
        func describe(_ info: inout ParticipantInfo) {
            info.packages = packages
            info.versionOf = versionOf
            info.requires = requirements
            info.provides = provides
            info.changesLibrary = changesLibrary
            info.chosenBy = chosenBy
        }
        if let versionOf {
            let ownFamily = family ?? String(name.split(separator: ":").first ?? Substring(name))
            let line = versionOfLine
            guard versionOf != name else { throw fail(line, "'version-of \(versionOf)' names this participant itself; name the current version's id") }
            guard String(versionOf.split(separator: ":").first ?? Substring(versionOf)) == ownFamily else {
                throw fail(line, "'version-of \(versionOf)': a version of a library belongs to its family '\(ownFamily)'; name a participant of that family")
            }
        }
        if let swift = swiftModel {
            if let other = mechanismLine {
                throw fail(other.line, "'\(other.keyword)' declares a mechanism, and line \(swift.line) selects one written in Swift; a 'model swift' file gives only \(factKeywords.joined(separator: ", ")) lines")
            }
            let mechanism = swift.model.mechanism
            guard name == mechanism.id else {
                throw fail(idLine, "'model swift \(swift.model.name)' runs as participant '\(mechanism.id)': its verbs and hook lines name it so; write 'participant \(mechanism.id)'")
            }
            let familyName = family ?? String(name.split(separator: ":").first ?? Substring(name))
            guard familyName == mechanism.family else {
                throw fail(swift.line, "'model swift \(swift.model.name)' belongs to the family '\(mechanism.family)' (its verbs are spelled '\(mechanism.family).…'); write 'family \(mechanism.family)'")
            }
            var info = mechanism
            info.models = models ?? "declared in \(file)"
            info.design = design
            info.basedOn = basedOn
            info.missedEvent = missedEvent
            if !actions.isEmpty { info.actions = actions }
            describe(&info)
            info.startCalls = startCalls
            var parsed = ParticipantFile(sdk: placeholderSDK(name, family: familyName), info: info, file: file)
            parsed.swiftModel = swift.index
            return parsed
        }
        if let cite = cites.first, hook != nil {
            throw fail(cite.line, "'cite' gives the source of a mechanism fact; a 'hook' participant notes none")
        }
        if let (mechanism, hookLine) = hook {
            // A method-hooking SDK: it runs on the method targets, not on delegate hosts.
            guard observes.isEmpty, setter == nil, handling == nil, start == nil, observer == nil, taskClassHook == nil else {
                throw fail(hookLine, "a 'hook' participant hooks the method targets' CLASS SEL; it takes no observe, setter, start, observer or delegate handling line")
            }
            let possible = mechanism == .subclass ? MethodHookParticipant.instanceTargets : MethodHookParticipant.allTargets
            if let misplaced = targets.first(where: { !possible.contains($0.name) }) {
                throw fail(misplaced.line, "a subclass hook moves one object, so it runs on instance-method targets only, not '\(misplaced.name)'")
            }
            let hosts = targets.isEmpty ? possible : possible.filter { t in targets.contains { $0.name == t } }
            let familyName = family ?? String(name.split(separator: ":").first ?? Substring(name))
            let install = "\(familyName).\(DeclaredHookStep.verb) \(mechanism == .subclass ? "OBJECT" : "CLASS") SEL \(mechanism.rawValue) \(name)"
            var info = ParticipantInfo(id: name, family: familyName, models: models ?? "declared in \(file)",
                                       hosts: hosts,
                                       hasLoad: false, hasAttach: false, otherVerbs: [install], basedOn: basedOn, hookInstalls: [install],
                                       design: design)
            describe(&info)
            return ParticipantFile(sdk: placeholderSDK(name, family: familyName), info: info, file: file,
                                   methodHook: DeclaredMethodHook(id: name, mechanism: mechanism))
        }
        if let (taskHook, taskLine) = taskClassHook {
            let familyName = family ?? String(name.split(separator: ":").first ?? Substring(name))
            var info = ParticipantInfo(id: name, family: familyName, models: models ?? "declared in \(file)", hosts: [],
                                       hasLoad: false, hasAttach: true, basedOn: basedOn, design: design, missedEvent: missedEvent)
            if !actions.isEmpty { info.actions = actions }
            describe(&info)
            var taskHook = taskHook
            if let cite = cites.first(where: { !DeclaredSDK.MechanismFact.taskClassFacts.contains($0.citation.fact) }) {
                throw fail(cite.line, "'cite \(cite.citation.fact.rawValue)' gives the source of a fact that only '\(cite.citation.fact.selectedBy)' notes; a 'task-classes' participant's facts are \(DeclaredSDK.MechanismFact.taskClassFacts.map(\.rawValue).joined(separator: ", "))")
            }
            taskHook.citations = cites.map(\.citation)
            taskHook.basedOn = basedOn
            return try taskClassFile(taskHook, line: taskLine, name: name, family: familyName, start: start,
                                     delegateLines: !observes.isEmpty || setter != nil || handling != nil || hook != nil || observer != nil,
                                     info: info, file: file)
        }
        guard !observes.isEmpty else { throw fail(lines, "missing 'observe HOSTCLASS SELECTOR…': which events on which host does \(name) observe?") }
        guard let setter else { throw fail(lines, "missing 'setter exchange|replace': how does \(name) reach the delegate?") }
        guard let (handling, handlingLine) = handling else { throw fail(lines, "missing what \(name) does with each delegate: wrap, swizzle-class, isa-subclass or forwarding-target") }
        if let t = targets.first { throw fail(t.line, "'target' lines go with a 'hook' line: they name the method targets a method hook runs on") }
        let familyName = family ?? String(name.split(separator: ":").first ?? Substring(name))
        let startWhen = start ?? .load
        var sdk = DeclaredSDK(id: name, observer: observer ?? familyName, start: startWhen, observes: observes,
                              setterHook: setter.hook, callsOriginal: setter.callsOriginal, resetsDelegate: setter.resets,
                              prefix: setter.prefix, category: setter.category, handling: handling)
        sdk.trigger = trigger
        sdk.handlerPolicies = policies
        sdk.defaultHandlerPolicy = defaultPolicy
        sdk.refusesIfSet = refuses
        sdk.ownDelegateIfEmpty = ownDelegate
        sdk.voidReturn = voidReturn
        sdk.noDonors = noDonors
        sdk.donorsIfResponds = donorsIfResponds
        sdk.extraDonors = extraDonors
        sdk.unlessHas = unlessHas
        sdk.setterReentrancyGuard = setterGuard
        sdk.setterFirstOnly = setterFirstOnly
        if let only = setterOn {
            // The hooked setter must be one of its host classes', and a superclass of the others (they reach it by super).
            for name in only where !sdk.hostClasses.contains(name) {
                throw fail(setterOnLine, "'setter … on \(name)': \(name) is not a host class it observes (\(sdk.hostClasses.joined(separator: ", ")))")
            }
            sdk.setterOn = only
        }
        if let getterLine = getterUnwraps {
            // The getter answers a wrapper's target: it needs a wrapper, and a setter hook that puts it in the slot.
            guard case .wrap = handling, trigger == .setter else {
                throw fail(getterLine, "'getter unwrap' answers a wrapper's target: it goes with 'wrap' and 'setter exchange|replace'")
            }
            sdk.getterUnwraps = true
        }
        if let (isa, isaLine) = objectIsa {
            // It isa-swizzles the object after hooking its class: a wrapper has no delegate object of its own to move.
            if case .wrap = handling { throw fail(isaLine, "'isa-object' goes with a class hook (setimp, swizzle-class), not with wrap") }
            let fired = sdk.hostClasses.flatMap { host in HostKind.all.filter { $0.className == host }.flatMap { $0.events.map(\.selector) } }
            if let unknown = isa.donors.first(where: { !fired.contains($0) }) {
                throw fail(isaLine, "'\(unknown)' is not an event of \(sdk.hostClasses.joined(separator: ", "))\(Scenario.suggestion(unknown, fired))")
            }
            sdk.objectIsa = isa
        }
        if trigger == .ownSession {
            // The scenario's session stands for the SDK's own: it makes the wrapper, and the session keeps it.
            guard case .wrap(let proxy) = handling, proxy.keep == nil, sdk.hostClasses == ["NSURLSession"] else {
                throw fail(triggerLine, "'setter own-session' wraps the delegate of a URL session the SDK creates: it goes with 'wrap' (no 'keep': the session retains its delegate) and 'observe NSURLSession' alone")
            }
        }
        if trigger == .declared {
            // The app declares its delegate class to the SDK's start call; only a class hook can use it.
            switch handling {
            case .setImp, .swizzleClass: break
            default: throw fail(triggerLine, "'setter declared' hooks the class the app declares: it goes with 'setimp' or 'swizzle-class'")
            }
            if startWhen == .load { throw fail(triggerLine, "'setter declared' hooks the class the app passes to a start call: add 'start runtime' or 'start late'") }
        }
        if let line = taskFactoriesLine {
            // It rides on the factory hook: the tasks it sees are those of sessions, made through the session class.
            guard trigger == .factory, sdk.hostClasses.contains("NSURLSession") else {
                throw fail(line, "'task-factories resume' replaces the URL session's task factories: it goes with 'setter factory' and 'observe NSURLSession …'")
            }
            sdk.taskFactoryHook = true
        }
        if startsTwice, trigger != .start {
            throw fail(startLine, "'start … twice' runs the set-up that takes hold of the slot's delegate again: it goes with 'setter none'")
        }
        sdk.startsTwice = startsTwice
        sdk.setImpIfResponds = ifResponds
        sdk.isaPerInstance = perInstance
        sdk.hooksCurrentAtStart = hooksCurrent
        sdk.seesLaterSetsOnly = laterOnly
        sdk.standsAsideIfConforms = unlessConforms
        if let (proto, line) = pluginOf {
            if case .wrap = handling {
                guard pluginClass == nil else { throw fail(line, "with 'wrap', the plugin is the wrapper object: write 'plugin \(proto)'") }
            } else {
                guard let pluginClass else { throw fail(line, "a section that does not wrap registers a plugin object of its own: write 'plugin \(proto) CLASS SEL…'") }
                if let other = pluginClass.methods.first(where: { !sdk.observes.flatMap(\.events).contains($0) }) {
                    throw fail(line, "the plugin's method '\(other)' is not an event this section observes")
                }
                sdk.pluginClassName = pluginClass.name
                sdk.pluginMethods = pluginClass.methods
            }
            sdk.pluginOf = proto
        }
        if let kvoLine = kvoSlot, kvoSlotIfUnset {
            guard case .swizzleClass = handling, trigger == .start else {
                throw fail(kvoLine, "'kvo-slot if-unset' hooks the class of each delegate set after its start: it needs 'setter none' and a 'swizzle-class' line")
            }
            sdk.kvoSlotIfUnset = true
        } else if let kvoLine = kvoSlot {
            guard case .setImp = handling, trigger == .start else {
                throw fail(kvoLine, "'kvo-slot' re-hooks with setimp from a start call: it needs 'setter none' and a 'setimp' line")
            }
            sdk.kvoSlot = true
        }
        if hooksCurrent, startWhen == .load {
            throw fail(triggerLine, "'hooks-current' hooks the delegate in the slot at a start call: add 'start runtime' or 'start late'")
        }
        sdk.swizzlesRuntimeClass = swizzleOptions.runtimeClass
        sdk.perBlockSelector = swizzleOptions.perBlock
        sdk.resetAfterAdding = swizzleOptions.resetIfAdded
        if case .passive = handling, trigger != .start {
            throw fail(handlingLine, "'passive' starts when the app first calls the SDK: it needs 'setter none'")
        }
        if !swizzleOptions.resetIfAdded.isEmpty, trigger != .start {
            throw fail(swizzleOptions.line, "'reset-if-added' resets the delegate the SDK took at its start: it needs 'setter none'")
        }
        if trigger == .start, startWhen == .load {
            throw fail(triggerLine, "'setter none' takes hold of the delegate at a start call: add 'start runtime' or 'start late'")
        }
        // `reset-delegate` on a start-time SDK: nil and back after it hooks the current delegate (GUL :518-531).
        var info = ParticipantInfo(id: name, family: familyName, models: models ?? "declared in \(file)",
                                   hosts: Self.hostNamesInEras(sdk.hostClasses, eras: eras, framework: framework), hasLoad: startWhen == .load, hasAttach: startWhen != .load,
                                   canStartLate: startWhen == .late, basedOn: basedOn, design: design,
                                   missedEvent: missedEvent)
        if !actions.isEmpty { info.actions = actions }
        describe(&info)
        info.appDelegateClass = appDelegateClass
        if trigger == .ownSession { info.ownSession = true; info.sessionAfterStart = true }
        info.startCalls = startCalls
        info.framework = framework
        sdk.citations = cites.map(\.citation)
        sdk.basedOn = basedOn
        var parsed = ParticipantFile(sdk: sdk, info: info, file: file)
        parsed.cites = cites.map { var c = $0; c.applies = $0.citation.fact.applies(to: sdk); return c }
        parsed.settings = settings
        return parsed
    }

    /// The unused mechanism of a participant whose mechanism is elsewhere (a method hook, a Swift model).
    static func placeholderSDK(_ id: String, family: String) -> DeclaredSDK {
        DeclaredSDK(id: id, observer: family, start: .load, observes: [], setterHook: .exchange, callsOriginal: true,
                    resetsDelegate: false, prefix: "sdk_", category: "SDK", handling: .swizzleClass(addMissing: false))
    }

    /// The file text that declares `sdk`; parsing it gives the same mechanism back.
    public static func text(for sdk: DeclaredSDK, family: String? = nil, models: String? = nil, design: String? = nil,
                            basedOn: [String] = [], comment: [String] = []) -> String {
        var lines = comment.map { "# " + $0 }
        lines.append("participant \(sdk.id)")
        if let family { lines.append("family \(family)") }
        if let models { lines.append("models \(models)") }
        if let design { lines.append("design \(design)") }
        lines += (basedOn.isEmpty ? sdk.basedOn : basedOn).map { "based-on \($0)" }
        lines += sdk.citations.map { "cite \($0.fact.rawValue) \($0.source)" }
        lines.append("observer \(sdk.observer)")
        lines.append("start \(sdk.start.rawValue)")
        for (host, events) in sdk.observes { lines.append("observe \(host) \(events.joined(separator: " "))") }
        var setter = "setter \(sdk.setterHook.rawValue)"
        if !sdk.callsOriginal { setter += " skip-original" }
        if sdk.resetsDelegate { setter += " reset-delegate" }
        if sdk.setterReentrancyGuard { setter += " reentrancy-guard" }
        if sdk.setterFirstOnly { setter += " first-only" }
        if sdk.seesLaterSetsOnly { setter += " later-only" }
        for only in sdk.setterOn ?? [] { setter += " on \(only)" }
        setter += " prefix \(sdk.prefix) category \(sdk.category)"
        lines.append(setter)
        var handling = handlingLine(sdk.handling)
        if let p = sdk.isaPerInstance {
            handling += " per-instance" + (p.ifResponds ? " if-responds" : "") + (p.ifSlotDelegate ? " if-slot-delegate" : "")
        }
        lines.append(handling)
        if let isa = sdk.objectIsa { lines.append(objectIsaLine(isa)) }
        if sdk.getterUnwraps { lines.append("getter unwrap") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The line that declares what an SDK does with each delegate.
    public static func handlingLine(_ handling: DeclaredSDK.Handling) -> String {
        switch handling {
        case .wrap(let p):
            var line = "wrap \(p.nsProxy ? "nsproxy" : "nsobject") class \(p.className) target \(p.target.rawValue)"
            let forward = p.forwarding == .forwardInvocation ? "invocation" : p.forwarding == .forwardingTarget ? "target" : "target-if-responds"
            line += " forward \(forward) responds \(p.responds.rawValue)"
            if let marker = p.marker { line += " marker \(marker)" }
            if p.passOwn { line += " pass-own" }
            if p.reuse { line += " reuse" }
            if p.respondsGuard { line += " responds-guard" }
            if p.trackIfTarget { line += " track-if-target" }
            if p.invokeAlways { line += " invoke-always" }
            for selector in p.consumes { line += " consume \(selector)" }
            if p.retarget { line += " retarget" }
            if let keep = p.keep { line += " keep \(keep.retains ? "retain" : "assign") \(keep.on.rawValue) \(keep.key)" }
            return line
        case .swizzleClass(let addMissing): return "swizzle-class" + (addMissing ? " add-missing" : "")
        case .isaSubclass(let lying, let addMissing):
            return "isa-subclass" + (lying ? " lying-class" : "") + (addMissing ? " add-missing" : "")
        case .forwardingTarget(let handler): return "forwarding-target handler \(handler)"
        case .isaCapture(let addMissing, let shared):
            return "isa-subclass capture" + (addMissing ? " add-missing" : "") + (shared.map { " shared \($0)" } ?? "")
        case .setImp(let key, let runtimeClass, let addMissing):
            return "setimp keyed \(key.rawValue)" + (runtimeClass ? " runtime-class" : "") + (addMissing ? " add-missing" : "")
        case .passive: return "passive"
        }
    }

    /// The participant kind that runs this file's mechanism.
    public var kind: ParticipantKind {
        let sdk = sdk, info = info
        if let swiftModel {
            let model = SwiftModel.all[swiftModel]
            return ParticipantKind(info: info) { model.make(info) }
        }
        if methodHook != nil { return ParticipantKind(info: info) { MethodHookParticipant(info) } }
        if let taskClassHook { return ParticipantKind(info: info) { TaskClassParticipant(info, taskClassHook) } }
        let sections = sections
        return ParticipantKind(info: info) { DeclaredParticipant(sdk: sdk, info: info, sections: sections) }
    }

    /// Every `*.hooklab` file in a directory, in file-name order; none if the directory does not exist.
    /// - Parameter label: how error messages name the directory (`Matrix/participants`).
    public static func load(directory: URL, label: String) throws(InputFileError) -> [ParticipantFile] {
        try parse(files: read(directory: directory, label: label))
    }

    /// The `*.hooklab` files of `directory`, sorted by name, each named `label/NAME`; no directory is no files.
    static func read(directory: URL, label: String) throws(InputFileError) -> [(file: String, text: String)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".hooklab") }.sorted()
        var files: [(file: String, text: String)] = []
        for name in names {
            let path = label + "/" + name
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
                  let text = String(data: data, encoding: .utf8) else {
                throw InputFileError(file: path, line: 1, message: "cannot read the file as UTF-8 text")
            }
            files.append((path, text))
        }
        return files
    }

    /// Parses files in order; two files declaring one id is an error.
    package static func parse(files: [(file: String, text: String)]) throws(InputFileError) -> [ParticipantFile] {
        var parsed: [ParticipantFile] = []
        for (path, text) in files {
            var file = try parse(text: normalized(text), file: path)
            file.info.declaredSettings = file.settings.map(\.name)
            for var one in [file] + file.settingVariants() {
                // The slots where the app calls it from its own delegate methods (`passive`, a setting's variant): an
                // app set up that way has a delegate of its own there.
                let sdks = one.sections.isEmpty ? [one.sdk] : one.sections
                one.info.calledByApp = sdks.filter { if case .passive = $0.handling { true } else { false } }
                    .flatMap { $0.observes.filter { !$0.events.isEmpty }.map(\.host) }.uniqued()
                if let other = parsed.first(where: { $0.info.id == one.info.id }) {
                    throw InputFileError(file: path, line: declarationLine(in: text), message: "participant '\(one.info.id)' is also declared in \(other.file)")
                }
                parsed.append(one)
            }
        }
        return parsed
    }

    /// The text as the parser reads it: Windows line ends as Unix ones (a byte-order mark is dropped by ``parse(text:file:)``).
    static func normalized(_ text: String) -> String {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        return text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The line of a file's `participant` declaration (1 when there is none).
    static func declarationLine(in text: String) -> Int {
        let lines = normalized(text).split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.firstIndex { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "participant" }
        return index.map { $0 + 1 } ?? 1
    }
}

/// The scenario verb of a declared method hook: `FAMILY.method-hook CLASS|OBJECT SEL MECHANISM ID`.
enum DeclaredHookStep {
    static let verb = "method-hook"
}

/// A participant declared in a file: installs its ``DeclaredSDK`` at `load` or `attach`.
final class DeclaredParticipant: Participant {
    let sdk: DeclaredSDK
    let info: ParticipantInfo
    /// A file with `for HOSTCLASS` sections: one mechanism per host, all installed, the world's host's one started.
    let sections: [DeclaredSDK]
    var started = false
    /// The class its install made for the world's host (its wrapper class), if any.
    var made: Class?
    /// It refused to install (REFUSE): its observer expects nothing.
    var refused = false

    init(sdk: DeclaredSDK, info: ParticipantInfo, sections: [DeclaredSDK] = []) {
        self.sdk = sdk
        self.info = info
        self.sections = sections
    }

    /// The mechanism it uses on a host class.
    func sdk(on hostClass: String) -> DeclaredSDK {
        sections.first { $0.hooks(hostClass: hostClass) } ?? sdk
    }

    /// Installs every section; returns what the section of `hostClass` made.
    func installAll(_ rt: Runtime, _ hostClass: String) -> Class? {
        guard !sections.isEmpty else { return sdk.install(into: rt) }
        var made: Class?
        for section in sections {
            let m = section.install(into: rt)
            if section.hooks(hostClass: hostClass) { made = m }
        }
        return made
    }

    func load(_ world: World) throws {
        guard !started else { return }
        made = installAll(world.rt, world.kind.className)
        started = true
        let sdk = sdk(on: world.kind.className)
        if sdk.ownDelegateIfEmpty != nil, sdk.hooks(hostClass: world.kind.className) {
            try sdk.installOwnDelegate(on: try world.ensureHost(), kind: world.kind, in: world.rt)
        }
    }

    func attach(_ world: World) throws {
        guard !started else { return }
        let made = installAll(world.rt, world.kind.className)
        self.made = made
        let sdk = sdk(on: world.kind.className)
        started = true
        if sdk.trigger == .start {
            // It takes hold of the delegate in the slot now (GUL proxyOriginalDelegate, RNFB observe, expo's check).
            guard sdk.hooks(hostClass: world.kind.className) else { return }
            refused = try !sdk.start(on: try world.ensureHost(), kind: world.kind, made: made, in: world.rt)
            // `start … twice`: the same set-up again, with whatever the slot holds now (its own object included).
            if sdk.startsTwice, !refused {
                refused = try !sdk.start(on: try world.ensureHost(), kind: world.kind, made: made, in: world.rt, again: true)
            }
            return
        }
        if sdk.trigger == .declared {
            guard sdk.hooks(hostClass: world.kind.className) else { return }
            try sdk.hookDeclaredClass(world.rt, host: try world.ensureHost(), kind: world.kind)
            return
        }
        guard sdk.trigger == .setter else { return }
        // A start call after the app set its delegate: the hooks only see later sets, so the SDK sets the current
        // delegate again through the hooked setter (the way Firebase re-assigns the app delegate, l.521-530).
        let host = try world.ensureHost()
        guard sdk.hooks(hostClass: world.kind.className) else { return }
        let current = try world.rt.send(host, world.kind.primarySlot.property)
        // `later-only`: the hooks see the sets made from now on, and the delegate already set is left as it is.
        if sdk.seesLaterSetsOnly { return }
        if sdk.hooksCurrentAtStart {
            // PostHog: `swizzleNotificationDelegateMethods(on: type(of: existing))` at its start, no second set.
            if !current.isNil { _ = try sdk.handle(world.rt, host, current, observed: sdk.events(on: world.kind.className), made: made) }
            return
        }
        if !current.isNil { _ = try world.rt.send(host, world.kind.primarySlot.setter, current) }
    }

    var observer: String? { sdk.observer }

    /// `setter own-session`: the app's session stands for the SDK's own, whose delegate it wraps before creating it.
    func ownSessionDelegate(_ delegate: ObjectID, _ world: World) throws -> (delegate: Value, made: ObjectID?)? {
        let sdk = sdk(on: world.kind.className)
        guard started, sdk.trigger == .ownSession, sdk.hooks(hostClass: world.kind.className) else { return nil }
        let (wrapped, wrapper) = try sdk.wrapOwnSessionDelegate(world.rt, delegate, made: made)
        return (wrapped, wrapper)
    }

    /// With `task-factories resume`: the `resume` of the task the app started in this step, which went through the
    /// session's replaced factory (URLSessionTaskFactories), whichever session it was made with.
    func alsoObserves(_ event: String, _ world: World) -> [String] {
        started && sdk.taskFactoryHook && world.taskResumedByLastFire != nil ? ["resume"] : []
    }

    func expectsToObserve(_ event: String, _ world: World) -> Bool {
        guard started, !refused else { return false }
        let hostClass = world.kind.className
        // The section's own value, not a copy of it (``sdk(on:)``): the delivery check asks at every fired event.
        func expects(_ sdk: borrowing DeclaredSDK) -> Bool {
            // An SDK that hooks only the methods the app's delegate has sees nothing of one it lacks (`delegate-lacks`).
            sdk.events(on: hostClass).contains(event) && (world.appImplements(event) || sdk.hooksWhenLacking(event))
        }
        if let i = sections.firstIndex(where: { $0.hooks(hostClass: hostClass) }) { return expects(sections[i]) }
        return expects(sdk)
    }
}
