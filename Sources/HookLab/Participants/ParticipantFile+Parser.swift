// The participant file's parser (issue 45 §3): ParticipantFile.Parser holds what the lines said so far; each kind of line
// is read by its own method, in its own file (ParticipantFile+FactLines.swift, +SlotLines.swift, +HookLines.swift), and
// build() makes the participant from them.
import Foundation
import ObjCModel
import UIKitModel
import LibraryModels

extension ParticipantFile {
    /// What one file's (or one section's) lines have said so far.
    struct Parser {
        let file: String
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
        var swizzleOptions = (runtimeClass: false, perBlock: false, forwardingFallback: false, resetIfAdded: [String](), line: 1)
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
        var closedSource: String?
        var mechanismLine: (keyword: String, line: Int)?

        // The line being read: its number, first word, the words after it, and those joined.
        var number = 0
        var keyword = ""
        var args: [String] = []
        var rest = ""

        init(file: String) { self.file = file }

        func fail(_ line: Int, _ message: String) -> InputFileError { InputFileError(file: file, line: line, message: message) }

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

        mutating func setHandling(_ h: DeclaredSDK.Handling) throws(InputFileError) {
            if let (_, previous) = handling {
                throw fail(number, "a participant does one thing with each delegate; line \(previous) already says what (wrap, swizzle-class, isa-subclass or forwarding-target)")
            }
            handling = (h, number)
        }

        /// Reads every line, then builds the participant.
        mutating func parse(_ text: String) throws(InputFileError) -> ParticipantFile {
            let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                number = index + 1
                let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
                if line.isEmpty || line.hasPrefix("#") { continue }
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                keyword = words[0]
                args = Array(words.dropFirst())
                if mechanismLine == nil, keywords.contains(keyword), !factKeywords.contains(keyword) { mechanismLine = (keyword, number) }
                rest = args.joined(separator: " ")
                // Each kind of line in its own file; `||` would erase the typed throws.
                var read = try readFactLine()
                if !read { read = try readSlotLine() }
                if !read { read = try readHookLine() }
                guard read else {
                    throw fail(number, "unknown keyword '\(keyword)'\(Scenario.suggestion(keyword, keywords)); expected one of \(keywords.joined(separator: ", "))")
                }
            }
            return try build(text)
        }

        var keywords: [String] { ParticipantFile.keywords }
        var factKeywords: [String] { ParticipantFile.factKeywords }

        /// The participant the lines declare, checked as a whole.
        mutating func build(_ text: String) throws(InputFileError) -> ParticipantFile {
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
                info.closedSource = closedSource
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
                // A switch variant is a delegate-hooking SDK with its hooks off; a task-class hook has no such variant yet.
                if let setting = settings.first {
                    throw fail(setting.line, "'setting' makes a variant of a delegate-hooking SDK; a 'task-classes' participant cannot declare one yet: give the switch as an 'action' line")
                }
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
            sdk.isAppDelegateClass = appDelegateClass != nil
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
            sdk.forwardingFallback = swizzleOptions.forwardingFallback
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
                                       hosts: ParticipantFile.hostNamesInEras(sdk.hostClasses, eras: eras, framework: framework), hasLoad: startWhen == .load, hasAttach: startWhen != .load,
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
    }
}
