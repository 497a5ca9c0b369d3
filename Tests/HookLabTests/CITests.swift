// The gate as CI systems run it: package root, JUnit XML, GitHub annotations, --json, conventions, writes, shards.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("hooklab in CI")
struct CITests {
    let temporary = TemporaryDirectory()
    var root: URL { temporary.url }

    func run(_ arguments: [String], environment: [String: String] = [:], catalog: LabCatalog = FakeCatalog()) -> (code: Int32, out: String, err: String) {
        let (cli, captured) = CLI.fake(root: root, environment: environment, catalog: catalog)
        let code = cli.main(arguments: arguments)
        return (code, captured.out, captured.err)
    }

    func read(_ path: String) -> String? { try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }

    /// A baseline of the fake lab, recorded and reviewed.
    func recordBaseline() {
        _ = run(["gate"], environment: ["HOOKLAB_RECORD": "all"])
    }

    /// Rewrites the recorded baseline through its own parser and writer; returns the new text.
    @discardableResult
    func editBaseline(_ edit: (inout [Baseline.Entry]) -> Void) throws -> String {
        let text = try #require(read("Matrix/baseline.json"))
        var entries = try Baseline.parse(text, file: "Matrix/baseline.json").entries
        edit(&entries)
        let edited = Baseline(entries: entries).fileText
        try edited.write(to: root.appendingPathComponent("Matrix/baseline.json"), atomically: true, encoding: .utf8)
        return edited
    }

    /// Accepts every release crash as latent, so the gate sees regressions there.
    func acceptReleaseCrashesAsLatent() throws {
        try editBaseline { entries in
            for i in entries.indices where entries[i].cell.config == .release && entries[i].outcome == .crash { entries[i].outcome = .latent }
        }
    }

    @Test("Outside a package, gate and matrix exit 2 and say so; --baseline works anywhere")
    func packageRoot() throws {
        let captured = Captured()
        let cli = CLI(catalog: FakeCatalog(), root: nil, currentDirectory: root, environment: [:], workers: 1, showsProgress: false,
                      standardOutput: { captured.out += $0 }, standardError: { captured.err += $0 })
        #expect(cli.packageRoot == nil)
        #expect(cli.main(arguments: ["gate"]) == 2)
        #expect(captured.err.contains("not inside a package: no Package.swift or Matrix/ in \(root.path) or above"))
        #expect(cli.main(arguments: ["matrix"]) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        // A package is found from a subdirectory.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Matrix"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/deep"), withIntermediateDirectories: true)
        #expect(CLI.packageRoot(from: root.appendingPathComponent("Sources/deep"))?.path == root.standardizedFileURL.path)
        // --baseline PATH, relative to the current directory; no file and no recording asked: one line, exit 2.
        captured.err = ""
        #expect(cli.main(arguments: ["gate", "--baseline=ci/base.json"]) == 2)
        #expect(captured.err == "hooklab gate: no baseline at ci/base.json; record one with HOOKLAB_RECORD=missing, review it and commit it\n")
    }

    @Test("Recording new cells fails with exit 1 and the review hint; only HOOKLAB_RECORD=all passes while recording")
    func recordingFails() throws {
        let missing = run(["gate", "--baseline", "b.json"], environment: ["HOOKLAB_RECORD": "missing"])
        #expect(missing.code == 1)
        #expect(missing.out.hasSuffix("recorded 104 new cells: review `git diff b.json` and run again\ngate FAILED: 104 cells recorded without review\n"))
        #expect(read("b.json") != nil)
        #expect(run(["gate", "--baseline", "b.json"]).code == 0)
        try FileManager.default.removeItem(at: root.appendingPathComponent("b.json"))
        let all = run(["gate", "--baseline", "b.json"], environment: ["HOOKLAB_RECORD": "all"])
        #expect(all.code == 0 && all.out.contains("recorded 104 cells into b.json (HOOKLAB_RECORD=all)"))
    }

    @Test("A regression plus missing cells exits 1 and leaves the baseline as it was")
    func failingGateKeepsBaseline() throws {
        recordBaseline()
        // Drop one ok cell (now missing) and accept one crash cell as ok (now a regression).
        var droppedOne = false, acceptedOne = false
        let edited = try editBaseline { entries in
            if let ok = entries.firstIndex(where: { $0.outcome == .ok }) { entries.remove(at: ok); droppedOne = true }
            if let crash = entries.firstIndex(where: { $0.outcome == .crash }) {
                entries[crash].outcome = .ok
                entries[crash].reason = nil
                acceptedOne = true
            }
        }
        #expect(droppedOne && acceptedOne)
        let result = run(["gate"])
        #expect(result.code == 1)
        #expect(result.out.contains("gate FAILED: 1 regression among 104 cells"))
        #expect(read("Matrix/baseline.json") == edited)
    }

    @Test("--junit writes JUnit XML: one testcase per cell, a failure with the finding and the explain command")
    func junit() throws {
        recordBaseline()
        try acceptReleaseCrashesAsLatent()
        let result = run(["gate", "--junit", "out/junit.xml"])
        #expect(result.code == 1)
        let xml = try #require(read("out/junit.xml"))
        let parsed = try JUnitSummary(xml)
        #expect(parsed.testcases == 104)
        #expect(parsed.failures.count == xml.components(separatedBy: "<failure ").count - 1)
        #expect(parsed.failures.count >= 1)
        #expect(xml.contains(#"<testsuites name="hooklab gate" tests="104" failures="\#(parsed.failures.count)" errors="0">"#))
        let failure = try #require(parsed.failures.first { $0.hasSuffix("; explain: hooklab explain WebView bridge:buggy tracker:proxy --config release") })
        #expect(failure.hasPrefix("regression: latent → crash; danglingMessage: the web view sent shouldStart:"))
    }

    @Test("--github prints ::error and ::notice annotations and appends a Markdown summary to $GITHUB_STEP_SUMMARY")
    func github() throws {
        recordBaseline()
        let summary = root.appendingPathComponent("summary.md")
        try "earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
        let passed = run(["gate", "--github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(passed.code == 0)
        #expect(passed.out.hasPrefix("::notice title=hooklab gate::gate passed: 104 cells match Matrix/baseline.json\n"))
        try acceptReleaseCrashesAsLatent()
        let failed = run(["gate", "--github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(failed.code == 1)
        let errors = failed.out.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.hasPrefix("::error file=Matrix/baseline.json,title=regression%3A WebView · ") })
        #expect(errors.contains { $0.contains("%0Aexplain: hooklab explain WebView bridge:buggy tracker:proxy --config release") })
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.hasPrefix("earlier step\n## hooklab gate: passed ✅\n"))
        #expect(markdown.contains("## hooklab gate: FAILED ❌"))
        #expect(markdown.contains("| regression | WebView · bridge:buggy → tracker:proxy · release | ☠️ latent | 💥 crash | danglingMessage: "))
    }

    @Test("--json on gate, list and explain: one JSON document with matrix.json's field names")
    func json() throws {
        recordBaseline()
        try acceptReleaseCrashesAsLatent()
        let gate = run(["gate", "--json"])
        #expect(gate.code == 1)
        let verdict = try JSONValue.parse(gate.out).value
        #expect(verdict["passed"] == .bool(false) && verdict["compared"] == .number(104))
        guard case .array(let differences)? = verdict["differences"], let first = differences.first else { Issue.record("no differences"); return }
        #expect(run(["matrix", "-q"]).code == 0)
        let report = try JSONValue.parse(try #require(read("Reports/matrix.json"))).value
        guard case .array(let reportCells)? = report["cells"] else { Issue.record("no cells in matrix.json"); return }
        let matrixCell = try #require(reportCells.first { $0["host"] == first["host"] && $0["order"] == first["order"] && $0["config"] == first["config"] })
        guard case .object(let cellMembers) = matrixCell, case .object(let members) = first else { Issue.record("not objects"); return }
        #expect(Array(members.map(\.0).prefix(cellMembers.count)) == cellMembers.map(\.0))
        #expect(first["change"] == .string("regression") && first["acceptedOutcome"] == .string("latent") && first["outcome"] == .string("crash"))

        let list = run(["list", "--json"])
        let listed = try JSONValue.parse(list.out).value
        guard case .array(let participants)? = listed["participants"] else { Issue.record("no participants"); return }
        #expect(participants.count == FakeCatalog.all.count)
        #expect(participants[0]["id"] == .string("bridge:buggy") && participants[0]["models"] != nil)

        let explain = run(["explain", "WebView", "bridge:buggy", "tracker:proxy", "--json", "--config=release"])
        #expect(explain.code == 1)
        let explained = try JSONValue.parse(explain.out).value
        guard case .array(let cells)? = explained["cells"] else { Issue.record("no cells"); return }
        #expect(cells.count == 1 && cells[0]["outcome"] == .string("crash") && cells[0]["config"] == .string("release"))
        guard case .string(let note)? = explained["note"] else { Issue.record("no note"); return }
        #expect(note.hasPrefix("### WebView · bridge:buggy → tracker:proxy"))
    }

    @Test("Conventions: --opt=value, '--' ends options, -q is quiet, hints are pasteable")
    func conventions() {
        #expect(run(["bench", "--workers=0"]).err.contains("--workers takes a positive number, not '0'"))
        let quiet = run(["matrix", "-q"])
        #expect(quiet.code == 0 && quiet.out.isEmpty && read("Reports/matrix.json") != nil)
        #expect(run(["explain", "--config=debug", "--", "WebView", "tracker:proxy", "bridge:buggy"]).code == 0)
        #expect(run(["explain", "WebView", "--", "-bogus", "kvo"]).err.contains("unknown participant '-bogus'"))
        // A method target's name has a space and a '-': quoted, so the hint can be pasted.
        let cell = Matrix.Cell(host: "SubViewController -viewWillAppear:", order: ["aspects", "swizzle:exchange"], config: .debug)
        #expect(ShellCommand.explain(cell) == "hooklab explain 'SubViewController -viewWillAppear:' aspects swizzle:exchange --config debug")
        #expect(ShellCommand.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellCommand.quoted("a b") == "'a b'" && ShellCommand.quoted("") == "''" && ShellCommand.quoted("x;y") == "'x;y'")
        #expect(CLI.availableCPUs() >= 1 && CLI.availableCPUs() <= ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test("Writes: a set is all or nothing, keeps the replaced file's mode, and removes stale temporary files")
    func writes() throws {
        let reports = root.appendingPathComponent("Reports")
        let a = reports.appendingPathComponent("a.md"), blocker = reports.appendingPathComponent("b.json")
        try AtomicFile.write("old a", to: a)
        chmod(a.path, 0o600)
        // b.json is a non-empty directory: its rename fails, so a.md must stay "old a".
        try FileManager.default.createDirectory(at: blocker.appendingPathComponent("x"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try AtomicFile.write([AtomicFile.Output(blocker, "b"), AtomicFile.Output(a, "new a")]) }
        #expect(try String(contentsOf: a, encoding: .utf8) == "old a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted() == ["a.md", "b.json"])
        // A stale temporary file of a killed run goes; the mode of the replaced file stays.
        try "partial".write(to: reports.appendingPathComponent(".matrix.json.2147483646.tmp"), atomically: false, encoding: .utf8)
        try AtomicFile.write("new a", to: a)
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted() == ["a.md", "b.json"])
        let attributes = try FileManager.default.attributesOfItem(atPath: a.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("matrix: when matrix.json cannot be written, exit 2 and the Markdown is not replaced either")
    func matrixWritesAsASet() throws {
        try "old report".write(to: root.appendingPathComponent("Reports/compatibility-matrix.md").creatingDirectory(), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Reports/matrix.json/x"), withIntermediateDirectories: true)
        let result = run(["matrix"])
        #expect(result.code == 2 && result.err.contains("cannot write Reports/README.md, ") && result.err.contains("Reports/matrix.json"))
        #expect(read("Reports/compatibility-matrix.md") == "old report")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Reports").path).sorted() == ["compatibility-matrix.md", "matrix.json"])
    }

    /// The fake lab with four more hosts (every pair passes there), so shards have hosts to balance.
    static var wideCatalog: FakeCatalog {
        let extra = ["GridView", "MapView", "TextView", "TabView"]
        var catalog = FakeCatalog()
        catalog.hosts += extra.map { HostInfo(name: $0, delegateOwnership: "weak", events: ["didScroll:"]) }
        catalog.participants = catalog.participants.map { participant in
            var participant = participant
            if participant.id != "bridge:buggy" { participant.hosts += extra.prefix(participant.id.count % 4 + 1) }
            return participant
        }
        return catalog
    }

    @Test("Shards: every cell in exactly one shard, and merging the shards gives the unsharded reports byte for byte", arguments: [1, 2, 3, 7])
    func shards(_ count: Int) throws {
        let catalog = Self.wideCatalog
        #expect(run(["matrix"], catalog: catalog).code == 0)
        let markdown = try #require(read("Reports/compatibility-matrix.md")), json = try #require(read("Reports/matrix.json"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Reports"))

        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        let all = generator.cells()
        let slices = (1...count).map { Shard(index: $0, count: count).cells(of: all, generator: generator) }
        #expect(Shard.slices(of: all, generator: generator, count: count) == slices)
        #expect(slices.flatMap { $0 }.sorted() == all)
        for slice in slices { #expect(Set(slice.map(\.host)).allSatisfy { host in slices.filter { $0.contains { $0.host == host } }.count == 1 }) }

        var files: [String] = []
        for index in 1...count {
            let file = "shards/\(index).json"
            let result = run(["matrix", "--shard", "\(index)/\(count)", "--output", file], catalog: catalog)
            #expect(result.code == 0, "\(result.err)")
            files.append(file)
        }
        let merged = run(["merge"] + files.reversed(), catalog: catalog)
        #expect(merged.code == 0, "\(merged.err)")
        #expect(read("Reports/matrix.json") == json)
        #expect(read("Reports/compatibility-matrix.md") == markdown)
        if count > 1 {
            #expect(run(["merge"] + files.dropLast(), catalog: catalog).err.contains("missing shard \(count)/\(count)"))
            #expect(run(["merge", files[0], files[0]] + files.dropFirst(2), catalog: catalog).code == 2)
        }
    }

    @Test("A shard file that is not one: exit 2 naming the file, and the line or the member that is wrong")
    func badShardFiles() throws {
        let seed = try String(contentsOf: LabMatrixTests.root.appendingPathComponent("Fuzz/corpus/shard-file/slice.json"), encoding: .utf8)
        // The committed seed is JSONEncoder's output (it escapes '/'): files written before the hand-written reader still read.
        #expect(seed.contains("\\/"))
        let shard = try ShardFile.parse(seed, file: "slice.json")
        #expect(shard.results.count == 5 && shard.results.contains { $0.setups.contains { $0.setup.then != nil } })
        // Written again, it reads back to the same value.
        #expect(try ShardFile.parse(shard.fileText, file: "again.json") == shard)
        func error(_ text: String) -> String {
            do { _ = try ShardFile.parse(text, file: "s.json"); return "" } catch { return error.message }
        }
        #expect(error("{\n\"format\": 1,\n\"shard\": }") == "s.json:3: expected a JSON value, found '}'")
        #expect(error("{\"format\": 2}") == "s.json:1: unsupported shard format 2; expected 1")
        #expect(error("{\"format\": 1}").hasPrefix("s.json:1: not a shard file written by 'hooklab matrix --shard I/N' (the document has no \"generator\")"))
        let wrongKind = seed.replacingOccurrences(of: "\"scenarioCount\":", with: "\"scenarioCount\":\"x\",\"was\":")
        #expect(error(wrongKind).hasSuffix("(the document.results[0].scenarioCount is not an integer)"), "\(error(wrongKind))")
        let unknownStep = seed.replacingOccurrences(of: "\"set-delegate app\"", with: "\"sit-delegate app\"")
        #expect(error(unknownStep).contains("not a shard file") && error(unknownStep).contains("sit-delegate"), "\(error(unknownStep))")
    }

    @Test("Shards balance cost: largest host first, each to the least loaded shard")
    func balance() {
        let costs = [(host: "A", cost: 10), (host: "B", cost: 7), (host: "C", cost: 6), (host: "D", cost: 4), (host: "E", cost: 1)]
        #expect(Shard.partition(hosts: costs, count: 2) == [["A", "D"], ["B", "C", "E"]])
        #expect(Shard.partition(hosts: costs, count: 3) == [["A"], ["B", "E"], ["C", "D"]])
        #expect(Shard.partition(hosts: costs, count: 7).filter(\.isEmpty).count == 2)
        #expect(run(["gate", "--shard", "4/3"]).err.contains("--shard takes I/N with 1 ≤ I ≤ N"))
    }

    @Test("gate --shard gates only its slice; cells of other shards are not stale")
    func gateShard() {
        recordBaseline()
        let first = run(["gate", "--shard", "1/2", "-v"], catalog: FakeCatalog())
        let second = run(["gate", "--shard", "2/2"], catalog: FakeCatalog())
        #expect(first.code == 0 && second.code == 0)
        #expect(!first.out.contains("note:") && !second.out.contains("note:"))
        #expect(first.out.contains("in shard 1/2") && second.out.contains("in shard 2/2"))
    }
}

/// What a JUnit XML file holds, read with Foundation's XML parser (which rejects malformed XML).
final class JUnitSummary: NSObject, XMLParserDelegate {
    var testcases = 0
    var failures: [String] = []

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "testcase" { testcases += 1 }
        if name == "failure" { failures.append(attributes["message"] ?? "") }
    }
}

extension URL {
    /// The URL, after creating its parent directory.
    func creatingDirectory() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
