// The root classes NSObject (NSObject.mm) and NSProxy (guide D4), as model IMPs so libraries can swizzle them.

extension Runtime {
    func bootstrapRootClasses() {
        let object = defineClass("NSObject", superclass: nil, owner: "Foundation")
        NSObjectClass = object
        bootstrapNSObject(object)
        let proxy = defineClass("NSProxy", superclass: nil, owner: "Foundation")
        NSProxyClass = proxy
        bootstrapNSProxy(proxy)
        bootstrapKVO(object)
    }

    /// The class a class-object receiver stands for, or the isa of an instance.
    func classValue(_ v: Value) -> Class? { v.object.flatMap { classOfClassObject($0) } }

    private func bootstrapNSObject(_ c: Class) {
        // Instance methods.
        addMethod(c, "init", types: "@@:") { _, o, _, _ in .object(o) }
        addMethod(c, "self", types: "@@:") { _, o, _, _ in .object(o) }
        // -class answers the real isa (NSObject.mm), which is why KVO and isa-swizzlers override it to lie.
        addMethod(c, "class", types: "#@:") { rt, o, _, _ in .object(rt.classObject(rt.object_getClass(o))) }
        addMethod(c, "superclass", types: "#@:") { rt, o, _, _ in
            let stated = try rt.classValue(rt.objc_msgSend(o, rt.s.class)) ?? rt.object_getClass(o)
            return .obj(rt.class_getSuperclass(stated).map(rt.classObject))
        }
        // -isKindOfClass: walks from [self class] (objc4 NSObject.mm; not in the field guide, read in objc4-951.1).
        addMethod(c, "isKindOfClass:", types: "c@:#") { rt, o, _, a in
            guard let target = rt.classValue(a.first ?? .none),
                  let stated = try rt.classValue(rt.objc_msgSend(o, rt.s.class)) else { return .bool(false) }
            return .bool(rt.class_isSubclass(stated, of: target))
        }
        addMethod(c, "isMemberOfClass:", types: "c@:#") { rt, o, _, a in
            let stated = try rt.classValue(rt.objc_msgSend(o, rt.s.class))
            return .bool(stated != nil && stated == rt.classValue(a.first ?? .none))
        }
        // -respondsToSelector: → class_respondsToSelector_inst: the resolver runs, forwarding never does (guide D5).
        addMethod(c, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            guard let sel = a.first?.selValue else { return .bool(false) }
            return .bool(rt.class_respondsToSelector(rt.object_getClass(o), sel))
        }
        addMethod(c, "conformsToProtocol:", types: "c@:@") { rt, o, _, a in
            guard let name = a.first?.stringValue, let p = rt.objc_getProtocol(name),
                  let stated = try rt.classValue(rt.objc_msgSend(o, rt.s.class)) else { return .bool(false) }
            return .bool(rt.class_conformsToProtocol(stated, p))
        }
        // -methodSignatureForSelector: knows implemented methods and adopted protocols' methods (rxcocoa guide §3.4).
        addMethod(c, "methodSignatureForSelector:", types: "@@::") { rt, o, _, a in
            guard let sel = a.first?.selValue, let t = rt.signatureForSelector(rt.object_getClass(o), sel) else { return .none }
            return .string(t)
        }
        // NSObject.mm L2641-2647: no forwarding target by default.
        addMethod(c, "forwardingTargetForSelector:", types: "@@::") { _, _, _, _ in .none }
        // NSObject.mm L2633-2639: the default forwardInvocation: gives up.
        addMethod(c, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            try rt.objc_msgSend(o, rt.s.doesNotRecognizeSelector, [.sel(inv.selector)])
            throw rt.unrecognized(o, inv.selector)
        }
        // NSObject.mm L2572-2581, replaced by CF: raises NSInvalidArgumentException.
        addMethod(c, "doesNotRecognizeSelector:", types: "v@::") { rt, o, _, a in
            throw rt.unrecognized(o, a.first?.selValue ?? rt.s.doesNotRecognizeSelector)
        }
        addMethod(c, "dealloc", types: "v@:") { rt, o, _, _ in try rt.object_dispose(o); return .none }
        addMethod(c, "description", types: "@@:") { rt, o, _, _ in .string("<\(rt.describe(o))>") }
        addMethod(c, "hash", types: "Q@:") { _, o, _, _ in .int(Int(o.raw)) }
        addMethod(c, "isEqual:", types: "c@:@") { _, o, _, a in .bool(a.first == .object(o)) }
        addMethod(c, "performSelector:", types: "@@::") { rt, o, _, a in
            try rt.objc_msgSend(o, a.first?.selValue ?? rt.s.`self`, [])
        }
        addMethod(c, "performSelector:withObject:", types: "@@::@") { rt, o, _, a in
            try rt.objc_msgSend(o, a.first?.selValue ?? rt.s.`self`, [a.count > 1 ? a[1] : .none])
        }

        // Class methods (on the metaclass). The root metaclass inherits the instance methods above.
        addClassMethod(c, "alloc", types: "@@:") { rt, o, _, _ in
            .object(rt.class_createInstance(rt.classOfClassObject(o)!))
        }
        addClassMethod(c, "new", types: "@@:") { rt, o, _, _ in
            let x = rt.class_createInstance(rt.classOfClassObject(o)!)
            return try rt.objc_msgSend(x, rt.s.`init`)
        }
        addClassMethod(c, "class", types: "#@:") { _, o, _, _ in .object(o) }
        // NSObject.mm L2563-2569: the resolvers answer NO.
        addClassMethod(c, "resolveInstanceMethod:", types: "c@::") { _, _, _, _ in .bool(false) }
        addClassMethod(c, "resolveClassMethod:", types: "c@::") { _, _, _, _ in .bool(false) }
        addClassMethod(c, "instancesRespondToSelector:", types: "c@::") { rt, o, _, a in
            guard let sel = a.first?.selValue else { return .bool(false) }
            return .bool(rt.class_respondsToSelector(rt.classOfClassObject(o)!, sel))
        }
        addClassMethod(c, "isSubclassOfClass:", types: "c@:#") { rt, o, _, a in
            guard let target = rt.classValue(a.first ?? .none) else { return .bool(false) }
            return .bool(rt.class_isSubclass(rt.classOfClassObject(o)!, of: target))
        }
        addClassMethod(c, "conformsToProtocol:", types: "c@:@") { rt, o, _, a in
            guard let name = a.first?.stringValue, let p = rt.objc_getProtocol(name) else { return .bool(false) }
            return .bool(rt.class_conformsToProtocol(rt.classOfClassObject(o)!, p))
        }
        addClassMethod(c, "instanceMethodSignatureForSelector:", types: "@@::") { rt, o, _, a in
            guard let sel = a.first?.selValue, let t = rt.signatureForSelector(rt.classOfClassObject(o)!, sel) else { return .none }
            return .string(t)
        }
    }

    private func bootstrapNSProxy(_ c: Class) {
        // NSProxy implements the NSObject protocol's basics itself.
        addMethod(c, "class", types: "#@:") { rt, o, _, _ in .object(rt.classObject(rt.object_getClass(o))) }
        addMethod(c, "self", types: "@@:") { _, o, _, _ in .object(o) }
        addMethod(c, "dealloc", types: "v@:") { rt, o, _, _ in try rt.object_dispose(o); return .none }
        addMethod(c, "description", types: "@@:") { rt, o, _, _ in .string("<\(rt.describe(o))>") }
        addMethod(c, "hash", types: "Q@:") { _, o, _, _ in .int(Int(o.raw)) }
        addMethod(c, "isEqual:", types: "c@:@") { _, o, _, a in .bool(a.first == .object(o)) }
        // "*** -[NSProxy methodSignatureForSelector:] called!" (guide D4).
        addMethod(c, "methodSignatureForSelector:", types: "@@::") { rt, _, _, _ in
            throw rt.raise("NSInvalidArgumentException", "*** -[NSProxy methodSignatureForSelector:] called!")
        }
        addMethod(c, "forwardInvocation:", types: "v@:@") { rt, _, _, _ in
            throw rt.raise("NSInvalidArgumentException", "*** -[NSProxy forwardInvocation:] called!")
        }
        // Instance respondsToSelector: answers YES for the proxy's own methods, else asks forwardInvocation:
        // (GNUstep NSProxy.m, guide D4). forwardingTargetForSelector: is not consulted.
        addMethod(c, "respondsToSelector:", types: "c@::") { rt, o, cmd, a in
            if let sel = a.first?.selValue, rt.class_respondsToSelector(rt.object_getClass(o), sel) { return .bool(true) }
            return try rt.forwardThroughInvocation(o, cmd, a)
        }
        for name in ["isKindOfClass:", "isMemberOfClass:", "conformsToProtocol:"] {
            // GNUstep NSProxy.m: "Calls the -forwardInvocation: method to determine if the 'real' object ..." (guide D4).
            addMethod(c, name, types: "c@:@") { rt, o, cmd, a in try rt.forwardThroughInvocation(o, cmd, a) }
        }
        addClassMethod(c, "alloc", types: "@@:") { rt, o, _, _ in
            .object(rt.class_createInstance(rt.classOfClassObject(o)!))
        }
        addClassMethod(c, "class", types: "#@:") { _, o, _, _ in .object(o) }
        // NSProxy.h declares only the class-level +respondsToSelector:.
        addClassMethod(c, "respondsToSelector:", types: "c@::") { rt, o, _, a in
            guard let sel = a.first?.selValue else { return .bool(false) }
            return .bool(rt.class_respondsToSelector(rt.object_getClass(o), sel))
        }
    }

    /// NSProxy's way of answering NSObject-protocol questions: build an invocation from
    /// `[self methodSignatureForSelector:_cmd]` and pass it to `[self forwardInvocation:]`.
    /// MODEL: a nil signature is an unrecognized selector, as the invocation cannot be built.
    func forwardThroughInvocation(_ o: ObjectID, _ cmd: SEL, _ args: [Value]) throws -> Value {
        let sig = try objc_msgSend(o, s.methodSignatureForSelector, [.sel(cmd)])
        guard case .string(let types) = sig else {
            noteInference("NSProxy with no signature for an NSObject-protocol question raises, as Apple documents for forwarding; GNUstep answers NO instead",
                          source: "Apple NSProxy reference, methodSignatureForSelector:; GNUstep NSProxy.m")
            throw unrecognized(o, cmd)
        }
        let inv = NSInvocation(target: .object(o), selector: cmd, arguments: args, methodSignature: types)
        try objc_msgSend(o, s.forwardInvocation, [.invocation(inv)])
        return inv.returnValue
    }
}
