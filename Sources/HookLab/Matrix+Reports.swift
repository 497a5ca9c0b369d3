// The report files of a matrix, written as one set (see `AtomicFile.write(_:)`).

import Foundation

extension Matrix {
    /// The report files (``reportFiles(observations:)``) placed in a reports directory.
    public func reportOutputs(in directory: URL, observations: [DesignObservation] = []) -> [AtomicFile.Output] {
        reportFiles(observations: observations).map { file in
            let prefix = Self.reportsDirectory + "/"
            let relative = file.path.hasPrefix(prefix) ? String(file.path.dropFirst(prefix.count)) : file.path
            return AtomicFile.Output(directory.appendingPathComponent(relative), file.contents)
        }
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
