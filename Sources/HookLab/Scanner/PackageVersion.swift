// Versions as lockfiles write them, and the ranges participants declare (`>= 6.5.0 < 6.10.0`).

/// A release version read from a lockfile: numeric components, an optional prerelease tag and build metadata.
///
/// Lockfiles write `6.5.0`, `v11.2.1` (Carthage tags), `1.9`, `0.3.901`, `1.2024072200.0`, `600.0.0-prerelease-2024-09-04`
/// (versions-and-manifests.md §B6.8) and pub's `1.0.0+2`: a leading `v` is dropped, components compare numerically (a
/// missing one is 0), a prerelease sorts before its release (its dot-separated identifiers compared as SemVer 2.0.0 §11
/// does: numbers numerically and before words), and build metadata after `+` does not count (§10).
public struct PackageVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var components: [Int]
    /// The text after the first `-`, up to a `+`, if any (`prerelease-2024-09-04`).
    public var prerelease: String?
    /// The text after the first `+`, if any: written back, never compared.
    public var build: String?

    /// Reads a version; nil when the text is not one (a git SHA, a branch name).
    public init?(_ text: String) {
        var body = Substring(text)
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        if let plus = body.firstIndex(of: "+") {
            build = String(body[body.index(after: plus)...])
            body = body[..<plus]
            if build?.isEmpty == true { return nil }
        }
        var tag: String?
        if let cut = body.firstIndex(of: "-") {
            tag = String(body[body.index(after: cut)...])
            body = body[..<cut]
            if tag?.isEmpty == true { return nil }
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { return nil }
        var numbers: [Int] = []
        for part in parts {
            // Any component that fits an Int (18 digits: abseil-cpp-binary's `1.2024072200.0` has 10); a longer run of
            // digits (a 40-hex SHA made of digits only) is no version.
            guard !part.isEmpty, part.count <= 18, part.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(part) else { return nil }
            numbers.append(n)
        }
        components = numbers
        prerelease = tag
    }

    public var description: String {
        components.map(String.init).joined(separator: ".") + (prerelease.map { "-" + $0 } ?? "") + (build.map { "+" + $0 } ?? "")
    }

    /// Precedence ignores build metadata, so two versions that differ only there are equal as versions.
    public static func == (lhs: PackageVersion, rhs: PackageVersion) -> Bool { lhs.sameRelease(as: rhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
        hasher.combine(prerelease)
    }

    public static func < (lhs: PackageVersion, rhs: PackageVersion) -> Bool {
        for i in 0..<max(lhs.components.count, rhs.components.count) {
            let a = i < lhs.components.count ? lhs.components[i] : 0
            let b = i < rhs.components.count ? rhs.components[i] : 0
            if a != b { return a < b }
        }
        switch (lhs.prerelease, rhs.prerelease) {
        case (nil, nil), (nil, _?): return false
        case (_?, nil): return true
        case let (a?, b?): return Self.precedes(a, b)
        }
    }

    /// SemVer 2.0.0 §11.4: identifiers left to right, numbers numerically and below words, words in ASCII order, and
    /// a shorter list first when the longer one starts with it.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: ".", omittingEmptySubsequences: false), right = b.split(separator: ".", omittingEmptySubsequences: false)
        for (x, y) in zip(left, right) where x != y {
            let (m, n) = (x.allSatisfy { $0.isASCII && $0.isNumber } ? Int(x) : nil, y.allSatisfy { $0.isASCII && $0.isNumber } ? Int(y) : nil)
            switch (m, n) {
            case let (m?, n?): return m < n
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
            }
        }
        return left.count < right.count
    }

    /// Equal as versions (`6.5` and `6.5.0` are the same release).
    public func sameRelease(as other: PackageVersion) -> Bool { !(self < other) && !(other < self) }
}

/// A set of versions: comparisons that must all hold (`>= 6.5.0 < 6.10.0`), or any version (`*`).
public struct VersionRange: Hashable, Sendable, CustomStringConvertible {
    public enum Operator: String, Sendable, CaseIterable { case atLeast = ">=", above = ">", below = "<", atMost = "<=", exactly = "=" }
    public var bounds: [(op: Operator, version: PackageVersion)]

    /// Every version.
    public static let any = VersionRange(bounds: [])

    public init(bounds: [(op: Operator, version: PackageVersion)]) { self.bounds = bounds }

    /// Reads `>= 6.5.0 < 6.10.0`, `= 1.4.1`, `< 3.3.0` or `*`, as words.
    /// - Throws: a message saying what was expected.
    public init(words: [String]) throws(VersionRangeError) {
        if words == ["*"] { self = .any; return }
        guard !words.isEmpty else { throw VersionRangeError("expected a version range such as '>= 6.5.0 < 6.10.0' or '*'") }
        var result: [(Operator, PackageVersion)] = []
        var i = 0
        while i < words.count {
            guard let op = Operator(rawValue: words[i]) else {
                throw VersionRangeError("expected a comparison (>=, >, <, <=, =) before '\(words[i])' in a version range")
            }
            guard i + 1 < words.count, let version = PackageVersion(words[i + 1]) else {
                throw VersionRangeError(i + 1 < words.count ? "'\(words[i + 1])' is not a version (expected e.g. 6.5.0)"
                                                            : "'\(words[i])' needs a version after it")
            }
            result.append((op, version))
            i += 2
        }
        bounds = result
    }

    public func contains(_ version: PackageVersion) -> Bool {
        bounds.allSatisfy { bound in
            switch bound.op {
            case .atLeast: !(version < bound.version)
            case .above: bound.version < version
            case .below: version < bound.version
            case .atMost: !(bound.version < version)
            case .exactly: version.sameRelease(as: bound.version)
            }
        }
    }

    /// Whether some version lies in both ranges: the tightest lower and upper bounds of the two, taken together, leave
    /// room (a `= V` bound is both). Used for a participant's `requires` line against another's package ranges.
    public func overlaps(_ other: VersionRange) -> Bool {
        let all = bounds + other.bounds
        var low: (version: PackageVersion, inclusive: Bool)?
        var high: (version: PackageVersion, inclusive: Bool)?
        for bound in all {
            let isLow = bound.op == .atLeast || bound.op == .above || bound.op == .exactly
            let isHigh = bound.op == .below || bound.op == .atMost || bound.op == .exactly
            let inclusive = bound.op == .atLeast || bound.op == .atMost || bound.op == .exactly
            if isLow, low.map({ $0.version < bound.version || ($0.version.sameRelease(as: bound.version) && !inclusive) }) ?? true {
                low = (bound.version, inclusive)
            }
            if isHigh, high.map({ bound.version < $0.version || ($0.version.sameRelease(as: bound.version) && !inclusive) }) ?? true {
                high = (bound.version, inclusive)
            }
        }
        guard let low, let high else { return true }
        if low.version < high.version { return true }
        return low.version.sameRelease(as: high.version) && low.inclusive && high.inclusive
    }

    /// The smallest version the range names as a lower bound, for "upgrade to ≥ X".
    public var lowerBound: PackageVersion? {
        bounds.filter { $0.op == .atLeast || $0.op == .exactly }.map(\.version).max()
    }

    public var description: String {
        bounds.isEmpty ? "*" : bounds.map { "\($0.op.rawValue) \($0.version)" }.joined(separator: " ")
    }

    public static func == (lhs: VersionRange, rhs: VersionRange) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

/// A malformed version range.
public struct VersionRangeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
