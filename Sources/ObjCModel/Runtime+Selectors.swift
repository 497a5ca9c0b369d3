// Selectors: sel_registerName / sel_getName (objc-sel.mm), interned per runtime.

extension Runtime {
    /// Registers (or finds) a selector by name.
    public func sel_registerName(_ name: String) -> SEL {
        if let s = selectorIndex[name] { return s }
        let s = SEL(raw: Int32(selectorNames.count))
        selectorNames.append(name)
        selectorIndex[name] = s
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
