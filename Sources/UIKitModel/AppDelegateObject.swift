// The app's own business delegate: implements every host delegate method and records what it receives.
import ObjCModel

/// `AppDelegate`, the app's delegate object, as a model class.
public enum AppDelegateObject {
    public static let className = "AppDelegate"
    public static let protocols = ["UIScrollViewDelegate", "UITableViewDelegate", "UITableViewDataSource",
                                   "UICollectionViewDelegate", "UICollectionViewDataSource", "UIWebViewDelegate",
                                   "WKNavigationDelegate"]

    /// The ivar holding a configured answer for a non-void method.
    public static func answerIvar(_ selector: String) -> String { "answer.\(selector)" }

    static func define(in rt: Runtime) {
        let cls = rt.defineClass(className, superclass: rt.NSObjectClass, owner: "app")
        defineTitle(cls, in: rt)
        var seen = Set<String>()
        for name in protocols {
            let p = rt.objc_getProtocol(name)!
            rt.class_addProtocol(cls, p)
            for m in rt.protocol_copyMethodDescriptionList(p) where seen.insert(m.selector).inserted {
                let returnType = m.types.first!
                let name = m.selector
                // The app's methods record what they implement, not `_cmd`: they do not depend on it.
                rt.addMethod(cls, m.selector, types: m.types) { rt, o, _, a in
                    // The index path it was given, if any, so a translation (IMYAOP's injected rows) shows.
                    let indexPath = a.lazy.compactMap(\.stringValue).first { $0.hasPrefix("indexPath{") } ?? ""
                    rt.journal.append(JournalEntry(observer: rt.describe(o), event: name, detail: indexPath))
                    if case .block(let handler)? = a.last, name.contains("decisionHandler:") {
                        try handler.call(rt, [.int(1)])   // WKNavigationActionPolicyAllow, exactly once
                    }
                    let configured = rt.object_getIvar(o, answerIvar(name))
                    if !configured.isNil { return configured }
                    return defaultAnswer(returnType)
                }
            }
        }
    }

    /// A KVO-compliant `title` property, for observers of the app's delegate (imyaop-kvo guide §2).
    static func defineTitle(_ cls: Class, in rt: Runtime) {
        rt.addMethod(cls, "title", types: "@@:") { rt, o, _, _ in rt.object_getIvar(o, "title") }
        rt.addMethod(cls, "setTitle:", types: "v@:@") { rt, o, _, a in
            try rt.object_setIvar(o, "title", a.first ?? .none, .value)
            return .none
        }
    }

    /// What the app answers unless configured: proceed (YES), one row, a 44-point height.
    static func defaultAnswer(_ type: Character) -> Value {
        switch type {
        case "c", "B": return .bool(true)
        case "q": return .int(1)
        case "d": return .int(44)
        default: return .none
        }
    }

    /// Creates an app delegate (+1, owned by the caller), optionally with configured answers.
    public static func make(in rt: Runtime, answers: [(String, Value)] = []) throws -> ObjectID {
        let o = rt.class_createInstance(rt.objc_getClass(className)!)
        _ = try rt.objc_msgSend(o, rt.s.`init`)
        for (sel, v) in answers { try rt.object_setIvar(o, answerIvar(sel), v, .value) }
        return o
    }

    /// The selectors an object received, in order, from the runtime's journal.
    public static func received(by o: ObjectID, in rt: Runtime) -> [String] {
        let label = rt.describe(o)
        return rt.journal.filter { $0.observer == label }.map(\.event)
    }
}
