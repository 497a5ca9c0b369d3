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
    /// The file holding the class's methods when it is not the declaration's (`AppDelegate.mm` for `AppDelegate.h`): the
    /// set-up lines (``notificationDelegateLine``, ``startCallLines``, ``pluginRegistrationLine``) are its lines.
    public var bodyFile: String? = nil
    /// Another of the app's files that sets the notification center's delegate, when the class's own body does not: a
    /// method outside the launch (an extension, a push manager), whose order against the SDKs' starts is not read.
    public var elsewhereDelegate: SourceLine? = nil
    /// A `main.swift`/`main.m` whose `UIApplicationMain` names the app delegate's class.
    public var namedByMain: SourceLine? = nil
    /// Where the app's Swift and Objective-C files first write each text a `setting … default-unless NEEDLE` line asks
    /// about (outside `//` comments), in the needles' order; a needle written nowhere has no entry.
    public var mentions: [Mention] = []
    /// The classes above the app delegate that the app's own source declares, nearest first, beyond ``superclass``
    /// (`AppDelegate: BaseAppDelegate` and `BaseAppDelegate: CioAppDelegateWrapper<…>` give `[CioAppDelegateWrapper]`;
    /// for a SwiftUI adaptor, its class's chain): an SDK's wrapper that the app delegate subclasses through a base class
    /// of the app's. At most four; empty when the source declares none of them.
    public var ancestors: [String] = []

    /// A needle and the first line that writes it.
    public struct Mention: Sendable, Hashable {
        public var needle: String
        public var at: SourceLine
    }

    /// A file and a 1-based line in it.
    public struct SourceLine: Sendable, Hashable {
        public var file: String
        public var line: Int
    }

    /// The file the set-up lines are in: the body's, else the declaration's.
    public var setupFile: String { bodyFile ?? file }

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

    /// The files worth reading for it by their name: Swift and Objective-C sources (and headers) named like an app
    /// delegate or a SwiftUI `App`, and `main`.
    public static func isCandidate(_ fileName: String) -> Bool {
        let name = fileName as NSString
        guard isSource(fileName) else { return false }
        let base = name.deletingPathExtension
        return base.contains("AppDelegate") || (name.pathExtension == "swift" && base.hasSuffix("App")) || base == "main"
    }

    /// Swift and Objective-C sources and headers.
    static func isSource(_ fileName: String) -> Bool { ["swift", "m", "mm", "h"].contains((fileName as NSString).pathExtension) }

    /// Whether a source file of any name may declare the app delegate, the app's entry point or its notification
    /// set-up: a SwiftUI `App` in `Main.swift`, a delegate class in `Application.swift`, a push manager.
    package static func mayMatter(_ text: String) -> Bool {
        text.contains("UIApplicationDelegate") || text.contains("@main") || text.contains("UIApplicationMain")
            || text.contains("UNUserNotificationCenter")
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
            guard found == nil, let (name, parents) = declaration(Self.joined(lines, from: index)) else { continue }
            let superclass = parents.first ?? ""
            let known = frameworks[superclass]
            guard known != nil || parents.contains("UIApplicationDelegate") || (name.contains("AppDelegate") && superclass.contains("AppDelegate")) else { continue }
            found = AppDelegateSource(file: file, line: index + 1, className: name, superclass: superclass, kind: known ?? .uikit, isEntryPoint: entry)
        }
        return found ?? implementationOnly(lines, file: file, entry: entry)
    }

    /// An Objective-C app delegate whose header the scan does not have: a class extension that adopts
    /// `UIApplicationDelegate` or is named like an app delegate (`@interface OEXAppDelegate () <UIApplicationDelegate>`),
    /// else the `@implementation` of a class named like one. Its superclass is unknown (empty).
    static func implementationOnly(_ lines: [Substring], file: String, entry: Bool) -> AppDelegateSource? {
        guard file.hasSuffix(".m") || file.hasSuffix(".mm") else { return nil }
        func name(after marker: String, _ line: Substring) -> Substring? {
            guard line.hasPrefix(marker) else { return nil }
            let name = line.dropFirst(marker.count).drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : name
        }
        for pass in 0..<2 {
            for (index, raw) in lines.enumerated() {
                let line = raw.drop { $0 == " " || $0 == "\t" }
                if pass == 0, let name = name(after: "@interface ", line) {
                    let rest = line.drop { $0 != ")" }
                    guard line.dropFirst("@interface ".count + name.count).drop(while: { $0 == " " }).first == "(",
                          rest.contains("UIApplicationDelegate") || name.hasSuffix("AppDelegate") else { continue }
                    return AppDelegateSource(file: file, line: index + 1, className: String(name), superclass: "", kind: .uikit, isEntryPoint: entry)
                }
                if pass == 1, let name = name(after: "@implementation ", line), name.hasSuffix("AppDelegate"),
                   line.dropFirst("@implementation ".count + name.count).drop(while: { $0 == " " }).first != "(" {
                    return AppDelegateSource(file: file, line: index + 1, className: String(name), superclass: "", kind: .uikit, isEntryPoint: entry)
                }
            }
        }
        return nil
    }

    /// A declaration's line with the lines that continue it: a Swift inheritance clause up to its `{`, an Objective-C
    /// protocol list up to its `>` (`class AppDelegate: UIResponder,` then `UIApplicationDelegate {`); four lines at most.
    static func joined(_ lines: [Substring], from index: Int) -> Substring {
        var line = lines[index].drop { $0 == " " || $0 == "\t" }
        let objc = line.hasPrefix("@interface ")
        guard objc || line.contains("class ") else { return line }
        var next = index + 1
        func open(_ text: Substring) -> Bool {
            objc ? (text.contains("<") && !text.contains(">")) || text.hasSuffix(":") : !text.contains("{") && (text.hasSuffix(",") || text.hasSuffix(":"))
        }
        while open(line.trimmingCharacters(in: .whitespaces)[...]), next < lines.count, next <= index + 4 {
            line = Substring(line + " " + lines[next].drop { $0 == " " || $0 == "\t" })
            next += 1
        }
        return line
    }

    /// Reads where the file sets the notification delegate, registers plugins and makes each start call. Comments and
    /// closures stored for later are skipped; the reading is textual, so a call inside a branch the app never takes counts.
    package mutating func readSetUp(_ text: String, startCalls: [ParticipantInfo.StartCall]) {
        let objc = setupFile.hasSuffix(".m") || setupFile.hasSuffix(".mm") || setupFile.hasSuffix(".h")
        let calls = startCalls.filter { $0.language == (objc ? "objc" : "swift") }.map(\.text).uniqued()
        // Variables that hold the notification center (`let center = UNUserNotificationCenter.current()`).
        var centers: [String] = []
        var superLaunch: Int?
        // Only what runs when its method runs: comments and closures kept for later are blank (AppDelegateSource+Launch.swift).
        for (index, raw) in Self.runningLines(text, objc: objc).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            guard !line.isEmpty else { continue }
            let number = index + 1
            if line.holds("UNUserNotificationCenter.current()") || line.holds("[UNUserNotificationCenter currentNotificationCenter]")
                || line.holds("UNUserNotificationCenter.currentNotificationCenter") {
                if let name = Self.assignedName(line) { centers.append(name) }
            }
            if notificationDelegateLine == nil, Self.setsDelegate(line, centers: centers) {
                notificationDelegateLine = number
                notificationDelegateIsSelf = line.holds("= self") || line.holds("=self") || line.holds("setDelegate:self")
            }
            if pluginRegistrationLine == nil, Self.pluginMarkers.contains(where: { line.holds($0) }) { pluginRegistrationLine = number }
            if superLaunch == nil, line.holds("super.application(") || line.holds("[super application:"),
               line.holds("didFinishLaunchingWithOptions") { superLaunch = number }
            for call in calls where line.holds(call) && !startCallLines.contains(where: { $0.call == call }) {
                startCallLines.append(StartCallLine(call: call, line: number))
            }
        }
        // A React Native or Expo app delegate that makes no factory of its own starts React Native in `super`.
        if pluginRegistrationLine == nil, kind == .reactNative || kind == .expo { pluginRegistrationLine = superLaunch }
        completions = Self.completions(in: text, file: setupFile)
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
        // Swift, Objective-C message and Objective-C property syntax.
        let receivers = ["UNUserNotificationCenter.current()", "[UNUserNotificationCenter currentNotificationCenter]",
                         "UNUserNotificationCenter.currentNotificationCenter"] + centers
        for receiver in receivers {
            if let r = line.firstOccurrence(of: receiver + ".delegate") {
                let after = line[r.upperBound...].drop { $0 == " " }
                if after.hasPrefix("="), !after.hasPrefix("==") { return true }
            }
            if line.holds("[" + receiver + " setDelegate:") { return true }
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

    /// The app delegate of the app whose root is `directory`: every Swift and Objective-C source under it that may
    /// matter (``isCandidate(_:)`` by name, ``mayMatter(_:)`` by content), skipping dependencies, build output and
    /// `skipping` (the other apps' roots and the files of targets that are not the app), read in path order. The choice:
    /// a SwiftUI adaptor first, then the class a `main` file's `UIApplicationMain` names, then a declaration in an
    /// entry-point file, then one in a file named like an app delegate, then the first declaration found. A class
    /// declared in a header takes its set-up from the file that implements it. `name` gives the path a report shows for a
    /// file relative to `directory`.
    public static func find(in directory: URL, skipping: Set<String> = [], startCalls: [ParticipantInfo.StartCall] = [],
                            needles: [String] = [], name: (String) -> String) -> AppDelegateSource? {
        let skipped: Set<String> = ["Pods", "Carthage", ".build", "build", "DerivedData", ".git", "node_modules", ".symlinks", "ephemeral", ".dart_tool"]
        var found: [(source: AppDelegateSource, named: Bool)] = []
        var texts: [(file: String, text: String)] = []
        var mainNames: [(name: String, at: SourceLine)] = []
        let dartCalls = startCalls.filter { $0.language == "dart" }.map(\.text).uniqued()
        var dartStarts: [DartStartCall] = []
        let wanted = startCalls.compactMap(\.registeredIf).uniqued()
        var present: [String] = []
        var mentions: [Mention] = []
        Lockfile.walk(directory, maxDepth: 12, maxEntries: 20_000, enters: { entry, path in !skipped.contains(entry) && !skipping.contains(path) }) { path, entry, size in
            if wanted.contains(entry), !present.contains(entry) { present.append(entry) }
            guard !skipping.contains(path) else { return }
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
            let named = isCandidate(entry)
            guard isSource(entry), size <= (named ? 2_000_000 : 512_000), let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { return }
            // Every source file, for the texts that turn an SDK's hooks on (a file that cannot hold the app delegate too).
            for needle in needles where !mentions.contains(where: { $0.needle == needle }) && text.holds(needle) {
                for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let line = raw.drop { $0 == " " || $0 == "\t" }
                    if !line.hasPrefix("//"), line.holds(needle) {
                        mentions.append(Mention(needle: needle, at: SourceLine(file: name(path), line: index + 1)))
                        break
                    }
                }
            }
            guard named || mayMatter(text) else { return }
            let file = name(path)
            texts.append((file, text))
            if let main = mainClass(text) { mainNames.append((main.name, SourceLine(file: file, line: main.line))) }
            if let source = read(text, file: file, startCalls: startCalls) { found.append((source, named)) }
        }
        let main = mainNames.first
        guard var chosen = found.first(where: { $0.source.kind == .swiftui })?.source
            ?? main.flatMap({ m in found.first { $0.source.className == m.name }?.source })
            ?? found.first(where: { $0.source.isEntryPoint })?.source ?? found.first(where: \.named)?.source ?? found.first?.source else { return nil }
        if let main, main.name == chosen.className { chosen.namedByMain = main.at }
        chosen.dartStartCalls = dartStarts
        chosen.mentions = needles.compactMap { needle in mentions.first { $0.needle == needle } }
        chosen.filesPresent = present
        // A class declared in a header (or a SwiftUI adaptor's class declared elsewhere): its methods and its set-up are
        // where it is implemented.
        if chosen.kind == .swiftui {
            if let declared = found.first(where: { $0.source.className == chosen.className && $0.source.kind != .swiftui })?.source {
                chosen.completions = declared.completions
                if chosen.notificationDelegateLine == nil, chosen.startCallLines.isEmpty {
                    chosen.bodyFile = declared.file
                    chosen.notificationDelegateLine = declared.notificationDelegateLine
                    chosen.notificationDelegateIsSelf = declared.notificationDelegateIsSelf
                    chosen.startCallLines = declared.startCallLines
                    chosen.pluginRegistrationLine = declared.pluginRegistrationLine
                }
            }
        } else if !texts.contains(where: { $0.file == chosen.file && implements($0.text, chosen.className) }),
                  let body = texts.first(where: { $0.file != chosen.file && implements($0.text, chosen.className) }) {
            chosen.bodyFile = body.file
            chosen.readSetUp(body.text, startCalls: startCalls)
        }
        // A subclass of the app's own base class (`AppDelegate: BRCAppDelegate`) that shows no set-up of its own: the base's
        // launch method, which its own calls through `super`, is where the set-up is.
        if chosen.kind != .swiftui, chosen.notificationDelegateLine == nil, chosen.startCallLines.isEmpty, !chosen.superclass.isEmpty,
           frameworks[chosen.superclass] == nil,
           let base = texts.first(where: { $0.file != chosen.setupFile && implements($0.text, chosen.superclass) }) {
            chosen.bodyFile = base.file
            chosen.readSetUp(base.text, startCalls: startCalls)
        }
        // Its notification delegate methods may be in an extension or category of its class in another file.
        for other in texts where chosen.completions.isEmpty && other.file != chosen.setupFile
            && (other.text.contains("extension \(chosen.className)") || other.text.contains("@implementation \(chosen.className) (")) {
            chosen.completions = completions(in: other.text, file: other.file)
        }
        // Where else the app sets the notification delegate, when the class's own set-up does not.
        if chosen.notificationDelegateLine == nil {
            for other in texts where other.file != chosen.setupFile && other.file != chosen.file {
                var probe = AppDelegateSource(file: other.file, line: 1, className: "", superclass: "", kind: .uikit, isEntryPoint: false)
                probe.readSetUp(other.text, startCalls: [])
                if let line = probe.notificationDelegateLine { chosen.elsewhereDelegate = SourceLine(file: other.file, line: line); break }
            }
        }
        chosen.ancestors = ancestors(from: chosen.kind == .swiftui ? chosen.className : chosen.superclass, in: texts.map(\.text))
        return chosen
    }

    /// The superclasses of `name` that the texts declare, nearest first, `name`'s own superclass first (at most four;
    /// a cycle stops it).
    static func ancestors(from name: String, in texts: [String]) -> [String] {
        var chain: [String] = []
        var current = name
        while chain.count < 4, !current.isEmpty, frameworks[current] == nil, let next = superclass(of: current, in: texts),
              next != name, !chain.contains(next) {
            chain.append(next)
            current = next
        }
        return chain
    }

    /// What the first Swift or Objective-C declaration of `name` in the texts subclasses.
    static func superclass(of name: String, in texts: [String]) -> String? {
        for text in texts where text.contains("class \(name)") || text.contains("@interface \(name)") {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for index in lines.indices where lines[index].contains(name) {
                if let (declared, parents) = declaration(joined(lines, from: index)), declared == name, let first = parents.first {
                    return first
                }
            }
        }
        return nil
    }

    /// Whether `text` implements `className` itself: a Swift declaration of it, or its Objective-C `@implementation`
    /// (not a category's).
    package static func implements(_ text: String, _ className: String) -> Bool {
        var rest = text[...]
        while let r = rest.range(of: "@implementation \(className)") {
            let after = rest[r.upperBound...]
            // The class itself, not `@implementation NameSuffix` nor a category `@implementation Name (…)`.
            if after.first.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true, after.drop(while: { $0 == " " }).first != "(" { return true }
            rest = after
        }
        return text.contains("class \(className):") || text.contains("class \(className) :")
    }

    /// The class a `main` file's `UIApplicationMain` names as the app delegate (`NSStringFromClass([AppDelegate class])`,
    /// `NSStringFromClass(AppDelegate.self)`), and the line.
    package static func mainClass(_ text: String) -> (name: String, line: Int)? {
        guard text.contains("UIApplicationMain") else { return nil }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where raw.contains("UIApplicationMain") {
            guard let from = raw.range(of: "NSStringFromClass(") else { continue }
            var rest = raw[from.upperBound...].drop { $0 == " " || $0 == "[" }
            let className = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            rest = rest.dropFirst(className.count)
            guard !className.isEmpty, rest.hasPrefix(".self") || rest.hasPrefix(" class]") else { continue }
            return (String(className), index + 1)
        }
        return nil
    }

    /// How a report says it: "`AppDelegate` subclasses `FlutterAppDelegate` (`ios/Runner/AppDelegate.swift:7`)".
    public var sentence: String {
        kind == .swiftui
            ? "its SwiftUI `App` installs `\(className)` with `@UIApplicationDelegateAdaptor` (`\(file):\(line)`)"
            : superclass.isEmpty ? "its app delegate is `\(className)` (`\(file):\(line)`; the scan did not find its `@interface`, so not what it subclasses)"
            : "its app delegate `\(className)` subclasses `\(superclass)` (`\(file):\(line)`)"
    }
}
