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

    /// Mermaid labels are quoted; quotes inside become entity codes.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
    }
}
