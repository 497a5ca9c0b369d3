// The native side of the oracle: compile an Objective-C program with GCC + GNUstep and run it for real.

import Foundation

/// The GCC/GNUstep toolchain, found on PATH, and the programs built with it.
enum Native {
    /// The packages `.ci/run` installs; shown when the toolchain is missing.
    static let installHint =
        "install with: apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gobjc gnustep-make libgnustep-base-dev"

    /// Whether `gcc` and `gnustep-config` are both on PATH (`HOOKLAB_ORACLE_NATIVE=0` pretends they are not).
    static let available: Bool = ProcessInfo.processInfo.environment["HOOKLAB_ORACLE_NATIVE"] != "0"
        && which("gcc") && which("gnustep-config")

    /// The folder of this test target (probes/, incidents/, bench/, native.sh).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Where binaries go: the package's `.build/` (SwiftPM's own folder, git-ignored), never the temp directory.
    static let binDirectory: URL = {
        let dir = root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/hooklab-oracle-bin")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    private static func which(_ tool: String) -> Bool {
        (try? run(["/usr/bin/env", "sh", "-c", "command -v \(tool)"]).status) == 0
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a command to completion; a program still running after `timeout` seconds is killed.
    static func run(_ argv: [String], environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Read both pipes concurrently so a chatty program cannot block on a full pipe.
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        for (handle, sink) in [(out.fileHandleForReading, outData), (err.fileHandleForReading, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(handle.readDataToEndOfFile())
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            p.terminate()
            group.wait()
        }
        p.waitUntilExit()
        return Result(status: p.terminationStatus,
                      stdout: String(decoding: outData.get(), as: UTF8.self),
                      stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    /// Compiles `relativePath` (under this target's folder) with `native.sh build`, once per content.
    /// - Returns: the executable's path.
    /// - Throws: `NativeError.compile` with gcc's output.
    static func build(_ relativePath: String, cflags: [String] = []) throws -> String {
        let src = root.appendingPathComponent(relativePath)
        // Key the binary by the source, the shared header and the flags, so edits rebuild and reruns do not.
        var key = try Data(contentsOf: src)
        key.append(try Data(contentsOf: root.appendingPathComponent("probes/oracle.h")))
        key.append(Data(cflags.joined(separator: " ").utf8))
        let stem = src.deletingPathExtension().lastPathComponent
        let outDir = binDirectory.appendingPathComponent("\(stem)-\(fnv1a(key))")
        let exe = outDir.appendingPathComponent(stem).path
        // Parallel test cases that need the same program build it once.
        let lock = buildLocks.lock(for: exe)
        lock.lock()
        defer { lock.unlock() }
        if FileManager.default.isExecutableFile(atPath: exe) { return exe }
        let r = try run(["/usr/bin/env", "bash", root.appendingPathComponent("native.sh").path,
                         "build", src.path, outDir.path] + cflags, timeout: 300)
        guard r.status == 0, FileManager.default.isExecutableFile(atPath: exe) else {
            throw NativeError.compile(relativePath, r.stdout + r.stderr)
        }
        return exe
    }

    /// Runs a built program and returns its output, normalized for comparison.
    static func output(of exe: String, arguments: [String] = [], environment: [String: String] = [:]) throws -> (lines: [String], status: Int32) {
        let r = try run([exe] + arguments, environment: environment)
        return (normalize(r.stdout + r.stderr), r.status)
    }

    /// Drops GNUstep's NSLog prefix (date, time, process) and pointer values; trims trailing blanks.
    static func normalize(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var s = String(line)
            if let r = s.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [^ ]+\[\d+:\d+\] "#, options: .regularExpression) {
                s.removeSubrange(r)
            }
            s = s.replacingOccurrences(of: #"0x[0-9a-fA-F]+"#, with: "0x…", options: .regularExpression)
            while s.last == " " || s.last == "\r" { s.removeLast() }
            return s
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// FNV-1a 64: a stable content hash (Swift's Hasher is seeded per process).
    static func fnv1a(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in data { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return String(h, radix: 16)
    }
}

enum NativeError: Error, CustomStringConvertible {
    case compile(String, String)
    var description: String {
        switch self {
        case let .compile(file, log): return "gcc failed on \(file):\n\(log)"
        }
    }
}

/// One lock per executable path.
final class BuildLocks: @unchecked Sendable {
    // @unchecked: `locks` is read and written only under `lock`.
    private let lock = NSLock()
    private var locks: [String: NSLock] = [:]
    func lock(for path: String) -> NSLock {
        lock.lock(); defer { lock.unlock() }
        if let l = locks[path] { return l }
        let l = NSLock()
        locks[path] = l
        return l
    }
}

let buildLocks = BuildLocks()

/// A byte buffer shared between a reader thread and the test.
final class LockedData: @unchecked Sendable {
    // @unchecked: `data` is read and written only under `lock`.
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
