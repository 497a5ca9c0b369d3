// The report files of a matrix, written as one set (see `AtomicFile.write(_:)`).

import Foundation

extension Matrix {
    /// The report files (``reportFiles(observations:)``) placed in a reports directory.
    public func reportOutputs(in directory: URL, observations: [DesignObservation] = [],
                              workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [AtomicFile.Output] {
        Self.reportOutputs(reportFiles(observations: observations, workers: workers), in: directory)
    }

    /// Report files already rendered (``reportFiles(observations:)``), placed in a reports directory.
    public static func reportOutputs(_ files: [(path: String, contents: String)], in directory: URL) -> [AtomicFile.Output] {
        files.map { file in
            let prefix = Self.reportsDirectory + "/"
            let relative = file.path.hasPrefix(prefix) ? String(file.path.dropFirst(prefix.count)) : file.path
            return AtomicFile.Output(directory.appendingPathComponent(relative), file.contents)
        }
    }

    /// Each cell's object in `matrix.json`, read back from the text itself and expanded to schema 2's form (its
    /// findings, reproducer, sources, `ran` and variants in place), so `--json` elsewhere carries exactly the same
    /// fields as the report.
    package var jsonCells: [Cell: JSONValue] {
        guard let root = try? JSONValue.parse(json) else { return [:] }
        let cells = Self.expandedCells(root.value)
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

extension Matrix {
    /// Removes the generated pages of an earlier run that this run did not write (a host now split into fewer parts,
    /// a participant removed), so `Reports/` holds exactly one report set. Only pages the report set owns are
    /// candidates: Markdown under `hosts/`, `targets/` and `libraries/`, and the `triples*.md` parts.
    public static func removeStalePages(in directory: URL, keeping outputs: [AtomicFile.Output]) {
        for url in stalePages(in: directory, keeping: outputs) { try? FileManager.default.removeItem(at: url) }
    }

    /// The generated pages in `directory` (`hosts/`, `targets/`, `libraries/`, `triples*.md`) that none of `outputs`
    /// writes, sorted by path: what ``removeStalePages(in:keeping:)`` removes, and what a snapshot check reports.
    public static func stalePages(in directory: URL, keeping outputs: [AtomicFile.Output]) -> [URL] {
        let keep = Set(outputs.map { $0.url.standardizedFileURL.path })
        let files = FileManager.default
        var candidates: [URL] = []
        for sub in ["hosts", "targets", "libraries"] {
            let folder = directory.appendingPathComponent(sub)
            for name in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".md") {
                candidates.append(folder.appendingPathComponent(name))
            }
        }
        for name in (try? files.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix("triples") && name.hasSuffix(".md") {
            candidates.append(directory.appendingPathComponent(name))
        }
        return candidates.sorted { $0.path < $1.path }.filter { !keep.contains($0.standardizedFileURL.path) }
    }

    /// Where a committed file and the text rendered for it first differ: "l.12: committed '…', rendered '…'"; nil when
    /// they are equal. A missing file differs at its first line.
    public static func firstDifference(committed: String?, rendered: String) -> String? {
        guard let committed else { return "missing: the file is not committed" }
        guard committed != rendered else { return nil }
        let a = committed.components(separatedBy: "\n"), b = rendered.components(separatedBy: "\n")
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        func shown(_ lines: [String]) -> String {
            guard line < lines.count else { return "(end of file)" }
            let text = lines[line]
            return "'" + (text.count > 160 ? String(text.prefix(160)) + "…" : text) + "'"
        }
        return "l.\(line + 1): committed \(shown(a)), rendered \(shown(b))"
    }
}
