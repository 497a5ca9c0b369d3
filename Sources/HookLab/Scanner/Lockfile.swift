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
        func walk(_ url: URL, _ relative: String, depth: Int) {
            guard depth < 32 else { return }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for name in names {
                let child = url.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                let values = try? child.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                if values?.isSymbolicLink == true { continue }
                if values?.isDirectory == true {
                    if !skippedDirectories.contains(name) { walk(child, path, depth: depth + 1) }
                } else if LockfileFormat(fileName: name) != nil {
                    found.append(path)
                }
            }
        }
        walk(directory, "", depth: 0)
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
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
    ///   - products: For a Package.resolved, the products linked per identity (from ``XcodeProject``), when known.
    /// - Throws: ``InputFileError`` naming the file and line.
    public static func packages(text: String, file: String, format: LockfileFormat,
                                products: [String: [String]]? = nil) throws(InputFileError) -> [LockedPackage] {
        switch format {
        case .podfileLock: try PodfileLock.parse(text, file: file).packages(file: file)
        case .packageResolved: try PackageResolved.parse(text, file: file).packages(file: file, products: products)
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
