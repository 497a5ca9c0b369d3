import Testing
@testable import ObjCModel

@Suite("Ivars: class_copyIvarList and object_getIvar with an Ivar")
struct IvarTests {
    @Test("class_copyIvarList lists what the class itself declares, not its superclass's; object_getIvar reads an inherited ivar")
    func ownIvarsOnly() throws {
        let f = Fixture()
        f.rt.class_addIvar(f.base, "name", types: "@\"NSString\"")
        f.rt.class_addIvar(f.sub, "count", types: "q")
        #expect(!f.rt.class_addIvar(f.sub, "count", types: "q"))
        #expect(f.rt.class_copyIvarList(f.sub).map(\.name) == ["count"])
        #expect(f.rt.class_copyIvarList(f.base).map(\.isObject) == [true])
        let o = f.new(f.sub)
        let text = f.new(f.base)
        try f.rt.object_setIvar(o, "name", .object(text), .strong)
        #expect(try f.rt.object_getIvar(o, f.rt.class_copyIvarList(f.base)[0]) == .object(text))
    }

    @Test("An ivar of another class, looked up in an object whose class has ivars, faults in _class_lookUpIvar at 0x20")
    func foreignIvarFaults() throws {
        let f = Fixture(.release)
        let proxyClass = f.rt.defineClass("WeakProxy", superclass: f.rt.NSProxyClass)
        f.rt.class_addIvar(proxyClass, "target", types: "@")
        f.rt.class_addIvar(f.base, "title", types: "@")
        let proxy = f.rt.class_createInstance(proxyClass)
        let foreign = f.rt.class_copyIvarList(f.base)[0]
        do { _ = try f.rt.object_getIvar(proxy, foreign); Issue.record("expected a fault") }
        catch let fault as Fault {
            guard case let .badAccess(function, address, reason) = fault.kind else { Issue.record("\(fault)"); return }
            #expect(function == "_class_lookUpIvar" && address == "0x20" && reason.contains("title of Base"), "\(fault)")
        }
        // A class with no ivars of its own has no memory at that offset: still a bad access, elsewhere.
        let bare = f.rt.class_createInstance(f.rt.defineClass("Bare", superclass: f.rt.NSObjectClass))
        do { _ = try f.rt.object_getIvar(bare, foreign); Issue.record("expected a fault") }
        catch let fault as Fault {
            guard case let .badAccess(function, _, _) = fault.kind else { Issue.record("\(fault)"); return }
            #expect(function == "object_getIvar")
        }
        // The proxy's own ivar reads as stored.
        #expect(try f.rt.object_getIvar(proxy, f.rt.class_copyIvarList(proxyClass)[0]) == .none)
    }

    @Test("A forwarding ivar the model declares is an object ivar of its class")
    func forwardingIvarIsDeclared() {
        let f = Fixture()
        f.rt.class_declareForwardingIvar(f.sub, "next")
        #expect(f.rt.class_copyIvarList(f.sub) == [Ivar(cls: f.sub, name: "next", types: "@")])
    }
}
