import Testing
import ObjCModel
@testable import LibraryModels

@Suite("Aspects")
struct AspectsTests {
    func hook(_ a: Aspects, _ target: ObjectID, _ sel: String, _ p: Aspects.Position, _ label: String? = nil) throws -> Aspects.AspectError? {
        if case .failure(let e) = try a.aspect_hookSelector(target, sel, p, label: label ?? "aspects:\(p.rawValue)") { return e }
        return nil
    }

    @Test("An instance hook isa-swizzles into <Class>_Aspects_ whose -class lies; before, original, after")
    func instanceHook() throws {
        let c = Classes()
        let a = Aspects(c.rt)
        let vc = try c.make(c.viewController)
        #expect(try hook(a, vc, "viewWillAppear:", .before) == nil)
        #expect(try hook(a, vc, "viewWillAppear:", .after) == nil)
        #expect(c.rt.class_getName(c.rt.object_getClass(vc)) == "ViewController_Aspects_")
        #expect(try c.rt.send(vc, "class") == .object(c.rt.classObject(c.viewController)))
        #expect(try c.call(vc) == ["aspects:before", "body:ViewController", "aspects:after"])
        // Other instances are untouched.
        #expect(try c.call(try c.make(c.viewController)) == ["body:ViewController"])
    }

    @Test("Class hooks run before object hooks; instead replaces the original")
    func dispatchOrder() throws {
        let c = Classes()
        let a = Aspects(c.rt)
        let vc = try c.make(c.viewController)
        #expect(try hook(a, c.rt.classObject(c.viewController), "viewWillAppear:", .before, "class:before") == nil)
        #expect(try hook(a, vc, "viewWillAppear:", .before, "object:before") == nil)
        #expect(try hook(a, vc, "viewWillAppear:", .instead, "object:instead") == nil)
        #expect(try hook(a, c.rt.classObject(c.viewController), "viewWillAppear:", .after, "class:after") == nil)
        #expect(try c.call(vc) == ["class:before", "object:before", "object:instead", "class:after"])
    }

    @Test("Aspects' own errors: the blacklist, dealloc only before, an unknown selector")
    func errors() throws {
        let c = Classes()
        let a = Aspects(c.rt)
        let vc = try c.make(c.viewController)
        #expect(try hook(a, vc, "retain", .before)?.code == .AspectErrorSelectorBlacklisted)
        #expect(try hook(a, vc, "forwardInvocation:", .before)?.code == .AspectErrorSelectorBlacklisted)
        #expect(try hook(a, vc, "dealloc", .after)?.code == .AspectErrorSelectorDeallocPosition)
        #expect(try hook(a, vc, "dealloc", .before) == nil)
        #expect(try hook(a, vc, "noSuchMethod", .before)?.code == .AspectErrorDoesNotRespondToSelector)
        #expect(c.refusals.count == 4)
    }

    @Test("The class-hierarchy tracker: once per hierarchy for class hooks, re-hooking the same class allowed")
    func hierarchy() throws {
        let c = Classes()
        let a = Aspects(c.rt)
        let vcClass = c.rt.classObject(c.viewController), subClass = c.rt.classObject(c.subViewController)
        #expect(try hook(a, vcClass, "viewWillAppear:", .before) == nil)
        #expect(try hook(a, vcClass, "viewWillAppear:", .after) == nil)   // "Already modified and topmost!"
        let sub = try hook(a, subClass, "viewWillAppear:", .before)
        #expect(sub?.code == .AspectErrorSelectorAlreadyHookedInClassHierarchy)
        #expect(sub?.localizedDescription.contains("already hooked in ViewController") == true)
        // A sibling is allowed (PR #44); the superclass is not (a subclass hooks it).
        #expect(try hook(a, c.rt.classObject(c.inheriting), "viewWillAppear:", .before) == nil)
        #expect(try hook(a, c.rt.classObject(c.uiViewController), "viewWillAppear:", .before)?.code
                == .AspectErrorSelectorAlreadyHookedInClassHierarchy)
        // Instance hooks are not tracked.
        #expect(try hook(a, try c.make(c.subViewController), "viewWillAppear:", .before) == nil)
    }

    @Test("Incident 5: a class method hooked through the class is refused with Aspects' own message in debug and release; the metaclass works")
    func classMethod() throws {
        for config in [BuildConfiguration.debug, .release] {
            let c = Classes(config)
            let a = Aspects(c.rt)
            let cls = c.rt.classObject(c.viewController)
            // aspect_isCompatibleBlockSignature: no instance method classMethod, so no signature; AspectError, no assert.
            let error = try hook(a, cls, "classMethod", .before)
            #expect(error?.code == .AspectErrorIncompatibleBlockSignature)
            #expect(error?.localizedDescription == "Block signature <NSMethodSignature: v@?@> doesn't match (null).")
            #expect(c.rt.journal.contains { $0.observer == "Aspects" && $0.event == HookJournal.refused })
            // Nothing was installed: the class method runs unhooked and no instance-side forward appeared.
            #expect(try c.call(cls, "classMethod") == ["body:+ViewController"])
            #expect(c.rt.class_getInstanceMethod(c.viewController, c.rt.sel("classMethod")) == nil)
            #expect(c.rt.factsNoted.contains { $0.source.contains("Aspects #20") && !$0.isInference })
        }

        let meta = Classes()
        let m = Aspects(meta.rt)
        let metaObject = meta.rt.classObject(meta.rt.objc_getMetaClass(meta.viewController))
        #expect(try hook(m, metaObject, "classMethod", .before) == nil)
        #expect(try meta.call(meta.rt.classObject(meta.viewController), "classMethod") == ["aspects:before", "body:+ViewController"])
    }

    @Test("The previous forwardInvocation: is kept only if the class owned it; the fallback runs after the after-blocks")
    func fallback() throws {
        let c = Classes()
        // The class owns a forwardInvocation: that handles `extra`, which the class does not implement.
        c.rt.addMethod(c.viewController, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            HookJournal.record(rt, "handler:\(rt.sel_getName(inv.selector))")
            return .none
        }
        c.rt.addMethod(c.viewController, "methodSignatureForSelector:", types: "@@::") { _, _, _, _ in .string("v@:") }
        c.rt.class_replaceMethod(c.viewController, c.rt.sel("extra"), c.rt._objc_msgForward, "v@:")
        let a = Aspects(c.rt)
        #expect(try hook(a, c.rt.classObject(c.viewController), "extra", .after) == nil)
        #expect(c.rt.class_ownsMethod(c.viewController, c.rt.sel("__aspects_forwardInvocation:")))
        let vc = try c.make(c.viewController)
        #expect(try c.call(vc, "extra") == ["aspects:after", "handler:extra"])
    }

    @Test("Removing the last hook restores the isa; removing a class hook resets forwardInvocation: (#31)")
    func remove() throws {
        let c = Classes()
        let a = Aspects(c.rt)
        let vc = try c.make(c.viewController)
        guard case .success(let token) = try a.aspect_hookSelector(vc, "viewWillAppear:", .before, label: "x") else { Issue.record("hook"); return }
        #expect(try a.remove(token))
        #expect(c.rt.object_getClass(vc) == c.viewController)

        let cls = c.rt.classObject(c.subViewController)
        c.rt.addMethod(c.subViewController, "other", types: "v@:") { rt, _, _, _ in HookJournal.record(rt, "body:other"); return .none }
        guard case .success(let t1) = try a.aspect_hookSelector(cls, "viewWillAppear:", .before, label: "a"),
              case .success = try a.aspect_hookSelector(cls, "other", .before, label: "b") else { Issue.record("hooks"); return }
        try a.remove(t1)
        // `other` still forwards, but forwardInvocation: is NSObject's again: unrecognized selector.
        let sub = try c.make(c.subViewController)
        #expect(throws: Fault.self) { try c.call(sub, "other") }
    }
}
