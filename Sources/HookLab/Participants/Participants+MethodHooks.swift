// The method-hooking mechanisms: Aspects, JSPatch, the exchange and IMP swizzles, XAspect, ReactiveCocoa, KVO. They
// install through their own verbs on method-hook targets; MethodHookWorld.swift drives the models.

/// A method-hooking participant as the catalog lists it. Its steps are `family.verb` lines, which
/// ``MethodHookWorld`` runs; it never takes part in a delegate-host scenario (its hosts are method targets only).
final class MethodHookParticipant: Participant {
    let info: ParticipantInfo
    init(_ info: ParticipantInfo) { self.info = info }

    static let allTargets = MethodTarget.all.map(\.name)
    static let instanceTargets = MethodTarget.all.filter { !$0.info.selector.hasPrefix("+") }.map(\.name)

    /// Each method hooker's `model swift` name and mechanism: the id its install lines make (scenario files name it by
    /// them), its method targets, and its install lines, one per variant.
    static let mechanisms: [(String, ParticipantInfo)] = [
        ("Aspects class", ParticipantInfo.mechanism(
            id: "aspects:class", family: "aspects", hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["aspects.hook CLASS SEL before", "aspects.remove N"],
            hookInstalls: ["aspects.hook CLASS SEL before", "aspects.hook CLASS SEL instead", "aspects.hook CLASS SEL after"])
            .variants("before", "instead", "after")),
        ("Aspects instance", ParticipantInfo.mechanism(
            id: "aspects:instance", family: "aspects", hosts: instanceTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["aspects.hook OBJECT SEL before", "aspects.remove N"],
            hookInstalls: ["aspects.hook OBJECT SEL before", "aspects.hook OBJECT SEL instead", "aspects.hook OBJECT SEL after"])
            .variants("before", "instead", "after")),
        ("JSPatch", ParticipantInfo.mechanism(
            id: "jspatch", family: "jspatch", hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["jspatch.override CLASS SEL calls-orig"],
            hookInstalls: ["jspatch.override CLASS SEL calls-orig", "jspatch.override CLASS SEL calls-super", "jspatch.override CLASS SEL"])
            .variants("ORIG", "super", "neither")),
        ("swizzle exchange", ParticipantInfo.mechanism(
            id: "swizzle:exchange", family: "swizzle", hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["swizzle.exchange CLASS SEL no-add"], hookInstalls: ["swizzle.exchange CLASS SEL"])),
        ("swizzle imp", ParticipantInfo.mechanism(
            id: "swizzle:imp", family: "swizzle", hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["swizzle.imp CLASS SEL"], hookInstalls: ["swizzle.imp CLASS SEL"])),
        ("XAspect", ParticipantInfo.mechanism(
            id: "xaspect", family: "xaspect", hosts: allTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["xaspect.patch NAME CLASS SEL no-forward"],
            hookInstalls: ["xaspect.patch A CLASS SEL", "xaspect.patch A CLASS SEL no-forward"])
            .variants("forward", "no-forward")),
        ("ReactiveObjC", ParticipantInfo.mechanism(
            id: "rac", family: "rac", hosts: instanceTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["rac.signal OBJECT SEL"], hookInstalls: ["rac.signal OBJECT SEL"])),
        ("KVO method", ParticipantInfo.mechanism(
            id: "kvo:method", family: "kvo", hosts: instanceTargets, hasLoad: false, hasAttach: false,
            otherVerbs: ["kvo.observe OBJECT title", "kvo.remove OBJECT title"],
            hookInstalls: ["kvo.observe OBJECT title"], hookFollowUps: ["kvo.remove OBJECT title"])),
        ("swizzle sdk", ParticipantInfo.mechanism(
            id: "swizzle:sdk", family: "sdkswizzle",
            hosts: ["ViewController -viewWillAppear:", "SubViewController -viewWillAppear:", "UIViewController -viewWillAppear:"],
            hasLoad: false, hasAttach: false, otherVerbs: ["swizzle.exchange CLASS SEL prefix sdk_"],
            hookInstalls: ["swizzle.exchange CLASS SEL prefix sdk_", "swizzle.exchange CLASS SEL prefix xxx_"])
            .variants("own-prefix", "same-prefix")),
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
        SwiftModel.methodHookMechanisms.flatMap { info in
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
