// Crashes, exceptions and traps of the modeled program, as values: a modeled crash never crashes the process.

/// One frame of a modeled call stack, written the way Cocoa prints it.
/// A send in progress, as ``Runtime`` keeps it on its call stack; made into a ``Frame`` only for a fault.
struct CallStackEntry: Equatable {
    var receiver: ObjectID
    var imp: IMP
    var sel: SEL
}

public struct Frame: Hashable, Sendable, CustomStringConvertible {
    /// The message as Cocoa writes it, with the receiver's class: `-[_WebSafeForwarder forwardInvocation:]`.
    public let symbol: String
    /// The receiver, as `Class#n`.
    public let receiver: String
    /// The IMP that ran: its own name, which differs from `symbol` after a swizzle or for an inherited method.
    public let imp: String
    public var description: String { imp == symbol ? symbol : "\(symbol)  (\(imp))" }
}

/// A fault raised by the modeled program: thrown by `objc_msgSend` and caught only by the lab.
public struct Fault: Error, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A message reached a freed object (a zombie, as with NSZombieEnabled).
        case messageToFreedObject(className: String, selector: String, object: String)
        /// `doesNotRecognizeSelector:` ran: NSInvalidArgumentException.
        case unrecognizedSelector(className: String, selector: String, object: String)
        /// An NSException was raised.
        case exception(name: String, reason: String)
        /// `fatalError` / `_objc_fatal` / `abort()`.
        case fatalError(message: String)
        /// A library assertion tripped (debug configuration only).
        case assertionFailure(message: String, site: String)
        /// A send never returned: the model's depth bound was hit.
        case infiniteRecursion
        /// EXC_BAD_ACCESS in the runtime itself, not in a message to a freed object: `function` read `address`.
        case badAccess(function: String, address: String, reason: String)
    }

    public var kind: Kind
    /// The library that raised it, when known (`RxCocoa`, `runtime`).
    public var raisedBy: String
    /// The sends in progress where the runtime raised it (``Runtime/fault(_:raisedBy:)``), innermost first.
    public internal(set) var unwound: [Frame] = []

    public init(_ kind: Kind, raisedBy: String) {
        self.kind = kind
        self.raisedBy = raisedBy
    }

    /// The message path at the fault, outermost first.
    public var frames: [Frame] { unwound.reversed() }

    /// For `.infiniteRecursion`: the shortest repeating run of frames at the top of the stack.
    public var cycle: [Frame] {
        let f = unwound
        guard f.count >= 2 else { return f }
        // The innermost frames may be a call the depth bound interrupted (a super send inside one turn of the loop),
        // so the search may start a few frames out.
        for start in 0..<min(8, f.count / 2) {
            for period in 1...((f.count - start) / 2) {
                let checked = min(f.count - start - period, period * 3)
                var repeats = true
                for i in start..<(start + checked) where f[i] != f[i + period] { repeats = false; break }
                if repeats { return Array(f[start..<(start + period)].reversed()) }
            }
        }
        return []
    }

    public var isException: Bool {
        switch kind {
        case .exception, .unrecognizedSelector: return true
        default: return false
        }
    }

    public var description: String {
        switch kind {
        case let .messageToFreedObject(cls, sel, obj):
            return "*** -[\(cls) \(sel)]: message sent to deallocated instance \(obj)"
        case let .unrecognizedSelector(cls, sel, obj):
            return "-[\(cls) \(sel)]: unrecognized selector sent to instance \(obj)"
        case let .exception(name, reason):
            return "\(name): \(reason)"
        case let .fatalError(message):
            return "Fatal error: \(message)"
        case let .assertionFailure(message, site):
            return "Assertion failed\(message.isEmpty ? "" : ": \(message)") (\(site))"
        case .infiniteRecursion:
            return "infinite recursion: " + cycle.map(\.symbol).joined(separator: " → ")
        case let .badAccess(function, address, reason):
            return "EXC_BAD_ACCESS (KERN_INVALID_ADDRESS at \(address)) in \(function): \(reason)"
        }
    }
}
