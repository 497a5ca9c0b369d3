// Memory: retain counts, strong/weak/assign slots, autorelease pools, the dealloc order (objc_destructInstance,
// objc-runtime-new.mm L9429-9446) and zombies (NSZombieEnabled, guide D1).

extension Runtime {
    // MARK: Allocation

    /// `class_createInstance` / `+alloc`: a new object with a retain count of 1, owned by the caller.
    public func class_createInstance(_ cls: Class) -> ObjectID {
        let o = ObjectID(raw: Int32(objects.count))
        objects.append(ObjectRecord(isa: cls, serial: nextSerial, retainCount: 1, state: .alive, classObjectOf: nil, createdAs: cls))
        nextSerial += 1
        if tracing { trace.append(.alloc(object: describe(o))) }
        return o
    }

    /// `[[cls alloc] init]`, autoreleased: it lives until the pool drains unless something retains it.
    public func makeObject(_ cls: Class, autorelease: Bool = true) throws -> ObjectID {
        let o = class_createInstance(cls)
        _ = try objc_msgSend(o, s.`init`)
        if autorelease { objc_autorelease(o) }
        return o
    }

    // MARK: Object state

    /// `object_getClass`: the real isa.
    public func object_getClass(_ o: ObjectID) -> Class { objects[Int(o.raw)].isa }

    /// `object_setClass`: isa-swizzling; returns the previous isa.
    @discardableResult
    public func object_setClass(_ o: ObjectID, _ cls: Class) -> Class {
        let old = objects[Int(o.raw)].isa
        objects[Int(o.raw)].isa = cls
        if tracing { trace.append(.setClass(object: describe(o), from: class_getName(old), to: class_getName(cls))) }
        return old
    }

    public func lifecycle(_ o: ObjectID) -> Lifecycle { objects[Int(o.raw)].state }
    public func isFreed(_ o: ObjectID) -> Bool { objects[Int(o.raw)].state == .freed }
    public func retainCount(_ o: ObjectID) -> Int { Int(objects[Int(o.raw)].retainCount) }
    public func isClassObject(_ o: ObjectID) -> Bool { objects[Int(o.raw)].classObjectOf != nil }

    /// `Class#n` for instances (the class at free time for zombies), the class name for class objects.
    public func describe(_ o: ObjectID) -> String {
        let r = objects[Int(o.raw)]
        if let c = r.classObjectOf { return class_getName(c) }
        return "\(r.zombieClassName ?? class_getName(r.isa))#\(r.serial)"
    }

    /// `Class#n` with the class the object was created as: unlike ``describe(_:)``, the same object keeps the same
    /// name after KVO or a library isa-swizzles it, and after it is freed. The class name for class objects.
    public func identity(_ o: ObjectID) -> String {
        let r = objects[Int(o.raw)]
        guard let created = r.createdAs else { return describe(o) }
        return "\(class_getName(created))#\(r.serial)"
    }

    public func describe(_ v: Value) -> String {
        switch v {
        case .object(let o): return describe(o)
        case .sel(let s): return "@selector(\(sel_getName(s)))"
        default: return v.description
        }
    }

    /// Every instance ever created, in creation order (class objects excluded).
    public var allInstances: [ObjectID] {
        objects.indices.lazy.filter { self.objects[$0].classObjectOf == nil }.map { ObjectID(raw: Int32($0)) }
    }

    // MARK: Retain and release

    /// `objc_retain`. MODEL: retain/release are runtime calls, not messages (no modeled library overrides them).
    @discardableResult
    public func objc_retain(_ o: ObjectID?) throws -> ObjectID? {
        guard let o else { return nil }
        if objects[Int(o.raw)].state == .freed { throw messageToFreed(o, s.retain) }
        if objects[Int(o.raw)].classObjectOf != nil { return o }
        objects[Int(o.raw)].retainCount += 1
        if tracing { trace.append(.retain(object: describe(o), count: Int(objects[Int(o.raw)].retainCount))) }
        return o
    }

    /// `objc_release`: the last release starts deallocation, before `-dealloc` runs (guide D2).
    public func objc_release(_ o: ObjectID?) throws {
        guard let o else { return }
        if try decrement(o) { try objc_msgSend(o, s.dealloc) }
    }

    /// `objc_release`, with `window` run while `o` deallocates, when this release is its last: after the deallocating
    /// flag is set (weak loads of `o` read nil) and before `-dealloc` tears anything down, so its ivars and associated
    /// objects are still alive (objc_destructInstance releases them later, objc-runtime-new.mm L9429-9446; the window
    /// DataDog/dd-sdk-ios PR #2942 describes). When something else still holds `o`, `window` runs after the release.
    public func objc_release(_ o: ObjectID, whileDeallocating window: () throws -> Void) throws {
        if try decrement(o) {
            try window()
            try objc_msgSend(o, s.dealloc)
        } else {
            try window()
        }
    }

    /// One release; true when it was the last and `o` has started deallocating.
    private func decrement(_ o: ObjectID) throws -> Bool {
        let i = Int(o.raw)
        if objects[i].state == .freed { throw messageToFreed(o, s.release) }
        if objects[i].classObjectOf != nil { return false }
        objects[i].retainCount -= 1
        if tracing { trace.append(.release(object: describe(o), count: Int(objects[i].retainCount))) }
        guard objects[i].retainCount == 0 && objects[i].state == .alive else { return false }
        objects[i].state = .deallocating
        return true
    }

    /// `objc_autorelease`: released when the pool drains.
    public func objc_autorelease(_ o: ObjectID?) {
        guard let o else { return }
        autoreleasePool.append(o)
    }

    /// `objc_autoreleasePoolPop`: releases everything autoreleased since the last drain, in order.
    public func drainAutoreleasePool() throws {
        while !autoreleasePool.isEmpty {
            let batch = autoreleasePool
            autoreleasePool.removeAll()
            for o in batch { try objc_release(o) }
        }
    }

    // MARK: Dealloc

    /// `_objc_rootDealloc` → `object_dispose`: strong ivars, then associations, then weak references zeroed, then
    /// freed (objc-runtime-new.mm L9429-9446: "This order is important."). The memory stays behind as a zombie.
    public func object_dispose(_ o: ObjectID) throws {
        let i = Int(o.raw)
        guard objects[i].state != .freed else { return }
        objects[i].state = .deallocating
        // 1. .cxx_destruct: strong ivars released.
        let slots = objects[i].slots
        for (n, slot) in slots.enumerated() where slot.ownership == .strong {
            objects[i].slots[n].value = .none
            try objc_release(slot.value.object)
        }
        // 2. _object_remove_associations: associated objects released.
        try objc_removeAssociatedObjects(o)
        // 3. clearDeallocating: weak references zeroed.
        for (owner, name) in objects[i].weakReferrers {
            if let n = slotIndex(owner, name), objects[Int(owner.raw)].slots[n].value == .object(o) {
                objects[Int(owner.raw)].slots[n].value = .none
            }
        }
        objects[i].weakReferrers = []
        // Unregister this object's own weak slots from their targets.
        for slot in objects[i].slots where slot.ownership == .weak {
            if let t = slot.value.object { objects[Int(t.raw)].weakReferrers.removeAll { $0.0 == o && $0.1 == slot.name } }
        }
        objects[i].zombieClassName = class_getName(objects[i].isa)
        objects[i].state = .freed
        freedObjects.append(o)
        if tracing { trace.append(.free(object: describe(o))) }
    }

    // MARK: Slots (instance variables)

    func slotIndex(_ o: ObjectID, _ name: String) -> Int? {
        // Lengths first: a string comparison of two long names was most of a lookup, and most names differ in length.
        let length = name.utf8.count
        return objects[Int(o.raw)].slots.firstIndex { $0.name.utf8.count == length && $0.name == name }
    }

    /// Stores into an ivar with the given ownership: strong retains the new value and releases the old one
    /// (`objc_storeStrong`), weak registers a zeroing reference (`objc_storeWeak`), assign just stores.
    public func object_setIvar(_ o: ObjectID, _ name: String, _ value: Value, _ ownership: Ownership) throws {
        let i = Int(o.raw)
        if objects[i].state == .freed { throw messageToFreed(o, sel_registerName("set_\(name)")) }
        let index: Int
        if let n = slotIndex(o, name) {
            index = n
        } else {
            objects[i].slots.append(Slot(name: name, ownership: ownership, value: .none))
            index = objects[i].slots.count - 1
        }
        let old = objects[i].slots[index]
        if old.ownership == .weak, let t = old.value.object {
            objects[Int(t.raw)].weakReferrers.removeAll { $0.0 == o && $0.1 == name }
        }
        var stored = value
        if ownership == .strong { try objc_retain(value.object) }
        if ownership == .weak, let t = value.object {
            // objc_storeWeak on a deallocating object stores nil.
            if objects[Int(t.raw)].state != .alive { stored = .none } else { objects[Int(t.raw)].weakReferrers.append((o, name)) }
        }
        objects[i].slots[index] = Slot(name: name, ownership: ownership, value: stored)
        if ownership == .assign, let t = stored.object { noteAssignStore(by: o, of: t) }
        if tracing { trace.append(.setIvar(object: describe(o), ivar: name, value: describe(stored), ownership: ownership)) }
        if old.ownership == .strong { try objc_release(old.value.object) }
    }

    /// Loads an ivar. A weak load returns nil once the target has started deallocating (`objc_loadWeakRetained`,
    /// guide D2); an assign load returns the raw pointer, even to a freed object.
    public func object_getIvar(_ o: ObjectID, _ name: String) -> Value {
        guard let n = slotIndex(o, name) else { return .none }
        let slot = objects[Int(o.raw)].slots[n]
        if slot.ownership == .weak, let t = slot.value.object, objects[Int(t.raw)].state != .alive { return .none }
        return slot.value
    }

    /// `object_getIvar(obj, ivar)` with an `Ivar` from `class_copyIvarList`. objc4 first looks up the ivar's memory
    /// management in the object's own class chain (objc-class.mm `_class_lookUpIvar`): when that chain has automatic
    /// (ARC) ivars, `_class_getClassForIvar` must find the class declaring the ivar, and for an ivar of another class it
    /// finds none and reads through nil: EXC_BAD_ACCESS at 0x20 (firebase-ios-sdk #16254, #16377 crash there).
    /// MODEL: a chain without ivars has no room at the other class's offset either; the read is past the object.
    public func object_getIvar(_ o: ObjectID, _ ivar: Ivar) throws -> Value {
        let cls = object_getClass(o)
        if classDeclaring(ivar, from: cls) != nil { return object_getIvar(o, ivar.name) }
        let reason = "the ivar \(ivar.name) of \(class_getName(ivar.cls)) is not an ivar of \(describe(o))'s class \(class_getName(cls))"
        if hasAutomaticIvars(cls) {
            throw fault(.badAccess(function: "_class_lookUpIvar", address: "0x20",
                                   reason: reason + ", so _class_getClassForIvar finds no class and object_getIvar reads through nil"),
                        raisedBy: "runtime")
        }
        throw fault(.badAccess(function: "object_getIvar", address: "the end of \(describe(o))",
                               reason: reason + ", and the object has no memory at its offset"), raisedBy: "runtime")
    }

    /// The slots of an object, in declaration order, as stored (no weak-load filtering): for reference graphs.
    public func ivars(_ o: ObjectID) -> [Slot] { objects[Int(o.raw)].slots }

    /// Records that `owner` stored `target` in an assign slot (an ivar or an ASSIGN association).
    func noteAssignStore(by owner: ObjectID, of target: ObjectID) {
        objects[Int(target.raw)].assignReferrers.append(owner)
        if objects[Int(target.raw)].state == .freed { assignStoresOfFreed.append(owner) }
    }

    /// The objects that ever stored `o` in an assign slot, in store order (some may hold something else by now).
    public func assignReferrers(of o: ObjectID) -> [ObjectID] { objects[Int(o.raw)].assignReferrers }
}
