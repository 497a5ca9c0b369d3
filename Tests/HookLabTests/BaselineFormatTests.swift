// The baseline file a reviewer diffs: small, one cell per line, reasons stored once.

import Foundation
import Testing
@testable import HookLab

@Suite("Baseline file format")
struct BaselineFormatTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed baseline: HookLab's own is the directory `Matrix/baseline/`, one file per host.
    static let directory = Lab.baselineDirectoryPath

    /// Every file of the committed baseline directory, sorted by name, with its text and what it parses to.
    static func committedFiles() throws -> [(name: String, text: String, baseline: Baseline)] {
        let url = root.appendingPathComponent(directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
            return (name, text, try Baseline.parse(text, file: "\(directory)/\(name)"))
        }
    }

    /// Lines in one text and not the other, counted as multisets: the size of a line diff when nothing moved.
    static func changedLines(_ old: String, _ new: String) -> Int {
        var count: [Substring: Int] = [:]
        for line in old.split(separator: "\n", omittingEmptySubsequences: false) { count[line, default: 0] += 1 }
        for line in new.split(separator: "\n", omittingEmptySubsequences: false) { count[line, default: 0] -= 1 }
        return count.values.reduce(0) { $0 + abs($1) }
    }

    @Test("The committed baseline is a directory of one file per host, each under 500 KB, in schema 2, written exactly as the writer writes it")
    func committedIsCanonical() throws {
        // The lab's own gate and tests use the directory; the single file is for an SDK's own baseline.
        #expect(Lab.baselinePath(in: Self.root) == Self.directory)
        #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(Lab.baselinePath).path))
        let files = try Self.committedFiles()
        #expect(files.count >= 10)
        for (name, text, baseline) in files {
            // GitHub renders no single file's diff over 500 KB.
            #expect(text.utf8.count <= 500_000, "\(name): \(text.utf8.count) bytes")
            #expect(text.hasPrefix("{\n  \"schema\": 2,\n"), "\(name)")
            #expect(baseline.fileText == text, "\(name) is not written as the writer writes it")
            let hosts = Set(baseline.entries.map(\.cell.host))
            #expect(hosts.count == 1 && hosts.allSatisfy { Baseline.directoryFileName(host: $0) == name }, "\(name) holds \(hosts.sorted())")
            // Its own reasons table: exactly the reasons its cells use.
            let distinct = Set(baseline.entries.compactMap(\.reason))
            #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("    \"r") }.count == distinct.count, "\(name)")
        }
        // The directory is exactly what the directory writer writes for the union: no file more or less.
        let union = try #require(try Baseline.load(from: Self.root.appendingPathComponent(Self.directory), file: Self.directory))
        #expect(union.directoryFiles.map(\.name) == files.map(\.name))
        #expect(union.directoryFiles.map(\.text) == files.map(\.text))
        #expect(union.entries.count == files.map(\.baseline.entries.count).reduce(0, +))
    }

    @Test("A reviewed reason cites public sources: no internal incident number, write-up or field-guide section (hooklab gate prints them to SDK teams)")
    func reasonsCitePublicSources() throws {
        let internalNote = try NSRegularExpression(pattern: #"\bguide §|\bfield guide\b|\bincident [0-9]+\b|\bwrite-up\b"#)
        var found: [String] = []
        for (name, _, baseline) in try Self.committedFiles() {
            for reason in Set(baseline.entries.compactMap(\.reason)).sorted() {
                let range = NSRange(reason.startIndex..., in: reason)
                if internalNote.firstMatch(in: reason, range: range) != nil { found.append("\(name): \(reason.prefix(120))") }
            }
        }
        #expect(found.isEmpty, "\(found.count) reasons cite internal notes:\n\(found.prefix(10).joined(separator: "\n"))")
    }

    @Test("Changing one cell's outcome changes its host's file only, at most 4 lines, reason table included")
    func oneCellChange() throws {
        let files = try Self.committedFiles()
        var checked = 0
        for (name, text, baseline) in files {
            guard let failing = baseline.entries.first(where: { $0.outcome == .crash }),
                  let passing = baseline.entries.first(where: { $0.outcome == .ok }) else { continue }
            checked += 1
            func changed(_ entry: Baseline.Entry) -> Int {
                var entries = baseline.entries.filter { $0.cell != entry.cell }
                entries.append(entry)
                return Self.changedLines(text, Baseline(entries: entries).fileText)
            }
            // Same reason, other outcome: the cell's line only (a "both" row splits into its two configurations).
            #expect(changed(Baseline.Entry(cell: failing.cell, outcome: .loop, reason: failing.reason)) <= 3, "\(name)")
            // A new failure with a new reason: the cell's line and one reason line; two more when the new id sorts last in
            // the file's table, since the line before it gains its comma (JSON has no trailing comma).
            let newReason = "recorded, not reviewed: crash: a new text"
            let last = Baseline.reasonIDs(Set(baseline.entries.compactMap(\.reason) + [newReason])).max { $0.value < $1.value }?.key == newReason
            #expect(changed(Baseline.Entry(cell: passing.cell, outcome: .crash, reason: newReason)) <= (last ? 6 : 4), "\(name)")
            // A fixed cell: the cell's line, and its reason's line if no other cell of the file shares it.
            let shared = baseline.entries.contains { $0.cell != failing.cell && $0.reason == failing.reason }
            #expect(changed(Baseline.Entry(cell: failing.cell, outcome: .ok)) <= (shared ? 3 : 6), "\(name)")
            // Every cell line names its cell: host file, ids, config.
            #expect(text.contains("      [\"\(failing.cell.order.joined(separator: " "))\", \"\(failing.cell.config.rawValue)\", \"crash\", \"r")
                    || text.contains("      [\"\(failing.cell.order.joined(separator: " "))\", \"both\", \"crash\", \"r"))
        }
        #expect(checked >= 5)

        // In the directory, the other hosts' files stay as they are, and no file appears or goes.
        let first = try #require(files.first { $0.baseline.entries.contains { $0.outcome == .crash } })
        let cell = try #require(first.baseline.entries.first { $0.outcome == .crash }).cell
        let union = Baseline(entries: files.flatMap(\.baseline.entries).filter { $0.cell != cell } + [Baseline.Entry(cell: cell, outcome: .ok)])
        let after = union.directoryFiles
        #expect(after.map(\.name) == files.map(\.name))
        #expect(zip(after, files).filter { $0.0.text != $0.1.text }.map(\.0.name) == [first.name])
    }

    @Test("Schema 1 (a reason text per cell) reads to the same baseline as schema 2; schema 2 round-trips")
    func schemasRoundTrip() throws {
        let entries = [
            Baseline.Entry(cell: Matrix.Cell(host: "UITableView", order: ["rx", "iglist"], config: .debug), outcome: .assert, reason: "RxCocoa asserts \"twice\""),
            Baseline.Entry(cell: Matrix.Cell(host: "UITableView", order: ["rx", "iglist"], config: .release), outcome: .ok),
            Baseline.Entry(cell: Matrix.Cell(host: "A -b:", order: ["x", "y", "z"], config: .debug), outcome: .crash, reason: "RxCocoa asserts \"twice\""),
            Baseline.Entry(cell: Matrix.Cell(host: "A -b:", order: ["y", "x"], config: .debug), outcome: .leak, reason: "leaks\nby design"),
        ]
        let baseline = Baseline(entries: entries)
        let schema1 = """
        {
          "schema": 1,
          "cells": [
            {"host": "A -b:", "order": ["x", "y", "z"], "config": "debug", "outcome": "crash", "reason": "RxCocoa asserts \\"twice\\""},
            {"host": "A -b:", "order": ["y", "x"], "config": "debug", "outcome": "leak", "reason": "leaks\\nby design"},
            {"host": "UITableView", "order": ["rx", "iglist"], "config": "debug", "outcome": "assert", "reason": "RxCocoa asserts \\"twice\\""},
            {"host": "UITableView", "order": ["rx", "iglist"], "config": "release", "outcome": "ok"}
          ]
        }
        """
        #expect(try Baseline.parse(schema1, file: "old.json") == baseline)
        let text = baseline.fileText
        #expect(try Baseline.parse(text, file: "new.json") == baseline)
        let ids = Baseline.reasonIDs(["RxCocoa asserts \"twice\"", "leaks\nby design"])
        let shared = try #require(ids["RxCocoa asserts \"twice\""])
        #expect(text == """
        {
          "schema": 2,
          "columns": ["order", "config", "outcome", "reason"],
          "reasons": {
            \(ids.sorted { $0.value < $1.value }.map { "\"\($0.value)\": \(JSONValue.string($0.key).text())" }.joined(separator: ",\n    "))
          },
          "hosts": {
            "A -b:": [
              ["x y z", "debug", "crash", "\(shared)"],
              ["y x", "debug", "leak", "\(ids["leaks\nby design"]!)"]
            ],
            "UITableView": [
              ["rx iglist", "debug", "assert", "\(shared)"],
              ["rx iglist", "release", "ok"]
            ]
          }
        }

        """)
    }

    @Test("Reason ids are stable hashes: adding a text does not renumber the others")
    func stableIDs() {
        let before = Baseline.reasonIDs(["a", "b", "c"])
        let after = Baseline.reasonIDs(["a", "b", "c", "0 first in order"])
        #expect(before.allSatisfy { after[$0.key] == $0.value })
        #expect(Set(after.values).count == 4)
        #expect(after.values.allSatisfy { $0.count == 7 && $0.hasPrefix("r") })
    }

    @Test("A baseline directory round-trips: one file per host named like its report page, read back as their union; files of gone hosts are removed")
    func directoryRoundTrip() throws {
        let temporary = TemporaryDirectory()
        let entries = [
            Baseline.Entry(cell: Matrix.Cell(host: "UIApplication@swiftui", order: ["fcm", "gul"], config: .debug), outcome: .crash, reason: "shared"),
            Baseline.Entry(cell: Matrix.Cell(host: "UIApplication@swiftui", order: ["fcm", "gul"], config: .release), outcome: .crash, reason: "shared"),
            Baseline.Entry(cell: Matrix.Cell(host: "UITableView", order: ["rx", "iglist"], config: .debug), outcome: .assert, reason: "shared"),
            Baseline.Entry(cell: Matrix.Cell(host: "UITableView", order: ["rx", "iglist"], config: .release), outcome: .ok),
            Baseline.Entry(cell: Matrix.Cell(host: "ViewController +classMethod", order: ["a"], config: .debug), outcome: .leak, reason: "only here"),
            // Two hosts with one safe name share its file rather than lose a cell.
            Baseline.Entry(cell: Matrix.Cell(host: "A -b:", order: ["x"], config: .debug), outcome: .ok),
            Baseline.Entry(cell: Matrix.Cell(host: "A b", order: ["x"], config: .debug), outcome: .ok),
        ]
        let baseline = Baseline(entries: entries)
        // A path ending in "/" names a directory before it exists.
        let directory = URL(fileURLWithPath: temporary.url.path + "/ci/baseline/")
        #expect(Baseline.isDirectory(directory))
        #expect(!Baseline.isDirectory(temporary.url.appendingPathComponent("ci/baseline.json")))
        let outputs = baseline.outputs(at: directory)
        #expect(outputs.map(\.url.lastPathComponent) == ["A-b.json", "UIApplication-swiftui.json", "UITableView.json", "ViewController-plus-classMethod.json"])
        // The same file-name function as the report pages.
        #expect(Baseline.directoryFileName(host: "UIApplication@swiftui") == Matrix.fileSafeName("UIApplication@swiftui") + ".json")
        // Each file is the complete schema-2 baseline of its host, with only its own reasons.
        let table = try #require(outputs.first { $0.url.lastPathComponent == "UITableView.json" })
        #expect(table.contents == Baseline(entries: entries.filter { $0.cell.host == "UITableView" }).fileText)
        #expect(!table.contents.contains("only here"))
        try AtomicFile.write(outputs)
        Baseline.removeStaleFiles(at: directory, keeping: outputs)
        #expect(try Baseline.load(from: directory, file: "ci/baseline") == baseline)

        // Rewritten without a host: its file goes; other files (not *.json, hidden) stay.
        try "notes".write(to: directory.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "{".write(to: directory.appendingPathComponent(".draft.json"), atomically: true, encoding: .utf8)
        let smaller = Baseline(entries: entries.filter { $0.cell.host != "ViewController +classMethod" })
        let again = smaller.outputs(at: directory)
        try AtomicFile.write(again)
        Baseline.removeStaleFiles(at: directory, keeping: again)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == [".draft.json", "A-b.json", "README.md", "UIApplication-swiftui.json", "UITableView.json"])
        #expect(try Baseline.load(from: directory, file: "ci/baseline") == smaller)
        // A single-file path is still one file, as before.
        let single = temporary.url.appendingPathComponent("baseline.json")
        #expect(baseline.outputs(at: single) == [AtomicFile.Output(single, baseline.fileText)])
        // An empty directory holds no baseline.
        let empty = temporary.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try Baseline.load(from: empty, file: "empty") == nil)
    }

    @Test("A cell in two files of a baseline directory is an error naming the second file and its line")
    func directoryDuplicateCell() throws {
        let temporary = TemporaryDirectory()
        let cell = Matrix.Cell(host: "UITableView", order: ["rx", "iglist"], config: .release)
        let first = Baseline(entries: [Baseline.Entry(cell: cell.with(config: .debug), outcome: .ok), Baseline.Entry(cell: cell, outcome: .ok)])
        let second = Baseline(entries: [
            Baseline.Entry(cell: Matrix.Cell(host: "UITableView", order: ["a"], config: .debug), outcome: .crash, reason: "why"),
            Baseline.Entry(cell: cell, outcome: .crash, reason: "why"),
        ])
        // "UITableView.json" holds it as a "both" row (line 7); "z-extra.json" repeats its release half on line 10.
        try first.fileText.write(to: temporary.url.appendingPathComponent("UITableView.json"), atomically: true, encoding: .utf8)
        try second.fileText.write(to: temporary.url.appendingPathComponent("z-extra.json"), atomically: true, encoding: .utf8)
        #expect(second.fileText.split(separator: "\n", omittingEmptySubsequences: false)[9].contains("[\"rx iglist\", \"release\", \"crash\""))
        #expect {
            _ = try Baseline.load(from: temporary.url, file: "Matrix/baseline")
        } throws: { error in
            guard let error = error as? BaselineError else { return false }
            return error.description.hasPrefix("Matrix/baseline/z-extra.json:10: ")
                && error.message.contains("\(cell) is also in Matrix/baseline/UITableView.json:7")
        }
        // A corrupt file of the directory names itself and its line.
        try "{\n\"schema\": 2,\n\"hosts\": {\"H\": [\n[\"x y\", \"fast\", \"ok\"]\n]}\n}\n"
            .write(to: temporary.url.appendingPathComponent("z-extra.json"), atomically: true, encoding: .utf8)
        #expect {
            _ = try Baseline.load(from: temporary.url, file: "Matrix/baseline/")
        } throws: { error in
            (error as? BaselineError)?.description.hasPrefix("Matrix/baseline/z-extra.json:4: unknown config \"fast\"") == true
        }
    }

    struct Corruption: Sendable, CustomTestStringConvertible {
        var body: String
        var line: Int
        var fragment: String
        var testDescription: String { fragment }
    }

    static let corruptions: [Corruption] = [
        Corruption(body: "\"reasons\": {\"r1\": \"why\"},\n\"hosts\": {\"H\": [\n[\"x y\", \"debug\", \"crash\", \"r2\"]\n]}", line: 5,
                   fragment: "unknown reason id 'r2'"),
        Corruption(body: "\"reasons\": {},\n\"hosts\": {\"H\": [\n[\"x y\", \"debug\", \"crash\"]\n]}", line: 5, fragment: "an accepted crash needs a reason id"),
        Corruption(body: "\"reasons\": {\"r1\": \"a\",\n\"r1\": \"b\"},\n\"hosts\": {}", line: 4, fragment: "duplicate key \"r1\" (first at line 3)"),
        Corruption(body: "\"hosts\": {\"H\": [\n[\"x y\", \"debug\"]\n]}", line: 4, fragment: "expected [order, config, outcome]"),
        Corruption(body: "\"hosts\": {\"H\": [\n[\"x y\", \"fast\", \"ok\"]\n]}", line: 4, fragment: "unknown config \"fast\""),
        Corruption(body: "\"hosts\": {\"H\": [\n[\"x y\", \"debug\", \"ok\"],\n[\"x y\", \"debug\", \"ok\"]\n]}", line: 5, fragment: "appears twice; first at line 4"),
        Corruption(body: "\"cells\": []", line: 1, fragment: "missing \"hosts\" object"),
    ]

    @Test("A corrupt schema 2 baseline is an error naming the file and the line", arguments: corruptions)
    func corrupt(_ corruption: Corruption) {
        let text = "{\n\"schema\": 2,\n" + corruption.body + "\n}\n"
        #expect {
            _ = try Baseline.parse(text, file: "Matrix/baseline.json")
        } throws: { error in
            guard let error = error as? BaselineError else { return false }
            return error.line == corruption.line && error.message.contains(corruption.fragment)
                && error.description.hasPrefix("Matrix/baseline.json:\(corruption.line): ")
        }
    }
}
