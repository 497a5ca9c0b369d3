// CocoaPods' Podfile.lock: the YAML subset CocoaPods writes (versions-and-manifests.md §B1.2), read strictly.
import Foundation

/// A parsed `Podfile.lock`: its sections in the order CocoaPods writes them (`lockfile.rb:379-399`).
///
/// The reader accepts the YAML CocoaPods writes: top-level keys at column 0, items two spaces in, an item's
/// dependencies four spaces in, plain, double-quoted (`String#inspect`) or single-quoted scalars (`yaml_helper.rb:282-331`),
/// blank lines and `#` comment lines, LF or CRLF, a byte-order mark. Anything else is an error naming the line.
public struct PodfileLock: Sendable {
    /// One `PODS` item: `Name (version)`, a root or `Root/Sub` subspec, with the dependencies listed under it.
    public struct Pod: Sendable, Hashable {
        public var name: String
        public var version: String
        public var line: Int
        public var dependencies: [Dependency]
    }

    /// A dependency string (`Dependency#to_s`, `dependency.rb:326-336`): `Name`, `Name (~> 4.0)`, `Name (from `url`, branch `b`)`.
    public struct Dependency: Sendable, Hashable {
        public var name: String
        /// The text in parentheses, if any.
        public var requirement: String?
        public var line: Int
    }

    /// An `EXTERNAL SOURCES` or `CHECKOUT OPTIONS` entry: a root pod and its `:key: value` options.
    public struct Source: Sendable, Hashable {
        public var name: String
        public var line: Int
        public var options: [Option]
        public struct Option: Sendable, Hashable {
            public var key: String
            public var value: String
        }
        /// The value of `:key:` (`git`, `path`, `commit`…).
        public subscript(key: String) -> String? { options.first { $0.key == key }?.value }
    }

    public var pods: [Pod] = []
    public var dependencies: [Dependency] = []
    /// `SPEC REPOS`: a repository URL or `trunk`, and the roots resolved from it.
    public var specRepos: [(repo: String, pods: [String])] = []
    public var externalSources: [Source] = []
    public var checkoutOptions: [Source] = []
    public var checksums: [(name: String, checksum: String)] = []
    public var podfileChecksum: String?
    public var cocoapodsVersion: String?

    /// The top-level keys, in CocoaPods' order (`HASH_KEY_ORDER`).
    public static let sections = ["PODS", "DEPENDENCIES", "SPEC REPOS", "EXTERNAL SOURCES", "CHECKOUT OPTIONS", "SPEC CHECKSUMS",
                                  "PODFILE CHECKSUM", "COCOAPODS"]

    /// Reads a Podfile.lock.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The file as the user named it, for errors.
    /// - Throws: ``InputFileError`` naming the file and line of the first problem.
    public static func parse(_ text: String, file: String) throws(InputFileError) -> PodfileLock {
        var reader = Reader(file: file)
        try reader.read(lockfileLines(text))
        return reader.lock
    }

    /// One ``LockedPackage`` per `PODS` item (each subspec separately, as CocoaPods lists them), with its git or path
    /// source and checked-out commit.
    public func packages(file: String) -> [LockedPackage] {
        pods.map { pod in
            let root = String(pod.name.split(separator: "/", maxSplits: 1).first ?? Substring(pod.name))
            let external = externalSources.first { $0.name == root }
            let checkout = checkoutOptions.first { $0.name == root }
            return LockedPackage(ecosystem: .cocoapods, name: pod.name, version: pod.version,
                                 revision: checkout?["commit"] ?? external?["commit"],
                                 source: external?["git"] ?? external?["path"] ?? external?["podspec"] ?? external?["http"],
                                 isLocal: external?["path"] != nil, file: file, line: pod.line)
        }
    }

    // MARK: Reading

    struct Reader {
        let file: String
        var lock = PodfileLock()
        var section: String?
        var seen: [String: Int] = [:]
        /// The `PODS` item or mapping key (SPEC REPOS, EXTERNAL SOURCES, CHECKOUT OPTIONS) that level-2 lines belong to.
        var openItem: Int?
        var podLines: [String: Int] = [:]

        init(file: String) { self.file = file }

        func fail(_ line: Int, _ message: String) -> InputFileError { InputFileError(file: file, line: line, message: message) }

        mutating func read(_ lines: [Substring]) throws(InputFileError) {
            for (index, raw) in lines.enumerated() {
                let number = index + 1
                let indent = raw.prefix(while: { $0 == " " }).count
                let body = raw.dropFirst(indent)
                if body.isEmpty || body.allSatisfy({ $0 == " " }) || body.first == "#" { continue }
                if body.first == "\t" { throw fail(number, "a tab in the indentation (YAML indents with spaces only)") }
                if body.hasSuffix(" ") || body.hasSuffix("\t") { throw fail(number, "trailing whitespace (CocoaPods writes none; was the file edited by hand?)") }
                switch indent {
                case 0: try topLevel(body, number)
                case 2: try levelOne(body, number)
                case 4: try levelTwo(body, number)
                default: throw fail(number, "unexpected indentation of \(indent) spaces (CocoaPods writes 0, 2 or 4)")
                }
            }
            if seen.isEmpty { throw fail(max(1, lines.count), "not a Podfile.lock: none of its sections (\(PodfileLock.sections.joined(separator: ", "))) is there") }
            try crossCheck()
        }

        mutating func topLevel(_ body: Substring, _ number: Int) throws(InputFileError) {
            guard let colon = body.firstIndex(of: ":") else {
                throw fail(number, "expected a section such as 'PODS:' at the start of the line, found '\(clip(body))'")
            }
            let key = String(body[..<colon])
            guard PodfileLock.sections.contains(key) else {
                throw fail(number, "unknown section '\(clip(Substring(key)))'\(Scenario.suggestion(key, PodfileLock.sections)); a Podfile.lock has \(PodfileLock.sections.joined(separator: ", "))")
            }
            if let first = seen[key] { throw fail(number, "section \(key) appears twice (first at line \(first))") }
            seen[key] = number
            section = key
            openItem = nil
            var rest = body[body.index(after: colon)...]
            if rest.first == " " { rest = rest.dropFirst() }
            switch key {
            case "PODFILE CHECKSUM", "COCOAPODS":
                guard !rest.isEmpty else { throw fail(number, "\(key) needs a value on the same line") }
                let value = try scalarOnly(rest, number)
                if key == "COCOAPODS" { lock.cocoapodsVersion = value } else { lock.podfileChecksum = value }
            default:
                // An empty list or mapping may be written inline.
                guard rest.isEmpty || rest == "[]" || rest == "{}" else { throw fail(number, "\(key) takes its entries on the lines below, not '\(clip(rest))'") }
            }
        }

        mutating func levelOne(_ body: Substring, _ number: Int) throws(InputFileError) {
            guard let section else { throw fail(number, "an indented line before any section") }
            switch section {
            case "PODS", "DEPENDENCIES":
                guard body.hasPrefix("- ") else { throw fail(number, "expected a list item '- …' in \(section)") }
                let (text, isKey) = try item(body.dropFirst(2), number)
                if section == "DEPENDENCIES" {
                    guard !isKey else { throw fail(number, "a DEPENDENCIES item has no list under it; remove the ':'") }
                    lock.dependencies.append(try dependency(text, number))
                    openItem = nil
                    return
                }
                let (name, version) = try nameAndVersion(text, number)
                guard let version else { throw fail(number, "pod '\(name)' has no version; PODS lists 'Name (version)'") }
                if let first = podLines[name] { throw fail(number, "pod '\(name)' is listed twice in PODS (first at line \(first))") }
                podLines[name] = number
                lock.pods.append(Pod(name: name, version: version, line: number, dependencies: []))
                openItem = isKey ? number : nil
            case "SPEC REPOS", "EXTERNAL SOURCES", "CHECKOUT OPTIONS":
                let (text, isKey) = try item(body, number)
                guard isKey else { throw fail(number, "expected '\(section == "SPEC REPOS" ? "REPOSITORY" : "PodName"):' in \(section)") }
                switch section {
                case "SPEC REPOS":
                    if lock.specRepos.contains(where: { $0.repo == text }) { throw fail(number, "spec repository '\(text)' is listed twice") }
                    lock.specRepos.append((text, []))
                case "EXTERNAL SOURCES":
                    if lock.externalSources.contains(where: { $0.name == text }) { throw fail(number, "'\(text)' is listed twice in EXTERNAL SOURCES") }
                    lock.externalSources.append(Source(name: text, line: number, options: []))
                default:
                    if lock.checkoutOptions.contains(where: { $0.name == text }) { throw fail(number, "'\(text)' is listed twice in CHECKOUT OPTIONS") }
                    lock.checkoutOptions.append(Source(name: text, line: number, options: []))
                }
                openItem = number
            case "SPEC CHECKSUMS":
                let (name, value) = try keyValue(body, number)
                if lock.checksums.contains(where: { $0.name == name }) { throw fail(number, "'\(name)' has two checksums") }
                lock.checksums.append((name, value))
            default:
                throw fail(number, "\(section) takes its value on its own line, not an indented entry")
            }
        }

        mutating func levelTwo(_ body: Substring, _ number: Int) throws(InputFileError) {
            guard let section, openItem != nil else { throw fail(number, "an entry indented by 4 spaces that belongs to no item above it") }
            switch section {
            case "PODS":
                guard body.hasPrefix("- ") else { throw fail(number, "expected a dependency '- Name (requirement)' under the pod above") }
                let (text, isKey) = try item(body.dropFirst(2), number)
                guard !isKey else { throw fail(number, "a pod's dependency has no list under it; remove the ':'") }
                lock.pods[lock.pods.count - 1].dependencies.append(try dependency(text, number))
            case "SPEC REPOS":
                guard body.hasPrefix("- ") else { throw fail(number, "expected a pod name '- Name' under the spec repository") }
                let (text, isKey) = try item(body.dropFirst(2), number)
                guard !isKey, !text.isEmpty else { throw fail(number, "expected a pod name under the spec repository") }
                lock.specRepos[lock.specRepos.count - 1].pods.append(text)
            case "EXTERNAL SOURCES", "CHECKOUT OPTIONS":
                guard body.first == ":" else { throw fail(number, "expected an option such as ':git: URL' (a Ruby symbol key) under '\(section)'") }
                let (key, value) = try keyValue(body.dropFirst(), number)
                guard key.hasSuffix(":") == false, !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == "_" }) else {
                    throw fail(number, "'\(clip(body))' is not an option such as ':git: URL'")
                }
                let option = Source.Option(key: key, value: value)
                if section == "EXTERNAL SOURCES" {
                    guard !lock.externalSources[lock.externalSources.count - 1].options.contains(where: { $0.key == key }) else { throw fail(number, "option :\(key): given twice") }
                    lock.externalSources[lock.externalSources.count - 1].options.append(option)
                } else {
                    guard !lock.checkoutOptions[lock.checkoutOptions.count - 1].options.contains(where: { $0.key == key }) else { throw fail(number, "option :\(key): given twice") }
                    lock.checkoutOptions[lock.checkoutOptions.count - 1].options.append(option)
                }
            default:
                throw fail(number, "\(section) has no entries indented by 4 spaces")
            }
        }

        /// Sections that name pods must name pods that `PODS` lists.
        func crossCheck() throws(InputFileError) {
            let roots = Set(lock.pods.map { String($0.name.split(separator: "/", maxSplits: 1).first ?? Substring($0.name)) })
            for source in lock.externalSources + lock.checkoutOptions where !roots.contains(source.name) {
                throw fail(source.line, "'\(source.name)' has a source here but PODS does not list it")
            }
            for source in lock.externalSources where source.options.isEmpty {
                throw fail(source.line, "'\(source.name)' in EXTERNAL SOURCES has no option (:git:, :path: or :podspec:)")
            }
            // One version per root: CocoaPods lists every subspec of a root at the root's version (§B1.2).
            var versions: [String: (String, Int)] = [:]
            for pod in lock.pods {
                let root = String(pod.name.split(separator: "/", maxSplits: 1).first ?? Substring(pod.name))
                if let (version, line) = versions[root], version != pod.version {
                    throw fail(pod.line, "\(pod.name) is at \(pod.version) but line \(line) lists \(root) at \(version); CocoaPods resolves a pod and its subspecs to one version")
                }
                versions[root] = versions[root] ?? (pod.version, pod.line)
            }
        }

        // MARK: Scalars

        /// A list item or mapping key: its scalar, and whether a `:` after it opens a nested list or mapping.
        func item(_ text: Substring, _ number: Int) throws(InputFileError) -> (String, Bool) {
            if text.first == "\"" || text.first == "'" {
                let (value, rest) = try quoted(text, number)
                if rest.isEmpty { return (value, false) }
                if rest == ":" { return (value, true) }
                throw fail(number, "unexpected '\(clip(rest))' after the quoted text")
            }
            if text.hasSuffix(":") { return (try plain(text.dropLast(), number), true) }
            return (try plain(text, number), false)
        }

        /// `key: value` with a plain or quoted key and value.
        func keyValue(_ text: Substring, _ number: Int) throws(InputFileError) -> (String, String) {
            var key: String
            var rest: Substring
            if text.first == "\"" || text.first == "'" {
                (key, rest) = try quoted(text, number)
                guard rest.hasPrefix(": ") else { throw fail(number, "expected ': ' after the quoted key") }
                rest = rest.dropFirst(2)
            } else {
                guard let separator = text.range(of: ": ") else { throw fail(number, "expected 'key: value', found '\(clip(text))'") }
                key = try plain(text[..<separator.lowerBound], number)
                rest = text[separator.upperBound...]
            }
            if key.hasSuffix(":") { key.removeLast() }
            return (key, try scalarOnly(rest, number))
        }

        /// A whole value: quoted, or plain to the end of the line.
        func scalarOnly(_ text: Substring, _ number: Int) throws(InputFileError) -> String {
            if text.first == "\"" || text.first == "'" {
                let (value, rest) = try quoted(text, number)
                guard rest.isEmpty else { throw fail(number, "unexpected '\(clip(rest))' after the quoted text") }
                return value
            }
            return try plain(text, number)
        }

        func plain(_ text: Substring, _ number: Int) throws(InputFileError) -> String {
            guard !text.isEmpty else { throw fail(number, "expected a value") }
            // A plain scalar cannot start with a YAML indicator (CocoaPods quotes those, `yaml_helper.rb`).
            if let first = text.first, "[]{}&*!|>%@`,#".contains(first) {
                throw fail(number, "'\(clip(text))' starts with '\(first)', which YAML reads as syntax; CocoaPods would have quoted it")
            }
            if text.holds(" #") { throw fail(number, "a comment after a value (' #'); CocoaPods writes none") }
            return String(text)
        }

        /// A double-quoted (Ruby `String#inspect`, YAML escapes) or single-quoted (`''` for `'`) scalar and the text after it.
        func quoted(_ text: Substring, _ number: Int) throws(InputFileError) -> (String, Substring) {
            let quote = text.first!
            var out = ""
            var i = text.index(after: text.startIndex)
            while i < text.endIndex {
                let c = text[i]
                if c == quote {
                    let next = text.index(after: i)
                    if quote == "'", next < text.endIndex, text[next] == "'" { out.append("'"); i = text.index(after: next); continue }
                    return (out, text[next...])
                }
                if quote == "\"", c == "\\" {
                    let next = text.index(after: i)
                    guard next < text.endIndex else { break }
                    switch text[next] {
                    case "\"": out.append("\"")
                    case "\\": out.append("\\")
                    case "/": out.append("/")
                    case "#": out.append("#")
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "e": out.append("\u{1B}")
                    case "0": out.append("\0")
                    case let other: throw fail(number, "unsupported escape '\\\(other)' in a quoted string")
                    }
                    i = text.index(after: next)
                    continue
                }
                out.append(c)
                i = text.index(after: i)
            }
            throw fail(number, "a quoted string is not closed on this line")
        }

        /// `Name (version)` as `name_and_version_from_string` reads it (`specification.rb:156-167`).
        func nameAndVersion(_ text: String, _ number: Int) throws(InputFileError) -> (String, String?) {
            guard let open = text.range(of: " (") else {
                try checkName(Substring(text), number)
                return (text, nil)
            }
            let name = text[..<open.lowerBound]
            try checkName(name, number)
            let rest = text[open.upperBound...]
            guard rest.hasSuffix(")"), rest.count > 1 else { throw fail(number, "expected 'Name (version)', found '\(clip(Substring(text)))'") }
            let inside = String(rest.dropLast())
            guard !inside.isEmpty, !inside.contains("\n") else { throw fail(number, "an empty version in '\(clip(Substring(text)))'") }
            return (String(name), inside)
        }

        func checkName(_ name: Substring, _ number: Int) throws(InputFileError) {
            guard !name.isEmpty, !name.contains(where: { $0 == "(" || $0 == ")" }), !name.holds("  "), name.first != " ", name.last != " ",
                  !name.hasPrefix("/"), !name.hasSuffix("/"), !name.holds("//") else {
                throw fail(number, "'\(clip(name))' is not a pod name")
            }
        }

        func dependency(_ text: String, _ number: Int) throws(InputFileError) -> Dependency {
            let (name, requirement) = try nameAndVersion(text, number)
            return Dependency(name: name, requirement: requirement, line: number)
        }

        func clip(_ text: Substring) -> String { Scenario.clip(String(text)) }
    }
}
