// A small JSON value with ordered keys, a deterministic writer and a parser that knows line numbers.

/// A JSON value whose objects keep their keys in the order written, so output is byte-identical.
///
/// HookLab writes and reads its JSON files itself rather than through `JSONEncoder` and
/// `JSONSerialization`: the writer controls key order and layout, and the parser reports the line of
/// every error, including semantic ones such as an unknown outcome, which Foundation cannot.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    // Structural, not through `text`: hashing by serialising made every lookup in matrix.json's shared tables
    // rewrite the value, and most of the tests' time went there.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let value): hasher.combine(2); hasher.combine(value)
        case .string(let value): hasher.combine(3); hasher.combine(value)
        case .array(let items):
            hasher.combine(4); hasher.combine(items.count)
            for item in items { item.hash(into: &hasher) }
        case .object(let members):
            hasher.combine(5); hasher.combine(members.count)
            for (key, value) in members { hasher.combine(key); value.hash(into: &hasher) }
        }
    }

    /// The value of a key in an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The text of the value.
    /// - Parameter indent: Spaces per level, or nil for compact text on one line without spaces.
    ///   When indented, containers of scalars and of arrays of scalars stay on one line.
    public func text(indent: Int? = 2) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    /// The same text as ``text(indent:)``, byte for byte, with the members of every large container (a document's
    /// tables and cells) written in chunks on `workers` threads and joined in order.
    func text(indent: Int, workers: Int) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0, workers: max(1, workers))
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// A scalar, or an array of scalars: short enough to share a line with its siblings.
    private var isFlat: Bool {
        if case .array(let items) = self { return items.allSatisfy(\.isScalar) }
        return isScalar
    }

    private func write(to out: inout String, indent: Int?, level: Int, workers: Int = 1) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += String(value)
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", to: &out, indent: indent, level: level, workers: workers)
        case .object(let members):
            writeContainer(members.map { ($0.0, $0.1) }, open: "{", close: "}", to: &out, indent: indent, level: level, workers: workers)
        }
    }

    /// Writes a container's members; with `workers` above one, a container of 256 members or more is written in chunks
    /// on that many threads (each chunk on one), joined in order: the same bytes.
    private func writeContainer(_ members: [(String?, JSONValue)], open: String, close: String,
                                to out: inout String, indent: Int?, level: Int, workers: Int = 1) {
        out += open
        defer { out += close }
        guard !members.isEmpty else { return }
        // Containers of flat values (an order, a finding, a baseline cell) stay on one line.
        let inline = indent == nil || members.allSatisfy { $0.1.isFlat }
        let separator = indent == nil ? "," : ", "
        // Member `i` with what comes before it.
        func member(_ i: Int, to out: inout String, workers: Int) {
            let (key, value) = members[i]
            if inline {
                if i > 0 { out += separator }
            } else {
                out += i > 0 ? ",\n" : "\n"
                out += String(repeating: " ", count: indent! * (level + 1))
            }
            if let key {
                JSONValue.writeString(key, to: &out)
                out += indent == nil ? ":" : ": "
            }
            value.write(to: &out, indent: indent, level: level + 1, workers: workers)
        }
        if workers > 1, members.count >= 256 {
            let size = (members.count + workers * 8 - 1) / (workers * 8)
            let chunks = Matrix.concurrentMap((members.count + size - 1) / size, workers: workers) { chunk -> String in
                var text = ""
                for i in (chunk * size)..<min(members.count, (chunk + 1) * size) { member(i, to: &text, workers: 1) }
                return text
            }
            for chunk in chunks { out += chunk }
        } else {
            for i in members.indices { member(i, to: &out, workers: workers) }
        }
        if !inline { out += "\n" + String(repeating: " ", count: indent! * level) }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        // Most strings need no escape: append them whole rather than scalar by scalar.
        // Scanned as contiguous bytes where the string has them (every native string): the UTF-8 view's indices cost
        // about thirty instructions a byte, most of writing a shard file.
        func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        let escapes = value.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsEscape) }
            ?? value.utf8.contains(where: needsEscape)
        if !escapes {
            out += value
            out += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// A JSON syntax or content error at a 1-based line.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// A parsed value together with the line where it starts, for each nested value.
    public struct Located: Sendable {
        public var value: JSONValue
        public var line: Int
        /// Object members with their lines, in order; empty for non-objects.
        public var members: [(key: String, value: Located)]
        /// Array items with their lines; empty for non-arrays.
        public var items: [Located]

        /// The member of an object.
        public subscript(key: String) -> Located? { members.first { $0.key == key }?.value }
    }

    /// Parses JSON text, keeping the line of every value.
    /// - Throws: ``ParseError`` at the line where the text stops being valid JSON.
    public static func parse(_ text: String) throws(ParseError) -> Located { try parse(text, keeping: nil) }

    /// Parses JSON text whose top level is an object, building only the members named in `keeping` (others are
    /// checked exactly as ``parse(_:)`` checks them, and left out): `hooklab diff` reads the cells of a 36 MB
    /// `matrix.json` and none of its reproducers or fixes. A top level that is no object is built whole.
    /// - Throws: ``ParseError`` at the line where the text stops being valid JSON, as ``parse(_:)`` does.
    public static func parse(_ text: String, keeping: Set<String>?) throws(ParseError) -> Located {
        var parser = Parser(bytes: Array(text.utf8))
        parser.keeping = keeping
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected text after the end of the JSON value") }
        return value
    }

    /// Parses JSON text into its value only, for a reader that needs no line but the first error's: it keeps no
    /// ``Located`` tree (half the work on a large file, such as a shard's).
    /// - Throws: ``ParseError`` at the line where the text stops being valid JSON.
    public static func parseValue(_ text: String) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8), locating: false)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected text after the end of the JSON value") }
        return value.value
    }

    struct Parser {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        /// Whether each value keeps its nested ``Located`` members and items (false: only `value` is filled in).
        let locating: Bool
        /// The top-level members to build; nil builds everything (``JSONValue/parse(_:keeping:)``).
        var keeping: Set<String>?
        /// Inside a member that is checked and not built: values are read for their syntax only.
        var skipping = false

        init(bytes: [UInt8], locating: Bool = true) {
            self.bytes = bytes
            self.locating = locating
        }

        func error(_ message: String) -> ParseError { ParseError(line: line, message: message) }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if byte == 0x0A { line += 1 }
                position += 1
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(ParseError) {
            skipSpace()
            guard current == byte else { throw error("expected \(what)\(found)") }
            position += 1
        }

        var found: String {
            guard let byte = current else { return ", found the end of the file" }
            return ", found '\(String(decoding: [byte], as: UTF8.self))'"
        }

        mutating func value(depth: Int) throws(ParseError) -> Located {
            skipSpace()
            guard depth < 200 else { throw error("nesting too deep") }
            let start = line
            switch current {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(key: String, value: Located)] = []
                skipSpace()
                if current == UInt8(ascii: "}") { position += 1; return Located(value: .object([]), line: start, members: [], items: []) }
                while true {
                    skipSpace()
                    guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key\(found)") }
                    let keyLine = line
                    let key = try string()
                    // RFC 8259 leaves duplicate names undefined; readers disagree on which wins, so reject them.
                    if let first = members.first(where: { $0.key == key }) {
                        throw ParseError(line: keyLine, message: "duplicate key \"\(key)\" (first at line \(first.value.line))")
                    }
                    try expect(UInt8(ascii: ":"), "':' after key \"\(key)\"")
                    let skipsMember = depth == 0 && keeping.map { !$0.contains(key) } ?? false
                    if skipsMember { skipping = true }
                    members.append((key, try value(depth: depth + 1)))
                    if skipsMember { skipping = false }
                    skipSpace()
                    if current == UInt8(ascii: ",") { position += 1; continue }
                    if current == UInt8(ascii: "}") { position += 1; break }
                    throw error("expected ',' or '}' after the value of \"\(key)\"\(found)")
                }
                if skipping { return Located(value: .null, line: start, members: [], items: []) }
                // The members left out were kept this far only for the duplicate check.
                if depth == 0, let keeping { members.removeAll { !keeping.contains($0.key) } }
                return Located(value: .object(members.map { ($0.key, $0.value.value) }), line: start, members: locating ? members : [], items: [])
            case UInt8(ascii: "["):
                position += 1
                var items: [Located] = []
                skipSpace()
                if current == UInt8(ascii: "]") { position += 1; return Located(value: .array([]), line: start, members: [], items: []) }
                while true {
                    let item = try value(depth: depth + 1)
                    if !skipping { items.append(item) }
                    skipSpace()
                    if current == UInt8(ascii: ",") { position += 1; continue }
                    if current == UInt8(ascii: "]") { position += 1; break }
                    throw error("expected ',' or ']' in an array\(found)")
                }
                if skipping { return Located(value: .null, line: start, members: [], items: []) }
                return Located(value: .array(items.map(\.value)), line: start, members: [], items: locating ? items : [])
            case UInt8(ascii: "\""):
                if skipping { try skipString(); return Located(value: .null, line: start, members: [], items: []) }
                return Located(value: .string(try string()), line: start, members: [], items: [])
            case UInt8(ascii: "t"): try literal("true"); return Located(value: .bool(true), line: start, members: [], items: [])
            case UInt8(ascii: "f"): try literal("false"); return Located(value: .bool(false), line: start, members: [], items: [])
            case UInt8(ascii: "n"): try literal("null"); return Located(value: .null, line: start, members: [], items: [])
            case let byte? where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39):
                let digitsStart = byte == UInt8(ascii: "-") ? position + 1 : position
                var end = digitsStart
                while end < bytes.count, (bytes[end] >= 0x30 && bytes[end] <= 0x39) { end += 1 }
                guard end > digitsStart else { throw error("expected a digit after '-'") }
                if bytes[digitsStart] == UInt8(ascii: "0"), end > digitsStart + 1 { throw error("a number cannot have a leading zero") }
                if end < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[end]) {
                    throw error("expected an integer (HookLab's JSON files hold no fractions or exponents)")
                }
                guard let number = Int(String(decoding: bytes[position..<end], as: UTF8.self)) else { throw error("integer out of range") }
                position = end
                return Located(value: .number(number), line: start, members: [], items: [])
            default:
                throw error("expected a JSON value\(found)")
            }
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let utf8 = Array(word.utf8)
            guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
                throw error("expected a JSON value\(found)")
            }
            position += utf8.count
        }

        /// Checks a string exactly as ``string()`` does, building nothing.
        mutating func skipString() throws(ParseError) { _ = try string(building: false) }

        mutating func string() throws(ParseError) -> String { try string(building: true) }

        /// Reads a string; without `building`, checks it and returns an empty one.
        mutating func string(building: Bool) throws(ParseError) -> String {
            position += 1 // opening quote
            // Most strings have no escape: one UTF-8 decode of the bytes between the quotes.
            var end = position
            while end < bytes.count, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let text = building ? String(decoding: bytes[position..<end], as: UTF8.self) : ""
                position = end + 1
                return text
            }
            var scalars = String.UnicodeScalarView()
            var chunkStart = position
            func flush(_ parser: Parser, _ end: Int) {
                guard building else { return }
                scalars.append(contentsOf: String(decoding: parser.bytes[chunkStart..<end], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard let byte = current else { throw error("unterminated string") }
                if byte == UInt8(ascii: "\"") {
                    flush(self, position)
                    position += 1
                    return String(scalars)
                }
                if byte == 0x0A { throw error("unterminated string (a newline inside quotes)") }
                if byte < 0x20 { throw error("a control character inside a string must be escaped") }
                if byte == UInt8(ascii: "\\") {
                    flush(self, position)
                    position += 1
                    guard let escape = current else { throw error("unterminated string") }
                    position += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""): scalars.append(Unicode.Scalar(escape))
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xDC00..<0xE000).contains(code) {
                            throw error("unpaired low surrogate \\u\(String(code, radix: 16)) (a low surrogate must follow a high one)")
                        }
                        if (0xD800..<0xDC00).contains(code) {
                            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                                throw error("unpaired high surrogate \\u\(String(code, radix: 16)) (expected a \\uDC00-\\uDFFF escape after it)")
                            }
                            position += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else {
                                throw error("high surrogate \\u\(String(code, radix: 16)) followed by \\u\(String(low, radix: 16)), not by a low surrogate")
                            }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        scalars.append(scalar)
                    default: throw error("invalid escape in string")
                    }
                    chunkStart = position
                    continue
                }
                position += 1
            }
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            // Four hex digits exactly: `UInt32(_:radix:)` alone would take a sign (`\u+123`).
            func isHex(_ byte: UInt8) -> Bool {
                (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
            }
            guard position + 4 <= bytes.count, bytes[position..<position + 4].allSatisfy(isHex),
                  let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else {
                throw error("expected four hex digits after \\u")
            }
            position += 4
            return code
        }
    }
}
