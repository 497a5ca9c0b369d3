// Hashing a scenario by a fingerprint of its steps: the matrix deduplicates and remembers scenarios by the tens of
// thousands, and SipHash over every byte of every step was 6% of its instructions.

extension Scenario {
    /// Hashes the configuration and each step's kind and a print of each of its words (``wordPrint(_:)``), in order;
    /// equality still compares every field, so two scenarios with the same fingerprint are told apart by `==`. The
    /// scenarios one table holds (one cell's, or the shrinker's candidates on one host) differ in which steps they have
    /// and where, which the fingerprint sees.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(config)
        hasher.combine(steps.count)
        for step in steps { hasher.combine(step.fingerprint) }
    }
}

extension Scenario.Step {
    /// The step's kind and a print of each of its words (see ``Scenario/hash(into:)``).
    var fingerprint: Int {
        switch self {
        case .load(let p): 1 &+ 16 &* Self.print(p)
        case .attach(let p): 2 &+ 16 &* Self.print(p)
        case .setDelegate(let name): 3 &+ 16 &* Self.print(name)
        case .assignDelegate(let name): 4 &+ 16 &* Self.print(name)
        case .fire(let selector): 5 &+ 16 &* Self.print(selector)
        case .release(let name): 6 &+ 16 &* Self.print(name)
        case .drain: 7
        case .teardown: 8
        case .invalidateSession: 9
        case .delegateLacks(let selectors): 10 &+ 16 &* Self.print(selectors)
        case .delegateCompletes(let selector, let n, let async): 11 &+ 16 &* (Self.print(selector) &* 31 &+ n &* 2 &+ (async ? 1 : 0))
        case .verb(let family, let verb, let args): 12 &+ 16 &* (Self.print(family) &* 31 &+ Self.print(verb) &* 17 &+ Self.print(args))
        case .raw(let keyword, let args): 13 &+ 16 &* (Self.print(keyword) &* 31 &+ Self.print(args))
        case .fireWhileDeallocating(let name, let selector): 14 &+ 16 &* (Self.print(name) &* 31 &+ Self.print(selector))
        case .delegateOverrides(let selectors): 15 &+ 16 &* Self.print(selectors)
        }
    }

    private static func print(_ word: String) -> Int { wordPrint(word) }

    private static func print(_ words: [String]) -> Int {
        words.reduce(words.count) { $0 &* 31 &+ print($1) }
    }
}

/// FNV-1a over a word's UTF-8 bytes, read in place: a print of every byte, at a multiply per byte, where SipHash set
/// up for each word was 6% of the matrix. A print of a word's length and first byte alone let ids such as `fcm:10`
/// and `fcm:pr…`, and hosts such as `UIApplication@flutter` and `UIApplication@swiftui`, collide, and the tables then
/// compared whole cells and scenarios by the million (a tenth of `swift test`'s CPU, in judging alone).
func wordPrint(_ word: String) -> Int {
    word.utf8.withContiguousStorageIfAvailable(fnv1a) ?? Array(word.utf8).withUnsafeBufferPointer(fnv1a)
}

private func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return Int(bitPattern: UInt(h))
}
