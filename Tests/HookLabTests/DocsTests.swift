// The documentation beside what it describes: a README of at most 300 lines that reaches every guide and reference in
// one link, and links between the documents that land on a file and a heading.

import Foundation
import Testing
@testable import HookLab

@Suite("Documentation")
struct DocsTests {
    static let root = LabMatrixTests.root
    /// The README and every document it reaches.
    static let documents = ["README.md", "docs/reading-the-matrix.md", "docs/scan-and-advise.md", "docs/gating.md",
                            "Matrix/participants/README.md", "Matrix/scenarios/README.md", "Matrix/reports/README.md", "Sources/README.md"]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// GitHub's anchor for a heading: lowercased, punctuation other than `-` and `_` dropped, spaces as `-`.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    /// The relative links of a Markdown text, outside code blocks: `(path#anchor)`.
    static func links(_ text: String) -> [String] {
        var out: [String] = []
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode else { continue }
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target = String(after[..<close])
                if !target.hasPrefix("http"), !target.hasPrefix("mailto:") { out.append(target) }
                rest = after[close...]
            }
        }
        return out
    }

    @Test("The README is at most 300 lines and links to every guide and reference directly")
    func readmeIsShort() throws {
        let readme = try Self.text("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
        let targets = Set(Self.links(readme).map { String($0.split(separator: "#", maxSplits: 1)[0]) })
        for document in Self.documents.dropFirst() { #expect(targets.contains(document), "README does not link \(document)") }
    }

    @Test("Every relative link in the documents reaches a file, and its anchor a heading there")
    func linksResolve() throws {
        var checked = 0
        for document in Self.documents {
            let base = URL(fileURLWithPath: document).deletingLastPathComponent().path
            for link in Self.links(try Self.text(document)) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? document : URL(fileURLWithPath: base == "." || base == "/" ? parts[0] : base + "/" + parts[0]).standardized.path
                let relative = file.hasPrefix(Self.root.path) ? String(file.dropFirst(Self.root.path.count + 1)) : file.hasPrefix("/") ? String(file.dropFirst()) : file
                let url = Self.root.appendingPathComponent(relative)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    Issue.record("\(document): the link \(link) reaches no file (\(relative))")
                    continue
                }
                checked += 1
                guard parts.count == 2, relative.hasSuffix(".md"), !relative.hasPrefix("Reports/") else { continue }
                let headings = try Self.text(relative).split(separator: "\n").filter { $0.hasPrefix("#") }
                    .map { Self.anchor(String($0.drop { $0 == "#" }.dropFirst())) }
                #expect(headings.contains(parts[1]), "\(document): no heading #\(parts[1]) in \(relative)")
            }
        }
        #expect(checked > 10)
    }
}
