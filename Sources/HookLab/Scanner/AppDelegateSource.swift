// What an app's own source says about its set-up, read heuristically: the app delegate's class and what it subclasses
// (FlutterAppDelegate, RCTAppDelegate, ExpoAppDelegate, UIResponder), or SwiftUI's `@UIApplicationDelegateAdaptor`.
// The reading never fails: source it does not understand is skipped, and a scan falls back to what the lockfiles say.
import Foundation

/// The app delegate an app's source declares, and where.
public struct AppDelegateSource: Sendable, Hashable {
    /// The framework its declaration shows.
    public enum Kind: String, Sendable, Hashable {
        case uikit, swiftui, flutter, reactNative = "react-native", expo
    }

    /// The file as the scan names it, and the 1-based line of the declaration (or of the adaptor).
    public var file: String
    public var line: Int
    /// The app delegate's class (`AppDelegate`).
    public var className: String
    /// What it subclasses (`FlutterAppDelegate`); for SwiftUI, `App` (the adaptor's owner is SwiftUI's own delegate).
    public var superclass: String
    public var kind: Kind
    /// Whether the file marks the app's entry point (`@main`, `@UIApplicationMain`, `UIApplicationMain(`).
    public var isEntryPoint: Bool

    /// The framework each superclass means (the templates' own base classes).
    static let frameworks: [String: Kind] = [
        "FlutterAppDelegate": .flutter, "RCTAppDelegate": .reactNative, "ExpoAppDelegate": .expo, "EXAppDelegateWrapper": .expo,
    ]

    /// The files worth reading for it: Swift and Objective-C sources named like an app delegate or a SwiftUI `App`.
    public static func isCandidate(_ fileName: String) -> Bool {
        let name = fileName as NSString
        guard ["swift", "m", "mm"].contains(name.pathExtension) else { return false }
        let base = name.deletingPathExtension
        return base.contains("AppDelegate") || (name.pathExtension == "swift" && base.hasSuffix("App"))
    }

    /// The app delegate one file declares; nil when it declares none the reader recognises. A SwiftUI
    /// `@UIApplicationDelegateAdaptor(X.self)` wins over a class declaration.
    public static func read(_ text: String, file: String) -> AppDelegateSource? {
        guard text.utf8.count <= 2_000_000 else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let entry = lines.contains { line in
            let t = line.drop { $0 == " " || $0 == "\t" }
            return t.hasPrefix("@main") || t.hasPrefix("@UIApplicationMain") || t.contains("UIApplicationMain(")
        }
        var found: AppDelegateSource?
        for (index, raw) in lines.enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("//") { continue }
            if let adaptor = line.range(of: "@UIApplicationDelegateAdaptor") {
                // `@UIApplicationDelegateAdaptor(AppDelegate.self) var …`, or the type from the property's annotation:
                // `@UIApplicationDelegateAdaptor private var appDelegate: AppDelegate`.
                let rest = line[adaptor.upperBound...]
                let named = rest.first == "(" ? rest.dropFirst() : rest.range(of: ": ").map { rest[$0.upperBound...] } ?? ""
                let type = named.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                guard !type.isEmpty else { continue }
                return AppDelegateSource(file: file, line: index + 1, className: String(type), superclass: "App", kind: .swiftui, isEntryPoint: true)
            }
            guard found == nil, let (name, parents) = declaration(line) else { continue }
            let superclass = parents.first ?? ""
            let known = frameworks[superclass]
            guard known != nil || parents.contains("UIApplicationDelegate") || (name.contains("AppDelegate") && superclass.contains("AppDelegate")) else { continue }
            found = AppDelegateSource(file: file, line: index + 1, className: name, superclass: superclass, kind: known ?? .uikit, isEntryPoint: entry)
        }
        return found
    }

    /// `class NAME: A, B {` (Swift, any modifiers) or `@interface NAME : SUPER <P, Q>` (Objective-C): the name and what it
    /// inherits and adopts, superclass first; nil for anything else (a class extension `@interface NAME ()` included).
    static func declaration(_ line: Substring) -> (String, [String])? {
        func identifier(_ text: Substring) -> Substring { text.prefix { $0.isLetter || $0.isNumber || $0 == "_" } }
        if line.hasPrefix("@interface ") {
            let rest = line.dropFirst("@interface ".count).drop { $0 == " " }
            let name = identifier(rest)
            var after = rest.dropFirst(name.count).drop { $0 == " " }
            guard !name.isEmpty, after.first == ":" else { return nil }
            after = after.dropFirst().drop { $0 == " " }
            let superclass = identifier(after)
            guard !superclass.isEmpty else { return nil }
            var parents = [String(superclass)]
            if let open = after.firstIndex(of: "<"), let close = after[open...].firstIndex(of: ">") {
                parents += after[after.index(after: open)..<close].split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) }
            }
            return (String(name), parents)
        }
        var words = line.split(separator: " ", omittingEmptySubsequences: true)
        let modifiers: Set<Substring> = ["@objc", "public", "open", "final", "internal", "private", "fileprivate", "@MainActor"]
        while let first = words.first, modifiers.contains(first) || first.hasPrefix("@objc(") { words.removeFirst() }
        guard words.first == "class", words.count >= 2 else { return nil }
        let rest = line[words[1].startIndex...]
        let name = identifier(rest)
        let after = rest.dropFirst(name.count).drop { $0 == " " }
        guard !name.isEmpty, after.first == ":" else { return nil }
        let list = after.dropFirst().prefix { $0 != "{" && $0 != "\n" }
        let parents = list.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " && $0 != "<" }) }
            .filter { !$0.isEmpty }
        return parents.isEmpty ? nil : (String(name), parents)
    }

    /// The app delegate of the app whose root is `directory`: every candidate file under it (skipping dependencies,
    /// build output and `skipping`, the roots of the other apps of a monorepo), read in path order; a SwiftUI adaptor
    /// first, then a declaration in an entry-point file, then the first declaration found. `name` gives the path a
    /// report shows for a file relative to `directory`.
    public static func find(in directory: URL, skipping: Set<String> = [], name: (String) -> String) -> AppDelegateSource? {
        let skipped: Set<String> = ["Pods", "Carthage", ".build", "build", "DerivedData", ".git", "node_modules", ".symlinks", "ephemeral", ".dart_tool"]
        var found: [AppDelegateSource] = []
        Lockfile.walk(directory, maxDepth: 12, maxEntries: 20_000, enters: { entry, path in !skipped.contains(entry) && !skipping.contains(path) }) { path, entry, size in
            guard isCandidate(entry), size <= 2_000_000, let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8), let source = read(text, file: name(path)) else { return }
            found.append(source)
        }
        return found.first { $0.kind == .swiftui } ?? found.first { $0.isEntryPoint } ?? found.first
    }

    /// How a report says it: "`AppDelegate` subclasses `FlutterAppDelegate` (`ios/Runner/AppDelegate.swift:7`)".
    public var sentence: String {
        kind == .swiftui
            ? "its SwiftUI `App` installs `\(className)` with `@UIApplicationDelegateAdaptor` (`\(file):\(line)`)"
            : "its app delegate `\(className)` subclasses `\(superclass)` (`\(file):\(line)`)"
    }
}
