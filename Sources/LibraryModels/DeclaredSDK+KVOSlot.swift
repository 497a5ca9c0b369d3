// KVO-OBS (field guide technique table): an SDK that observes the host's `delegate` key path and re-hooks on each
// change, the way Firebase Messaging follows UNUserNotificationCenter.delegate (FIRMessagingRemoteNotificationsProxy.m
// :122-135 listen, :139-172 swizzle, :174-190 unswizzle, :194-249 KVO). The KVO itself is the runtime's
// (Runtime+KVO.swift): the center is isa-swizzled into NSKVONotifying_UNUserNotificationCenter.
import ObjCModel
import UIKitModel

extension DeclaredSDK {
    /// The observer object's class: one per SDK, its instance kept alive for the process (FCM's `sharedProxy` static).
    func slotObserverClass(_ rt: Runtime, _ kind: HostKind) -> Class {
        let name = "\(category)SlotObserver"
        if let existing = rt.objc_getClass(name), rt.class_getOwner(existing) == id { return existing }
        let cls = defineUniqueClass(rt, name, superclass: rt.NSObjectClass)
        let sdk = self
        let property = kind.primarySlot.property
        rt.addMethod(cls, "observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { rt, o, _, a in
            guard a.first?.stringValue == property, let host = a.count > 1 ? a[1].object : nil else { return .none }
            // NSKeyValueObservingOptionOld | New (:198-203): the old value is the one the previous change left (every change
            // of the slot goes through the notifying setter); the new one is read through the getter, as KVO does.
            let old = rt.object_getIvar(o, "slot.last")
            let new = try rt.send(host, property)
            try rt.object_setIvar(o, "slot.last", new, .weak)
            sdk.note(rt, .kvoSlot, "\(id) observes \(kind.className).\(property) by KVO: on a change it unhooks the old delegate and hooks the new one")
            if !old.isNil { try sdk.unhookSlotDelegate(rt, o, old, kind) }
            if !new.isNil { try sdk.hookSlotDelegate(rt, o, new, kind) }
            return .none
        }
        return cls
    }

    /// At the start: hook the delegate in the slot now, then observe the slot (listenForDelegateChanges…, :122-135).
    func watchSlot(_ rt: Runtime, _ host: ObjectID, _ kind: HostKind) throws {
        let cls = slotObserverClass(rt, kind)
        let observer = rt.class_createInstance(cls)
        _ = try rt.objc_msgSend(observer, rt.s.`init`)
        let current = try rt.send(host, kind.primarySlot.property)
        if !current.isNil { try hookSlotDelegate(rt, observer, current, kind) }
        try rt.object_setIvar(observer, "slot.last", current, .weak)
        try rt.objc_msgSend(host, rt.s.addObserver, [.object(observer), .string(kind.primarySlot.property), .int(3), .none])
        // The proxy is a process-lifetime static (`sharedProxy`, :57-64): held by the center, which lives as long, the
        // way the declared wrappers' singletons are kept (`keep retain host`), so teardown does not count it as a leak.
        try rt.objc_setAssociatedObject(host, "\(id).sharedProxy", .object(observer), .retainNonatomic)
        try rt.objc_release(observer)
    }

    /// swizzleUserNotificationCenterDelegate: (:139-172): once per delegate object (a pointer check), only a delegate
    /// conforming to the slot's protocol; the delegate is then held strongly (`currentUserNotificationCenterDelegate`, :45).
    func hookSlotDelegate(_ rt: Runtime, _ observer: ObjectID, _ delegate: Value, _ kind: HostKind) throws {
        guard case .setImp(let key, let runtimeClass, let addMissing) = handling else { return }
        if rt.objc_getAssociatedObject(observer, "slot.current") == delegate { return }
        guard try rt.objc_msgSend(delegate, rt.s.conformsToProtocol, [.string(kind.primarySlot.protocolName)]).boolValue else { return }
        try setImp(rt, delegate, observed: events(on: kind.className), key: key, runtimeClass: runtimeClass, addMissing: addMissing)
        try rt.objc_setAssociatedObject(observer, "slot.current", delegate, .retainNonatomic)
    }

    /// unswizzleUserNotificationCenterDelegate: (:174-190) for the delegate it hooked: on `[delegate class]`, each observed
    /// method gets the kept IMP back (and the entry goes), or, with none kept, the "non-existent" IMP, i.e. the one a
    /// missing selector resolves to (`_objc_msgForward`, :327-352): the class still answers respondsToSelector: YES.
    func unhookSlotDelegate(_ rt: Runtime, _ observer: ObjectID, _ old: Value, _ kind: HostKind) throws {
        guard rt.objc_getAssociatedObject(observer, "slot.current") == old, let d = old.object else { return }
        guard let cls = rt.classOfClassObject(try rt.objc_msgSend(d, rt.s.class).object ?? rt.classObject(rt.object_getClass(d))) else { return }
        let table = rt.objc_getClass("\(id).IMPTable")
        for selector in events(on: kind.className) {
            let sel = rt.sel(selector)
            guard let method = rt.class_getInstanceMethod(cls, sel) else { continue }
            let kept = table.flatMap { t in rt.class_ownsMethod(t, sel) ? rt.class_getInstanceMethod(t, sel).map(rt.method_getImplementation) : nil }
            if let kept, kept != rt._objc_msgForward, let t = table {
                _ = rt.method_setImplementation(method, kept)
                _ = rt.class_replaceMethod(t, sel, rt._objc_msgForward, rt.method_getTypeEncoding(method))
            } else {
                note(rt, .kvoSlotUnhook, "\(id)'s unhook sets a method it added to the IMP of a non-existent selector: the class keeps answering respondsToSelector: YES")
                _ = rt.method_setImplementation(method, rt._objc_msgForward)
            }
        }
        try rt.objc_setAssociatedObject(observer, "slot.current", .none, .retainNonatomic)
    }

    /// `kvo-slot if-unset`: the slot was empty at the start, so the SDK observes it, and at each change hooks the class of
    /// the delegate now set with its class hook, again at every change (CleverTap: `addObserver:forKeyPath:@"delegate"` in
    /// `swizzleAppDelegate`, and `observeValueForKeyPath:` calling `ct_swizzleMethod:withBlock:` with no guard). The
    /// observer is the SDK's shared instance, kept for the process.
    func watchEmptySlot(_ rt: Runtime, _ host: ObjectID, _ kind: HostKind, made: Class?) throws {
        let name = "\(category)EmptySlotObserver"
        let cls: Class
        if let existing = rt.objc_getClass(name), rt.class_getOwner(existing) == id {
            cls = existing
        } else {
            cls = defineUniqueClass(rt, name, superclass: rt.NSObjectClass)
            let sdk = self
            let property = kind.primarySlot.property
            rt.addMethod(cls, "observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { rt, _, _, a in
                guard a.first?.stringValue == property, let host = a.count > 1 ? a[1].object : nil else { return .none }
                let new = try rt.send(host, property)
                sdk.note(rt, .kvoSlotIfUnset, "\(id) observes \(kind.className).\(property) when none is set, and hooks the class of each delegate set, with no guard")
                if !new.isNil { _ = try sdk.handle(rt, host, new, observed: sdk.events(on: kind.className), made: made) }
                return .none
            }
        }
        let observer = rt.class_createInstance(cls)
        _ = try rt.objc_msgSend(observer, rt.s.`init`)
        try rt.objc_msgSend(host, rt.s.addObserver, [.object(observer), .string(kind.primarySlot.property), .int(0), .none])
        try rt.objc_setAssociatedObject(host, "\(id).slotObserver", .object(observer), .retainNonatomic)
        try rt.objc_release(observer)
    }
}
