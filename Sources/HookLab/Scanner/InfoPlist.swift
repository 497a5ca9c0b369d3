// The switches an app sets in its Info.plist, read for the ones participant files declare (`setting NAME plist KEY
// VALUE`: Firebase's FirebaseAppDelegateProxyEnabled, OneSignal's OneSignal_disable_swizzling, App Center's
// AppCenterAppDelegateForwarderEnabled). Read heuristically, like the app delegate's source: an XML property list's
// top-level keys; anything it does not understand (a binary plist, a malformed file) is skipped, never an error.
import Foundation

/// One top-level key of an app's Info.plist, and where.
public struct InfoPlistEntry: Sendable, Hashable {
    public var key: String
    /// The value as written: `YES` or `NO` for `<true/>` and `<false/>`, the text of a `<string>`, `<integer>` or
    /// `<real>`; `dict` or `array` for a collection.
    public var value: String
    /// Whether the value is a `<string>` (Foundation reads it as an NSString, not an NSNumber).
    public var isString = false
    /// The file as the scan names it, and the 1-based line of the `<key>`.
    public var file: String
    public var line: Int

    public init(key: String, value: String, file: String, line: Int) {
        self.key = key
        self.value = value
        self.file = file
        self.line = line
    }

    /// "`FirebaseAppDelegateProxyEnabled` = NO (`ios/Runner/Info.plist:48`)".
    public var sentence: String { "`\(key)` = \(isString ? "`<string>\(value)</string>`" : value) (`\(file):\(line)`)" }
}

public enum InfoPlist {
    /// The top-level keys of an XML property list, in file order; empty for anything else (a binary plist, no `<dict>`).
    public static func read(_ source: String, file: String) -> [InfoPlistEntry] {
        guard source.utf8.count <= 4_000_000, !source.hasPrefix("bplist") else { return [] }
        let bytes = Array(source.utf8)
        var entries: [InfoPlistEntry] = []
        var depth = 0                  // open <dict>/<array> elements; the top-level dict's keys are at depth 1
        var line = 1
        var i = 0
        var pendingKey: (name: String, line: Int)?
        /// The text up to the next `<`, from `start`.
        func content(from start: Int) -> (String, Int) {
            var j = start
            while j < bytes.count, bytes[j] != UInt8(ascii: "<") { j += 1 }
            return (unescaped(String(decoding: bytes[start..<j], as: UTF8.self)), j)
        }
        func value(_ v: String, string: Bool = false) {
            if let key = pendingKey, depth == 1 {
                var entry = InfoPlistEntry(key: key.name, value: v, file: file, line: key.line)
                entry.isString = string
                entries.append(entry)
            }
            pendingKey = nil
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") { line += 1; i += 1; continue }
            guard c == UInt8(ascii: "<") else { i += 1; continue }
            // A comment, a declaration or a processing instruction: skipped whole (its lines counted).
            if bytes[i...].starts(with: Array("<!--".utf8)) || bytes[i...].starts(with: Array("<?".utf8)) || bytes[i...].starts(with: Array("<!".utf8)) {
                let end = bytes[i...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
                var j = i + 1
                while j < bytes.count, !bytes[j...].starts(with: end) {
                    if bytes[j] == UInt8(ascii: "\n") { line += 1 }
                    j += 1
                }
                i = min(bytes.count, j + end.count)
                continue
            }
            var j = i + 1
            while j < bytes.count, bytes[j] != UInt8(ascii: ">") {
                if bytes[j] == UInt8(ascii: "\n") { line += 1 }
                j += 1
            }
            guard j < bytes.count else { break }
            let tag = String(decoding: bytes[(i + 1)..<j], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            i = j + 1
            switch tag {
            case "dict", "array":
                value(tag)
                depth += 1
            case "/dict", "/array":
                depth -= 1
                pendingKey = nil
            case "dict/", "array/":
                value(String(tag.dropLast()))
            case "true/", "false/":
                value(tag == "true/" ? "YES" : "NO")
            case "key", "string", "integer", "real", "date", "data":
                let keyLine = line
                let (body, end) = content(from: i)
                for b in bytes[i..<end] where b == UInt8(ascii: "\n") { line += 1 }
                i = end
                if tag == "key" {
                    pendingKey = depth == 1 ? (body, keyLine) : nil
                } else {
                    value(body.trimmingCharacters(in: .whitespacesAndNewlines), string: tag == "string")
                }
            case "string/":
                value("", string: true)
            default:
                continue
            }
        }
        return entries
    }

    /// The five entities XML predefines, and numeric character references.
    static func unescaped(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let v = named[name] {
                out += v
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                      let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    /// Whether a value as written means `expected`: booleans by their truth (`<false/>`, `NO`, `false` and `0` are
    /// one), anything else by its text.
    public static func matches(_ value: String, _ expected: String) -> Bool {
        func truth(_ s: String) -> Bool? {
            switch s.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        }
        if let a = truth(value), let b = truth(expected) { return a == b }
        return value == expected
    }

    /// The app's Info.plist entries under `directory`: every `Info.plist` outside dependencies, build output, tests and
    /// `skipping` (the other apps of a monorepo), except an extension's (it has `NSExtension`), in path order. `name`
    /// gives the path a report shows for a file relative to `directory`.
    public static func find(in directory: URL, skipping: Set<String> = [], name: (String) -> String) -> [InfoPlistEntry] {
        let skipped: Set<String> = ["Pods", "Carthage", ".build", "build", "DerivedData", ".git", "node_modules", ".symlinks", "ephemeral", ".dart_tool"]
        var found: [(path: String, entries: [InfoPlistEntry])] = []
        Lockfile.walk(directory, maxDepth: 12, maxEntries: 20_000, enters: { entry, path in
            !skipped.contains(entry) && !skipping.contains(path) && !entry.hasSuffix("Tests") && !entry.hasSuffix("Tests.xctest")
        }) { path, entry, size in
            guard entry == "Info.plist", size <= 4_000_000, let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { return }
            let entries = read(text, file: name(path))
            guard !entries.contains(where: { $0.key == "NSExtension" }) else { return }
            found.append((path, entries))
        }
        return found.sorted { $0.path < $1.path }.flatMap(\.entries)
    }
}
