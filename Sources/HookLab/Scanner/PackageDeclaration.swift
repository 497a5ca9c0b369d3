// A participant's `package` line: which pod, Swift package or Carthage dependency, at which versions, it models.

/// `package cocoapods NAME [SUBSPEC] VERSIONS`, `package spm IDENTITY [PRODUCT] VERSIONS`,
/// `package carthage OWNER/REPO VERSIONS` or `package pub NAME VERSIONS` (a Flutter plugin in pubspec.lock): a package a
/// participant models, and the versions whose mechanism it models.
public struct PackageDeclaration: Hashable, Sendable, Codable, CustomStringConvertible {
    public var ecosystem: PackageEcosystem
    /// A pod's root name (`SensorsAnalyticsSDK`), a SwiftPM identity (`rxswift`), a Carthage `owner/repo` or binary URL.
    public var name: String
    /// A pod's subspec (`DeprecatedCellClick`) or a Swift package's product (`RxCocoa`); nil: any.
    public var component: String?
    public var versions: VersionRange

    public init(_ ecosystem: PackageEcosystem, _ name: String, _ component: String? = nil, _ versions: VersionRange = .any) {
        self.ecosystem = ecosystem
        self.name = name
        self.component = component
        self.versions = versions
    }

    /// Reads the words after `package`: `cocoapods RxCocoa >= 6.5.0`, `spm rxswift RxCocoa >= 6.5.0 < 6.10.0`.
    public init(words: [String]) throws(VersionRangeError) {
        let forms = "'package cocoapods NAME [SUBSPEC] VERSIONS', 'package spm IDENTITY [PRODUCT] VERSIONS', 'package carthage OWNER/REPO VERSIONS' or 'package pub NAME VERSIONS'"
        guard words.count >= 3 else { throw VersionRangeError("expected \(forms), e.g. 'package cocoapods RxCocoa >= 6.5.0'") }
        guard let ecosystem = PackageEcosystem(rawValue: words[0]) else {
            throw VersionRangeError("unknown package manager '\(words[0])'; expected cocoapods, spm, carthage or pub")
        }
        var rest = Array(words.dropFirst(2))
        var component: String?
        if let first = rest.first, VersionRange.Operator(rawValue: first) == nil, first != "*" {
            guard ecosystem != .carthage else { throw VersionRangeError("a Carthage dependency has no subspec or product; expected 'package carthage OWNER/REPO VERSIONS'") }
            guard ecosystem != .pub else { throw VersionRangeError("a pub package has no subspec or product; expected 'package pub NAME VERSIONS'") }
            component = first
            rest.removeFirst()
        }
        if ecosystem == .carthage, !words[1].contains("/") { throw VersionRangeError("a Carthage dependency is 'OWNER/REPO' or a binary URL, not '\(words[1])'") }
        self.init(ecosystem, words[1], component, try VersionRange(words: rest))
    }

    /// The line as a participant file writes it.
    public var description: String {
        "package \(ecosystem.rawValue) \(name)\(component.map { " " + $0 } ?? "") \(versions)"
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { try self.init(words: text.split(separator: " ").dropFirst().map(String.init)) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// How a locked package matches this declaration.
    public enum Match: Hashable, Sendable {
        /// No.
        case no
        /// Yes, for the reason given (`version 6.5.0 in >= 6.5.0`, `subspec DeprecatedCellClick`, `product RxCocoa`).
        case yes(String)
    }

    /// A first check that `name` may be the package's (its root pod's, for CocoaPods), ignoring ASCII case, without the
    /// lowercase copies ``match(_:)`` compares: a scan compares every locked package with every declaration, and most
    /// differ here (this was half of reading the corpus of public apps). Non-ASCII names are left to ``match(_:)``.
    static func mayName(_ package: LockedPackage, _ name: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let own = package.ecosystem == .cocoapods ? package.name.utf8.prefix { $0 != slash } : package.name.utf8[...]
        guard own.count == name.utf8.count else { return own.contains { $0 >= 0x80 } || name.utf8.contains { $0 >= 0x80 } }
        for (a, b) in zip(own, name.utf8) where a != b {
            if a >= 0x80 || b >= 0x80 { return true }
            // The same ASCII letter in the other case.
            guard a | 0x20 == b | 0x20, (0x61...0x7a).contains(a | 0x20) else { return false }
        }
        return true
    }

    /// Whether `package` is this declaration's package at one of its versions, and why.
    /// Whether it names `package` (ecosystem, name and subspec or product), whatever the version.
    public func names(_ package: LockedPackage) -> Bool {
        var any = self
        any.versions = VersionRange.any
        if case .yes = any.match(package) { return true }
        return false
    }

    public func match(_ package: LockedPackage) -> Match {
        guard package.ecosystem == ecosystem, Self.mayName(package, name) else { return .no }
        var reasons: [String] = []
        switch ecosystem {
        case .cocoapods:
            guard package.rootName.lowercased() == name.lowercased() else { return .no }
            if let component {
                guard let sub = package.subspec, sub == component || sub.hasPrefix(component + "/") else { return .no }
                reasons.append("subspec \(component)")
            }
        case .spm:
            guard package.name.lowercased() == name.lowercased() else { return .no }
            if let component {
                if let broughtBy = package.broughtBy {
                    guard package.products?.contains(component) == true else { return .no }
                    reasons.append("product \(component), brought by \(broughtBy)")
                } else if let products = package.products {
                    guard products.contains(component) else { return .no }
                    reasons.append("product \(component) (linked " + (package.productsLinkedBy[component].map { "by \($0)" } ?? "in project.pbxproj") + ")")
                } else {
                    reasons.append("product \(component) assumed (no project.pbxproj beside the file says which products are linked)")
                }
            }
        case .carthage, .pub:
            guard package.name.lowercased() == name.lowercased() else { return .no }
        }
        if versions.bounds.isEmpty {
            reasons.insert("any version", at: 0)
        } else if let version = package.parsedVersion {
            guard versions.contains(version) else { return .no }
            reasons.insert("version \(package.version ?? "") in \(versions)", at: 0)
        } else {
            // A revision or branch pin: the code is whatever the commit holds; only an open-ended (current) range is assumed.
            // So for a brought part no lockfile pins.
            guard versions.bounds.allSatisfy({ $0.op == .atLeast || $0.op == .above }) else { return .no }
            let unpinned = package.broughtBy != nil && package.version == nil && package.revision == nil
            reasons.insert(unpinned ? "no lockfile pins its version, assumed current (\(versions))"
                                    : "a revision pin (\(package.displayVersion)), assumed current (\(versions))", at: 0)
        }
        if let from = package.versionFrom {
            reasons.append("the version the Flutter plugin's release gives in \(from.place)" + (from.listed.map { " (its pod says \($0))" } ?? ""))
        } else if package.isLocal { reasons.append(package.ecosystem == .pub ? "a path package, its version as its pubspec says" : "a local :path: pod, its version as its podspec says") }
        else if package.ecosystem == .cocoapods, package.source != nil { reasons.append("from git: the version is the podspec's at that commit") }
        return .yes(reasons.joined(separator: ", "))
    }

    /// The range's lower bound when it is above the package's version: what to upgrade to.
    public var upgradeTarget: PackageVersion? { versions.lowerBound }
}
