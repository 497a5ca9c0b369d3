import Testing
import ObjCModel
@testable import LibraryModels

@Suite("XAspect")
struct XAspectTests {
    @Test("The chain: the last woven runs first, each forwarding to the previous head, the original once")
    func chain() throws {
        let c = Classes()
        let x = XAspect(c.rt)
        for name in ["A", "B", "C"] { x.registerPatch(name, c.viewController, "viewWillAppear:") }
        x.weave()
        #expect(try c.call(try c.make(c.viewController)) == ["xaspect:C", "xaspect:B", "xaspect:A", "body:ViewController"])
    }

    @Test("Superclasses are crystallized first, whatever the registration order")
    func superclassFirst() throws {
        let c = Classes()
        let x = XAspect(c.rt)
        x.registerPatch("Sub", c.subViewController, "viewWillAppear:")
        x.registerPatch("Base", c.uiViewController, "viewWillAppear:")
        x.registerPatch("Mid", c.viewController, "viewWillAppear:")
        x.weave()
        #expect(try c.call(try c.make(c.subViewController)) == ["xaspect:Sub", "body:SubViewController", "xaspect:Mid", "body:ViewController"])
        #expect(try c.call(try c.make(c.uiViewController)) == ["xaspect:Base", "body:UIViewController"])
    }

    @Test("A duplicate patch is skipped with a warning; a non-forwarding patch cuts the chain below it")
    func duplicateAndCut() throws {
        let c = Classes()
        let x = XAspect(c.rt)
        #expect(x.registerPatch("A", c.viewController, "viewWillAppear:")?.replacesOriginal == false)
        // The weaver will skip it, so registering says so: it becomes no hook.
        #expect(x.registerPatch("A", c.viewController, "viewWillAppear:") == nil)
        #expect(x.registerPatch("B", c.viewController, "viewWillAppear:", forwards: false)?.replacesOriginal == true)
        x.registerPatch("C", c.viewController, "viewWillAppear:")
        x.weave()
        #expect(x.warnings.count == 1)
        #expect(try c.call(try c.make(c.viewController)) == ["xaspect:C", "xaspect:B"])
    }

    @Test("A method only inherited gets a SuperCaller nucleus, which calls super at call time")
    func nucleus() throws {
        let c = Classes()
        let x = XAspect(c.rt)
        x.registerPatch("A", c.inheriting, "viewWillAppear:")
        x.weave()
        #expect(try c.call(try c.make(c.inheriting)) == ["xaspect:A", "body:UIViewController"])
        #expect(try c.call(try c.make(c.uiViewController)) == ["body:UIViewController"])
    }
}
