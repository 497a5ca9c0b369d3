// Key-value observing by isa-swizzling (imyaop-kvo guide §2, after DIS_KVC_KVO): NSKVONotifying_<Class> overrides
// the setters, -class, -dealloc and _isKVOA; the isa is restored when the last observer goes.

/// One registered observation.
public struct Observance: Equatable {
    public let observer: ObjectID
    public let keyPath: String
    public let context: Value
    /// The class the observation was registered for (the "property" is keyed by it and the key path).
    public let originalClass: Class
}

extension Runtime {
    func bootstrapKVO(_ object: Class) {
        // NSObject+DSKeyValueObserverRegistration.m l.50: the property is keyed by the *real* isa.
        addMethod(object, "addObserver:forKeyPath:options:context:", types: "v@:@@Q^v") { rt, o, _, a in
            guard let observer = a.first?.object, let key = a.count > 1 ? a[1].stringValue : nil else { return .none }
            let isa = rt.object_getClass(o)
            let original = rt.kvoOriginalForClass[isa] ?? isa
            let kvoClass = rt.kvoNotifyingClass(for: original, key: key)
            rt.observances[o, default: []].append(
                Observance(observer: observer, keyPath: key, context: a.count > 3 ? a[3] : .none, originalClass: original))
            // l.109-115: isa-swizzle to the notifying class if not already there (none when the class pair failed).
            if let kvoClass, rt.object_getClass(o) != kvoClass { rt.object_setClass(o, kvoClass) }
            return .none
        }
        // l.123-143: the context variant funnels into the plain one (the context travels aside).
        addMethod(object, "removeObserver:forKeyPath:context:", types: "v@:@@^v") { rt, o, _, a in
            rt.pendingKVOContext = a.count > 2 ? a[2] : Value.none
            defer { rt.pendingKVOContext = nil }
            return try rt.objc_msgSend(o, rt.s.removeObserver, Array(a.prefix(2)))
        }
        // l.145-206: the property is keyed by the *stated* class (-class), unlike add.
        addMethod(object, "removeObserver:forKeyPath:", types: "v@:@@") { rt, o, _, a in
            let observer = a.first?.object
            let key = a.count > 1 ? a[1].stringValue ?? "" : ""
            let context = rt.pendingKVOContext
            rt.pendingKVOContext = nil
            let statedValue = try rt.objc_msgSend(o, rt.s.class)
            let stated = rt.classValue(statedValue) ?? rt.object_getClass(o)
            let original = rt.kvoOriginalForClass[stated] ?? stated
            let isa = rt.object_getClass(o)
            if original != (rt.kvoOriginalForClass[isa] ?? isa) {
                // Someone's -class lie makes removal look elsewhere than add did: DIS_KVC_KVO's reading, not Apple's code.
                rt.noteInference(Self.kvoRemovalKeyedByStatedClass)
            }
            var list = rt.observances[o] ?? []
            guard let n = list.lastIndex(where: {
                $0.originalClass == original && $0.keyPath == key && $0.observer == observer
                    && (context == nil || $0.context == context!)
            }) else {
                // l.203-205: NSRangeException.
                throw rt.raise("NSRangeException",
                               "Cannot remove an observer <\(observer.map(rt.describe) ?? "nil")> for the key path \"\(key)\" "
                               + "from <\(rt.describe(o))> because it is not registered as an observer.", by: "KVO")
            }
            let removed = list.remove(at: n)
            rt.observances[o] = list.isEmpty ? nil : list
            // l.188-191: the last observer gone restores the isa, whoever swizzled it since.
            if list.isEmpty, rt.object_getClass(o) != removed.originalClass {
                rt.noteFact("KVO restores the object's original class when its last observer goes, whatever swizzled the isa since",
                            source: "steipete/Aspects #70; mikeash/MAZeroingWeakRef #14; RxSwift _RXObjCRuntime.m:768-790")
                rt.object_setClass(o, removed.originalClass)
            }
            return .none
        }
        addMethod(object, "observationInfo", types: "^v@:") { rt, o, _, _ in
            .int(rt.observances[o]?.count ?? 0)
        }
        addMethod(object, "willChangeValueForKey:", types: "v@:@") { _, _, _, _ in .none }
        addMethod(object, "didChangeValueForKey:", types: "v@:@") { rt, o, _, a in
            try rt.notifyObservers(o, key: a.first?.stringValue ?? "")
            return .none
        }
        // NSObject's default raises: "An -observeValueForKeyPath:ofObject:change:context: message was received but not handled."
        addMethod(object, "observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { rt, o, _, _ in
            throw rt.raise("NSInternalInconsistencyException",
                           "<\(rt.describe(o))>: An -observeValueForKeyPath:ofObject:change:context: message was received but not handled.",
                           by: "KVO")
        }
    }

    /// The fact a removal rests on when the stated class and the real isa disagree.
    public static let kvoRemovalKeyedByStatedClass =
        "KVO removal finds the observance by the stated class (-class) while add keyed it by the real isa ("
        + "DIS_KVC_KVO …ObserverRegistration.m l.50 vs l.150, a reverse-engineered re-implementation) (inference)"

    /// The context passed to `removeObserver:forKeyPath:context:` while it funnels into the plain variant.
    var pendingKVOContext: Value? {
        get { kvoContext }
        set { kvoContext = newValue }
    }

    /// Observations registered on an object, in registration order.
    public func kvoObservances(_ o: ObjectID) -> [Observance] { observances[o] ?? [] }

    /// The class KVO created for `original`, if any.
    public func kvoNotifyingClass(of original: Class) -> Class? { kvoClassForOriginal[original] }

    /// Sends `observeValueForKeyPath:...` to every observer of `key`. MODEL: observers are held unretained.
    func notifyObservers(_ o: ObjectID, key: String) throws {
        for obs in observances[o] ?? [] where obs.keyPath == key {
            try objc_msgSend(obs.observer, s.observeValue, [.string(key), .object(o), .none, obs.context])
        }
    }

    /// `NSKVONotifying_<Class>`, made once per original class (DSKeyValueContainerClass.m), with a setter override
    /// for `key` when the class has one.
    func kvoNotifyingClass(for original: Class, key: String) -> Class? {
        let kvo: Class
        if let k = kvoClassForOriginal[original] {
            kvo = k
        } else {
            // Foundation's _NSKVONotifyingCreateInfoWithOriginalClass: when objc_allocateClassPair fails because the name
            // is taken (an app class named NSKVONotifying_A, or a metaclass after its class was observed: both are named
            // A), it logs "KVO failed to allocate class pair for name NSKVONotifying_A, automatic key-value observing will
            // not work for this class" and returns nil; the observer is registered, the isa stays.
            guard let made = objc_allocateClassPair(original, "NSKVONotifying_\(class_getName(original))", owner: "KVO") else {
                journal.append(JournalEntry(observer: "KVO", event: "log",
                    detail: "KVO failed to allocate class pair for name NSKVONotifying_\(class_getName(original)), automatic key-value observing will not work for this class"))
                return nil
            }
            objc_registerClassPair(made)
            kvo = made
            kvoClassForOriginal[original] = kvo
            kvoOriginalForClass[kvo] = original
            // DSKVOClass l.61-71: -class returns the class that was observed, never asking further down.
            addMethod(kvo, "class", types: "#@:", owner: "KVO", label: "-[NSKVONotifying_\(class_getName(original)) class]") { rt, _, _, _ in
                .object(rt.classObject(original))
            }
            addMethod(kvo, "_isKVOA", types: "c@:", owner: "KVO") { _, _, _, _ in .bool(true) }
            // DSKVODeallocate l.79-110: observers still registered at dealloc; tolerated (newer iOS) unless configured.
            addMethod(kvo, "dealloc", types: "v@:", owner: "KVO") { rt, o, _, _ in
                if rt.kvoDeallocWithObserversRaises, !(rt.observances[o] ?? []).isEmpty {
                    throw rt.raise("NSInternalInconsistencyException",
                                   "An instance \(rt.describe(o)) of class \(rt.class_getName(original)) was deallocated "
                                   + "while key value observers were still registered with it.", by: "KVO")
                }
                rt.observances[o] = nil
                return try rt.objc_msgSendSuper(o, original, rt.s.dealloc)
            }
        }
        let setter = "set" + key.prefix(1).uppercased() + key.dropFirst() + ":"
        let setSel = sel_registerName(setter)
        if !class_ownsMethod(kvo, setSel), class_getInstanceMethod(original, setSel) != nil {
            let types = method_getTypeEncoding(class_getInstanceMethod(original, setSel)!)
            // The notifying setter derives its key from _cmd (_NSSetObjectValueAndNotify).
            addMethod(kvo, setter, types: types, owner: "KVO", label: "_NSSetObjectValueAndNotify") { rt, o, cmd, a in
                let k = rt.kvoKey(fromSetter: rt.sel_getName(cmd))
                try rt.objc_msgSend(o, rt.s.willChangeValueForKey, [.string(k)])
                let r = try rt.objc_msgSendSuper(o, original, cmd, a)
                try rt.objc_msgSend(o, rt.s.didChangeValueForKey, [.string(k)])
                return r
            }
        }
        return kvo
    }

    func kvoKey(fromSetter name: String) -> String {
        guard name.hasPrefix("set"), name.hasSuffix(":") else { return name }
        let core = name.dropFirst(3).dropLast()
        return core.prefix(1).lowercased() + core.dropFirst()
    }
}
