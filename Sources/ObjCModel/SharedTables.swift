// Name tables a runtime shares with its copies: each scenario's runtime is a copy of a loaded base, and nearly every
// scenario registers a selector or a class of its own. A dictionary copied whole at its first write, and freed at the
// end, was a third of what a copy cost (`hooklab bench`: "a copy of the loaded UIKit base").

/// A name table whose entries from before the last copy are shared with the copies; a copy adds its own entries to a
/// small table of its own. It maps a name to a raw number (a selector's or a class's): not generic, so that a build
/// without whole-module optimization (the debug build `swift test` runs) calls it specialized from the other files
/// (its generic form cost 2% of the suite's CPU in generic metadata lookups).
struct SharedNameIndex {
    final class Shared {
        let table: [Name: Int32]
        init(_ table: [Name: Int32]) { self.table = table }
    }

    private var shared = Shared([:])
    private var own: [Name: Int32] = [:]

    init() {}

    subscript(name: Name) -> Int32? {
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

/// A list of names (the selector table) whose entries from before the last copy are shared with the copies; a copy
/// appends its own to a short list beside them. Nearly every run registers a selector of its own (a helper selector, a
/// wrapper's marker), and appending to a list shared with the base copied the base's hundreds of names first, and
/// freed them all at the run's end.
struct SharedNameList {
    final class Shared {
        let names: [String]
        init(_ names: [String]) { self.names = names }
    }

    private var shared = Shared([])
    private var own: [String] = []

    init() {}

    var count: Int { shared.names.count + own.count }

    subscript(position: Int) -> String {
        let sharedCount = shared.names.count
        return position < sharedCount ? shared.names[position] : own[position - sharedCount]
    }

    mutating func append(_ name: String) { own.append(name) }

    /// Moves this list's own entries into the shared part, so that copies made next start with none of their own.
    mutating func share() {
        guard !own.isEmpty else { return }
        shared = Shared(shared.names + own)
        own = []
    }
}
