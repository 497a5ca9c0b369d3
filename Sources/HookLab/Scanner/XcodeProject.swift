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

    /// The project's native targets, in file order (issue 44 "App roots": only the iOS application target's files are
    /// the app's).
    public var targets: [Target] = []

    /// One `PBXNativeTarget`: its kind and the directories its files are in.
    public struct Target: Sendable, Hashable {
        public var name: String
        /// `com.apple.product-type.application`, `…app-extension`, `…watchkit2-extension`, …
        public var productType: String
        /// Its configurations' `SDKROOT` values (`iphoneos`, `watchos`); empty when none is set on the target.
        public var sdkRoots: [String]
        /// The directories, relative to the directory holding the `.xcodeproj`, of its configurations' `INFOPLIST_FILE`
        /// and of its synchronized folders (Xcode 16's `fileSystemSynchronizedGroups`).
        public var directories: [String]

        /// An iOS app: an application target not built for another platform only (a watchOS app is an application built
        /// for `watchos`; `auto` is a multiplatform app's; an App Clip is another product type).
        public var isIOSApplication: Bool {
            productType == "com.apple.product-type.application" && !sdkRoots.contains { ["watchos", "macosx", "appletvos", "xros"].contains($0) }
        }
    }

    /// The directories of the targets that are not an iOS app (extensions, watch apps, App Clips, macOS apps), less those
    /// an iOS app's target also uses, relative to the directory holding the `.xcodeproj`, sorted.
    public var otherTargetDirectories: [String] {
        let apps = Set(targets.filter(\.isIOSApplication).flatMap(\.directories))
        // Never a directory that holds an app's own (a target whose Info.plist is at the top of the app's folder).
        return Set(targets.filter { !$0.isIOSApplication }.flatMap(\.directories)).subtracting(apps).subtracting([""])
            .filter { other in !apps.contains { $0.hasPrefix(other + "/") } }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The projects under an app's root (`.xcodeproj` folders, outside dependencies and build output, at most 5 deep),
    /// each read (one that does not read is left out): its path relative to `directory` and what it says.
    public static func projects(under directory: URL) -> [(path: String, project: XcodeProject)] {
        var out: [(String, XcodeProject)] = []
        let skipped: Set<String> = ["Pods", "Carthage", ".build", "build", "DerivedData", ".git", "node_modules", ".symlinks", "ephemeral", ".dart_tool"]
        Lockfile.walk(directory, maxDepth: 6, maxEntries: 50_000, enters: { name, _ in !skipped.contains(name) && !name.hasSuffix(".xcworkspace") }) { path, name, size in
            guard name == "project.pbxproj", path.hasSuffix(".xcodeproj/project.pbxproj"), size <= 8_000_000,
                  let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8), let project = try? parse(text, file: path) else { return }
            out.append((path, project))
        }
        return out
    }

    /// The directories under an app's root that hold another target's files (an extension's, a watch app's), relative to
    /// the root: what ``otherTargetDirectories`` says of each project, placed where the project is.
    public static func notTheApp(_ projects: [(path: String, project: XcodeProject)]) -> [String] {
        var out: [String] = []
        for (path, project) in projects {
            let base = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            for directory in project.otherTargetDirectories {
                let full = base.isEmpty ? directory : base + "/" + directory
                if !out.contains(full) { out.append(full) }
            }
        }
        return out
    }

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
        func strings(_ dict: [(key: String, value: PlistParser.Node)], _ key: String) -> [String] {
            guard case .array(let items)? = dict.first(where: { $0.key == key })?.value.value else { return [] }
            return items.compactMap { if case .string(let s) = $0.value { s } else { nil } }
        }
        var targets: [Target] = []
        for entry in entries {
            guard case .dictionary(let object) = entry.value.value, string(object, "isa") == "PBXNativeTarget" else { continue }
            var roots: [String] = [], directories: [String] = []
            let configurations = string(object, "buildConfigurationList").flatMap { byID[$0] }.map { strings($0, "buildConfigurations") } ?? []
            for id in configurations {
                guard let configuration = byID[id], case .dictionary(let settings)? = configuration.first(where: { $0.key == "buildSettings" })?.value.value else { continue }
                if let sdk = string(settings, "SDKROOT"), !roots.contains(sdk) { roots.append(sdk) }
                if let plist = string(settings, "INFOPLIST_FILE") {
                    var path = plist
                    for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
                    let directory = (path as NSString).deletingLastPathComponent
                    if !path.contains("$"), !directories.contains(directory) { directories.append(directory) }
                }
            }
            for id in strings(object, "fileSystemSynchronizedGroups") {
                if let group = byID[id], let path = string(group, "path"), !directories.contains(path) { directories.append(path) }
            }
            targets.append(Target(name: string(object, "name") ?? "", productType: string(object, "productType") ?? "", sdkRoots: roots, directories: directories))
        }
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
        var project = XcodeProject(products: products, localPackages: locals)
        project.targets = targets
        return project
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
