// The probes: each one is `probes/<id>.m` and the same steps on ObjCModel below, printing the same lines.
// Where GCC's runtime (libobjc 12 + GNUstep-base 1.28) differs from Apple's, a Divergence records the native
// lines, the Apple lines ObjCModel must print instead, the Apple fact and its source.

@testable import ObjCModel

enum Probes {
    static let byID: [String: Probe] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
    static var ids: [String] { all.map(\.id) }

    static let all: [Probe] = (methodTables + exchange + forwarding + proxies + classes + memory + faults + hooks)
        .sorted { $0.id < $1.id }

    // MARK: Method tables

    static let methodTables: [Probe] = [
        Probe("p01_replace_owned",
              rule: "class_replaceMethod on a method the class owns returns the previous IMP and installs the new one",
              source: "Apple, class_replaceMethod documentation") { rt, out in
            let A = rt.cls("A")
            let aFoo = rt.addMethod(A, "foo") { rt, _, cmd, _ in out.say("A.foo _cmd=\(rt.sel_getName(cmd))"); return .none }
            let newFoo = rt.imp_implementationWithBlock("newFoo") { rt, _, cmd, _ in
                out.say("newFoo _cmd=\(rt.sel_getName(cmd))"); return .none
            }
            let names = [aFoo: "A.foo", newFoo: "newFoo"]
            let a = try rt.new(A)
            let prev = rt.class_replaceMethod(A, rt.sel("foo"), newFoo, "v@:")
            out.say("replace returned: \(names.name(prev))")
            out.say("A foo IMP: \(names.name(rt.class_getMethodImplementation(A, rt.sel("foo"))))")
            try rt.send(a, "foo")
            try rt.objc_release(a)
        },
        Probe("p02_replace_inherited",
              rule: "class_replaceMethod on an inherited method adds an override to the subclass and returns NULL; the superclass keeps its IMP",
              source: "Apple, class_replaceMethod documentation",
              divergences: [Divergence(
                changes: [
                    .init(native: ["replace on B returned: A.foo"], apple: ["replace on B returned: NULL"]),
                    .init(native: ["A foo IMP: newFoo", "B and A share one Method: YES"],
                          apple: ["A foo IMP: A.foo", "B and A share one Method: NO"]),
                    .init(native: ["send to A instance:", "newFoo"], apple: ["send to A instance:", "A.foo"]),
                ],
                fact: "class_replaceMethod returns the previous IMP only if the class itself owns the method; for an inherited method it adds an override to the subclass (\"as if class_addMethod were called\") and returns NULL, and the superclass is untouched. GCC's libobjc finds the inherited Method and sets its IMP: it returns the superclass's IMP and changes the superclass for every instance.",
                source: "Apple, class_replaceMethod documentation: \"If the method identified by name does not yet exist, it is added as if class_addMethod were called\"")]) { rt, out in
            let A = rt.cls("A")
            let aFoo = rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            let B = rt.cls("B", A)
            let newFoo = rt.imp_implementationWithBlock("newFoo") { _, _, _, _ in out.say("newFoo"); return .none }
            let names = [aFoo: "A.foo", newFoo: "newFoo"]
            let a = try rt.new(A), b = try rt.new(B)
            let foo = rt.sel("foo")
            out.say("replace on B returned: \(names.name(rt.class_replaceMethod(B, foo, newFoo, "v@:")))")
            out.say("B foo IMP: \(names.name(rt.class_getMethodImplementation(B, foo)))")
            out.say("A foo IMP: \(names.name(rt.class_getMethodImplementation(A, foo)))")
            out.say("B and A share one Method: \(yesno(rt.class_getInstanceMethod(B, foo) == rt.class_getInstanceMethod(A, foo)))")
            out.say("send to B instance:")
            try rt.send(b, "foo")
            out.say("send to A instance:")
            try rt.send(a, "foo")
            try rt.objc_release(a)
            try rt.objc_release(b)
        },
        Probe("p03_add_owned",
              rule: "class_addMethod fails (NO) when the class already owns the selector, and changes nothing",
              source: "Apple, class_addMethod documentation: \"class_addMethod will add an override of a superclass's implementation, but will not replace an existing implementation in this class\"") { rt, out in
            let A = rt.cls("A")
            let aFoo = rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            let newFoo = rt.imp_implementationWithBlock("newFoo") { _, _, _, _ in out.say("newFoo"); return .none }
            let names = [aFoo: "A.foo", newFoo: "newFoo"]
            let a = try rt.new(A)
            out.say("add on owner returned: \(yesno(rt.class_addMethod(A, rt.sel("foo"), newFoo, "v@:")))")
            out.say("A foo IMP: \(names.name(rt.class_getMethodImplementation(A, rt.sel("foo"))))")
            try rt.send(a, "foo")
            try rt.objc_release(a)
        },
        Probe("p04_add_inherited",
              rule: "class_addMethod on an inherited selector succeeds and overrides only in the subclass",
              source: "NSHipster, \"Method Swizzling\" (class_addMethod, then class_replaceMethod or method_exchangeImplementations); Apple, class_addMethod documentation") { rt, out in
            let A = rt.cls("A")
            let aFoo = rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            let B = rt.cls("B", A)
            let newFoo = rt.imp_implementationWithBlock("newFoo") { _, _, _, _ in out.say("newFoo"); return .none }
            let names = [aFoo: "A.foo", newFoo: "newFoo"]
            let a = try rt.new(A), b = try rt.new(B)
            let foo = rt.sel("foo")
            out.say("add on subclass returned: \(yesno(rt.class_addMethod(B, foo, newFoo, "v@:")))")
            out.say("B foo IMP: \(names.name(rt.class_getMethodImplementation(B, foo)))")
            out.say("A foo IMP: \(names.name(rt.class_getMethodImplementation(A, foo)))")
            try rt.send(b, "foo")
            try rt.send(a, "foo")
            out.say("second add on subclass returned: \(yesno(rt.class_addMethod(B, foo, newFoo, "v@:")))")
            try rt.objc_release(a)
            try rt.objc_release(b)
        },
        Probe("p05_lookup_walks",
              rule: "class_getInstanceMethod / class_getMethodImplementation walk superclasses; an unknown selector runs the resolver and gets the forwarding IMP",
              source: "Apple, class_getInstanceMethod and class_getMethodImplementation documentation; objc4 objc-runtime-new.mm lookUpImpOrForward and resolveMethod_locked") { rt, out in
            let A = rt.cls("A")
            let aFoo = rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            let B = rt.cls("B", A)
            rt.addClassMethod(B, "resolveInstanceMethod:", types: "c@::") { rt, _, _, a in
                out.say("+[B resolveInstanceMethod:] \(rt.name(a[0]))"); return .bool(false)
            }
            let names = [aFoo: "A.foo"]
            let m = rt.class_getInstanceMethod(B, rt.sel("foo"))
            out.say("B getInstanceMethod foo found: \(yesno(m != nil))")
            out.say("its IMP: \(names.name(m.map(rt.method_getImplementation)))")
            out.say("B getMethodImplementation foo: \(names.name(rt.class_getMethodImplementation(B, rt.sel("foo"))))")
            let unknown = rt.class_getMethodImplementation(B, rt.sel("unknownThing"))
            out.say("unknown selector IMP is the forwarding IMP: \(yesno(unknown == rt._objc_msgForward))")
        },
        Probe("p06_set_implementation",
              rule: "method_setImplementation returns the old IMP and the next send runs the new one",
              source: "Apple, method_setImplementation documentation (returns the previous implementation); New Relic, \"The Right Way to Swizzle in Objective-C\" (2014)") { rt, out in
            let A = rt.cls("A")
            let aFoo = rt.addMethod(A, "foo") { rt, _, cmd, _ in out.say("A.foo _cmd=\(rt.sel_getName(cmd))"); return .none }
            var orig: IMP?
            let newFoo = rt.imp_implementationWithBlock("newFoo") { rt, o, cmd, _ in
                out.say("newFoo _cmd=\(rt.sel_getName(cmd))")
                return try rt.callIMP(orig!, o, cmd)
            }
            let names = [aFoo: "A.foo", newFoo: "newFoo"]
            let a = try rt.new(A)
            try rt.send(a, "foo")
            orig = rt.method_setImplementation(rt.class_getInstanceMethod(A, rt.sel("foo"))!, newFoo)
            out.say("setImplementation returned: \(names.name(orig))")
            try rt.send(a, "foo")
            try rt.objc_release(a)
        },
        Probe("p07_cache_flush",
              rule: "a method-table change is seen by the next send, also through a subclass that had cached the method",
              source: "objc4 objc-runtime-new.mm: method_exchangeImplementations, method_setImplementation and addMethod flush the method caches (flushCaches); objc4 test/cacheflush.m") { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            let B = rt.cls("B", A)
            let newFoo = rt.imp_implementationWithBlock("newFoo") { _, _, _, _ in out.say("newFoo"); return .none }
            let a = try rt.new(A), b = try rt.new(B)
            for _ in 0..<2 { try rt.send(a, "foo"); try rt.send(b, "foo") }
            out.say("replace A foo")
            rt.class_replaceMethod(A, rt.sel("foo"), newFoo, "v@:")
            try rt.send(a, "foo")
            try rt.send(b, "foo")
            try rt.objc_release(a)
            try rt.objc_release(b)
        },
    ]

    // MARK: Exchange

    /// A with `foo` and `xxx_foo` (which calls `[self xxx_foo]`), as in p08/p09.
    static func exchangeClass(_ rt: Runtime, _ out: Transcript) -> (Class, IMP, IMP) {
        let A = rt.cls("A")
        let foo = rt.addMethod(A, "foo") { rt, _, cmd, _ in out.say("foo body _cmd=\(rt.sel_getName(cmd))"); return .none }
        let xxx = rt.addMethod(A, "xxx_foo") { rt, o, cmd, _ in
            out.say("xxx_foo body _cmd=\(rt.sel_getName(cmd))")
            return try rt.send(o, "xxx_foo")
        }
        return (A, foo, xxx)
    }

    static let exchange: [Probe] = [
        Probe("p08_exchange_cmd",
              rule: "method_exchangeImplementations swaps IMPs only; each body runs with the _cmd it was reached through",
              source: "NSHipster, \"Method Swizzling\" (the swapped IMP runs with the selector it was reached through as _cmd); Apple, method_exchangeImplementations documentation") { rt, out in
            let (A, foo, xxx) = exchangeClass(rt, out)
            let names = [foo: "foo body", xxx: "xxx_foo body"]
            let a = try rt.new(A)
            rt.method_exchangeImplementations(rt.class_getInstanceMethod(A, rt.sel("foo"))!,
                                              rt.class_getInstanceMethod(A, rt.sel("xxx_foo"))!)
            out.say("foo IMP: \(names.name(rt.class_getMethodImplementation(A, rt.sel("foo"))))")
            out.say("xxx_foo IMP: \(names.name(rt.class_getMethodImplementation(A, rt.sel("xxx_foo"))))")
            out.say("send foo:")
            try rt.send(a, "foo")
            try rt.objc_release(a)
        },
        Probe("p09_exchange_twice",
              rule: "exchanging twice undoes the swizzle (exchange is an involution)",
              source: "Apple, method_exchangeImplementations documentation (an exchange of two IMPs: a second exchange swaps them back); IGInterfaceDataTable #9 and PR #10") { rt, out in
            let (A, _, _) = exchangeClass(rt, out)
            let a = try rt.new(A)
            func swizzle() {
                rt.method_exchangeImplementations(rt.class_getInstanceMethod(A, rt.sel("foo"))!,
                                                  rt.class_getInstanceMethod(A, rt.sel("xxx_foo"))!)
            }
            for label in ["after one exchange:", "after two exchanges:", "after three exchanges:"] {
                swizzle()
                out.say(label)
                try rt.send(a, "foo")
            }
            try rt.objc_release(a)
        },
        Probe("p10_exchange_inherited",
              rule: "exchanging an inherited method swaps the superclass's Method: subclass instances get the swizzle, superclass instances run the replacement and hit an unrecognized selector",
              source: "RSSwizzle README (\"The swizzled method must be implemented by the class itself and not by superclasses\"); Apple, class_getInstanceMethod documentation (it searches superclasses)",
              divergences: [Divergence(
                changes: [.init(native: ["A.foo body _cmd=foo"],
                                apple: ["B.xxx_foo body _cmd=foo", "A.foo body _cmd=xxx_foo"])],
                fact: "method_exchangeImplementations flushes the method caches, so a subclass that inherits the swapped Method runs the new IMP on its next send (objc4 flushes every cache on a method-table change). GCC's libobjc leaves the subclass's dispatch table stale: after the exchange, class_getMethodImplementation(B, foo) still returns A's old IMP, so the B instance runs the unswizzled body.",
                source: "Apple, class_getInstanceMethod and method_exchangeImplementations documentation; objc4 objc-runtime-new.mm method_exchangeImplementations (flushCaches)")]) { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { rt, _, cmd, _ in out.say("A.foo body _cmd=\(rt.sel_getName(cmd))"); return .none }
            let B = rt.cls("B", A)
            rt.addMethod(B, "xxx_foo") { rt, o, cmd, _ in
                out.say("B.xxx_foo body _cmd=\(rt.sel_getName(cmd))")
                return try rt.send(o, "xxx_foo")
            }
            let a = try rt.new(A), b = try rt.new(B)
            let m1 = rt.class_getInstanceMethod(B, rt.sel("foo"))!
            out.say("B's foo Method is A's: \(yesno(m1 == rt.class_getInstanceMethod(A, rt.sel("foo"))))")
            rt.method_exchangeImplementations(m1, rt.class_getInstanceMethod(B, rt.sel("xxx_foo"))!)
            out.say("send foo to B instance:")
            try TRY(out, "b foo") { try rt.send(b, "foo") }
            out.say("send foo to A instance:")
            try TRY(out, "a foo") { try rt.send(a, "foo") }
            try rt.objc_release(a)
            try rt.objc_release(b)
        },
        Probe("p11_two_swizzlers",
              rule: "two exchange swizzlers with distinct helper names both run; the last installed is outermost; inner bodies see the outer helper's selector as _cmd",
              source: "NSHipster, \"Method Swizzling\" (each swizzle exchanges with its own prefixed helper); Apple, method_exchangeImplementations documentation; derived from exchange semantics") { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { rt, _, cmd, _ in out.say("A.foo body _cmd=\(rt.sel_getName(cmd))"); return .none }
            for lib in ["lib1", "lib2"] {
                rt.addMethod(A, "\(lib)_foo") { rt, o, cmd, _ in
                    out.say("\(lib) body _cmd=\(rt.sel_getName(cmd))")
                    return try rt.send(o, "\(lib)_foo")
                }
            }
            let a = try rt.new(A)
            for lib in ["lib1", "lib2"] {
                rt.method_exchangeImplementations(rt.class_getInstanceMethod(A, rt.sel("foo"))!,
                                                  rt.class_getInstanceMethod(A, rt.sel("\(lib)_foo"))!)
            }
            try rt.send(a, "foo")
            try rt.objc_release(a)
        },
    ]

    // MARK: Forwarding

    static let forwardingOrderFact =
        "CoreFoundation's ___forwarding___ asks forwardingTargetForSelector: first, then methodSignatureForSelector:, then builds the NSInvocation for forwardInvocation:. GNUstep-base on the GCC runtime asks methodSignatureForSelector: first (to build its forwarding closure) and only NSObject's default -forwardInvocation: consults forwardingTargetForSelector:, so a class that overrides forwardInvocation: is never asked, and one that does not is asked after the signature."

    static let forwarding: [Probe] = [
        Probe("p12_forwarding_order",
              rule: "an unimplemented selector goes resolveInstanceMethod: → forwardingTargetForSelector: → methodSignatureForSelector: → forwardInvocation:",
              source: "objc4 objc-runtime-new.mm lookUpImpOrForward / resolveMethod_locked; Apple, \"Objective-C Runtime Programming Guide: Message Forwarding\"",
              divergences: [Divergence(
                changes: [.init(native: ["+[F resolveInstanceMethod:] bar", "-[F methodSignatureForSelector:] bar"],
                                apple: ["+[F resolveInstanceMethod:] bar", "-[F forwardingTargetForSelector:] bar",
                                        "-[F methodSignatureForSelector:] bar"])],
                fact: forwardingOrderFact,
                source: "objc4 objc-runtime-new.mm resolveMethod_locked, then CoreFoundation ___forwarding___: forwardingTargetForSelector:, methodSignatureForSelector:, forwardInvocation: (Apple, \"Objective-C Runtime Programming Guide: Message Forwarding\")")]) { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar", types: "i@:") { _, _, _, _ in out.say("T.bar"); return .int(7) }
            let F = rt.cls("F")
            rt.addClassMethod(F, "resolveInstanceMethod:", types: "c@::") { rt, _, _, a in
                out.say("+[F resolveInstanceMethod:] \(rt.name(a[0]))"); return .bool(false)
            }
            rt.addMethod(F, "forwardingTargetForSelector:", types: "@@::") { rt, _, _, a in
                out.say("-[F forwardingTargetForSelector:] \(rt.name(a[0]))"); return .none
            }
            rt.addMethod(F, "methodSignatureForSelector:", types: "@@::") { rt, _, _, a in
                out.say("-[F methodSignatureForSelector:] \(rt.name(a[0]))")
                return .string(rt.signatureForSelector(T, rt.sel("bar"))!)
            }
            rt.addMethod(F, "forwardInvocation:", types: "v@:@") { rt, _, _, a in
                guard case .invocation(let inv) = a[0] else { return .none }
                out.say("-[F forwardInvocation:] \(rt.sel_getName(inv.selector))")
                inv.returnValue = .int(5)
                return .none
            }
            let f = try rt.new(F)
            out.say("result: \(try rt.send(f, "bar").intValue)")
            try rt.objc_release(f)
        },
        Probe("p13_forwarding_target",
              rule: "a non-nil forwardingTargetForSelector: result becomes the receiver; no invocation is built",
              source: "Apple, forwardingTargetForSelector: documentation; objc4 NSObject.mm -forwardingTargetForSelector: (returns nil)",
              divergences: [Divergence(
                changes: [.init(native: ["-[G methodSignatureForSelector:] bar", "-[G forwardingTargetForSelector:] bar"],
                                apple: ["-[G forwardingTargetForSelector:] bar"])],
                fact: forwardingOrderFact,
                source: "Apple, forwardingTargetForSelector: documentation: \"that returned object is used as the new receiver object and the message dispatch resumes to that new object\"")]) { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar", types: "i@:") { _, _, _, _ in out.say("T.bar"); return .int(7) }
            let G = rt.cls("G")
            rt.addMethod(G, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, a in
                out.say("-[G forwardingTargetForSelector:] \(rt.name(a[0]))")
                return rt.object_getIvar(o, "target")
            }
            rt.addMethod(G, "methodSignatureForSelector:", types: "@@::") { rt, o, cmd, a in
                out.say("-[G methodSignatureForSelector:] \(rt.name(a[0]))")
                return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a)
            }
            let g = try rt.new(G)
            let t = try rt.new(T)
            try rt.object_setIvar(g, "target", .object(t), .strong)
            try rt.objc_release(t)
            out.say("result: \(try rt.send(g, "bar").intValue)")
            try rt.objc_release(g)
        },
        Probe("p14_resolve_adds",
              rule: "+resolveInstanceMethod: that adds the method makes the send succeed; the resolver runs once",
              source: "objc4 objc-runtime-new.mm resolveMethod_locked (+resolveInstanceMethod:, then the lookup is retried); Apple, resolveInstanceMethod: documentation") { rt, out in
            let R = rt.cls("R")
            let dynBar = rt.imp_implementationWithBlock("dynBarIMP") { rt, _, cmd, _ in
                out.say("dynBar body _cmd=\(rt.sel_getName(cmd))"); return .none
            }
            rt.addClassMethod(R, "resolveInstanceMethod:", types: "c@::") { rt, o, _, a in
                out.say("+[R resolveInstanceMethod:] \(rt.name(a[0]))")
                guard a[0].selValue == rt.sel("dynBar") else { return .bool(false) }
                return .bool(rt.class_addMethod(rt.classOfClassObject(o)!, rt.sel("dynBar"), dynBar, "v@:"))
            }
            let r = try rt.new(R)
            try rt.send(r, "dynBar")
            try rt.send(r, "dynBar")
            out.say("responds to dynBar: \(yesno(try rt.send(r, "respondsToSelector:", .sel(rt.sel("dynBar"))).boolValue))")
            try rt.objc_release(r)
        },
        Probe("p15_responds_resolver",
              rule: "respondsToSelector: runs +resolveInstanceMethod: but never the forwarding steps; a forwarding object answers NO",
              source: "objc4 NSObject.mm -respondsToSelector: → objc-class.mm class_respondsToSelector_inst (runs the resolver, not forwarding); Apple, instancesRespondToSelector: documentation") { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "zap") { _, _, _, _ in out.say("T.zap"); return .none }
            let Q = rt.cls("Q")
            rt.addClassMethod(Q, "resolveInstanceMethod:", types: "c@::") { rt, _, _, a in
                out.say("+[Q resolveInstanceMethod:] \(rt.name(a[0]))"); return .bool(false)
            }
            rt.addMethod(Q, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, a in
                out.say("-[Q forwardingTargetForSelector:] \(rt.name(a[0]))")
                return rt.object_getIvar(o, "target")
            }
            let q = try rt.new(Q)
            let t = try rt.new(T)
            try rt.object_setIvar(q, "target", .object(t), .strong)
            try rt.objc_release(t)
            out.say("Q responds to zap: \(yesno(try rt.send(q, "respondsToSelector:", .sel(rt.sel("zap"))).boolValue))")
            out.say("Q responds to description: \(yesno(try rt.send(q, "respondsToSelector:", .sel(rt.sel("description"))).boolValue))")
            try rt.objc_release(q)
        },
        Probe("p16_msgforward_receiver",
              rule: "a method whose IMP is _objc_msgForward reaches forwardInvocation: looked up on the receiver's isa, not on the class that holds the IMP",
              source: "Apple, forwardInvocation: documentation (sent to the receiver); steipete/Aspects #2, bang590/JSPatch #256") { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            rt.addMethod(A, "add:", types: "i@:i") { _, _, _, a in out.say("A.add:"); return .int(a[0].intValue + 1) }
            rt.addMethod(A, "forwardInvocation:", types: "v@:@") { rt, _, _, a in
                guard case .invocation(let inv) = a[0] else { return .none }
                out.say("-[A forwardInvocation:] \(rt.sel_getName(inv.selector))")
                if inv.selector == rt.sel("add:") { inv.returnValue = .int(inv.arguments[0].intValue * 10) }
                return .none
            }
            let B = rt.cls("B", A)
            rt.addMethod(B, "forwardInvocation:", types: "v@:@") { rt, _, _, a in
                guard case .invocation(let inv) = a[0] else { return .none }
                out.say("-[B forwardInvocation:] \(rt.sel_getName(inv.selector))")
                return .none
            }
            rt.class_replaceMethod(A, rt.sel("foo"), rt._objc_msgForward, "v@:")
            rt.class_replaceMethod(A, rt.sel("add:"), rt._objc_msgForward, "i@:i")
            let a = try rt.new(A), b = try rt.new(B)
            out.say("A instance:")
            try rt.send(a, "foo")
            out.say("add: returned \(try rt.send(a, "add:", .int(4)).intValue)")
            out.say("B instance:")
            try rt.send(b, "foo")
            try rt.objc_release(a)
            try rt.objc_release(b)
        },
        Probe("p17_super_into_forwarded",
              rule: "a [super foo] that lands on a forwarded IMP re-enters the most-derived forwardInvocation:; calling the original again loops (a counter in the probe stops it)",
              source: "steipete/Aspects #2, bang590/JSPatch #256 (a super call that lands on a forwarded IMP re-enters the receiver's forwardInvocation:)") { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            rt.addMethod(A, "forwardInvocation:", types: "v@:@") { rt, _, _, a in
                guard case .invocation(let inv) = a[0] else { return .none }
                out.say("-[A forwardInvocation:] \(rt.sel_getName(inv.selector))")
                return .none
            }
            let B = rt.cls("B", A)
            rt.addMethod(B, "foo") { rt, o, cmd, _ in
                out.say("B.foo body _cmd=\(rt.sel_getName(cmd)), calls super")
                return try rt.objc_msgSendSuper(o, A, rt.sel("foo"))
            }
            var depth = 0
            rt.addMethod(B, "forwardInvocation:", types: "v@:@") { rt, _, _, a in
                guard case .invocation(let inv) = a[0] else { return .none }
                depth += 1
                out.say("-[B forwardInvocation:] \(rt.sel_getName(inv.selector)) depth \(depth)")
                if depth >= 4 {
                    out.say("recursion counter stops at depth \(depth)")
                    return .none
                }
                inv.selector = rt.sel("orig_foo")
                try inv.invoke(rt)
                return .none
            }
            let foo = rt.sel("foo")
            rt.class_addMethod(B, rt.sel("orig_foo"), rt.class_getMethodImplementation(B, foo), "v@:")
            rt.class_replaceMethod(B, foo, rt._objc_msgForward, "v@:")
            rt.class_replaceMethod(A, foo, rt._objc_msgForward, "v@:")
            let b = try rt.new(B)
            try rt.send(b, "foo")
            try rt.objc_release(b)
        },
        Probe("p18_invocation_selector",
              rule: "invocation.selector = X; [invocation invoke] runs X's IMP with _cmd = X",
              source: "Apple, NSInvocation documentation (selector, invoke: \"Sends the receiver's message (with arguments) to its target\")") { rt, out in
            let A = rt.cls("A")
            for name in ["foo", "bar"] {
                rt.addMethod(A, name) { rt, _, cmd, _ in out.say("\(name) body _cmd=\(rt.sel_getName(cmd))"); return .none }
            }
            let a = try rt.new(A)
            let inv = NSInvocation(target: .object(a), selector: rt.sel("foo"), arguments: [], methodSignature: "v@:")
            try inv.invoke(rt)
            inv.selector = rt.sel("bar")
            try inv.invoke(rt)
            rt.method_exchangeImplementations(rt.class_getInstanceMethod(A, rt.sel("foo"))!,
                                              rt.class_getInstanceMethod(A, rt.sel("bar"))!)
            out.say("after exchange:")
            try inv.invoke(rt)
            inv.selector = rt.sel("foo")
            try inv.invoke(rt)
            try rt.objc_release(a)
        },
    ]

    // MARK: NSProxy

    static let proxies: [Probe] = [
        Probe("p19_nsproxy_forwards",
              rule: "an NSProxy subclass answers respondsToSelector: / isKindOfClass: through methodSignatureForSelector: + forwardInvocation:; forwardingTargetForSelector: is not consulted; its own methods answer YES directly",
              source: "GNUstep NSProxy.m (-respondsToSelector:, -isKindOfClass: \"Calls the -forwardInvocation: method\"); SwiftTrace PR #20") { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar") { _, _, _, _ in out.say("T.bar"); return .none }
            let P = rt.cls("P", rt.NSProxyClass)
            rt.addMethod(P, "initWithTarget:", types: "@@:@") { rt, o, _, a in
                try rt.object_setIvar(o, "target", a[0], .assign); return .object(o)
            }
            rt.addMethod(P, "forwardingTargetForSelector:", types: "@@::") { rt, _, _, a in
                out.say("-[P forwardingTargetForSelector:] \(rt.name(a[0]))"); return .none
            }
            rt.addMethod(P, "methodSignatureForSelector:", types: "@@::") { rt, o, _, a in
                out.say("-[P methodSignatureForSelector:] \(rt.name(a[0]))")
                return try rt.send(rt.object_getIvar(o, "target"), "methodSignatureForSelector:", a[0])
            }
            rt.addMethod(P, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
                guard case .invocation(let inv) = a[0] else { return .none }
                out.say("-[P forwardInvocation:] \(rt.sel_getName(inv.selector))")
                try inv.invoke(rt, target: rt.object_getIvar(o, "target"))
                return .none
            }
            let t = try rt.new(T)
            let p = try rt.send(rt.alloc(P), "initWithTarget:", .object(t))
            out.say("responds to bar: \(yesno(try rt.send(p, "respondsToSelector:", .sel(rt.sel("bar"))).boolValue))")
            out.say("responds to initWithTarget: \(yesno(try rt.send(p, "respondsToSelector:", .sel(rt.sel("initWithTarget:"))).boolValue))")
            out.say("isKindOfClass T: \(yesno(try rt.send(p, "isKindOfClass:", .object(rt.classObject(T))).boolValue))")
            try rt.objc_release(p.object)
            try rt.objc_release(t)
        },
        Probe("p20_nsproxy_defaults",
              rule: "NSProxy's own methodSignatureForSelector: and forwardInvocation: raise NSInvalidArgumentException",
              source: "Apple, NSProxy documentation: NSProxy \"raises an exception upon receiving any message it doesn't respond to\"; -forwardInvocation: and -methodSignatureForSelector: raise NSInvalidArgumentException") { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar") { _, _, _, _ in out.say("T.bar"); return .none }
            let Bare = rt.cls("Bare", rt.NSProxyClass)
            let SigOnly = rt.cls("SigOnly", rt.NSProxyClass)
            rt.addMethod(SigOnly, "methodSignatureForSelector:", types: "@@::") { rt, _, _, a in
                out.say("-[SigOnly methodSignatureForSelector:] \(rt.name(a[0]))")
                return .string(rt.signatureForSelector(T, rt.sel("bar"))!)
            }
            let bare = try rt.alloc(Bare), sigOnly = try rt.alloc(SigOnly)
            out.say("bare proxy, bar:")
            try TRY(out, "bare bar") { try rt.send(bare, "bar") }
            out.say("proxy with a signature only, bar:")
            try TRY(out, "sigOnly bar") { try rt.send(sigOnly, "bar") }
        },
        Probe("p34_nsproxy_nil_signature",
              rule: "an NSProxy whose target is gone (nil signature) cannot answer respondsToSelector: / isKindOfClass: through forwarding: the path ends in doesNotRecognizeSelector:, an exception, not a quiet NO",
              source: "Apple, NSProxy documentation; GNUstep NSProxy.m (NSObject-protocol questions go through forwarding)",
              divergences: [Divergence(
                changes: [
                    .init(native: ["-[W forwardInvocation:] with no invocation", "responds to foo: NO"],
                          apple: ["respondsToSelector: raised NSInvalidArgumentException"]),
                    .init(native: ["-[W forwardInvocation:] with no invocation", "isKindOfClass NSObject: NO"],
                          apple: ["isKindOfClass: raised NSInvalidArgumentException"]),
                ],
                fact: "[derived, a prediction] On Apple's runtime a nil methodSignatureForSelector: ends forwarding in doesNotRecognizeSelector: (CoreFoundation ___forwarding___), and an NSProxy answers respondsToSelector: / isKindOfClass: through its forwarding machinery (GNUstep NSProxy.m; on Apple's runtime reported, not read), so a proxy whose target is gone raises NSInvalidArgumentException. GNUstep's NSProxy calls forwardInvocation: with no invocation and answers NO. ObjCModel follows the Apple reading (RootClasses.swift, `forwardThroughInvocation`, MODEL note); no public observation of this exact case on Apple's runtime is known.",
                source: "Apple, NSProxy documentation (methodSignatureForSelector: must be overridden); GNUstep NSProxy.m -respondsToSelector:; CoreFoundation ___forwarding___ (a nil signature → doesNotRecognizeSelector:)")]) { rt, out in
            let W = rt.cls("W", rt.NSProxyClass)
            rt.addMethod(W, "methodSignatureForSelector:", types: "@@::") { rt, o, cmd, a in
                out.say("-[W methodSignatureForSelector:] \(rt.name(a[0]))")
                return try rt.objc_msgSend(rt.object_getIvar(o, "target"), cmd, a)
            }
            rt.addMethod(W, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
                guard case .invocation(let inv) = a[0] else { out.say("-[W forwardInvocation:] with no invocation"); return .none }
                out.say("-[W forwardInvocation:] with an invocation")
                try inv.invoke(rt, target: rt.object_getIvar(o, "target"))
                return .none
            }
            let w = try rt.alloc(W)
            try rt.object_setIvar(w, "target", .none, .assign)
            try TRY(out, "respondsToSelector") {
                out.say("responds to foo: \(yesno(try rt.send(w, "respondsToSelector:", .sel(rt.sel("foo"))).boolValue))")
            }
            try TRY(out, "isKindOfClass") {
                out.say("isKindOfClass NSObject: \(yesno(try rt.send(w, "isKindOfClass:", .object(rt.classObject(rt.NSObjectClass))).boolValue))")
            }
        },
        Probe("p26_forwarding_loop",
              rule: "two NSProxy forwarders that target each other loop on respondsToSelector: (forwarded through forwardInvocation:); a counter in the probe stops it",
              source: "GNUstep NSProxy.m -respondsToSelector:; ByteDance, \"无埋点核心技术：iOS Hook在字节的实践经验\", the second pitfall (respondsToSelector: forwarded around a proxy cycle loops forever)") { rt, out in
            var depth = 0
            let Loop = loopProxyClass(rt) { rt, o, inv in
                depth += 1
                out.say("-[Loop(\(rt.object_getIvar(o, "name").stringValue!)) forwardInvocation:] \(rt.sel_getName(inv.selector)) depth \(depth)")
                if depth >= 6 {
                    out.say("recursion counter stops at depth \(depth)")
                    inv.returnValue = .bool(false)
                    return
                }
                try inv.invoke(rt, target: rt.object_getIvar(o, "target"))
            }
            let x = try rt.alloc(Loop), y = try rt.alloc(Loop)
            try rt.object_setIvar(x, "name", .string("X"), .value)
            try rt.object_setIvar(y, "name", .string("Y"), .value)
            try rt.object_setIvar(x, "target", .object(y), .assign)
            try rt.object_setIvar(y, "target", .object(x), .assign)
            out.say("X responds to bar: \(yesno(try rt.send(x, "respondsToSelector:", .sel(rt.sel("bar"))).boolValue))")
            try rt.objc_release(x)
            try rt.objc_release(y)
        },
    ]

    /// The `Loop` NSProxy of p26: NSObject's signatures, and a forwardInvocation: body given by the caller.
    static func loopProxyClass(_ rt: Runtime, _ body: @escaping (Runtime, ObjectID, NSInvocation) throws -> Void) -> Class {
        let Loop = rt.cls("Loop", rt.NSProxyClass)
        rt.addMethod(Loop, "methodSignatureForSelector:", types: "@@::") { rt, _, _, a in
            rt.signatureForSelector(rt.NSObjectClass, a[0].selValue!).map(Value.string) ?? .none
        }
        rt.addMethod(Loop, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv) = a[0] else { return .none }
            try body(rt, o, inv)
            return .none
        }
        return Loop
    }

    // MARK: Classes and isa

    static let classes: [Probe] = [
        Probe("p21_lying_class",
              rule: "object_setClass changes the isa (dispatch follows it) and returns the old class; a -class override lies to [obj class] while object_getClass tells the truth",
              source: "Apple, \"Key-Value Observing Programming Guide: Key-Value Observing Implementation Details\" (isa-swizzling; rely on the class method, not the isa); Aspects.m aspect_hookedGetClass") { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            let a = try rt.new(A)
            let sub = rt.objc_allocateClassPair(A, "A_Lying")!
            let lie = rt.imp_implementationWithBlock("lyingClass") { rt, _, _, _ in .object(rt.classObject(A)) }
            rt.class_addMethod(sub, rt.sel("class"), lie, "#@:")
            let subFoo = rt.imp_implementationWithBlock("subFoo") { rt, o, cmd, _ in
                out.say("A_Lying.foo, then super")
                return try rt.objc_msgSendSuper(o, A, cmd)
            }
            rt.class_addMethod(sub, rt.sel("foo"), subFoo, "v@:")
            rt.objc_registerClassPair(sub)
            out.say("object_setClass returned: \(rt.class_getName(rt.object_setClass(a, sub)))")
            out.say("[obj class]: \(rt.class_getName(rt.classOfClassObject(try rt.send(a, "class").object!)!))")
            out.say("object_getClass: \(rt.class_getName(rt.object_getClass(a)))")
            out.say("superclass of real class: \(rt.class_getSuperclass(rt.object_getClass(a)).map(rt.class_getName) ?? "Nil")")
            out.say("isKindOfClass A: \(yesno(try rt.send(a, "isKindOfClass:", .object(rt.classObject(A))).boolValue))")
            try rt.send(a, "foo")
            out.say("restored, object_setClass returned: \(rt.class_getName(rt.object_setClass(a, A)))")
            try rt.send(a, "foo")
            try rt.objc_release(a)
        },
        Probe("p22_dynamic_subclass",
              rule: "objc_allocateClassPair creates a subclass (Nil for a taken name); once registered it is found by name, its methods override and super sends reach the parent",
              source: "Apple, objc_allocateClassPair and objc_registerClassPair documentation; Apple, object_setClass documentation") { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { rt, _, cmd, _ in out.say("A.foo _cmd=\(rt.sel_getName(cmd))"); return .none }
            let dyn = rt.objc_allocateClassPair(A, "A_Dyn")
            out.say("allocate A_Dyn: \(dyn != nil ? "ok" : "Nil")")
            out.say("allocate taken name A: \(rt.objc_allocateClassPair(rt.NSObjectClass, "A") != nil ? "ok" : "Nil")")
            let dynFoo = rt.imp_implementationWithBlock("dynFoo") { rt, o, cmd, _ in
                out.say("A_Dyn.foo, then super")
                return try rt.objc_msgSendSuper(o, A, cmd)
            }
            out.say("add foo to A_Dyn: \(yesno(rt.class_addMethod(dyn!, rt.sel("foo"), dynFoo, "v@:")))")
            rt.objc_registerClassPair(dyn!)
            out.say("objc_getClass A_Dyn: \(rt.objc_getClass("A_Dyn").map(rt.class_getName) ?? "Nil")")
            out.say("superclass: \(rt.class_getSuperclass(dyn!).map(rt.class_getName) ?? "Nil")")
            out.say("allocate A_Dyn again: \(rt.objc_allocateClassPair(A, "A_Dyn") != nil ? "ok" : "Nil")")
            let obj = try rt.send(rt.alloc(dyn!), "init").object!
            out.say("instance class: \(rt.class_getName(rt.object_getClass(obj)))")
            try rt.send(obj, "foo")
            try rt.objc_release(obj)
        },
    ]

    // MARK: Memory

    static let memory: [Probe] = [
        Probe("p23_retain_release",
              rule: "retain counts under manual retain/release; autorelease defers the release to the pool drain; dealloc runs when the count reaches zero",
              source: "objc4 NSObject.mm objc_retain / objc_release / rootRelease (dealloc when the count reaches zero); Apple, \"Advanced Memory Management Programming Guide\"") { rt, out in
            let Z = rt.cls("Z")
            rt.addMethod(Z, "dealloc") { rt, o, cmd, _ in
                out.say("-[Z dealloc]")
                return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd)
            }
            let z = try rt.new(Z)
            out.say("new: \(rt.retainCount(z))")
            try rt.objc_retain(z)
            out.say("retain: \(rt.retainCount(z))")
            try rt.objc_release(z)
            out.say("release: \(rt.retainCount(z))")
            try rt.objc_retain(z)
            rt.objc_autorelease(z)
            out.say("retain+autorelease: \(rt.retainCount(z))")
            out.say("drain")
            try rt.drainAutoreleasePool()
            out.say("after drain: \(rt.retainCount(z))")
            rt.objc_autorelease(z)
            out.say("last reference autoreleased; drain")
            try rt.drainAutoreleasePool()
            out.say("end")
        },
        Probe("p24_dealloc_order",
              rule: "dealloc order: the dealloc chain (subclass body, then superclass body), then strong ivars, then associated objects",
              source: "objc4 objc-runtime-new.mm objc_destructInstance (\"This order is important.\": C++/ARC ivars, then associated objects, then weak references); objc-references.mm _object_remove_associations") { rt, out in
            let Child = rt.cls("Child")
            rt.addMethod(Child, "dealloc") { rt, o, cmd, _ in
                out.say("-[Child dealloc] \(rt.object_getIvar(o, "label").stringValue ?? "?")")
                return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd)
            }
            let Base = rt.cls("Base")
            rt.addMethod(Base, "dealloc") { rt, o, cmd, _ in
                out.say("-[Base dealloc] body")
                return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd)
            }
            let Sub = rt.cls("Sub", Base)
            rt.addMethod(Sub, "dealloc") { rt, o, cmd, _ in
                out.say("-[Sub dealloc] body")
                return try rt.objc_msgSendSuper(o, Base, cmd)
            }
            let s = try rt.new(Sub)
            let ivar = try rt.new(Child)
            try rt.object_setIvar(ivar, "label", .string("ivar"), .value)
            try rt.object_setIvar(s, "strongIvar", .object(ivar), .strong)
            try rt.objc_release(ivar)
            let associated = try rt.new(Child)
            try rt.object_setIvar(associated, "label", .string("associated"), .value)
            try rt.objc_setAssociatedObject(s, "associated", .object(associated), .retainNonatomic)
            try rt.objc_release(associated)
            out.say("release the last reference")
            try rt.objc_release(s)
            out.say("end")
        },
        Probe("p25_zombie",
              rule: "with NSZombieEnabled a message to a freed object logs \"*** -[Class selector]: message sent to deallocated instance 0x…\" (Apple then traps)",
              source: "Apple, \"Investigating crashes for zombie objects\"",
              environment: ["NSZombieEnabled": "YES"],
              divergences: [Divergence(
                changes: [.init(native: ["after the zombie message: the process continued"],
                                apple: ["after the zombie message: the process trapped"])],
                fact: "With NSZombieEnabled the message is logged and then traps (EXC_BREAKPOINT / EXC_BAD_INSTRUCTION): the program does not go on. GNUstep logs the same line and returns nil, so the program continues.",
                source: "Apple, \"Investigating crashes for zombie objects\" (NSZombieEnabled: \"message sent to deallocated instance\")")]) { rt, out in
            let Z = rt.cls("Z")
            rt.addMethod(Z, "foo") { _, _, _, _ in out.say("Z.foo"); return .none }
            rt.addMethod(Z, "dealloc") { rt, o, cmd, _ in
                out.say("-[Z dealloc]")
                return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd)
            }
            let z = try rt.new(Z)
            let dangling = z
            try rt.send(z, "foo")
            try rt.objc_release(z)
            out.say("send foo through the dangling reference")
            do {
                try rt.send(dangling, "foo")
                out.say("after the zombie message: the process continued")
            } catch let f as Fault {
                guard case let .messageToFreedObject(cls, sel, _) = f.kind else { throw f }
                out.say("*** -[\(cls) \(sel)]: message sent to deallocated instance 0x…")
                out.say("after the zombie message: the process trapped")
            }
        },
    ]

    // MARK: Messaging edge cases and faults

    static let faults: [Probe] = [
        Probe("p27_nil_message",
              rule: "messaging nil returns zero and does not crash",
              source: "Apple, \"Objective-C Runtime Programming Guide: Messaging\" (a message to nil returns zero)") { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "add:", types: "i@:i") { _, _, _, a in .int(a[0].intValue + 1) }
            rt.addMethod(A, "me", types: "@@:") { _, o, _, _ in .object(o) }
            let a: ObjectID? = nil
            out.say("nil add: \(try rt.send(a, "add:", .int(5)).intValue)")
            out.say("nil me is nil: \(yesno(try rt.send(a, "me").isNil))")
            out.say("nil respondsToSelector: \(yesno(try rt.send(a, "respondsToSelector:", .sel(rt.sel("add:"))).boolValue))")
        },
        Probe("p28_unrecognized",
              rule: "an unimplemented selector with no forwarding raises NSInvalidArgumentException \"-[Class sel]: unrecognized selector sent to instance 0x…\"",
              source: "objc4 NSObject.mm -doesNotRecognizeSelector: (\"Replaced by CF (throws an NSException)\"): NSInvalidArgumentException, \"unrecognized selector sent to instance\"",
              divergences: [Divergence(
                changes: [.init(native: ["reason: U(instance) does not recognize bar"],
                                apple: ["reason: -[U bar]: unrecognized selector sent to instance 0x…"])],
                fact: "doesNotRecognizeSelector: (replaced by CoreFoundation) raises NSInvalidArgumentException with the reason \"-[Class sel]: unrecognized selector sent to instance 0x…\". GNUstep raises the same exception name with the reason \"Class(instance) does not recognize sel\".",
                source: "objc4 NSObject.mm -doesNotRecognizeSelector: (\"Replaced by CF (throws an NSException)\"): NSInvalidArgumentException, \"unrecognized selector sent to instance\"")]) { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar") { _, _, _, _ in out.say("T.bar"); return .none }
            let U = rt.cls("U")
            let u = try rt.new(U)
            do {
                try rt.send(u, "bar")
                out.say("no exception")
            } catch let f as Fault {
                guard case let .unrecognizedSelector(cls, sel, _) = f.kind else { throw f }
                out.say("raised \(exceptionName(f)!)")
                out.say("reason: -[\(cls) \(sel)]: unrecognized selector sent to instance 0x…")
            }
            try rt.objc_release(u)
        },
        Probe("p29_default_forwardinvocation",
              rule: "with a signature but NSObject's default forwardInvocation:, the message ends in doesNotRecognizeSelector:, which raises",
              source: "objc4 NSObject.mm -forwardInvocation: (calls doesNotRecognizeSelector:) and -doesNotRecognizeSelector:") { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar") { _, _, _, _ in out.say("T.bar"); return .none }
            let S = rt.cls("S")
            rt.addMethod(S, "methodSignatureForSelector:", types: "@@::") { rt, _, _, a in
                out.say("-[S methodSignatureForSelector:] \(rt.name(a[0]))")
                return .string(rt.signatureForSelector(T, rt.sel("bar"))!)
            }
            rt.addMethod(S, "doesNotRecognizeSelector:", types: "v@::") { rt, o, cmd, a in
                out.say("-[S doesNotRecognizeSelector:] \(rt.name(a[0]))")
                return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a)
            }
            let s = try rt.new(S)
            try TRY(out, "s bar") { try rt.send(s, "bar") }
            try rt.objc_release(s)
        },
    ]

    // MARK: What hook libraries lean on

    static let replaceInheritedFact =
        "class_replaceMethod on a class that only inherits the method adds an override to that class and returns NULL; the superclass keeps its IMP. GCC's libobjc sets the IMP of the inherited Method instead: it returns the superclass's IMP and changes the superclass for every class."

    static let hooks: [Probe] = [
        Probe("p30_forwarding_target_self",
              rule: "a forwardingTargetForSelector: that returns self is ignored (\"non-nil and non-self\"): forwarding goes on to methodSignatureForSelector: / forwardInvocation:",
              source: "Apple, forwardingTargetForSelector: documentation; objc4 NSObject.mm -forwardingTargetForSelector: (returns nil)",
              divergences: [Divergence(
                changes: [.init(native: ["-[H methodSignatureForSelector:] bar", "-[H forwardingTargetForSelector:] bar call 1",
                                         "-[H methodSignatureForSelector:] bar", "-[H forwardingTargetForSelector:] bar call 2",
                                         "-[H methodSignatureForSelector:] bar", "-[H forwardingTargetForSelector:] bar call 3",
                                         "counter: answer nil"],
                                apple: ["-[H forwardingTargetForSelector:] bar call 1", "-[H methodSignatureForSelector:] bar"])],
                fact: "The forwarding target is used only if it is non-nil and not the receiver; a target of self is ignored and forwarding continues with methodSignatureForSelector: and forwardInvocation:. GNUstep's NSObject -forwardInvocation: re-sends the message to any non-nil target, self included, so the message goes round the forwarding path again (the probe's counter answers nil at the third call); it also asks for the signature before the target each time.",
                source: "Apple, forwardingTargetForSelector: documentation: \"returns a non-nil (and non-self) result\"")]) { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar") { _, _, _, _ in out.say("T.bar"); return .none }
            let H = rt.cls("H")
            var calls = 0
            rt.addMethod(H, "forwardingTargetForSelector:", types: "@@::") { rt, o, _, a in
                calls += 1
                out.say("-[H forwardingTargetForSelector:] \(rt.name(a[0])) call \(calls)")
                if calls >= 3 { out.say("counter: answer nil"); return .none }
                return .object(o)
            }
            rt.addMethod(H, "methodSignatureForSelector:", types: "@@::") { rt, _, _, a in
                out.say("-[H methodSignatureForSelector:] \(rt.name(a[0]))")
                return .string(rt.signatureForSelector(T, rt.sel("bar"))!)
            }
            let h = try rt.new(H)
            try TRY(out, "h bar") { try rt.send(h, "bar") }
            try rt.objc_release(h)
        },
        Probe("p31_replace_inherited_forwardinvocation",
              rule: "hooking forwardInvocation: with class_replaceMethod on a class that only inherits it returns NULL and leaves NSObject's forwardInvocation: (and every other class) alone",
              source: "Apple, class_replaceMethod documentation (an inherited method is added, as if class_addMethod were called, and NULL is returned); Aspects.m aspect_swizzleForwardInvocation and JSPatch JPEngine.m overrideMethod keep the IMP it returns",
              divergences: [Divergence(
                changes: [
                    .init(native: ["saved original forwardInvocation: -[NSObject forwardInvocation:]",
                                   "NSObject forwardInvocation: is now hookedForwardInvocation"],
                          apple: ["saved original forwardInvocation: NULL",
                                  "NSObject forwardInvocation: is now -[NSObject forwardInvocation:]"]),
                    .init(native: ["hooked forwardInvocation: on a Y for bar"],
                          apple: ["y bar: raised NSInvalidArgumentException"]),
                ],
                fact: replaceInheritedFact + " Here that turns one class's forwardInvocation: hook into a hook of NSObject's, which then runs for an unrelated class.",
                source: "Apple, class_replaceMethod documentation")]) { rt, out in
            let T = rt.cls("T")
            rt.addMethod(T, "bar") { _, _, _, _ in out.say("T.bar"); return .none }
            let X = rt.cls("X")
            let Y = rt.cls("Y")
            rt.addMethod(Y, "methodSignatureForSelector:", types: "@@::") { rt, _, _, _ in
                .string(rt.signatureForSelector(T, rt.sel("bar"))!)
            }
            let hooked = rt.imp_implementationWithBlock("hookedForwardInvocation") { rt, o, _, a in
                guard case .invocation(let inv) = a[0] else { return .none }
                out.say("hooked forwardInvocation: on a \(rt.class_getName(rt.object_getClass(o))) for \(rt.sel_getName(inv.selector))")
                return .none
            }
            let fwd = rt.sel("forwardInvocation:")
            let names = [rt.class_getMethodImplementation(rt.NSObjectClass, fwd): "-[NSObject forwardInvocation:]",
                         hooked: "hookedForwardInvocation"]
            out.say("saved original forwardInvocation: \(names.name(rt.class_replaceMethod(X, fwd, hooked, "v@:@")))")
            out.say("NSObject forwardInvocation: is now \(names.name(rt.class_getMethodImplementation(rt.NSObjectClass, fwd)))")
            let y = try rt.new(Y)
            out.say("an unrelated class forwards bar:")
            try TRY(out, "y bar") { try rt.send(y, "bar") }
            try rt.objc_release(y)
        },
        Probe("p32_cache_after_add_and_set",
              rule: "after a subclass has cached an inherited method, class_addMethod on the subclass and method_setImplementation on the superclass's Method are both seen by the next send",
              source: "objc4 objc-runtime-new.mm addMethod and method_setImplementation flush the method caches (flushCaches); objc4 test/cacheflush.m",
              divergences: [Divergence(
                changes: [.init(native: ["method_setImplementation(A.bar) done", "A.bar"],
                                apple: ["method_setImplementation(A.bar) done", "newBar"])],
                fact: "Every method-table change (method_setImplementation included) flushes the method caches, so a subclass that inherits the Method runs the new IMP on its next send. GCC's libobjc updates the dispatch table of the class that owns the Method but leaves a subclass that already dispatched it stale (class_addMethod on the subclass itself is seen).",
                source: "objc4 objc-runtime-new.mm (flushCaches on every method-table change); Apple, method_setImplementation documentation")]) { rt, out in
            let A = rt.cls("A")
            rt.addMethod(A, "foo") { _, _, _, _ in out.say("A.foo"); return .none }
            rt.addMethod(A, "bar") { _, _, _, _ in out.say("A.bar"); return .none }
            let B = rt.cls("B", A)
            let newFoo = rt.imp_implementationWithBlock("newFoo") { _, _, _, _ in out.say("newFoo on B"); return .none }
            let newBar = rt.imp_implementationWithBlock("newBar") { _, _, _, _ in out.say("newBar"); return .none }
            let b = try rt.new(B)
            try rt.send(b, "foo")
            try rt.send(b, "bar")
            out.say("class_addMethod(B, foo): \(yesno(rt.class_addMethod(B, rt.sel("foo"), newFoo, "v@:")))")
            try rt.send(b, "foo")
            rt.method_setImplementation(rt.class_getInstanceMethod(A, rt.sel("bar"))!, newBar)
            out.say("method_setImplementation(A.bar) done")
            try rt.send(b, "bar")
            try rt.objc_release(b)
        },
        Probe("p33_class_methods",
              rule: "class methods live on the metaclass: class_getInstanceMethod(cls) does not see them, class_getClassMethod and the metaclass do; they are inherited and are replaced on the metaclass, not the class",
              source: "Apple, class_getClassMethod and object_getClass documentation (a class method is an instance method of the metaclass); steipete/Aspects #20 (hooking a class method through the class finds no instance method)") { rt, out in
            let A = rt.cls("A")
            rt.addClassMethod(A, "classFoo") { rt, _, cmd, _ in out.say("+[A classFoo] _cmd=\(rt.sel_getName(cmd))"); return .none }
            let B = rt.cls("B", A)
            let newClassFoo = rt.imp_implementationWithBlock("newClassFoo") { rt, o, _, _ in
                out.say("newClassFoo on \(rt.classOfClassObject(o).map(rt.class_getName) ?? "?")"); return .none
            }
            let classFoo = rt.sel("classFoo")
            let meta = rt.object_getClass(rt.classObject(A))
            out.say("class_getInstanceMethod(A, classFoo): \(yesno(rt.class_getInstanceMethod(A, classFoo) != nil))")
            out.say("class_getClassMethod(A, classFoo): \(yesno(rt.class_getClassMethod(A, classFoo) != nil))")
            out.say("class_getInstanceMethod(metaclass of A, classFoo): \(yesno(rt.class_getInstanceMethod(meta, classFoo) != nil))")
            out.say("A responds to classFoo: \(yesno(try rt.send(rt.classObject(A), "respondsToSelector:", .sel(classFoo)).boolValue))")
            out.say("A instances respond to classFoo: \(yesno(try rt.send(rt.classObject(A), "instancesRespondToSelector:", .sel(classFoo)).boolValue))")
            try rt.send(rt.classObject(B), "classFoo")
            out.say("replace on A (the class): \(yesno(rt.class_replaceMethod(A, classFoo, newClassFoo, "v@:") != nil))")
            try rt.send(rt.classObject(B), "classFoo")
            out.say("replace on the metaclass of A")
            rt.class_replaceMethod(meta, classFoo, newClassFoo, "v@:")
            try rt.send(rt.classObject(B), "classFoo")
            try rt.send(rt.classObject(A), "classFoo")
        },
    ]
}
