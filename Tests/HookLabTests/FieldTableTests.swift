// The field table (issue 44): each public app of Fixtures/apps has a hand-written expectation in Fixtures/field/SLUG.txt
// (FieldTable.swift says what it holds). This suite runs `hooklab scan --json` on each app and compares it with its
// expectation, field by field; a `known-gap FIELD: why` line names a field scan does not get right yet, and why. The
// page `hooklab matrix` writes from the same scans, Reports/field.md, is compared with the committed one.
// HOOKLAB_RECORD never rewrites an expectation.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("The field table: scan against hand-written expectations on public apps")
struct FieldTableTests {
    static let checkout = AppCorpusTests.apps.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let report = checkout.appendingPathComponent("Reports/field.md")

    @Test("At least 40 public apps, each with a hand-written expectation and its provenance")
    func everyAppHasAnExpectation() throws {
        let slugs = FieldTable.slugs(in: AppCorpusTests.apps)
        #expect(slugs.count >= 40 && slugs == AppCorpusTests.slugs)
        for e in try FieldTable.expectations(field: Self.checkout.appendingPathComponent(FieldTable.fieldPath), slugs: slugs) {
            for key in ["repository", "commit", "framework", "app-delegate", "notification-delegate", "models", "exit", "why"] {
                #expect(e.value(key) != nil, "\(e.slug): no `\(key):` line")
            }
        }
    }

    @Test("Scan's answer for each app agrees with its expectation, field by field, except the known gaps; Reports/field.md is hooklab matrix's page")
    func scanAgrees() throws {
        // On two threads, as `hooklab matrix` scans them: the rows, and so the page below, must not depend on it.
        let rows = try FieldTable.run(checkout: Self.checkout, catalog: Lab.catalog, workers: 2)
        for (e, answer) in rows {
            func check(_ field: String, _ got: String, _ expected: String?) {
                guard let expected, !e.isGap(field) else { return }
                #expect(got == expected, "\(e.slug) \(field): scan says `\(got)`, the expectation `\(expected)` (\(e.value("why") ?? ""))")
            }
            check("framework", answer.framework, FieldTable.plain(e.value("framework")))
            check("app-delegate", answer.appDelegate, FieldTable.plain(e.value("app-delegate")))
            check("notification-delegate", answer.notificationDelegate, FieldTable.plain(e.value("notification-delegate")))
            check("models", answer.models.joined(separator: ", "), FieldTable.ids(e.value("models")).joined(separator: ", "))
            check("exit", "\(answer.code)", e.value("exit"))
        }
        let rendered = FieldTable.page(rows)
        let mode = (try? RecordMode(environment: ProcessInfo.processInfo.environment)) ?? .never
        if mode == .all {
            try rendered.write(to: Self.report, atomically: true, encoding: .utf8)
        } else if let difference = Matrix.firstDifference(committed: try? String(contentsOf: Self.report, encoding: .utf8), rendered: rendered) {
            Issue.record("Reports/field.md \(difference): regenerate it with `swift run hooklab matrix` (or HOOKLAB_RECORD=all swift test) and review the diff")
        }
    }

    @Test("hooklab matrix writes Reports/field.md only in a checkout that has the corpus")
    func matrixWritesTheFieldTableOnlyWithTheCorpus() throws {
        // A project without Tests/HookLabTests/Fixtures/field gets no field.md (the binary does not carry the corpus).
        let dir = TemporaryDirectory()
        let (cli, captured) = CLI.fake(root: dir.url, catalog: FakeCatalog(), workers: 1)
        #expect(cli.main(arguments: ["matrix", "-q"]) == 0, "\(captured.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("Reports/field.md").path))
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("Reports/README.md").path))
    }
}
