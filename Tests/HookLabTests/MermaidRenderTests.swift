// Every Mermaid graph in Reports/ rendered by Mermaid's own JavaScript in headless Chromium: no render error,
// and every node and edge label's full text in the rendered SVG.

import Foundation
import Testing
@testable import HookLab

/// Headless Chromium and Mermaid's JavaScript (11.6, as vendored by PyPI's diagram-renderer), when installed.
enum MermaidBrowser {
    static let environment = ProcessInfo.processInfo.environment

    /// `HOOKLAB_CHROMIUM`, or the first of chromium, chromium-browser, google-chrome on the PATH.
    static let chromium: String? = {
        if let path = environment["HOOKLAB_CHROMIUM"], !path.isEmpty { return FileManager.default.isExecutableFile(atPath: path) ? path : nil }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }()

    /// `HOOKLAB_MERMAID_JS`, or `mermaid.min.js` in the cache directory `.ci/run` fills.
    static let mermaidJS: String? = {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        let path = environment["HOOKLAB_MERMAID_JS"].flatMap { $0.isEmpty ? nil : $0 } ?? (cache + "/hooklab/mermaid/mermaid.min.js")
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    static var available: Bool { chromium != nil && mermaidJS != nil }

    static let installHint = "install Chromium (apt-get install chromium) and Mermaid's JavaScript "
        + "(pip download --no-deps diagram-renderer==2025.9.24.103, then unzip its diagram_renderer/renderers/static/js/mermaid.min.js "
        + "into ~/.cache/hooklab/mermaid/), or set HOOKLAB_CHROMIUM and HOOKLAB_MERMAID_JS; .ci/run does both"

    /// One graph as the browser rendered it: the SVG's text (styles removed), or Mermaid's error.
    struct Rendering: Equatable {
        var ok: Bool
        var text: String
    }

    /// Renders the graphs on one page, in order.
    static func render(_ graphs: [String]) throws -> [Rendering] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooklab-mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A JSON array of the sources; `<` escaped so no source can close the script element.
        let sources = JSONValue.array(graphs.map(JSONValue.string)).text(indent: nil).replacingOccurrences(of: "<", with: "\\u003c")
        let page = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><script src="\(URL(fileURLWithPath: mermaidJS!).absoluteString)"></script></head>
        <body><pre id="hooklab-result">pending</pre>
        <script>
        const graphs = \(sources);
        (async () => {
          mermaid.initialize({ startOnLoad: false });
          const results = [];
          for (let i = 0; i < graphs.length; i++) {
            try {
              const { svg } = await mermaid.render("graph" + i, graphs[i]);
              const holder = document.createElement("div");
              holder.innerHTML = svg;
              holder.querySelectorAll("style").forEach(style => style.remove());
              results.push({ ok: true, text: holder.textContent });
            } catch (error) {
              results.push({ ok: false, text: String((error && error.message) || error) });
            }
          }
          // Base64 of UTF-8 JSON: nothing in it for the DOM dump to escape.
          document.getElementById("hooklab-result").textContent = btoa(unescape(encodeURIComponent(JSON.stringify(results))));
        })();
        </script></body></html>
        """
        let pageURL = directory.appendingPathComponent("graphs.html")
        try page.write(to: pageURL, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "300", chromium!, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
                             "--virtual-time-budget=120000", "--dump-dom", pageURL.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        guard let start = dom.range(of: "<pre id=\"hooklab-result\">"), let end = dom[start.upperBound...].range(of: "</pre>") else {
            throw RenderError(message: "chromium exited \(process.terminationStatus) without the result element; DOM: \(dom.prefix(300))")
        }
        let encoded = String(dom[start.upperBound..<end.lowerBound])
        guard let data = Data(base64Encoded: encoded),
              let items = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw RenderError(message: "the page did not finish rendering: '\(encoded.prefix(100))'")
        }
        return items.map { Rendering(ok: $0["ok"] as? Bool ?? false, text: $0["text"] as? String ?? "") }
    }

    struct RenderError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The Mermaid blocks of every Markdown file under a directory, deduplicated, each with the first file it is in.
    static func graphs(under directory: URL) -> [(source: String, file: String)] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "md" { files.append(url) }
        }
        var seen: Set<String> = []
        var graphs: [(String, String)] = []
        for url in files.sorted(by: { $0.path < $1.path }) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for block in text.components(separatedBy: "```mermaid\n").dropFirst() {
                guard let end = block.range(of: "\n```") else { continue }
                let source = String(block[..<end.lowerBound])
                if seen.insert(source).inserted { graphs.append((source, url.lastPathComponent)) }
            }
        }
        return graphs
    }

    /// The labels of a graph's nodes (`n1["…"]`) and edges (`|"…"|`), as Mermaid should show them.
    static func labels(of source: String) -> [String] {
        var labels: [String] = []
        for line in source.split(separator: "\n") {
            for (open, close) in [("[\"", "\"]"), ("|\"", "\"|")] {
                guard let start = line.range(of: open), let end = line.range(of: close, options: .backwards),
                      start.upperBound <= end.lowerBound else { continue }
                labels.append(unescaped(String(line[start.upperBound..<end.lowerBound])))
            }
        }
        return labels
    }

    /// Mermaid's entity codes (`#lt;`, `#35;`) as the characters it renders.
    static func unescaped(_ label: String) -> String {
        let named = ["quot": "\"", "lt": "<", "gt": ">", "amp": "&", "apos": "'"]
        var out = ""
        var rest = Substring(label)
        while let hash = rest.firstIndex(of: "#") {
            out += rest[..<hash]
            let after = rest[rest.index(after: hash)...]
            let word = after.prefix { $0.isLetter || $0.isNumber }
            if !word.isEmpty, after.dropFirst(word.count).first == ";",
               let character = named[String(word)] ?? Int(word).flatMap(UnicodeScalar.init).map({ String(Character($0)) }) {
                out += character
                rest = after.dropFirst(word.count + 1)
            } else {
                out += "#"
                rest = after
            }
        }
        return out + rest
    }
}

/// Set-up: without Chromium and Mermaid's JavaScript the browser check is skipped locally (with this hint), and fails in CI.
@Test("Chromium and Mermaid's JavaScript are installed for the browser check")
func mermaidBrowserInstalled() {
    if MermaidBrowser.available { return }
    let message = "MermaidRenderTests: \(MermaidBrowser.chromium == nil ? "chromium" : "mermaid.min.js") not found, "
        + "the Mermaid browser check is skipped; \(MermaidBrowser.installHint)"
    if ProcessInfo.processInfo.environment["CI"] == "true" {
        Issue.record(Comment(rawValue: message))
    } else {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }
}

@Suite("Mermaid graphs in a browser")
struct MermaidRenderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A graph whose labels hold everything Mermaid reads as markup.
    static let awkward = ReferenceGraph(
        nodes: [ReferenceGraph.Node(id: "a", label: "RxDelegateProxy<UIScrollViewDelegate> & \"friends\" #tag; `code`"),
                ReferenceGraph.Node(id: "b", label: "TrackerProxy#3", freed: true)],
        edges: [ReferenceGraph.Edge(from: "a", to: "b", label: "RxDelegateProxy.identifier<UIScrollViewDelegate>", kind: .associationRetain)])

    @Test("Labels escape what Mermaid takes for markup, and unescape to the original text")
    func escaping() {
        let source = Self.awkward.mermaid
        #expect(source.contains(#"n1["RxDelegateProxy#lt;UIScrollViewDelegate#gt; #amp; #quot;friends#quot; #35;tag; #96;code#96;"]"#))
        #expect(source.contains(#"n2["TrackerProxy#3 — freed"]"#))
        #expect(source.contains(#"n1 ==>|"RxDelegateProxy.identifier#lt;UIScrollViewDelegate#gt; (assoc, retain)"| n2"#))
        #expect(MermaidBrowser.labels(of: source) == ["RxDelegateProxy<UIScrollViewDelegate> & \"friends\" #tag; `code`",
                                                     "TrackerProxy#3 — freed", "RxDelegateProxy.identifier<UIScrollViewDelegate> (assoc, retain)"])
    }

    /// The Mermaid blocks of the reports the suite's own run of the whole matrix renders (RxCocoa's
    /// `identifier<UIScrollViewDelegate>` association among them), so the check never rests on stale reports alone.
    /// That run is shared: a run of the UIScrollView pairs of its own cost this test a second of CPU.
    static func freshGraphs() -> [(source: String, file: String)] {
        LabMatrixTests.sharedReports.filter { $0.path.hasSuffix(".md") }.flatMap { file in
            file.contents.components(separatedBy: "```mermaid\n").dropFirst().compactMap { block in
                block.range(of: "\n```").map { (String(block[..<$0.lowerBound]), "(fresh \(file.path))") }
            }
        }
    }

    /// What the failure check renders: a label Mermaid's sanitiser cuts, and a graph it cannot parse.
    static let failureSamples = ["flowchart LR\n  n1[\"identifier<UIScrollViewDelegate> kept\"]", "flowchart LR\n  n1[\"open"]

    // One test, one browser launch: a launch of Chromium costs about a second, and the test's thread waits for it
    // (two tests sharing one launch would hold both of the pool's threads on this machine's 2 cores).
    @Test("Every Mermaid graph in Reports/ and in a fresh run renders in headless Chromium with every label's full text; the check catches a label Mermaid's sanitiser cuts, and a graph it cannot parse",
          .enabled(if: MermaidBrowser.available, Comment(rawValue: "chromium or mermaid.min.js missing; \(MermaidBrowser.installHint)")))
    func renderReports() throws {
        let reports = MermaidBrowser.graphs(under: Self.root.appendingPathComponent("Reports"))
        let known = Set(reports.map(\.source))
        let fresh = Self.freshGraphs()
        #expect(fresh.contains { $0.source.contains("identifier#lt;UIScrollViewDelegate#gt;") })
        let graphs = reports + fresh.filter { !known.contains($0.source) } + [(Self.awkward.mermaid, "(escaping sample)")]
        #expect(graphs.count > 1, "no Mermaid graph found under Reports/")
        // Each distinct source once: Reports/ repeats graphs across pages (350 blocks, 170 sources on 2026-11-30), and a
        // source renders the same way wherever it is; the browser's time is most of this test's.
        var distinct: [String] = []
        var index: [String: Int] = [:]
        for (source, _) in graphs where index[source] == nil {
            index[source] = distinct.count
            distinct.append(source)
        }
        let rendered = try MermaidBrowser.render(distinct + Self.failureSamples)
        try #require(rendered.count == distinct.count + Self.failureSamples.count)
        let all = graphs.map { rendered[index[$0.source]!] } + rendered.suffix(Self.failureSamples.count)
        func squeezed(_ text: String) -> String { String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }) }
        for ((source, file), rendering) in zip(graphs, all) {
            guard rendering.ok else {
                Issue.record(Comment(rawValue: "\(file): Mermaid could not render a graph: \(rendering.text)\n\(source)"))
                continue
            }
            let text = squeezed(rendering.text)
            for label in MermaidBrowser.labels(of: source) where !text.contains(squeezed(label)) {
                Issue.record(Comment(rawValue: "\(file): the label '\(label)' is not in the rendered graph, which shows: \(rendering.text)"))
            }
        }
        // The check is not vacuous: the sanitiser's cut and the parse error are both seen.
        let failures = Array(all.suffix(Self.failureSamples.count))
        #expect(failures[0].ok && failures[0].text.contains("identifier") && !failures[0].text.contains("UIScrollViewDelegate"))
        #expect(!failures[1].ok && failures[1].text.contains("Parse error"))
    }
}
