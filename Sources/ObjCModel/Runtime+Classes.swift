// Classes and method tables: objc_allocateClassPair, class_addMethod, class_replaceMethod, method_exchangeImplementations
// (objc-runtime-new.mm). Every mutation goes through one worker that returns the previous IMP and flushes the cache.

extension Runtime {
    // MARK: IMPs

    /// Makes a model IMP from a closure, as `imp_implementationWithBlock` does.
    /// - Parameters:
    ///   - label: the symbol a crash stack would show, e.g. `-[RxDelegateProxy forwardInvocation:]`.
    ///   - owner: the library that installed it, so findings can say who.
    public func imp_implementationWithBlock(_ label: String, owner: String = "app", _ body: @escaping IMPBody) -> IMP {
        let imp = nextIMP
        imps.append(IMPRecord(label: label, definedIn: nil, selector: nil, owner: owner))
        impBodies.append(body)
        return imp
    }

    /// The symbol of an IMP (`-[Class sel]`).
    public func imp_getLabel(_ imp: IMP) -> String {
        let r = impRecord(imp)
        if let label = r.label { return label }
        let cls = r.definedIn!
        return "\(class_isMetaClass(cls) ? "+" : "-")[\(class_getName(cls)) \(sel_getName(r.selector!))]"
    }
    /// The library that installed an IMP.
    public func imp_getOwner(_ imp: IMP) -> String { impRecord(imp).owner }

    // MARK: Class pairs

    /// Creates a class and its metaclass; nil if the name is taken (runtime.h `objc_allocateClassPair`).
    public func objc_allocateClassPair(_ superclass: Class?, _ name: String, owner: String = "app") -> Class? {
        guard classIndex[Name(name)] == nil else { return nil }
        let rootMeta: Class? = superclass.map { rootMetaclass(of: $0) }
        let cls = Class(raw: Int32(classes.count))
        let meta = Class(raw: Int32(classes.count + 1))
        // A root class's metaclass inherits from the root class itself (objc4: isa diagram).
        let metaSuper: Class = superclass.map { classes[Int($0.raw)].metaclass } ?? cls
        let clsObject = ObjectID(raw: Int32(objects.count))
        let metaObject = ObjectID(raw: Int32(objects.count + 1))
        classes.append(ClassRecord(name: name, superclass: superclass, isMeta: false, metaclass: meta,
                                   object: clsObject, owner: owner))
        classes.append(ClassRecord(name: name, superclass: metaSuper, isMeta: true, metaclass: rootMeta ?? meta,
                                   object: metaObject, owner: owner))
        objects.append(ObjectRecord(isa: meta, serial: 0, retainCount: 1, state: .alive, classObjectOf: cls))
        objects.append(ObjectRecord(isa: rootMeta ?? meta, serial: 0, retainCount: 1, state: .alive,
                                    classObjectOf: meta))
        if !cache.isEmpty { cache.append(contentsOf: repeatElement(-1, count: cacheStride * 2)) }
        return cls
    }

    /// Makes the class visible to `objc_getClass` (runtime.h `objc_registerClassPair`).
    public func objc_registerClassPair(_ cls: Class) {
        classes[Int(cls.raw)].registered = true
        classIndex[Name(classes[Int(cls.raw)].name)] = cls.raw
    }

    /// Allocates and registers in one step; traps if the name exists (a model-building error, not a modeled one).
    @discardableResult
    public func defineClass(_ name: String, superclass: Class?, owner: String = "app") -> Class {
        guard let c = objc_allocateClassPair(superclass, name, owner: owner) else {
            preconditionFailure("class \(name) defined twice")
        }
        objc_registerClassPair(c)
        return c
    }

    public func objc_getClass(_ name: String) -> Class? { classIndex[Name(name)].map(Class.init(raw:)) }
    public func NSClassFromString(_ name: String) -> Class? { objc_getClass(name) }
    public func class_getName(_ cls: Class) -> String { classes[Int(cls.raw)].name }
    public func NSStringFromClass(_ cls: Class) -> String { class_getName(cls) }
    public func class_getSuperclass(_ cls: Class) -> Class? { classes[Int(cls.raw)].superclass }
    public func class_isMetaClass(_ cls: Class) -> Bool { classes[Int(cls.raw)].isMeta }

    /// Makes `newSuperclass` the superclass of `cls`, and its metaclass the metaclass's; returns the old superclass
    /// (runtime.h `class_setSuperclass`, objc-runtime-new.mm). The model uses it before any instance or message, to
    /// write the app's `AppDelegate` as a subclass of a framework's app delegate (`FlutterAppDelegate`).
    @discardableResult
    public func class_setSuperclass(_ cls: Class, _ newSuperclass: Class) -> Class? {
        let old = classes[Int(cls.raw)].superclass
        classes[Int(cls.raw)].superclass = newSuperclass
        classes[Int(classes[Int(cls.raw)].metaclass.raw)].superclass = classes[Int(newSuperclass.raw)].metaclass
        flushCaches()
        return old
    }
    public func objc_getMetaClass(_ cls: Class) -> Class { classes[Int(cls.raw)].metaclass }
    /// The library that created a class.
    public func class_getOwner(_ cls: Class) -> String { classes[Int(cls.raw)].owner }
    /// The class object that stands for `cls` as a message receiver or a value.
    public func classObject(_ cls: Class) -> ObjectID { classes[Int(cls.raw)].object }
    /// The class a class object stands for, or nil for an instance.
    public func classOfClassObject(_ o: ObjectID) -> Class? { objects[Int(o.raw)].classObjectOf }

    public func class_isSubclass(_ cls: Class, of ancestor: Class) -> Bool {
        var c: Class? = cls
        while let k = c { if k == ancestor { return true }; c = classes[Int(k.raw)].superclass }
        return false
    }

    func rootMetaclass(of cls: Class) -> Class {
        var c = cls
        while let s = classes[Int(c.raw)].superclass { c = s }
        return classes[Int(c.raw)].metaclass
    }

    /// All registered and allocated classes, in creation order.
    public var allClasses: [Class] { (0..<classes.count).map { Class(raw: Int32($0)) }.filter { !class_isMetaClass($0) } }

    /// Declares that instances of `cls` forward messages to the object in ivar `name` (a proxy's target), an object
    /// ivar of the class. Not a runtime function: it records a fact of the modeled library so graph checks stay
    /// library-agnostic.
    public func class_declareForwardingIvar(_ cls: Class, _ name: String) {
        if !classes[Int(cls.raw)].forwardingIvars.contains(name) { classes[Int(cls.raw)].forwardingIvars.append(name) }
        class_addIvar(cls, name, types: "@")
    }

    // MARK: Ivars

    /// Declares an instance variable of `cls` (`class_addIvar`; a compiled class's `@interface { … }`). False when the
    /// class already declares one of that name. MODEL: an object's slots are still created as they are stored; the
    /// declarations give `class_copyIvarList` and `object_getIvar(_:_:Ivar)` the class's layout.
    @discardableResult
    public func class_addIvar(_ cls: Class, _ name: String, types: String) -> Bool {
        guard !classes[Int(cls.raw)].ivars.contains(where: { $0.name == name }) else { return false }
        classes[Int(cls.raw)].ivars.append((name, types))
        return true
    }

    /// The ivars `cls` itself declares, not its superclasses' (objc-runtime-new.mm `class_copyIvarList` reads
    /// `cls->data()->ro()->ivars` only).
    public func class_copyIvarList(_ cls: Class) -> [Ivar] {
        classes[Int(cls.raw)].ivars.map { Ivar(cls: cls, name: $0.name, types: $0.types) }
    }

    /// `_class_getClassForIvar`: the class in `cls`'s chain that declares `ivar`, or nil.
    func classDeclaring(_ ivar: Ivar, from cls: Class) -> Class? {
        var c: Class? = cls
        while let k = c {
            if k == ivar.cls { return k }
            c = classes[Int(k.raw)].superclass
        }
        return nil
    }

    /// Whether `cls` or a superclass declares ivars: the model's classes are compiled with ARC, so such a class has
    /// automatic ivars (objc4 `hasAutomaticIvars`).
    func hasAutomaticIvars(_ cls: Class) -> Bool {
        var c: Class? = cls
        while let k = c {
            if !classes[Int(k.raw)].ivars.isEmpty { return true }
            c = classes[Int(k.raw)].superclass
        }
        return false
    }

    /// The forwarding ivars of `cls` and its superclasses, most-derived first.
    public func class_forwardingIvars(_ cls: Class) -> [String] {
        var out: [String] = []
        var c: Class? = cls
        while let k = c { out += classes[Int(k.raw)].forwardingIvars; c = classes[Int(k.raw)].superclass }
        return out
    }

    // MARK: Methods

    /// The method `cls` or a superclass provides for `sel` (objc-class.mm `class_getInstanceMethod` walks superclasses).
    public func class_getInstanceMethod(_ cls: Class, _ sel: SEL) -> Method? {
        var c: Class? = cls
        while let k = c {
            if classes[Int(k.raw)].methods[sel] != nil { return Method(cls: k, sel: sel) }
            c = classes[Int(k.raw)].superclass
        }
        return nil
    }

    public func class_getClassMethod(_ cls: Class, _ sel: SEL) -> Method? {
        class_getInstanceMethod(objc_getMetaClass(cls), sel)
    }

    /// Whether `cls` itself (not a superclass) has a method for `sel`.
    public func class_ownsMethod(_ cls: Class, _ sel: SEL) -> Bool { classes[Int(cls.raw)].methods[sel] != nil }

    /// The IMP a send would run; `_objc_msgForward` when there is none (method-hooking guide §0.2).
    public func class_getMethodImplementation(_ cls: Class, _ sel: SEL) -> IMP {
        let imp = lookUpImpOrForward(cls, sel, resolve: true)
        return imp == forwardImpcache ? _objc_msgForward : imp
    }

    public func method_getImplementation(_ m: Method) -> IMP { classes[Int(m.cls.raw)].methods[m.sel]!.imp }
    public func method_getTypeEncoding(_ m: Method) -> String { classes[Int(m.cls.raw)].methods[m.sel]!.types }
    public func method_getName(_ m: Method) -> SEL { m.sel }

    /// Own selectors of a class in insertion order (`class_copyMethodList`).
    public func class_copyMethodList(_ cls: Class) -> [SEL] { classes[Int(cls.raw)].methodOrder }

    /// Adds a method; fails if `cls` itself already owns one (an inherited method does not count).
    @discardableResult
    public func class_addMethod(_ cls: Class, _ sel: SEL, _ imp: IMP, _ types: String) -> Bool {
        if class_ownsMethod(cls, sel) { return false }
        _ = setMethod(cls, sel, imp, types: types, replace: false)
        return true
    }

    /// Replaces or adds; returns the previous IMP only if `cls` owned the method, else nil (Apple doc; guide §0.1).
    @discardableResult
    public func class_replaceMethod(_ cls: Class, _ sel: SEL, _ imp: IMP, _ types: String) -> IMP? {
        setMethod(cls, sel, imp, types: types, replace: true)
    }

    /// Sets the IMP of an existing method entry and returns the old one.
    @discardableResult
    public func method_setImplementation(_ m: Method, _ imp: IMP) -> IMP {
        setMethod(m.cls, m.sel, imp, types: nil, replace: true)!
    }

    /// Swaps the IMPs of two method entries; each IMP then runs with the `_cmd` it is reached through (guide §0.4).
    public func method_exchangeImplementations(_ m1: Method, _ m2: Method) {
        let i1 = method_getImplementation(m1), i2 = method_getImplementation(m2)
        setMethod(m1.cls, m1.sel, i2, types: nil, replace: true)
        setMethod(m2.cls, m2.sel, i1, types: nil, replace: true)
    }

    /// The single mutation worker: sets `cls`'s own entry for `sel`, returns the previous own IMP, flushes caches.
    @discardableResult
    func setMethod(_ cls: Class, _ sel: SEL, _ imp: IMP, types: String?, replace: Bool) -> IMP? {
        let c = Int(cls.raw)
        let previous = classes[c].methods[sel]
        if previous != nil && !replace { return previous!.imp }
        if previous == nil { classes[c].methodOrder.append(sel) }
        classes[c].methods[sel] = MethodEntry(imp: imp, types: types ?? previous?.types ?? "v@:")
        flushCaches()
        if tracing { trace.append(.setMethod(cls: class_getName(cls), meta: classes[c].isMeta,
                                             selector: sel_getName(sel), imp: imp_getLabel(imp))) }
        return previous?.imp
    }

    /// Adds a method that already has a model body; a convenience over `imp_implementationWithBlock` + `class_addMethod`.
    @discardableResult
    public func addMethod(_ cls: Class, _ selector: String, types: String = "v@:", owner: String? = nil,
                          label: String? = nil, _ body: @escaping IMPBody) -> IMP {
        let sel = sel_registerName(selector)
        let imp = nextIMP
        imps.append(IMPRecord(label: label, definedIn: label == nil ? cls : nil, selector: sel,
                              owner: owner ?? class_getOwner(cls)))
        impBodies.append(body)
        class_replaceMethod(cls, sel, imp, types)
        return imp
    }

    /// Adds a class method (on the metaclass).
    @discardableResult
    public func addClassMethod(_ cls: Class, _ selector: String, types: String = "v@:", owner: String? = nil,
                               _ body: @escaping IMPBody) -> IMP {
        addMethod(objc_getMetaClass(cls), selector, types: types, owner: owner, body)
    }

    // MARK: Method cache

    func flushCaches() {
        for slot in cacheFilled { cache[Int(slot)] = -1 }
        cacheFilled.removeAll(keepingCapacity: true)
    }

    func growCacheStride() {
        cacheStride *= 2
        cache = []
        cacheFilled.removeAll()
    }
}
