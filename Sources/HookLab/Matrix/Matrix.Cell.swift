// A cell of the compatibility matrix: a host, an install order and a configuration.

extension Matrix {
    /// One cell of the matrix: a host, the participants in install order, and a configuration.
    ///
    /// Cells sort by host, then order (element by element, a pair before its extensions), then
    /// configuration; every list of cells the lab writes is in this order.
    public struct Cell: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The host kind.
        public var host: String
        /// Participant ids, first installed first.
        public var order: [String]
        /// The configuration.
        public var config: Configuration

        public init(host: String, order: [String], config: Configuration) {
            self.host = host
            self.order = order
            self.config = config
        }

        /// "UIWebView · jsbridge:buggy → tracker:proxy · release".
        public var description: String { "\(host) · \(orderText) · \(config.rawValue)" }

        /// "jsbridge:buggy → tracker:proxy".
        public var orderText: String { order.joined(separator: " → ") }

        /// Whether the cell involves the participant.
        public func involves(_ id: String) -> Bool { order.contains(id) }

        /// The same host and order in another configuration.
        public func with(config: Configuration) -> Cell { Cell(host: host, order: order, config: config) }

        /// The same host and configuration with another order.
        public func with(order: [String]) -> Cell { Cell(host: host, order: order, config: config) }

        /// Whether one of its order-preserving pairs (same host and configuration) is among `pairs`: an order holding a
        /// failing pair is explained through it (``Matrix/run``).
        public func holdsPair(in pairs: Set<Cell>) -> Bool {
            order.indices.contains { i in order.indices.contains { j in j > i && pairs.contains(with(order: [order[i], order[j]])) } }
        }

        /// Hashes the configuration and a print of the host and of each id (``wordPrint(_:)``), in order, as a scenario's
        /// steps are: judging looks cells up by the hundred thousand, and SipHash over every byte of the host and the
        /// ids was a tenth of it. Equality still compares every field.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(config)
            hasher.combine(Self.print(host))
            hasher.combine(order.count)
            for id in order { hasher.combine(Self.print(id)) }
        }

        private static func print(_ word: String) -> Int { wordPrint(word) }

        public static func < (lhs: Cell, rhs: Cell) -> Bool {
            if lhs.host != rhs.host { return lhs.host < rhs.host }
            if lhs.order != rhs.order { return lhs.order.lexicographicallyPrecedes(rhs.order) }
            return lhs.config < rhs.config
        }
    }
}
