// `hooklab diff OLD.json NEW.json`: the cells that changed between two matrix.json files, as Markdown.

import Foundation
import HookLab

extension CLI {
    /// `hooklab diff [--all] OLD.json NEW.json`: print the changed cells as a pull-request comment; exit 1 on a regression.
    func diff(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let all = arguments.flag("--all")
        let files = try arguments.positional(2...2, "two matrix.json files, e.g. 'hooklab diff old/matrix.json Reports/matrix.json'")
        var sides: [[MatrixDiff.CellRecord]] = []
        for file in files {
            let fileURL = file.hasPrefix("/") ? URL(fileURLWithPath: file) : url(file)
            guard let data = FileManager.default.contents(atPath: fileURL.path) else { throw UsageError("cannot read '\(file)'") }
            guard let text = String(data: data, encoding: .utf8) else { throw UsageError("\(file):1: is not UTF-8 text") }
            do { sides.append(try MatrixDiff.cells(ofMatrixJSON: text, file: file)) } catch { throw UsageError(error.description) }
        }
        let diff = MatrixDiff(old: sides[0], new: sides[1])
        standardOutput(MatrixDiff.markdown(diff.changes, compared: diff.compared, limit: all ? nil : MatrixDiff.commentLimit))
        return diff.changes.contains { $0.kind == .regression } ? 1 : 0
    }
}
