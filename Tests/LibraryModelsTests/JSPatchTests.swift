import Testing
import ObjCModel
@testable import LibraryModels

@Suite("JSPatch")
struct JSPatchTests {
    @Test("overrideMethod: ORIG<sel>, JPForwardInvocation, the selector forwards; ORIG or not")
    func names() throws {
        let c = Classes()
        let jp = JSPatch(c.rt)
        jp.overrideMethod(c.viewController, "viewWillAppear:", body: .callsOrig)
        #expect(c.rt.class_ownsMethod(c.viewController, c.rt.sel("ORIGviewWillAppear:")))
        #expect(c.rt.method_getImplementation(c.rt.class_getInstanceMethod(c.viewController, c.rt.sel("viewWillAppear:"))!) == c.rt._objc_msgForward)
        #expect(c.rt.imp_getLabel(c.rt.class_getMethodImplementation(c.viewController, c.rt.s.forwardInvocation)) == "JPForwardInvocation")
        // The class inherited forwardInvocation:, so nothing is saved as ORIGforwardInvocation:.
        #expect(!c.rt.class_ownsMethod(c.viewController, c.rt.sel("ORIGforwardInvocation:")))
        #expect(try c.call(try c.make(c.viewController)) == ["jspatch", "body:ViewController"])

        let d = Classes()
        JSPatch(d.rt).overrideMethod(d.viewController, "viewWillAppear:", body: .replaces)
        #expect(try d.call(try d.make(d.viewController)) == ["jspatch"])
    }

    @Test("The IMP-equality guard: a second override does not re-wrap forwardInvocation:")
    func guardIMP() throws {
        let c = Classes()
        let jp = JSPatch(c.rt)
        jp.overrideMethod(c.viewController, "viewWillAppear:", body: .callsOrig)
        jp.overrideMethod(c.viewController, "viewWillAppear:", body: .callsOrig)
        // Had it re-wrapped, ORIGforwardInvocation: would hold JPForwardInvocation itself (#721's loop).
        #expect(!c.rt.class_ownsMethod(c.viewController, c.rt.sel("ORIGforwardInvocation:")))
        #expect(try c.call(try c.make(c.viewController)) == ["jspatch", "body:ViewController"])
        // A subclass inherits the handler and the JS function is found from the isa up.
        #expect(try c.call(try c.make(c.subViewController)) == ["body:SubViewController", "jspatch", "body:ViewController"])
    }

    @Test("Over a selector Aspects already forwards, ORIG<sel> is _objc_msgForward")
    func origIsForward() throws {
        let c = Classes()
        let a = Aspects(c.rt)
        _ = try a.aspect_hookSelector(c.rt.classObject(c.viewController), "viewWillAppear:", .before, label: "aspects:before")
        JSPatch(c.rt).overrideMethod(c.viewController, "viewWillAppear:", body: .callsOrig)
        let orig = c.rt.class_getInstanceMethod(c.viewController, c.rt.sel("ORIGviewWillAppear:"))!
        #expect(c.rt.method_getImplementation(orig) == c.rt._objc_msgForward)
        // The class owned Aspects' handler, so JSPatch saved it; ORIGviewWillAppear: reaches Aspects, which has no alias.
        #expect(c.rt.class_ownsMethod(c.viewController, c.rt.sel("ORIGforwardInvocation:")))
        #expect(throws: Fault.self) { try c.call(try c.make(c.viewController)) }
    }

    @Test("Unknown selectors go to the superclass's current forwardInvocation: (JPExecuteORIGForwardInvocation)")
    func fallback() throws {
        let c = Classes()
        JSPatch(c.rt).overrideMethod(c.subViewController, "viewWillAppear:", body: .callsOrig)
        // Installed after JSPatch: the superclass's handler, fetched at call time.
        c.rt.addMethod(c.viewController, "forwardInvocation:", types: "v@:@") { rt, _, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            HookJournal.record(rt, "handler:\(rt.sel_getName(inv.selector))")
            return .none
        }
        c.rt.addMethod(c.subViewController, "methodSignatureForSelector:", types: "@@::") { _, _, _, _ in .string("v@:") }
        c.rt.class_replaceMethod(c.subViewController, c.rt.sel("extra"), c.rt._objc_msgForward, "v@:")
        #expect(try c.call(try c.make(c.subViewController), "extra") == ["handler:extra"])
    }
}
