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
                           "changes-library", "task-factories", "chosen-by", "closed-source"]
    /// The lines that describe a participant without declaring its mechanism: the only lines beside `model swift`.
    static let factKeywords = ["participant", "family", "models", "design", "missed-event", "based-on", "action", "package", "version-of",
                               "provides", "requires", "start-call", "changes-library", "chosen-by", "closed-source", "model"]

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
        var parser = Parser(file: file)
        return try parser.parse(text)
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
            if let surrogate = p.surrogate { line += " surrogate \(surrogate)" }
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
        // Made once per file: every run's participant shares it, instead of copying the mechanism and its description.
        let mechanism = DeclaredMechanism(sdk: sdk, info: info, sections: sections)
        return ParticipantKind(info: info) { DeclaredParticipant(mechanism) }
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
        // Most files have no carriage return: Foundation's replacement bridged every file of every catalog made.
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
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

/// What every run's participant of one file shares, made once: its mechanism, its description and its sections. A run
/// makes a participant per library; holding these by one reference costs a retain, where copying the two values (some
/// eighty fields) cost a retain and a release of each, and was a tenth of a notification-center run's time.
final class DeclaredMechanism: Sendable {
    let sdk: DeclaredSDK
    let info: ParticipantInfo
    /// A file with `for HOSTCLASS` sections: one mechanism per host, all installed, the world's host's one started.
    /// Each held by reference, so that reading one does not copy it.
    let sections: [Section]
    /// By host class, the position in ``sections`` of the first that hooks it.
    private let sectionByHost: [String: Int]
    /// By host class, the events its mechanism there observes, each with whether it sees the event when the app's
    /// delegate lacks the method (``DeclaredParticipant/expectsToObserve(_:_:)``, asked at every fired event): read
    /// off the mechanism there, each question copied the whole ``DeclaredSDK`` (2% of the matrix's time).
    private let expectations: [String: [(event: String, whenLacking: Bool)]]

    final class Section: Sendable {
        let sdk: DeclaredSDK
        init(_ sdk: DeclaredSDK) { self.sdk = sdk }
    }

    init(sdk: DeclaredSDK, info: ParticipantInfo, sections: [DeclaredSDK]) {
        self.sdk = sdk
        self.info = info
        self.sections = sections.map(Section.init)
        var byHost: [String: Int] = [:]
        for (position, section) in sections.enumerated() {
            for host in section.hostClasses where byHost[host] == nil { byHost[host] = position }
        }
        sectionByHost = byHost
        // Every host class one of its mechanisms observes: on any other it observes nothing.
        var expectations: [String: [(event: String, whenLacking: Bool)]] = [:]
        for hostClass in sdk.hostClasses + sections.flatMap(\.hostClasses) where expectations[hostClass] == nil {
            let mechanism = byHost[hostClass].map { sections[$0] } ?? sdk
            expectations[hostClass] = mechanism.events(on: hostClass).map { ($0, mechanism.hooksWhenLacking($0)) }
        }
        self.expectations = expectations
    }

    /// Whether its mechanism on `hostClass` expects to observe `event`, given whether the app's delegate implements it
    /// (`delegate-lacks`: an SDK that hooks only the methods the app's delegate has sees nothing of one it lacks).
    func expects(_ event: String, on hostClass: String, appImplements: () -> Bool) -> Bool {
        guard let match = expectations[hostClass]?.first(where: { $0.event == event }) else { return false }
        return match.whenLacking || appImplements()
    }

    /// The position in ``sections`` of the one that hooks `hostClass`; nil: the file's own ``sdk``.
    func section(for hostClass: String) -> Int? { sectionByHost[hostClass] }
}

/// A participant declared in a file: installs its ``DeclaredSDK`` at `load` or `attach`.
final class DeclaredParticipant: Participant {
    let mechanism: DeclaredMechanism
    var sdk: DeclaredSDK { mechanism.sdk }
    var info: ParticipantInfo { mechanism.info }
    var id: String { mechanism.info.id }
    var family: String { mechanism.info.family }
    var isAppDelegateClass: Bool { mechanism.info.appDelegateClass != nil }
    var started = false
    /// The class its install made for the world's host (its wrapper class), if any.
    var made: Class?
    /// It refused to install (REFUSE): its observer expects nothing.
    var refused = false

    init(_ mechanism: DeclaredMechanism) { self.mechanism = mechanism }

    /// Its whole state is these three values: what it installs lives in the runtime, and the bodies it gives the
    /// runtime hold only its immutable ``DeclaredSDK``.
    func snapshot() -> Participant? {
        let copy = DeclaredParticipant(mechanism)
        copy.started = started
        copy.made = made
        copy.refused = refused
        return copy
    }

    /// The mechanism it uses on a host class.
    func sdk(on hostClass: String) -> DeclaredSDK {
        mechanism.section(for: hostClass).map { mechanism.sections[$0].sdk } ?? mechanism.sdk
    }

    /// Installs every section; returns what the section of `hostClass` made.
    func installAll(_ rt: Runtime, _ hostClass: String) -> Class? {
        guard !mechanism.sections.isEmpty else { return mechanism.sdk.install(into: rt) }
        var made: Class?
        for section in mechanism.sections {
            let m = section.sdk.install(into: rt)
            if section.sdk.hooks(hostClass: hostClass) { made = m }
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

    var observer: String? { mechanism.sdk.observer }

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
        started && mechanism.sdk.taskFactoryHook && world.taskResumedByLastFire != nil ? ["resume"] : []
    }

    func expectsToObserve(_ event: String, _ world: World) -> Bool {
        guard started, !refused else { return false }
        return mechanism.expects(event, on: world.kind.className) { world.appImplements(event) }
    }
}
