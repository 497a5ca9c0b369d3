// A baseline directory (HookLab's own `Matrix/baseline/`): one complete schema-2 baseline file per host, so each file
// stays under GitHub's 500 KB per-file diff limit however many hosts the lab grows.

import Foundation

extension Baseline {
    /// Whether a baseline path names a directory: an existing directory, or a path written with a trailing `/`.
    public static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) { return directory.boolValue }
        return url.hasDirectoryPath
    }

    /// The file of a host in a baseline directory: the host's name made safe as the report pages' names are
    /// (``Matrix/fileSafeName(_:)``, `UIApplication@swiftui` → `UIApplication-swiftui.json`).
    public static func directoryFileName(host: String) -> String { Matrix.fileSafeName(host) + ".json" }

    /// The files of this baseline as a directory, sorted by name: one per host, each `Baseline(entries: thatHostsEntries).fileText`
    /// (its own reasons table). Hosts whose safe names are the same, ignoring case (a case-insensitive file system
    /// would make them one file), share that file, named after the first of them, so no cell is lost.
    public var directoryFiles: [(name: String, text: String)] {
        var groups: [(key: String, name: String, entries: [Entry])] = []
        var position: [String: Int] = [:]
        for entry in entries { // sorted by cell, so by host
            let name = Self.directoryFileName(host: entry.cell.host)
            let key = name.lowercased()
            if let index = position[key] {
                groups[index].entries.append(entry)
            } else {
                position[key] = groups.count
                groups.append((key, name, [entry]))
            }
        }
        return groups.map { ($0.name, Baseline(entries: $0.entries).fileText) }.sorted { $0.name < $1.name }
    }

    /// What to write for this baseline at a path: its ``directoryFiles`` when the path is a directory
    /// (``isDirectory(_:)``), else the one file. Write them as one set with ``AtomicFile/write(_:)``, then call
    /// ``removeStaleFiles(at:keeping:)``.
    public func outputs(at url: URL) -> [AtomicFile.Output] {
        guard Self.isDirectory(url) else { return [AtomicFile.Output(url, fileText)] }
        return directoryFiles.map { AtomicFile.Output(url.appendingPathComponent($0.name), $0.text) }
    }

    /// After a baseline directory was written: removes its `*.json` files that the set did not write (they no longer
    /// hold any host). Nothing for a single file.
    public static func removeStaleFiles(at url: URL, keeping outputs: [AtomicFile.Output]) {
        guard isDirectory(url) else { return }
        let keep = Set(outputs.map { $0.url.standardizedFileURL.path })
        for name in directoryFileNames(url) {
            let file = url.appendingPathComponent(name)
            if !keep.contains(file.standardizedFileURL.path) { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// The baseline files of a directory: every `*.json` (hidden files aside), sorted by name.
    static func directoryFileNames(_ url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    /// Reads a baseline directory: every `*.json` in it, sorted by name, is one schema-2 (or 1) file, and the baseline
    /// is their union. Nil when the directory holds no such file.
    /// - Parameters:
    ///   - url: The directory.
    ///   - file: The directory's path to name in errors; a file's errors name `file/NAME.json`.
    /// - Throws: ``BaselineError`` with the file and line of the first error, or of a cell that an earlier file
    ///   already holds.
    public static func loadDirectory(from url: URL, file: String) throws(BaselineError) -> Baseline? {
        let names = directoryFileNames(url)
        guard !names.isEmpty else { return nil }
        var files: [(name: String, text: String)] = []
        for name in names { files.append((name, try readText(url.appendingPathComponent(name), file: path(file, name)))) }
        return try parseDirectory(files, directory: file)
    }

    /// The union of a directory's files (in the order given); a cell in two files is an error at its line in the second.
    /// - Throws: ``BaselineError`` naming `directory/NAME.json` and the line.
    public static func parseDirectory(_ files: [(name: String, text: String)], directory: String) throws(BaselineError) -> Baseline {
        var entries: [Entry] = []
        var first: [Matrix.Cell: (file: String, line: Int)] = [:]
        for (name, text) in files {
            let file = path(directory, name)
            for (entry, line) in try parseRows(text, file: file) {
                if let earlier = first[entry.cell] {
                    throw BaselineError(file: file, line: line, message: "\(entry.cell) is also in \(earlier.file):\(earlier.line); a cell belongs to one file of the directory")
                }
                first[entry.cell] = (file, line)
                entries.append(entry)
            }
        }
        return Baseline(entries: entries)
    }

    /// `directory/name`, without doubling a trailing `/`.
    package static func path(_ directory: String, _ name: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name
    }
}
