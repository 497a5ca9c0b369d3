// The model's value vocabulary: selectors, classes, objects, IMPs and message arguments.

/// The dictionary hash of a model id: a splitmix64 finalizer of the id and the table's seed. The ids are small
/// sequential numbers looked up at every method-table miss and every method change; the standard SipHash of an
/// `Int32` was about 5% of the matrix's time. Equal ids hash equally, as `Hashable` requires.
@inline(__always)
func modelHash(_ raw: Int32, _ seed: Int) -> Int {
    var x = UInt64(UInt32(bitPattern: raw)) ^ UInt64(bitPattern: Int64(seed))
    x = (x ^ (x >> 30)) &* 0xbf58_476d_1ce4_e5b9
    x = (x ^ (x >> 27)) &* 0x94d0_49bb_1331_11eb
    return Int(bitPattern: UInt(x ^ (x >> 31)))
}

extension String {
    /// Whether `part` occurs in the string, compared byte for byte as `strstr` does: Foundation's `contains` goes
    /// through `CFStringFind`, which was 5% of the matrix's time where models test selector names at every call.
    public func includes(_ part: String) -> Bool {
        var text = self, part = part
        return text.withUTF8 { hay in
            part.withUTF8 { needle in
                guard !needle.isEmpty else { return true }
                guard needle.count <= hay.count else { return false }
                for start in 0...(hay.count - needle.count) where hay[start] == needle[0] {
                    var n = 1
                    while n < needle.count, hay[start + n] == needle[n] { n += 1 }
                    if n == needle.count { return true }
                }
                return false
            }
        }
    }
}

/// A registered selector; its name lives in the runtime's selector table (`sel_registerName`).
public struct SEL: Hashable, Comparable, Sendable {
    public let raw: Int32
    public static func < (a: SEL, b: SEL) -> Bool { a.raw < b.raw }
    public func _rawHashValue(seed: Int) -> Int { modelHash(raw, seed) }
}

/// A class or metaclass of one runtime.
public struct Class: Hashable, Comparable, Sendable {
    public let raw: Int32
    public static func < (a: Class, b: Class) -> Bool { a.raw < b.raw }
    public func _rawHashValue(seed: Int) -> Int { modelHash(raw, seed) }
}

/// An object of one runtime: an instance or a class object. Ids are sequential, so runs reproduce.
public struct ObjectID: Hashable, Comparable, Sendable {
    public let raw: Int32
    public static func < (a: ObjectID, b: ObjectID) -> Bool { a.raw < b.raw }
    public func _rawHashValue(seed: Int) -> Int { modelHash(raw, seed) }
}

/// A method implementation, with identity (two IMPs are equal only if they are the same function).
public struct IMP: Hashable, Comparable, Sendable {
    public let raw: Int32
    public static func < (a: IMP, b: IMP) -> Bool { a.raw < b.raw }
    public func _rawHashValue(seed: Int) -> Int { modelHash(raw, seed) }
}

/// A method entry of one class's own table; `method_exchangeImplementations` swaps the IMPs of two entries.
public struct Method: Hashable, Sendable {
    public let cls: Class
    public let sel: SEL
}

/// An instance variable one class declares (`class_copyIvarList`): its class, name and type encoding (`@` for an object).
public struct Ivar: Hashable, Sendable {
    public let cls: Class
    public let name: String
    public let types: String
    /// `ivar_getTypeEncoding` begins with `@`: an object ivar.
    public var isObject: Bool { types.hasPrefix("@") }
}

/// The body of a model IMP: it receives the runtime, `self`, `_cmd` and the visible arguments.
public typealias IMPBody = (_ rt: Runtime, _ receiver: ObjectID, _ cmd: SEL, _ args: [Value]) throws -> Value

/// An argument or return value of a model message. `.none` is nil, 0, NO and void alike.
public enum Value: Equatable, CustomStringConvertible {
    case none
    case object(ObjectID)
    case bool(Bool)
    case int(Int)
    case string(String)
    case sel(SEL)
    case block(Block)
    case invocation(NSInvocation)

    public var object: ObjectID? { if case .object(let o) = self { return o }; return nil }
    public var isNil: Bool { if case .none = self { return true }; return false }
    /// The ObjC truth value: nil, 0 and NO are false.
    public var boolValue: Bool {
        switch self {
        case .none: return false
        case .bool(let b): return b
        case .int(let i): return i != 0
        default: return true
        }
    }
    public var intValue: Int { if case .int(let i) = self { return i }; return boolValue ? 1 : 0 }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var selValue: SEL? { if case .sel(let s) = self { return s }; return nil }
    public static func obj(_ o: ObjectID?) -> Value { o.map(Value.object) ?? .none }

    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.none, .none): return true
        case (.object(let x), .object(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.sel(let x), .sel(let y)): return x == y
        case (.block(let x), .block(let y)): return x === y
        case (.invocation(let x), .invocation(let y)): return x === y
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .none: return "nil"
        case .object(let o): return "#obj\(o.raw)"
        case .bool(let b): return b ? "YES" : "NO"
        case .int(let i): return String(i)
        case .string(let s): return "@\"\(s)\""
        case .sel(let s): return "@selector(#\(s.raw))"
        case .block(let b): return "^\(b.label)"
        case .invocation: return "<NSInvocation>"
        }
    }
}

/// A block value (a completion or decision handler); it counts its calls.
public final class Block {
    public let label: String
    public private(set) var callCount = 0
    private let body: (Runtime, [Value]) throws -> Value
    public init(label: String, body: @escaping (Runtime, [Value]) throws -> Value) {
        self.label = label
        self.body = body
    }
    /// Calls the block, as `handler(args)` does in ObjC.
    @discardableResult
    public func call(_ rt: Runtime, _ args: [Value] = []) throws -> Value {
        callCount += 1
        return try body(rt, args)
    }
}
