// The `hooklab` command line, called through `CLI.main(arguments:)`.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("hooklab CLI")
struct CLITests {
    let temporary = TemporaryDirectory()
    var root: URL { temporary.url }

    func run(_ arguments: String..., environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
        let (cli, captured) = CLI.fake(root: root, environment: environment)
        let code = cli.main(arguments: arguments)
        return (code, captured.out, captured.err)
    }

    func write(_ text: String, to path: String) {
        let url = root.appendingPathComponent(path)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("Help: top level and every command exit 0; no command and an unknown one exit 2")
    func help() {
        let top = run("--help")
        #expect(top.code == 0 && top.out.contains("Usage: hooklab COMMAND") && top.err.isEmpty)
        #expect(run("-h").code == 0)
        for command in ["matrix", "gate", "run", "explain", "list", "bench", "merge", "diff", "advise"] {
            let result = run(command, "--help")
            #expect(result.code == 0, "\(command)")
            #expect(result.out.hasPrefix("Usage: hooklab \(command)"), "\(command)")
        }
        #expect(run("help", "gate").out.contains("HOOKLAB_RECORD"))
        let unknownTopic = run("help", "bogus")
        #expect(unknownTopic.code == 2 && unknownTopic.out.isEmpty && unknownTopic.err.contains("no help for 'bogus'"))
        let version = run("--version")
        #expect(version.code == 0 && version.out.hasPrefix("hooklab \(CLI.version) (matrix.json schema "))
        let none = run()
        #expect(none.code == 2 && none.err.contains("Usage: hooklab COMMAND") && none.out.isEmpty)
        let typo = run("matrx")
        #expect(typo.code == 2 && typo.err.contains("unknown command 'matrx'; did you mean 'matrix'?"))
    }

    @Test("Bad usage exits 2 with a message on stderr")
    func badUsage() {
        #expect(run("matrix", "--fast").err.contains("unknown option '--fast'"))
        #expect(run("matrix", "--fast").code == 2)
        #expect(run("run").code == 2)
        #expect(run("gate", "--participant").code == 2)
        #expect(run("gate", "--participant", "trackr:proxy").err.contains("did you mean 'tracker:proxy'?"))
        #expect(run("explain", "WebView", "bridge:buggy").code == 2)
        #expect(run("explain", "Web", "bridge:buggy", "kvo").err.contains("unknown host 'Web'"))
        #expect(run("explain", "WebView", "bridge:buggy", "bridge:fixed").err.contains("second participant of family 'bridge'"))
        #expect(run("explain", "WebView", "rx", "kvo").err.contains("rx does not support host WebView"))
        #expect(run("explain", "WebView", "bridge:buggy", "kvo", "--config", "fast").code == 2)
        #expect(run("bench", "--workers", "0").code == 2)
        #expect(read("Reports/README.md") == nil)
        #expect(read("Matrix/baseline.json") == nil)
    }

    @Test("matrix writes both reports, byte-identical on a second run")
    func matrix() throws {
        let first = run("matrix")
        #expect(first.code == 0)
        let files = MatrixTests.run().reportFiles()
        #expect(first.out.hasPrefix("wrote Reports/README.md, "))
        #expect(first.out.hasSuffix(" and \(files.count - 2) more:\n" + MatrixTests.run().headlineLines.joined(separator: "\n") + "\n"))
        #expect(first.out.contains("- 3 triples fail in a way none of their pairs does (emergent)."))
        #expect(files.map(\.path).contains("Reports/README.md") && files.map(\.path).contains("Reports/matrix.json"))
        for file in files { #expect(read(file.path) == file.contents, "\(file.path)") }
        #expect(run("matrix").code == 0)
        for file in files { #expect(read(file.path) == file.contents, "\(file.path) after a second run") }
    }

    static let incident = """
    host WebView
    config release
    load bridge:buggy
    load tracker:proxy
    attach bridge:buggy
    set-delegate app
    fire shouldStart:

    """

    @Test("run: findings exit 1, expected findings exit 0, a passing file exits 0")
    func runFile() {
        write(Self.incident, to: "Matrix/scenarios/incident.hooklab")
        let plain = run("run", "Matrix/scenarios/incident.hooklab")
        #expect(plain.code == 1)
        #expect(plain.out.hasPrefix("Matrix/scenarios/incident.hooklab: 💥 crash, 2 findings\n"))
        #expect(plain.out.contains("  danglingMessage at step 5 `fire shouldStart:`: the web view sent"))
        #expect(plain.out.contains("message path:\n  -[WebView _dispatch]\n"))

        write(Self.incident + "expect danglingReference danglingMessage\n", to: "Matrix/scenarios/expected.hooklab")
        let expected = run("run", "Matrix/scenarios/expected.hooklab")
        #expect(expected.code == 0)
        #expect(expected.out.hasSuffix("as expected\n"))

        write(Self.incident + "expect danglingMessage\n", to: "Matrix/scenarios/partial.hooklab")
        let partial = run("run", "Matrix/scenarios/partial.hooklab")
        #expect(partial.code == 1 && partial.out.contains("NOT as expected: expected danglingMessage"))

        write("host WebView\nconfig debug\nload tracker:proxy\nload bridge:buggy\nattach bridge:buggy\nset-delegate app\nfire shouldStart:\n", to: "ok.hooklab")
        #expect(run("run", "ok.hooklab").code == 0)
    }

    @Test("run --json prints the findings and ran labels on one line")
    func runJSON() {
        write(Self.incident, to: "x.hooklab")
        let result = run("run", "x.hooklab", "--json")
        #expect(result.code == 1)
        #expect(result.out == #"{"findings":[{"kind":"danglingReference","message":"the web view's assign delegate still points at TrackerProxy#3, freed when tracker:proxy replaced it; bridge:buggy never set the bridge back","step":4},{"kind":"danglingMessage","message":"the web view sent shouldStart: to TrackerProxy#3 (tracker:proxy's wrapper), freed at step 4, because bridge:buggy kept the stale delegate","step":5}],"ran":[]}"# + "\n")
    }

    @Test("run: an invalid or missing file exits 2 naming the file and line")
    func runBadFile() {
        write("host WebView\nconfig release\nlaod bridge:buggy\n", to: "bad.hooklab")
        let bad = run("run", "bad.hooklab")
        #expect(bad.code == 2)
        #expect(bad.err.contains("bad.hooklab:3: unknown verb 'laod'; did you mean 'load'?"))
        #expect(bad.out.isEmpty)
        let missing = run("run", "nowhere.hooklab")
        #expect(missing.code == 2 && missing.err.contains("nowhere.hooklab:1: cannot read: no such file"))
    }

    @Test("explain: a failing cell in depth exits 1 with its fixes; a passing cell exits 0")
    func explain() {
        let failing = run("explain", "WebView", "bridge:buggy", "tracker:proxy", "--config", "release")
        #expect(failing.code == 1)
        #expect(failing.out.hasPrefix("### WebView · bridge:buggy → tracker:proxy · 💥 crash (release)\n"))
        #expect(failing.out.contains("```\nhost WebView\nconfig release\nload bridge:buggy\n"))
        #expect(failing.out.contains("\n\nThe app crashes (EXC_BAD_ACCESS, a message to a freed object) on `"))
        #expect(failing.out.contains("- Use `bridge:fixed` (Bridge 6 with the fixed hook) instead of `bridge:buggy`: `bridge:fixed → tracker:proxy` passes under every set-up."))
        #expect(failing.out.contains("`tracker:proxy → bridge:buggy` passes under every set-up."))
        let both = run("explain", "ListView", "tracker:proxy", "rx")
        #expect(both.code == 1 && both.out.contains("⚠️ assert (debug) · 🔁 loop (release)"))
        let passing = run("explain", "WebView", "tracker:proxy", "bridge:buggy")
        #expect(passing.code == 0 && passing.out.contains("Passes in every configuration"))
    }

    @Test("gate: recording a missing baseline fails until reviewed, then passes; a hand-edited cell fails with the diff")
    func gate() throws {
        let unasked = run("gate")
        #expect(unasked.code == 2)
        #expect(unasked.err == "hooklab gate: no baseline at Matrix/baseline.json; record one with HOOKLAB_RECORD=missing, review it and commit it\n")
        #expect(read("Matrix/baseline.json") == nil)
        let first = run("gate", environment: ["HOOKLAB_RECORD": "missing"])
        #expect(first.code == 1)
        #expect(first.out.contains("recorded 104 new cells: review `git diff Matrix/baseline.json` and run again\n"))
        let baseline = try #require(read("Matrix/baseline.json"))
        #expect(run("gate").code == 0)
        #expect(run("gate", environment: ["HOOKLAB_RECORD": "never"]).code == 0)

        let parsed = try Baseline.parse(baseline, file: "Matrix/baseline.json")
        let edited = Baseline(entries: parsed.entries.map { entry in
            var entry = entry
            if entry.cell == Matrix.Cell(host: "WebView", order: ["bridge:buggy", "tracker:proxy"], config: .debug) { entry.outcome = .latent }
            return entry
        }).fileText
        #expect(edited != baseline)
        write(edited, to: "Matrix/baseline.json")
        let failed = run("gate", environment: ["HOOKLAB_RECORD": "never"])
        #expect(failed.code == 1)
        #expect(failed.out.contains("#### Regression (1)\n\n- **WebView** · `bridge:buggy → tracker:proxy` · debug: ☠️ latent → 💥 crash\n  - danglingMessage at step 5 of the reproducer:"))
        #expect(failed.out.contains("  - explain: `hooklab explain WebView bridge:buggy tracker:proxy --config debug`\n"))
        #expect(failed.out.hasSuffix("gate FAILED: 1 regression among 104 cells; Matrix/baseline.json was not changed\n"))
        #expect(read("Matrix/baseline.json") == edited)
        // Gating another participant ignores that cell.
        #expect(run("gate", "--participant", "rx", environment: ["HOOKLAB_RECORD": "never"]).code == 0)
        #expect(run("gate", "--participant", "tracker:proxy", environment: ["HOOKLAB_RECORD": "never"]).code == 1)
    }

    @Test("gate: no baseline under HOOKLAB_RECORD=never exits 2 with one line and writes nothing; a bad mode exits 2")
    func gateNever() {
        let result = run("gate", environment: ["HOOKLAB_RECORD": "never"])
        #expect(result.code == 2)
        #expect(result.out.isEmpty && result.err.split(separator: "\n").count == 1 && result.err.contains("no baseline at Matrix/baseline.json"))
        #expect(read("Matrix/baseline.json") == nil)
        let bad = run("gate", environment: ["HOOKLAB_RECORD": "yes"])
        #expect(bad.code == 2 && bad.err.contains("HOOKLAB_RECORD=yes is not a record mode"))
    }

    @Test("gate: a corrupt baseline exits 2 naming file and line, and is not overwritten, even when re-recording")
    func gateCorrupt() {
        let corrupt = "{\n  \"schema\": 1,\n  \"cells\": [\n    {\"host\": \"WebView\" \"order\": []}\n  ]\n}\n"
        write(corrupt, to: "Matrix/baseline.json")
        for mode in ["missing", "all", "never"] {
            let result = run("gate", environment: ["HOOKLAB_RECORD": mode])
            #expect(result.code == 2)
            #expect(result.err.contains("Matrix/baseline.json:4: expected ',' or '}' after the value of \"host\", found '\"'"), "\(result.err)")
            #expect(read("Matrix/baseline.json") == corrupt)
        }
    }

    @Test("list names participants, hosts and events; bench prints its figures")
    func listAndBench() {
        let list = run("list")
        #expect(list.code == 0)
        #expect(list.out.contains("  tracker:proxy  (family tracker): Tracker SDK NSProxy wrapper\n      installs: load, can start late; hosts: WebView, ListView\n"))
        #expect(list.out.contains("  WebView  (delegate: assign)\n      events: shouldStart:, didFinish:\n"))
        let bench = run("bench", "--workers", "1", "--repeat", "2")
        #expect(bench.code == 0)
        #expect(bench.out.contains("104 cells"))
        #expect(bench.out.contains("runs/s"))
        #expect(bench.out.contains("the median of 2 runs"))
        #expect(bench.out.contains("mean cost of one run made"))
        // The fake catalog has no app-delegate host and no triple beyond its hosts' own: the budget lines still print.
        #expect(bench.out.contains("where the time goes (each timed once): judging the "))
        #expect(bench.out.contains("; without the triples that hold a failing pair (not a pruning the lab makes), "))
        #expect(bench.out.contains("; without the app-delegate hosts' triples, "))
        #expect(bench.out.contains("; without any triple, "))
        #expect(bench.out.contains("sharing runs (measured, not made): the delegate hosts' triples have "))
        #expect(run("bench", "--repeat", "0").code == 2)
        // One host's cells alone: only the matrix figures, fewer cells, no goal claimed for a part of the matrix.
        let host = run("bench", "--workers", "1", "--repeat", "1", "--host", "WebView")
        #expect(host.code == 0)
        #expect(host.out.contains("cells (participants alone, pairs and triples, WebView, debug and release)"))
        #expect(!host.out.contains("104 cells") && !host.out.contains("goal: under 3 s") && !host.out.contains("where the time goes"))
        #expect(host.out.contains("(the goal is for the whole matrix)"))
        let unknown = run("bench", "--host", "WebVeiw")
        #expect(unknown.code == 2 && unknown.err.contains("unknown host 'WebVeiw'"))
    }
}
