// Atomic writes: readers never see a half-written report or baseline, and a failed or killed write leaves nothing.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files atomically, alone or as a set: every text goes to a temporary file beside its target
/// (`.NAME.PID.tmp`, covered by `.gitignore`), fsynced, and only when all of them are written are they renamed over
/// their targets. A replaced file keeps its mode. On any error every temporary file is removed; a temporary file left
/// by a killed run is removed by the next write into the same directory.
public enum AtomicFile {
    /// One file to write: a path and its whole contents.
    public struct Output: Hashable, Sendable {
        public var url: URL
        public var contents: String
        public init(_ url: URL, _ contents: String) {
            self.url = url
            self.contents = contents
        }
    }

    /// Writes text to a file, creating its directory if needed.
    /// - Throws: The underlying file-system error; the target is then untouched.
    public static func write(_ text: String, to url: URL) throws {
        try write([Output(url, text)])
    }

    /// Writes every output, or none: all temporary files are written and fsynced before the first rename.
    /// - Throws: The first file-system error; no temporary file is left, and no target was replaced
    ///   (unless a rename itself fails midway, which needs a failing file system).
    public static func write(_ outputs: [Output]) throws {
        var temporaries: [URL] = []
        var backups: [URL?] = []
        var renamed = 0
        var createdDirectories: [String] = []
        defer {
            // Every path that did not reach its rename: remove the temporary file; and the backups, always.
            for temporary in temporaries.dropFirst(renamed) { unlink(temporary.path) }
            for case let backup? in backups { unlink(backup.path) }
            // A set that was not written leaves no directory it made either (deepest first; only empty ones go).
            if renamed < outputs.count { for directory in createdDirectories.reversed() { rmdir(directory) } }
        }
        for directory in Set(outputs.map { $0.url.deletingLastPathComponent().standardizedFileURL.path }).sorted() {
            var missing: [String] = []
            var ancestor = directory
            while !ancestor.isEmpty, ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
                missing.insert(ancestor, at: 0)
                ancestor = (ancestor as NSString).deletingLastPathComponent
            }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            createdDirectories += missing
            removeStaleTemporaries(in: URL(fileURLWithPath: directory))
        }
        for output in outputs {
            let temporary = temporaryURL(for: output.url)
            temporaries.append(temporary)
            try writeSynced(Data(output.contents.utf8), to: temporary, modeOf: output.url)
        }
        // Keep each replaced file under a second name (a hard link) until every rename succeeded, so a failing
        // rename can put the earlier files back: the set is replaced whole or not at all.
        for output in outputs {
            var status = stat()
            guard lstat(output.url.path, &status) == 0 else { backups.append(nil); continue }
            guard status.st_mode & S_IFMT != S_IFDIR else { throw posixError(EISDIR, output.url, "replace") }
            let backup = temporaryURL(for: output.url, tag: "old")
            unlink(backup.path)
            guard link(output.url.path, backup.path) == 0 else { throw posixError(errno, output.url, "keep a copy of") }
            backups.append(backup)
        }
        for (position, (output, temporary)) in zip(outputs, temporaries).enumerated() {
            guard rename(temporary.path, output.url.path) == 0 else {
                let code = errno
                for earlier in (0..<position).reversed() {
                    if let backup = backups[earlier] { rename(backup.path, outputs[earlier].url.path) } else { unlink(outputs[earlier].url.path) }
                }
                throw posixError(code, output.url, "rename")
            }
            renamed += 1
        }
        for directory in Set(outputs.map { $0.url.deletingLastPathComponent().path }) {
            let descriptor = open(directory, O_RDONLY)
            if descriptor >= 0 { fsync(descriptor); close(descriptor) }
        }
    }

    /// `.NAME.PID.tmp` beside the target.
    static func temporaryURL(for url: URL, tag: String? = nil) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent)\(tag.map { ".\($0)" } ?? "").\(getpid()).tmp")
    }

    /// Removes `.NAME.PID.tmp` files whose process is gone (a killed run); a live process's files are left alone.
    static func removeStaleTemporaries(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(4).split(separator: ".")
            guard parts.count >= 2, let pid = Int32(parts[parts.count - 1]), pid > 0 else { continue }
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
    }

    /// Writes the data with the mode of the file it will replace (0644 for a new one) and fsyncs it.
    static func writeSynced(_ data: Data, to temporary: URL, modeOf target: URL) throws {
        var mode: mode_t = 0o644
        var status = stat()
        if stat(target.path, &status) == 0 { mode = status.st_mode & 0o7777 }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard descriptor >= 0 else { throw posixError(errno, temporary, "create") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw posixError(errno, temporary, "write")
                }
                offset += written
            }
        }
        // The umask applies at creation; set the mode explicitly so it matches the replaced file.
        guard fchmod(descriptor, mode) == 0 else { throw posixError(errno, temporary, "chmod") }
        guard fsync(descriptor) == 0 else { throw posixError(errno, temporary, "fsync") }
    }

    static func posixError(_ code: Int32, _ url: URL, _ operation: String) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path,
                                                 NSLocalizedDescriptionKey: "\(operation) \(url.path) failed: \(String(cString: strerror(code)))"])
    }
}
