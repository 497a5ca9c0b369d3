// ISA of the delegate *object* on top of a class hook (the guide's technique table, row ISA: "Firebase Performance
// `fir_…` classes"): after the SDK hooks `[delegate class]`, it moves the delegate object into a per-object subclass
// that gets donor methods wherever the object does not respond, and treats NSProxy delegates either like any other
// object or by instrumenting the objects in the proxy's ivars. Firebase Performance's registerObject:/registerProxy:
// (firebase-ios-sdk FirebasePerformance/Sources/Instrumentation/Network/Delegates/FPRNSURLSessionDelegateInstrument.m,
// FPRObjectSwizzler.m, FPRSwizzledObject.m, FPRProxyObjectHelper.m) is the shipped instance.
import ObjCModel
import UIKitModel

extension DeclaredSDK {
    /// The per-object ISA a class-hooking SDK adds for each delegate it handles.
    public struct ObjectIsa: Hashable, Sendable {
        /// What happens to a delegate that is an NSProxy (`-isProxy` YES).
        public enum Proxies: String, CaseIterable, Hashable, Sendable {
            /// Nothing special: the class hook on `[proxy class]`, then the proxy object itself is isa-swizzled, with a
            /// `respondsToSelector:` donor answering from the generated class (firebase-ios-sdk before #15869).
            case isa
            /// The proxy is left alone; each object in its ivars (read along `object_getClass(proxy)` up to NSProxy)
            /// that conforms to NSURLSessionDelegate is handled instead (FPRProxyObjectHelper.m:20-42, #15869/#16270).
            case ivars
            /// The proxy is left alone, and the ivars are those `[proxy class]` itself declares, read from the proxy:
            /// a proxy that forwards `-class` names its target's class (GoogleUtilities 8.1 `ivarObjectsForObject:`,
            /// GULSwizzler.m:139-153, called by FPRProxyObjectHelper.m from #15869 in 12.13 until #16270 in 12.16).
            case statedIvars = "stated-ivars"
        }
        /// The generated class is `<prefix><n>_<Class>` (`fir_<UUID>_<Class>`, FPRObjectSwizzler.m:78-100).
        public var prefix: String
        /// Delegate methods copied in from the SDK's own delegate class where the object does not respond; the copies
        /// only record (FPRNSURLSessionDelegate.m's bodies trace the task and call nothing else).
        public var donors: [String]
        /// A selector the generated class adds; an object already answering it is not swizzled again
        /// (`gul_class`, FPRNSURLSessionDelegateInstrument.m registerObject:).
        public var marker: String?
        public var proxies: Proxies

        public init(prefix: String, donors: [String], marker: String?, proxies: Proxies) {
            self.prefix = prefix
            self.donors = donors
            self.marker = marker
            self.proxies = proxies
        }
    }

    /// `-isProxy`: NSProxy answers YES, NSObject NO (Foundation's NSObject protocol); a root-class question.
    func isProxyObject(_ rt: Runtime, _ o: ObjectID) -> Bool {
        rt.class_isSubclass(rt.object_getClass(o), of: rt.NSProxyClass)
    }

    /// The delegate given to the hooked factory, under an object ISA: the proxy branch, or the class hook then the ISA.
    func handleWithObjectIsa(_ rt: Runtime, _ view: ObjectID, _ d: ObjectID, _ isa: ObjectIsa, observed: [String], made: Class?) throws {
        guard isProxyObject(rt, d), isa.proxies != .isa else {
            // registerClass:[delegate class] and registerObject:delegate (FPRNSURLSessionInstrument.m:143-180).
            _ = try handleDelegate(rt, view, .object(d), observed: observed, made: made)
            return try isaObject(rt, d, isa)
        }
        guard let session = rt.objc_getProtocol("NSURLSessionDelegate") else { return }
        var found: [ObjectID] = []
        if isa.proxies == .statedIvars {
            note(rt, .isaObjectStatedIvars, "\(id) leaves an NSProxy delegate alone: it reads, from the proxy, the object ivars that [proxy class] declares, and hooks each one conforming to NSURLSessionDelegate; a proxy that forwards -class names another class, whose ivars the proxy does not have")
            // class_copyIvarList([object class]): a message, which a proxy may forward; Nil (a nil target) lists none.
            guard let stated = try rt.objc_msgSend(d, rt.s.class).object.flatMap(rt.classOfClassObject) else { return }
            for ivar in rt.class_copyIvarList(stated) where ivar.isObject {
                // `[array addObject:ivarObject]` with no nil check (GULSwizzler.m:147-148 @8.1.0).
                guard let inner = try rt.object_getIvar(d, ivar).object else {
                    throw rt.fault(.exception(name: "NSInvalidArgumentException",
                                              reason: "*** -[__NSArrayM insertObject:atIndex:]: object cannot be nil"), raisedBy: id)
                }
                found.append(inner)
            }
        } else {
            note(rt, .isaObjectIvars, "\(id) leaves an NSProxy delegate alone: it reads the object ivars along object_getClass(proxy) up to NSProxy and hooks each one conforming to NSURLSessionDelegate")
            var cls: Class? = rt.object_getClass(d)
            while let c = cls, c != rt.NSProxyClass {
                // nil ivars are skipped (FPRProxyObjectHelper.m:31-33 @CocoaPods-12.16.0).
                for ivar in rt.class_copyIvarList(c) where ivar.isObject {
                    if let inner = try rt.object_getIvar(d, ivar).object { found.append(inner) }
                }
                cls = rt.class_getSuperclass(c)
            }
        }
        for inner in found {
            // MODEL: a proxy inside a proxy's ivar is not followed further.
            guard !isProxyObject(rt, inner), rt.class_conformsToProtocol(rt.object_getClass(inner), session) else { continue }
            _ = try handleDelegate(rt, view, .object(inner), observed: observed, made: made)
            try isaObject(rt, inner, isa)
        }
    }

    /// registerObject: the object moves into `<prefix><n>_<Class>`, a subclass of its runtime class, with donors for
    /// the selectors it does not respond to (FPRObjectSwizzler.m:78-159; CopySelector checks `respondsToSelector:`).
    func isaObject(_ rt: Runtime, _ o: ObjectID, _ isa: ObjectIsa) throws {
        if let marker = isa.marker, try rt.objc_msgSend(o, rt.s.respondsToSelector, [.sel(rt.sel(marker))]).boolValue { return }
        let cls = rt.object_getClass(o)
        var n = 1
        var name = "\(isa.prefix)\(n)_\(rt.class_getName(cls))"
        while rt.objc_getClass(name) != nil { n += 1; name = "\(isa.prefix)\(n)_\(rt.class_getName(cls))" }
        guard let sub = rt.objc_allocateClassPair(cls, name, owner: id) else { return }
        let sdk = self
        for selector in isa.donors {
            let sel = rt.sel(selector)
            guard try !rt.objc_msgSend(o, rt.s.respondsToSelector, [.sel(sel)]).boolValue, let types = Self.protocolTypes(selector) else { continue }
            note(rt, .isaObjectDonors, "\(id) copies its own method into the delegate's \(isa.prefix) subclass where the delegate does not respond; the copy only records the event")
            rt.addMethod(sub, selector, types: types, owner: id) { rt, o, _, a in
                try sdk.observedCall(rt, o, selector, types, a, original: nil)
            }
        }
        if let marker = isa.marker {
            // gul_class answers the class the object had (FPRObjectSwizzler.m donors gul_objectSwizzler, gul_class).
            let original = rt.classObject(cls)
            rt.addMethod(sub, marker, types: "#@:", owner: id) { _, _, _, _ in .object(original) }
        }
        if isProxyObject(rt, o) {
            // FPRSwizzledObject.m:28-41, :59-62: `[generatedClass instancesRespondToSelector:] || [super respondsToSelector:]`;
            // both halves look at the generated class, so the proxy's own respondsToSelector: no longer runs.
            rt.addMethod(sub, "respondsToSelector:", types: "c@::", owner: id) { rt, _, _, a in
                sdk.note(rt, .isaObjectResponds, "\(id) gives an isa-swizzled proxy a respondsToSelector: that answers from the generated class, not from the proxy's target")
                guard let sel = a.first?.selValue else { return .bool(false) }
                return .bool(rt.class_respondsToSelector(sub, sel))
            }
        }
        rt.objc_registerClassPair(sub)
        _ = rt.object_setClass(o, sub)
    }
}
