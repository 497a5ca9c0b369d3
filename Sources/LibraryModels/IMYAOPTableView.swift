// IMYAOPTableView (li6185377/IMYAOPTableView 4d0649c; imyaop-kvo guide §1): the feeds view is isa-swizzled into a
// shared kIMYAOP_<Class>, its real delegate and data source become the utils object, and the getters lie.
import ObjCModel
import UIKitModel

/// A model of IMYAOPTableView for `UITableView` and `UICollectionView`: `aop_utils`, the injection, the KVO
/// migration, the overridden selectors, the utils object that forwards to the business and ad delegates.
public enum IMYAOPTableView {
    /// The participant id, and the owner tag of every class and IMP this model installs.
    public static let library = "imyaop"
    public static let hostClasses = ["UITableView", "UICollectionView"]
    /// IMYAOPBaseUtils.m l.13: `@"kIMYAOP_"`.
    public static let classPrefix = "kIMYAOP_"
    /// IMYAOPTableViewUtils.m l.230-246: the key of the retained `aop_utils` association.
    public static let utilsKey = "aop_utils"
    /// The journal observer of the ad module's delegate.
    public static let adObserver = "imyaop.ad"
    public static let adDelegateClassName = "IMYAOPAdDelegate"

    /// A KVO'd view is migrated (read in IMYAOPBaseUtils.m bindingFeedsView:aopClass:), and KVO's -class then answers
    /// kIMYAOP_<Class>, the class KVO subclassed, as it does for any observed object.
    public static let kvoMigrationFact =
        "IMYAOP's KVO migration removes every observer, sets the isa to `kIMYAOP_<Class>` and re-adds them, so KVO builds "
        + "`NSKVONotifying_kIMYAOP_<Class>`, whose -class answers `kIMYAOP_<Class>`"
    /// imyaop guide §1.8: nobody reported IMYAOP together with another library.
    public static let interactionInference =
        "IMYAOP next to another setDelegate: hook: that hook sees the business delegate, then nil, then the utils, and the "
        + "lying getter hides what it put in the slot; no such interaction was ever reported (IMYAOPTableView UITableView+IMYAOPTableView.m; li6185377/IMYAOPTableView issues) (inference)"

    /// One of the two feeds views.
    struct Flavor {
        let view: String
        let donor: String
        let utils: String
        let delegateProtocol: String
        let dataSourceProtocol: String
        /// IMYAOPTableViewUtils.m l.161-172: answered YES even with no delegate implementing them.
        let alwaysResponds: [String]
        let countSelector: String
    }

    static let flavors = [
        Flavor(view: "UITableView", donor: "_IMYAOPTableView", utils: "IMYAOPTableViewUtils",
               delegateProtocol: "UITableViewDelegate", dataSourceProtocol: "UITableViewDataSource",
               alwaysResponds: ["tableView:willDisplayCell:forRowAtIndexPath:", "tableView:didEndDisplayingCell:forRowAtIndexPath:"],
               countSelector: "tableView:numberOfRowsInSection:"),
        // IMYAOPCollectionViewUtils.m l.91-: the same structure. MODEL: the same always-YES pair for items.
        Flavor(view: "UICollectionView", donor: "_IMYAOPCollectionView", utils: "IMYAOPCollectionViewUtils",
               delegateProtocol: "UICollectionViewDelegate", dataSourceProtocol: "UICollectionViewDataSource",
               alwaysResponds: ["collectionView:willDisplayCell:forItemAtIndexPath:",
                                "collectionView:didEndDisplayingCell:forItemAtIndexPath:"],
               countSelector: "collectionView:numberOfItemsInSection:"),
    ]

    static func flavor(of rt: Runtime, _ view: ObjectID) -> Flavor? {
        flavors.first { f in rt.objc_getClass(f.view).map { rt.class_isSubclass(rt.object_getClass(view), of: $0) } ?? false }
    }

    // MARK: Loading

    /// Registers the donor classes, the utils classes, the ad delegate and the `aop_utils` category. Loading twice is a no-op.
    public static func load(into rt: Runtime) {
        guard rt.objc_getClass("IMYAOPBaseUtils") == nil else { return }
        let base = rt.defineClass("IMYAOPBaseUtils", superclass: rt.NSObjectClass, owner: library)
        for f in flavors {
            guard let view = rt.objc_getClass(f.view) else { continue }
            defineDonor(rt, f, view)
            defineUtils(rt, f, base)
            // IMYAOPTableViewUtils.m l.230-246: the lazy `aop_utils` getter, a category on the view class.
            rt.addMethod(view, "aop_utils", types: "@@:", owner: library) { rt, o, _, _ in .object(try aopUtils(rt, o, f)) }
            rt.addMethod(view, "aop_installed", types: "c@:", owner: library) { rt, o, _, _ in
                .bool(!rt.objc_getAssociatedObject(o, utilsKey).isNil)
            }
        }
        defineAdDelegate(rt)
    }

    // MARK: The app's entry points

    /// `feedsView.aop_utils`: installs IMYAOP on the view the first time, then returns the same utils.
    @discardableResult
    public static func aop_utils(_ view: ObjectID, in rt: Runtime) throws -> ObjectID {
        guard let u = try rt.send(view, "aop_utils").object else { throw rt.fatal("aop_utils returned nil", by: library) }
        return u
    }

    /// `utils.delegate = adDelegate` (IMYAOPTableViewUtils.h l.21-25: weak).
    public static func setAdDelegate(_ utils: ObjectID, _ ad: Value, in rt: Runtime) throws {
        try rt.object_setIvar(utils, "delegate", ad, .weak)
    }

    /// The ad module inserts ads at these rows (feeds index paths) of section 0.
    /// MODEL: the ad module's insert API is reduced to a list of ad rows in section 0.
    public static func insertAdRows(_ rows: [Int], into utils: ObjectID, in rt: Runtime) throws {
        try rt.object_setIvar(utils, "adRows", .string(rows.sorted().map(String.init).joined(separator: ",")), .value)
    }

    /// The app's ad module delegate: it journals, as `imyaop.ad`, the index-path events it gets (+1, owned by the caller).
    public static func makeAdDelegate(in rt: Runtime) throws -> ObjectID {
        let o = rt.class_createInstance(rt.objc_getClass(adDelegateClassName)!)
        _ = try rt.objc_msgSend(o, rt.s.`init`)
        return o
    }

    // MARK: aop_utils and the injection

    /// IMYAOPTableViewUtils.m l.230-246.
    static func aopUtils(_ rt: Runtime, _ view: ObjectID, _ f: Flavor) throws -> ObjectID {
        if let u = rt.objc_getAssociatedObject(view, utilsKey).object { return u }
        // MODEL: the @synchronized double check has one thread to guard; `aop_setupConfigs` swizzles
        // -[UIView gestureRecognizerShouldBegin:], which no modeled host sends.
        let u = rt.class_createInstance(rt.objc_getClass(f.utils)!)
        _ = try rt.objc_msgSend(u, rt.s.`init`)
        try rt.object_setIvar(u, "tableView", .object(view), .weak)                  // .m l.18-21: weak
        try rt.object_setIvar(u, "isUICalling", .int(0), .value)
        // l.243: OBJC_ASSOCIATION_RETAIN_NONATOMIC: the view strongly retains the utils.
        try rt.objc_setAssociatedObject(view, utilsKey, .object(u), .retainNonatomic)
        try rt.objc_release(u)
        try injectTableView(rt, u, view, f)
        return u
    }

    /// IMYAOPTableViewUtils.m l.68-75, then IMYAOPBaseUtils.m l.97-107 `injectFeedsView:`.
    static func injectTableView(_ rt: Runtime, _ u: ObjectID, _ view: ObjectID, _ f: Flavor) throws {
        // l.68-75: direct (weak) ivar writes from the current getters; no refresh.
        try rt.object_setIvar(u, "origDataSource", try rt.send(view, "dataSource"), .weak)
        try rt.object_setIvar(u, "origDelegate", try rt.send(view, "delegate"), .weak)
        // l.97-107: objc_msgSendSuper({feedsView, [UITableView class]}): UIKit's setter, and any swizzle on UITableView itself.
        let viewClass = rt.objc_getClass(f.view)!
        noteForeignSetter(rt, viewClass)
        try rt.objc_msgSendSuper(view, viewClass, rt.sel("setDelegate:"), [.object(u)])
        try rt.objc_msgSendSuper(view, viewClass, rt.sel("setDataSource:"), [.object(u)])
        // origViewClass = [feedsView class]: the *stated* class, un-KVO'd when KVO lies (§1.3).
        let stated = rt.classOfClassObject(try rt.objc_msgSend(view, rt.s.class).object ?? rt.classObject(viewClass)) ?? viewClass
        try rt.object_setIvar(u, "origViewClass", .object(rt.classObject(stated)), .value)
        let aopClass = makeSubclass(rt, stated, f)
        if !rt.class_isSubclass(stated, of: aopClass) { try bindingFeedsView(rt, view, aopClass) }
    }

    /// IMYAOPBaseUtils.m l.153-167: `kIMYAOP_<Class>`, reused when it exists, never disposed.
    static func makeSubclass(_ rt: Runtime, _ orig: Class, _ f: Flavor) -> Class {
        let name = classPrefix + rt.NSStringFromClass(orig)
        if let existing = rt.NSClassFromString(name) { return existing }
        let cls = rt.objc_allocateClassPair(orig, name, owner: library)!
        // l.183-199 addOverriteMethod: the donor's aop_<sel> (or <sel>) IMP, class_addMethod (add-only).
        // MODEL: the UI-calling wrappers and the index-path-translated view queries (reloadData, numberOfRowsInSection:,
        // cellForRowAtIndexPath:, …) are left out: no modeled host or library sends them.
        let donor = rt.objc_getClass(f.donor)!
        for sel in ["class", "setDelegate:", "setDataSource:", "delegate", "dataSource", "aop_refreshDelegate", "aop_refreshDataSource"] {
            let m = rt.class_getInstanceMethod(donor, rt.sel("aop_" + sel)) ?? rt.class_getInstanceMethod(donor, rt.sel(sel))!
            rt.class_addMethod(cls, rt.sel(sel), rt.method_getImplementation(m), rt.method_getTypeEncoding(m))
        }
        rt.objc_registerClassPair(cls)
        return cls
    }

    /// IMYAOPBaseUtils.m l.109-150: remove every observer, swap the isa, re-add every observer with its context.
    static func bindingFeedsView(_ rt: Runtime, _ view: ObjectID, _ aopClass: Class) throws {
        // l.112-120: observationInfo's `_observances`, read by KVC (keyPath, observer).
        let observances = rt.kvoObservances(view)
        if !observances.isEmpty {
            rt.noteFact(kvoMigrationFact, source: "IMYAOPTableView IMYAOPBaseUtils.m bindingFeedsView:aopClass:; steipete/Aspects #70")
        }
        for o in observances {
            try rt.objc_msgSend(view, rt.s.removeObserver, [.object(o.observer), .string(o.keyPath)])
        }
        rt.object_setClass(view, aopClass)
        // l.125-147: context and options by object_getIvar in @try (56f92b3 keeps the context; 8b0245a reads ivars).
        // MODEL: the model keeps no options, so the fallback Old|New (3) is passed.
        for o in observances {
            try rt.objc_msgSend(view, rt.s.addObserver, [.object(o.observer), .string(o.keyPath), .int(3), o.context])
        }
    }

    /// Notes the interaction inference when IMYAOP's super setDelegate: will run another library's hook.
    static func noteForeignSetter(_ rt: Runtime, _ viewClass: Class) {
        let imp = rt.class_getMethodImplementation(viewClass, rt.sel("setDelegate:"))
        if rt.imp_getOwner(imp) != "UIKit" { rt.noteInference(interactionInference) }
    }

    // MARK: kIMYAOP_<Class> overrides (the _IMYAOPTableView donor, UITableView+IMYAOPTableView.m)

    static func classOf(_ rt: Runtime, _ v: Value) -> Class? { v.object.flatMap(rt.classOfClassObject) }

    static func utils(_ rt: Runtime, _ view: ObjectID) -> ObjectID? { rt.objc_getAssociatedObject(view, utilsKey).object }

    /// `AopDefineObjcSuper`: super_class = aop_utils.origViewClass ?: [UITableView class] (l.17-19).
    static func aopSuper(_ rt: Runtime, _ u: ObjectID?, _ viewClass: Class) -> Class {
        u.flatMap { classOf(rt, rt.object_getIvar($0, "origViewClass")) } ?? viewClass
    }

    static func bumpUICalling(_ rt: Runtime, _ u: ObjectID, by n: Int) throws {
        try rt.object_setIvar(u, "isUICalling", .int(rt.object_getIvar(u, "isUICalling").intValue + n), .value)
    }

    static func defineDonor(_ rt: Runtime, _ f: Flavor, _ viewClass: Class) {
        let donor = rt.defineClass(f.donor, superclass: viewClass, owner: library)
        // l.140-147 aop_class: origViewClass when installed, else [super class].
        rt.addMethod(donor, "aop_class", types: "#@:") { rt, o, _, _ in
            if let u = utils(rt, o), let c = classOf(rt, rt.object_getIvar(u, "origViewClass")) { return .object(rt.classObject(c)) }
            return try rt.objc_msgSendSuper(o, viewClass, rt.s.class)
        }
        for (property, orig, refresh) in [("delegate", "origDelegate", "aop_refreshDelegate"),
                                          ("dataSource", "origDataSource", "aop_refreshDataSource")] {
            let setter = rt.sel("set" + property.prefix(1).uppercased() + property.dropFirst() + ":")
            let getter = rt.sel(property)
            // l.83-94 aop_setDelegate: (l.118-129 aop_setDataSource: the same).
            rt.addMethod(donor, "aop_" + rt.sel_getName(setter), types: "v@:@") { rt, o, _, a in
                guard let u = utils(rt, o) else { return try rt.objc_msgSendSuper(o, viewClass, setter, a) }
                let new = a.first ?? .none
                // 1. The same business delegate again: nothing; the real delegate stays the utils.
                if rt.object_getIvar(u, orig) == new { return .none }
                // 2. (07b4355) super with the new delegate: the real delegate is briefly `new`; hooks see it.
                noteForeignSetter(rt, viewClass)
                try rt.objc_msgSendSuper(o, aopSuper(rt, u, viewClass), setter, [new])
                // 3. setOrigDelegate: (l.36-42): stored weakly; changed, so the view refreshes.
                try rt.object_setIvar(u, orig, new, .weak)
                try rt.send(o, refresh)
                return .none
            }
            // l.266-288 aop_refreshDelegate / aop_refreshDataSource: [super set…:nil], [super set…:utils] (static super).
            rt.addMethod(donor, refresh, types: "v@:") { rt, o, _, _ in
                guard let u = utils(rt, o) else { return .none }
                let bump = rt.object_getIvar(u, "isUICalling").intValue <= 0
                if bump { try bumpUICalling(rt, u, by: 1) }
                try rt.objc_msgSendSuper(o, viewClass, setter, [.none])
                try rt.objc_msgSendSuper(o, viewClass, setter, [.object(u)])
                if bump { try bumpUICalling(rt, u, by: -1) }
                return .none
            }
            // l.105-116 aop_delegate (l.131-138 aop_dataSource): the business object unless UIKit itself is asking.
            // MODEL: IMYAOPGlobalUICalling (pre-iOS-10 selection via allowsSelection) is left out: hosts read the ivar.
            rt.addMethod(donor, "aop_" + property, types: "@@:") { rt, o, _, _ in
                guard let u = utils(rt, o) else { return try rt.objc_msgSendSuper(o, viewClass, getter) }
                if rt.object_getIvar(u, "isUICalling").intValue > 0 { return try rt.objc_msgSendSuper(o, viewClass, getter) }
                let real = rt.object_getIvar(o, property)
                if !real.isNil, real != .object(u) { rt.noteInference(interactionInference) }
                return rt.object_getIvar(u, orig)
            }
        }
    }

    // MARK: The utils object (IMYAOPTableViewUtils+Delegate.m / +DataSource.m)

    /// MODEL: `conformsToProtocol:` (l.174-181, the union with its `self.delegate` typo) is left out: no modeled library
    /// asks it; `IMYAOPCallProxy` (§1.7) only serves the ad module's raw geometry, which no host event needs.
    static func defineUtils(_ rt: Runtime, _ f: Flavor, _ base: Class) {
        let cls = rt.defineClass(f.utils, superclass: base, owner: library)
        for ivar in ["origDelegate", "origDataSource", "delegate", "dataSource"] { rt.class_declareForwardingIvar(cls, ivar) }
        let always = Set(f.alwaysResponds.map { rt.sel($0) })
        // l.161-172: business objects, then ad objects, then the always-YES display pair.
        rt.addMethod(cls, "respondsToSelector:", types: "c@::") { rt, o, cmd, a in
            guard let sel = a.first?.selValue else { return .bool(false) }
            for ivar in ["origDelegate", "origDataSource", "delegate", "dataSource"] {
                if try rt.objc_msgSend(rt.object_getIvar(o, ivar), cmd, a).boolValue { return .bool(true) }
            }
            return .bool(always.contains(sel))
        }
        // l.183-194: orig delegate, orig data source, ad delegate, ad data source, then super.
        rt.addMethod(cls, "methodSignatureForSelector:", types: "@@::") { rt, o, cmd, a in
            for ivar in ["origDelegate", "origDataSource", "delegate", "dataSource"] {
                let t = rt.object_getIvar(o, ivar)
                guard !t.isNil else { continue }
                let sig = try rt.objc_msgSend(t, cmd, a)
                if !sig.isNil { return sig }
            }
            return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a)
        }
        // l.200-216 (ce13729 "多回调支持"): business, and also the ad side, and also self.
        rt.addMethod(cls, "forwardInvocation:", types: "v@:@") { rt, o, _, a in
            guard case .invocation(let inv)? = a.first else { return .none }
            let sel = Value.sel(inv.selector)
            for pair in [("origDelegate", "origDataSource"), ("delegate", "dataSource")] {
                for ivar in [pair.0, pair.1] {
                    let t = rt.object_getIvar(o, ivar)
                    if !t.isNil, try rt.objc_msgSend(t, rt.s.respondsToSelector, [sel]).boolValue {
                        try inv.invoke(rt, target: t)
                        break
                    }
                }
            }
            if rt.class_respondsToSelector(rt.object_getClass(o), inv.selector) { try inv.invoke(rt, target: .object(o)) }
            return .none
        }
        // +Delegate / +DataSource: every index-path method maps feeds rows to business rows or to the ad side
        // (e.g. tableView:willDisplayCell: l.53-65, tableView:didSelectRowAtIndexPath: l.296-305).
        for (protocolName, business, ad) in [(f.delegateProtocol, "origDelegate", "delegate"),
                                            (f.dataSourceProtocol, "origDataSource", "dataSource")] {
            let methods = rt.protocol_copyMethodDescriptionList(rt.objc_getProtocol(protocolName)!)
            for m in methods where m.selector.hasSuffix("IndexPath:") {
                let sel = rt.sel(m.selector)
                let returnType = m.types.first!
                rt.addMethod(cls, m.selector, types: m.types) { rt, o, _, a in
                    var args = a
                    guard let i = args.firstIndex(where: { $0.stringValue.flatMap(UIKit.parseIndexPath) != nil }),
                          let path = UIKit.parseIndexPath(args[i].stringValue!) else { return defaultAnswer(returnType) }
                    let ads = adRows(rt, o)
                    if path.section == 0, ads.contains(path.row) {
                        // An injected row: the ad delegate, with isUICalling bumped around it.
                        let target = rt.object_getIvar(o, ad)
                        guard !target.isNil, try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(sel)]).boolValue
                        else { return defaultAnswer(returnType) }
                        try bumpUICalling(rt, o, by: 1)
                        let r = try rt.objc_msgSend(target, sel, args)
                        try bumpUICalling(rt, o, by: -1)
                        return r
                    }
                    let userRow = path.section == 0 ? path.row - ads.filter { $0 < path.row }.count : path.row
                    args[i] = .string(UIKit.indexPath(section: path.section, row: userRow))
                    let target = rt.object_getIvar(o, business)
                    // MODEL: a business object that does not implement it gets nothing; UIKit's default answer is returned.
                    guard !target.isNil, try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(sel)]).boolValue
                    else { return defaultAnswer(returnType) }
                    return try rt.objc_msgSend(target, sel, args)
                }
            }
        }
        // +DataSource: the feeds count is the business count plus the injected rows.
        let count = rt.sel(f.countSelector)
        rt.addMethod(cls, f.countSelector, types: "q@:@q") { rt, o, _, a in
            let business = try rt.objc_msgSend(rt.object_getIvar(o, "origDataSource"), count, a).intValue
            let section = a.count > 1 ? a[1].intValue : 0
            return .int(business + (section == 0 ? adRows(rt, o).count : 0))
        }
    }

    static func adRows(_ rt: Runtime, _ u: ObjectID) -> [Int] {
        (rt.object_getIvar(u, "adRows").stringValue ?? "").split(separator: ",").compactMap { Int(String($0)) }
    }

    /// MODEL: UIKit's answer when no delegate implements a method: YES, a 44-point height, zero, nil.
    static func defaultAnswer(_ type: Character) -> Value {
        switch type {
        case "c", "B": return .bool(true)
        case "d": return .int(44)
        case "q": return .int(0)
        default: return .none
        }
    }

    /// The app's ad module delegate: the index-path delegate methods of both feeds views, journaled as `imyaop.ad`.
    static func defineAdDelegate(_ rt: Runtime) {
        let cls = rt.defineClass(adDelegateClassName, superclass: rt.NSObjectClass, owner: "app")
        var seen = Set<String>()
        for f in flavors {
            for m in rt.protocol_copyMethodDescriptionList(rt.objc_getProtocol(f.delegateProtocol)!)
            where m.selector.hasSuffix("IndexPath:") && seen.insert(m.selector).inserted {
                let name = m.selector
                let returnType = m.types.first!
                rt.addMethod(cls, name, types: m.types) { rt, _, _, a in
                    let path = a.lazy.compactMap(\.stringValue).first { $0.hasPrefix("indexPath{") } ?? ""
                    rt.journal.append(JournalEntry(observer: adObserver, event: name, detail: path))
                    return defaultAnswer(returnType)
                }
            }
        }
    }
}
