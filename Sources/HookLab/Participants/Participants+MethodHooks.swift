// The method-hooking participants: Aspects, JSPatch, the exchange and IMP swizzles, XAspect, ReactiveCocoa, KVO.
// They install through their own verbs on method-hook targets; MethodHookWorld.swift drives the models.

extension ParticipantKind {
    /// The method-hooking participants, in report order, appended to ``all``.
    static let methodHooks: [ParticipantKind] = MethodHookParticipant.infos.map { info in
        ParticipantKind(info: info) { MethodHookParticipant(info) }
    }
}

/// A method-hooking participant as the catalog lists it. Its steps are `family.verb` lines, which
/// ``MethodHookWorld`` runs; it never takes part in a delegate-host scenario (its hosts are method targets only).
final class MethodHookParticipant: Participant {
    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }

    static let allTargets = MethodTarget.all.map(\.name)
    static let instanceTargets = MethodTarget.all.filter { !$0.info.selector.hasPrefix("+") }.map(\.name)

    static let infos: [ParticipantInfo] = [
        ParticipantInfo(
            id: "aspects:class", family: "aspects",
            models: "Aspects 1.4.x class hook (`[Class aspect_hookSelector:…]`, swizzled in place)",
            hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["aspects.hook CLASS SEL before", "aspects.remove N"],
            basedOn: ["class hooks swizzle forwardInvocation: in place, once per class name (Aspects.m:361-362, :436-447)",
                      "__aspects_forwardInvocation: keeps the previous handler only if the class owned it (Aspects.m:391-399)",
                      "an already-forwarded selector gets no alias (Aspects.m:275)",
                      "the fallback to the saved handler runs after the after-blocks (Aspects.m:509-516)",
                      "the class-hierarchy tracker refuses a second class hook in one hierarchy (Aspects.m:598-645)"],
            hookInstalls: ["aspects.hook CLASS SEL before", "aspects.hook CLASS SEL instead", "aspects.hook CLASS SEL after"],
            design: "Aspects class hook, swizzled in place")
            .variants("before", "instead", "after"),
        ParticipantInfo(
            id: "aspects:instance", family: "aspects",
            models: "Aspects 1.4.x instance hook (`[object aspect_hookSelector:…]`, the _Aspects_ subclass)",
            hosts: instanceTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["aspects.hook OBJECT SEL before", "aspects.remove N"],
            basedOn: ["an instance hook isa-swizzles the object into <Class>_Aspects_, or swizzles in place when -class lies (Aspects.m:350-388)",
                      "__aspects_forwardInvocation: keeps the previous handler only if the class owned it (Aspects.m:391-399)",
                      "the fallback to the saved handler runs after the after-blocks (Aspects.m:509-516)"],
            hookInstalls: ["aspects.hook OBJECT SEL before", "aspects.hook OBJECT SEL instead", "aspects.hook OBJECT SEL after"],
            design: "Aspects instance hook, in an _Aspects_ subclass")
            .variants("before", "instead", "after"),
        ParticipantInfo(
            id: "jspatch", family: "jspatch", models: "JSPatch `defineClass` override (JPEngine overrideMethod, JPForwardInvocation)",
            hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["jspatch.override CLASS SEL calls-orig"],
            basedOn: ["ORIG<sel> = the resolved IMP, _objc_msgForward if already forwarded (JSPatch JPEngine.m:977, :1000-1006)",
                      "forwardInvocation: is re-wrapped only if it does not resolve to JPForwardInvocation (JSPatch JPEngine.m:992-997)",
                      "the JS function is looked up from the isa up; unknown selectors go to ORIGforwardInvocation: or the superclass's current handler (JSPatch JPEngine.m:639-655, :935-957)"],
            hookInstalls: ["jspatch.override CLASS SEL calls-orig", "jspatch.override CLASS SEL calls-super", "jspatch.override CLASS SEL"],
            design: "JSPatch defineClass override, through forwardInvocation:")
            .variants("ORIG", "super", "neither"),
        ParticipantInfo(
            id: "swizzle:exchange", family: "swizzle",
            models: "NSHipster exchange swizzle in +load (class_addMethod, then method_exchangeImplementations)",
            hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["swizzle.exchange CLASS SEL no-add"],
            basedOn: ["NSHipster pattern; the original then runs with _cmd = the helper selector (NSHipster \"Method Swizzling\"; objc4 method_exchangeImplementations)",
                      "exchanging twice undoes it; exchanging an inherited method without class_addMethod swaps the superclass's entry (IGInterfaceDataTable #9; RSSwizzle README)"],
            hookInstalls: ["swizzle.exchange CLASS SEL"],
            design: "exchange swizzle in +load"),
        ParticipantInfo(
            id: "swizzle:imp", family: "swizzle",
            models: "RSSwizzle-style IMP swizzle (class_replaceMethod, original called with its _cmd, super IMP at call time)",
            hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["swizzle.imp CLASS SEL"],
            basedOn: ["class_replaceMethod keeps the owned IMP, else looks up the superclass's at call time (RSSwizzle.m:213-218, :247-249)",
                      "RSSWCallOriginal calls the original with the swizzled selector as _cmd (RSSwizzle.h:367-371)"],
            hookInstalls: ["swizzle.imp CLASS SEL"],
            design: "IMP swizzle with class_replaceMethod"),
        ParticipantInfo(
            id: "xaspect", family: "xaspect", models: "XAspect load-time patch chain (superclass first, exchange per patch)",
            hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["xaspect.patch NAME CLASS SEL no-forward"],
            basedOn: ["weaving at load, superclasses first, a nucleus when the class lacks its own IMP (XAspect XACrystallization.cpp:392-417, :666-699)",
                      "each patch is class_addMethod + method_exchangeImplementations; XAMessageForward calls the previous head (XAspect XACExtensions.c:138-150)"],
            hookInstalls: ["xaspect.patch A CLASS SEL", "xaspect.patch A CLASS SEL no-forward"],
            design: "XAspect load-time patch chain")
            .variants("forward", "no-forward"),
        ParticipantInfo(
            id: "rac", family: "rac", models: "ReactiveObjC `rac_signalForSelector:` (the _RACSelectorSignal subclass, or in place)",
            hosts: instanceTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["rac.signal OBJECT SEL"],
            basedOn: ["subclass, or in place when -class lies; the inherited forwardInvocation: captured by value (ReactiveObjC NSObject+RACSelectorSignal.m:57-88, :254-313)",
                      "no alias if the method already forwards; a matched subject short-circuits (ReactiveObjC NSObject+RACSelectorSignal.m:40-55, :220)"],
            hookInstalls: ["rac.signal OBJECT SEL"],
            design: "ReactiveObjC rac_signalForSelector:, in a _RACSelectorSignal subclass or in place"),
        ParticipantInfo(
            id: "kvo:method", family: "kvo", models: "a KVO observer on the called object (ObjCModel KVO: NSKVONotifying_ isa-swizzle)",
            hosts: instanceTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["kvo.observe OBJECT title", "kvo.remove OBJECT title"],
            basedOn: ["the isa is swizzled to NSKVONotifying_<isa> and restored when the last observer goes, whoever swizzled since (steipete/Aspects #70; mikeash/MAZeroingWeakRef #14)",
                      "Aspects and RAC swizzle a KVO'ed class in place (Aspects.m:364-366; NSObject+RACSelectorSignal.m:267-290)"],
            hookInstalls: ["kvo.observe OBJECT title"], hookFollowUps: ["kvo.remove OBJECT title"],
            design: "KVO observer on the called object (isa-swizzle)"),
        ParticipantInfo(
            id: "swizzle:sdk", family: "sdkswizzle",
            models: "a second SDK's NSHipster exchange swizzle with its own category prefix (`sdk_`), or the same one (`xxx_`)",
            hosts: ["ViewController -viewWillAppear:", "SubViewController -viewWillAppear:", "UIViewController -viewWillAppear:"],
            hasLoad: false, hasAttach: false,
            otherVerbs: ["swizzle.exchange CLASS SEL prefix sdk_"],
            basedOn: ["method-hooking guide §4.1: two exchange swizzlers with distinct helper names both run, the last installed outermost; with one helper name the second exchange undoes the first"],
            hookInstalls: ["swizzle.exchange CLASS SEL prefix sdk_", "swizzle.exchange CLASS SEL prefix xxx_"]),
    ]
}

extension ParticipantInfo {
    /// The same participant with ``hookVariantNames``, one per install line.
    func variants(_ names: String...) -> ParticipantInfo {
        var info = self
        info.hookVariantNames = names
        return info
    }
}

extension Scenario.Step {
    /// Each method-hooking participant's declared install lines, split once: the `family.verb` head, the pattern
    /// after it, and the pattern's own (lower-case) words. Scenarios ask for every verb step of every run.
    private static let installPatterns: [(id: String, head: String, pattern: [String], own: [String])] =
        MethodHookParticipant.infos.flatMap { info in
            info.hookInstalls.map { install in
                let words = install.split(separator: " ").map(String.init)
                let pattern = Array(words.dropFirst())
                // Placeholders are upper case (CLASS, SEL, A); every other word is the line's own.
                return (info.id, words.first ?? "", pattern, pattern.filter { $0.contains(where: \.isLowercase) })
            }
        }

    /// The method-hooking participant a step installs, if it is an install verb: the participant whose declared
    /// ``ParticipantInfo/hookInstalls`` line it fits best. `objects` are the names the scenario's `object` lines
    /// declared so far: a receiver among them fits `OBJECT` (`aspects.hook vc …` is `aspects:instance`), any other
    /// `CLASS`; then the more of a line's own words (`prefix`, `sdk_`) the step has, the better it fits.
    func methodHookParticipant(objects: [String]) -> String? {
        guard case let .verb(family, verb, args) = self else { return nil }
        if verb == DeclaredHookStep.verb { return args.count >= 4 ? args[3] : nil }
        let head = "\(family).\(verb)"
        let isObject = args.first.map(objects.contains) ?? false
        var best: (id: String, score: [Int])?
        for entry in Self.installPatterns where entry.head == head {
            let receiverFits = entry.pattern.first == "OBJECT" ? isObject : (entry.pattern.first == "CLASS" ? !isObject : true)
            let present = entry.own.filter(args.contains).count
            let score = [receiverFits ? 1 : 0, present, present == entry.own.count ? 1 : 0]
            if best.map({ score.lexicographicallyPrecedes($0.score) == false && score != $0.score }) ?? true {
                best = (entry.id, score)
            }
        }
        return best?.id
    }
}
