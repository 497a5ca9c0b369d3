// Sensors Data sa-sdk-ios 4.x (e65ccb2, Release 4.9.0; imyaop-kvo guide §4): a setDelegate: swizzle that re-reads the
// delegate and isa-swizzles it into a shared <Class>_CN.SENSORSDATA subclass with a lying -class, KVO classes hooked
// in place and re-hooked when KVO restores the isa, and a global respondsToSelector: swizzle for the exposure hooks.
import ObjCModel
import UIKitModel

/// A model of Sensors Data's cell-click and exposure delegate hooks (`SADelegateProxy` and friends).
public enum SensorsData {
    /// The participant id, and the owner tag of every class and IMP this model installs.
    public static let library = "sensors"
    /// The journal observer of the clicks Sensors records (`$AppClick`).
    public static let observer = "sensors"
    /// SACellClickDynamicSubclassPlugin.m l.37-45: table and collection views.
    public static let hostClasses = ["UITableView", "UICollectionView"]
    /// SADelegateProxyObject.m l.21-44.
    public static let classSuffix = "_CN.SENSORSDATA"
    static let delegateObjectKey = "sensorsdata_delegateObject"
    static let optionalSelectorsKey = "sensorsdata_optionalSelectors"
    static let hashTableIvar = "sensorsdata_delegateHashTable"

    /// The exposure hook skips the original when the stated class lacks it; that the exposure listener is on is assumed.
    public static let exposureInference =
        "Sensors' exposure listener is enabled, and its willDisplay/didEndDisplaying hooks call the original only if "
        + "class_getInstanceMethod(view.delegate.class, sel) exists (sa-sdk-ios UIScrollView+ExposureListener.m:18-37; that it is on in the app is an assumption) (inference)"

    /// The click selector Sensors hooks on a host class.
    public static func clickSelector(_ hostClass: String) -> String? {
        switch hostClass {
        case "UITableView": return "tableView:didSelectRowAtIndexPath:"
        case "UICollectionView": return "collectionView:didSelectItemAtIndexPath:"
        default: return nil
        }
    }

    /// SAExposureDelegateProxy.m l.109-111 `+optionalSelectors`.
    static func exposureSelectors(_ hostClass: String) -> [String] {
        switch hostClass {
        case "UITableView": return ["tableView:willDisplayCell:forRowAtIndexPath:", "tableView:didEndDisplayingCell:forRowAtIndexPath:"]
        case "UICollectionView":
            return ["collectionView:willDisplayCell:forItemAtIndexPath:", "collectionView:didEndDisplayingCell:forItemAtIndexPath:"]
        default: return []
        }
    }

    // MARK: Loading

    /// The SDK's start: the donor classes, the global respondsToSelector: swizzle, and the two setDelegate: swizzles.
    public static func load(into rt: Runtime) {
        guard rt.objc_getClass("SADelegateProxy") == nil else { return }
        defineDonors(rt)
        rt.defineClass("SADelegateProxyObject", superclass: rt.NSObjectClass, owner: library)
        // SAMethodHelper.m l.69-76, NSObject+SADelegateProxy.m l.44-65: -[NSObject respondsToSelector:] answers YES for the
        // delegate's optional selectors. MODEL: the iOS 18 '\x01' guard is left out (no such selector is sent).
        // Only the exposure selectors are ever optional selectors; others go straight to the original.
        var bits: [SEL: Int] = [:]
        for (i, name) in allOptionalSelectors.enumerated() { bits[rt.sel(name)] = 1 << i }
        let originalResponds = rt.sel("sensorsdata_respondsToSelector:")
        let responds = rt.imp_implementationWithBlock("-[NSObject(SADelegateProxy) sensorsdata_respondsToSelector:]", owner: library) {
            [bits] rt, o, _, a in
            if let sel = a.first?.selValue, let bit = bits[sel],
               rt.objc_getAssociatedObject(o, optionalSelectorsKey).intValue & bit != 0 {
                return .bool(true)
            }
            return try rt.objc_msgSend(o, originalResponds, [a.first ?? .none])
        }
        Swizzling.exchange(rt, rt.NSObjectClass, "respondsToSelector:", with: "sensorsdata_respondsToSelector:", responds)
        for name in hostClasses {
            guard let cls = rt.objc_getClass(name) else { continue }
            // SACellClickDynamicSubclassPlugin.m l.37-45 (sa_swizzleMethod: method_exchangeImplementations), then
            // SAExposureManager.m l.128-129. MODEL: the click plugin starts first, so the exposure hook runs first.
            for (helper, selectors, optional) in [("sensorsdata_setDelegate:", [clickSelector(name)!], [String]()),
                                                  ("sensorsdata_exposure_setDelegate:", exposureSelectors(name), exposureSelectors(name))] {
                let helperSel = rt.sel(helper), getter = rt.sel("delegate")
                let imp = rt.imp_implementationWithBlock("-[\(name)(SAAutoTrack) \(helper)]", owner: library) { rt, view, _, a in
                    let delegate = a.first ?? .none
                    // UIScrollView+SAAutoTrack.m l.22-39: 1. resolveOptionalSelectorsForDelegate:, 2. the original,
                    // 3. return without a delegate, 4. proxy `self.delegate`, read again after the original.
                    try resolveOptionalSelectors(rt, delegate, optional)
                    try rt.objc_msgSend(view, helperSel, [delegate])
                    let current = try rt.objc_msgSend(view, getter, [])
                    guard !delegate.isNil, let d = current.object else { return .none }
                    try proxyDelegate(rt, d, selectors: selectors)
                    return .none
                }
                Swizzling.exchange(rt, cls, "setDelegate:", with: helper, imp)
            }
        }
    }

    // MARK: +[SADelegateProxy proxyDelegate:selectors:] (SADelegateProxy.m l.26-85)

    /// Hooks `selectors` on `delegate`: its shared Sensors subclass, or its KVO class in place.
    static func proxyDelegate(_ rt: Runtime, _ delegate: ObjectID, selectors: [String]) throws {
        // 1. Not for class objects.
        if rt.isClassObject(delegate) || selectors.isEmpty { return }
        // 2. The per-delegate record, retained by association (NSObject and NSProxy categories).
        let record = try delegateObject(rt, delegate)
        // 3. Only selectors not hooked yet.
        var hooked = list(rt, record, "selectors")
        let new = selectors.filter { !hooked.contains($0) }
        if new.isEmpty { return }
        hooked += new
        let isa = rt.object_getClass(delegate)
        // 4. The Sensors class exists: a second instance, or re-hooking after KVO restored the isa (l.45-54).
        if let name = rt.object_getIvar(record, "sensorsClassName").stringValue, let sensorsClass = rt.NSClassFromString(name) {
            try setList(rt, record, "selectors", hooked)
            addMethods(rt, sensorsClass, new)
            if !rt.class_isSubclass(isa, of: sensorsClass) { rt.object_setClass(delegate, sensorsClass) }
            return
        }
        // 5. A KVO'd delegate: hook the KVO class in place and watch the last removal (l.56-65).
        if let kvoClass = classOf(rt, rt.object_getIvar(record, "kvoClass")) {
            if !hooked.contains("removeObserver:forKeyPath:") { hooked.append("removeObserver:forKeyPath:") }
            try setList(rt, record, "selectors", hooked)
            addMethods(rt, kvoClass, new + ["removeObserver:forKeyPath:"])
            return
        }
        // 6. A new subclass of the real isa (SAClassHelper.m l.18-32), with the selectors, addObserver: and -class (l.67-84).
        let name = rt.object_getIvar(record, "sensorsClassName").stringValue ?? (rt.class_getName(isa) + classSuffix)
        guard let sensorsClass = rt.objc_allocateClassPair(isa, name, owner: library) else { return }
        rt.objc_registerClassPair(sensorsClass)
        try setList(rt, record, "selectors", hooked)
        addMethods(rt, sensorsClass, new + ["addObserver:forKeyPath:options:context:", "class"])
        rt.object_setClass(delegate, sensorsClass)
    }

    /// `delegate.sensorsdata_delegateObject`, made on first use (SADelegateProxyObject.m l.21-44).
    static func delegateObject(_ rt: Runtime, _ delegate: ObjectID) throws -> ObjectID {
        if let r = rt.objc_getAssociatedObject(delegate, delegateObjectKey).object { return r }
        let r = rt.class_createInstance(rt.objc_getClass("SADelegateProxyObject")!)
        // delegateClass = [delegate class]: the stated class, which the subclass's -class returns later.
        let stated = try rt.objc_msgSend(delegate, rt.s.class)
        try rt.object_setIvar(r, "delegateClass", stated, .value)
        let cla = rt.object_getClass(delegate)
        let name = rt.class_getName(cla)
        if name.firstRange(of: "KVONotifying_") != nil {
            try rt.object_setIvar(r, "delegateISA", .object(rt.classObject(rt.class_getSuperclass(cla)!)), .value)
            try rt.object_setIvar(r, "kvoClass", .object(rt.classObject(cla)), .value)
        } else if name.firstRange(of: classSuffix) != nil {
            try rt.object_setIvar(r, "delegateISA", .object(rt.classObject(rt.class_getSuperclass(cla)!)), .value)
            try rt.object_setIvar(r, "sensorsClassName", .string(name), .value)
        } else {
            try rt.object_setIvar(r, "delegateISA", .object(rt.classObject(cla)), .value)
            try rt.object_setIvar(r, "sensorsClassName", .string(name + classSuffix), .value)
        }
        try rt.objc_setAssociatedObject(delegate, delegateObjectKey, .object(r), .retainNonatomic)
        try rt.objc_release(r)
        return r
    }

    /// `removeKVO` (SADelegateProxyObject.m l.50-54): back to a plain Sensors subclass name, nothing hooked.
    static func removeKVO(_ rt: Runtime, _ record: ObjectID) throws {
        try rt.object_setIvar(record, "kvoClass", .none, .value)
        let isa = classOf(rt, rt.object_getIvar(record, "delegateISA"))!
        try rt.object_setIvar(record, "sensorsClassName", .string(rt.class_getName(isa) + classSuffix), .value)
        try setList(rt, record, "selectors", [])
    }

    /// SAMethodHelper.m l.32-51: class_addMethod, or class_replaceMethod when the class has a different IMP.
    static func addMethods(_ rt: Runtime, _ cls: Class, _ selectors: [String]) {
        for selector in selectors {
            guard let donor = donorMethod(rt, selector) else { continue }
            let imp = rt.method_getImplementation(donor), types = rt.method_getTypeEncoding(donor)
            if !rt.class_addMethod(cls, rt.sel(selector), imp, types), rt.class_getMethodImplementation(cls, rt.sel(selector)) != imp {
                rt.class_replaceMethod(cls, rt.sel(selector), imp, types)
            }
        }
    }

    static func donorMethod(_ rt: Runtime, _ selector: String) -> Method? {
        for donor in ["SAScrollViewDelegateProxy", "SAExposureDelegateProxy"] {
            if let m = rt.class_getInstanceMethod(rt.objc_getClass(donor)!, rt.sel(selector)) { return m }
        }
        return nil
    }

    /// Every selector any proxy class lists in `+optionalSelectors`.
    static let allOptionalSelectors = hostClasses.flatMap(exposureSelectors)

    /// `+resolveOptionalSelectorsForDelegate:`: the delegate's `sensorsdata_optionalSelectors` (associated COPY), the
    /// union of what it had and the proxy class's optional selectors.
    /// MODEL: the NSSet is a bit set over ``allOptionalSelectors``.
    static func resolveOptionalSelectors(_ rt: Runtime, _ delegate: Value, _ selectors: [String]) throws {
        guard let d = delegate.object, !rt.isClassObject(d), !selectors.isEmpty else { return }
        var mask = rt.objc_getAssociatedObject(d, optionalSelectorsKey).intValue
        for name in selectors { if let i = allOptionalSelectors.firstIndex(of: name) { mask |= 1 << i } }
        try rt.objc_setAssociatedObject(d, optionalSelectorsKey, .int(mask), .copyNonatomic)
    }

    // MARK: The donor classes (SADelegateProxy.m, SAScrollViewDelegateProxy.m, SAExposureDelegateProxy.m)

    static func defineDonors(_ rt: Runtime) {
        let base = rt.defineClass("SADelegateProxy", superclass: rt.NSObjectClass, owner: library)
        // l.144-149: -class returns the stated class recorded when the delegate was first hooked.
        rt.addMethod(base, "class", types: "#@:") { rt, o, _, _ in
            guard let r = rt.objc_getAssociatedObject(o, delegateObjectKey).object else {
                return .object(rt.classObject(rt.object_getClass(o)))
            }
            return rt.object_getIvar(r, "delegateClass")
        }
        // l.156-162: super (KVO now subclasses X_CN.SENSORSDATA), then the -class lie goes onto the new KVO class.
        rt.addMethod(base, "addObserver:forKeyPath:options:context:", types: "v@:@@Q^v") { rt, o, cmd, a in
            try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a)
            let cls = rt.object_getClass(o)
            if rt.class_getName(cls).firstRange(of: "KVONotifying_") != nil, let lie = rt.class_getInstanceMethod(base, rt.s.class) {
                rt.class_replaceMethod(cls, rt.s.class, rt.method_getImplementation(lie), "#@:")
            }
            return .none
        }
        // l.164-181: when the last observer goes and KVO restores the isa, hook the delegate again.
        rt.addMethod(base, "removeObserver:forKeyPath:", types: "v@:@@") { rt, o, cmd, a in
            let wasKVO = rt.class_getName(rt.object_getClass(o)).firstRange(of: "KVONotifying_") != nil
            try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd, a)
            let isKVO = rt.class_getName(rt.object_getClass(o)).firstRange(of: "KVONotifying_") != nil
            guard wasKVO, !isKVO, let r = rt.objc_getAssociatedObject(o, delegateObjectKey).object else { return .none }
            let previous = list(rt, r, "selectors").filter { $0 != "removeObserver:forKeyPath:" }
            try removeKVO(rt, r)
            try proxyDelegate(rt, o, selectors: previous)
            return .none
        }
        let click = rt.defineClass("SAScrollViewDelegateProxy", superclass: base, owner: library)
        for host in hostClasses {
            let selector = clickSelector(host)!
            let sel = rt.sel(selector)
            // SAScrollViewDelegateProxy.m l.24-36.
            rt.addMethod(click, selector, types: "v@:@@") { rt, o, _, a in
                guard let scrollView = a.first?.object else { return .none }
                // The re-entrancy guard: "防止某些场景下循环调用".
                let guardIvar = "\(hashTableIvar).\(o.raw)"
                if rt.object_getIvar(scrollView, guardIvar).boolValue { return .none }
                try rt.object_setIvar(scrollView, guardIvar, .bool(true), .value)
                defer { try? rt.object_setIvar(scrollView, guardIvar, .bool(false), .value) }
                // l.52-59 trackEventWithTarget:scrollView:atIndexPath: only when target == scrollView.delegate.
                if try rt.send(scrollView, "delegate") == .object(o) {
                    rt.journal.append(JournalEntry(observer: observer, event: selector))
                }
                return try invoke(rt, o, sel, a)
            }
        }
        let exposure = rt.defineClass("SAExposureDelegateProxy", superclass: base, owner: library)
        for host in hostClasses {
            for selector in exposureSelectors(host) {
                let sel = rt.sel(selector)
                // SAExposureDelegateProxy.m: the original only if class_getInstanceMethod(view.delegate.class, sel).
                // MODEL: no view is registered for exposure, so nothing is recorded; the pass-through is what matters.
                rt.addMethod(exposure, selector, types: "v@:@@@") { rt, o, _, a in
                    let stated = try rt.send(try rt.send(a.first ?? .none, "delegate"), "class")
                    if let c = classOf(rt, stated), rt.class_getInstanceMethod(c, sel) != nil { return try invoke(rt, o, sel, a) }
                    rt.noteInference(exposureInference)
                    return .none
                }
            }
        }
    }

    /// `+invokeWithTarget:selector:` (SADelegateProxy.m l.94-120): objc_msgSendSuper({target, delegateISA}) in @try.
    static func invoke(_ rt: Runtime, _ target: ObjectID, _ sel: SEL, _ args: [Value]) throws -> Value {
        guard let r = rt.objc_getAssociatedObject(target, delegateObjectKey).object,
              let isa = classOf(rt, rt.object_getIvar(r, "delegateISA")) else { return .none }
        return try rt.tryCatch({ try rt.objc_msgSendSuper(target, isa, sel, args) }, catch: { _ in .none })
    }

    static func classOf(_ rt: Runtime, _ v: Value) -> Class? { v.object.flatMap(rt.classOfClassObject) }

    static func list(_ rt: Runtime, _ o: ObjectID, _ ivar: String) -> [String] {
        // Byte-wise: selector names are ASCII, and the delegate hook reads the list at every set.
        (rt.object_getIvar(o, ivar).stringValue ?? "").utf8.split(separator: UInt8(ascii: ",")).compactMap { String($0) }
    }

    static func setList(_ rt: Runtime, _ o: ObjectID, _ ivar: String, _ values: [String]) throws {
        try rt.object_setIvar(o, ivar, .string(values.joined(separator: ",")), .value)
    }
}
