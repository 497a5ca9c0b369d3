// The build configuration a scenario runs in.

/// The build configuration a scenario runs in: library asserts trip in ``debug`` and are compiled out in ``release``.
public enum Configuration: String, Codable, Sendable, CaseIterable, Comparable {
    /// Asserts trip, as in a development build.
    case debug
    /// Asserts are compiled out and the run goes on, as in a shipped app.
    case release

    public static func < (lhs: Configuration, rhs: Configuration) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
