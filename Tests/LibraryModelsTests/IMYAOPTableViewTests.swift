import Testing
import ObjCModel
import UIKitModel
@testable import LibraryModels

/// IMYAOPTableView alone (imyaop guide §1): the injection, the lying getter, new → nil → utils, the KVO migration,
/// injected rows and index-path translation.
@Suite("IMYAOPTableView")
struct IMYAOPTableViewTests {
    static let select = "tableView:didSelectRowAtIndexPath:"

    /// A table view with the app's delegate set, then IMYAOP installed with one ad at feeds row 1.
    struct Fixture {
        let s: Scene
        let table: ObjectID
        let app: ObjectID
        let utils: ObjectID
        let ad: ObjectID

        init(_ kind: HostKind = .tableView(.ios9), observe: Bool = false, log: Bool = false) throws {
            s = Scene(kind)
            IMYAOPTableView.load(into: s.rt)
            table = try s.makeHost()
            app = try s.app()
            if observe {
                let observer = try DelegateKVO.makeObserver(in: s.rt)
                try DelegateKVO.observe(table, DelegateKVO.hostKeyPath, by: observer, context: .int(42), in: s.rt)
            }
            try s.rt.send(table, "setDelegate:", .object(app))
            try s.rt.send(table, "setDataSource:", .object(app))
            utils = try IMYAOPTableView.aop_utils(table, in: s.rt)
            ad = try IMYAOPTableView.makeAdDelegate(in: s.rt)
            try IMYAOPTableView.setAdDelegate(utils, .object(ad), in: s.rt)
            try IMYAOPTableView.insertAdRows([1], into: utils, in: s.rt)
            try s.rt.drainAutoreleasePool()
        }

        func fire(_ selector: String, row: Int) throws {
            try UIKit.fire(s.kind.event(selector)!, on: table, of: s.kind, row: row, in: s.rt)
        }

        func entries(_ observer: String) -> [JournalEntry] { s.rt.journal.filter { $0.observer == observer } }
    }

    @Test("aop_utils: retained by association, the view becomes kIMYAOP_UITableView, -class lies, the utils are the real delegate")
    func injection() throws {
        let f = try Fixture()
        let rt = f.s.rt
        #expect(rt.objc_getAssociatedObject(f.table, IMYAOPTableView.utilsKey) == .object(f.utils))
        #expect(try IMYAOPTableView.aop_utils(f.table, in: rt) == f.utils)   // lazy: the same utils again
        #expect(rt.class_getName(rt.object_getClass(f.table)) == "kIMYAOP_UITableView")
        #expect(rt.classOfClassObject(try rt.send(f.table, "class").object!) == rt.objc_getClass("UITableView"))
        #expect(f.s.rawDelegate(f.table) == f.utils)
        #expect(f.s.rawDelegate(f.table, "dataSource") == f.utils)
        // The lying getters: the business objects, held weakly by the utils.
        #expect(try rt.send(f.table, "delegate") == .object(f.app))
        #expect(try rt.send(f.table, "dataSource") == .object(f.app))
        #expect(rt.ivars(f.utils).first { $0.name == "origDelegate" }?.ownership == .weak)
        // One shared subclass per class: a second table view gets the same one.
        let second = try f.s.makeHost()
        _ = try IMYAOPTableView.aop_utils(second, in: rt)
        #expect(rt.object_getClass(second) == rt.object_getClass(f.table))
        #expect(rt.allClasses.filter { rt.class_getName($0).hasPrefix("kIMYAOP_") }.count == 1)
    }

    @Test("tableView.delegate = new: hooks on UITableView see new, then nil, then the utils; the getter returns new")
    func newNilUtils() throws {
        let f = try Fixture()
        let rt = f.s.rt
        let log = f.s.logSetter("UITableView")
        let app2 = try f.s.app()
        try rt.send(f.table, "setDelegate:", .object(app2))
        #expect(log.values == [rt.describe(app2), "nil", rt.describe(f.utils)])
        #expect(f.s.rawDelegate(f.table) == f.utils)
        #expect(try rt.send(f.table, "delegate") == .object(app2))
        // The same business delegate again: nothing at all.
        try rt.send(f.table, "setDelegate:", .object(app2))
        #expect(log.values.count == 3)
    }

    @Test("The original delegate is weak: once the app lets it go, the getter answers nil and the utils stay")
    func weakOriginal() throws {
        let f = try Fixture()
        let rt = f.s.rt
        try rt.objc_release(f.app)
        #expect(rt.isFreed(f.app))
        #expect(try rt.send(f.table, "delegate") == .none)
        #expect(f.s.rawDelegate(f.table) == f.utils && !rt.isFreed(f.utils))
    }

    @Test("Business rows reach the business delegate with business index paths; injected rows go to the ad delegate")
    func indexPaths() throws {
        let f = try Fixture()
        let rt = f.s.rt
        for row in 0..<4 { try f.fire(Self.select, row: row) }
        #expect(f.entries(rt.describe(f.app)).map(\.detail) == ["indexPath{0, 0}", "indexPath{0, 1}", "indexPath{0, 2}"])
        #expect(f.entries(IMYAOPTableView.adObserver) == [JournalEntry(observer: IMYAOPTableView.adObserver, event: Self.select,
                                                                        detail: "indexPath{0, 1}")])
        // The feeds count is the business count plus the injected rows.
        #expect(try rt.send(f.utils, "tableView:numberOfRowsInSection:", .object(f.table), .int(0)) == .int(2))
    }

    @Test("Scrolling is forwarded to the business delegate (multi-callback); the ad delegate does not implement it")
    func forwarding() throws {
        let f = try Fixture()
        try f.s.fire("scrollViewDidScroll:", on: f.table)
        #expect(f.s.received(f.app) == ["scrollViewDidScroll:"])
        #expect(f.entries(IMYAOPTableView.adObserver).isEmpty)
    }

    @Test("The KVO migration: observers are removed, the isa swapped, observers re-added with their context, and still notified")
    func kvoMigration() throws {
        let f = try Fixture(observe: true)
        let rt = f.s.rt
        #expect(rt.class_getName(rt.object_getClass(f.table)) == "NSKVONotifying_kIMYAOP_UITableView")
        #expect(rt.kvoObservances(f.table).map(\.context) == [.int(42)])
        // IMYAOPBaseUtils.m bindingFeedsView:aopClass: (read): KVO's own -class now answers kIMYAOP_UITableView, never reaching aop_class.
        #expect(rt.class_getName(rt.classOfClassObject(try rt.send(f.table, "class").object!)!) == "kIMYAOP_UITableView")
        #expect(rt.factsNoted.contains { $0.claim == IMYAOPTableView.kvoMigrationFact && !$0.isInference })
        try f.s.fire("scrollViewDidScroll:", on: f.table)
        #expect(f.entries(DelegateKVO.observer).map(\.event) == [DelegateKVO.event(DelegateKVO.hostKeyPath)])
        #expect(f.s.received(f.app) == ["scrollViewDidScroll:"])
        // The observer can still remove itself; the isa goes back to the IMYAOP class.
        let observer = rt.kvoObservances(f.table)[0].observer
        try DelegateKVO.unobserve(f.table, DelegateKVO.hostKeyPath, by: observer, in: rt)
        #expect(rt.class_getName(rt.object_getClass(f.table)) == "kIMYAOP_UITableView")
    }

    @Test("UICollectionView: kIMYAOP_UICollectionView, lying getter, item index paths translated")
    func collectionView() throws {
        let f = try Fixture(.collectionView(.ios9))
        let rt = f.s.rt
        #expect(rt.class_getName(rt.object_getClass(f.table)) == "kIMYAOP_UICollectionView")
        #expect(try rt.send(f.table, "delegate") == .object(f.app))
        for row in 0..<3 { try f.fire("collectionView:didSelectItemAtIndexPath:", row: row) }
        #expect(f.entries(rt.describe(f.app)).map(\.detail) == ["indexPath{0, 0}", "indexPath{0, 1}"])
        #expect(f.entries(IMYAOPTableView.adObserver).map(\.detail) == ["indexPath{0, 1}"])
    }
}
