// Protocols with method descriptions (protocol_getMethodDescription): selectors, type encodings, required/optional.

public struct ProtocolRef: Hashable, Sendable {
    public let raw: Int32
}

/// One method declared by a protocol.
public struct ProtocolMethod: Sendable {
    public let selector: String
    /// Type encoding; the first character is the return type (`v` void, `c`/`B` BOOL, `@` id, `q` NSInteger).
    public let types: String
    public let required: Bool
    public let instance: Bool
    public init(_ selector: String, _ types: String, required: Bool = false, instance: Bool = true) {
        self.selector = selector
        self.types = types
        self.required = required
        self.instance = instance
    }
    public var isVoid: Bool { types.first == "v" }
}

struct ProtocolRecord {
    let name: String
    let methods: [ProtocolMethod]
    let inherits: [ProtocolRef]
}

extension Runtime {
    /// Defines a protocol (`objc_allocateProtocol` + `protocol_addMethodDescription` + register).
    @discardableResult
    public func defineProtocol(_ name: String, inherits: [ProtocolRef] = [], methods: [ProtocolMethod]) -> ProtocolRef {
        if let p = protocolIndex[name] { return p }
        let p = ProtocolRef(raw: Int32(protocols.count))
        protocols.append(ProtocolRecord(name: name, methods: methods, inherits: inherits))
        protocolIndex[name] = p
        for m in methods { _ = sel_registerName(m.selector) }
        return p
    }

    public func objc_getProtocol(_ name: String) -> ProtocolRef? { protocolIndex[name] }
    public func protocol_getName(_ p: ProtocolRef) -> String { protocols[Int(p.raw)].name }

    /// Every method the protocol declares, its parents' included (parents first), in declaration order.
    public func protocol_copyMethodDescriptionList(_ p: ProtocolRef) -> [ProtocolMethod] {
        let rec = protocols[Int(p.raw)]
        return rec.inherits.flatMap { protocol_copyMethodDescriptionList($0) } + rec.methods
    }

    public func protocol_getMethodDescription(_ p: ProtocolRef, _ sel: SEL) -> ProtocolMethod? {
        methodDescription(p, named: sel_getName(sel))
    }

    /// The first description of `name` in ``protocol_copyMethodDescriptionList(_:)``'s order (parents first), found
    /// without building the list: hooks ask it at every install.
    private func methodDescription(_ p: ProtocolRef, named name: String) -> ProtocolMethod? {
        for parent in protocols[Int(p.raw)].inherits {
            if let found = methodDescription(parent, named: name) { return found }
        }
        return protocols[Int(p.raw)].methods.first { $0.selector == name }
    }

    public func class_addProtocol(_ cls: Class, _ p: ProtocolRef) {
        if !classes[Int(cls.raw)].protocols.contains(p) { classes[Int(cls.raw)].protocols.append(p) }
    }

    /// Protocols adopted by `cls` and its superclasses, most-derived first.
    public func class_copyProtocolList(_ cls: Class) -> [ProtocolRef] {
        var out: [ProtocolRef] = []
        var c: Class? = cls
        while let k = c { out += classes[Int(k.raw)].protocols; c = classes[Int(k.raw)].superclass }
        return out
    }

    func protocol_conformsTo(_ p: ProtocolRef, _ other: ProtocolRef) -> Bool {
        p == other || protocols[Int(p.raw)].inherits.contains { protocol_conformsTo($0, other) }
    }

    /// `class_conformsToProtocol` walking superclasses, as `+conformsToProtocol:` does.
    public func class_conformsToProtocol(_ cls: Class, _ p: ProtocolRef) -> Bool {
        var c: Class? = cls
        while let k = c {
            if classes[Int(k.raw)].protocols.contains(where: { protocol_conformsTo($0, p) }) { return true }
            c = classes[Int(k.raw)].superclass
        }
        return false
    }

    /// The type encoding NSObject's `methodSignatureForSelector:` finds: an implemented method's types, else a
    /// method declared in an adopted protocol, required or optional (rxcocoa guide §3.4).
    public func signatureForSelector(_ cls: Class, _ sel: SEL) -> String? {
        if let m = class_getInstanceMethod(cls, sel) { return method_getTypeEncoding(m) }
        for p in class_copyProtocolList(cls) {
            if let d = protocol_getMethodDescription(p, sel) { return d.types }
        }
        return nil
    }
}
