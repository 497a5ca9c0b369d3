import Testing
import ObjCModel
@testable import LibraryModels

@Suite("ReactiveCocoa rac_signalForSelector: and KVO")
struct ReactiveCocoaTests {
    @Test("A plain object gets <Class>_RACSelectorSignal; the original runs, then the subject")
    func subclass() throws {
        let c = Classes()
        let rac = ReactiveCocoa(c.rt)
        let vc = try c.make(c.viewController)
        #expect(try rac.rac_signalForSelector(vc, "viewWillAppear:"))
        #expect(c.rt.class_getName(c.rt.object_getClass(vc)) == "ViewController_RACSelectorSignal")
        #expect(try c.call(vc) == ["body:ViewController", "rac"])
    }

    @Test("The predecessor forwardInvocation: is captured when RAC installs; a matched subject short-circuits it")
    func predecessor() throws {
        let c = Classes()
        let vc = try c.make(c.viewController)
        _ = try Aspects(c.rt).aspect_hookSelector(c.rt.classObject(c.viewController), "viewWillAppear:", .before, label: "aspects:before")
        try ReactiveCocoa(c.rt).rac_signalForSelector(vc, "viewWillAppear:")
        // The method already forwarded: no rac_alias_, and the subject answers, so Aspects never runs.
        #expect(!c.rt.class_respondsToSelector(c.rt.object_getClass(vc), c.rt.sel("rac_alias_viewWillAppear:")))
        #expect(try c.call(vc) == ["rac"])
    }

    @Test("KVO restores the isa when the last observer goes, dropping a hook installed in place on its class")
    func kvoRestore() throws {
        let c = Classes()
        let observer = try c.rt.makeObject(c.rt.NSObjectClass, autorelease: false)
        let vc = try c.make(c.viewController)
        try c.rt.send(vc, "addObserver:forKeyPath:options:context:", .object(observer), .string("title"), .int(0), .none)
        #expect(c.rt.class_getName(c.rt.object_getClass(vc)) == "NSKVONotifying_ViewController")
        let a = Aspects(c.rt)
        _ = try a.aspect_hookSelector(vc, "viewWillAppear:", .before, label: "aspects:before")
        // -class lies, so Aspects swizzles the KVO class in place (Aspects.m:364-366).
        #expect(c.rt.class_getName(c.rt.object_getClass(vc)) == "NSKVONotifying_ViewController")
        #expect(try c.call(vc) == ["aspects:before", "body:ViewController"])
        try c.rt.send(vc, "removeObserver:forKeyPath:", .object(observer), .string("title"))
        #expect(c.rt.object_getClass(vc) == c.viewController)
        #expect(try c.call(vc) == ["body:ViewController"])
    }
}
