import Testing
@testable import ObjCModel

@Suite("Method tables: add, replace, exchange, set")
struct MethodTableTests {
    @Test("class_replaceMethod on an inherited method returns nil and adds an override")
    func replaceInherited() throws {
        let f = Fixture()
        let imp = f.loggingIMP("hook")
        let previous = f.rt.class_replaceMethod(f.sub, f.rt.sel("foo"), imp, "v@:")
        #expect(previous == nil)
        #expect(f.rt.class_ownsMethod(f.sub, f.rt.sel("foo")))
        try f.rt.send(f.new(f.sub), "foo")
        try f.rt.send(f.new(f.base), "foo")
        #expect(f.log.lines == ["hook(foo)", "Base.foo(foo)"])
    }

    @Test("class_replaceMethod on an owned method returns the old IMP")
    func replaceOwned() throws {
        let f = Fixture()
        let old = f.rt.method_getImplementation(f.rt.class_getInstanceMethod(f.sub, f.rt.sel("bar"))!)
        let previous = f.rt.class_replaceMethod(f.sub, f.rt.sel("bar"), f.loggingIMP("hook"), "v@:")
        #expect(previous == old)
        #expect(f.rt.imp_getLabel(previous!) == "-[Sub bar]")
    }

    @Test("class_addMethod fails if the class owns the method, succeeds over an inherited one")
    func addMethod() {
        let f = Fixture()
        #expect(f.rt.class_addMethod(f.sub, f.rt.sel("bar"), f.loggingIMP("x"), "v@:") == false)
        #expect(f.rt.class_addMethod(f.sub, f.rt.sel("foo"), f.loggingIMP("y"), "v@:") == true)
        #expect(f.rt.imp_getLabel(f.rt.class_getMethodImplementation(f.sub, f.rt.sel("foo"))) == "y")
    }

    @Test("an exchanged IMP sees the selector it was reached through")
    func exchangeCmd() throws {
        let f = Fixture()
        f.rt.class_addMethod(f.base, f.rt.sel("xxx_foo"), f.loggingIMP("swizzled"), "v@:")
        f.rt.method_exchangeImplementations(f.rt.class_getInstanceMethod(f.base, f.rt.sel("foo"))!,
                                            f.rt.class_getInstanceMethod(f.base, f.rt.sel("xxx_foo"))!)
        let o = f.new(f.base)
        try f.rt.send(o, "foo")
        try f.rt.send(o, "xxx_foo")
        #expect(f.log.lines == ["swizzled(foo)", "Base.foo(xxx_foo)"])
    }

    @Test("exchanging twice restores the original")
    func exchangeTwice() throws {
        let f = Fixture()
        f.rt.class_addMethod(f.base, f.rt.sel("xxx_foo"), f.loggingIMP("swizzled"), "v@:")
        let m1 = f.rt.class_getInstanceMethod(f.base, f.rt.sel("foo"))!
        let m2 = f.rt.class_getInstanceMethod(f.base, f.rt.sel("xxx_foo"))!
        f.rt.method_exchangeImplementations(m1, m2)
        f.rt.method_exchangeImplementations(m1, m2)
        try f.rt.send(f.new(f.base), "foo")
        #expect(f.log.lines == ["Base.foo(foo)"])
    }

    @Test("exchanging an inherited method without class_addMethod changes the superclass for all its instances")
    func exchangeInheritedWithoutAdd() throws {
        let f = Fixture()
        // The swizzle targets Sub, but -foo lives on Base: class_getInstanceMethod returns Base's entry.
        f.rt.class_addMethod(f.sub, f.rt.sel("xxx_foo"), f.loggingIMP("swizzled"), "v@:")
        let original = f.rt.class_getInstanceMethod(f.sub, f.rt.sel("foo"))!
        #expect(original.cls == f.base)
        f.rt.method_exchangeImplementations(original, f.rt.class_getInstanceMethod(f.sub, f.rt.sel("xxx_foo"))!)
        try f.rt.send(f.new(f.base), "foo")
        #expect(f.log.lines == ["swizzled(foo)"])
        // The swizzled body's call to xxx_foo does not exist on Base: an unrecognized selector.
        let baseObject = f.new(f.base)
        #expect(throws: Fault.self) { try f.rt.send(baseObject, "xxx_foo") }
        do { try f.rt.send(baseObject, "xxx_foo") } catch let fault as Fault {
            #expect(fault.kind == .unrecognizedSelector(className: "Base", selector: "xxx_foo", object: "Base#2"))
        }
    }

    @Test("method_setImplementation returns the old IMP and affects the owning class")
    func setImplementation() throws {
        let f = Fixture()
        let m = f.rt.class_getInstanceMethod(f.base, f.rt.sel("foo"))!
        let old = f.rt.method_setImplementation(m, f.loggingIMP("new"))
        #expect(f.rt.imp_getLabel(old) == "-[Base foo]")
        try f.rt.send(f.new(f.sub), "foo")
        #expect(f.log.lines == ["new(foo)"])
    }

    @Test("class_getMethodImplementation returns _objc_msgForward for an unknown selector")
    func methodImplementationUnknown() {
        let f = Fixture()
        #expect(f.rt.class_getMethodImplementation(f.base, f.rt.sel("nope")) == f.rt._objc_msgForward)
    }

    @Test("the method cache is flushed when a method table changes")
    func cacheFlush() throws {
        let f = Fixture()
        let o = f.new(f.sub)
        try f.rt.send(o, "foo")   // fills Sub's cache with Base's -foo
        f.rt.class_addMethod(f.sub, f.rt.sel("foo"), f.loggingIMP("sub-foo"), "v@:")
        try f.rt.send(o, "foo")
        #expect(f.log.lines == ["Base.foo(foo)", "sub-foo(foo)"])
    }

    @Test("objc_allocateClassPair refuses a taken name; a dynamic subclass inherits")
    func dynamicSubclass() throws {
        let f = Fixture()
        #expect(f.rt.objc_allocateClassPair(f.rt.NSObjectClass, "Base") == nil)
        let dyn = try #require(f.rt.objc_allocateClassPair(f.sub, "Sub_Dynamic"))
        #expect(f.rt.objc_getClass("Sub_Dynamic") == nil)
        f.rt.objc_registerClassPair(dyn)
        #expect(f.rt.objc_getClass("Sub_Dynamic") == dyn)
        let o = f.new(f.sub)
        f.rt.object_setClass(o, dyn)
        try f.rt.send(o, "bar")
        #expect(f.log.lines == ["Sub.bar(bar)"])
        #expect(f.rt.class_getSuperclass(f.rt.objc_getMetaClass(dyn)) == f.rt.objc_getMetaClass(f.sub))
    }

    @Test("class methods live on the metaclass")
    func classMethods() throws {
        let f = Fixture()
        f.rt.addClassMethod(f.base, "make") { _, _, _, _ in .int(7) }
        #expect(try f.rt.send(f.rt.classObject(f.sub), "make") == .int(7))
        #expect(f.rt.class_getInstanceMethod(f.base, f.rt.sel("make")) == nil)
        #expect(f.rt.class_getClassMethod(f.sub, f.rt.sel("make")) != nil)
    }
}
