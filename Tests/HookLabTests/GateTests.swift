// The baseline and the gate: record modes, readable diffs, corrupt files.

import Foundation
import Testing
@testable import HookLab

@Suite("Baseline and gate")
struct GateTests {
    let matrix = MatrixTests.run(cells: fakeGenerator.cells(lengths: [2]))
    let crashCell = Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .release)

    var recorded: Baseline { Gate(mode: .missing).check(matrix, baseline: nil).baselineToWrite! }

    @Test("Without a baseline, 'missing' records every cell, with a reason for each failure, and fails until reviewed")
    func recordsMissingBaseline() throws {
        let verdict = Gate(mode: .missing).check(matrix, baseline: nil)
        #expect(!verdict.passed && verdict.needsReview && verdict.differences.isEmpty)
        #expect(Gate(mode: .all).check(matrix, baseline: nil).passed)
        let baseline = try #require(verdict.baselineToWrite)
        #expect(baseline.entries.count == matrix.results.count)
        #expect(verdict.recorded.count == matrix.results.count)
        let entry = try #require(baseline.entry(for: crashCell))
        #expect(entry.outcome == .crash)
        // The reason comes from the verdict: whose failure it is, the finding, the evidence; it says it is generated.
        let reason = try #require(entry.reason)
        let judged = matrix.verdict(Matrix.NoteKey(host: crashCell.host, order: crashCell.order))
        let whose = judged.attribution == Matrix.Attribution.conflict ? "a conflict of the order's libraries" : "alone"
        #expect(reason.hasPrefix("recorded, not reviewed (from the verdict): ") && reason.contains(whose), "\(reason)")
        #expect(reason.contains("danglingMessage: the web view sent"), "\(reason)")
        // Step numbers read "step N", so cells failing the same way at another step share the reason.
        #expect(!reason.contains(where: \.isNumber) || !reason.contains("step 1") && !reason.contains("step 2"), "\(reason)")
        #expect(Gate.withoutStepNumbers("fired at step 12, then step 3; steps 4") == "fired at step N, then step N; steps 4")
        #expect(Gate.isGenerated(reason) && !Gate.isGenerated("Accepted: read by hand"))
        #expect(judged.attribution != nil)
        let gateAfter = Gate(mode: .never).check(matrix, baseline: baseline)
        #expect(gateAfter.passed && gateAfter.generatedReasons == baseline.entries.filter { $0.outcome != .ok }.count && gateAfter.generatedReasons > 0)
        #expect(baseline.entries.filter { $0.outcome == .ok }.allSatisfy { $0.reason == nil })
        // The file reads back to the same baseline, one cell per line.
        #expect(try Baseline.parse(baseline.fileText, file: "b.json") == baseline)
        let reasons = Set(baseline.entries.compactMap(\.reason)).count, hosts = Set(baseline.entries.map(\.cell.host)).count
        // A debug cell and its release twin with the same outcome and reason share one row ("both").
        let shared = baseline.entries.filter { entry in
            entry.cell.config == .debug && baseline.entry(for: entry.cell.with(config: .release)).map { $0.outcome == entry.outcome && $0.reason == entry.reason } == true
        }.count
        #expect(shared > 0)
        #expect(baseline.fileText.split(separator: "\n").count == baseline.entries.count - shared + reasons + 2 * hosts + 8)
    }

    @Test("The same matrix against its own baseline passes and writes nothing")
    func unchangedPasses() {
        let verdict = Gate(mode: .never).check(matrix, baseline: recorded)
        #expect(verdict.passed)
        #expect(verdict.baselineToWrite == nil)
        #expect(verdict.compared == matrix.results.count)
    }

    @Test("A hand-edited cell fails with a diff naming host, order, config, old and new outcome, and the finding")
    func handEditedRegression() throws {
        let edited = Baseline(entries: recorded.entries.map { entry in
            entry.cell == crashCell ? Baseline.Entry(cell: entry.cell, outcome: .ok) : entry
        })
        #expect(edited.entry(for: crashCell)?.outcome == .ok)
        let verdict = Gate(mode: .missing).check(matrix, baseline: edited)
        #expect(!verdict.passed)
        #expect(verdict.differences.count == 1)
        let difference = try #require(verdict.differences.first)
        #expect(difference.kind == .regression)
        #expect(difference.text.hasPrefix("regression: WebView · bridge:buggy → tracker:proxy · release: ✅ ok → 💥 crash\n"))
        #expect(difference.text.contains("    danglingMessage at step 5 of the reproducer: the web view sent shouldStart: to TrackerProxy#3"))
        #expect(difference.text.contains("hooklab explain WebView bridge:buggy tracker:proxy --config release"))
    }

    @Test("A better cell is an improvement that must be re-recorded; 'all' re-records and keeps unchanged reasons")
    func improvement() throws {
        var entries = recorded.entries
        let okCell = Matrix.Cell(host: "WebView", order: ["tracker:proxy", "bridge:buggy"], config: .debug)
        let index = try #require(entries.firstIndex { $0.cell == okCell })
        entries[index] = Baseline.Entry(cell: okCell, outcome: .crash, reason: "known: crashes in 2.3")
        let crashIndex = entries.firstIndex { $0.cell == crashCell }!
        entries[crashIndex].reason = "accepted until the bridge ships its fix"
        let baseline = Baseline(entries: entries)

        let verdict = Gate(mode: .missing).check(matrix, baseline: baseline)
        #expect(verdict.differences.map(\.kind) == [.improvement])
        let text = verdict.differences[0].text
        #expect(text.hasPrefix("improvement: WebView · tracker:proxy → bridge:buggy · debug: 💥 crash → ✅ ok"))
        #expect(text.contains("was accepted because: known: crashes in 2.3"))
        #expect(text.contains("HOOKLAB_RECORD=all"))

        let all = Gate(mode: .all).check(matrix, baseline: baseline)
        #expect(all.passed)
        #expect(all.recorded == [okCell])
        let rewritten = try #require(all.baselineToWrite)
        #expect(rewritten.entry(for: okCell) == Baseline.Entry(cell: okCell, outcome: .ok))
        #expect(rewritten.entry(for: crashCell)?.reason == "accepted until the bridge ships its fix")
    }

    @Test("'never' fails on a missing baseline and on a missing cell; 'missing' records the cell")
    func neverMode() throws {
        let none = Gate(mode: .never).check(matrix, baseline: nil)
        #expect(!none.passed)
        #expect(none.baselineToWrite == nil)
        #expect(none.differences.count == matrix.results.count)
        #expect(none.differences.allSatisfy { $0.kind == .missing })

        let partial = Baseline(entries: recorded.entries.filter { $0.cell != crashCell })
        let never = Gate(mode: .never).check(matrix, baseline: partial)
        #expect(never.differences.map(\.cell) == [crashCell])
        #expect(never.differences[0].text.hasPrefix("missing: WebView · bridge:buggy → tracker:proxy · release: not in the baseline; now 💥 crash"))
        let missing = Gate(mode: .missing).check(matrix, baseline: partial)
        #expect(!missing.passed && missing.needsReview)
        #expect(missing.recorded == [crashCell])
        #expect(missing.baselineToWrite?.entry(for: crashCell)?.outcome == .crash)
    }

    @Test("--participant gates only the cells involving it")
    func participantFilter() throws {
        var entries = recorded.entries
        let rxCell = Matrix.Cell(host: "ListView", order: ["tracker:proxy", "rx"], config: .debug)
        let index = try #require(entries.firstIndex { $0.cell == rxCell })
        entries[index].outcome = .ok
        let baseline = Baseline(entries: entries)
        #expect(Gate(mode: .never, participant: "bridge:buggy").check(matrix, baseline: baseline).passed)
        let rx = Gate(mode: .never, participant: "rx").check(matrix, baseline: baseline)
        #expect(rx.differences.map(\.cell) == [rxCell])
        #expect(rx.compared == matrix.results.filter { $0.cell.involves("rx") }.count)
    }

    @Test("A failing gate never writes the baseline, not even the cells it could record")
    func failingGateWritesNothing() throws {
        var entries = recorded.entries.filter { $0.cell != crashCell }
        let okCell = Matrix.Cell(host: "WebView", order: ["tracker:proxy", "bridge:buggy"], config: .debug)
        let index = try #require(entries.firstIndex { $0.cell == okCell })
        entries[index] = Baseline.Entry(cell: okCell, outcome: .crash, reason: "known")
        let verdict = Gate(mode: .missing).check(matrix, baseline: Baseline(entries: entries))
        #expect(!verdict.passed)
        #expect(verdict.differences.map(\.kind) == [.improvement])
        #expect(verdict.baselineToWrite == nil && verdict.recorded.isEmpty)
    }

    @Test("Stale cells are reported, kept, and dropped only when re-recording all")
    func staleCells() {
        let ghost = Baseline.Entry(cell: Matrix.Cell(host: "WebView", order: ["gone", "kvo"], config: .debug), outcome: .ok)
        let baseline = Baseline(entries: recorded.entries + [ghost])
        let verdict = Gate(mode: .missing).check(matrix, baseline: baseline)
        #expect(verdict.passed && verdict.stale == [ghost] && verdict.baselineToWrite == nil)
        let all = Gate(mode: .all).check(matrix, baseline: baseline)
        #expect(all.baselineToWrite?.entry(for: ghost.cell) == nil)
    }

    struct Corruption: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var fragment: String
        var testDescription: String { fragment }
    }

    static let corruptions: [Corruption] = [
        Corruption(text: "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"A\", \"order\": [\"x\", \"y\"], \"config\": \"debug\", \"outcome\": \"ok\"}\n    {\"host\": \"A\"}\n  ]\n}\n",
                   line: 5, fragment: "expected ',' or ']' in an array, found '{'"),
        Corruption(text: "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"A\", \"order\": [\"x\", \"y\"], \"config\": \"debug\", \"outcome\": \"crsh\", \"reason\": \"r\"}\n  ]\n}\n",
                   line: 4, fragment: "unknown outcome 'crsh'; expected one of crash, loop"),
        Corruption(text: "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"A\", \"order\": [\"x\", \"y\"], \"config\": \"debug\", \"outcome\": \"crash\"}\n  ]\n}\n",
                   line: 4, fragment: "an accepted crash needs a \"reason\""),
        Corruption(text: "{\n  \"schema\": 3,\n  \"cells\": []\n}\n", line: 2, fragment: "unsupported schema; expected 2 (or 1)"),
        Corruption(text: "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"A\", \"order\": [\"x\"], \"config\": \"fast\", \"outcome\": \"ok\"}\n  ]\n}\n",
                   line: 4, fragment: "unknown config 'fast'"),
        Corruption(text: "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"A\", \"order\": [\"x\"], \"config\": \"debug\", \"outcome\": \"ok\"},\n    {\"host\": \"A\", \"order\": [\"x\"], \"config\": \"debug\", \"outcome\": \"ok\"}\n  ]\n}\n",
                   line: 5, fragment: "appears twice; first at line 4"),
        Corruption(text: "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"A\", \"order\": [\"x\"], \"config\": \"debug\", \"outcome\": \"ok\"}\n  ]\n", line: 6, fragment: "expected ',' or '}'"),
        Corruption(text: "", line: 1, fragment: "expected a JSON value, found the end of the file"),
    ]

    @Test("A corrupt baseline is an error naming the file and the line", arguments: corruptions)
    func corrupt(_ corruption: Corruption) {
        #expect {
            _ = try Baseline.parse(corruption.text, file: "Matrix/baseline.json")
        } throws: { error in
            guard let error = error as? BaselineError else { return false }
            return error.line == corruption.line && error.message.contains(corruption.fragment)
                && error.description.hasPrefix("Matrix/baseline.json:\(corruption.line): ")
        }
    }

    @Test("HOOKLAB_RECORD: default missing, the three modes, and an error for anything else")
    func recordModes() throws {
        #expect(try RecordMode(environment: [:]) == .missing)
        #expect(try RecordMode(environment: ["HOOKLAB_RECORD": "never"]) == .never)
        #expect(try RecordMode(environment: ["HOOKLAB_RECORD": "all"]) == .all)
        #expect(throws: UsageError.self) { try RecordMode(environment: ["HOOKLAB_RECORD": "sometimes"]) }
    }
}

@Suite("JSON values")
struct JSONValueTests {
    @Test("Strings with quotes, escapes, control characters and emoji survive writing and parsing")
    func roundTrip() throws {
        let value: JSONValue = .object([("a\"b", .string("line\nnext\t\\ 💥 \u{01} /")), ("n", .number(-12)), ("l", .array([.bool(true), .null]))])
        #expect(try JSONValue.parse(value.text()).value == value)
        #expect(try JSONValue.parse(value.text(indent: nil)).value == value)
        #expect(value.text(indent: nil) == #"{"a\"b":"line\nnext\t\\ 💥 \u0001 /","n":-12,"l":[true,null]}"#)
        #expect(try JSONValue.parse(#"["\u00e9\ud83d\udca5"]"#).value == .array([.string("é💥")]))
    }

    @Test("Values know their lines")
    func lines() throws {
        let root = try JSONValue.parse("{\n\"a\": 1,\n\n\"b\": [\n2,\n3]}")
        #expect(root["a"]?.line == 2)
        #expect(root["b"]?.line == 4)
        #expect(root["b"]?.items.map(\.line) == [5, 6])
    }
}
