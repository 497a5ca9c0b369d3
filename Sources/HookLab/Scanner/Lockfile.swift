// Finding an app's lockfiles and reading each with the reader for its format.
import Foundation

/// The lockfile formats `scan` reads, by file name.
public enum LockfileFormat: String, Sendable, CaseIterable {
    case podfileLock = "Podfile.lock"
    case packageResolved = "Package.resolved"
    case cartfileResolved = "Cartfile.resolved"
    /// A Flutter app's resolved Dart packages, its plugins among them.
    case pubspecLock = "pubspec.lock"

    /// The format of a file, by its name; nil for any other file.
    public init?(fileName: String) { self.init(rawValue: fileName) }

    /// "Podfile.lock, Package.resolved, Cartfile.resolved and pubspec.lock", for errors.
    public static var names: String { "Podfile.lock, Package.resolved, Cartfile.resolved and pubspec.lock" }
}

public enum Lockfile {
    /// Directories discovery never enters: CocoaPods' and Carthage's build trees, SwiftPM's and Xcode's build products
    /// (issue 19), and git's own.
    public static let skippedDirectories: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", ".git"]

    /// Every lockfile under `directory`, as paths relative to it, sorted bytewise (a deterministic order).
    public static func discover(in directory: URL) -> [String] {
        var found: [String] = []
        walk(directory, maxDepth: 32, enters: { name, _ in !skippedDirectories.contains(name) }) { path, name, _ in
            if LockfileFormat(fileName: name) != nil { found.append(path) }
        }
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The lockfiles that belong to an app (issue 44 "App roots"): none inside another target's directory
    /// (`notTheApp`: an extension's, a watch app's), and no Package.resolved of a Swift package beside the app (a
    /// directory with a `Package.swift` and no Xcode project or workspace: `BuildTools/`, a local package), whose
    /// products the app's own project says it links, unless nothing else is left.
    public static func appLockfiles(_ paths: [String], in directory: URL, notTheApp: [String]) -> [String] {
        let inApp = paths.filter { path in !notTheApp.contains { path.hasPrefix($0 + "/") } }
        func isPackage(_ path: String) -> Bool {
            guard path.hasSuffix("Package.resolved"), !path.contains("/xcshareddata/swiftpm/"), !path.hasPrefix("xcshareddata/") else { return false }
            let folder = directory.appendingPathComponent((path as NSString).deletingLastPathComponent)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains("Package.swift") && !names.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
        }
        let apps = inApp.filter { !isPackage($0) }
        return apps.isEmpty ? (inApp.isEmpty ? paths : inApp) : apps
    }

    /// Visits every file under `directory` (symbolic links never followed), each directory's entries in bytewise order,
    /// with its path relative to `directory`, its name and its size; `enters` decides which directories (by name and
    /// relative path) are searched, at most `maxDepth` deep and `maxEntries` entries in all.
    static func walk(_ directory: URL, maxDepth: Int, maxEntries: Int = .max, enters: (String, String) -> Bool,
                     visit: (_ path: String, _ name: String, _ size: Int) -> Void) {
        var visited = 0
        func walk(_ url: URL, _ relative: String, depth: Int) {
            guard depth < maxDepth else { return }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for name in names {
                visited += 1
                guard visited <= maxEntries else { return }
                let child = url.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                let values = try? child.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey, .fileSizeKey])
                if values?.isSymbolicLink == true { continue }
                if values?.isDirectory == true {
                    if enters(name, path) { walk(child, path, depth: depth + 1) }
                } else {
                    visit(path, name, values?.fileSize ?? 0)
                }
            }
        }
        walk(directory, "", depth: 0)
    }

    /// The app a lockfile belongs to, as the directory of its root (relative, "" for the top): a Podfile.lock's,
    /// Cartfile.resolved's or pubspec.lock's directory; for a Package.resolved inside `X.xcodeproj/project.xcworkspace/`
    /// or `X.xcworkspace/`, the directory holding the project or workspace. A Flutter app's iOS folder (`ios/` beside a
    /// `pubspec.yaml`, `isFlutterRoot`) belongs to the Flutter app around it.
    public static func appRoot(of path: String, isFlutterRoot: (String) -> Bool) -> String {
        var parts = path.split(separator: "/").map(String.init)
        parts.removeLast()
        if path.hasSuffix("/xcshareddata/swiftpm/Package.resolved") || path.hasPrefix("xcshareddata/swiftpm/"),
           let container = parts.firstIndex(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) {
            parts.removeSubrange(container...)
        }
        if parts.last == "ios", isFlutterRoot(parts.dropLast().joined(separator: "/")) { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    /// The lockfiles grouped by app (``appRoot(of:isFlutterRoot:)``), roots in bytewise order, files in their given order:
    /// a monorepo's apps are scanned one by one. A pubspec.lock above apps that have none of their own (a pub workspace's
    /// shared lock) belongs to each of them.
    public static func groupByApp(_ paths: [String], isFlutterRoot: (String) -> Bool) -> [(root: String, files: [String])] {
        var roots: [String] = []
        var files: [String: [String]] = [:]
        var shared: [(root: String, file: String)] = []
        for path in paths {
            let root = appRoot(of: path, isFlutterRoot: isFlutterRoot)
            if path.hasSuffix("pubspec.lock") { shared.append((root, path)); continue }
            if files[root] == nil { roots.append(root) }
            files[root, default: []].append(path)
        }
        func isBelow(_ root: String, _ top: String) -> Bool { top.isEmpty ? !root.isEmpty : root.hasPrefix(top + "/") }
        for (root, file) in shared {
            if files[root] != nil {
                files[root]!.append(file)
                continue
            }
            let below = roots.filter { isBelow($0, root) && !(files[$0] ?? []).contains { $0.hasSuffix("pubspec.lock") } }
            if below.isEmpty {
                roots.append(root)
                files[root] = [file]
            } else {
                for app in below { files[app]!.append(file) }
            }
        }
        return roots.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { ($0, files[$0]!) }
    }

    /// The `project.pbxproj` files whose products a Package.resolved describes: the project it sits in
    /// (`X.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/`), or the projects beside a workspace's or a root file.
    public static func projectFiles(besides resolved: URL) -> [URL] {
        let swiftpm = resolved.deletingLastPathComponent()
        let parent = swiftpm.deletingLastPathComponent()
        var directory = resolved.deletingLastPathComponent()
        if swiftpm.lastPathComponent == "swiftpm", parent.lastPathComponent == "xcshareddata" {
            let container = parent.deletingLastPathComponent()
            if container.lastPathComponent == "project.xcworkspace", container.deletingLastPathComponent().pathExtension == "xcodeproj" {
                let project = container.deletingLastPathComponent().appendingPathComponent("project.pbxproj")
                return FileManager.default.fileExists(atPath: project.path) ? [project] : []
            }
            directory = container.deletingLastPathComponent()
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
        return names.map { directory.appendingPathComponent($0).appendingPathComponent("project.pbxproj") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Reads one lockfile's text with its format's reader.
    /// - Parameters:
    ///   - linked: For a Package.resolved, the products its app links (``LinkedProducts``), when known.
    /// - Throws: ``InputFileError`` naming the file and line.
    public static func packages(text: String, file: String, format: LockfileFormat,
                                linked: LinkedProducts? = nil) throws(InputFileError) -> [LockedPackage] {
        switch format {
        case .podfileLock: try PodfileLock.parse(text, file: file).packages(file: file)
        case .packageResolved:
            try PackageResolved.parse(text, file: file).packages(file: file, products: linked?.byIdentity, linkedBy: linked?.linkedBy ?? [:])
        case .cartfileResolved: try CartfileResolved.parse(text, file: file).packages(file: file)
        case .pubspecLock: try PubspecLock.parse(text, file: file).packages(file: file)
        }
    }

    /// Reads a lockfile as UTF-8 text: missing, a directory, unreadable or not UTF-8 is bad input naming the file (and
    /// the line of the first bad byte), as for scenario files.
    public static func readText(_ url: URL, file: String) throws(InputFileError) -> String {
        try Scenario.readText(at: url, file: file)
    }
}
