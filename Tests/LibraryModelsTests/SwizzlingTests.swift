import Testing
import ObjCModel
@testable import LibraryModels

@Suite("Exchange and IMP swizzles")
struct SwizzlingTests {
    @Test("NSHipster exchange: the hook runs, then the original under the helper selector")
    func exchange() throws {
        let c = Classes()
        var cmds: [String] = []
        c.rt.addMethod(c.viewController, "viewWillAppear:", types: "v@:c") { rt, _, cmd, _ in
            cmds.append(rt.sel_getName(cmd))
            HookJournal.record(rt, "body:ViewController")
            return .none
        }
        #expect(Swizzling.installExchangeHook(c.rt, c.viewController, "viewWillAppear:", label: "swizzle:exchange"))
        #expect(try c.call(try c.make(c.viewController)) == ["swizzle:exchange", "body:ViewController"])
        #expect(cmds == ["xxx_viewWillAppear:"])   // the _cmd problem (guide §0.4)
    }

    @Test("Swizzling twice undoes it (exchange is an involution)")
    func twice() throws {
        let c = Classes()
        Swizzling.installExchangeHook(c.rt, c.viewController, "viewWillAppear:", label: "swizzle:exchange")
        Swizzling.installExchangeHook(c.rt, c.viewController, "viewWillAppear:", label: "swizzle:exchange")
        #expect(try c.call(try c.make(c.viewController)) == ["body:ViewController"])
        Swizzling.installExchangeHook(c.rt, c.viewController, "viewWillAppear:", label: "swizzle:exchange")
        #expect(try c.call(try c.make(c.viewController)) == ["swizzle:exchange", "body:ViewController"])
    }

    @Test("The inherited-method pitfall: without class_addMethod the superclass's entry is swapped")
    func inherited() throws {
        let c = Classes()
        Swizzling.installExchangeHook(c.rt, c.inheriting, "viewWillAppear:", label: "swizzle:exchange", addFirst: false)
        #expect(try c.call(try c.make(c.inheriting)) == ["swizzle:exchange", "body:UIViewController"])
        // A plain UIViewController now runs the hook, whose [self xxx_viewWillAppear:] it does not have.
        let base = try c.make(c.uiViewController)
        #expect {
            try c.call(base)
        } throws: { error in
            guard let f = error as? Fault, case let .unrecognizedSelector(_, sel, _) = f.kind else { return false }
            return sel == "xxx_viewWillAppear:"
        }
        // The NSHipster pattern adds the method to the subclass first and leaves the superclass alone.
        let d = Classes()
        Swizzling.installExchangeHook(d.rt, d.inheriting, "viewWillAppear:", label: "swizzle:exchange")
        #expect(try d.call(try d.make(d.uiViewController)) == ["body:UIViewController"])
        #expect(try d.call(try d.make(d.inheriting)) == ["swizzle:exchange", "body:UIViewController"])
    }

    @Test("RSSwizzle: the original keeps its _cmd; an inherited method's super IMP is looked up at call time")
    func rsswizzle() throws {
        let c = Classes()
        #expect(RSSwizzle.swizzleInstanceMethod(c.rt, c.inheriting, "viewWillAppear:", label: "swizzle:imp"))
        #expect(try c.call(try c.make(c.inheriting)) == ["swizzle:imp", "body:UIViewController"])
        // The superclass is swizzled later: the subclass's hook sees it (ReactiveCocoa PR #774's lesson).
        Swizzling.installExchangeHook(c.rt, c.uiViewController, "viewWillAppear:", label: "later")
        #expect(try c.call(try c.make(c.inheriting)) == ["swizzle:imp", "later", "body:UIViewController"])
        // Over a forwarded method it calls _objc_msgForward with the real selector, so Aspects still works.
        let d = Classes()
        _ = try Aspects(d.rt).aspect_hookSelector(d.rt.classObject(d.viewController), "viewWillAppear:", .before, label: "aspects:before")
        RSSwizzle.swizzleInstanceMethod(d.rt, d.viewController, "viewWillAppear:", label: "swizzle:imp")
        #expect(try d.call(try d.make(d.viewController)) == ["swizzle:imp", "aspects:before", "body:ViewController"])
    }
}
