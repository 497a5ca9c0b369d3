import Testing
@testable import ObjCModel

@Suite("Messaging and forwarding")
struct MessagingTests {
    @Test("messaging nil returns zero")
    func messagingNil() throws {
        let f = Fixture()
        #expect(try f.rt.objc_msgSend(nil as ObjectID?, f.rt.sel("foo")) == .none)
        #expect(try f.rt.send(Value.none, "anything") == .none)
    }

    @Test("objc_msgSendSuper starts lookup at the given class with self unchanged")
    func superSend() throws {
        let f = Fixture()
        let o = f.new(f.sub)
        #expect(try f.rt.objc_msgSendSuper(o, f.base, f.rt.sel("bar")) == .int(2))
        #expect(f.log.lines == ["Base.bar(bar)"])
    }

    @Test("an unknown selector goes resolve → forwardingTarget → methodSignature → doesNotRecognizeSelector")
    func forwardingOrder() throws {
        let f = Fixture()
        var steps: [String] = []
        let meta = f.rt.objc_getMetaClass(f.base)
        f.rt.addMethod(meta, "resolveInstanceMethod:") { rt, _, _, a in steps.append("resolve \(rt.sel_getName(a[0].selValue!))"); return .bool(false) }
        f.rt.addMethod(f.base, "forwardingTargetForSelector:") { _, _, _, _ in steps.append("target"); return .none }
        f.rt.addMethod(f.base, "methodSignatureForSelector:") { _, _, _, _ in steps.append("signature"); return .none }
        let o = f.new(f.base)
        do { try f.rt.send(o, "missing"); Issue.record("expected a fault") } catch let fault as Fault {
            #expect(fault.kind == .unrecognizedSelector(className: "Base", selector: "missing", object: "Base#1"))
        }
        #expect(steps == ["resolve missing", "target", "signature"])
    }

    @Test("+resolveInstanceMethod: can add the method, and lookup is retried")
    func resolver() throws {
        let f = Fixture()
        let meta = f.rt.objc_getMetaClass(f.base)
        f.rt.addMethod(meta, "resolveInstanceMethod:") { rt, _, _, a in
            rt.addMethod(f.base, rt.sel_getName(a[0].selValue!)) { _, _, _, _ in .int(42) }
            return .bool(true)
        }
        #expect(try f.rt.send(f.new(f.base), "dynamic") == .int(42))
    }

    @Test("forwardingTargetForSelector: re-sends to the returned object")
    func forwardingTarget() throws {
        let f = Fixture()
        let other = f.new(f.sub)
        f.rt.addMethod(f.base, "forwardingTargetForSelector:") { _, _, _, _ in .object(other) }
        let o = f.new(f.base)
        f.rt.addMethod(f.sub, "onlySub") { _, r, _, _ in .object(r) }
        #expect(try f.rt.send(o, "onlySub") == .object(other))
    }

    @Test("forwardInvocation: gets an invocation it can retarget and answer")
    func forwardInvocation() throws {
        let f = Fixture()
        let target = f.new(f.sub)
        f.rt.addMethod(f.base, "methodSignatureForSelector:") { _, _, _, _ in .string("q@:") }
        f.rt.addMethod(f.base, "forwardInvocation:") { rt, _, _, a in
            guard case .invocation(let inv) = a[0] else { return .none }
            inv.selector = rt.sel("bar")
            try inv.invoke(rt, target: .object(target))
            return .none
        }
        #expect(try f.rt.send(f.new(f.base), "whatever") == .int(3))
    }

    @Test("_objc_msgForward reaches the receiver's forwardInvocation:, so a super send re-enters the subclass's handler")
    func msgForwardUsesReceiverIsa() throws {
        let f = Fixture()
        var handlers: [String] = []
        // Both classes route -bar to _objc_msgForward and own a forwardInvocation: handler.
        f.rt.class_replaceMethod(f.base, f.rt.sel("bar"), f.rt._objc_msgForward, "v@:")
        f.rt.class_replaceMethod(f.sub, f.rt.sel("bar"), f.rt._objc_msgForward, "v@:")
        f.rt.addMethod(f.base, "forwardInvocation:") { _, _, _, _ in handlers.append("Base"); return .none }
        f.rt.addMethod(f.sub, "forwardInvocation:") { rt, o, _, _ in
            handlers.append("Sub")
            // The subclass handler calls [super bar]; it lands on Base's _objc_msgForward ...
            return try rt.objc_msgSendSuper(o, f.base, rt.sel("bar"))
        }
        // ... which sends forwardInvocation: to the receiver again: Sub's handler, forever.
        do { try f.rt.send(f.new(f.sub), "bar"); Issue.record("expected recursion") } catch let fault as Fault {
            #expect(fault.kind == .infiniteRecursion)
        }
        #expect(!handlers.contains("Base"))
        #expect(handlers.count > 10)
    }

    @Test("respondsToSelector: never forwards on NSObject")
    func respondsDoesNotForward() throws {
        let f = Fixture()
        var forwarded = 0
        f.rt.addMethod(f.base, "forwardingTargetForSelector:") { _, _, _, _ in forwarded += 1; return .none }
        f.rt.addMethod(f.base, "forwardInvocation:") { _, _, _, _ in forwarded += 1; return .none }
        let o = f.new(f.base)
        #expect(try f.rt.send(o, "respondsToSelector:", .sel(f.rt.sel("missing"))) == .bool(false))
        #expect(try f.rt.send(o, "respondsToSelector:", .sel(f.rt.sel("foo"))) == .bool(true))
        #expect(forwarded == 0)
    }

    @Test("an explicit _objc_msgForward method counts for respondsToSelector:")
    func explicitForwardResponds() throws {
        let f = Fixture()
        f.rt.class_replaceMethod(f.base, f.rt.sel("hooked"), f.rt._objc_msgForward, "v@:")
        #expect(try f.rt.send(f.new(f.base), "respondsToSelector:", .sel(f.rt.sel("hooked"))) == .bool(true))
    }

    @Test("NSProxy's instance respondsToSelector: and isKindOfClass: go through forwardInvocation:")
    func proxyForwardsNSObjectProtocol() throws {
        let f = Fixture()
        let target = f.new(f.sub)
        let proxy = f.rt.defineClass("Wrapper", superclass: f.rt.NSProxyClass)
        var seen: [String] = []
        f.rt.addMethod(proxy, "methodSignatureForSelector:") { rt, _, _, a in
            try rt.objc_msgSend(target, rt.s.methodSignatureForSelector, a)
        }
        f.rt.addMethod(proxy, "forwardInvocation:") { rt, _, _, a in
            guard case .invocation(let inv) = a[0] else { return .none }
            seen.append(rt.sel_getName(inv.selector))
            try inv.invoke(rt, target: .object(target))
            return .none
        }
        let p = f.new(proxy)
        #expect(try f.rt.send(p, "respondsToSelector:", .sel(f.rt.sel("bar"))) == .bool(true))
        #expect(try f.rt.send(p, "isKindOfClass:", .object(f.rt.classObject(f.base))) == .bool(true))
        #expect(try f.rt.send(p, "respondsToSelector:", .sel(f.rt.sel("forwardInvocation:"))) == .bool(true))
        #expect(seen == ["respondsToSelector:", "isKindOfClass:"])
        #expect(try f.rt.send(p, "class") == .object(f.rt.classObject(proxy)))
    }

    @Test("a bare NSProxy raises from methodSignatureForSelector:")
    func bareProxyRaises() throws {
        let f = Fixture()
        let p = f.rt.class_createInstance(f.rt.NSProxyClass)
        do { try f.rt.send(p, "anything"); Issue.record("expected exception") } catch let fault as Fault {
            #expect(fault.kind == .exception(name: "NSInvalidArgumentException",
                                             reason: "*** -[NSProxy methodSignatureForSelector:] called!"))
        }
    }

    @Test("two objects forwarding respondsToSelector: to each other recurse; the cycle is exactly those two frames")
    func mutualRespondsRecursion() throws {
        let f = Fixture()
        let a = f.rt.defineClass("A", superclass: f.rt.NSObjectClass)
        let b = f.rt.defineClass("B", superclass: f.rt.NSObjectClass)
        let x = f.new(a), y = f.new(b)
        try f.rt.object_setIvar(x, "other", .object(y), .weak)
        try f.rt.object_setIvar(y, "other", .object(x), .weak)
        for cls in [a, b] {
            f.rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, cmd, args in
                try rt.objc_msgSend(rt.object_getIvar(o, "other"), cmd, args)
            }
        }
        do { try f.rt.send(x, "respondsToSelector:", .sel(f.rt.sel("foo"))); Issue.record("expected recursion") }
        catch let fault as Fault {
            #expect(fault.kind == .infiniteRecursion)
            #expect(fault.cycle.map(\.symbol).sorted() == ["-[A respondsToSelector:]", "-[B respondsToSelector:]"])
            #expect(fault.frames.first?.symbol == "-[A respondsToSelector:]")
            #expect(fault.frames.count == f.rt.maxDepth + 1)  // the send that overflowed is the last frame
        }
        // The runtime is usable afterwards: depth unwound.
        #expect(try f.rt.send(x, "class") == .object(f.rt.classObject(a)))
    }

    @Test("-class answers the real isa; isKindOfClass: walks from -class")
    func classAndKindOf() throws {
        let f = Fixture()
        let o = f.new(f.sub)
        #expect(try f.rt.send(o, "class") == .object(f.rt.classObject(f.sub)))
        #expect(try f.rt.send(o, "isKindOfClass:", .object(f.rt.classObject(f.base))) == .bool(true))
        #expect(try f.rt.send(o, "isMemberOfClass:", .object(f.rt.classObject(f.base))) == .bool(false))
    }

    @Test("object_setClass with a lying -class: object_getClass tells the truth, isKindOfClass: believes the lie")
    func lyingClass() throws {
        let f = Fixture()
        let disguise = f.rt.defineClass("Disguise", superclass: f.rt.NSObjectClass)
        f.rt.addMethod(disguise, "class", types: "#@:") { rt, _, _, _ in .object(rt.classObject(f.sub)) }
        let o = f.new(f.base)
        #expect(f.rt.object_setClass(o, disguise) == f.base)
        #expect(f.rt.object_getClass(o) == disguise)
        #expect(try f.rt.send(o, "class") == .object(f.rt.classObject(f.sub)))
        #expect(try f.rt.send(o, "isKindOfClass:", .object(f.rt.classObject(f.base))) == .bool(true))
        #expect(try f.rt.send(o, "respondsToSelector:", .sel(f.rt.sel("foo"))) == .bool(false))
    }

    @Test("methodSignatureForSelector: knows adopted protocols' optional methods")
    func protocolSignatures() throws {
        let f = Fixture()
        let p = f.rt.defineProtocol("P", methods: [ProtocolMethod("opt:", "v@:@"), ProtocolMethod("req", "c@:", required: true)])
        f.rt.class_addProtocol(f.base, p)
        let o = f.new(f.sub)
        #expect(try f.rt.send(o, "methodSignatureForSelector:", .sel(f.rt.sel("opt:"))) == .string("v@:@"))
        #expect(try f.rt.send(o, "methodSignatureForSelector:", .sel(f.rt.sel("unknown"))) == .none)
        #expect(try f.rt.send(o, "conformsToProtocol:", .string("P")) == .bool(true))
    }

    @Test("library assertions trip in debug and are compiled out in release")
    func assertions() throws {
        for config in BuildConfiguration.allCases {
            let rt = Runtime(configuration: config)
            do {
                try rt.libraryAssert(false, "boom", site: "X.swift l.1", library: "X")
                #expect(config == .release)
            } catch let fault as Fault {
                #expect(config == .debug)
                #expect(fault.kind == .assertionFailure(message: "boom", site: "X.swift l.1"))
            }
        }
    }

    @Test("tryCatch catches exceptions but not crashes")
    func tryCatch() throws {
        let f = Fixture()
        let caught = try f.rt.tryCatch({ throw f.rt.raise("E", "r") }, catch: { _ in .int(1) })
        #expect(caught == .int(1))
        #expect(throws: Fault.self) {
            _ = try f.rt.tryCatch({ throw Fault(.infiniteRecursion, raisedBy: "x") }, catch: { _ in .int(1) })
        }
    }
}
