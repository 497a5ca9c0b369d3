// The report files of a matrix, written as one set (see `AtomicFile.write(_:)`).

import Foundation

extension Matrix {
    /// Every report file of the matrix, as (path relative to the reports directory, contents).
    ///
    /// `hooklab matrix` (and `merge`, and `gate --reports`) write them all or none; a new report page is one more entry here.
    public var reportFiles: [(path: String, contents: String)] {
        [("compatibility-matrix.md", markdown), ("matrix.json", json)]
    }

    /// The report files placed in a directory.
    public func reportOutputs(in directory: URL) -> [AtomicFile.Output] {
        reportFiles.map { AtomicFile.Output(directory.appendingPathComponent($0.path), $0.contents) }
    }

    /// Each cell's object in `matrix.json`, read back from the text itself, so `--json` elsewhere carries
    /// exactly the same fields as the report.
    var jsonCells: [Cell: JSONValue] {
        guard let root = try? JSONValue.parse(json), case .array(let cells)? = root.value["cells"] else { return [:] }
        var byCell: [Cell: JSONValue] = [:]
        for cell in cells {
            guard case .string(let host)? = cell["host"], case .array(let orderValues)? = cell["order"],
                  case .string(let configText)? = cell["config"], let config = Configuration(rawValue: configText) else { continue }
            let order = orderValues.compactMap { value -> String? in if case .string(let id) = value { return id } else { return nil } }
            byCell[Cell(host: host, order: order, config: config)] = cell
        }
        return byCell
    }
}
