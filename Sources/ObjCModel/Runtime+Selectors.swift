// Selectors: sel_registerName / sel_getName (objc-sel.mm), interned per runtime.

extension Runtime {
    /// Registers (or finds) a selector by name.
    public func sel_registerName(_ name: String) -> SEL {
        if let s = selectorIndex[Name(name)] { return SEL(raw: s) }
        let s = SEL(raw: Int32(selectorNames.count))
        selectorNames.append(name)
        selectorIndex[Name(name)] = s.raw
        if selectorNames.count > cacheStride { growCacheStride() }
        return s
    }

    /// Shorthand for `sel_registerName`, as `@selector(...)` reads in ObjC.
    public func sel(_ name: String) -> SEL { sel_registerName(name) }

    public func sel_getName(_ sel: SEL) -> String { selectorNames[Int(sel.raw)] }
}

/// Selectors the runtime itself sends, registered first so their ids are fixed.
public struct WellKnownSelectors: Sendable {
    static let names = [
        "alloc", "init", "new", "dealloc", "class", "superclass", "self", "isKindOfClass:", "isMemberOfClass:",
        "respondsToSelector:", "conformsToProtocol:", "methodSignatureForSelector:", "forwardInvocation:",
        "forwardingTargetForSelector:", "doesNotRecognizeSelector:", "resolveInstanceMethod:",
        "resolveClassMethod:", "instancesRespondToSelector:", "isSubclassOfClass:", "description",
        "hash", "isEqual:", "retain", "release", "autorelease", "instanceMethodSignatureForSelector:",
        "addObserver:forKeyPath:options:context:", "removeObserver:forKeyPath:",
        "removeObserver:forKeyPath:context:", "observeValueForKeyPath:ofObject:change:context:",
        "_isKVOA", "observationInfo", "performSelector:", "performSelector:withObject:",
        "willChangeValueForKey:", "didChangeValueForKey:",
    ]
    public var alloc: SEL { SEL(raw: 0) }
    public var `init`: SEL { SEL(raw: 1) }
    public var new: SEL { SEL(raw: 2) }
    public var dealloc: SEL { SEL(raw: 3) }
    public var `class`: SEL { SEL(raw: 4) }
    public var superclass: SEL { SEL(raw: 5) }
    public var `self`: SEL { SEL(raw: 6) }
    public var isKindOfClass: SEL { SEL(raw: 7) }
    public var isMemberOfClass: SEL { SEL(raw: 8) }
    public var respondsToSelector: SEL { SEL(raw: 9) }
    public var conformsToProtocol: SEL { SEL(raw: 10) }
    public var methodSignatureForSelector: SEL { SEL(raw: 11) }
    public var forwardInvocation: SEL { SEL(raw: 12) }
    public var forwardingTargetForSelector: SEL { SEL(raw: 13) }
    public var doesNotRecognizeSelector: SEL { SEL(raw: 14) }
    public var resolveInstanceMethod: SEL { SEL(raw: 15) }
    public var resolveClassMethod: SEL { SEL(raw: 16) }
    public var instancesRespondToSelector: SEL { SEL(raw: 17) }
    public var isSubclassOfClass: SEL { SEL(raw: 18) }
    public var description: SEL { SEL(raw: 19) }
    public var hash: SEL { SEL(raw: 20) }
    public var isEqual: SEL { SEL(raw: 21) }
    public var retain: SEL { SEL(raw: 22) }
    public var release: SEL { SEL(raw: 23) }
    public var autorelease: SEL { SEL(raw: 24) }
    public var instanceMethodSignatureForSelector: SEL { SEL(raw: 25) }
    public var addObserver: SEL { SEL(raw: 26) }
    public var removeObserver: SEL { SEL(raw: 27) }
    public var removeObserverContext: SEL { SEL(raw: 28) }
    public var observeValue: SEL { SEL(raw: 29) }
    public var _isKVOA: SEL { SEL(raw: 30) }
    public var observationInfo: SEL { SEL(raw: 31) }
    public var performSelector: SEL { SEL(raw: 32) }
    public var performSelectorWithObject: SEL { SEL(raw: 33) }
    public var willChangeValueForKey: SEL { SEL(raw: 34) }
    public var didChangeValueForKey: SEL { SEL(raw: 35) }

    func register(in rt: Runtime) {
        for n in Self.names { _ = rt.sel_registerName(n) }
    }
}

/// A selector or class name as a table key, compared and hashed byte for byte as objc4 compares names (`strcmp`).
/// Its hash reads eight bytes at a time; the standard SipHash of a `String` was most of `sel_registerName`'s cost,
/// which models call at every method they add and every message they send by name.
///
/// The bytes are hashed once, when the key is made: a table shared with copies and a copy's own are both looked up
/// with it (``SharedNameIndex``).
struct Name: Hashable {
    let string: String
    private let bytesHash: UInt64
    init(_ string: String) {
        self.string = string
        bytesHash = Self.hashBytes(string)
    }

    static func == (a: Name, b: Name) -> Bool {
        guard a.bytesHash == b.bytesHash else { return false }
        let x = a.string.utf8, y = b.string.utf8
        guard x.count == y.count else { return false }
        let same: Bool?? = x.withContiguousStorageIfAvailable { p in
            y.withContiguousStorageIfAvailable { q in
                let (p, q) = (UnsafeRawBufferPointer(p), UnsafeRawBufferPointer(q))
                var i = 0
                while i + 8 <= p.count {
                    if p.loadUnaligned(fromByteOffset: i, as: UInt64.self) != q.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                    i += 8
                }
                while i < p.count { if p[i] != q[i] { return false }; i += 1 }
                return true
            }
        }
        if let same = same ?? nil { return same }
        return x.elementsEqual(y)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }

    func _rawHashValue(seed: Int) -> Int {
        var h = bytesHash ^ UInt64(bitPattern: Int64(seed))
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return Int(bitPattern: UInt(h))
    }

    private static func hashBytes(_ string: String) -> UInt64 {
        let bytes = string.utf8
        var h = UInt64(bytes.count) &* 0x9e37_79b9_7f4a_7c15
        let mixed: UInt64? = bytes.withContiguousStorageIfAvailable { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xff51_afd7_ed55_8ccd
                h ^= h >> 32
                i += 8
            }
            var tail: UInt64 = 0
            while i < raw.count { tail = tail << 8 | UInt64(raw[i]); i += 1 }
            return (h ^ tail) &* 0xc4ce_b9fe_1a85_ec53
        }
        if let mixed { h = mixed } else {
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return h
    }
}
