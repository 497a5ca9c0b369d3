// Mermaid rendering of a reference graph.

import Foundation

extension ReferenceGraph {
    /// The graph as a Mermaid `flowchart LR`: strong `==>`, weak `-->`, assign `-.->`, freed nodes red.
    ///
    /// Node names are `n1`, `n2`… in node order, so labels may hold any text. An edge to an id that is
    /// not a node gets a node of its own, appended in edge order.
    public var mermaid: String {
        var nodes = self.nodes
        for edge in edges {
            for id in [edge.from, edge.to] where !nodes.contains(where: { $0.id == id }) {
                nodes.append(Node(id: id))
            }
        }
        var name: [String: String] = [:]
        for (index, node) in nodes.enumerated() where name[node.id] == nil { name[node.id] = "n\(index + 1)" }

        var lines = ["flowchart LR"]
        for (index, node) in nodes.enumerated() where name[node.id] == "n\(index + 1)" {
            let label = node.freed ? "\(node.label) — freed" : node.label
            lines.append("  n\(index + 1)[\"\(Self.escape(label))\"]")
        }
        for edge in edges {
            let (arrow, words): (String, String) = switch edge.kind {
            case .strong: ("==>", "strong")
            case .weak: ("-->", "weak")
            case .assign: ("-.->", "assign")
            case .associationRetain: ("==>", "assoc, retain")
            case .associationAssign: ("-.->", "assoc, assign")
            }
            lines.append("  \(name[edge.from]!) \(arrow)|\"\(Self.escape("\(edge.label) (\(words))"))\"| \(name[edge.to]!)")
        }
        for (index, node) in nodes.enumerated() where node.freed && name[node.id] == "n\(index + 1)" {
            lines.append("  style n\(index + 1) fill:#fdd,stroke:#c00")
        }
        return lines.joined(separator: "\n")
    }

    /// Mermaid labels are quoted, and Mermaid reads some of their text as markup: a quote ends the label, `<…>`
    /// is an HTML tag its sanitiser drops (`identifier<UIScrollViewDelegate>` would show as `identifier`), `&` starts
    /// an HTML entity, `#word;` is its own entity code, and a backtick opens a Markdown string. Those characters
    /// become Mermaid entity codes, which it renders as the characters themselves.
    static func escape(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "`": out += "#96;"
            case "#":
                // Only a `#` that starts `#word;` would be read as an entity code; `Proxy#3` stays readable.
                let word = characters[(index + 1)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let next = index + 1 + word.count
                out += !word.isEmpty && next < characters.count && characters[next] == ";" ? "#35;" : "#"
            default: out.append(character)
            }
        }
        return out
    }
}
