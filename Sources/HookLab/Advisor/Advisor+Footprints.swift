// What a participant's load-time hooks change, observed on the model runtime: the facts behind the advisor's pruning.
import ObjCModel
import UIKitModel

extension ModelCatalog: LoadFootprintMeasuring {
    /// Runs each participant's `load` on a fresh runtime of the host, alone and after each other participant's load,
    /// and collects what changed: every class created or changed (`class:Name`: methods, metaclass methods,
    /// superclass, protocols) and every selector whose implementation was added, replaced or removed in any class
    /// (`sel:name`, whatever the class, so inherited lookups are covered). A load that throws commutes with nothing.
    public func loadFootprints(host: String, participants: [String]) -> [String: Set<String>]? {
        guard let kind = HostKind.named(host) else { return nil }
        let base = ModelRunner().base(kind.era)
        var footprints: [String: Set<String>] = [:]
        for id in participants {
            var measured = Set<String>()
            var known = true
            for context in [[]] + participants.filter({ $0 != id }).map({ [$0] }) {
                guard let changed = footprint(of: id, after: context, base: base, kind: kind) else { known = false; break }
                measured.formUnion(changed)
            }
            if known { footprints[id] = measured }
        }
        return footprints
    }

    /// What `load id` changes after the loads of `context`, or nil if a load throws or a participant is unknown.
    func footprint(of id: String, after context: [String], base: Runtime, kind: HostKind) -> Set<String>? {
        let made = (context + [id]).compactMap { makeParticipant($0) }
        guard made.count == context.count + 1 else { return nil }
        let world = World(rt: base.copy(), kind: kind, participants: made)
        do {
            for other in context { try world.apply(.load(other)) }
            let before = Self.snapshot(world.rt)
            try world.apply(.load(id))
            let after = Self.snapshot(world.rt)
            var changed = Set<String>()
            for (name, entry) in after where before[name] != entry {
                changed.insert("class:\(name)")
                let old = before[name]?.methods ?? [:]
                // A class method is looked up on the metaclass, whose root falls back to NSObject's instance methods.
                for (selector, imp) in entry.methods where old[selector] != imp { changed.insert("sel:" + selector.trimmingPrefix("+")) }
                for selector in old.keys where entry.methods[selector] == nil { changed.insert("sel:" + selector.trimmingPrefix("+")) }
            }
            for name in before.keys where after[name] == nil { changed.insert("class:\(name)") }
            return changed
        } catch {
            return nil
        }
    }

    /// A fresh instance of the catalog's participant with this id.
    func makeParticipant(_ id: String) -> Participant? { kinds.first { $0.info.id == id }?.make() }

    /// One class as the footprint compares it: its superclass, protocols and method tables (instance and class).
    struct ClassEntry: Equatable {
        var superclass: String
        var protocols: [String]
        /// Selector (`+sel` for class methods) → IMP number.
        var methods: [String: Int32]
    }

    static func snapshot(_ rt: Runtime) -> [String: ClassEntry] {
        var classes: [String: ClassEntry] = [:]
        for cls in rt.allClasses {
            var methods: [String: Int32] = [:]
            for sel in rt.class_copyMethodList(cls) {
                methods[rt.sel_getName(sel)] = rt.class_getInstanceMethod(cls, sel).map(rt.method_getImplementation)?.raw ?? -1
            }
            let meta = rt.objc_getMetaClass(cls)
            for sel in rt.class_copyMethodList(meta) {
                methods["+" + rt.sel_getName(sel)] = rt.class_getInstanceMethod(meta, sel).map(rt.method_getImplementation)?.raw ?? -1
            }
            classes[rt.class_getName(cls)] = ClassEntry(
                superclass: rt.class_getSuperclass(cls).map(rt.class_getName) ?? "",
                protocols: rt.class_copyProtocolList(cls).map(rt.protocol_getName),
                methods: methods)
        }
        return classes
    }
}
