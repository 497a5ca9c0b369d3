// The field table (issue 44): for each public app of Tests/HookLabTests/Fixtures/apps, a hand-written expectation in
// Fixtures/field/SLUG.txt says what a right answer is, judged from the app's code and the SDKs' code: its framework,
// its app delegate and where it sets the notification delegate (file:line, or none), the SDKs the lab models that it
// links, and the exit code. `hooklab matrix`, run in HookLab's checkout, scans each app as `hooklab scan --json` does
// and writes Reports/field.md; `swift test` compares each answer with its expectation and the page with the committed
// one. No command ever rewrites an expectation.

import Foundation
import HookLab

/// The public apps of the fixture corpus, their expectations and scan's answers, rendered as `Reports/field.md`.
public enum FieldTable {
    /// Where the corpus lives in HookLab's checkout, relative to its root.
    public static let appsPath = "Tests/HookLabTests/Fixtures/apps"
    public static let fieldPath = "Tests/HookLabTests/Fixtures/field"

    /// One app's expectation: `key: value` lines, `#` comments.
    public struct Expectation: Sendable {
        public var slug: String
        public var values: [(key: String, value: String)]
        public func value(_ key: String) -> String? { values.first { $0.key == key }?.value }
        /// The fields a `known-gap FIELD: why` line exempts, with why.
        public var gaps: [(field: String, why: String)] {
            values.filter { $0.key.hasPrefix("known-gap ") }.map { (String($0.key.dropFirst("known-gap ".count)), $0.value) }
        }
        public func isGap(_ field: String) -> Bool { gaps.contains { $0.field == field } }

        public static func parse(_ text: String, slug: String) -> Expectation {
            var values: [(String, String)] = []
            for line in text.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("#") else { continue }
                values.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                               line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            return Expectation(slug: slug, values: values)
        }
    }

    /// What scan answered for one app, as the fields compare.
    public struct Answer: Sendable {
        public var code: Int32
        public var framework: String
        public var appDelegate: String
        public var notificationDelegate: String
        public var models: [String]
        public var verdict: String
        public var firstFix: String
    }

    /// The apps of the corpus: its directories, sorted.
    public static func slugs(in apps: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: apps.path)) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: apps.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    public static func expectations(field: URL, slugs: [String]) throws -> [Expectation] {
        try slugs.map { slug in
            Expectation.parse(try String(contentsOf: field.appendingPathComponent(slug + ".txt"), encoding: .utf8), slug: slug)
        }
    }

    /// Collects what a command prints.
    final class Output: @unchecked Sendable {
        var text = ""
    }

    /// `hooklab scan --json` in the app's directory, read back as the fields compare.
    public static func scan(app: URL, root: String? = nil, catalog: LabCatalog) throws -> Answer {
        let out = Output()
        let cli = CLI(catalog: catalog, root: app, currentDirectory: app, environment: [:], workers: 1, showsProgress: false,
                      standardOutput: { out.text += $0 }, standardError: { _ in })
        let code = cli.main(arguments: ["scan", "--json"])
        var document = try JSONValue.parse(out.text).value
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

    /// Every app's expectation with scan's answer, in slug order. The apps are scanned on `workers` threads (each scan
    /// on one): they share nothing, and the rows keep slug order.
    public static func run(checkout: URL, catalog: LabCatalog, workers: Int = 1) throws -> [(expectation: Expectation, answer: Answer)] {
        let apps = checkout.appendingPathComponent(appsPath), field = checkout.appendingPathComponent(fieldPath)
        let expectations = try expectations(field: field, slugs: slugs(in: apps))
        let answers = Matrix.concurrentMap(expectations.count, workers: workers) { i in
            Result { try scan(app: apps.appendingPathComponent(expectations[i].slug), root: expectations[i].value("root"), catalog: catalog) }
        }
        return try zip(expectations, answers).map { ($0, try $1.get()) }
    }

    /// A field's value without the note that follows it (`ios/AppDelegate.swift:39 (after …)`).
    public static func plain(_ text: String?) -> String? {
        guard let text else { return nil }
        return text.range(of: " (").map { String(text[..<$0.lowerBound]) } ?? text
    }

    /// Fields as written: `none`, a path:line, a comma-separated list of ids; notes in parentheses and after a `;` are
    /// for the reader.
    public static func ids(_ text: String?) -> [String] {
        var plain = ""
        var depth = 0
        for c in text ?? "" {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 } else if depth == 0 { plain.append(c) }
        }
        return plain.prefix(while: { $0 != ";" }).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "none" }.sorted()
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

    /// `Reports/field.md`.
    public static func page(_ rows: [(expectation: Expectation, answer: Answer)]) -> String {
        "# HookLab on public apps\n\n"
            + "Each row is one public iOS app at the commit its link names, scanned by `hooklab scan`. The expectations are written by "
            + "hand from the app's code and the SDKs' code (`Tests/HookLabTests/Fixtures/field/`); `swift test` fails when a scan "
            + "disagrees with one, except where a row names a known gap. Paths are inside the app's repository. `hooklab matrix`, run "
            + "in HookLab's checkout, writes this page.\n\n"
            + "| app | framework | SDKs the lab models | the app's set-up, as read | verdict | first fix |\n|---|---|---|---|---|---|\n"
            + rows.map { row($0.expectation, $0.answer) }.joined(separator: "\n") + "\n"
    }
}
