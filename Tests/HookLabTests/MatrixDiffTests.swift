// `hooklab diff`: the changed cells between two matrix.json files, as Markdown.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("Matrix diff")
struct MatrixDiffTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func run(_ arguments: String..., in directory: URL) -> (code: Int32, out: String, err: String) {
        let (cli, captured) = CLI.fake(root: directory)
        let code = cli.main(arguments: arguments)
        return (code, captured.out, captured.err)
    }

    static func cellJSON(_ host: String, _ order: [String], _ config: String, _ outcome: String, finding: String? = nil, extra: String = "") -> String {
        let findings = finding.map { #"[{"kind": "\#($0)", "message": "sent <UIScrollViewDelegate> to _Aspects_ #3", "step": 2, "frames": []}]"# } ?? "[]"
        return #"{"host": "\#(host)", "order": [\#(order.map { "\"\($0)\"" }.joined(separator: ", "))], "config": "\#(config)", "outcome": "\#(outcome)", "findings": \#(findings)\#(extra)}"#
    }

    static func document(schema: Int = 2, _ cells: [String]) -> String {
        "{\n  \"schema\": \(schema),\n  \"generator\": \"hooklab matrix\",\n  \"headline\": {\"cells\": 4},\n  \"cells\": [\n    "
            + cells.joined(separator: ",\n    ") + "\n  ]\n}\n"
    }

    @Test("The committed matrix.json against a copy with one cell changed prints that cell as a regression")
    func committedOneCell() throws {
        let newPath = Self.root.appendingPathComponent(Lab.jsonPath).path
        // Read and edited as bytes: Foundation's `range(of:)` and `replacingCharacters` over the 36 MB text were half
        // the test's 4.8 s of CPU.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: newPath)))
        func find(_ needle: String, from start: Int = 0, before end: Int? = nil) -> Range<Int>? {
            let needle = Array(needle.utf8), end = end ?? bytes.count
            guard end - start >= needle.count else { return nil }
            let starts = start...(end - needle.count)
            func matches(_ i: Int) -> Bool { bytes[i] == needle[0] && bytes[i..<i + needle.count].elementsEqual(needle) }
            let match = end == bytes.count ? starts.first(where: matches) : starts.last(where: matches)
            return match.map { $0..<$0 + needle.count }
        }
        // The first crashing cell, read off its lines (parsing the 4 MB file here too would double the test's time).
        let cellsStart = try #require(find("\"cells\": [")).upperBound
        let range = try #require(find("\"outcome\": \"crash\"", from: cellsStart))
        // The value of the cell's last `key` member before the outcome, up to the first of `close`.
        func member(_ key: String, _ close: String) throws -> String {
            let start = try #require(find("\"\(key)\": ", from: cellsStart, before: range.lowerBound)).upperBound
            let end = bytes[start...].firstIndex { close.utf8.contains($0) } ?? start
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        let order = try member("order", "]").dropFirst().components(separatedBy: ", ").map { String($0.dropFirst().dropLast()) }
        let cell = Matrix.Cell(host: String(try member("host", ",").dropFirst().dropLast()), order: order,
                               config: try #require(Configuration(rawValue: String(try member("config", ",").dropFirst().dropLast()))))
        let old = Data(bytes[..<range.lowerBound] + Array("\"outcome\": \"ok\"".utf8) + bytes[range.upperBound...])

        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try old.write(to: directory.appendingPathComponent("old.json"))
        let result = run("diff", "old.json", newPath, in: directory)
        #expect(result.code == 1)
        #expect(result.err.isEmpty)
        #expect(result.out.hasPrefix("### HookLab matrix diff: 1 regression, 0 improvements, 0 new cells, 0 removed cells\n\n#### Regression (1)\n\n"))
        #expect(result.out.contains("- **\(cell.host)** · `\(cell.order.joined(separator: " → "))` · \(cell.config.rawValue): ✅ ok → 💥 crash\n  - "))
        let explain = "hooklab explain \(cell.host.contains(" ") ? "'\(cell.host)'" : cell.host) \(cell.order.joined(separator: " ")) --config \(cell.config.rawValue)"
        #expect(result.out.hasSuffix("  - explain: `\(explain)`\n"))
        #expect(result.out.components(separatedBy: "\n- ").count == 2, "exactly one entry")

    }

    @Test("Regressions come first, then improvements, new and removed cells; schema 1 and 2 mix; unknown members are ignored")
    func order() throws {
        let old = Self.document(schema: 1, [
            Self.cellJSON("UITableView", ["rx", "iglist"], "debug", "ok"),
            Self.cellJSON("UITableView", ["rx", "iglist"], "release", "crash", finding: "danglingMessage"),
            Self.cellJSON("ViewController -viewWillAppear:", ["aspects:class", "jspatch"], "debug", "ok"),
            Self.cellJSON("UIWebView", ["a", "b"], "debug", "leak", finding: "leak"),
        ])
        let new = Self.document(schema: 2, [
            Self.cellJSON("UITableView", ["rx", "iglist"], "debug", "assert", finding: "libraryAssert", extra: #", "conflict": true, "variants": {"x": "ok"}"#),
            Self.cellJSON("UITableView", ["rx", "iglist"], "release", "ok"),
            Self.cellJSON("ViewController -viewWillAppear:", ["aspects:class", "jspatch"], "debug", "crash", finding: "unrecognizedSelector"),
            Self.cellJSON("WKWebView", ["a", "b"], "debug", "ok"),
        ])
        let diff = MatrixDiff(old: try MatrixDiff.cells(ofMatrixJSON: old, file: "old.json"), new: try MatrixDiff.cells(ofMatrixJSON: new, file: "new.json"))
        #expect(diff.changes.map(\.kind) == [.regression, .regression, .improvement, .new, .removed])
        #expect(diff.compared == 3)
        #expect(MatrixDiff(old: [], new: []).markdown == "### HookLab matrix diff: 0 regressions, 0 improvements, 0 new cells, 0 removed cells\n\nNo cell changed among 0 cells compared.\n")
        let markdown = diff.markdown
        #expect(markdown.hasPrefix("### HookLab matrix diff: 2 regressions, 1 improvement, 1 new cell, 1 removed cell\n\n#### Regressions (2)\n\n"))
        #expect(markdown.contains("""
        - **ViewController -viewWillAppear:** · `aspects:class → jspatch` · debug: ✅ ok → 💥 crash
          - unrecognizedSelector at step 2 of the reproducer: sent &lt;UIScrollViewDelegate&gt; to \\_Aspects\\_ #3
          - explain: `hooklab explain 'ViewController -viewWillAppear:' aspects:class jspatch --config debug`

        """))
        #expect(markdown.contains("#### Improvement (1)\n\n- **UITableView** · `rx → iglist` · release: 💥 crash → ✅ ok\n  - was danglingMessage at step 2"))
        #expect(markdown.contains("#### New cell (1)\n\n- **WKWebView** · `a → b` · debug: (not there) → ✅ ok\n"))
        #expect(markdown.hasSuffix("#### Removed cell (1)\n\n- **UIWebView** · `a → b` · debug: 💧 leak → (gone)\n  - was leak at step 2 of the reproducer: sent &lt;UIScrollViewDelegate&gt; to \\_Aspects\\_ #3\n"))
    }

    @Test("Schema 3 reads its findings from the table; it compares with schemas 1 and 2")
    func schema3() throws {
        let new = """
        {
          "schema": 3,
          "findings": [
            {"kind": "leak", "message": "never freed", "step": 4},
            {"kind": "unrecognizedSelector", "message": "sent viewWillAppear: to _Aspects_ #3", "step": 2}
          ],
          "reproducers": ["host UITableView"],
          "cells": [
            {"host": "UITableView", "order": ["rx", "iglist"], "config": "debug", "outcome": "crash", "findings": [0, 1], "reproducer": 0},
            {"host": "UITableView", "order": ["rx", "iglist"], "config": "release", "outcome": "ok", "findings": [], "reproducer": null}
          ]
        }
        """
        let cells = try MatrixDiff.cells(ofMatrixJSON: new, file: "new.json")
        #expect(cells.map(\.outcome) == [.crash, .ok])
        // The worst of the indexed findings, as with inline ones.
        #expect(cells[0].finding == MatrixDiff.FindingText(kind: "unrecognizedSelector", message: "sent viewWillAppear: to _Aspects_ #3", step: 2))
        for schema in [1, 2] {
            let old = Self.document(schema: schema, [Self.cellJSON("UITableView", ["rx", "iglist"], "debug", "ok"),
                                                     Self.cellJSON("UITableView", ["rx", "iglist"], "release", "crash", finding: "danglingMessage")])
            let diff = MatrixDiff(old: try MatrixDiff.cells(ofMatrixJSON: old, file: "old.json"), new: cells)
            #expect(diff.changes.map(\.kind) == [.regression, .improvement], "schema \(schema)")
            #expect(diff.changes[0].finding?.kind == "unrecognizedSelector")
        }
    }

    @Test("Over the comment limit, sections stop early and say how many cells are not shown; regressions first")
    func limit() {
        let finding = MatrixDiff.FindingText(kind: "danglingMessage", message: String(repeating: "x", count: 200), step: 1)
        let changes = (0..<300).map { index in
            MatrixDiff.Change(kind: index < 100 ? .regression : .improvement,
                              cell: Matrix.Cell(host: "UITableView", order: ["a\(index)", "b"], config: .debug),
                              old: index < 100 ? .ok : .crash, new: index < 100 ? .crash : .ok, finding: finding)
        }
        let full = MatrixDiff.markdown(changes, compared: 300)
        #expect(!full.contains("not shown"))
        let cut = MatrixDiff.markdown(changes, compared: 300, limit: 20_000)
        #expect(cut.count <= 20_000)
        #expect(cut.hasPrefix("### HookLab matrix diff: 100 regressions, 200 improvements, 0 new cells, 0 removed cells\n"))
        let shown = cut.components(separatedBy: "\n- ").count - 1
        #expect(shown > 20 && shown < 100)
        #expect(cut.contains("\n… and \(100 - shown) more regressions not shown here; `hooklab diff --all OLD NEW` lists every cell.\n"))
        #expect(cut.hasSuffix("#### Improvements (200)\n\n\n… and 200 more improvements not shown here; `hooklab diff --all OLD NEW` lists every cell.\n"))
    }

    @Test("Markdown escaping: tags, ampersands, stars, and underscores at a word's edge only")
    func escaping() {
        #expect(MatrixDiff.escape("-[NSKVONotifying_A SUPER_x:] <T> & *p _Aspects_") == "-[NSKVONotifying_A SUPER_x:] &lt;T&gt; &amp; \\*p \\_Aspects\\_")
    }

    @Test("Shell quoting: safe words as is, others in single quotes")
    func quoting() {
        #expect(ShellCommand.quoted("aspects:class") == "aspects:class")
        #expect(ShellCommand.quoted("UICollectionView@ios8") == "UICollectionView@ios8")
        #expect(ShellCommand.quoted("SubViewController -viewWillAppear:") == "'SubViewController -viewWillAppear:'")
        #expect(ShellCommand.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellCommand.quoted("") == "''")
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var testDescription: String { message }
    }

    static let badFiles: [BadFile] = [
        BadFile(text: "{\n  \"schema\": 4,\n  \"cells\": []\n}\n", message: "bad.json:2: unsupported matrix.json schema 4; expected 1, 2 or 3"),
        BadFile(text: "{\n  \"schema\": 3,\n  \"cells\": []\n}\n", message: "bad.json:1: missing the \"findings\" table of a schema 3 matrix.json"),
        BadFile(text: "{\n  \"schema\": 3,\n  \"findings\": [],\n  \"cells\": [\n    {\"host\": \"H\", \"order\": [\"a\"], \"config\": \"debug\", \"outcome\": \"crash\", \"findings\": [0]}\n  ]\n}\n",
                message: "bad.json:5: a schema 3 cell's findings are indices into the \"findings\" table"),
        BadFile(text: document([cellJSON("H", ["a", "b"], "debug", "crsh")]), message: "bad.json:6: unknown outcome 'crsh'"),
        BadFile(text: document([cellJSON("H", ["a", "b"], "fast", "ok")]), message: "bad.json:6: unknown config 'fast'"),
        BadFile(text: document([cellJSON("H", ["a", "b"], "debug", "ok"), cellJSON("H", ["a", "b"], "debug", "ok")]), message: "bad.json:7: H · a → b · debug appears twice; first at line 6"),
        BadFile(text: "{\n  \"schema\": 2,\n  \"cells\": [\n    {\"host\": \"H\"\n  ]\n}\n", message: "bad.json:5: expected ',' or '}'"),
        BadFile(text: "[]", message: "bad.json:1: expected a matrix.json object"),
    ]

    @Test("A malformed matrix.json exits 2 naming file and line", arguments: badFiles)
    func badFile(_ bad: BadFile) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try bad.text.write(to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        try Self.document([]).write(to: directory.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        let result = run("diff", "good.json", "bad.json", in: directory)
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("hooklab diff: \(bad.message)"), "\(result.err)")
        let missing = run("diff", "good.json", "nowhere.json", in: directory)
        #expect(missing.code == 2 && missing.err.contains("cannot read 'nowhere.json'"))
        #expect(run("diff", "good.json", in: directory).code == 2)
    }
}
