// A local Swift package's `Package.swift`, read for what it links: an Xcode project that references a local package
// (`XCLocalSwiftPackageReference`, a module of the app's own, or Flutter's FlutterGeneratedPluginSwiftPackage) links
// that package's products only, and the SDKs come through its `.package(url:)` dependencies and its targets'
// `.product(name:package:)` uses. The manifest is Swift code; this reading is heuristic: it understands those calls
// and nothing else, and never fails (a manifest it cannot follow gives fewer products, never an error).
import Foundation

/// What one `Package.swift` declares that `scan` needs.
public struct LocalPackageManifest: Sendable, Hashable {
    /// One `.package(…)` dependency: a remote one (`url:`) or another local one (`path:`).
    public struct Dependency: Sendable, Hashable {
        /// The `name:` of an older manifest's `.package(name:url:…)`, which `.product(package:)` then uses.
        public var name: String?
        public var url: String?
        public var path: String?
        public var line: Int
    }
    /// One `.product(name: "FirebaseMessaging", package: "firebase-ios-sdk")` in a target's dependencies.
    public struct ProductUse: Sendable, Hashable {
        public var product: String
        public var package: String
        public var line: Int
    }

    public var dependencies: [Dependency]
    /// The products its non-test targets use (a `.testTarget`'s are not linked into the app).
    public var productUses: [ProductUse]

    /// Reads a manifest's text; anything it does not recognise is skipped.
    public static func read(_ text: String) -> LocalPackageManifest {
        let code = SwiftCode(text)
        let tests = code.calls(named: ".testTarget")
        var dependencies: [Dependency] = []
        for call in code.calls(named: ".package") {
            let url = call.arguments["url"], path = call.arguments["path"]
            if url != nil || path != nil { dependencies.append(Dependency(name: call.arguments["name"], url: url, path: path, line: call.line)) }
        }
        var uses: [ProductUse] = []
        for call in code.calls(named: ".product") where !tests.contains(where: { $0.range.contains(call.range.lowerBound) }) {
            guard let name = call.arguments["name"], let package = call.arguments["package"] else { continue }
            uses.append(ProductUse(product: name, package: package, line: call.line))
        }
        return LocalPackageManifest(dependencies: dependencies, productUses: uses)
    }
}

/// The products an app links from its Swift packages: its Xcode projects' product dependencies, and those of the local
/// packages they reference, followed through the local packages those depend on.
public struct LinkedProducts: Sendable {
    /// The products linked from each remote package identity, in the order read.
    public var byIdentity: [String: [String]] = [:]
    /// For a product linked by a local package rather than the project: "the local package at PATH:LINE", keyed by
    /// `identity/product`.
    public var linkedBy: [String: String] = [:]
    /// The local manifests read, as display paths, in the order read.
    public var manifests: [String] = []
    /// The local packages a project references whose `Package.swift` is not in the scanned tree (Flutter's generated
    /// package before a build), as display paths.
    public var missing: [String] = []

    public init() {}

    mutating func add(_ product: String, of identity: String, by via: String?) {
        if !(byIdentity[identity] ?? []).contains(product) { byIdentity[identity, default: []].append(product) }
        if let via, linkedBy["\(identity)/\(product)"] == nil { linkedBy["\(identity)/\(product)"] = via }
    }

    /// The products the projects beside a Package.resolved link, their local packages' included.
    /// - Parameters:
    ///   - projects: `X.xcodeproj/project.pbxproj` files (``Lockfile/projectFiles(besides:)``).
    ///   - name: How a file is named in reports and errors.
    /// - Throws: ``InputFileError`` for a project file that cannot be read; a local manifest never throws.
    public static func of(projects: [URL], name: (URL) -> String) throws(InputFileError) -> LinkedProducts? {
        guard !projects.isEmpty else { return nil }
        var linked = LinkedProducts()
        var visited: [String] = []
        for project in projects {
            let parsed = try XcodeProject.parse(try Lockfile.readText(project, file: name(project)), file: name(project))
            for p in parsed.products { if let identity = p.identity { linked.add(p.productName, of: identity, by: nil) } }
            // A local reference's path is relative to the directory that holds the .xcodeproj.
            let directory = project.deletingLastPathComponent().deletingLastPathComponent()
            for local in parsed.localPackages {
                linked.follow(directory.appendingPathComponent(local.relativePath), depth: 0, visited: &visited, name: name)
            }
        }
        return linked
    }

    /// Reads the local package in `directory` and the local packages it depends on (at most 8 deep, each once).
    mutating func follow(_ directory: URL, depth: Int, visited: inout [String], name: (URL) -> String) {
        let manifest = directory.appendingPathComponent("Package.swift").standardizedFileURL
        guard depth < 8, !visited.contains(manifest.path) else { return }
        visited.append(manifest.path)
        guard let data = FileManager.default.contents(atPath: manifest.path), let text = String(data: data, encoding: .utf8) else {
            missing.append(name(manifest))
            return
        }
        manifests.append(name(manifest))
        let read = LocalPackageManifest.read(text)
        // `package:` names a dependency by its `name:`, its identity (the URL's last component, without `.git`) or a
        // local package's directory name. Flutter's generated package names each plugin by `name:`, its path being a
        // versioned symlink (`firebase_messaging-16.2.2`; flutter_tools swift_package_manager.dart).
        for use in read.productUses {
            let target = use.package.lowercased()
            if let local = read.dependencies.first(where: { dependency in
                   dependency.path != nil && (dependency.name?.lowercased() == target
                       || dependency.path.map { URL(fileURLWithPath: $0).lastPathComponent.lowercased() == target } == true)
               }), let path = local.path {
                follow(directory.appendingPathComponent(path), depth: depth + 1, visited: &visited, name: name)
            } else {
                let remote = read.dependencies.first { $0.url.map(swiftPMIdentity) == target || $0.name?.lowercased() == target }
                add(use.product, of: remote?.url.map(swiftPMIdentity) ?? target, by: "the local package at \(name(manifest)):\(use.line)")
            }
        }
    }
}

/// Swift source with its comments blanked (newlines kept), for finding calls and their string arguments.
struct SwiftCode {
    let bytes: [UInt8]

    init(_ text: String) {
        var out = Array(text.utf8)
        var i = 0
        var inString = false
        while i < out.count {
            let c = out[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\n") { inString = false }
                i += 1
                continue
            }
            if c == UInt8(ascii: "\"") { inString = true; i += 1; continue }
            if c == UInt8(ascii: "/"), i + 1 < out.count, out[i + 1] == UInt8(ascii: "/") {
                while i < out.count, out[i] != UInt8(ascii: "\n") { out[i] = UInt8(ascii: " "); i += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < out.count, out[i + 1] == UInt8(ascii: "*") {
                while i < out.count, !(out[i] == UInt8(ascii: "*") && i + 1 < out.count && out[i + 1] == UInt8(ascii: "/")) {
                    if out[i] != UInt8(ascii: "\n") { out[i] = UInt8(ascii: " ") }
                    i += 1
                }
                var end = 0
                while i < out.count, end < 2 { out[i] = UInt8(ascii: " "); i += 1; end += 1 }
                continue
            }
            i += 1
        }
        bytes = out
    }

    /// One call `NAME(…)`: where it is, its line, and its `label: "string"` arguments (the first of each label).
    struct Call {
        var range: Range<Int>
        var line: Int
        var arguments: [String: String]
    }

    /// Every call of `name` (`.package`), outside strings, in source order.
    func calls(named name: String) -> [Call] {
        let head = Array((name + "(").utf8)
        var found: [Call] = []
        var line = 1
        var i = 0
        var inString = false
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") { line += 1; inString = false }
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if c == UInt8(ascii: "\"") { inString = true; i += 1; continue }
            if c == head[0], bytes[i...].starts(with: head) {
                let open = i + head.count - 1
                let close = matchingParen(from: open)
                found.append(Call(range: i..<close, line: line, arguments: arguments(in: (open + 1)..<close)))
                i += head.count
                continue
            }
            i += 1
        }
        return found
    }

    /// The index of the `)` closing the `(` at `open`, or the end of the text.
    func matchingParen(from open: Int) -> Int { Self.matching(bytes, from: open, UInt8(ascii: "("), UInt8(ascii: ")")) }

    /// The index of the `closer` that closes the `opener` at `open` (outside strings), or the end of the text.
    static func matching(_ code: [UInt8], from open: Int, _ opener: UInt8, _ closer: UInt8) -> Int {
        var depth = 0
        var found = code.count
        scan(code, from: open) { i, c in
            if c == opener { depth += 1 }
            if c == closer { depth -= 1; if depth == 0 { found = i; return false } }
            return true
        }
        return found
    }

    /// The index of the first `byte` from `start` outside strings, or nil.
    static func first(_ byte: UInt8, in code: [UInt8], from start: Int) -> Int? {
        var found: Int?
        scan(code, from: start) { i, c in
            if c == byte { found = i; return false }
            return true
        }
        return found
    }

    /// Calls `visit` with each byte from `start` that is outside a string literal (one line at most, `\` escapes
    /// skipped; the newline that ends an open one is visited), until it returns false.
    static func scan(_ code: [UInt8], from start: Int, _ visit: (Int, UInt8) -> Bool) {
        var i = start, inString = false
        while i < code.count {
            let c = code[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c != UInt8(ascii: "\n") {
                    if c == UInt8(ascii: "\"") { inString = false }
                    i += 1
                    continue
                }
                inString = false
            } else if c == UInt8(ascii: "\"") {
                inString = true
                i += 1
                continue
            }
            if !visit(i, c) { return }
            i += 1
        }
    }

    /// The `label: "value"` pairs at the call's own level (not inside nested calls' parentheses).
    func arguments(in range: Range<Int>) -> [String: String] {
        var out: [String: String] = [:]
        var i = range.lowerBound
        var depth = 0
        var label: [UInt8] = []
        var afterColon = false
        while i < range.upperBound, i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                var value: [UInt8] = []
                var j = i + 1
                while j < range.upperBound, j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\n") {
                    if bytes[j] == UInt8(ascii: "\\"), j + 1 < bytes.count { value.append(bytes[j + 1]); j += 2; continue }
                    value.append(bytes[j])
                    j += 1
                }
                if depth == 0, afterColon, !label.isEmpty, let key = String(bytes: label, encoding: .utf8), out[key] == nil {
                    out[key] = String(decoding: value, as: UTF8.self)
                }
                label = []
                afterColon = false
                i = j + 1
                continue
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") { depth -= 1 }
            if c == UInt8(ascii: ":") {
                afterColon = true
            } else if c.isIdentifierByte {
                if afterColon { label = []; afterColon = false }
                label.append(c)
            } else if c != UInt8(ascii: " ") && c != UInt8(ascii: "\t") && c != UInt8(ascii: "\n") && c != UInt8(ascii: "\r") {
                label = []
                afterColon = false
            }
            i += 1
        }
        return out
    }
}

private extension UInt8 {
    var isIdentifierByte: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || self == UInt8(ascii: "_")
    }
}
