// Atomic writes: readers never see a half-written report or baseline.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files atomically: the text goes to a temporary file beside the target, which is then renamed over it.
public enum AtomicFile {
    /// Writes text to a file, creating its directory if needed.
    /// - Throws: The underlying file-system error; the target is then untouched.
    public static func write(_ text: String, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "rename failed: \(String(cString: strerror(code)))"])
        }
    }
}
