// Name tables a runtime shares with its copies: each scenario's runtime is a copy of a loaded base, and nearly every
// scenario registers a selector or a class of its own. A dictionary copied whole at its first write, and freed at the
// end, was a third of what a copy cost (`hooklab bench`: "a copy of the loaded UIKit base").

/// A name table whose entries from before the last copy are shared with the copies; a copy adds its own entries to a
/// small table of its own.
struct SharedNameIndex<Value> {
    final class Shared {
        let table: [Name: Value]
        init(_ table: [Name: Value]) { self.table = table }
    }

    private var shared = Shared([:])
    private var own: [Name: Value] = [:]

    init() {}

    subscript(name: Name) -> Value? {
        // A name is in one part only: a table adds a name only after looking it up. Most lookups find a shared name.
        get { shared.table[name] ?? (own.isEmpty ? nil : own[name]) }
        set { own[name] = newValue }
    }

    /// Moves this table's own entries into the shared part, so that copies made next start with none of their own.
    mutating func share() {
        guard !own.isEmpty else { return }
        shared = Shared(shared.table.merging(own) { _, new in new })
        own = [:]
    }
}
