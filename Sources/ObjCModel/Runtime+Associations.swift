// Associated objects (objc-references.mm): five policies, replacement releases the old value at once, and
// removal at dealloc comes after the strong ivars and before weak references are zeroed (guide D3, D6).

extension Runtime {
    /// `objc_setAssociatedObject`: the new value is retained (per policy) before the old one is released.
    public func objc_setAssociatedObject(_ o: ObjectID, _ key: String, _ value: Value, _ policy: AssociationPolicy) throws {
        let i = Int(o.raw)
        if objects[i].state == .freed { throw messageToFreed(o, sel_registerName("objc_setAssociatedObject")) }
        if policy.retains { try objc_retain(value.object) }
        var old: Association?
        if let n = objects[i].associations.firstIndex(where: { $0.key == key }) {
            old = objects[i].associations[n]
            if value.isNil { objects[i].associations.remove(at: n) }
            else { objects[i].associations[n] = Association(key: key, policy: policy, value: value) }
        } else if !value.isNil {
            objects[i].associations.append(Association(key: key, policy: policy, value: value))
        }
        if policy == .assign, let t = value.object { noteAssignStore(by: o, of: t) }
        if tracing { trace.append(.associate(object: describe(o), key: key, value: describe(value))) }
        if let old, old.policy.retains { try objc_release(old.value.object) }
    }

    /// `objc_getAssociatedObject`: the stored value; an assign association may return a freed object.
    public func objc_getAssociatedObject(_ o: ObjectID, _ key: String) -> Value {
        objects[Int(o.raw)].associations.first { $0.key == key }?.value ?? .none
    }

    /// `objc_removeAssociatedObjects`: releases every retained association, in insertion order.
    /// MODEL: objc4 iterates a hash map; insertion order stands in for its unspecified order.
    public func objc_removeAssociatedObjects(_ o: ObjectID) throws {
        let list = objects[Int(o.raw)].associations
        objects[Int(o.raw)].associations = []
        for a in list where a.policy.retains { try objc_release(a.value.object) }
    }

    /// The associations of an object, in insertion order: for reference graphs.
    public func associations(_ o: ObjectID) -> [Association] { objects[Int(o.raw)].associations }
}
