// A snapshot of who references whom, at the moment of a failure.

/// The objects and references at the moment of a failure, drawn as a Mermaid graph in notes.
public struct ReferenceGraph: Codable, Hashable, Sendable {
    /// One object.
    public struct Node: Codable, Hashable, Sendable {
        /// The model id, e.g. `UIWebView#1`.
        public var id: String
        /// The text shown; usually the id, sometimes with a role ("AppDelegate#4 (app)").
        public var label: String
        /// Whether the object was freed (a zombie) at that moment.
        public var freed: Bool

        public init(id: String, label: String? = nil, freed: Bool = false) {
            self.id = id
            self.label = label ?? id
            self.freed = freed
        }
    }

    /// One reference from a slot or association of `from` to `to`.
    public struct Edge: Codable, Hashable, Sendable {
        /// How a reference holds its target.
        public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
            /// A retaining ivar or property.
            case strong
            /// A zeroing weak reference.
            case weak
            /// An unsafe_unretained reference, never zeroed.
            case assign
            /// An associated object with a retaining policy.
            case associationRetain = "association-retain"
            /// An associated object with `OBJC_ASSOCIATION_ASSIGN`.
            case associationAssign = "association-assign"
        }

        public var from: String
        public var to: String
        /// The slot or association key, e.g. `delegate`.
        public var label: String
        public var kind: Kind

        public init(from: String, to: String, label: String, kind: Kind) {
            self.from = from
            self.to = to
            self.label = label
            self.kind = kind
        }
    }

    /// The objects, in the order the runner lists them.
    public var nodes: [Node]
    /// The references, in the order the runner lists them.
    public var edges: [Edge]

    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }
}
