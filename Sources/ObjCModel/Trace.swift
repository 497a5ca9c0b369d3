// The optional trace of sends, forwards, stores, retains and frees; off in bulk runs.

public enum TraceEvent: Equatable, Sendable, CustomStringConvertible {
    case send(depth: Int, receiver: String, selector: String, imp: String)
    case forward(receiver: String, selector: String)
    case alloc(object: String)
    case retain(object: String, count: Int)
    case release(object: String, count: Int)
    case free(object: String)
    case setIvar(object: String, ivar: String, value: String, ownership: Ownership)
    case associate(object: String, key: String, value: String)
    case setMethod(cls: String, meta: Bool, selector: String, imp: String)
    case setClass(object: String, from: String, to: String)
    case exception(name: String, reason: String)

    public var description: String {
        switch self {
        case let .send(d, r, s, i): return String(repeating: "  ", count: max(0, d - 1)) + "\(r) \(s) → \(i)"
        case let .forward(r, s): return "forward \(r) \(s)"
        case let .alloc(o): return "alloc \(o)"
        case let .retain(o, c): return "retain \(o) → \(c)"
        case let .release(o, c): return "release \(o) → \(c)"
        case let .free(o): return "free \(o)"
        case let .setIvar(o, n, v, k): return "\(o).\(n) = \(v) (\(k.rawValue))"
        case let .associate(o, k, v): return "assoc \(o)[\(k)] = \(v)"
        case let .setMethod(c, m, s, i): return "\(m ? "+" : "-")[\(c) \(s)] := \(i)"
        case let .setClass(o, f, t): return "isa \(o): \(f) → \(t)"
        case let .exception(n, r): return "raise \(n): \(r)"
        }
    }
}
