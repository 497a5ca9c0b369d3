// Where the lab's files live, relative to the project root: the report, its machine record and heat map, the baseline.

extension Lab {
    /// The report index's path relative to the root; the other pages are beside it (``Matrix/reportFiles(observations:)``).
    public static let reportPath = "Reports/README.md"
    /// The machine-readable report's path relative to the root.
    public static let jsonPath = "Reports/matrix.json"
    /// The heat map's path relative to the root.
    public static let svgPath = "Reports/matrix.svg"
    /// The baseline's path relative to the root.
    public static let baselinePath = "Matrix/baseline.json"
}
