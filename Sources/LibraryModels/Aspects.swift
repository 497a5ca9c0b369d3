// Aspects 1.4.x (steipete/Aspects 673e51e8, Aspects.m; method-hooking guide §1): aspect_add, aspect_hookClass (the
// _Aspects_ subclass, or in place for class hooks and disguised classes), the aspects__ alias and the skip when the
// method is already forwarded, __aspects_forwardInvocation: kept only if the class owned forwardInvocation:, the
// dispatch order with the fallback after the after-blocks, the blacklist and the class-hierarchy tracker, and removal.
import ObjCModel

/// The Aspects library of one scenario: its global tables (swizzled class names, trackers, containers) live here.
public final class Aspects {
    public let rt: Runtime
    static let library = "Aspects"

    /// `AspectOptions` positions (Aspects.h): before, instead of, or after the original.
    public enum Position: String, Sendable, CaseIterable {
        case before, instead, after

        /// Whether a hook at this position replaces the original: `AspectPositionInstead` runs the instead-blocks and
        /// not the original (Aspects.m:494-507).
        public var replacesOriginal: Bool { self == .instead }
    }

    /// `AspectErrorCode` (Aspects.h), as the NSError the hook call returns.
    public struct AspectError: Error, Equatable, CustomStringConvertible {
        public enum Code: String, Sendable {
            case AspectErrorSelectorBlacklisted, AspectErrorDoesNotRespondToSelector, AspectErrorSelectorDeallocPosition
            case AspectErrorSelectorAlreadyHookedInClassHierarchy, AspectErrorFailedToAllocateClassPair
            case AspectErrorRemoveObjectAlreadyDeallocated, AspectErrorIncompatibleBlockSignature
        }
        public let code: Code
        public let localizedDescription: String
        public var description: String { "\(code.rawValue): \(localizedDescription)" }
    }

    /// An `AspectIdentifier`: one hook, its block (here: the label its body records) and where it hangs.
    struct Identifier {
        let id: Int
        let selector: SEL
        let position: Position
        let label: String
        /// The object the container hangs on: an instance, or the class object for class hooks.
        let object: ObjectID
    }

    /// Aspects' process-wide tables. The IMPs capture this, never the Aspects object or the runtime.
    final class Shared {
        /// `swizzledClasses` (Aspects.m:425-434): class *names* swizzled in place; never re-swizzled.
        var swizzledClasses: [String] = []
        /// `swizzledClassesDict` (:598-645): per class, the selector names it hooks and those its subclasses hook.
        var trackedSelectors: [Class: [String]] = [:]
        var subclassSelectors: [Class: [String]] = [:]
        /// The containers: per object and alias selector. MODEL: an array instead of associated objects keyed by
        /// the alias (:528-537); the lookup is the same.
        var containers: [(object: ObjectID, alias: SEL, aspects: [Identifier])] = []
        var nextID = 1
        var beingCalled: IMP?

        func container(_ o: ObjectID, _ alias: SEL) -> [Identifier] {
            containers.first { $0.object == o && $0.alias == alias }?.aspects ?? []
        }
    }
    let shared = Shared()

    public init(_ rt: Runtime) { self.rt = rt }

    // Aspects.m:91-92, :168-171: the alias of `foo` is `aspects__foo`.
    static let subclassSuffix = "_Aspects_"
    static let messagePrefix = "aspects_"
    func aspect_aliasForSelector(_ sel: SEL) -> SEL { rt.sel(Self.messagePrefix + "_" + rt.sel_getName(sel)) }
    // :390
    static let forwardInvocationSelectorName = "__aspects_forwardInvocation:"

    // MARK: Public API

    /// `aspect_hookSelector:withOptions:usingBlock:error:` sent to `target` (an instance, or a class object for a
    /// class hook; a metaclass object hooks class methods).
    /// - Returns: the token id, or the error Aspects returns (nothing is installed then).
    public func aspect_hookSelector(_ target: ObjectID, _ selector: String, _ position: Position,
                                    label: String) throws -> Result<Int, AspectError> {
        // aspect_add (:117-136): allowed-and-track, container add, then prepare the class.
        let sel = rt.sel(selector)
        if let error = try aspect_isSelectorAllowedAndTrack(target, sel, position) {
            rt.noteFact("Aspects refuses blacklisted selectors, dealloc after, unknown selectors and a second class hook in one hierarchy",
                        source: "Aspects.m:568-648 aspect_isSelectorAllowedAndTrack")
            HookJournal.refuse(rt, Self.library, error.description)
            return .failure(error)
        }
        // identifierWithSelector:object:options:block:error: returns nil when the block's signature does not match
        // the method's (aspect_isCompatibleBlockSignature); aspect_add then installs nothing (Aspects.m, aspect_add).
        if let error = try aspect_isCompatibleBlockSignature(target, sel) {
            HookJournal.refuse(rt, Self.library, error.description)
            return .failure(error)
        }
        let identifier = Identifier(id: shared.nextID, selector: sel, position: position, label: label, object: target)
        shared.nextID += 1
        let alias = aspect_aliasForSelector(sel)
        if let i = shared.containers.firstIndex(where: { $0.object == target && $0.alias == alias }) {
            shared.containers[i].aspects.append(identifier)
        } else {
            shared.containers.append((target, alias, [identifier]))
        }
        if let error = try aspect_prepareClassAndHookSelector(target, sel) {
            HookJournal.refuse(rt, Self.library, error.description)
            return .failure(error)
        }
        return .success(identifier.id)
    }

    /// `-[AspectIdentifier remove]` → `aspect_remove` (:138-159): container remove, then cleanup.
    @discardableResult
    public func remove(_ token: Int) throws -> Bool {
        guard let c = shared.containers.firstIndex(where: { $0.aspects.contains { $0.id == token } }) else { return false }
        let identifier = shared.containers[c].aspects.first { $0.id == token }!
        shared.containers[c].aspects.removeAll { $0.id == token }
        try aspect_cleanupHookedClassAndSelector(identifier.object, identifier.selector)
        return true
    }

    // MARK: Restrictions and the tracker (:568-648)

    func aspect_isSelectorAllowedAndTrack(_ target: ObjectID, _ sel: SEL, _ position: Position) throws -> AspectError? {
        let name = rt.sel_getName(sel)
        // :572 the blacklist.
        if ["retain", "release", "autorelease", "forwardInvocation:"].contains(name) {
            return AspectError(code: .AspectErrorSelectorBlacklisted,
                               localizedDescription: "Selector \(name) is blacklisted.")
        }
        // :585-589 dealloc only before.
        if name == "dealloc", position != .before {
            return AspectError(code: .AspectErrorSelectorDeallocPosition,
                               localizedDescription: "AspectPositionBefore is the only valid position when hooking dealloc.")
        }
        // :591-595 `[self respondsToSelector:] || [self.class instancesRespondToSelector:]`.
        let responds = try rt.objc_msgSend(target, rt.s.respondsToSelector, [.sel(sel)]).boolValue
        let stated = try statedClass(target)
        if !responds, !rt.class_respondsToSelector(stated, sel) {
            return AspectError(code: .AspectErrorDoesNotRespondToSelector,
                               localizedDescription: "Unable to find selector -[\(rt.class_getName(stated)) \(name)].")
        }
        // :598 the tracker runs for class-level hooks only: `class_isMetaClass(object_getClass(self))`.
        guard rt.class_isMetaClass(rt.object_getClass(target)) else { return nil }
        let klass = stated
        // :603-610 a subclass already hooks it.
        if let subs = shared.subclassSelectors[klass], subs.contains(name) {
            return AspectError(code: .AspectErrorSelectorAlreadyHookedInClassHierarchy,
                               localizedDescription: "Error: \(name) already hooked in subclasses of \(rt.class_getName(klass)). A method can only be hooked once per class hierarchy.")
        }
        // :612-623 walk up: the class itself may re-hook ("Already modified and topmost!" :615-617), a superclass may not.
        var current: Class? = klass
        while let c = current {
            if let own = shared.trackedSelectors[c], own.contains(name) {
                if c == klass { return nil }
                return AspectError(code: .AspectErrorSelectorAlreadyHookedInClassHierarchy,
                                   localizedDescription: "Error: \(name) already hooked in \(rt.class_getName(c)). A method can only be hooked once per class hierarchy.")
            }
            current = rt.class_getSuperclass(c)
        }
        // :625-641 mark the class, and every superclass as having a subclass that hooks it.
        shared.trackedSelectors[klass, default: []].append(name)
        current = rt.class_getSuperclass(klass)
        while let c = current {
            shared.subclassSelectors[c, default: []].append(name)
            current = rt.class_getSuperclass(c)
        }
        return nil
    }

    /// `self.class`: the stated class (`-class`, which KVO and isa-swizzlers override to lie).
    func statedClass(_ o: ObjectID) throws -> Class {
        let v = try rt.objc_msgSend(o, rt.s.class)
        return v.object.flatMap { rt.classOfClassObject($0) } ?? rt.object_getClass(o)
    }

    /// `aspect_isCompatibleBlockSignature` (Aspects.m): the method signature is
    /// `[[object class] instanceMethodSignatureForSelector:selector]`, nil when the stated class has no such
    /// *instance* method (a class method sent through the class, Aspects #20); the block then has more arguments
    /// than the nil signature's zero and the hook is refused. `AspectError` only logs and fills the NSError.
    func aspect_isCompatibleBlockSignature(_ target: ObjectID, _ sel: SEL) throws -> AspectError? {
        let cls = try statedClass(target)
        if rt.class_getInstanceMethod(cls, sel) != nil { return nil }
        rt.noteFact("Aspects takes the hooked method's signature from `[[object class] instanceMethodSignatureForSelector:]`; with none, "
                    + "the block's signature does not match and the hook is refused with an NSError, no assertion",
                    source: "Aspects.m aspect_isCompatibleBlockSignature, AspectError; Aspects #20")
        // MODEL: the lab's blocks take `id<AspectInfo>` only, so they match every existing method signature.
        return AspectError(code: .AspectErrorIncompatibleBlockSignature,
                           localizedDescription: "Block signature <NSMethodSignature: v@?@> doesn't match (null).")
    }

    // MARK: Installing (:270-288, :350-447)

    func aspect_prepareClassAndHookSelector(_ target: ObjectID, _ sel: SEL) throws -> AspectError? {
        let klass: Class
        switch try aspect_hookClass(target) {
        case .success(let k): klass = k
        case .failure(let e): return e
        }
        // :273 the target IMP, inherited allowed. aspect_isCompatibleBlockSignature already refused a selector the
        // class's instances lack, so the method exists here.
        guard let targetMethod = rt.class_getInstanceMethod(klass, sel) else { return nil }
        let targetIMP = rt.method_getImplementation(targetMethod)
        // :275 already forwarded (JSPatch, RAC, another Aspects class): no alias, no replace.
        guard targetIMP != rt._objc_msgForward else {
            rt.noteFact("Aspects makes no aspects__ alias for a method that already forwards", source: "Aspects.m:275 aspect_prepareClassAndHookSelector")
            return nil
        }
        let types = rt.method_getTypeEncoding(targetMethod)
        let alias = aspect_aliasForSelector(sel)
        // :279-282 the alias keeps the current IMP, unless the class already answers it.
        if !rt.class_respondsToSelector(klass, alias) {
            rt.class_addMethod(klass, alias, targetIMP, types)
        }
        // :285 the selector now forwards.
        rt.class_replaceMethod(klass, sel, rt._objc_msgForward, types)
        return nil
    }

    /// `aspect_hookClass` (:350-388): where to swizzle.
    func aspect_hookClass(_ target: ObjectID) throws -> Result<Class, AspectError> {
        let stated = try statedClass(target)
        let base = rt.object_getClass(target)
        let className = rt.class_getName(base)
        // :357-358 already subclassed.
        if className.hasSuffix(Self.subclassSuffix) { return .success(base) }
        // :361-362 a class object: class hooks swizzle the class itself in place.
        if rt.class_isMetaClass(base) { return .success(aspect_swizzleClassInPlace(rt.classOfClassObject(target)!)) }
        // :364-366 "Probably a KVO'ed class": any isa-swizzled object whose -class lies.
        if stated != base { return .success(aspect_swizzleClassInPlace(base)) }
        // :369-387 the dynamic subclass.
        let subclassName = className + Self.subclassSuffix
        var subclass = rt.objc_getClass(subclassName)
        if subclass == nil {
            guard let made = rt.objc_allocateClassPair(base, subclassName, owner: Self.library) else {
                return .failure(AspectError(code: .AspectErrorFailedToAllocateClassPair,
                                            localizedDescription: "objc_allocateClassPair failed to allocate class \(subclassName)."))
            }
            aspect_swizzleForwardInvocation(made)
            aspect_hookedGetClass(made, stated)
            aspect_hookedGetClass(rt.objc_getMetaClass(made), stated)
            rt.objc_registerClassPair(made)
            subclass = made
        }
        rt.object_setClass(target, subclass!)
        return .success(subclass!)
    }

    /// `aspect_hookedGetClass` (:412-419): `-class` (and `+class` on the metaclass) return the stated class.
    func aspect_hookedGetClass(_ cls: Class, _ stated: Class) {
        rt.addMethod(cls, "class", types: "#@:", owner: Self.library,
                     label: "-[\(rt.class_getName(cls)) class] (Aspects)") { rt, _, _, _ in .object(rt.classObject(stated)) }
    }

    /// `aspect_swizzleClassInPlace` (:436-447): once per class *name* (class and metaclass share it, #140).
    func aspect_swizzleClassInPlace(_ klass: Class) -> Class {
        let name = rt.class_getName(klass)
        if !shared.swizzledClasses.contains(name) {
            aspect_swizzleForwardInvocation(klass)
            shared.swizzledClasses.append(name)
        }
        return klass
    }

    /// `aspect_swizzleForwardInvocation` (:391-399): the previous handler is kept only if `klass` owned one.
    func aspect_swizzleForwardInvocation(_ klass: Class) {
        let previous = rt.class_replaceMethod(klass, rt.s.forwardInvocation, beingCalledIMP(), "v@:@")
        if let previous {
            rt.class_addMethod(klass, rt.sel(Self.forwardInvocationSelectorName), previous, "v@:@")
        } else {
            rt.noteFact("Aspects keeps the previous forwardInvocation: only if the class owned it; an inherited one is not saved",
                        source: "Aspects.m:391-399 aspect_swizzleForwardInvocation")
        }
    }

    // MARK: Dispatch (:474-521)

    func beingCalledIMP() -> IMP {
        if let imp = shared.beingCalled { return imp }
        let shared = self.shared
        let imp = rt.imp_implementationWithBlock("__ASPECTS_ARE_BEING_CALLED__", owner: Self.library) { rt, o, _, a in
            guard case .invocation(let invocation)? = a.first else { return .none }
            try Self.aspectsAreBeingCalled(rt, shared, o, invocation)
            return .none
        }
        shared.beingCalled = imp
        return imp
    }

    static func aspectsAreBeingCalled(_ rt: Runtime, _ shared: Shared, _ o: ObjectID, _ invocation: NSInvocation) throws {
        let originalSelector = invocation.selector
        let alias = rt.sel(messagePrefix + "_" + rt.sel_getName(originalSelector))
        // :480 the invocation now carries the alias.
        invocation.selector = alias
        // :539-548 object container, then the first class container with aspects walking up from the isa.
        let objectAspects = shared.container(o, alias)
        var classAspects: [Identifier] = []
        var k: Class? = rt.object_getClass(o)
        while let c = k {
            let found = shared.container(rt.classObject(c), alias)
            if !found.isEmpty { classAspects = found; break }
            k = rt.class_getSuperclass(c)
        }
        func run(_ position: Position) {
            for aspect in classAspects + objectAspects where aspect.position == position { HookJournal.record(rt, aspect.label) }
        }
        // :490-492 before: class, then object.
        run(.before)
        // :494-507 instead replaces the original; else the original through the alias, if the isa chain has it.
        var respondsToAlias = true
        if (classAspects + objectAspects).contains(where: { $0.position == .instead }) {
            run(.instead)
        } else {
            var kl: Class? = rt.object_getClass(o)
            respondsToAlias = false
            while let c = kl {
                if rt.class_respondsToSelector(c, alias) {
                    respondsToAlias = true
                    try invocation.invoke(rt)
                    break
                }
                kl = rt.class_getSuperclass(c)
            }
        }
        // :509-510 after: class, then object.
        run(.after)
        // :512-516 only now the fallback: the saved handler, or doesNotRecognizeSelector:.
        if !respondsToAlias {
            rt.noteFact("Aspects' forwardInvocation: without an aspects__ alias runs the after-blocks, then the saved handler or doesNotRecognizeSelector:",
                        source: "Aspects.m:509-516 __ASPECTS_ARE_BEING_CALLED__")
            invocation.selector = originalSelector
            let saved = rt.sel(forwardInvocationSelectorName)
            if try rt.objc_msgSend(o, rt.s.respondsToSelector, [.sel(saved)]).boolValue {
                try rt.objc_msgSend(o, saved, [.invocation(invocation)])
            } else {
                try rt.objc_msgSend(o, rt.s.doesNotRecognizeSelector, [.sel(originalSelector)])
                throw rt.unrecognized(o, originalSelector)
            }
        }
    }

    // MARK: Removal (:291-345, :401-410)

    func aspect_cleanupHookedClassAndSelector(_ target: ObjectID, _ sel: SEL) throws {
        var klass = rt.object_getClass(target)
        let isMeta = rt.class_isMetaClass(klass)
        if isMeta { klass = rt.classOfClassObject(target)! }
        // :304-313 a forwarded selector gets the alias's IMP back, whoever installed the forward.
        if let targetMethod = rt.class_getInstanceMethod(klass, sel),
           rt.method_getImplementation(targetMethod) == rt._objc_msgForward {
            let alias = aspect_aliasForSelector(sel)
            if let original = rt.class_getInstanceMethod(klass, alias) {
                if rt.class_getMethodImplementation(klass, rt.s.forwardInvocation) != shared.beingCalled {
                    rt.noteFact("Aspects' removal puts the aliased IMP back over any forward, whoever installed it",
                                source: "Aspects.m:304-313 aspect_cleanupHookedClassAndSelector")
                }
                rt.class_replaceMethod(klass, sel, rt.method_getImplementation(original), rt.method_getTypeEncoding(targetMethod))
            } else {
                // :310 no alias (the selector was forwarded by someone else when Aspects hooked it).
                rt.noteFact("Aspects' removal without an aspects__ alias trips NSCAssert(originalMethod)", source: "Aspects.m:310 aspect_cleanupHookedClassAndSelector")
                try rt.libraryAssert(false, "Original implementation for \(rt.sel_getName(sel)) not found \(rt.sel_getName(alias)) on \(rt.class_getName(klass))",
                                     site: "Aspects.m:310", library: Self.library)
            }
        }
        // :316-341 (Aspects.m:323-341 in the KVO guide §2.5) no aspects left for this selector: undo the class change.
        let alias = aspect_aliasForSelector(sel)
        guard shared.container(target, alias).isEmpty else { return }
        shared.containers.removeAll { $0.object == target && $0.alias == alias }
        let className = rt.class_getName(klass)
        if className.hasSuffix(Self.subclassSuffix) {
            // :327-331 back to the original class; the class pair is never disposed. The class named without the suffix
            // may not exist: KVO subclassed `<Class>_Aspects_` itself (`NSKVONotifying_<Class>_Aspects_`, Aspects #70).
            guard let original = rt.objc_getClass(String(className.dropLast(Self.subclassSuffix.count))) else {
                // :327-331 NSCAssert(originalClass != nil, @"Original class must exist"); in release object_setClass(self, Nil)
                // dereferences the nil class (objc4 objc-class.mm object_setClass: `cls->isFuture()`).
                try rt.libraryAssert(false, "Original class must exist", site: "Aspects.m:327-331", library: Self.library)
                throw rt.fatal("object_setClass(\(rt.describe(.object(target))), Nil) reads the nil class: EXC_BAD_ACCESS", by: "objc4")
            }
            rt.object_setClass(target, original)
        } else if try isMeta || statedClass(target) != klass {
            aspect_undoSwizzleClassInPlace(klass)
        }
        // aspect_deregisterTrackedSelector (called from aspect_remove): the tracker forgets the class hook.
        if isMeta {
            let name = rt.sel_getName(sel)
            if let i = shared.trackedSelectors[klass]?.firstIndex(of: name) { shared.trackedSelectors[klass]!.remove(at: i) }
            var c = rt.class_getSuperclass(klass)
            while let s = c {
                if let i = shared.subclassSelectors[s]?.firstIndex(of: name) { shared.subclassSelectors[s]!.remove(at: i) }
                c = rt.class_getSuperclass(s)
            }
        }
    }

    /// `aspect_undoSwizzleClassInPlace` (:401-410, :449-459): forwardInvocation: back to the saved handler or
    /// NSObject's, even if other selectors of the class are still hooked (#31, #155).
    func aspect_undoSwizzleClassInPlace(_ klass: Class) {
        let name = rt.class_getName(klass)
        guard let i = shared.swizzledClasses.firstIndex(of: name) else { return }
        let saved = rt.class_getInstanceMethod(klass, rt.sel(Self.forwardInvocationSelectorName))
            ?? rt.class_getInstanceMethod(rt.NSObjectClass, rt.s.forwardInvocation)!
        rt.class_replaceMethod(klass, rt.s.forwardInvocation, rt.method_getImplementation(saved), "v@:@")
        shared.swizzledClasses.remove(at: i)
    }
}
