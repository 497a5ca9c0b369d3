import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

/// KVO on a delegate host (imyaop guide §2): the observer of contentOffset, the isa swap and -class lie, the restore.
@Suite("KVO on delegate hosts")
struct DelegateKVOTests {
    @Test("Observing contentOffset isa-swizzles the host; scrolling notifies the observer and the delegate once each",
          arguments: [HostKind.scrollView(.ios9), .tableView(.ios9), .collectionView(.ios8)])
    func observeHost(kind: HostKind) throws {
        let s = Scene(kind)
        let rt = s.rt
        let host = try s.makeHost(), app = try s.app()
        let observer = try DelegateKVO.makeObserver(in: rt)
        try DelegateKVO.observe(host, DelegateKVO.hostKeyPath, by: observer, in: rt)
        #expect(rt.class_getName(rt.object_getClass(host)) == "NSKVONotifying_\(kind.className)")
        #expect(rt.classOfClassObject(try rt.send(host, "class").object!) == rt.objc_getClass(kind.className))
        // setDelegate: still reaches the host's own setter through the KVO class.
        try rt.send(host, "setDelegate:", .object(app))
        try s.fire("scrollViewDidScroll:", on: host)
        #expect(s.observed(DelegateKVO.observer) == [DelegateKVO.event(DelegateKVO.hostKeyPath)])
        #expect(s.received(app) == ["scrollViewDidScroll:"])
        // The last observer removed: the isa is restored.
        try DelegateKVO.unobserve(host, DelegateKVO.hostKeyPath, by: observer, in: rt)
        #expect(rt.class_getName(rt.object_getClass(host)) == kind.className)
        try s.fire("scrollViewDidScroll:", on: host)
        #expect(s.observed(DelegateKVO.observer).count == 1)
    }

    @Test("Removing an observer that is not registered raises NSRangeException")
    func unregistered() throws {
        let s = Scene(.tableView(.ios9))
        let host = try s.makeHost()
        let observer = try DelegateKVO.makeObserver(in: s.rt)
        #expect(throws: Fault.self) { try DelegateKVO.unobserve(host, DelegateKVO.hostKeyPath, by: observer, in: s.rt) }
    }

    @Test("Observing the app delegate's title: the setter notifies, -class lies, removal restores AppDelegate")
    func observeDelegate() throws {
        let s = Scene(.tableView(.ios9))
        let rt = s.rt
        let app = try s.app()
        let observer = try DelegateKVO.makeObserver(in: rt)
        try DelegateKVO.observe(app, DelegateKVO.delegateKeyPath, by: observer, in: rt)
        #expect(rt.class_getName(rt.object_getClass(app)) == "NSKVONotifying_AppDelegate")
        try rt.send(app, "setTitle:", .string("Feed"))
        #expect(try rt.send(app, "title") == .string("Feed"))
        #expect(s.observed(DelegateKVO.observer) == [DelegateKVO.event(DelegateKVO.delegateKeyPath)])
        try DelegateKVO.unobserve(app, DelegateKVO.delegateKeyPath, by: observer, in: rt)
        #expect(rt.class_getName(rt.object_getClass(app)) == "AppDelegate")
        #expect(rt.inferencesUsed.isEmpty)
    }
}
