// The baseline file a reviewer diffs: small, one cell per line, reasons stored once.

import Foundation
import Testing
@testable import HookLab

@Suite("Baseline file format")
struct BaselineFormatTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func committed() throws -> (text: String, baseline: Baseline) {
        let url = root.appendingPathComponent(Lab.baselinePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        return (text, try Baseline.parse(text, file: Lab.baselinePath))
    }

    /// Lines in one text and not the other, counted as multisets: the size of a line diff when nothing moved.
    static func changedLines(_ old: String, _ new: String) -> Int {
        var count: [Substring: Int] = [:]
        for line in old.split(separator: "\n", omittingEmptySubsequences: false) { count[line, default: 0] += 1 }
        for line in new.split(separator: "\n", omittingEmptySubsequences: false) { count[line, default: 0] -= 1 }
        return count.values.reduce(0) { $0 + abs($1) }
    }

    @Test("The committed baseline is under 500 KB, in schema 2, and written exactly as the writer writes it")
    func committedIsCanonical() throws {
        let (text, baseline) = try Self.committed()
        #expect(text.utf8.count <= 500_000)
        #expect(text.hasPrefix("{\n  \"schema\": 2,\n"))
        #expect(baseline.fileText == text)
        let distinct = Set(baseline.entries.compactMap(\.reason))
        #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("    \"r") }.count == distinct.count)
    }

    @Test("Changing one cell's outcome changes at most 4 lines, reason table included")
    func oneCellChange() throws {
        let (text, baseline) = try Self.committed()
        let failing = try #require(baseline.entries.first { $0.outcome == .crash })
        let passing = try #require(baseline.entries.first { $0.outcome == .ok })
        func changed(_ entry: Baseline.Entry) -> Int {
            var entries = baseline.entries.filter { $0.cell != entry.cell }
            entries.append(entry)
            return Self.changedLines(text, Baseline(entries: entries).fileText)
        }
        // Same reason, other outcome: the cell's line only (a "both" row splits into its two configurations).
        #expect(changed(Baseline.Entry(cell: failing.cell, outcome: .loop, reason: failing.reason)) <= 3)
        // A new failure with a new reason: the cell's line and one reason line.
        #expect(changed(Baseline.Entry(cell: passing.cell, outcome: .crash, reason: "recorded, not reviewed: crash: a new text")) <= 4)
        // A fixed cell whose reason is shared stays at the cell's line.
        #expect(changed(Baseline.Entry(cell: failing.cell, outcome: .ok)) <= 3)
        // Every cell line names its cell: host group, ids, config.
        #expect(text.contains("      [\"\(failing.cell.order.joined(separator: " "))\", \"\(failing.cell.config.rawValue)\", \"crash\", \"r")
                || text.contains("      [\"\(failing.cell.order.joined(separator: " "))\", \"both\", \"crash\", \"r"))
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
