// An Xcode `project.pbxproj` (an old-style property list): which Swift package products the app links
// (`XCSwiftPackageProductDependency` `productName`, versions-and-manifests.md §B2.3).
import Foundation

/// The Swift package products a project links, by package identity.
public struct XcodeProject: Sendable {
    /// One `XCSwiftPackageProductDependency`.
    public struct ProductDependency: Sendable, Hashable {
        public var productName: String
        /// The identity of its `XCRemoteSwiftPackageReference` (from `repositoryURL`); nil for a local package.
        public var identity: String?
        public var line: Int
    }

    public var products: [ProductDependency]
    /// Each `XCLocalSwiftPackageReference`'s `relativePath` (relative to the directory holding the .xcodeproj), in file
    /// order: ``LinkedProducts`` reads their `Package.swift`.
    public var localPackages: [(relativePath: String, line: Int)] = []

    /// The linked products of each remote package identity, in file order.
    public var productsByIdentity: [String: [String]] {
        var out: [String: [String]] = [:]
        for p in products { if let id = p.identity, !(out[id] ?? []).contains(p.productName) { out[id, default: []].append(p.productName) } }
        return out
    }

    /// Reads a project.pbxproj.
    /// - Throws: ``InputFileError`` naming the file and line of the first problem.
    public static func parse(_ text: String, file: String) throws(InputFileError) -> XcodeProject {
        var parser = PlistParser(bytes: Array(text.utf8), file: file)
        let root = try parser.document()
        guard case .dictionary(let top) = root.value else { throw InputFileError(file: file, line: root.line, message: "expected a property list dictionary") }
        guard let objects = top.first(where: { $0.key == "objects" })?.value, case .dictionary(let entries) = objects.value else {
            throw InputFileError(file: file, line: root.line, message: "not an Xcode project: no \"objects\" dictionary")
        }
        func string(_ dict: [(key: String, value: PlistParser.Node)], _ key: String) -> String? {
            guard case .string(let s)? = dict.first(where: { $0.key == key })?.value.value else { return nil }
            return s
        }
        var byID: [String: [(key: String, value: PlistParser.Node)]] = [:]
        for entry in entries { if case .dictionary(let d) = entry.value.value { byID[entry.key] = d } }
        var products: [ProductDependency] = []
        var locals: [(relativePath: String, line: Int)] = []
        for entry in entries {
            if case .dictionary(let object) = entry.value.value, string(object, "isa") == "XCLocalSwiftPackageReference",
               let path = string(object, "relativePath"), !path.isEmpty {
                locals.append((path, entry.value.line))
            }
        }
        for entry in entries {
            guard case .dictionary(let object) = entry.value.value, string(object, "isa") == "XCSwiftPackageProductDependency" else { continue }
            guard let name = string(object, "productName") else {
                throw InputFileError(file: file, line: entry.value.line, message: "an XCSwiftPackageProductDependency without productName")
            }
            var identity: String?
            if let ref = string(object, "package"), let package = byID[ref], let url = string(package, "repositoryURL") {
                identity = swiftPMIdentity(url)
            }
            products.append(ProductDependency(productName: name, identity: identity, line: entry.value.line))
        }
        return XcodeProject(products: products, localPackages: locals)
    }
}

/// A reader for the old-style (OpenStep) property lists Xcode writes project files in: dictionaries `{ k = v; }`,
/// arrays `( a, b, )`, quoted and unquoted strings, `/* */` and `//` comments.
struct PlistParser {
    indirect enum Value: Sendable {
        case string(String)
        case array([Node])
        case dictionary([(key: String, value: Node)])
    }
    struct Node: Sendable {
        var value: Value
        var line: Int
    }

    let bytes: [UInt8]
    let file: String
    var position = 0
    var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        // `// !$*UTF8*$!` heads every project file; it is a comment like any other.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    func fail(_ message: String) -> InputFileError { InputFileError(file: file, line: line, message: message) }

    mutating func document() throws(InputFileError) -> Node {
        let node = try value(depth: 0)
        try skip()
        guard position == bytes.count else { throw fail("unexpected text after the property list") }
        return node
    }

    mutating func skip() throws(InputFileError) {
        while position < bytes.count {
            let b = bytes[position]
            if b == 0x0A { line += 1; position += 1 }
            else if b == 0x20 || b == 0x09 || b == 0x0D { position += 1 }
            else if b == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                position += 2
                while true {
                    guard position + 1 < bytes.count else { throw fail("a /* comment is not closed") }
                    if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") { position += 2; break }
                    if bytes[position] == 0x0A { line += 1 }
                    position += 1
                }
            } else if b == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            } else { return }
        }
    }

    static func isBare(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "_$/:.-+".utf8.contains(b)
    }

    mutating func value(depth: Int) throws(InputFileError) -> Node {
        try skip()
        guard depth < 100 else { throw fail("nesting too deep") }
        guard position < bytes.count else { throw fail("unexpected end of the file") }
        let start = line
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(key: String, value: Node)] = []
            while true {
                try skip()
                guard position < bytes.count else { throw fail("a '{' is not closed") }
                if bytes[position] == UInt8(ascii: "}") { position += 1; break }
                let key = try string()
                try skip()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw fail("expected '=' after \"\(Scenario.clip(key))\"") }
                position += 1
                let v = try value(depth: depth + 1)
                try skip()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else { throw fail("expected ';' after the value of \"\(Scenario.clip(key))\"") }
                position += 1
                members.append((key, v))
            }
            return Node(value: .dictionary(members), line: start)
        case UInt8(ascii: "("):
            position += 1
            var items: [Node] = []
            while true {
                try skip()
                guard position < bytes.count else { throw fail("a '(' is not closed") }
                if bytes[position] == UInt8(ascii: ")") { position += 1; break }
                items.append(try value(depth: depth + 1))
                try skip()
                guard position < bytes.count else { throw fail("a '(' is not closed") }
                if bytes[position] == UInt8(ascii: ",") { position += 1 }
                else if bytes[position] != UInt8(ascii: ")") { throw fail("expected ',' or ')' in a list") }
            }
            return Node(value: .array(items), line: start)
        default:
            return Node(value: .string(try string()), line: start)
        }
    }

    mutating func string() throws(InputFileError) -> String {
        guard position < bytes.count else { throw fail("unexpected end of the file") }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            var out: [UInt8] = []
            while true {
                guard position < bytes.count else { throw fail("a quoted string is not closed") }
                let b = bytes[position]
                if b == UInt8(ascii: "\"") { position += 1; break }
                if b == 0x0A { line += 1 }
                if b == UInt8(ascii: "\\"), position + 1 < bytes.count {
                    let e = bytes[position + 1]
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    default: out.append(e)
                    }
                    position += 2
                    continue
                }
                out.append(b)
                position += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
        let begin = position
        while position < bytes.count, Self.isBare(bytes[position]) { position += 1 }
        guard position > begin else {
            throw fail("unexpected '\(String(decoding: [bytes[position]], as: UTF8.self))' in the property list")
        }
        return String(decoding: bytes[begin..<position], as: UTF8.self)
    }
}
