import Testing
@testable import ObjCModel

@Suite("Memory: retain counts, slots, associations, dealloc order, zombies")
struct MemoryTests {
    @Test("a weak slot zeroes and an assign slot dangles; a message through it names the freed class")
    func weakVersusAssign() throws {
        let f = Fixture()
        let holder = f.new(f.base)
        let target = f.new(f.sub)
        try f.rt.object_setIvar(holder, "weakRef", .object(target), .weak)
        try f.rt.object_setIvar(holder, "assignRef", .object(target), .assign)
        try f.rt.objc_release(target)
        #expect(f.rt.isFreed(target))
        #expect(f.rt.object_getIvar(holder, "weakRef") == .none)
        #expect(f.rt.object_getIvar(holder, "assignRef") == .object(target))
        do { try f.rt.objc_msgSend(f.rt.object_getIvar(holder, "assignRef"), f.rt.sel("bar")); Issue.record("expected fault") }
        catch let fault as Fault {
            #expect(fault.kind == .messageToFreedObject(className: "Sub", selector: "bar", object: "Sub#2"))
            #expect(fault.description == "*** -[Sub bar]: message sent to deallocated instance Sub#2")
        }
    }

    @Test("weak loads are nil while dealloc runs; associations are released before weak references zero")
    func deallocOrder() throws {
        let f = Fixture()
        var events: [String] = []
        let watcher = f.rt.defineClass("Watcher", superclass: f.rt.NSObjectClass)
        let owner = f.new(f.base)
        let holder = f.new(f.base)
        try f.rt.object_setIvar(holder, "owner", .object(owner), .weak)
        // The owner's dealloc checks the weak reference to itself.
        f.rt.addMethod(f.base, "dealloc") { rt, o, cmd, _ in
            if o == owner { events.append("dealloc: weak=\(rt.object_getIvar(holder, "owner") == .none ? "nil" : "set")") }
            return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd)
        }
        // Watchers record, in their own dealloc, whether the holder's raw weak slot is still set.
        f.rt.addMethod(watcher, "dealloc") { rt, o, cmd, _ in
            let raw = rt.ivars(holder).first { $0.name == "owner" }!.value
            events.append("\(rt.describe(o)) freed, weak slot \(raw == .none ? "zeroed" : "still set")")
            return try rt.objc_msgSendSuper(o, rt.NSObjectClass, cmd)
        }
        let ivarWatcher = f.new(watcher), assocWatcher = f.new(watcher)
        try f.rt.object_setIvar(owner, "strongIvar", .object(ivarWatcher), .strong)
        try f.rt.objc_setAssociatedObject(owner, "k", .object(assocWatcher), .retainNonatomic)
        try f.rt.objc_release(ivarWatcher)
        try f.rt.objc_release(assocWatcher)
        try f.rt.objc_release(owner)
        #expect(events == ["dealloc: weak=nil", "Watcher#3 freed, weak slot still set", "Watcher#4 freed, weak slot still set"])
        #expect(f.rt.ivars(holder).first!.value == .none)
    }

    @Test("release with a window: the window runs after the deallocating flag, with weak loads nil and associations alive, then dealloc; when the release is not the last, it runs after the release")
    func deallocatingWindow() throws {
        let f = Fixture()
        let owner = f.new(f.base), holder = f.new(f.base), kept = f.new(f.base)
        try f.rt.object_setIvar(holder, "owner", .object(owner), .weak)
        try f.rt.objc_setAssociatedObject(owner, "k", .object(kept), .retainNonatomic)
        try f.rt.objc_release(kept)
        var seen: [String] = []
        try f.rt.objc_release(owner, whileDeallocating: {
            seen.append("weak \(f.rt.object_getIvar(holder, "owner") == .none ? "nil" : "set")")
            seen.append("association \(f.rt.isFreed(kept) ? "freed" : "alive"), owner \(f.rt.isFreed(owner) ? "freed" : "not freed")")
        })
        #expect(seen == ["weak nil", "association alive, owner not freed"])
        #expect(f.rt.isFreed(owner) && f.rt.isFreed(kept))
        // A release that is not the last: the window runs after it, with everything alive.
        let shared = f.new(f.base)
        _ = try f.rt.objc_retain(shared)
        var ran = false
        try f.rt.objc_release(shared, whileDeallocating: { ran = !f.rt.isFreed(shared) })
        #expect(ran && !f.rt.isFreed(shared))
    }

    @Test("replacing a retained association frees the old value at that moment")
    func associationReplacement() throws {
        let f = Fixture()
        let view = f.new(f.base)
        let w1 = f.new(f.sub), w2 = f.new(f.sub)
        try f.rt.objc_setAssociatedObject(view, "wrapper", .object(w1), .retainNonatomic)
        try f.rt.objc_release(w1)
        #expect(!f.rt.isFreed(w1))
        try f.rt.objc_setAssociatedObject(view, "wrapper", .object(w2), .retainNonatomic)
        #expect(f.rt.isFreed(w1))
        #expect(f.rt.retainCount(w2) == 2)
    }

    @Test("all five association policies: assign does not retain, the others do", arguments: AssociationPolicy.allCases)
    func associationPolicies(policy: AssociationPolicy) throws {
        let f = Fixture()
        let owner = f.new(f.base), value = f.new(f.sub)
        try f.rt.objc_setAssociatedObject(owner, "k", .object(value), policy)
        #expect(f.rt.retainCount(value) == (policy == .assign ? 1 : 2))
        try f.rt.objc_release(value)
        #expect(f.rt.isFreed(value) == (policy == .assign))
        #expect(f.rt.objc_getAssociatedObject(owner, "k") == .object(value))
        try f.rt.objc_release(owner)
        #expect(f.rt.isFreed(value))
    }

    @Test("a strong ivar retains and releases on overwrite")
    func strongIvar() throws {
        let f = Fixture()
        let owner = f.new(f.base), a = f.new(f.sub), b = f.new(f.sub)
        try f.rt.object_setIvar(owner, "x", .object(a), .strong)
        try f.rt.objc_release(a)
        #expect(f.rt.retainCount(a) == 1)
        try f.rt.object_setIvar(owner, "x", .object(b), .strong)
        #expect(f.rt.isFreed(a))
    }

    @Test("the autorelease pool frees temporaries when it drains")
    func autorelease() throws {
        let f = Fixture()
        let o = try f.rt.makeObject(f.sub)
        #expect(!f.rt.isFreed(o))
        try f.rt.drainAutoreleasePool()
        #expect(f.rt.isFreed(o))
        let kept = try f.rt.makeObject(f.sub)
        try f.rt.objc_retain(kept)
        try f.rt.drainAutoreleasePool()
        #expect(!f.rt.isFreed(kept))
    }

    @Test("a freed object stays a zombie that remembers its class, even after isa-swizzling")
    func zombie() throws {
        let f = Fixture()
        let o = f.new(f.sub)
        try f.rt.objc_release(o)
        #expect(f.rt.describe(o) == "Sub#1")
        #expect(throws: Fault.self) { try f.rt.objc_retain(o) }
    }

    @Test("the same program produces an identical trace twice")
    func traceDeterminism() throws {
        func program() throws -> [String] {
            let f = Fixture()
            f.rt.tracing = true
            let holder = f.new(f.base)
            let o = try f.rt.makeObject(f.sub)
            try f.rt.object_setIvar(holder, "d", .object(o), .weak)
            try f.rt.objc_setAssociatedObject(holder, "a", .object(o), .retain)
            try f.rt.send(o, "bar")
            _ = try? f.rt.send(o, "missing")
            try f.rt.drainAutoreleasePool()
            try f.rt.objc_release(holder)
            return f.rt.trace.map(\.description)
        }
        let first = try program()
        #expect(first == (try program()))
        #expect(first.contains("free Sub#2"))
        #expect(first.contains("Sub#2 bar → -[Sub bar]"))
    }

    @Test("a snapshot between two steps keeps what the run did and goes on independently of it")
    func snapshotKeepsTheRun() throws {
        let f = Fixture()
        let rt = f.rt.copy()
        let object = rt.class_createInstance(f.base)
        rt.addMethod(f.base, "foo") { rt, o, _, _ in
            rt.journal.append(JournalEntry(observer: rt.describe(o), event: "foo"))
            return .int(2)
        }
        _ = rt.configuration
        _ = try rt.send(object, "foo")
        let snapshot = rt.snapshot()
        #expect(snapshot.configurationRead && snapshot.journal == rt.journal)
        #expect(try snapshot.send(object, "foo") == .int(2))
        snapshot.addMethod(f.base, "foo") { _, _, _, _ in .int(3) }
        #expect(try snapshot.send(object, "foo") == .int(3))
        #expect(try rt.send(object, "foo") == .int(2))
        #expect(rt.journal.count == 2 && snapshot.journal.count == 2)
        try snapshot.objc_release(object)
        #expect(snapshot.isFreed(object) && !rt.isFreed(object))
    }

    @Test("a copied runtime is independent of its base")
    func copyIsIndependent() throws {
        let f = Fixture()
        let copy = f.rt.copy()
        copy.addMethod(f.base, "foo") { _, _, _, _ in .int(99) }
        #expect(try copy.send(copy.class_createInstance(f.base), "foo") == .int(99))
        #expect(try f.rt.send(f.rt.class_createInstance(f.base), "foo") == .int(1))
    }
}

@Suite("KVO isa-swizzling")
struct KVOTests {
    func setup() -> (Fixture, ObjectID, ObjectID) {
        let f = Fixture()
        f.rt.addMethod(f.base, "setTitle:", types: "v@:@") { rt, o, _, a in try rt.object_setIvar(o, "title", a[0], .value); return .none }
        let observerClass = f.rt.defineClass("Observer", superclass: f.rt.NSObjectClass)
        f.rt.addMethod(observerClass, "observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { rt, o, _, a in
            rt.journal.append(JournalEntry(observer: rt.describe(o), event: a[0].stringValue ?? "?"))
            return .none
        }
        return (f, f.new(f.sub), f.new(observerClass))
    }

    @Test("addObserver isa-swizzles to NSKVONotifying_<Class>, -class lies, the setter notifies with the key from _cmd")
    func observe() throws {
        let (f, o, observer) = setup()
        try f.rt.send(o, "addObserver:forKeyPath:options:context:", .object(observer), .string("title"), .int(3), .none)
        let kvo = f.rt.object_getClass(o)
        #expect(f.rt.class_getName(kvo) == "NSKVONotifying_Sub")
        #expect(f.rt.class_getSuperclass(kvo) == f.sub)
        #expect(try f.rt.send(o, "class") == .object(f.rt.classObject(f.sub)))
        try f.rt.send(o, "setTitle:", .string("x"))
        #expect(f.rt.journal == [JournalEntry(observer: "Observer#2", event: "title")])
        #expect(f.rt.object_getIvar(o, "title") == .string("x"))
        #expect(try f.rt.send(o, "_isKVOA") == .bool(true))
    }

    @Test("the isa is restored when the last observer goes, not before")
    func restore() throws {
        let (f, o, observer) = setup()
        for key in ["title", "frame"] {
            try f.rt.send(o, "addObserver:forKeyPath:options:context:", .object(observer), .string(key), .int(0), .none)
        }
        try f.rt.send(o, "removeObserver:forKeyPath:", .object(observer), .string("title"))
        #expect(f.rt.class_getName(f.rt.object_getClass(o)) == "NSKVONotifying_Sub")
        try f.rt.send(o, "removeObserver:forKeyPath:context:", .object(observer), .string("frame"), .none)
        #expect(f.rt.object_getClass(o) == f.sub)
        // The notifying class is made once per class and reused.
        try f.rt.send(o, "addObserver:forKeyPath:options:context:", .object(observer), .string("title"), .int(0), .none)
        #expect(f.rt.class_getName(f.rt.object_getClass(o)) == "NSKVONotifying_Sub")
    }

    @Test("removing an unregistered observer raises NSRangeException")
    func removeUnregistered() throws {
        let (f, o, observer) = setup()
        do { try f.rt.send(o, "removeObserver:forKeyPath:", .object(observer), .string("title")); Issue.record("expected exception") }
        catch let fault as Fault {
            #expect(fault.kind == .exception(name: "NSRangeException",
                reason: "Cannot remove an observer <Observer#2> for the key path \"title\" from <Sub#1> because it is not registered as an observer."))
        }
    }
}
