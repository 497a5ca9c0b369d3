// The `hooklab` binary needs no source tree: HookLab's own participant files and public reports are built in
// (Plugins/EmbedLabFilesPlugin), and a second checkout of HookLab holding the same files still works.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("A self-contained binary")
struct SelfContainedBinaryTests {
    /// The checkout this test was built from.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `hooklab` executable `swift test` built beside this test bundle.
    static var binary: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("hooklab")
    }

    /// Runs `executable` with `arguments` in `directory`; returns its exit code, standard output and standard error.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (code: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting: a full pipe would block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// One of HookLab's own reports: its cell is `reported` wherever the binary runs.
    static let reportedCell = ["explain", "ViewController -viewWillAppear:", "aspects:class", "jspatch", "--config", "release", "--json"]

    @Test("A copy of the binary in an empty directory lists and explains what the in-tree run does")
    func relocatedBinary() throws {
        let built = Self.binary
        try #require(FileManager.default.isExecutableFile(atPath: built.path), "swift test builds \(built.path)")
        let temporary = TemporaryDirectory()
        let bin = temporary.url.appendingPathComponent("bin"), empty = temporary.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("hooklab")
        try FileManager.default.copyItem(at: built, to: copy)
        // The copy is out of the checkout's reach: no Package.swift or Matrix/ at or above the empty directory.
        try #require(CLI.packageRoot(from: empty) == nil)

        let inTree = try Self.run(built, ["list", "--json"], in: Self.checkout)
        let relocated = try Self.run(copy, ["list", "--json"], in: empty)
        #expect(inTree.code == 0 && relocated.code == 0, "\(inTree.err)\(relocated.err)")
        #expect(relocated.out == inTree.out)
        for id in ["tracker:proxy", "tracker:swizzle", "tracker:forwarding", "tracker:isa", "hooker:exchange"] {
            #expect(relocated.out.contains("\"\(id)\""), "\(id) is built in")
        }
        let explainedInTree = try Self.run(built, Self.reportedCell, in: Self.checkout)
        let explained = try Self.run(copy, Self.reportedCell, in: empty)
        #expect(explained.out == explainedInTree.out && explained.code == explainedInTree.code, "\(explained.err)")
        #expect(explained.out.contains("\"reported\""), "HookLab's own reports are built in")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty, "nothing written")
    }

    @Test("A second checkout: HookLab's own files with the same text are skipped, another text is an error")
    func secondCheckout() throws {
        let built = Self.binary
        try #require(FileManager.default.isExecutableFile(atPath: built.path), "swift test builds \(built.path)")
        let temporary = TemporaryDirectory()
        let root = temporary.url
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Matrix"), withIntermediateDirectories: true)
        for directory in [ParticipantFile.directory, ReportCatalog.directory] {
            try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent(directory), to: root.appendingPathComponent(directory))
        }
        let inTree = try Self.run(built, ["list", "--json"], in: Self.checkout)
        let second = try Self.run(built, ["list", "--json"], in: root)
        #expect(second.code == 0 && second.out == inTree.out, "\(second.err)")
        let explainedInTree = try Self.run(built, Self.reportedCell, in: Self.checkout)
        let explained = try Self.run(built, Self.reportedCell, in: root)
        #expect(explained.code == explainedInTree.code && explained.out == explainedInTree.out, "\(explained.err)")

        // A report of HookLab's own, edited: the binary and the checkout disagree.
        let report = root.appendingPathComponent(ReportCatalog.directory + "/aspects-then-jspatch-orig.hooklab")
        try (String(contentsOf: report, encoding: .utf8) + "# edited\n").write(to: report, atomically: true, encoding: .utf8)
        let staleReport = try Self.run(built, Self.reportedCell, in: root)
        #expect(staleReport.code == 2)
        #expect(staleReport.err.contains("Matrix/reports/aspects-then-jspatch-orig.hooklab:1: this report is one of HookLab's own"), "\(staleReport.err)")

        // A participant file of HookLab's own, edited.
        let file = root.appendingPathComponent(ParticipantFile.directory + "/tracker-isa.hooklab")
        let text = try String(contentsOf: file, encoding: .utf8)
        try (text + "# edited\n").write(to: file, atomically: true, encoding: .utf8)
        let line = ParticipantFile.declarationLine(in: text)
        let stale = try Self.run(built, ["list", "--json"], in: root)
        #expect(stale.code == 2 && stale.out.isEmpty)
        #expect(stale.err.contains("Matrix/participants/tracker-isa.hooklab:\(line): participant 'tracker:isa' is one of HookLab's own"), "\(stale.err)")
    }

    @Test("The built-in files are the checkout's, and parse against the lab's catalog")
    func builtInFilesMatchTheCheckout() throws {
        let participants = try ParticipantFile.read(directory: Self.checkout.appendingPathComponent(ParticipantFile.directory),
                                                    label: ParticipantFile.directory)
        #expect(participants.map(\.file) == EmbeddedLabFiles.participants.map { ParticipantFile.directory + "/" + $0.name })
        #expect(participants.map(\.text) == EmbeddedLabFiles.participants.map(\.text))
        let catalog = Lab.catalog
        let checked = try ReportCatalog.load(root: Self.checkout, participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        #expect(try Lab.packageReports.get() == checked)
        #expect(try Lab.reports(root: Self.checkout) == checked, "the checkout's own reports are skipped, not doubled")
    }
}
