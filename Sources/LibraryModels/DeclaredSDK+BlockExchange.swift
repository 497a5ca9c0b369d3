// Class swizzling variants of the app-level SDKs: XCHG with a selector made per block and the original invoked through
// an NSInvocation (CleverTap's CTSwizzle), the runtime class as the target (Leanplum), and the delegate reset after
// adding a method (CleverTap). Sources: clevertap-ios-sdk CleverTapSDK/Swizzling/CTSwizzleManager.m, CTSwizzle.m;
// Leanplum-iOS-SDK NotificationsProxy.swift, LPSwizzle.m.
import ObjCModel
import UIKitModel

extension DeclaredSDK {
    /// The class a class-swizzling SDK hooks: `[delegate class]` (GrowingIO-style, OneSignal, CleverTap
    /// `[sharedApplication.delegate class]`), or with `runtime-class` `object_getClass(delegate)` (Leanplum
    /// `appDelegateClass = object_getClass(appDelegate)`, NotificationsProxy.swift).
    func swizzleTarget(_ rt: Runtime, _ d: ObjectID) throws -> Class? {
        if swizzlesRuntimeClass { return rt.object_getClass(d) }
        // The stated class (`delegate.class`, imyaop guide §3.2); an NSProxy answers its own isa.
        return rt.classOfClassObject(try rt.objc_msgSend(d, rt.s.class).object ?? rt.classObject(rt.object_getClass(d)))
    }

    /// Of `selectors`, those the class the SDK hooks on `d` lacks now.
    func lackedMethods(_ rt: Runtime, _ d: ObjectID?, _ selectors: [String]) throws -> [String] {
        guard !selectors.isEmpty, let d, let cls = try swizzleTarget(rt, d) else { return [] }
        return selectors.filter { rt.class_getInstanceMethod(cls, rt.sel($0)) == nil }
    }

    /// Whether the SDK added one of the methods the class lacked (so it resets the delegate, `reset-if-added`).
    func addedAny(_ rt: Runtime, _ d: ObjectID?, _ lacked: [String]) throws -> Bool {
        guard !lacked.isEmpty, let d, let cls = try swizzleTarget(rt, d) else { return false }
        guard lacked.contains(where: { rt.class_getInstanceMethod(cls, rt.sel($0)) != nil }) else { return false }
        note(rt, .resetIfAdded, "\(id) sets the app delegate to nil and back after adding a method it lacked, so UIKit re-reads respondsToSelector:")
        return true
    }

    /// CleverTap `swizzleAppDelegate`: on the target class a method the class lacks is added (`class_addMethod` of
    /// CleverTap's own, with `add-missing`, except `no-donor` ones); an existing one is exchanged with a block
    /// registered under `_ct_block_<sel>_<blockPtr>` (CTSwizzle.m:33-65, :143-158) whose body runs CleverTap first,
    /// then `[invocation invokeWithTarget:obj]`, the invocation's selector being that block selector.
    func exchangeWithBlocks(_ rt: Runtime, _ delegate: Value, observed: [String], addMissing: Bool) throws {
        guard let d = delegate.object, !rt.isClassObject(d), let cls = try swizzleTarget(rt, d) else { return }
        let sdk = self
        let className = rt.class_getName(cls)
        for selector in observed {
            let sel = rt.sel(selector)
            if let rule = unlessHas.first(where: { $0.selector == selector }), rt.class_getInstanceMethod(cls, rt.sel(rule.has)) != nil {
                sdk.note(rt, .unlessHas, "\(id) leaves \(selector) alone because [delegate class] has \(rule.has)")
                continue
            }
            guard let method = rt.class_getInstanceMethod(cls, sel) else {
                guard addMissing, !noDonors.contains(selector), let types = Self.protocolTypes(selector) else { continue }
                sdk.note(rt, .swizzleClassAddMissing, "\(id) adds its own method to [delegate class] where the class has none (which changes respondsToSelector:)")
                let added = rt.imp_implementationWithBlock("-[\(className)(\(category)) \(selector)]", owner: id) { rt, o, _, a in
                    try sdk.observedCall(rt, o, selector, types, a, original: nil)
                }
                rt.class_addMethod(cls, sel, added, types)
                continue
            }
            let types = rt.method_getTypeEncoding(method)
            // The block's address makes the selector unique: a second install adds a second block, never undoes the first.
            var n = 1
            while rt.class_respondsToSelector(cls, rt.sel("\(prefix)block_\(selector)_\(n)")) { n += 1 }
            let blockName = "\(prefix)block_\(selector)_\(n)"
            let blockSel = rt.sel(blockName)
            sdk.note(rt, .swizzleClassPerBlock, "\(id) exchanges the method with a block under a per-block selector; the original then runs with _cmd = \(blockName)")
            let body = rt.imp_implementationWithBlock("-[\(className)(\(category)) \(blockName)]", owner: id) { rt, o, _, a in
                try sdk.observedCall(rt, o, selector, types, a) { rt, args in
                    // `[invocation invokeWithTarget:obj]`: a message send of the block selector to the object.
                    // MODEL: one invocation per call (CleverTap reuses one, setting its arguments each time); the block
                    // returns void and the code leaves the BOOL UIKit then reads undefined: the model passes the original's.
                    let invocation = NSInvocation(target: .object(o), selector: blockSel, arguments: args, methodSignature: types)
                    try invocation.invoke(rt, target: .object(o))
                    return invocation.returnValue
                }
            }
            Swizzling.exchange(rt, cls, selector, with: blockName, body)
        }
    }
}
