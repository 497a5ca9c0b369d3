import ObjCModel

/// A tiny class hierarchy for runtime tests: Base (-foo, -bar) and Sub : Base (-bar).
struct Fixture {
    let rt: Runtime
    let base: Class
    let sub: Class
    /// Every IMP body run, as "label(_cmd)".
    final class Log { var lines: [String] = [] }
    let log = Log()

    init(_ config: BuildConfiguration = .debug) {
        rt = Runtime(configuration: config)
        base = rt.defineClass("Base", superclass: rt.NSObjectClass)
        sub = rt.defineClass("Sub", superclass: base)
        let log = self.log
        rt.addMethod(base, "foo") { rt, _, cmd, _ in log.lines.append("Base.foo(\(rt.sel_getName(cmd)))"); return .int(1) }
        rt.addMethod(base, "bar") { rt, _, cmd, _ in log.lines.append("Base.bar(\(rt.sel_getName(cmd)))"); return .int(2) }
        rt.addMethod(sub, "bar") { rt, _, cmd, _ in log.lines.append("Sub.bar(\(rt.sel_getName(cmd)))"); return .int(3) }
    }

    /// An IMP that logs its label and `_cmd`.
    func loggingIMP(_ label: String, returning v: Value = .none) -> IMP {
        let log = self.log
        return rt.imp_implementationWithBlock(label) { rt, _, cmd, _ in
            log.lines.append("\(label)(\(rt.sel_getName(cmd)))"); return v
        }
    }

    func new(_ cls: Class) -> ObjectID { rt.class_createInstance(cls) }
}
