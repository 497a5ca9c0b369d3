// `hooklab diff`: the changed cells between two matrix.json files, as Markdown.

import Foundation
import Testing
@testable import HookLab

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
        let newPath = Self.root.appendingPathComponent(CLI.jsonPath).path
        let text = try String(contentsOfFile: newPath, encoding: .utf8)
        let records = try MatrixDiff.cells(ofMatrixJSON: text, file: CLI.jsonPath)
        let first = try #require(records.first { $0.outcome == .crash })
        #expect(records.firstIndex { $0.outcome != .ok } == records.firstIndex { $0.cell == first.cell }, "the first failing cell is a crash")
        let range = try #require(text.range(of: "\"outcome\": \"crash\""))
        let old = text.replacingCharacters(in: range, with: "\"outcome\": \"ok\"")

        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try old.write(to: directory.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        let result = run("diff", "old.json", newPath, in: directory)
        #expect(result.code == 1)
        #expect(result.err.isEmpty)
        let cell = first.cell
        #expect(result.out.hasPrefix("### HookLab matrix diff: 1 regression, 0 improvements, 0 new cells, 0 removed cells\n\n#### Regression (1)\n\n"))
        #expect(result.out.contains("- **\(cell.host)** · `\(cell.order.joined(separator: " → "))` · \(cell.config.rawValue): ✅ ok → 💥 crash\n  - \(first.finding!.kind) at "))
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

    @Test("Shell quoting: safe words as is, others in single quotes")
    func quoting() {
        #expect(MatrixDiff.shellQuoted("aspects:class") == "aspects:class")
        #expect(MatrixDiff.shellQuoted("UICollectionView@ios8") == "UICollectionView@ios8")
        #expect(MatrixDiff.shellQuoted("SubViewController -viewWillAppear:") == "'SubViewController -viewWillAppear:'")
        #expect(MatrixDiff.shellQuoted("it's") == #"'it'\''s'"#)
        #expect(MatrixDiff.shellQuoted("") == "''")
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        var testDescription: String { message }
    }

    static let badFiles: [BadFile] = [
        BadFile(text: "{\n  \"schema\": 3,\n  \"cells\": []\n}\n", message: "bad.json:2: unsupported matrix.json schema 3; expected 1 or 2"),
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
