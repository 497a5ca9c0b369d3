// ReactiveObjC `rac_signalForSelector:` (ReactiveCocoa/ReactiveObjC 1af6617f, NSObject+RACSelectorSignal.m;
// method-hooking guide §3, KVO guide §2.5): RACSwizzleClass (a _RACSelectorSignal subclass, or in place when -class
// lies), the predecessor forwardInvocation: captured by value at swizzle time, the rac_alias_ and the skip when the
// method already forwards, and RACForwardInvocation's short-circuit when a subject exists.
import ObjCModel

/// ReactiveObjC's selector signals of one scenario.
public final class ReactiveCocoa {
    public let rt: Runtime
    static let library = "ReactiveObjC"
    // :23-25
    static let aliasPrefix = "rac_alias_"
    static let subclassSuffix = "_RACSelectorSignal"
    static let subclassAssociationKey = "RACSubclassAssociationKey"

    /// The subjects and the in-place set; the IMPs capture this, never the library object or the runtime.
    final class Shared {
        /// `swizzledClasses` (:27-36): class names swizzled in place, once each.
        var swizzledClasses: [String] = []
        /// The subject per object and alias (an associated object keyed by the alias, :180-185), with the label
        /// its subscriber records. MODEL: one subscriber per subject, which records that it received `next`.
        var subjects: [(object: ObjectID, alias: SEL, label: String)] = []
    }
    let shared = Shared()

    public init(_ rt: Runtime) { self.rt = rt }

    /// `[object rac_signalForSelector:sel]` subscribed once; each `next` records `label`.
    /// - Returns: false if RAC could not swizzle the class.
    @discardableResult
    public func rac_signalForSelector(_ o: ObjectID, _ selector: String, label: String = "rac") throws -> Bool {
        let sel = rt.sel(selector)
        let alias = rt.sel(Self.aliasPrefix + selector)
        // :180-185 an existing subject is returned as is.
        if shared.subjects.contains(where: { $0.object == o && $0.alias == alias }) { return true }
        let cls = try RACSwizzleClass(o)
        shared.subjects.append((o, alias, label))
        if let target = rt.class_getInstanceMethod(cls, sel) {
            let imp = rt.method_getImplementation(target)
            // :220 not already forwarded: alias the current IMP (asserted unique, :226-227), then forward (:230).
            if imp == rt._objc_msgForward {
                rt.noteFact("RAC makes no rac_alias_ for a method that already forwards", source: "ReactiveObjC NSObject+RACSelectorSignal.m:220")
            } else {
                let types = rt.method_getTypeEncoding(target)
                let added = rt.class_addMethod(cls, alias, imp, types)
                try rt.libraryAssert(added, "Original implementation for \(selector) is already copied to \(Self.aliasPrefix)\(selector) on \(rt.class_getName(cls))",
                                     site: "NSObject+RACSelectorSignal.m:227", library: Self.library)
                rt.class_replaceMethod(cls, sel, rt._objc_msgForward, types)
            }
        } else {
            // :212 no method at all: a forward stub so the subject still fires.
            rt.class_addMethod(cls, sel, rt._objc_msgForward, "v@:")
        }
        return true
    }

    /// `RACSwizzleClass` (:254-313).
    func RACSwizzleClass(_ o: ObjectID) throws -> Class {
        let stated = try rt.objc_msgSend(o, rt.s.class).object.flatMap { rt.classOfClassObject($0) } ?? rt.object_getClass(o)
        let base = rt.object_getClass(o)
        // :262-263 the subclass RAC made for this object, even if someone swizzled the isa since.
        if let known = rt.objc_getAssociatedObject(o, Self.subclassAssociationKey).object.flatMap({ rt.classOfClassObject($0) }) {
            return known
        }
        let className = rt.class_getName(base)
        if stated != base {
            // :267-290 "probably a KVO dynamic subclass": swizzle in place, once per class name.
            if !shared.swizzledClasses.contains(className) {
                RACSwizzleForwardInvocation(base)
                RACSwizzleGetClass(base, stated)
                RACSwizzleGetClass(rt.objc_getMetaClass(base), stated)
                shared.swizzledClasses.append(className)
            }
            return base
        }
        let subclassName = className + Self.subclassSuffix
        var subclass = rt.objc_getClass(subclassName)
        if subclass == nil {
            let made = rt.objc_allocateClassPair(base, subclassName, owner: Self.library)!
            RACSwizzleForwardInvocation(made)
            RACSwizzleGetClass(made, stated)
            RACSwizzleGetClass(rt.objc_getMetaClass(made), stated)
            rt.objc_registerClassPair(made)
            subclass = made
        }
        rt.object_setClass(o, subclass!)
        // :311 remembered with OBJC_ASSOCIATION_ASSIGN.
        try rt.objc_setAssociatedObject(o, Self.subclassAssociationKey, .object(rt.classObject(subclass!)), .assign)
        return subclass!
    }

    /// `RACSwizzleGetClass`: `-class` returns the stated class.
    func RACSwizzleGetClass(_ cls: Class, _ stated: Class) {
        rt.addMethod(cls, "class", types: "#@:", owner: Self.library,
                     label: "-[\(rt.class_getName(cls)) class] (RAC)") { rt, _, _, _ in .object(rt.classObject(stated)) }
    }

    /// `RACSwizzleForwardInvocation` (:57-88): the inherited handler captured by value now; RACForwardInvocation
    /// first, then the captured handler, or doesNotRecognizeSelector: without one.
    /// MODEL: the respondsToSelector: and methodSignatureForSelector: swizzles are left out; no modeled call needs them.
    func RACSwizzleForwardInvocation(_ cls: Class) {
        let captured = rt.class_getInstanceMethod(cls, rt.s.forwardInvocation).map(rt.method_getImplementation)
        let shared = self.shared
        let imp = rt.imp_implementationWithBlock("-[\(rt.class_getName(cls)) forwardInvocation:] (RAC)", owner: Self.library) { rt, o, cmd, a in
            guard case .invocation(let invocation)? = a.first else { return .none }
            if try Self.RACForwardInvocation(rt, shared, o, invocation) { return .none }
            guard let captured else {
                try rt.objc_msgSend(o, rt.s.doesNotRecognizeSelector, [.sel(invocation.selector)])
                throw rt.unrecognized(o, invocation.selector)
            }
            rt.noteFact("RAC calls the forwardInvocation: it captured when it swizzled the class, not the current one",
                        source: "ReactiveObjC NSObject+RACSelectorSignal.m:57-88; ReactiveObjC PR #27")
            return try rt.callIMP(captured, o, cmd, a)
        }
        rt.class_replaceMethod(cls, rt.s.forwardInvocation, imp, "v@:@")
    }

    /// `RACForwardInvocation` (:40-55): the original through the alias if the isa answers it, then the subject.
    static func RACForwardInvocation(_ rt: Runtime, _ shared: Shared, _ o: ObjectID, _ invocation: NSInvocation) throws -> Bool {
        let alias = rt.sel(aliasPrefix + rt.sel_getName(invocation.selector))
        let subject = shared.subjects.first { $0.object == o && $0.alias == alias }
        let respondsToAlias = rt.class_respondsToSelector(rt.object_getClass(o), alias)
        if respondsToAlias {
            rt.noteFact("RAC's forwardInvocation: runs the original through rac_alias_, then sends the subject",
                        source: "ReactiveObjC NSObject+RACSelectorSignal.m:40-55")
            invocation.selector = alias
            try invocation.invoke(rt)
        }
        guard let subject else { return respondsToAlias }
        // :51-54 sendNext: with the arguments; matched.
        HookJournal.record(rt, subject.label)
        return true
    }
}
