// Where the lab's files live, relative to the project root: the report, its machine record and heat map, the baseline.

import Foundation

extension Lab {
    /// The report index's path relative to the root; the other pages are beside it (``Matrix/reportFiles(observations:)``).
    public static let reportPath = "Reports/README.md"
    /// The machine-readable report's path relative to the root.
    public static let jsonPath = "Reports/matrix.json"
    /// The heat map's path relative to the root.
    public static let svgPath = "Reports/matrix.svg"
    /// The single-file baseline's path relative to the root (an SDK's own baseline).
    public static let baselinePath = "Matrix/baseline.json"
    /// The baseline directory's path relative to the root: HookLab's own baseline, one schema-2 file per host
    /// (``Baseline/directoryFiles``), each under GitHub's 500 KB per-file diff limit.
    public static let baselineDirectoryPath = "Matrix/baseline"

    /// The baseline used under a root: ``baselineDirectoryPath`` when that directory exists, else ``baselinePath``.
    public static func baselinePath(in root: URL) -> String {
        var directory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(baselineDirectoryPath).path, isDirectory: &directory)
        return exists && directory.boolValue ? baselineDirectoryPath : baselinePath
    }
}
