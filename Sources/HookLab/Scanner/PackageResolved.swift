// SwiftPM's Package.resolved, versions 1, 2 and 3 (versions-and-manifests.md §B2.3), read with HookLab's JSON reader.

/// A parsed `Package.resolved`: its pins, each with the line it starts on.
public struct PackageResolved: Sendable {
    /// One pin.
    public struct Pin: Sendable, Hashable {
        /// The identity: v2/v3 `identity`; v1 derives it from `repositoryURL` as SwiftPM does (L529-539).
        public var identity: String
        /// `remoteSourceControl`, `localSourceControl` or `registry` (v1: always remote source control).
        public var kind: String
        /// v2/v3 `location`, v1 `repositoryURL`.
        public var location: String
        public var version: String?
        public var branch: String?
        public var revision: String?
        public var line: Int
    }

    /// The file's `version`: 1, 2 or 3.
    public var formatVersion: Int
    public var pins: [Pin]
    /// v3's `originHash`.
    public var originHash: String?

    /// The `version` values SwiftPM writes (`ResolvedPackagesStore.swift:202-253`).
    public static let formatVersions = 1...3
    static let kinds = ["remoteSourceControl", "localSourceControl", "registry"]

    /// Reads a Package.resolved.
    /// - Throws: ``InputFileError`` naming the file and line of the first problem.
    public static func parse(_ text: String, file: String) throws(InputFileError) -> PackageResolved {
        func fail(_ line: Int, _ message: String) -> InputFileError { InputFileError(file: file, line: line, message: message) }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let root: JSONValue.Located
        do { root = try JSONValue.parse(body) } catch { throw fail(error.line, error.message) }
        guard case .object = root.value else { throw fail(root.line, "expected a JSON object with \"version\" and \"pins\"") }
        guard let versionValue = root["version"] else { throw fail(root.line, "missing \"version\" (1, 2 or 3)") }
        guard case .number(let format) = versionValue.value, formatVersions.contains(format) else {
            throw fail(versionValue.line, "unknown 'Package.resolved' version \(versionValue.value.text(indent: nil)); HookLab reads versions 1, 2 and 3")
        }

        func string(_ object: JSONValue.Located, _ key: String, required: Bool, nullable: Bool) throws(InputFileError) -> String? {
            guard let member = object[key] else {
                if required { throw fail(object.line, "a pin without \"\(key)\"") }
                return nil
            }
            switch member.value {
            case .string(let s): return s
            case .null where nullable: return nil
            default: throw fail(member.line, "\"\(key)\" must be a string\(nullable ? " or null" : ""), not \(member.value.text(indent: nil))")
            }
        }

        let pinsArray: JSONValue.Located
        var originHash: String?
        if format == 1 {
            guard let object = root["object"], case .object = object.value else { throw fail(root.line, "a version 1 file keeps its pins in \"object\": {\"pins\": […]}") }
            guard let pins = object["pins"] else { throw fail(object.line, "missing \"pins\" in \"object\"") }
            pinsArray = pins
        } else {
            if root["object"] != nil { throw fail(root["object"]!.line, "\"object\" is the version 1 layout; a version \(format) file has top-level \"pins\"") }
            guard let pins = root["pins"] else { throw fail(root.line, "missing \"pins\"") }
            pinsArray = pins
            if format == 3 { originHash = try string(root, "originHash", required: false, nullable: false) }
        }
        guard case .array = pinsArray.value else { throw fail(pinsArray.line, "\"pins\" must be an array") }

        var pins: [Pin] = []
        for item in pinsArray.items {
            guard case .object = item.value else { throw fail(item.line, "a pin must be an object") }
            guard let state = item["state"] else { throw fail(item.line, "a pin without \"state\"") }
            guard case .object = state.value else { throw fail(state.line, "\"state\" must be an object") }
            let nullable = format == 1   // the legacy writer emits explicit nulls (L341-346)
            let version = try string(state, "version", required: false, nullable: nullable)
            let branch = try string(state, "branch", required: false, nullable: nullable)
            let revision = try string(state, "revision", required: format == 1, nullable: false)
            var pin: Pin
            if format == 1 {
                let url = try string(item, "repositoryURL", required: true, nullable: false)!
                _ = try string(item, "package", required: false, nullable: true)
                pin = Pin(identity: swiftPMIdentity(url), kind: "remoteSourceControl", location: url, version: version, branch: branch,
                          revision: revision, line: item.line)
            } else {
                let identity = try string(item, "identity", required: true, nullable: false)!
                let kind = try string(item, "kind", required: true, nullable: false)!
                guard kinds.contains(kind) else {
                    throw fail(item["kind"]!.line, "unknown pin kind '\(kind)'; expected \(kinds.joined(separator: ", "))")
                }
                let location = try string(item, "location", required: true, nullable: false)!
                _ = try string(item, "originalLocation", required: false, nullable: false)
                pin = Pin(identity: identity, kind: kind, location: location, version: version, branch: branch, revision: revision, line: item.line)
                guard !identity.isEmpty else { throw fail(item.line, "a pin with an empty \"identity\"") }
                // A source-control pin always has a revision; a registry pin has only a version (L460-462).
                if kind == "registry" {
                    guard version != nil else { throw fail(state.line, "a registry pin without \"version\"") }
                } else if revision == nil {
                    throw fail(state.line, "a source-control pin without \"revision\"")
                }
            }
            if version == nil && revision == nil { throw fail(state.line, "a pin with neither \"version\" nor \"revision\"") }
            // A version HookLab cannot compare (or one of a package it does not know) is kept as written, never an error:
            // the package is then "version not modeled" at most.
            // SwiftPM refuses a file with two pins of one identity ("duplicated entry for package", L216-218).
            if let first = pins.first(where: { $0.identity == pin.identity }) {
                throw fail(item.line, "duplicated entry for package '\(pin.identity)' (first at line \(first.line))")
            }
            pins.append(pin)
        }
        return PackageResolved(formatVersion: format, pins: pins, originHash: originHash)
    }

    /// One ``LockedPackage`` per pin; `products` are the products a `project.pbxproj` beside it links from each
    /// identity, when there is one; `linkedBy` says which local package links a product (``LinkedProducts/linkedBy``).
    public func packages(file: String, products: [String: [String]]? = nil, linkedBy: [String: String] = [:]) -> [LockedPackage] {
        pins.map { pin in
            var package = LockedPackage(ecosystem: .spm, name: pin.identity, version: pin.version, revision: pin.revision,
                                        source: pin.location.isEmpty ? nil : pin.location, products: products.map { $0[pin.identity] ?? [] },
                                        file: file, line: pin.line)
            for product in package.products ?? [] {
                if let via = linkedBy["\(pin.identity)/\(product)"] { package.productsLinkedBy[product] = via }
            }
            return package
        }
    }
}
