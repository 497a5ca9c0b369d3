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
    /// The first line of the file that sets the notification center's delegate (`UNUserNotificationCenter.current()
    /// .delegate = self`, `[UNUserNotificationCenter currentNotificationCenter].delegate = self`, or through a variable
    /// holding the center); nil when it has none the reader recognises.
    public var notificationDelegateLine: Int? = nil
    /// The first line where React Native or Flutter registers the app's native modules and plugins: a React Native
    /// factory, bridge or root view, `GeneratedPluginRegistrant`, or (in a subclass of `RCTAppDelegate` or
    /// `ExpoAppDelegate` that makes none) its call to `super`'s `application:didFinishLaunchingWithOptions:`.
    public var pluginRegistrationLine: Int? = nil
    /// The first line of each start call of ``read(_:file:startCalls:)``'s list that the file makes, in file order.
    public var startCallLines: [StartCallLine] = []
    /// Of the app-delegate methods whose absence the lab varies (``shapeMethods``), those the file's class does not
    /// implement; nil for a SwiftUI adaptor, whose class the file may not hold.
    public var lacks: [String]? = nil
    /// Whether the notification delegate line sets the class itself (`… .delegate = self`, `setDelegate:self`).
    public var notificationDelegateIsSelf = false
    /// The notification delegate methods the class implements (in the file, or in an extension of it in another
    /// candidate file), with how each calls its completion handler.
    public var completions: [Completion] = []
    /// A Flutter app's Dart calls of the `start-call dart` lines (`Firebase.initializeApp(`), each at its first place in
    /// `lib/` (``find(in:skipping:startCalls:name:)`` reads them).
    public var dartStartCalls: [DartStartCall] = []
    /// The files named by `start-call dart … registered-if FILE` lines that the app ships (outside its dependencies).
    public var filesPresent: [String] = []

    /// A Dart call that starts an SDK, and where.
    public struct DartStartCall: Sendable, Hashable {
        public var call: String
        public var file: String
        public var line: Int
    }

    /// The app-delegate methods whose absence changes a verdict in the lab (the generator's app-delegate shapes), each
    /// with what its declaration contains in Swift and in Objective-C (`func application(…continue userActivity…`).
    static let shapeMethods: [(selector: String, swift: [String], objc: [String])] = [
        ("application:continueUserActivity:restorationHandler:", ["continue userActivity"], ["continueUserActivity:"]),
        ("application:didReceiveRemoteNotification:fetchCompletionHandler:", ["didReceiveRemoteNotification", "fetchCompletionHandler"],
         ["didReceiveRemoteNotification:", "fetchCompletionHandler:"]),
    ]

    /// A start call found in the file.
    public struct StartCallLine: Sendable, Hashable {
        /// The call as the participant file writes it (`FirebaseApp.configure()`).
        public var call: String
        public var line: Int
    }

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
    /// `@UIApplicationDelegateAdaptor(X.self)` wins over a class declaration. With `startCalls` (the participants'
    /// `start-call` lines), it also finds where the file sets the notification delegate, registers plugins and makes each
    /// of those calls (``notificationDelegateLine``, ``pluginRegistrationLine``, ``startCallLines``).
    public static func read(_ text: String, file: String, startCalls: [ParticipantInfo.StartCall] = []) -> AppDelegateSource? {
        guard var source = declared(text, file: file) else { return nil }
        source.readSetUp(text, startCalls: startCalls)
        return source
    }

    static func declared(_ text: String, file: String) -> AppDelegateSource? {
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

    /// Reads where the file sets the notification delegate, registers plugins and makes each start call. A line
    /// commented out with `//` is skipped; the reading is textual, so a call inside a branch the app never takes counts.
    mutating func readSetUp(_ text: String, startCalls: [ParticipantInfo.StartCall]) {
        let objc = file.hasSuffix(".m") || file.hasSuffix(".mm")
        let calls = startCalls.filter { $0.language == (objc ? "objc" : "swift") }.map(\.text).uniqued()
        // Variables that hold the notification center (`let center = UNUserNotificationCenter.current()`).
        var centers: [String] = []
        var superLaunch: Int?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            guard !line.hasPrefix("//"), !line.isEmpty else { continue }
            let number = index + 1
            if line.contains("UNUserNotificationCenter.current()") || line.contains("[UNUserNotificationCenter currentNotificationCenter]") {
                if let name = Self.assignedName(line) { centers.append(name) }
            }
            if notificationDelegateLine == nil, Self.setsDelegate(line, centers: centers) {
                notificationDelegateLine = number
                notificationDelegateIsSelf = line.contains("= self") || line.contains("=self") || line.contains("setDelegate:self")
            }
            if pluginRegistrationLine == nil, Self.pluginMarkers.contains(where: { line.contains($0) }) { pluginRegistrationLine = number }
            if superLaunch == nil, line.contains("super.application(") || line.contains("[super application:"),
               line.contains("didFinishLaunchingWithOptions") { superLaunch = number }
            for call in calls where line.contains(call) && !startCallLines.contains(where: { $0.call == call }) {
                startCallLines.append(StartCallLine(call: call, line: number))
            }
        }
        // A React Native or Expo app delegate that makes no factory of its own starts React Native in `super`.
        if pluginRegistrationLine == nil, kind == .reactNative || kind == .expo { pluginRegistrationLine = superLaunch }
        completions = Self.completions(in: text, file: file)
        // The methods it implements: each `func application(` (or `- (…)application:`) declaration, up to its `{`, over
        // as many lines as it takes, with commented-out lines left out.
        guard kind != .swiftui else { return }
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("//") }.joined(separator: " ")
        var declarations: [Substring] = []
        var rest = code[...]
        while let start = rest.range(of: objc ? ")application:" : "func application(") {
            let tail = rest[start.lowerBound...]
            let end = tail.firstIndex(of: "{") ?? tail.endIndex
            declarations.append(tail[..<end].prefix(600))
            rest = tail[end...]
        }
        lacks = Self.shapeMethods.filter { method in
            let words = objc ? method.objc : method.swift
            return !declarations.contains { declaration in words.allSatisfy { declaration.contains($0) } }
        }.map(\.selector)
    }

    /// Where React Native and Flutter register the app's native modules (the templates' own calls).
    static let pluginMarkers = ["ReactNativeFactory(", "RCTBridge(", "[[RCTBridge alloc]", "RCTRootView(", "[[RCTRootView alloc]",
                                "GeneratedPluginRegistrant.register(", "[GeneratedPluginRegistrant registerWithRegistry:"]

    /// `let center = UNUserNotificationCenter.current()`, `UNUserNotificationCenter *center = […]`: the variable's name.
    static func assignedName(_ line: Substring) -> String? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let left = line[..<equals].split(separator: " ").last.map { $0.drop { $0 == "*" } } ?? ""
        let name = left.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty || name.count != left.count ? nil : String(name)
    }

    /// Whether the line sets the notification center's delegate, directly or through one of `centers`.
    static func setsDelegate(_ line: Substring, centers: [String]) -> Bool {
        let receivers = ["UNUserNotificationCenter.current()", "[UNUserNotificationCenter currentNotificationCenter]"] + centers
        for receiver in receivers {
            if let r = line.range(of: receiver + ".delegate") {
                let after = line[r.upperBound...].drop { $0 == " " }
                if after.hasPrefix("="), !after.hasPrefix("==") { return true }
            }
            if line.contains("[" + receiver + " setDelegate:") { return true }
        }
        return false
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
    public static func find(in directory: URL, skipping: Set<String> = [], startCalls: [ParticipantInfo.StartCall] = [],
                            name: (String) -> String) -> AppDelegateSource? {
        let skipped: Set<String> = ["Pods", "Carthage", ".build", "build", "DerivedData", ".git", "node_modules", ".symlinks", "ephemeral", ".dart_tool"]
        var found: [AppDelegateSource] = []
        var others: [(file: String, text: String)] = []
        let dartCalls = startCalls.filter { $0.language == "dart" }.map(\.text).uniqued()
        var dartStarts: [DartStartCall] = []
        let wanted = startCalls.compactMap(\.registeredIf).uniqued()
        var present: [String] = []
        Lockfile.walk(directory, maxDepth: 12, maxEntries: 20_000, enters: { entry, path in !skipped.contains(entry) && !skipping.contains(path) }) { path, entry, size in
            if wanted.contains(entry), !present.contains(entry) { present.append(entry) }
            // A Flutter app's own Dart code (`lib/`), for the calls that start an SDK from Dart.
            if !dartCalls.isEmpty, path.hasPrefix("lib/"), entry.hasSuffix(".dart"), size <= 1_000_000,
               let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path), let text = String(data: data, encoding: .utf8) {
                for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let line = raw.drop { $0 == " " || $0 == "\t" }
                    guard !line.hasPrefix("//") else { continue }
                    for call in dartCalls where line.contains(call) && !dartStarts.contains(where: { $0.call == call }) {
                        dartStarts.append(DartStartCall(call: call, file: name(path), line: index + 1))
                    }
                }
                return
            }
            guard isCandidate(entry), size <= 2_000_000, let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { return }
            guard let source = read(text, file: name(path), startCalls: startCalls) else {
                others.append((name(path), text))
                return
            }
            found.append(source)
        }
        guard var chosen = found.first(where: { $0.kind == .swiftui }) ?? found.first(where: { $0.isEntryPoint }) ?? found.first else { return nil }
        chosen.dartStartCalls = dartStarts
        chosen.filesPresent = present
        // A SwiftUI adaptor's class is declared in another candidate file: its methods are there.
        if chosen.kind == .swiftui, let declared = found.first(where: { $0.className == chosen.className && $0.kind != .swiftui }) {
            chosen.completions = declared.completions
        }
        // Its notification delegate methods may be in an extension of its class in another file (`AppDelegate+Push.swift`).
        for other in others where chosen.completions.isEmpty
            && (other.text.contains("extension \(chosen.className)") || other.text.contains("@implementation \(chosen.className) (")) {
            chosen.completions = completions(in: other.text, file: other.file)
        }
        return chosen
    }

    /// How a report says it: "`AppDelegate` subclasses `FlutterAppDelegate` (`ios/Runner/AppDelegate.swift:7`)".
    public var sentence: String {
        kind == .swiftui
            ? "its SwiftUI `App` installs `\(className)` with `@UIApplicationDelegateAdaptor` (`\(file):\(line)`)"
            : "its app delegate `\(className)` subclasses `\(superclass)` (`\(file):\(line)`)"
    }
}
