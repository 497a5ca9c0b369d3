// The mechanisms SDKs use on the app-level slots (the app delegate, UNUserNotificationCenter.delegate, URL session
// delegates), as declared primitives: ISA with captured IMPs, SETIMP keyed per class or per selector name, a factory
// hook, a start-time hold of the current delegate, refusal, and completion-handler policies. Each follows the field
// guide's technique table (app-push-network-sdks.md); the comment on each names the source.
import ObjCModel
import UIKitModel

extension DeclaredSDK {
    /// Whether an event belongs to an app-level slot (its answers come from the app's own methods).
    func isAppLevel(_ selector: String) -> Bool {
        HostKind.appLevel.contains { $0.events.contains { $0.selector == selector } }
            || DelegateProtocols.appSlotProtocols.flatMap(DelegateProtocols.methods(of:)).contains(selector)
    }

    /// Whether the SDK hooks `selector` on a delegate whose class lacks it: a wrapper implements it itself; the class
    /// hooks only with `add-missing` (and not for a `no-donor` selector).
    public func hooksWhenLacking(_ selector: String) -> Bool {
        if objectIsa?.donors.contains(selector) == true { return true }
        switch handling {
        case .wrap, .forwardingTarget: return true
        case .passive: return false
        case .isaSubclass(_, let addMissing), .setImp(_, _, let addMissing): return addMissing
        case .isaCapture(let addMissing, _), .swizzleClass(let addMissing):
            return addMissing && !noDonors.contains(selector) && !donorsIfResponds.contains(selector)
        }
    }

    // MARK: One observed call, with the completion-handler policy

    /// The SDK's body for one delegate method: record, then the original (if any) with the handler as the policy says.
    /// - Parameter original: calls the previous implementation with the given arguments; nil when there is none.
    func observedCall(_ rt: Runtime, _ receiver: ObjectID, _ selector: String, _ types: String, _ args: [Value],
                      original: ((Runtime, [Value]) throws -> Value)?) throws -> Value {
        record(rt, selector)
        guard case .block(let system)? = args.last, selector.hasSuffix("ompletionHandler:") else {
            let answer = try original?(rt, args) ?? Self.defaultAnswer(rt, types, args, by: observer)
            // FBSDKSwizzler's trampolines return void (FBSDKSwizzler.m:88-116): the caller reads no answer.
            if voidReturn {
                note(rt, .returnsVoid, "\(id)'s replacement method returns void, so a BOOL answer is lost")
                return .none
            }
            return answer
        }
        let handler = Value.block(system)
        let value: Value = selector.includes("willPresent") ? .int(0) : .int(1)
        var mine = args
        switch policy(selector) {
        case .pass:
            guard let original else {
                try UIKit.callHandler(rt, handler, by: observer, [value])
                return .none
            }
            return try original(rt, args)
        case .once:
            // Airship `ensureOnce`: only the first call reaches the system handler; if nobody calls it, Airship does.
            let gate = Block(label: "ensureOnce(\(observer))") { rt, a in
                if rt.journal.last(where: { $0.event == "ensureOnce" && $0.observer == observer }) == nil {
                    rt.journal.append(JournalEntry(observer: observer, event: "ensureOnce"))
                    try UIKit.callHandler(rt, handler, by: observer, a)
                }
                return .none
            }
            mine[mine.count - 1] = .block(gate)
            let answer = try original?(rt, mine) ?? .none
            if gate.callCount == 0 { try UIKit.callHandler(rt, .block(gate), by: observer, [value]) }
            return answer
        case .afterForward:
            let answer = try original?(rt, args) ?? .none
            try UIKit.callHandler(rt, handler, by: observer, [value])
            return answer
        case .beforeForward:
            // RNFB before 23.8.5 (RNFBMessaging+UNUserNotificationCenter.m:139, :142-147 @v23.8.4): the handler is called
            // for the push, then passed to the original delegate if it responds, else called again.
            try UIKit.callHandler(rt, handler, by: observer, [value])
            guard let original else {
                note(rt, .handlerBeforeForward, "\(id) calls the handler itself, then again when there is no original delegate to pass it to")
                try UIKit.callHandler(rt, handler, by: observer, [value])
                return .none
            }
            return try original(rt, args)
        case .group:
            return try groupCall(rt, receiver, selector, args, handler, value, original: original)
        case .forward:
            return try original?(rt, args) ?? .none
        }
    }

    /// GULAppDelegateSwizzler.m:858-934: every interceptor and the original get one `localCompletionHandler` that
    /// leaves a dispatch group; the real handler runs once in `dispatch_group_notify`. "One call too many crashes; one
    /// missing call means the system handler is never called."
    func groupCall(_ rt: Runtime, _ receiver: ObjectID, _ selector: String, _ args: [Value], _ system: Value, _ value: Value,
                   original: ((Runtime, [Value]) throws -> Value)?) throws -> Value {
        let interceptors = Self.interceptors(rt, receiver).filter { $0 != observer }
        let entered = interceptors.count + (original == nil ? 0 : 1)
        let local = Block(label: "localCompletionHandler(\(observer))") { rt, _ in
            let left = rt.journal.filter { $0.event == "dispatch_group_leave" && $0.observer == observer }.count + 1
            rt.journal.append(JournalEntry(observer: observer, event: "dispatch_group_leave"))
            guard left <= entered else {
                note(rt, .handlerGroup, "the fetch handler of \(hookOwner) leaves a dispatch group once per participant; one call too many is an unbalanced leave")
                throw rt.fatal("BUG IN CLIENT OF LIBDISPATCH: Unbalanced call to dispatch_group_leave()", by: "libdispatch")
            }
            return .none
        }
        var mine = args
        mine[mine.count - 1] = .block(local)
        let start = rt.journal.count
        // The interceptors first (FCM's fetch interceptor calls completionHandler(NoData), FIRMessagingRemoteNotificationsProxy.m:389-409).
        for name in interceptors {
            rt.journal.append(JournalEntry(observer: name, event: selector))
            try UIKit.callHandler(rt, .block(local), by: name, [.int(1)])
        }
        let answer = try original?(rt, mine) ?? .none
        let left = rt.journal[start...].filter { $0.event == "dispatch_group_leave" && $0.observer == observer }.count
        if left == entered { try UIKit.callHandler(rt, system, by: observer, [value]) }
        return answer
    }

    // MARK: Start, factory, refusal

    /// `own-delegate CLASS`: an empty slot gets the SDK's own singleton (kept for the process), a delegate already there
    /// is set again; both pass through the SDK's setter hook, which hooks the object's class.
    public func installOwnDelegate(on host: ObjectID, kind: HostKind, in rt: Runtime) throws {
        guard let name = ownDelegateIfEmpty else { return }
        let slot = kind.primarySlot
        let current = try rt.send(host, slot.property)
        guard current.isNil else {
            _ = try rt.send(host, slot.setter, current)
            return
        }
        note(rt, .ownDelegate, "\(id) makes its own object the \(kind.className) delegate when the slot is empty at its start")
        let cls = rt.objc_getClass(name) ?? rt.defineClass(name, superclass: rt.NSObjectClass, owner: id)
        // `static singleInstance` lives as long as the process; the model hangs it on the host, which does too.
        let own = rt.class_createInstance(cls)
        try rt.objc_setAssociatedObject(host, "\(id).ownDelegate", .object(own), .retainNonatomic)
        try rt.objc_release(own)
        _ = try rt.send(host, slot.setter, .object(own))
    }

    /// At its start, the SDK takes hold of the delegate now in the slot (or refuses, or installs itself when empty).
    /// - Returns: false when it refused.
    @discardableResult
    /// - Parameter again: the second run of a set-up that runs twice (`start … twice`): the plugin object made by the
    ///   first run (kept on the host) runs it again instead of a new one.
    public func start(on host: ObjectID, kind: HostKind, made: Class?, in rt: Runtime, again: Bool = false) throws -> Bool {
        if case .passive = handling {
            // Switched off (`setting NAME off`), it expects nothing and nobody calls it.
            if events(on: kind.className).isEmpty {
                note(rt, .passive, "\(id) is switched off: it hooks nothing on \(kind.className) and expects no event")
                return true
            }
            try startPassive(rt)
            return true
        }
        if again { note(rt, .startTwice, "\(id) runs its start-time set-up a second time, with whatever the slot holds then, its own object included") }
        let slot = kind.primarySlot
        let current = try rt.send(host, slot.property)
        var plugin: ObjectID?
        if let proto = pluginOf, let made {
            let appDelegate = try FlutterApp.sharedApplicationDelegate(rt)
            if again, !appDelegate.isNil, case .wrap(let proxy) = handling, let keep = proxy.keep, keep.on == .host,
               let kept = rt.objc_getAssociatedObject(host, keep.key).object,
               try rt.objc_msgSend(appDelegate, rt.s.conformsToProtocol, [.string(proto)]).boolValue {
                // The same plugin registers itself again; Flutter's list keeps both entries (FlutterPluginAppLifeCycleDelegate
                // addDelegate: adds the pointer, no check).
                note(rt, .plugin, "\(id) registers its plugin with the app delegate again, which passes each event to it once per registration")
                _ = try rt.objc_msgSend(appDelegate, rt.sel(FlutterApp.addDelegate), [.object(kept)])
                plugin = kept
            } else if !appDelegate.isNil, try rt.objc_msgSend(appDelegate, rt.s.conformsToProtocol, [.string(proto)]).boolValue {
                // FLTFirebaseMessagingPlugin.m:302: the plugin object registers with the app delegate, with no original yet.
                note(rt, .plugin, "\(id) registers its plugin with the app delegate, which conforms to \(proto), and gets the events it passes on")
                let registered = rt.class_createInstance(made)
                _ = try rt.send(registered, "initWithTarget:", .none)
                _ = try rt.objc_msgSend(appDelegate, rt.sel(FlutterApp.addDelegate), [.object(registered)])
                if case .wrap = handling {
                    try keepAndRelease(rt, registered, view: host, delegate: .none)
                } else {
                    // The engine keeps a registered plugin (its method-channel delegate); the model hangs it on the app
                    // delegate, which lives as long as the process.
                    try rt.objc_setAssociatedObject(appDelegate.object!, "flutter.plugin.\(id)", .object(registered), .retainNonatomic)
                    try rt.objc_release(registered)
                }
                plugin = registered
            }
        }
        if refusesIfSet, !current.isNil, plugin != nil {
            // FlutterFire before 11.4.2 registered as a plugin (:231 @v11.4.1) before refusing the slot: it gets the
            // events through the app delegate, which is what its check meant to spare (#4043).
            note(rt, .refuseIfSet, "\(id) installs nothing in \(kind.className) when it already has a delegate")
            return true
        }
        if refusesIfSet, !current.isNil {
            // expo NotificationCenterManager.swift:55-68: "logs and returns without installing".
            note(rt, .refuseIfSet, "\(id) installs nothing when \(kind.className) already has a delegate")
            rt.journal.append(JournalEntry(observer: observer, event: "refused",
                                           detail: "\(rt.describe(current)) is already the \(kind.name) delegate"))
            return false
        }
        if let proto = standsAsideIfConforms, !current.isNil,
           try rt.objc_msgSend(current, rt.s.conformsToProtocol, [.string(proto)]).boolValue {
            // FLTFirebaseMessagingPlugin.m:277-324: a delegate conforming to FlutterAppLifeCycleProvider is not replaced
            // (#4026/#4009); the plugin is reached through Flutter's own fan-out when it registered (`plugin`).
            note(rt, .unlessConforms, "\(id) does not replace a delegate that conforms to \(proto)")
            return plugin != nil
        }
        if kvoSlot {
            // FCM: hook the delegate now, then follow the slot by KVO (FIRMessagingRemoteNotificationsProxy.m:122-135).
            try watchSlot(rt, host, kind)
            return true
        }
        if kvoSlotIfUnset, current.isNil {
            // CleverTap: with no notification delegate yet, it observes `delegate` and hooks each one set later.
            try watchEmptySlot(rt, host, kind, made: made)
            return true
        }
        if case .wrap = handling {
            // RNFB/FlutterFire/RNN: save the current delegate and make the wrapper the delegate, even when there is none.
            guard let made else { return true }
            if let plugin {
                // FlutterFire's plugin is one object: the registered plugin also becomes the delegate (:325-344).
                _ = try rt.send(plugin, "initWithTarget:", current)
                _ = try rt.send(host, slot.setter, .object(plugin))
                return true
            }
            if isAppDelegateClass, let swiftUI = current.object, let cls = rt.objc_getClass(UIKit.swiftUIAppDelegate),
               rt.object_getClass(swiftUI) == cls {
                // The wrapper is the app's adaptor type: it wraps the app's own object, and SwiftUI's delegate, still in
                // the slot, forwards to it.
                note(rt, .swiftUIAdaptor, "\(id)'s class is the app's @UIApplicationDelegateAdaptor type under SwiftUI: it wraps the app's own delegate object, and SwiftUI's app delegate stays in UIApplication.delegate and forwards to it")
                let adaptor = rt.object_getIvar(swiftUI, "adaptor")
                let wrapper = rt.class_createInstance(made)
                _ = try rt.send(wrapper, "initWithTarget:", adaptor)
                try rt.object_setIvar(swiftUI, "adaptor", .object(wrapper), .strong)
                try rt.objc_release(wrapper)
                return true
            }
            let wrapper = rt.class_createInstance(made)
            _ = try rt.send(wrapper, "initWithTarget:", current)
            _ = try rt.send(host, slot.setter, .object(wrapper))
            try keepAndRelease(rt, wrapper, view: host, delegate: current)
            return true
        }
        guard !current.isNil else { return true }
        let lacked = try lackedMethods(rt, current.object, resetAfterAdding)
        _ = try handle(rt, host, current, observed: events(on: kind.className), made: made)
        if try resetsDelegate || addedAny(rt, current.object, lacked) {
            // GUL reassignAppDelegate (GULAppDelegateSwizzler.m:518-531) / CleverTap (CTSwizzleManager.m:155-158):
            // nil and back, so UIKit re-reads respondsToSelector:.
            _ = try rt.send(host, slot.setter, .none)
            _ = try rt.send(host, slot.setter, current)
        }
        return true
    }

    /// `+sessionWithConfiguration:delegate:delegateQueue:` replaced, the IMP captured at install (NRMAURLSessionOverride.m
    /// :67-108, :167-179; FPRNSURLSessionInstrument.m:143-180): the delegate is handled (wrapped) before the original runs.
    func hookFactory(_ rt: Runtime, _ cls: Class, _ creator: String, observed: [String], made: Class?) {
        let meta = rt.objc_getMetaClass(cls)
        let sel = rt.sel(creator)
        guard let method = rt.class_getInstanceMethod(meta, sel) else { return }
        let previous = rt.method_getImplementation(method)
        let types = rt.method_getTypeEncoding(method)
        let sdk = self
        let imp = rt.imp_implementationWithBlock("+[NSURLSession(\(category)) \(creator)]", owner: id) { rt, classObject, cmd, a in
            var args = a
            let delegate = a.count > 1 ? a[1] : .none
            let (passed, wrapper) = try sdk.handle(rt, classObject, delegate, observed: observed, made: made)
            if args.count > 1 { args[1] = passed }
            let session = try rt.callIMP(previous, classObject, cmd, args)
            if let wrapper { try rt.objc_release(wrapper) }
            return session
        }
        _ = rt.class_replaceMethod(meta, sel, imp, types)
    }

    // MARK: ISA with captured IMPs (GULAppDelegateSwizzler.m:336-464)

    /// The SDKs registered with a shared proxy on this object (GUL interceptors, held weakly in the real code, :119-127).
    static func interceptors(_ rt: Runtime, _ o: ObjectID) -> [String] {
        rt.object_getIvar(o, "sdk.interceptors").stringValue.map { $0.splitASCII(",").map(String.init) } ?? []
    }

    func isaCapture(_ rt: Runtime, _ delegate: Value, observed: [String], addMissing: Bool, shared: String?) throws {
        guard let d = delegate.object, !rt.isClassObject(d) else { return }
        let proxyName = shared ?? id
        let marker = "\(proxyName)_"
        let registered = Self.interceptors(rt, d)
        if rt.class_getName(rt.object_getClass(d)).hasPrefix(marker) {
            // The proxy is installed: register as one more interceptor (GUL registerAppDelegateInterceptor:).
            if !registered.contains(observer) {
                try rt.object_setIvar(d, "sdk.interceptors", .string((registered + [observer]).joined(separator: ",")), .value)
            }
            return
        }
        // realClass = [appDelegate class] (:337): -class, so a lying subclass or proxy answers for itself.
        guard let real = rt.classOfClassObject(try rt.objc_msgSend(d, rt.s.class).object ?? rt.classObject(rt.object_getClass(d)))
        else { return }
        note(rt, .isaSubclassCapture, "\(hookOwner) subclasses [delegate class] and captures the real class's IMPs at install; NULL where the class has none")
        // GUL_<Class>-<UUID> is a subclass of realClass, the class `-class` answers (:337, :358): under a class that
        // lies about itself (KVO's NSKVONotifying_ subclass) the object leaves the runtime class it had.
        var n = 1
        var name = "\(marker)\(rt.class_getName(real))-\(n)"
        while rt.objc_getClass(name) != nil { n += 1; name = "\(marker)\(rt.class_getName(real))-\(n)" }
        // A donor-if-responds event gets its donor only when the delegate answers respondsToSelector: YES now, before
        // the object moves (GUL 7 :520): a wrapper that forwards the method gets one, though its class lacks it.
        var respondsAtInstall: Set<String> = []
        for selector in donorsIfResponds where try rt.objc_msgSend(d, rt.s.respondsToSelector, [.sel(rt.sel(selector))]).boolValue {
            respondsAtInstall.insert(selector)
        }
        guard let sub = rt.objc_allocateClassPair(real, name, owner: id) else { return }
        let sdk = self
        for selector in observed {
            let sel = rt.sel(selector)
            let captured = rt.class_getInstanceMethod(real, sel).map(rt.method_getImplementation)
            let donor = addMissing && !noDonors.contains(selector)
                && (!donorsIfResponds.contains(selector) || respondsAtInstall.contains(selector))
            if captured == nil, donor, donorsIfResponds.contains(selector) {
                note(rt, .donorIfResponds, "\(hookOwner) adds a donor for \(selector) only because the delegate answers respondsToSelector: YES, though its class has no method: the donor replaces the forwarding, and the original is not called")
            }
            guard captured != nil || donor, let types = Self.protocolTypes(selector) else { continue }
            rt.addMethod(sub, selector, types: types, owner: id) { rt, o, _, a in
                // Interceptors first (:636-659), each recorded; then the captured original with the original _cmd.
                // Under the group policy the handler event's interceptors are called inside the group (groupCall).
                if !(selector.hasSuffix("ompletionHandler:") && sdk.policy(selector) == .group) {
                    for name in Self.interceptors(rt, o) where name != sdk.observer { rt.journal.append(JournalEntry(observer: name, event: selector)) }
                }
                let original: ((Runtime, [Value]) throws -> Value)? = captured.map { imp in { rt, args in try rt.callIMP(imp, o, sel, args) } }
                let answer = try sdk.observedCall(rt, o, selector, types, a, original: original)
                // openURL / continueUserActivity OR the BOOL results together (:675-701); the app's YES stays YES.
                return answer
            }
        }
        for selector in extraDonors {
            // A donor for a method no host event sends: it calls the real class's IMP, or answers NO where there is none.
            let sel = rt.sel(selector)
            let captured = rt.class_getInstanceMethod(real, sel).map(rt.method_getImplementation)
            guard let types = Self.protocolTypes(selector) else { continue }
            note(rt, .donor, "\(hookOwner) adds \(selector) to its subclass whether or not the app delegate has it")
            rt.addMethod(sub, selector, types: types, owner: id) { rt, o, _, a in
                if let captured { return try rt.callIMP(captured, o, sel, a) }
                return types.first == "c" ? .bool(false) : .none
            }
        }
        rt.objc_registerClassPair(sub)
        try rt.object_setIvar(d, "sdk.interceptors", .string((registered + [observer]).joined(separator: ",")), .value)
        _ = rt.object_setClass(d, sub)
    }

    // MARK: SETIMP on the delegate's class

    func setImp(_ rt: Runtime, _ delegate: Value, observed: [String], key: ImpKey, runtimeClass: Bool, addMissing: Bool) throws {
        guard let d = delegate.object else { return }
        // Airship prefers object_getClass (AirshipSwizzler classForSelector :76-); FCM, FB AEM use [delegate class].
        let cls: Class
        if runtimeClass { cls = rt.object_getClass(d) } else {
            guard let stated = rt.classOfClassObject(try rt.objc_msgSend(d, rt.s.class).object ?? rt.classObject(rt.object_getClass(d)))
            else { return }
            cls = stated
        }
        // The table of previous IMPs is a hidden class whose methods are the kept IMPs, so it lives in the runtime.
        let tableName = "\(id).IMPTable"
        let table: Class
        if let t = rt.objc_getClass(tableName) { table = t } else {
            table = rt.defineClass(tableName, superclass: rt.NSObjectClass, owner: id)
        }
        let sdk = self
        for selector in observed {
            let sel = rt.sel(selector)
            let entry = key == .class ? "\(rt.class_getName(cls)).\(selector)" : selector
            // Once per class: an entry already kept (or marked absent) means this class is hooked.
            if key == .class, rt.class_ownsMethod(table, rt.sel(entry)) || rt.class_ownsMethod(table, rt.sel("absent." + entry)) { continue }
            guard let types = Self.protocolTypes(selector) else { continue }
            let method = rt.class_getInstanceMethod(cls, sel)
            if setImpIfResponds {
                // FCM swizzles only what the delegate responds to, so iOS's fallback stays (:139-172, PR #324).
                guard try rt.objc_msgSend(d, rt.s.respondsToSelector, [.sel(sel)]).boolValue else { continue }
                note(rt, .setimpIfResponds, "\(id) replaces the IMP of each observed method the delegate responds to on [delegate class], adding it where the class has none")
            } else {
                guard method != nil || addMissing else { continue }
            }
            let body = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls))(\(category)) \(selector)]", owner: id) { rt, o, cmd, a in
                // The previous IMP is looked up under the key; per selector name it is the *running* _cmd (FCM :425).
                let lookup = key == .class ? entry : rt.sel_getName(cmd)
                let previous = (rt.class_ownsMethod(table, rt.sel(lookup))
                    ? rt.class_getInstanceMethod(table, rt.sel(lookup)).map(rt.method_getImplementation) : nil)
                    .flatMap { $0 == rt._objc_msgForward ? nil : $0 }   // an entry removed by an un-hook
                if key == .selector, previous == nil, lookup != selector {
                    note(rt, .setimpKeyedSelector, "\(id) looks the original up by the running _cmd; under a foreign _cmd the lookup misses and the original is skipped")
                }
                let original: ((Runtime, [Value]) throws -> Value)? = previous.map { imp in { rt, args in try rt.callIMP(imp, o, sel, args) } }
                return try sdk.observedCall(rt, o, selector, types, a, original: original)
            }
            if let method {
                let old = rt.method_setImplementation(method, body)
                if key == .selector {
                    // FCM's NSMutableDictionary: the entry is overwritten, but never with its own IMP or the "non-existent"
                    // IMP an earlier un-hook left (saveOriginalImplementation:, :253-259, :299-306).
                    if old != rt._objc_msgForward, rt.imp_getOwner(old) != id { _ = rt.class_replaceMethod(table, rt.sel(entry), old, types) }
                } else {
                    rt.class_addMethod(table, rt.sel(entry), old, types)
                }
            } else {
                rt.class_addMethod(cls, sel, body, types)
                rt.class_addMethod(table, rt.sel("absent." + entry), body, types)
            }
        }
    }
}
