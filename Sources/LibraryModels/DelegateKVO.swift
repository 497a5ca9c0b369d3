// Key-value observing as an app uses it next to delegate hosts (imyaop-kvo guide §2): an observer of the host's
// contentOffset (MJRefresh observes the scroll view, imyaop guide §1.8 #3) or of the app delegate's title. The
// isa-swizzling itself is the runtime's (Runtime+KVO.swift); this file is only the app's observer.
import ObjCModel
import UIKitModel

/// The app's KVO observer object and the calls an app makes with it.
public enum DelegateKVO {
    /// The journal observer name of everything the observer is told.
    public static let observer = "kvo"
    public static let observerClassName = "AppKVOObserver"
    /// The host key path an MJRefresh-style observer watches.
    public static let hostKeyPath = "contentOffset"
    /// The app delegate key path observed by `kvo.observe-delegate`.
    public static let delegateKeyPath = "title"
    /// The hosts with a KVO-compliant `contentOffset`.
    public static let hostClasses = ["UIScrollView", "UITableView", "UICollectionView"]

    /// The journal event for a change of `keyPath`.
    public static func event(_ keyPath: String) -> String { "observeValueForKeyPath:\(keyPath)" }

    /// Registers the observer class (once).
    public static func load(into rt: Runtime) {
        guard rt.objc_getClass(observerClassName) == nil else { return }
        let cls = rt.defineClass(observerClassName, superclass: rt.NSObjectClass, owner: "app")
        // The app's -observeValueForKeyPath:ofObject:change:context: records what changed, on which object.
        rt.addMethod(cls, "observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { rt, _, _, a in
            let keyPath = a.first?.stringValue ?? "?"
            rt.journal.append(JournalEntry(observer: observer, event: event(keyPath), detail: a.count > 1 ? rt.describe(a[1]) : ""))
            return .none
        }
    }

    /// A new observer, +1, owned by the caller.
    public static func makeObserver(in rt: Runtime) throws -> ObjectID {
        load(into: rt)
        let o = rt.class_createInstance(rt.objc_getClass(observerClassName)!)
        _ = try rt.objc_msgSend(o, rt.s.`init`)
        return o
    }

    /// `[object addObserver:observer forKeyPath:keyPath options:NSKeyValueObservingOptionNew context:context]`.
    public static func observe(_ object: ObjectID, _ keyPath: String, by observer: ObjectID, context: Value = .none,
                               in rt: Runtime) throws {
        try rt.objc_msgSend(object, rt.s.addObserver, [.object(observer), .string(keyPath), .int(1), context])
    }

    /// `[object removeObserver:observer forKeyPath:keyPath]`.
    public static func unobserve(_ object: ObjectID, _ keyPath: String, by observer: ObjectID, in rt: Runtime) throws {
        try rt.objc_msgSend(object, rt.s.removeObserver, [.object(observer), .string(keyPath)])
    }
}
