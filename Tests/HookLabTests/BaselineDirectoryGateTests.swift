// `hooklab gate` with a baseline directory (HookLab's own `Matrix/baseline/`): found by default when it exists,
// recorded one file per host, read as one baseline, never written on bad input or a failing gate.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("Baseline directory in the gate")
struct BaselineDirectoryGateTests {
    let temporary = TemporaryDirectory()
    var root: URL { temporary.url }

    func run(_ arguments: [String], environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
        let (cli, captured) = CLI.fake(root: root, environment: environment)
        let code = cli.main(arguments: arguments)
        return (code, captured.out, captured.err)
    }

    func files(_ path: String) -> [String: String] {
        let url = root.appendingPathComponent(path)
        var out: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
            out[name] = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        }
        return out
    }

    @Test("Matrix/baseline/ is the default when it exists: recorded one file per host, named in the review hint; then the gate passes")
    func defaultDirectory() throws {
        // Without the directory the single file stays the default (an SDK's own baseline).
        #expect(Lab.baselinePath(in: root) == Lab.baselinePath)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(Lab.baselineDirectoryPath), withIntermediateDirectories: true)
        #expect(Lab.baselinePath(in: root) == Lab.baselineDirectoryPath)
        let unasked = run(["gate"])
        #expect(unasked.code == 2 && unasked.err.contains("no baseline at Matrix/baseline;"), "\(unasked.err)")
        let first = run(["gate"], environment: ["HOOKLAB_RECORD": "missing"])
        #expect(first.code == 1)
        #expect(first.out.contains("recorded 104 new cells: review `git diff Matrix/baseline` and run again\n"), "\(first.out)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(Lab.baselinePath).path))
        let written = files(Lab.baselineDirectoryPath)
        #expect(written.keys.sorted() == ["ListView.json", "WebView.json"])
        for (name, text) in written {
            let baseline = try Baseline.parse(text, file: name)
            #expect(baseline.fileText == text && Set(baseline.entries.map(\.cell.host)) == [String(name.dropLast(5))])
        }
        let second = run(["gate"])
        #expect(second.code == 0 && second.out.contains("gate passed: 104 cells match Matrix/baseline\n"), "\(second.out)")
    }

    @Test("Both Matrix/baseline.json and Matrix/baseline/: exit 2 naming both, nothing written; --baseline picks one")
    func bothForms() throws {
        #expect(run(["gate"], environment: ["HOOKLAB_RECORD": "all"]).code == 0)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(Lab.baselineDirectoryPath), withIntermediateDirectories: true)
        let before = try String(contentsOf: root.appendingPathComponent(Lab.baselinePath), encoding: .utf8)
        let both = run(["gate"], environment: ["HOOKLAB_RECORD": "all"])
        #expect(both.code == 2 && both.err.contains("both Matrix/baseline.json and Matrix/baseline/ exist"), "\(both.err)")
        #expect(files(Lab.baselineDirectoryPath).isEmpty)
        #expect(try String(contentsOf: root.appendingPathComponent(Lab.baselinePath), encoding: .utf8) == before)
        #expect(run(["gate", "--baseline", Lab.baselinePath]).code == 0)
    }

    @Test("A blank reason (empty, spaces, a newline) is bad input at its line, exit 2")
    func blankReasons() throws {
        for blank in ["", "  ", "\\n", " \\t "] {
            let text = "{\n  \"schema\": 2,\n  \"columns\": [\"order\", \"config\", \"outcome\", \"reason\"],\n  \"reasons\": {\n    \"r1\": \"\(blank)\"\n  },\n  \"hosts\": {}\n}\n"
            #expect(throws: BaselineError.self) { try Baseline.parse(text, file: "b.json") }
            do { _ = try Baseline.parse(text, file: "b.json") } catch {
                #expect(error.line == 5 && error.message.contains("non-empty"), "\(blank.debugDescription): \(error)")
            }
        }
    }

    @Test("--baseline DIR/ records a new directory; a regression names the host's file in annotations and writes nothing; a file of a gone host is removed")
    func optionDirectory() throws {
        #expect(run(["gate", "--baseline", "ci/base/"], environment: ["HOOKLAB_RECORD": "all"]).code == 0)
        let recorded = files("ci/base")
        #expect(recorded.keys.sorted() == ["ListView.json", "WebView.json"])
        // Accept one WebView crash as ok: a regression, reported against WebView.json; nothing is written.
        let url = root.appendingPathComponent("ci/base/WebView.json")
        var entries = try Baseline.parse(try #require(recorded["WebView.json"]), file: "WebView.json").entries
        let crash = try #require(entries.firstIndex { $0.outcome == .crash })
        entries[crash].outcome = .ok
        entries[crash].reason = nil
        let edited = Baseline(entries: entries).fileText
        try edited.write(to: url, atomically: true, encoding: .utf8)
        // A file that no longer holds a host the lab runs.
        let ghost = Baseline(entries: [Baseline.Entry(cell: Matrix.Cell(host: "GoneView", order: ["kvo"], config: .debug), outcome: .ok)])
        try ghost.fileText.write(to: root.appendingPathComponent("ci/base/GoneView.json"), atomically: true, encoding: .utf8)
        let failed = run(["gate", "--baseline", "ci/base", "--github"], environment: ["HOOKLAB_RECORD": "missing"])
        #expect(failed.code == 1)
        let errors = failed.out.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(errors.count == 1 && errors.allSatisfy { $0.hasPrefix("::error file=ci/base/WebView.json,title=regression%3A WebView · ") }, "\(errors)")
        #expect(files("ci/base")["WebView.json"] == edited && files("ci/base").count == 3)
        // Re-recorded: the regression's cell is rewritten, and the gone host's file removed.
        #expect(run(["gate", "--baseline", "ci/base"], environment: ["HOOKLAB_RECORD": "all"]).code == 0)
        #expect(files("ci/base") == recorded)
    }

    @Test("A cell in two files of the directory, or a corrupt file, exits 2 naming the file and line; nothing is written")
    func badDirectory() throws {
        #expect(run(["gate", "--baseline", "ci/base/"], environment: ["HOOKLAB_RECORD": "all"]).code == 0)
        let recorded = files("ci/base")
        // A copy of ListView.json under another name repeats every cell: the copy, read second (files are read sorted by
        // name, "L" before "c"), is named.
        let list = try #require(recorded["ListView.json"])
        try list.write(to: root.appendingPathComponent("ci/base/copy-of-list.json"), atomically: true, encoding: .utf8)
        let twice = run(["gate", "--baseline", "ci/base"], environment: ["HOOKLAB_RECORD": "all"])
        #expect(twice.code == 2 && twice.out.isEmpty)
        #expect(twice.err.hasPrefix("hooklab gate: ci/base/copy-of-list.json:"), "\(twice.err)")
        #expect(twice.err.contains("is also in ci/base/ListView.json:"), "\(twice.err)")
        try FileManager.default.removeItem(at: root.appendingPathComponent("ci/base/copy-of-list.json"))
        try "{\n  \"schema\": 2,\n  oops\n}\n".write(to: root.appendingPathComponent("ci/base/WebView.json"), atomically: true, encoding: .utf8)
        let corrupt = run(["gate", "--baseline", "ci/base"], environment: ["HOOKLAB_RECORD": "all"])
        #expect(corrupt.code == 2 && corrupt.err.hasPrefix("hooklab gate: ci/base/WebView.json:3: "), "\(corrupt.err)")
        #expect(files("ci/base")["WebView.json"] == "{\n  \"schema\": 2,\n  oops\n}\n" && files("ci/base")["ListView.json"] == list)
    }
}
