// The facts a declared mechanism notes when its code path runs. A mechanism of the participant-file language serves
// every SDK that uses it, so its claim names the participant, not the SDK it was first modeled on, and its source is
// the participant's own: its `cite KEY SOURCE` line, else its `based-on` lines.
import ObjCModel

extension DeclaredSDK {
    /// A fact a mechanism rests on, keyed for `cite` lines by the mechanism that notes it.
    public enum MechanismFact: String, CaseIterable, Hashable, Sendable {
        case returnsVoid = "returns-void"
        case handlerGroup = "handler-group"
        case handlerBeforeForward = "handler-before-forward"
        case refuseIfSet = "refuse-if-set"
        case ownDelegate = "own-delegate"
        case unlessConforms = "unless-conforms"
        case plugin
        case isaSubclassCapture = "isa-subclass-capture"
        case donorIfResponds = "donor-if-responds"
        case donor
        case unlessHas = "unless-has"
        case isaSubclassIfResponds = "isa-subclass-if-responds"
        case isaSubclassIfSlotDelegate = "isa-subclass-if-slot-delegate"
        case setimpIfResponds = "setimp-if-responds"
        case setimpKeyedSelector = "setimp-keyed-selector"
        case swizzleClassAddMissing = "swizzle-class-add-missing"
        case swizzleClassPerBlock = "swizzle-class-per-block"
        case forwardingFallback = "forwarding-fallback"
        case resetIfAdded = "reset-if-added"
        case reentrancyGuard = "reentrancy-guard"
        case firstOnly = "first-only"
        case consume
        case retarget
        case forwardIfResponds = "forward-if-responds"
        case passOwn = "pass-own"
        case reuse
        case respondsGuard = "responds-guard"
        case respondsListed = "responds-listed"
        case invokeAlways = "invoke-always"
        case forwardInvocation = "forward-invocation"
        case trackIfTarget = "track-if-target"
        case getterUnwrap = "getter-unwrap"
        case setterDeclared = "setter-declared"
        case kvoSlot = "kvo-slot"
        case kvoSlotUnhook = "kvo-slot-unhook"
        case kvoSlotIfUnset = "kvo-slot-if-unset"
        case isaObjectIvars = "isa-object-ivars"
        case isaObjectStatedIvars = "isa-object-stated-ivars"
        case isaObjectDonors = "isa-object-donors"
        case isaObjectResponds = "isa-object-responds"
        case passive
        case taskClassesSearch = "task-classes-search"
        case taskClassesOnce = "task-classes-once"
        case taskClassesReplace = "task-classes-replace"
        case taskFactories = "task-factories"
        case taskFactoriesResume = "task-factories-resume"
        case startTwice = "start-twice"
        case swiftUIAdaptor = "swiftui-adaptor"

        /// The facts of the task-class SETIMP (`task-classes`, URLSessionTaskSwizzle), which hooks no delegate.
        public static let taskClassFacts: [MechanismFact] = [.taskClassesSearch, .taskClassesOnce, .taskClassesReplace]

        /// A fact no participant's source shows, only implies: a failure through it is predicted. A wrapper's
        /// forwarding pair asking its target is what the sources leave out (ByteDance's write-up: "其他的消息转发的代码
        /// 先忽略"; Pangle's PAGWeakProxy is a binary).
        public var isInference: Bool { self == .forwardInvocation }

        /// The participant-file line that selects the mechanism noting this fact.
        public var selectedBy: String {
            switch self {
            case .returnsVoid: return "returns void"
            case .handlerGroup: return "handler group"
            case .handlerBeforeForward: return "handler before-forward"
            case .refuseIfSet: return "refuse-if-set"
            case .ownDelegate: return "own-delegate CLASS"
            case .unlessConforms: return "unless-conforms PROTOCOL"
            case .plugin: return "plugin PROTOCOL"
            case .isaSubclassCapture: return "isa-subclass capture"
            case .donorIfResponds: return "isa-subclass capture … donor-if-responds SEL"
            case .donor: return "isa-subclass capture … donor SEL"
            case .unlessHas: return "swizzle-class … unless-has HAS SEL"
            case .isaSubclassIfResponds: return "isa-subclass per-instance if-responds"
            case .isaSubclassIfSlotDelegate: return "isa-subclass per-instance if-slot-delegate"
            case .setimpIfResponds: return "setimp … if-responds"
            case .setimpKeyedSelector: return "setimp keyed selector"
            case .swizzleClassAddMissing: return "swizzle-class per-block add-missing"
            case .swizzleClassPerBlock: return "swizzle-class per-block"
            case .forwardingFallback: return "swizzle-class … forwarding-fallback"
            case .resetIfAdded: return "swizzle-class … reset-if-added SEL"
            case .reentrancyGuard: return "setter … reentrancy-guard"
            case .firstOnly: return "setter … first-only"
            case .consume: return "wrap … consume SEL"
            case .retarget: return "wrap … retarget"
            case .forwardIfResponds: return "wrap … forward target-if-responds"
            case .passOwn: return "wrap … pass-own"
            case .reuse: return "wrap … reuse"
            case .respondsGuard: return "wrap … responds own-or-target … responds-guard"
            case .respondsListed: return "wrap … responds listed-or-target"
            case .invokeAlways: return "wrap … invoke-always"
            case .forwardInvocation: return "wrap … forward invocation"
            case .trackIfTarget: return "wrap … track-if-target"
            case .getterUnwrap: return "getter unwrap"
            case .setterDeclared: return "setter declared"
            case .kvoSlot, .kvoSlotUnhook: return "kvo-slot"
            case .kvoSlotIfUnset: return "kvo-slot if-unset"
            case .isaObjectIvars: return "isa-object … proxies ivars"
            case .isaObjectStatedIvars: return "isa-object … proxies stated-ivars"
            case .isaObjectDonors: return "isa-object … copy SEL…"
            case .isaObjectResponds: return "isa-object (proxies isa, the default)"
            case .passive: return "passive"
            case .taskClassesSearch, .taskClassesOnce, .taskClassesReplace: return "task-classes setimp SEL…"
            case .taskFactories, .taskFactoriesResume: return "task-factories resume"
            case .startTwice: return "start runtime|late twice"
            case .swiftUIAdaptor: return "app-delegate-class SOURCE"
            }
        }

        /// Whether `sdk`'s declared lines select the mechanism that notes this fact (a `cite` for one they do not is
        /// a mistake in the file).
        public func applies(to sdk: DeclaredSDK) -> Bool {
            var proxy: Proxy?
            if case .wrap(let p) = sdk.handling { proxy = p }
            switch self {
            case .returnsVoid: return sdk.voidReturn
            case .handlerGroup: return sdk.defaultHandlerPolicy == .group || sdk.handlerPolicies.values.contains(.group)
            case .handlerBeforeForward: return sdk.defaultHandlerPolicy == .beforeForward || sdk.handlerPolicies.values.contains(.beforeForward)
            case .refuseIfSet: return sdk.refusesIfSet
            case .ownDelegate: return sdk.ownDelegateIfEmpty != nil
            case .unlessConforms: return sdk.standsAsideIfConforms != nil
            case .plugin: return sdk.pluginOf != nil
            case .isaSubclassCapture:
                if case .isaCapture = sdk.handling { return true }
                return false
            case .donorIfResponds: return !sdk.donorsIfResponds.isEmpty
            case .donor: return !sdk.extraDonors.isEmpty
            case .unlessHas: return !sdk.unlessHas.isEmpty
            case .isaSubclassIfResponds: return sdk.isaPerInstance?.ifResponds == true
            case .isaSubclassIfSlotDelegate: return sdk.isaPerInstance?.ifSlotDelegate == true
            case .setimpIfResponds: return sdk.setImpIfResponds
            case .setimpKeyedSelector:
                if case .setImp(.selector, _, _) = sdk.handling { return true }
                return false
            case .swizzleClassAddMissing:
                if case .swizzleClass(true) = sdk.handling { return sdk.perBlockSelector }
                return false
            case .swizzleClassPerBlock: return sdk.perBlockSelector
            case .forwardingFallback: return sdk.forwardingFallback
            case .resetIfAdded: return !sdk.resetAfterAdding.isEmpty
            case .reentrancyGuard: return sdk.setterReentrancyGuard
            case .firstOnly: return sdk.setterFirstOnly
            case .consume: return proxy?.consumes.isEmpty == false
            case .retarget: return proxy?.retarget == true
            case .forwardIfResponds: return proxy?.forwarding == .forwardingTargetIfResponds
            case .passOwn: return proxy?.passOwn == true
            case .reuse: return proxy?.reuse == true
            case .respondsGuard: return proxy?.respondsGuard == true && proxy?.responds == .ownOrTarget
            case .respondsListed: return proxy?.responds == .listedOrTarget
            case .invokeAlways: return proxy?.invokeAlways == true
            case .forwardInvocation: return proxy?.forwarding == .forwardInvocation && proxy?.invokeAlways == false
            case .trackIfTarget: return proxy?.trackIfTarget == true
            case .getterUnwrap: return sdk.getterUnwraps
            case .setterDeclared: return sdk.trigger == .declared
            case .kvoSlot, .kvoSlotUnhook: return sdk.kvoSlot
            case .kvoSlotIfUnset: return sdk.kvoSlotIfUnset
            case .isaObjectIvars: return sdk.objectIsa?.proxies == .ivars
            case .isaObjectStatedIvars: return sdk.objectIsa?.proxies == .statedIvars
            case .isaObjectDonors: return sdk.objectIsa?.donors.isEmpty == false
            case .isaObjectResponds: return sdk.objectIsa?.proxies == .isa
            case .passive:
                if case .passive = sdk.handling { return true }
                return false
            case .taskClassesSearch, .taskClassesOnce, .taskClassesReplace: return false
            case .taskFactories, .taskFactoriesResume: return sdk.taskFactoryHook
            case .startTwice: return sdk.startsTwice
            case .swiftUIAdaptor: return sdk.isAppDelegateClass
            }
        }
    }

    /// Where a participant read one of its mechanism facts: `cite KEY SOURCE`.
    public struct Citation: Hashable, Sendable {
        public var fact: MechanismFact
        public var source: String
        public init(fact: MechanismFact, source: String) {
            self.fact = fact
            self.source = source
        }
    }

    /// The source of a mechanism fact for this participant: its citation, else its `based-on` lines.
    public func source(of fact: MechanismFact) -> String {
        Self.source(of: fact, citations: citations, basedOn: basedOn)
    }

    /// A fact's source for a participant with these `cite` and `based-on` lines.
    public static func source(of fact: MechanismFact, citations: [Citation], basedOn: [String]) -> String {
        citations.first { $0.fact == fact }?.source ?? basedOn.joined(separator: "; ")
    }

    /// Who a fact names: the participant, or the shared proxy it brings (`fcm` brings GUL's app-delegate proxy).
    var hookOwner: String {
        if case .isaCapture(_, let shared?) = handling, shared.lowercased() != id.splitASCII(":").first?.lowercased() {
            return "the \(shared) proxy \(id) brings"
        }
        return id
    }

    /// Notes that a code path resting on one of this participant's mechanism facts ran; `claim` names the participant.
    func note(_ rt: Runtime, _ fact: MechanismFact, _ claim: String) {
        if fact.isInference { rt.noteInference(claim, source: source(of: fact)) } else { rt.noteFact(claim, source: source(of: fact)) }
    }
}
