import ObjCModel
import UIKitModel
@testable import LibraryModels

/// A scene for hand-built library tests: a runtime with UIKit loaded, one host and helpers.
struct Scene {
    let rt: Runtime
    let kind: HostKind

    init(_ kind: HostKind, _ config: BuildConfiguration = .debug) {
        rt = Runtime(configuration: config)
        UIKit.load(into: rt, era: kind.era)
        self.kind = kind
    }

    func makeHost() throws -> ObjectID {
        let h = try UIKit.makeHost(kind, in: rt)
        try rt.drainAutoreleasePool()
        return h
    }

    func app(_ answers: [(String, Value)] = []) throws -> ObjectID { try AppDelegateObject.make(in: rt, answers: answers) }

    @discardableResult
    func fire(_ selector: String, on host: ObjectID) throws -> Value {
        let r = try UIKit.fire(kind.event(selector)!, on: host, of: kind, in: rt)
        try rt.drainAutoreleasePool()
        return r
    }

    /// The raw (unfiltered) object in a host's delegate ivar.
    func rawDelegate(_ host: ObjectID, _ property: String = "delegate") -> ObjectID? {
        rt.ivars(host).first { $0.name == property }?.value.object
    }

    func received(_ o: ObjectID) -> [String] { AppDelegateObject.received(by: o, in: rt) }
    func observed(_ observer: String) -> [String] { rt.journal.filter { $0.observer == observer }.map(\.event) }

    /// Records every value passed to `-[cls setter]` by exchanging in a logging hook (the test's own swizzle).
    func logSetter(_ className: String, _ setter: String = "setDelegate:") -> SetterLog {
        let log = SetterLog()
        let imp = rt.imp_implementationWithBlock("-[\(className)(Test) test_\(setter)]") { rt, o, _, a in
            log.values.append(a.first.map(rt.describe) ?? "nil")
            return try rt.send(o, "test_" + setter, a.first ?? .none)
        }
        Swizzling.exchange(rt, rt.objc_getClass(className)!, setter, with: "test_" + setter, imp)
        return log
    }

    final class SetterLog { var values: [String] = [] }
}

extension Fault {
    var cycleSymbols: [String] { cycle.map(\.symbol) }
    var symbols: [String] { frames.map(\.symbol) }
}
