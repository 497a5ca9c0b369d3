// `Reports/matrix.svg`: valid SVG, one rect per host × ordered pair, deterministic.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("Matrix heat map (SVG)")
struct MatrixSVGTests {
    /// What a strict XML parser reads from the SVG: the root's name and attributes, and each cell rect's fill and title.
    final class Reader: NSObject, XMLParserDelegate {
        var root: (name: String, attributes: [String: String])?
        var cells: [(fill: String, title: String)] = []
        var elements: Set<String> = []
        var texts: [String] = []
        private var text = ""
        private var inCell = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root == nil { root = (name, attributes) }
            elements.insert(name)
            text = ""
            if name == "rect", attributes["class"] == "cell" {
                inCell = true
                cells.append((attributes["fill"] ?? "", ""))
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title", inCell { cells[cells.count - 1].title = text }
            if name == "rect" { inCell = false }
            if name == "text" { texts.append(text) }
        }
    }

    static func read(_ svg: String) throws -> Reader {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "") at line \(parser.lineNumber)")
        return reader
    }

    @Test("The heat map is well-formed XML with an <svg xmlns> root, its size, and one rect per host × ordered pair or library alone")
    func validSVG() throws {
        let matrix = MatrixTests.run()
        let svg = matrix.svg
        let reader = try Self.read(svg)
        let root = try #require(reader.root)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let width = try #require(root.attributes["width"].flatMap(Int.init)), height = try #require(root.attributes["height"].flatMap(Int.init))
        #expect(root.attributes["viewBox"] == "0 0 \(width) \(height)")
        #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("<foreignObject"))
        #expect(reader.elements.isSubset(of: ["svg", "title", "rect", "text", "g"]))

        // Ordered pairs, and each library alone on the diagonal.
        let pairs = Set(matrix.results.filter { $0.cell.order.count <= 2 }.map {
            "\($0.cell.host): \($0.cell.order.count == 1 ? "\($0.cell.order[0]) alone" : $0.cell.order.joined(separator: " → "))"
        })
        #expect(pairs.contains { $0.hasSuffix(" alone") })
        #expect(reader.cells.count == pairs.count)
        #expect(Set(reader.cells.map { $0.title.components(separatedBy: ": ").prefix(2).joined(separator: ": ") }) == pairs)
        // The fake lab's WebView bridge:buggy → tracker:proxy crashes in both configurations; ListView tracker:proxy → rx
        // asserts in debug and loops in release, so its colour is the loop's.
        let crash = try #require(reader.cells.first { $0.title.hasPrefix("WebView: bridge:buggy → tracker:proxy:") })
        #expect(crash.fill == Matrix.svgColour(.crash))
        let both = try #require(reader.cells.first { $0.title.hasPrefix("ListView: tracker:proxy → rx:") })
        #expect(both.title == "ListView: tracker:proxy → rx: debug assert, release loop")
        #expect(both.fill == Matrix.svgColour(.loop))
        #expect(reader.texts.contains("WebView") && reader.texts.contains("bridge:buggy") && reader.texts.contains("crash"))
        // Deterministic: the same bytes from another run.
        #expect(MatrixTests.run(workers: 1).svg == svg)
    }

    @Test("Host and participant names are escaped; a library alone sits on the diagonal")
    func escaping() throws {
        let hosts = [HostInfo(name: "A<B> & \"C\" -x:", delegateOwnership: "weak", events: [])]
        let participants = ["p'1", "p<2>"].map {
            ParticipantInfo(id: $0, family: $0, models: "m", hosts: [hosts[0].name], hasLoad: true, hasAttach: false)
        }
        let results = [["p'1", "p<2>"], ["p<2>", "p'1"], ["p'1"]].map {
            Matrix.CellResult(cell: Matrix.Cell(host: hosts[0].name, order: $0, config: .debug), outcome: $0.count == 1 ? .leak : .crash, scenarioCount: 1)
        }
        var impossible = Matrix.CellResult(cell: Matrix.Cell(host: hosts[0].name, order: ["p<2>", "p'1"], config: .release), outcome: .ok, scenarioCount: 0)
        impossible.possible = false
        impossible.impossibility = "not possible: p<2> hooks at launch"
        let svg = Matrix(hosts: hosts, participants: participants, results: results + [impossible]).svg
        let reader = try Self.read(svg)
        #expect(reader.texts.contains("A<B> & \"C\" -x:"))
        #expect(reader.texts.contains("p<2>") && reader.texts.contains("p'1"))
        // The library alone on the diagonal.
        #expect(reader.cells.count == 3)
        #expect(reader.cells.contains { $0.title == "A<B> & \"C\" -x:: p<2> → p'1: not possible: p<2> hooks at launch" && $0.fill == Matrix.impossibleColour })
        #expect(reader.cells.contains { $0.title == "A<B> & \"C\" -x:: p'1 alone: debug leak" && $0.fill == Matrix.svgColour(.leak) })
        #expect(svg.contains("A&lt;B&gt; &amp; &quot;C&quot; -x:"))
    }

    @Test("hooklab matrix writes Reports/matrix.svg, byte-identical on a second run")
    func writtenByMatrix() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (cli, _) = CLI.fake(root: directory)
        #expect(cli.main(arguments: ["matrix"]) == 0)
        let first = try String(contentsOf: directory.appendingPathComponent(Lab.svgPath), encoding: .utf8)
        #expect(first.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(cli.main(arguments: ["matrix"]) == 0)
        #expect(try String(contentsOf: directory.appendingPathComponent(Lab.svgPath), encoding: .utf8) == first)
    }
}
