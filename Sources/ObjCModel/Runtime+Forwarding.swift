// The forwarding pipeline (CoreFoundation ___forwarding___, guide D5.2): forwardingTargetForSelector:,
// methodSignatureForSelector:, NSInvocation, forwardInvocation:, doesNotRecognizeSelector:.

/// A model `NSInvocation`: target, selector, arguments and a return value.
/// MODEL: a Swift object rather than a model instance, since no modeled library hooks NSInvocation itself.
public final class NSInvocation {
    public var target: Value
    public var selector: SEL
    public var arguments: [Value]
    /// The method signature's type encoding; its first character is the return type (`v` is void).
    public let methodSignature: String
    public var returnValue: Value = .none
    /// Whether anything invoked it (an un-invoked invocation returns the zero buffer).
    public private(set) var invoked = false

    public init(target: Value, selector: SEL, arguments: [Value], methodSignature: String) {
        self.target = target
        self.selector = selector
        self.arguments = arguments
        self.methodSignature = methodSignature
    }

    /// Whether the return type is void (`RX_is_method_signature_void`).
    public var isVoid: Bool { methodSignature.first == "v" }

    /// `-invoke`: sends `selector` to `target`, so the IMP runs with `_cmd` = `selector` (guide §0.5).
    public func invoke(_ rt: Runtime) throws {
        invoked = true
        returnValue = try rt.objc_msgSend(target, selector, arguments)
    }

    /// `-invokeWithTarget:`.
    public func invoke(_ rt: Runtime, target: Value) throws {
        self.target = target
        try invoke(rt)
    }
}

extension Runtime {
    /// The body of `_objc_msgForward`: the slow path every unimplemented (or forwarded) message takes.
    func forward(_ receiver: ObjectID, _ sel: SEL, _ args: [Value]) throws -> Value {
        let isa = objects[Int(receiver.raw)].isa
        if tracing { trace.append(.forward(receiver: describe(receiver), selector: sel_getName(sel))) }
        // a. forwardingTargetForSelector:, only if the receiver's class implements or inherits it.
        if class_respondsToSelector(isa, s.forwardingTargetForSelector) {
            let target = try objc_msgSend(receiver, s.forwardingTargetForSelector, [.sel(sel)])
            if let t = target.object, t != receiver {
                return try objc_msgSend(t, sel, args)
            }
        }
        // b. methodSignatureForSelector:; nil means unrecognized.
        let signature: Value
        if class_respondsToSelector(isa, s.methodSignatureForSelector) {
            signature = try objc_msgSend(receiver, s.methodSignatureForSelector, [.sel(sel)])
        } else {
            signature = .none
        }
        guard case .string(let types) = signature else {
            return try doesNotRecognize(receiver, sel)
        }
        // c. forwardInvocation:, looked up on the receiver's isa, whoever held `_objc_msgForward` (guide §0.3).
        let invocation = NSInvocation(target: .object(receiver), selector: sel, arguments: args, methodSignature: types)
        guard class_respondsToSelector(isa, s.forwardInvocation) else { return try doesNotRecognize(receiver, sel) }
        try objc_msgSend(receiver, s.forwardInvocation, [.invocation(invocation)])
        return invocation.returnValue
    }

    /// `-doesNotRecognizeSelector:` if the receiver has one, else the runtime's own raise.
    func doesNotRecognize(_ receiver: ObjectID, _ sel: SEL) throws -> Value {
        let isa = objects[Int(receiver.raw)].isa
        if class_respondsToSelector(isa, s.doesNotRecognizeSelector) {
            try objc_msgSend(receiver, s.doesNotRecognizeSelector, [.sel(sel)])
        }
        throw unrecognized(receiver, sel)
    }

    /// NSInvalidArgumentException "-[Class sel]: unrecognized selector sent to instance".
    public func unrecognized(_ receiver: ObjectID, _ sel: SEL) -> Fault {
        fault(.unrecognizedSelector(className: class_getName(objects[Int(receiver.raw)].isa),
                                    selector: sel_getName(sel), object: describe(receiver)), raisedBy: "runtime")
    }

    /// Raises an NSException (`[NSException raise:format:]`).
    public func raise(_ name: String, _ reason: String, by library: String = "runtime") -> Fault {
        if tracing { trace.append(.exception(name: name, reason: reason)) }
        return fault(.exception(name: name, reason: reason), raisedBy: library)
    }

    /// A library `assert`/`NSAssert`: trips only in debug; in release it is compiled out and the run goes on.
    ///
    /// A debug assert that holds, and whose check changed nothing (``stateChanges``; a getter it sends may run),
    /// leaves the run as release would have it; anything else marks the run as depending on the configuration
    /// (``configurationRead``).
    public func libraryAssert(_ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
                              site: String, library: String) throws {
        let wasRead = configurationRead
        guard configuration == .debug else { return }
        let before = stateChanges
        if try !condition() {
            throw fault(.assertionFailure(message: message(), site: site), raisedBy: library)
        }
        if stateChanges == before { configurationRead = wasRead }
    }

    /// `fatalError` / `_objc_fatal`: traps in every configuration.
    public func fatal(_ message: String, by library: String) -> Fault {
        fault(.fatalError(message: message), raisedBy: library)
    }

    /// `@try { body } @catch (NSException *)`: catches exceptions only; crashes and traps still propagate.
    public func tryCatch(_ body: () throws -> Value, catch handler: (Fault) throws -> Value) throws -> Value {
        do { return try body() } catch let f as Fault where f.isException { return try handler(f) }
    }
}
