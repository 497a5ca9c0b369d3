// The report set: pages by reader, their limits, one note per unordered pair, notes for app engineers, and
// "Which column is my SDK?" read from the models.

import Foundation
import Testing
@testable import HookLab

@Suite("Report pages")
struct ReportPagesTests {
    static let fake = MatrixTests.run()
    static let fakeFiles = fake.reportFiles()

    /// A slice of the real lab: incident 1's web view pairs, and Sensors with the trackers on a table view in both eras.
    static let real: Matrix = {
        let catalog = Lab.catalog
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
        let cells = generator.cells().filter { cell in
            guard cell.order.count == 2 else { return false }
            if cell.host == "UIWebView" { return cell.order.allSatisfy { $0.hasPrefix("jsbridge:") || $0.hasPrefix("tracker:") } }
            if cell.host.hasPrefix("UITableView") { return cell.order.allSatisfy { $0 == "sensors" || $0.hasPrefix("tracker:") } }
            return false
        }
        return Matrix.run(cells: cells, generator: generator, makeRunner: catalog.makeRunner)
    }()
    static let realFiles = real.reportFiles()

    static func page(_ files: [(path: String, contents: String)], _ path: String) -> String? {
        files.first { $0.path == path }?.contents
    }

    /// Every note of a set of pages: its heading line and its body.
    static func notes(_ files: [(path: String, contents: String)]) -> [(heading: String, body: String)] {
        files.filter { $0.path.hasSuffix(".md") }.flatMap { file in
            file.contents.components(separatedBy: "\n### <a id=\"note-").dropFirst().map { chunk in
                let note = chunk.components(separatedBy: "\n## ")[0]
                let lines = note.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(lines[0]), lines.count > 1 ? String(lines[1]) : "")
            }
        }
    }

    @Test("The set: an index, a page per host and per library, which-column, the pointer and matrix.json, all byte-identical")
    func pagesExist() {
        let paths = Self.fakeFiles.map(\.path)
        #expect(paths.first == Lab.reportPath)
        #expect(paths.last == Lab.jsonPath)
        #expect(Set(paths).count == paths.count)
        for host in Self.fake.hosts where Self.fake.results.contains(where: { $0.cell.host == host.name }) {
            #expect(paths.contains("Reports/hosts/\(Matrix.fileSafeName(host.name)).md"), "\(host.name)")
        }
        for participant in Self.fake.participants {
            #expect(paths.contains("Reports/libraries/\(Matrix.fileSafeName(participant.id)).md"), "\(participant.id)")
        }
        #expect(paths.contains("Reports/which-column.md"))
        #expect(paths.contains("Reports/compatibility-matrix.md"))
        let again = MatrixTests.run(workers: 1).reportFiles()
        #expect(again.map(\.path) == paths)
        #expect(again.map { Data($0.contents.utf8) } == Self.fakeFiles.map { Data($0.contents.utf8) })
        let index = Self.page(Self.fakeFiles, Lab.reportPath) ?? ""
        #expect(index.contains("![Heat map"))
        #expect(index.contains("](matrix.svg)"))
        #expect(index.contains("## Top conflicts"))
        #expect(index.contains("## Headline counts"))
        for path in paths where path.hasPrefix("Reports/") && path != Lab.reportPath && path.hasSuffix(".md") {
            let link = String(path.dropFirst("Reports/".count))
            guard link != "compatibility-matrix.md" else { continue }
            #expect(index.contains("](\(link))"), "the index links \(link)")
        }
    }

    @Test("Every link between pages reaches a page of the set and an anchor on it")
    func links() {
        for files in [Self.fakeFiles, Self.realFiles] {
            let contents = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
            var checked = 0
            for file in files where file.path.hasSuffix(".md") {
                for chunk in file.contents.components(separatedBy: "](").dropFirst() {
                    guard let end = chunk.firstIndex(of: ")") else { continue }
                    let link = String(chunk[..<end])
                    guard !link.hasPrefix("http"), !link.contains(" "), link != "matrix.svg" else { continue }
                    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    var components = file.path.split(separator: "/").dropLast().map(String.init)
                    for piece in parts[0].split(separator: "/") { if piece == ".." { components.removeLast() } else { components.append(String(piece)) } }
                    let target = parts[0].isEmpty ? file.path : components.joined(separator: "/")
                    let page = contents[target]
                    #expect(page != nil, "\(file.path) links \(link)")
                    if parts.count == 2, target.hasSuffix(".md") {
                        #expect(page?.contains("<a id=\"\(parts[1])\">") == true, "\(file.path) links \(link)")
                    }
                    checked += 1
                }
            }
            #expect(checked > 10)
        }
    }

    @Test("File names are safe and distinct for hosts, method targets and participant ids")
    func fileNames() {
        #expect(Matrix.fileSafeName("ViewController +classMethod") == "ViewController-plus-classMethod")
        #expect(Matrix.fileSafeName("SubViewController -viewWillAppear:") == "SubViewController-viewWillAppear")
        #expect(Matrix.fileSafeName("UITableView@ios8") == "UITableView-ios8")
        #expect(Matrix.fileSafeName("tracker:swizzle") == "tracker-swizzle")
        let names = Lab.catalog.hosts.map(\.name) + Lab.catalog.participants.map(\.id)
        #expect(Set(names.map(Matrix.fileSafeName)).count == names.count)
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/")
        for file in Self.realFiles + Self.fakeFiles {
            #expect(file.path.unicodeScalars.allSatisfy { allowed.contains($0) }, "\(file.path)")
        }
    }

    @Test("Every generated page is within the size and graph limits")
    func limits() {
        for file in Self.fakeFiles + Self.realFiles where file.path.hasSuffix(".md") {
            #expect(file.contents.utf8.count <= Matrix.pageByteLimit, "\(file.path)")
            #expect(Matrix.graphCount(file.contents) <= Matrix.pageGraphLimit, "\(file.path)")
        }
    }

    @Test("No block of 400+ bytes appears twice in Reports/ (a run, a message path, a references graph, a Based-on list, any paragraph or table); its repeats link to it, and each link's target note exists")
    func blocksShownOnce() throws {
        var seen: [String: String] = [:]
        var repeats: [String] = []
        var links = 0
        let pages = LabMatrixTests.sharedReports.filter { $0.path.hasSuffix(".md") }
        let anchors = Set(pages.flatMap { page in
            page.contents.split(separator: "<a id=\"", omittingEmptySubsequences: false).dropFirst().map { page.path.split(separator: "/").dropFirst().joined(separator: "/") + "#" + $0.prefix { $0 != "\"" } }
        })
        for page in pages {
            // A byte search (`TextSearch`), not Foundation's, which bridged every line to search it.
            let lines = page.contents.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                if line.hasPrefix("The same run as in [this note](") || line.holds("the same as in [this note]("),
                   let open = line.firstOccurrence(of: "](")?.upperBound, let close = line[open...].firstIndex(of: ")") {
                    links += 1
                    // Resolve the relative link against the page's directory.
                    let target = String(line[open..<close])
                    let directory = page.path.split(separator: "/").dropFirst().dropLast().joined(separator: "/")
                    let resolved = target.hasPrefix("#") ? page.path.split(separator: "/").dropFirst().joined(separator: "/") + target
                        : target.hasPrefix("../") ? String(target.dropFirst(3)) : (directory.isEmpty ? target : directory + "/" + target)
                    #expect(anchors.contains(resolved), "\(page.path): a link to \(target), which no note has")
                }
                guard line == "**Message path:**" || line == "**References at the failure:**" || line.hasPrefix("**Based on**") else { continue }
                var end = i + 1
                while end < lines.count, !lines[end].isEmpty { end += 1 }
                let block = lines[i..<end].joined(separator: "\n")
                guard block.utf8.count >= 400 else { continue }
                if let first = seen[block] { repeats.append("\(page.path) repeats \(first): \(line)") } else { seen[block] = page.path }
            }
        }
        #expect(links > 100)
        #expect(repeats.isEmpty, "\(repeats.count) repeated blocks:\n\(repeats.prefix(10).joined(separator: "\n"))")
        // Any paragraph (text between blank lines) of 400 bytes or more, on any page: notes, tables, legends.
        var paragraphs: [String: String] = [:]
        var repeated: [String] = []
        for page in pages {
            for piece in page.contents.split(separator: "\n\n", omittingEmptySubsequences: false) where piece.utf8.count >= 400 {
                let paragraph = String(piece)
                if let first = paragraphs[paragraph] { repeated.append("\(page.path) repeats \(first): \(paragraph.prefix(80))") } else { paragraphs[paragraph] = page.path }
            }
        }
        #expect(repeated.isEmpty, "\(repeated.count) repeated paragraphs:\n\(repeated.prefix(10).joined(separator: "\n"))")
    }

    @Test("The committed Reports pages are within the size and graph limits")
    func committedLimits() throws {
        let directory = LabMatrixTests.root.appendingPathComponent("Reports")
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var checked = 0
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".md") else { continue }
            let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
            #expect(text.utf8.count <= Matrix.pageByteLimit, "Reports/\(path)")
            #expect(Matrix.graphCount(text) <= Matrix.pageGraphLimit, "Reports/\(path)")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("No two notes are identical, in the fake lab and the real slice")
    func noIdenticalNotes() {
        for files in [Self.fakeFiles, Self.realFiles] {
            let bodies = Self.notes(files).map(\.body)
            #expect(!bodies.isEmpty)
            #expect(Set(bodies).count == bodies.count)
            let headings = Self.notes(files).map(\.heading)
            #expect(Set(headings).count == headings.count)
        }
    }

    @Test("Incident 1's note opens with the crash the user sees, then why, then what to do")
    func incidentOneNote() throws {
        let page = try #require(Self.page(Self.realFiles, "Reports/hosts/UIWebView.md"))
        let heading = "### <a id=\"note-jsbridge-buggy-tracker-proxy\"></a>UIWebView · jsbridge:buggy → tracker:proxy · 💥 crash (debug and release)\n\n"
        let start = try #require(page.range(of: heading))
        let note = page[start.upperBound...]
        #expect(note.hasPrefix("The app crashes (EXC_BAD_ACCESS, a message to a freed object) on `webView:shouldStartLoadWithRequest:navigationType:`. "))
        // The app's own code first (the fixed swizzle keeps every SDK), then the link order.
        #expect(note.contains("\n\n**What you can do:**\n- Use `jsbridge:fixed` (bridge + the app's setDelegate: swizzle that re-sets the delegate) instead of `jsbridge:buggy`: `jsbridge:fixed → tracker:proxy` passes under every set-up.\n- Make `tracker:proxy`'s +load hooks run first (link its library earlier): `tracker:proxy → jsbridge:buggy` passes under every set-up.\n"))
        #expect(note.contains("<details><summary>Minimal reproducer, message path and references</summary>"))
        // The table cell links to the note on the same page.
        #expect(page.contains("| 💥 [note](#note-jsbridge-buggy-tracker-proxy)"))
    }

    @Test("Both orders failing the same way share one note; an iOS 8 host that agrees with its twin gets no page")
    func onePerPairAndTwin() throws {
        let page = try #require(Self.page(Self.realFiles, "Reports/hosts/UITableView.md"))
        #expect(page.contains("</a>UITableView · sensors ↔ tracker:proxy (both orders) · "))
        #expect(page.contains("**Both orders fail this way.** Where each fails:\n- `sensors → tracker:proxy` — "))
        #expect(!page.contains("</a>UITableView · tracker:proxy → sensors"))
        // The iOS 8 twin gets a page exactly when some cell differs from its weak twin.
        let index = try #require(Self.page(Self.realFiles, Lab.reportPath))
        let differs = Self.real.results.contains { r in
            r.cell.host == "UITableView@ios8" && Self.real.outcome(of: Matrix.Cell(host: "UITableView", order: r.cell.order, config: r.cell.config)) != r.outcome
        }
        let ios8 = Self.page(Self.realFiles, "Reports/hosts/UITableView-ios8.md")
        #expect((ios8 != nil) == differs)
        if let ios8 {
            #expect(ios8.contains("Only the cells whose outcome differs from [UITableView](UITableView.md) have notes here"))
            #expect(!ios8.contains("</a>UITableView@ios8 · sensors ↔ tracker:proxy"))
        } else {
            #expect(index.contains("cells agree with [UITableView](hosts/UITableView.md)"))
        }
        // The library page lists both orders, each linking to the one note.
        let sensors = try #require(Self.page(Self.realFiles, "Reports/libraries/sensors.md"))
        #expect(sensors.contains("| `sensors ↔ tracker:proxy` (both orders) |"))
        #expect(sensors.components(separatedBy: "](../hosts/UITableView.md#note-sensors-tracker-proxy)").count == 2)
    }

    @Test("Method-hook table rows stay short; what ran is listed under the table")
    func shortMethodRows() throws {
        for file in Self.fakeFiles + Self.realFiles where file.path.contains("/targets/") {
            for line in file.contents.split(separator: "\n") where line.hasPrefix("| **") {
                #expect(line.count <= 400, "\(file.path): \(line.prefix(80))…")
            }
        }
    }

    @Test("Which column is my SDK: read from the models, one participant alone on a fresh runtime")
    func whichColumn() throws {
        let observations = ModelRunner().observeDesigns()
        func of(_ id: String) throws -> DesignObservation { try #require(observations.first { $0.participant == id }) }
        #expect(try of("rx").delegateReturns == "RxScrollViewDelegateProxy")
        #expect(try of("rx").swizzlesSetterAtLoad == false)
        #expect(try of("tracker:proxy").delegateReturns == "TrackerProxy")
        #expect(try of("tracker:swizzle").delegateReturns == nil)
        #expect(try of("tracker:swizzle").swizzlesSetterAtLoad)
        #expect(try !of("tracker:swizzle").delegateGains.isEmpty)
        #expect(try of("sensors").delegateIsa == "AppDelegate_CN.SENSORSDATA")
        #expect(try of("sensors").delegateClassAnswer == "AppDelegate")
        #expect(try of("imyaop").delegateReturns == nil)
        #expect(try of("imyaop").viewIsa == "kIMYAOP_UITableView")
        #expect(observations.allSatisfy { $0.error == nil })
        let page = ReportLayout(Self.real, observations: observations).whichColumnPage()
        #expect(page.contains("| [`tracker:proxy`](#tracker-proxy) | setDelegate: swizzle + NSProxy wrapper | a `TrackerProxy` | unchanged | nothing | swizzled | unchanged |"))
        // Every table header links to it.
        let host = try #require(Self.page(Self.realFiles, "Reports/hosts/UITableView.md"))
        #expect(host.contains("| first ↓ / then → ([which column is my SDK?](../which-column.md)) | [`rx`](../which-column.md#rx) |"))
    }
}
