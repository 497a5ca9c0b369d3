import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

/// Sensors Data 4.x alone (imyaop guide §4.2): the shared subclass and its -class lie, counting only for the current
/// delegate, KVO classes hooked in place and re-hooked after KVO restores the isa, the respondsToSelector: swizzle.
@Suite("Sensors Data")
struct SensorsDataTests {
    static let select = "tableView:didSelectRowAtIndexPath:"
    static let willDisplay = "tableView:willDisplayCell:forRowAtIndexPath:"

    func scene() -> Scene {
        let s = Scene(.tableView(.ios9))
        SensorsData.load(into: s.rt)
        return s
    }

    func className(_ s: Scene, _ o: ObjectID) -> String { s.rt.class_getName(s.rt.object_getClass(o)) }
    func statedName(_ s: Scene, _ o: ObjectID) throws -> String {
        s.rt.class_getName(s.rt.classOfClassObject(try s.rt.send(o, "class").object!)!)
    }

    @Test("setDelegate: isa-swizzles the delegate into a shared AppDelegate_CN.SENSORSDATA whose -class lies")
    func subclass() throws {
        let s = scene()
        let table = try s.makeHost(), app = try s.app(), app2 = try s.app()
        try s.rt.send(table, "setDelegate:", .object(app))
        #expect(className(s, app) == "AppDelegate_CN.SENSORSDATA")
        #expect(try statedName(s, app) == "AppDelegate")
        #expect(s.rawDelegate(table) == app)   // the delegate object itself stays in the slot
        // A second instance of the class gets the same subclass.
        let table2 = try s.makeHost()
        try s.rt.send(table2, "setDelegate:", .object(app2))
        #expect(s.rt.object_getClass(app2) == s.rt.object_getClass(app))
        #expect(s.rt.allClasses.filter { s.rt.class_getName($0).hasSuffix(SensorsData.classSuffix) }.count == 1)
    }

    @Test("A click is counted once when the target is the view's current delegate, and the original always runs")
    func countsOnlyCurrentDelegate() throws {
        let s = scene()
        let table = try s.makeHost(), other = try s.makeHost(), app = try s.app(), app2 = try s.app()
        try s.rt.send(table, "setDelegate:", .object(app))
        try s.rt.send(other, "setDelegate:", .object(app2))
        try s.fire(Self.select, on: table)
        #expect(s.observed(SensorsData.observer) == [Self.select])
        #expect(s.received(app) == [Self.select])
        // Forwarded to app by something else, for a view whose delegate is app2: not counted, still delivered.
        try s.rt.send(app, Self.select, .object(other), .string(UIKit.indexPath(row: 0)))
        #expect(s.observed(SensorsData.observer) == [Self.select])
        #expect(s.received(app) == [Self.select, Self.select])
    }

    @Test("A KVO'd delegate: hooked in place on its KVO class; when KVO restores the isa, Sensors hooks it again")
    func kvoBeforeSensors() throws {
        let s = scene()
        let rt = s.rt
        let table = try s.makeHost(), app = try s.app()
        let observer = try DelegateKVO.makeObserver(in: rt)
        try DelegateKVO.observe(app, DelegateKVO.delegateKeyPath, by: observer, in: rt)
        try rt.send(table, "setDelegate:", .object(app))
        let kvo = rt.object_getClass(app)
        #expect(rt.class_getName(kvo) == "NSKVONotifying_AppDelegate")
        #expect(rt.class_ownsMethod(kvo, rt.sel(Self.select)) && rt.class_ownsMethod(kvo, rt.s.removeObserver))
        try s.fire(Self.select, on: table)
        #expect(s.observed(SensorsData.observer) == [Self.select])
        #expect(s.received(app) == [Self.select])   // journaled as NSKVONotifying_AppDelegate#n
        // The last observer goes: KVO restores AppDelegate, and Sensors' removeObserver: re-hooks the delegate.
        try DelegateKVO.unobserve(app, DelegateKVO.delegateKeyPath, by: observer, in: rt)
        #expect(className(s, app) == "AppDelegate_CN.SENSORSDATA")
        #expect(try statedName(s, app) == "AppDelegate")
        try s.fire(Self.select, on: table)
        #expect(s.observed(SensorsData.observer) == [Self.select, Self.select])
        #expect(s.received(app) == [Self.select])   // journaled as AppDelegate_CN.SENSORSDATA#n
    }

    @Test("KVO after Sensors: the -class lie moves onto the KVO class; removal keyed by it then raises (predicted)")
    func kvoAfterSensors() throws {
        let s = scene()
        let rt = s.rt
        let table = try s.makeHost(), app = try s.app()
        try rt.send(table, "setDelegate:", .object(app))
        let observer = try DelegateKVO.makeObserver(in: rt)
        try DelegateKVO.observe(app, DelegateKVO.delegateKeyPath, by: observer, in: rt)
        #expect(className(s, app) == "NSKVONotifying_AppDelegate_CN.SENSORSDATA")
        #expect(try statedName(s, app) == "AppDelegate")
        try rt.send(app, "setTitle:", .string("t"))
        #expect(s.observed(DelegateKVO.observer) == [DelegateKVO.event(DelegateKVO.delegateKeyPath)])
        do {
            try DelegateKVO.unobserve(app, DelegateKVO.delegateKeyPath, by: observer, in: rt)
            Issue.record("expected NSRangeException")
        } catch let fault as Fault {
            guard case .exception(let name, _) = fault.kind else { Issue.record("\(fault)"); return }
            #expect(name == "NSRangeException")
        }
        #expect(rt.inferencesUsed.contains(Runtime.kvoRemovalKeyedByStatedClass))
    }

    @Test("The global respondsToSelector: swizzle answers YES for the exposure selectors; the hooks pass them on")
    func respondsToSelector() throws {
        let s = scene()
        let rt = s.rt
        let bare = rt.defineClass("BareDelegate", superclass: rt.NSObjectClass)
        let d = try rt.makeObject(bare, autorelease: false)
        #expect(try rt.send(d, "respondsToSelector:", .sel(rt.sel(Self.willDisplay))) == .bool(false))
        let table = try s.makeHost()
        try rt.send(table, "setDelegate:", .object(d))
        #expect(try rt.send(d, "respondsToSelector:", .sel(rt.sel(Self.willDisplay))) == .bool(true))
        #expect(UIKit.cachedResponds(rt, table, "delegate", Self.willDisplay))
        // The exposure hook is on the subclass; the stated class lacks the method, so nothing else runs and nothing crashes.
        try s.fire(Self.willDisplay, on: table)
        #expect(rt.inferencesUsed.contains(SensorsData.exposureInference))
        // The app's delegate implements it, so the hook passes it on.
        let app = try s.app()
        try rt.send(table, "setDelegate:", .object(app))
        try s.fire(Self.willDisplay, on: table)
        #expect(s.received(app) == [Self.willDisplay])
    }
}
