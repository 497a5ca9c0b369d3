// Command-line conventions shared by every command: the package root, paths, worker count, progress, quoting.

import Foundation
#if canImport(Glibc)
import Glibc
import HookLab
#endif

extension CLI {
    /// The tool's version, printed by `hooklab --version`.
    public static let version = "0.13.0"

    /// The nearest directory at or above `directory` that holds `Package.swift` or a `Matrix/` directory; nil outside a package.
    public static func packageRoot(from directory: URL) -> URL? {
        var current = directory.standardizedFileURL
        while true {
            var isDirectory: ObjCBool = false
            let matrix = FileManager.default.fileExists(atPath: current.appendingPathComponent("Matrix").path, isDirectory: &isDirectory) && isDirectory.boolValue
            if matrix || FileManager.default.fileExists(atPath: current.appendingPathComponent("Package.swift").path) { return current }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// The package root, or a usage error naming the way out.
    func requirePackageRoot(_ option: String) throws(UsageError) -> URL {
        guard let packageRoot else {
            throw UsageError("not inside a package: no Package.swift or Matrix/ in \(currentDirectory.path) or above; run it from the package, or pass \(option)")
        }
        return packageRoot
    }

    /// The path an option names, or the default path below the package root.
    func location(_ option: String?, default relative: String, option name: String) throws(UsageError) -> URL {
        if let option { return userURL(option) }
        return try requirePackageRoot(name).appendingPathComponent(relative)
    }

    /// A path given on the command line: absolute, or relative to the current directory.
    func userURL(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
    }

    /// How to name a file of the package in messages: relative to the current directory when below it.
    func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path, base = currentDirectory.standardizedFileURL.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// The CPUs this process may run on (`sched_getaffinity`, as `taskset` sets it), or the machine's count
    /// when the affinity cannot be read.
    public static func availableCPUs() -> Int {
        #if os(Linux)
        // Glibc declares sched_getaffinity only under _GNU_SOURCE, which Swift's Glibc module does not set: look it up.
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        if let symbol = dlsym(nil, "sched_getaffinity") {
            let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
            var mask = [UInt64](repeating: 0, count: 16) // cpu_set_t: 1024 bits
            let status = mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress!) }
            // CPU_COUNT is a macro Swift cannot import: count the mask's bits.
            let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            if status == 0, count > 0 { return count }
        }
        #endif
        return ProcessInfo.processInfo.activeProcessorCount
    }

    /// Whether standard error is a terminal (progress is drawn only then).
    public static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Parses `--shard I/N`.
    static func shard(_ text: String?) throws(UsageError) -> Shard? {
        guard let text else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw UsageError("--shard takes I/N with 1 ≤ I ≤ N, e.g. --shard 2/3, not '\(text)'")
        }
        return Shard(index: index, count: count)
    }

    /// Progress on standard error: "hooklab: 1234/5056 cells, 3.1 s", redrawn at most ten times a second, once
    /// the run has taken 2 s (a shorter run shows nothing), and erased at the end.
    final class Progress: @unchecked Sendable {
        // @unchecked: the drawing state is read and written only under `lock`, and `write` is called under it too.
        private let write: (String) -> Void
        private let lock = NSLock()
        private let start = DispatchTime.now().uptimeNanoseconds
        private var lastDraw: UInt64 = 0
        private var drawn = false

        init(write: @escaping (String) -> Void) { self.write = write }

        func update(done: Int, total: Int) {
            let now = DispatchTime.now().uptimeNanoseconds
            lock.lock()
            defer { lock.unlock() }
            guard now - start >= 2_000_000_000, now - lastDraw >= 100_000_000 || done == total else { return }
            lastDraw = now
            drawn = true
            write("\rhooklab: \(done)/\(total) cells, \(String(format: "%.1f", Double(now - start) / 1e9)) s\u{1B}[K")
        }

        func finish() {
            lock.lock()
            defer { lock.unlock() }
            if drawn { write("\r\u{1B}[K") }
        }
    }
}
