// Every reader of a user's input file, by name, as the CLI reads it: the entry points of the coverage-guided fuzz
// targets (Fuzz/targets/<name>.swift) and of their regression inputs (Fuzz/regressions/<name>/, run by `swift test`).

import Foundation
import HookLab

/// The readers of the lab's input formats. Each takes a file's bytes and ends in a value or a clean error (file and
/// line), never a trap.
///
/// A new input format (another lockfile `hooklab scan` reads) is one more entry in ``all``, one more small target in
/// `Fuzz/targets/`, and a seed corpus in `Fuzz/corpus/<name>/`; `Fuzz/run` and the regression test pick it up.
package enum InputReaders {
    /// Each reader's name (its fuzz target's) and the reader: nil when the input was read, else the error text.
    package static let all: [(name: String, read: @Sendable (Data) -> String?)] = [
        ("scenario", scenario),
        ("participant", participant),
        ("baseline", baseline),
        ("matrix-json", matrixJSON),
        ("shard-file", { data in text(data) { text in _ = try ShardFile.parse(text, file: "shard.json") } }),
        // The lockfiles `hooklab scan` reads, one target per format.
        ("podfile-lock", lockfile(.podfileLock)),
        ("package-resolved", lockfile(.packageResolved)),
        ("cartfile-resolved", lockfile(.cartfileResolved)),
        ("pubspec-lock", lockfile(.pubspecLock)),
        ("xcode-project", xcodeProject),
        // An app's own source, read for its app delegate (never an error: source it does not understand is skipped).
        ("app-delegate-source", { data in
            text(data) { text in
                let calls = Lab.catalog.participants.flatMap(\.startCalls)
                _ = AppDelegateSource.read(text, file: "AppDelegate.swift", startCalls: calls)
                _ = AppDelegateSource.read(text, file: "AppDelegate.m", startCalls: calls)
            }
        }),
        // An Objective-C header with its implementation (the input split at its first `@end`): the declaration from the
        // header, the set-up and launch lines from the body, as `hooklab scan` pairs them (never an error either).
        ("app-delegate-header", { data in
            text(data) { text in
                let calls = Lab.catalog.participants.flatMap(\.startCalls)
                let parts = text.components(separatedBy: "@end")
                let header = parts.first ?? "", body = parts.dropFirst().joined(separator: "@end")
                if var source = AppDelegateSource.read(header, file: "AppDelegate.h", startCalls: calls), AppDelegateSource.implements(body, source.className) {
                    source.bodyFile = "AppDelegate.mm"
                    source.readSetUp(body, startCalls: calls)
                }
                _ = AppDelegateSource.read(body, file: "AppDelegate.mm", startCalls: calls)
                _ = AppDelegateSource.mainClass(text)
            }
        }),
        // A Swift file of any name that may hold a SwiftUI `App` or the app delegate (`Main.swift`), and its launch lines.
        ("swiftui-app-file", { data in
            text(data) { text in
                guard AppDelegateSource.mayMatter(text) else { return }
                _ = AppDelegateSource.read(text, file: "Main.swift", startCalls: Lab.catalog.participants.flatMap(\.startCalls))
                _ = AppDelegateSource.runningLines(text, objc: false)
            }
        }),
        // An app's Info.plist, read for the switches participant files declare (never an error either).
        ("info-plist", { data in text(data) { text in _ = InfoPlist.read(text, file: "Info.plist") } }),
        // A local Swift package's Package.swift, read for what it links (never an error either).
        ("local-package-manifest", { data in text(data) { text in _ = LocalPackageManifest.read(text) } }),
    ]

    /// Reads `data` with the reader named `name`; nil for a name no reader has.
    package static func read(_ name: String, _ data: Data) -> String?? {
        all.first { $0.name == name }.map { $0.read(data) }
    }

    /// A scenario file as `hooklab run` reads it: parsed, validated against the lab's catalog, and run.
    @Sendable static func scenario(_ data: Data) -> String? {
        reading {
            let text = try Scenario.decodeUTF8(data, file: "input.hooklab")
            // No project root: only HookLab's own participants, whatever directory the fuzzer runs in.
            let cli = CLI(catalog: Lab.catalog, root: URL(fileURLWithPath: "/nonexistent/hooklab-input"), environment: [:],
                          workers: 1, showsProgress: false, standardOutput: { _ in }, standardError: { _ in })
            _ = try cli.runScenarioText(text, file: "input.hooklab")
        }
    }

    /// A participant file (`Matrix/participants/*.hooklab`), parsed and built into a catalog participant.
    @Sendable static func participant(_ data: Data) -> String? {
        text(data) { text in _ = try ParticipantFile.parse(files: [("input.hooklab", text)]).map(\.kind) }
    }

    /// One baseline file (`Matrix/baseline.json`, or one file of a baseline directory such as `Matrix/baseline/`) as the gate reads it.
    @Sendable static func baseline(_ data: Data) -> String? {
        text(data) { text in _ = try Baseline.parse(text, file: "baseline.json") }
    }

    /// A `matrix.json` as `hooklab diff` reads it.
    @Sendable static func matrixJSON(_ data: Data) -> String? {
        text(data) { text in _ = try MatrixDiff.cells(ofMatrixJSON: text, file: "matrix.json") }
    }

    /// A lockfile of `format` as `hooklab scan` reads it: parsed, and its packages listed.
    static func lockfile(_ format: LockfileFormat) -> @Sendable (Data) -> String? {
        { data in text(data) { text in _ = try Lockfile.packages(text: text, file: format.rawValue, format: format) } }
    }

    /// An Xcode project (`project.pbxproj`) as `hooklab scan` reads it for Swift packages' products.
    @Sendable static func xcodeProject(_ data: Data) -> String? {
        text(data) { text in _ = try XcodeProject.parse(text, file: "project.pbxproj") }
    }

    /// Decodes UTF-8 the way the CLI's other file readers do, then reads; the error's description, or nil.
    static func text(_ data: Data, _ read: (String) throws -> Void) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return "input:1: cannot read the file as UTF-8 text" }
        return reading { try read(text) }
    }

    /// nil when `read` returns, else its error's description.
    static func reading(_ read: () throws -> Void) -> String? {
        do {
            try read()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
