// The field table (issue 44): for each public app of Fixtures/apps, a hand-written expectation in Fixtures/field/SLUG.txt
// says what a right answer is, judged from the app's code and the SDKs' code: its framework, its app delegate and where
// it sets the notification delegate (file:line, or none), the SDKs the lab models that it links, and the exit code. The
// test runs `hooklab scan --json` on each app and compares. A `known-gap FIELD: why` line names a field scan does not get
// right yet, and why; the table shows it. HOOKLAB_RECORD never rewrites an expectation: Reports/field.md, the table
// rendered from the scans, is the only file it rewrites.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("The field table: scan against hand-written expectations on public apps")
struct FieldTableTests {
    static let field = AppCorpusTests.apps.deletingLastPathComponent().appendingPathComponent("field")
    static let report = AppCorpusTests.apps.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reports/field.md")

    /// One app's expectation.
    struct Expectation {
        var slug: String
        var values: [(key: String, value: String)]
        func value(_ key: String) -> String? { values.first { $0.key == key }?.value }
        /// The fields a `known-gap FIELD: why` line exempts, with why.
        var gaps: [(field: String, why: String)] {
            values.filter { $0.key.hasPrefix("known-gap ") }.map { (String($0.key.dropFirst("known-gap ".count)), $0.value) }
        }
        func isGap(_ field: String) -> Bool { gaps.contains { $0.field == field } }

        static func parse(_ text: String, slug: String) -> Expectation {
            var values: [(String, String)] = []
            for line in text.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("#") else { continue }
                values.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                               line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            return Expectation(slug: slug, values: values)
        }
    }

    static func expectations() throws -> [Expectation] {
        try AppCorpusTests.slugs.map { slug in
            Expectation.parse(try String(contentsOf: field.appendingPathComponent(slug + ".txt"), encoding: .utf8), slug: slug)
        }
    }

    /// What scan answered for one app, as the fields compare.
    struct Answer {
        var code: Int32
        var framework: String
        var appDelegate: String
        var notificationDelegate: String
        var models: [String]
        var verdict: String
        var firstFix: String
    }

    static func scan(_ slug: String, root: String? = nil) throws -> Answer {
        let (cli, captured) = CLI.fake(root: AppCorpusTests.apps.appendingPathComponent(slug), environment: [:], catalog: Lab.catalog, workers: 1)
        let code = cli.main(arguments: ["scan", "--json"])
        var document = try JSONValue.parse(captured.out).value
        // Several apps (a monorepo): the one the expectation's `root:` names, else the first.
        if case .array(let apps)? = document["apps"],
           let app = apps.first(where: { root != nil && $0["root"] == .string(root!) }) ?? apps.first { document = app }
        func string(_ value: JSONValue?) -> String? { if case .string(let s)? = value { s } else { nil } }
        var models: [String] = []
        if case .array(let found)? = document["found"] { models = found.compactMap { string($0["participant"]) } }
        var delegate = "none", line = "none"
        if case .object? = document["appDelegate"], let file = string(document["appDelegate"]?["file"]),
           case .number(let number)? = document["appDelegate"]?["line"] {
            delegate = "\(file):\(Int(number))"
            line = string(document["appDelegate"]?["notificationDelegate"]) ?? "none"
        }
        var fix = ""
        // The first host that fails for the app: its first change under the app's own set-up, else its first fix.
        if case .array(let hosts)? = document["hosts"] {
            for host in hosts where host["failsForApp"] == .bool(true) {
                if case .array(let own)? = host["ownFixes"], let text = string(own.first?["text"]) { fix = text; break }
                if case .array(let fixes)? = host["fixes"], let text = string(fixes.first?["text"]) { fix = text; break }
            }
        }
        return Answer(code: code, framework: string(document["framework"]) ?? "?", appDelegate: delegate, notificationDelegate: line,
                      models: models.sorted(), verdict: string(document["verdict"]) ?? "", firstFix: fix)
    }

    /// A field's value without the note that follows it (`ios/AppDelegate.swift:39 (after …)`).
    static func plain(_ text: String?) -> String? {
        guard let text else { return nil }
        return text.range(of: " (").map { String(text[..<$0.lowerBound]) } ?? text
    }

    /// Fields as written: `none`, a path:line, a comma-separated list of ids.
    static func ids(_ text: String?) -> [String] {
        // Notes in parentheses and after a `;` are for the reader.
        var plain = ""
        var depth = 0
        for c in text ?? "" {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 } else if depth == 0 { plain.append(c) }
        }
        return plain.prefix(while: { $0 != ";" }).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "none" }.sorted()
    }

    @Test("At least 40 public apps, each with a hand-written expectation and its provenance")
    func everyAppHasAnExpectation() throws {
        #expect(AppCorpusTests.slugs.count >= 40)
        for e in try Self.expectations() {
            for key in ["repository", "commit", "framework", "app-delegate", "notification-delegate", "models", "exit", "why"] {
                #expect(e.value(key) != nil, "\(e.slug): no `\(key):` line")
            }
        }
    }

    @Test("Scan's answer for each app agrees with its expectation, field by field, except the known gaps")
    func scanAgrees() throws {
        var rows: [String] = []
        for e in try Self.expectations() {
            let answer = try Self.scan(e.slug, root: e.value("root"))
            func check(_ field: String, _ got: String, _ expected: String?) {
                guard let expected, !e.isGap(field) else { return }
                #expect(got == expected, "\(e.slug) \(field): scan says `\(got)`, the expectation `\(expected)` (\(e.value("why") ?? ""))")
            }
            check("framework", answer.framework, Self.plain(e.value("framework")))
            check("app-delegate", answer.appDelegate, Self.plain(e.value("app-delegate")))
            check("notification-delegate", answer.notificationDelegate, Self.plain(e.value("notification-delegate")))
            check("models", answer.models.joined(separator: ", "), Self.ids(e.value("models")).joined(separator: ", "))
            check("exit", "\(answer.code)", e.value("exit"))
            rows.append(Self.row(e, answer))
        }
        let rendered = Self.table(rows)
        let mode = (try? RecordMode(environment: ProcessInfo.processInfo.environment)) ?? .never
        if mode == .all {
            try rendered.write(to: Self.report, atomically: true, encoding: .utf8)
        } else if let difference = Matrix.firstDifference(committed: try? String(contentsOf: Self.report, encoding: .utf8), rendered: rendered) {
            Issue.record("Reports/field.md \(difference): record with HOOKLAB_RECORD=all swift test and review the diff")
        }
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }

    static func row(_ e: Expectation, _ a: Answer) -> String {
        let repository = e.value("repository") ?? "", commit = e.value("commit") ?? ""
        let link = "[\(e.slug)](https://github.com/\(repository)/tree/\(commit))"
        let setup = a.appDelegate == "none" ? "no app delegate read"
            : "`\(a.appDelegate)`; notification delegate: " + (a.notificationDelegate == "none" ? "none" : "`\(a.notificationDelegate)`")
        let gaps = e.gaps.map { "known gap, \($0.field): \($0.why)" }
        let verdict = (a.code == 1 ? "exit 1: " : "exit 0: ") + a.verdict + (gaps.isEmpty ? "" : " (" + gaps.joined(separator: "; ") + ")")
        return "| \(link) | \(a.framework) | \(a.models.isEmpty ? "none" : a.models.map { "`\($0)`" }.joined(separator: ", ")) | \(cell(setup)) | \(cell(verdict)) | \(cell(a.firstFix.isEmpty ? "—" : a.firstFix)) |"
    }

    static func table(_ rows: [String]) -> String {
        "# HookLab on public apps\n\n"
            + "Each row is one public iOS app at the commit its link names, scanned by `hooklab scan`. The expectations are written by "
            + "hand from the app's code and the SDKs' code (`Tests/HookLabTests/Fixtures/field/`); `swift test` fails when a scan "
            + "disagrees with one, except where a row names a known gap. Paths are inside the app's repository.\n\n"
            + "| app | framework | SDKs the lab models | the app's set-up, as read | verdict | first fix |\n|---|---|---|---|---|---|\n"
            + rows.joined(separator: "\n") + "\n"
    }
}
