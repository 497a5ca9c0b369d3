// Carthage's Cartfile.resolved: `origin "address" "pin"` lines (versions-and-manifests.md §B3.2).

/// A parsed `Cartfile.resolved`.
public struct CartfileResolved: Sendable {
    /// `github`, `git` or `binary` (`Dependency.swift:102-154`).
    public enum Origin: String, Sendable, Hashable, CaseIterable { case github, git, binary }

    /// One line.
    public struct Entry: Sendable, Hashable {
        public var origin: Origin
        /// The address as written: `owner/name`, a URL, a path.
        public var address: String
        /// A tag (`6.5.0`, `v11.2.1`), a 40-hex SHA, or for a binary origin a version.
        public var pin: String
        public var line: Int

        /// `owner/repo` for a GitHub dependency (`github "owner/name"`, a github.com URL under `github` or `git`), else the
        /// address as written (`Dependency.swift:59-89`).
        public var name: String {
            switch origin {
            case .github:
                if let repository = gitHubRepository(address) { return repository }
                var a = Substring(address)
                if a.lowercased().hasSuffix(".git") { a = a.dropLast(4) }
                return String(a)
            case .git: return gitHubRepository(address) ?? address
            case .binary: return address
            }
        }

        /// Whether the pin is a commit SHA rather than a tag.
        public var isRevision: Bool { pin.count == 40 && pin.allSatisfy(\.isHexDigit) }
    }

    public var entries: [Entry]

    /// Reads a Cartfile.resolved, one dependency per line as Carthage writes it (L165-171).
    /// - Throws: ``InputFileError`` naming the file and line of the first problem.
    public static func parse(_ text: String, file: String) throws(InputFileError) -> CartfileResolved {
        func fail(_ line: Int, _ message: String) -> InputFileError { InputFileError(file: file, line: line, message: message) }
        var entries: [Entry] = []
        for (index, raw) in lockfileLines(text).enumerated() {
            let number = index + 1
            var rest = raw.drop(while: { $0 == " " || $0 == "\t" })
            while rest.last == " " || rest.last == "\t" { rest = rest.dropLast() }
            if rest.isEmpty { continue }
            // Carthage's reader has no comment handling: it fails with "unexpected dependency type" (Cartfile.swift:145-162).
            if rest.first == "#" { throw fail(number, "a comment; Cartfile.resolved has none (Carthage itself refuses it: \"unexpected dependency type\")") }
            let word = rest.prefix(while: { $0 != " " && $0 != "\t" })
            guard let origin = Origin(rawValue: String(word)) else {
                throw fail(number, "unexpected dependency type '\(Scenario.clip(String(word)))'; expected github, git or binary")
            }
            rest = rest.dropFirst(word.count)
            func quoted(_ what: String) throws(InputFileError) -> String {
                rest = rest.drop(while: { $0 == " " || $0 == "\t" })
                guard rest.first == "\"" else { throw fail(number, "expected the \(what) in double quotes after '\(origin.rawValue)'") }
                rest = rest.dropFirst()
                // No escapes: the address ends at the next quote (Dependency.swift).
                guard let close = rest.firstIndex(of: "\"") else { throw fail(number, "the \(what) is not closed with '\"'") }
                let value = String(rest[..<close])
                rest = rest[rest.index(after: close)...]
                guard !value.isEmpty else { throw fail(number, "an empty \(what)") }
                return value
            }
            let address = try quoted("address")
            let pin = try quoted("pinned version")
            guard rest.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                throw fail(number, "unexpected '\(Scenario.clip(String(rest)))' after the pinned version")
            }
            if origin == .github, address.contains("://"), gitHubRepository(address) == nil, !address.hasPrefix("https://") && !address.hasPrefix("http://") {
                throw fail(number, "a github origin takes 'owner/name' or an https URL (GitHub.swift:40-72), not '\(address)'")
            }
            if origin == .github, !address.contains("://"), address.split(separator: "/").count != 2 {
                throw fail(number, "a github origin takes 'owner/name', not '\(address)'")
            }
            let entry = Entry(origin: origin, address: address, pin: pin, line: number)
            if origin == .binary, entry.isRevision { throw fail(number, "a binary origin is pinned to a version, not a commit (Cartfile.swift:58-66)") }
            entries.append(entry)
        }
        return CartfileResolved(entries: entries)
    }

    /// One ``LockedPackage`` per line; a later line of the same dependency replaces an earlier one, as Carthage does
    /// when reading (`cartfile.dependencies[dep] = version`, Cartfile.swift:153).
    public func packages(file: String) -> [LockedPackage] {
        var out: [LockedPackage] = []
        for entry in entries {
            let package = LockedPackage(ecosystem: .carthage, name: entry.name, version: entry.isRevision ? nil : entry.pin,
                                        revision: entry.isRevision ? entry.pin : nil, source: entry.address, file: file, line: entry.line)
            if let i = out.firstIndex(where: { $0.name.lowercased() == package.name.lowercased() }) { out[i] = package } else { out.append(package) }
        }
        return out
    }
}
