// The verdict of a scenario or a matrix cell, ordered by severity.

/// The verdict of one scenario or one matrix cell: its most severe finding's outcome, or ``ok``.
///
/// Outcomes are ordered by severity, `crash > loop > assert > broken > leak > latent > refused > ok`,
/// so `max()` over findings gives a cell's outcome. Each outcome has a fixed legend symbol, caniuse style.
public enum Outcome: String, Codable, Sendable, CaseIterable {
    /// Every event reached the app and every observer exactly once; nothing freed early, nothing leaked.
    case ok
    /// A library refused to install.
    case refused
    /// An assign reference points at a freed object, but no message has been sent through it yet.
    case latent
    /// Objects outlive teardown.
    case leak
    /// An event or a return value was lost or duplicated, or a completion handler misused.
    case broken
    /// A library assertion tripped (debug builds only).
    case assert
    /// A message never returns, or the delegate forwarding graph has a cycle.
    case loop
    /// A message to a freed object, an unrecognized selector, an exception or a trap.
    case crash

    /// The symbol shown in tables and notes.
    public var symbol: String {
        switch self {
        case .ok: "✅"
        case .crash: "💥"
        case .loop: "🔁"
        case .assert: "⚠️"
        case .broken: "🕳️"
        case .leak: "💧"
        case .latent: "☠️"
        case .refused: "⛔"
        }
    }

    /// What the outcome means, in one line, for the report's legend.
    public var meaning: String {
        switch self {
        case .ok: "every event reached the app and every observer exactly once; nothing freed early, nothing leaked"
        case .crash: "a message to a freed object, an unrecognized selector, an exception or a trap"
        case .loop: "a message never returns, or the delegate chain forwards in a circle"
        case .assert: "a library assertion trips (debug builds)"
        case .broken: "an event or a return value was lost or duplicated, or a decision handler misused"
        case .leak: "objects outlive teardown"
        case .latent: "an assign reference points at a freed object; no message sent yet"
        case .refused: "a library refused to install"
        }
    }

    /// Outcomes from the most severe to `ok`, the order of the legend.
    public static let bySeverity: [Outcome] = allCases.reversed()

    /// The position in the severity order; `ok` is 0.
    var severity: Int { Outcome.allCases.firstIndex(of: self)! }

    /// The symbol followed by the name, e.g. "💥 crash".
    public var title: String { "\(symbol) \(rawValue)" }
}

extension Outcome: Comparable {
    public static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.severity < rhs.severity }
}
