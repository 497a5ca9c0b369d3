import ObjCModel
@testable import LibraryModels

/// A runtime with the app's view controllers for method-hook tests: `UIViewController` implements
/// `viewWillAppear:`, `ViewController` overrides it (no super call), `SubViewController` overrides it and calls
/// super, `InheritingViewController` only inherits it; `ViewController` has `+classMethod`. Every body records
/// `body:<Class>`.
struct Classes {
    let rt: Runtime
    let uiViewController: Class, viewController: Class, subViewController: Class, inheriting: Class

    init(_ config: BuildConfiguration = .debug) {
        rt = Runtime(configuration: config)
        uiViewController = rt.defineClass("UIViewController", superclass: rt.NSObjectClass)
        viewController = rt.defineClass("ViewController", superclass: uiViewController)
        subViewController = rt.defineClass("SubViewController", superclass: viewController)
        inheriting = rt.defineClass("InheritingViewController", superclass: uiViewController)
        body(uiViewController, callsSuper: false)
        body(viewController, callsSuper: false)
        body(subViewController, callsSuper: true)
        rt.addClassMethod(viewController, "classMethod") { rt, _, _, _ in
            HookJournal.record(rt, "body:+ViewController")
            return .none
        }
    }

    func body(_ cls: Class, callsSuper: Bool) {
        let label = "body:\(rt.class_getName(cls))"
        let superclass = rt.class_getSuperclass(cls)!
        rt.addMethod(cls, "viewWillAppear:", types: "v@:c") { rt, o, _, a in
            HookJournal.record(rt, label)
            if callsSuper { try rt.objc_msgSendSuper(o, superclass, rt.sel("viewWillAppear:"), a) }
            return .none
        }
    }

    func make(_ cls: Class) throws -> ObjectID { try rt.makeObject(cls, autorelease: false) }

    /// Calls `viewWillAppear:` and returns what ran.
    func call(_ o: ObjectID, _ selector: String = "viewWillAppear:") throws -> [String] {
        let start = rt.journal.count
        try rt.objc_msgSend(o, rt.sel(selector), selector.hasSuffix(":") ? [.bool(true)] : [])
        return rt.journal[start...].filter { $0.observer == HookJournal.ran }.map(\.event)
    }

    var refusals: [String] { rt.journal.filter { $0.event == HookJournal.refused }.map(\.detail) }
}
