// `isa-subclass per-instance`: the delegate OBJECT moves into a subclass made for it alone, `<Class>.<N>__<suffix>`
// with a global index, instead of one subclass shared by every instance of its class (Sensors Data 2.2.0–4.0.3,
// sa-sdk-ios Core/AutoTrack/Cell/SADelegateProxy.m `generateSensorsClassName:`, `subClassIndex++`).
import ObjCModel
import UIKitModel

extension DeclaredSDK {
    /// The options of a per-instance isa-swizzle.
    public struct IsaPerInstance: Hashable, Sendable {
        /// Nothing is done to a delegate that answers `respondsToSelector:` NO for every observed event; otherwise
        /// every observed event is added to the subclass, the original reached through `objc_msgSendSuper` (so a
        /// forwarding class forwards it).
        public var ifResponds: Bool
        /// An event is recorded only when the receiver is the host's delegate (the first argument's `-delegate`):
        /// a call reaching it by forwarding from another delegate is not recorded twice.
        public var ifSlotDelegate: Bool
        public init(ifResponds: Bool, ifSlotDelegate: Bool) {
            self.ifResponds = ifResponds
            self.ifSlotDelegate = ifSlotDelegate
        }
    }

    /// The name suffix of its per-instance classes (Sensors: `__CN.SENSORSDATA`).
    var perInstanceSuffix: String { "__" + prefix + "SDK" }

    /// Moves `delegate` into a subclass made for it alone, whose observed methods call super, then record.
    func isaSubclassPerInstance(_ rt: Runtime, _ delegate: Value, observed: [String], lyingClass: Bool, addMissing: Bool,
                                _ options: IsaPerInstance) throws {
        guard let d = delegate.object, !rt.isClassObject(d) else { return }
        let classNameKey = prefix + "className"
        // "当前代理对象已经处理过" (already handled): `if ([delegate sensorsdata_className]) return;`
        // (sa-sdk-ios v2.2.8 SADelegateProxy.m hookDidSelectMethodWithDelegate:).
        guard rt.objc_getAssociatedObject(d, classNameKey).isNil else { return }
        if options.ifResponds {
            // "代理对象未实现单元格选中方法, 则不处理": asked with -respondsToSelector:, so a forwarding proxy counts.
            var answers = false
            for selector in observed where try rt.objc_msgSend(d, rt.s.respondsToSelector, [.sel(rt.sel(selector))]).boolValue {
                answers = true
                break
            }
            note(rt, .isaSubclassIfResponds, "\(id) hooks a delegate only if it answers respondsToSelector: YES for one of the selectors it observes")
            guard answers else { return }
        }
        // MODEL: the KVO path (a KVO'd delegate patched in place, re-hooked after the last removeObserver:) is left out.
        let cls = rt.object_getClass(d)
        // `[NSString stringWithFormat:@"%@%@%@%@", NSStringFromClass(class), @".", @(subClassIndex++), kSADelegateSuffix]`:
        // one index for the whole process, kept here on the root class object.
        let indexKey = prefix + "subClassIndex"
        let root = rt.classObject(rt.NSObjectClass)
        let index = rt.objc_getAssociatedObject(root, indexKey).intValue
        try rt.objc_setAssociatedObject(root, indexKey, .int(index + 1), .retainNonatomic)
        let name = rt.class_getName(cls) + ".\(index)" + perInstanceSuffix
        // SAClassHelper allocateClassWithObject:className: returns nil when the class pair cannot be made.
        guard let sub = rt.objc_allocateClassPair(cls, name, owner: id) else { return }
        let sdk = self
        for selector in observed {
            let sel = rt.sel(selector)
            let answers = options.ifResponds || rt.class_respondsToSelector(cls, sel)
            guard answers || addMissing, let types = Self.protocolTypes(selector) else { continue }
            rt.addMethod(sub, selector, types: types, owner: id) { rt, o, _, a in
                // v2.2.6+: `objc_msgSendSuper({target, originalClass}, sel, …)`, then the click is tracked
                // (sa-sdk-ios v2.2.8 SADelegateProxy.m:127-150 invokeWithTarget:selector:scrollView:indexPath:).
                let result = answers ? try rt.objc_msgSendSuper(o, cls, sel, a) : try Self.defaultAnswer(rt, types, a)
                if options.ifSlotDelegate, let host = a.first?.object {
                    // "当 target 和 delegate 不相等时为消息转发, 此时无需重复采集事件" (target != scrollView.delegate: forwarding).
                    sdk.note(rt, .isaSubclassIfSlotDelegate, "\(id) records an event only when the hooked object is the view's delegate")
                    guard try rt.objc_msgSend(host, rt.sel("delegate"), []) == .object(o) else { return result }
                }
                sdk.record(rt, selector)
                return result
            }
        }
        if lyingClass {
            // `- (Class)class { return NSClassFromString(self.sensorsdata_className) … }` hides the new subclass.
            let original = rt.classObject(cls)
            rt.addMethod(sub, "class", types: "#@:", owner: id) { _, _, _, _ in .object(original) }
        }
        rt.objc_registerClassPair(sub)
        // `[delegate setSensorsdata_className:NSStringFromClass(realClass)]`, then `object_setClass`.
        try rt.objc_setAssociatedObject(d, classNameKey, .string(rt.class_getName(cls)), .copyNonatomic)
        _ = rt.object_setClass(d, sub)
        // MODEL: the class disposed 0.5 s after the delegate deallocs (sensorsdata_registerDeallocBlock) is left out.
    }
}
