// What every lockfile reader produces: one resolved package (a pod or subspec, a SwiftPM pin, a Carthage line)
// with the file and line it came from.

/// The dependency managers whose lockfiles `hooklab scan` reads: the three of iOS, and pub for a Flutter app's plugins.
public enum PackageEcosystem: String, Sendable, Hashable, CaseIterable, Codable {
    case cocoapods, spm, carthage, pub

    /// How a report names it.
    public var title: String {
        switch self {
        case .cocoapods: "CocoaPods"
        case .spm: "Swift Package Manager"
        case .carthage: "Carthage"
        case .pub: "pub (Flutter plugins)"
        }
    }
}

/// One resolved dependency in a lockfile.
public struct LockedPackage: Hashable, Sendable {
    public var ecosystem: PackageEcosystem
    /// CocoaPods: the pod or subspec as listed (`GoogleUtilities/AppDelegateSwizzler`); SwiftPM: the identity
    /// (`rxswift`); Carthage: `owner/repo` for GitHub, else the address as written.
    public var name: String
    /// The version as written (`6.5.0`, `v11.2.1`); nil for a branch or revision pin.
    public var version: String?
    /// A git revision: SwiftPM's `revision`, a Carthage SHA pin, a pod's `CHECKOUT OPTIONS :commit:`.
    public var revision: String?
    /// Where it comes from when not a registry: a pod's `:git:` or `:path:`, a pin's `location`.
    public var source: String?
    /// True for a pod from a local `:path:` (its version is whatever the local podspec says), or a pub `path` package.
    public var isLocal: Bool = false
    /// SwiftPM: the products the app links (from `project.pbxproj`); nil when no project file says.
    public var products: [String]?
    /// SwiftPM: for a product linked through a local package rather than the project, "the local package at PATH:LINE".
    public var productsLinkedBy: [String: String] = [:]
    /// For a part the app does not link itself: the package that brings it (`FirebaseMessaging`, `the Flutter plugin
    /// firebase_messaging 16.5.0`); see ``Scan/withBroughtParts(_:)``.
    public var broughtBy: String?
    /// For a Flutter plugin's pod: where its version comes from instead of the podspec's (`pubspec.lock:412`, the
    /// plugin's own release; the pod of a `:path:` plugin often says `0.0.1`), and the version the pod listed.
    public var versionFrom: VersionSource? = nil

    /// Where a version was read instead of the lockfile entry's own.
    public struct VersionSource: Hashable, Sendable {
        /// `pubspec.lock:412`.
        public var place: String
        /// What the entry itself said.
        public var listed: String?
    }
    /// The lockfile as the user named it, and the 1-based line of the entry.
    public var file: String
    public var line: Int

    public init(ecosystem: PackageEcosystem, name: String, version: String?, revision: String? = nil, source: String? = nil,
                isLocal: Bool = false, products: [String]? = nil, file: String, line: Int) {
        self.ecosystem = ecosystem
        self.name = name
        self.version = version
        self.revision = revision
        self.source = source
        self.isLocal = isLocal
        self.products = products
        self.file = file
        self.line = line
    }

    /// For a pod, the root name (the text before the first `/`; CocoaPods' `root_name`).
    public var rootName: String { ecosystem == .cocoapods ? String(name.split(separator: "/", maxSplits: 1).first ?? Substring(name)) : name }
    /// For a pod, the subspec path after the root (`AppDelegateSwizzler`); nil for a root pod.
    public var subspec: String? {
        guard ecosystem == .cocoapods, let slash = name.firstIndex(of: "/") else { return nil }
        return String(name[name.index(after: slash)...])
    }

    /// The version read for comparison; nil for a SHA or branch.
    public var parsedVersion: PackageVersion? { version.flatMap(PackageVersion.init) }

    /// `RxCocoa 6.5.0`, `rxswift @ 3b11459` for a revision pin.
    public var displayVersion: String {
        if let version { return version }
        if let revision { return "revision " + String(revision.prefix(7)) }
        return "no version"
    }
}

/// A SwiftPM identity from a location, as SwiftPM derives it: the last path component, a trailing `/` and `.git`
/// dropped, lowercased (`PackageIdentity.swift:299-343`, versions-and-manifests.md §B2.3). Works for `git@host:o/r.git`.
public func swiftPMIdentity(_ location: String) -> String {
    var text = Substring(location)
    while text.hasSuffix("/") { text = text.dropLast() }
    if text.lowercased().hasSuffix(".git") { text = text.dropLast(4) }
    let last = text.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? String(text)
    return last.lowercased()
}

/// `owner/repo` of a GitHub URL (`https://github.com/ReactiveX/RxSwift.git`, `git@github.com:ReactiveX/RxSwift`), else nil.
public func gitHubRepository(_ location: String) -> String? {
    let lower = location.lowercased()
    guard let range = lower.range(of: "github.com") else { return nil }
    var rest = Substring(location[range.upperBound...])
    if rest.first == "/" || rest.first == ":" { rest = rest.dropFirst() } else { return nil }
    while rest.hasSuffix("/") { rest = rest.dropLast() }
    if rest.lowercased().hasSuffix(".git") { rest = rest.dropLast(4) }
    let parts = rest.split(separator: "/")
    guard parts.count == 2 else { return nil }
    return "\(parts[0])/\(parts[1])"
}

/// Splits text into lines (LF, CRLF or CR) without a byte-order mark, for line-based readers (§B6.1).
func lockfileLines(_ text: String) -> [Substring] {
    let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
    // "\r\n" is one Character in Swift, so it is a separator of its own.
    return body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
}
