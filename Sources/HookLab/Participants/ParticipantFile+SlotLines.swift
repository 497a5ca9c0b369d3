// The participant file's parser (issue 45 §3): ParticipantFile.Parser holds what the lines said so far; this file reads the
// lines of a delegate-slot mechanism: what it observes and when it starts, its setter hook, how it handles the delegate
// (wrap, swizzle-class, isa-subclass, forwarding-target, setimp), its handler policies, and the section and framework
// lines.
import Foundation
import ObjCModel
import UIKitModel
import LibraryModels

extension ParticipantFile.Parser {
    /// A line of the delegate-slot mechanism; false for another kind.
    mutating func readSlotLine() throws(InputFileError) -> Bool {
        switch keyword {
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
            let classes = ParticipantFile.hostClasses
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
                throw fail(number, "expected 'wrap nsproxy|nsobject [class NAME] [target weak|strong|assign] [forward invocation|target] [responds target|own-or-target|both|listed-or-target] [marker SEL] [keep retain|assign host|delegate KEY]'")
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
                case "surrogate": proxy.surrogate = try option(args, &i, "surrogate")
                case "keep":
                    guard i + 3 < args.count, ["retain", "assign"].contains(args[i + 1]) else {
                        throw fail(number, "expected 'keep retain|assign host|delegate KEY'")
                    }
                    let on: DeclaredSDK.Keep.Holder = try choice(args[i + 2], "keeper")
                    proxy.keep = DeclaredSDK.Keep(retains: args[i + 1] == "retain", on: on, key: args[i + 3])
                    i += 3
                default: throw fail(number, "unknown wrap option '\(args[i])'; expected class, target, forward, responds, marker, keep, kind-of, class-of, pass-own, reuse, responds-guard, track-if-target, invoke-always, consume SEL, retarget, surrogate CLASS")
                }
                i += 1
            }
            if proxy.invokeAlways, proxy.forwarding != .forwardInvocation {
                throw fail(number, "'invoke-always' is how forwardInvocation: invokes the target: it goes with 'forward invocation'")
            }
            if proxy.surrogate != nil, proxy.responds != .target || proxy.consumes.count > 0 || proxy.trackIfTarget
                || proxy.forwarding == .forwardingTargetIfResponds {
                throw fail(number, "'surrogate' puts the observed methods on another object that its forwardingTargetForSelector: returns: it goes with 'responds target' (which then answers YES for them too) and 'forward invocation' or 'forward target', without 'consume' or 'track-if-target'")
            }
            if let name = proxy.surrogate, !(name.first?.isLetter == true && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })) {
                throw fail(number, "surrogate class name '\(name)' must be an Objective-C identifier")
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
                // `forwarding-fallback`: a method added where the class lacked it passes the call on to what the
                // receiver's forwardingTargetForSelector: returns for the original selector, when that target has it.
                case "forwarding-fallback": swizzleOptions.forwardingFallback = true
                case "no-donor": noDonors.append(try option(args, &i, "no-donor"))
                case "reset-if-added": swizzleOptions.resetIfAdded.append(try option(args, &i, "reset-if-added"))
                case "unless-has":
                    // `unless-has HAS SEL`: SEL is neither hooked nor added when the class has a method HAS.
                    guard i + 2 < args.count else { throw fail(number, "'unless-has' needs two selectors: 'unless-has HAS SEL'") }
                    unlessHas.append(DeclaredSDK.UnlessHas(has: args[i + 1], selector: args[i + 2]))
                    i += 2
                default: throw fail(number, "unknown swizzle-class option '\(args[i])'; expected add-missing, runtime-class, per-block, forwarding-fallback, no-donor SEL, reset-if-added SEL, unless-has HAS SEL")
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
            do { objectIsa = (try ParticipantFile.objectIsa(args), number) } catch { throw fail(number, error.message) }
        default:
            return false
        }
        return true
    }
}
