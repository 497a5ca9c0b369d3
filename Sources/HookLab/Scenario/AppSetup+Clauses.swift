// A list of set-ups in an integrator's words, with the set-ups that differ only in what the app does with its delegate
// once it has put it in place (keeps it, replaces it, frees it, puts it there directly, or gets an event before an SDK
// that starts late) said once.

extension AppSetup {
    /// What the app does with its delegate at one placement: the generator runs each placement this way and others.
    enum Way: Equatable {
        case keeps, replaces, frees, freesDuringEvent, assignsDirectly
        /// An event arrives before this SDK starts (it started late).
        case eventBefore(String)

        /// The way's words after "in any of these ways:".
        var words: String {
            switch self {
            case .keeps: "keeping it"
            case .replaces: "later replacing it with another delegate"
            case .frees: "freeing it while it is still set"
            case .freesDuringEvent: "freeing it while the host still sends it an event, as when the screen that owns both is torn down"
            case .assignsDirectly: "assigning it directly instead of through its setter"
            case .eventBefore(let id): "getting an event before `\(id)` starts"
            }
        }

        /// Where the way goes in a clause's list.
        var rank: Int {
            switch self {
            case .keeps: 0
            case .replaces: 1
            case .frees: 2
            case .freesDuringEvent: 3
            case .assignsDirectly: 4
            case .eventBefore: 5
            }
        }
    }

    /// The set-up at the same placement that keeps its delegate, set through the setter, and how this one differs from
    /// it; nil for a set-up with no such twin (the app sets no delegate).
    var placementAndWay: (placement: AppSetup, way: Way)? {
        var placement = self
        placement.then = nil
        switch then {
        case nil:
            guard setAfter != nil else { return nil }
            return (placement, .keeps)
        case .replaces?: return (placement, .replaces)
        case .frees?: return (placement, .frees)
        case .freesDuringEvent?: return (placement, .freesDuringEvent)
        case .assignsDirectly(let after, let before)?:
            guard setAfter == nil else { return nil }
            placement.setAfter = after
            placement.setBefore = before
            return (placement, .assignsDirectly)
        case .eventBefore(let id)?:
            guard setAfter != nil else { return nil }
            return (placement, .eventBefore(id))
        }
    }

    /// The set-ups in the words that complete "when your app …", in order, each clause to be joined with "; or when it ".
    /// Set-ups at one placement with the same label (an outcome, or nothing) are said once, the first of them giving the
    /// clause's place: "sets `UNUserNotificationCenter.delegate` after every SDK starts, in any of these ways: keeping
    /// it, later replacing it with another delegate, freeing it while it is still set, or assigning it directly (not
    /// through its setter)". Only the ways given are listed, so the clause names exactly the set-ups it stands for.
    static func clauses(_ items: [(setup: AppSetup, label: String?)], on host: HostInfo) -> [String] {
        struct Group {
            var first: AppSetup
            var label: String?
            /// The placement's words, and the ways run there; nil for a set-up said alone.
            var placement: String?
            var ways: [Way]
        }
        var groups: [Group] = []
        for (setup, label) in items {
            // A session is created with its delegate and an app delegate is set at launch: no other way to group.
            guard host.delegateAtCreation == nil, host.delegateAtLaunch != true, let (placement, way) = setup.placementAndWay else {
                groups.append(Group(first: setup, label: label, placement: nil, ways: []))
                continue
            }
            let text = placement.text(on: host)
            if let index = groups.firstIndex(where: { $0.placement == text && $0.label == label }) {
                if !groups[index].ways.contains(way) { groups[index].ways.append(way) }
            } else {
                groups.append(Group(first: setup, label: label, placement: text, ways: [way]))
            }
        }
        return groups.map { group in
            let suffix = group.label.map { " (\($0))" } ?? ""
            guard let placement = group.placement, group.ways.count > 1 else { return group.first.text(on: host) + suffix }
            let ways = group.ways.sorted { $0.rank < $1.rank }.map(\.words)
            let list = ways.count == 2 ? ways[0] + " or " + ways[1] : ways.dropLast().joined(separator: ", ") + ", or " + ways.last!
            return placement + ", in any of these ways: " + list + suffix
        }
    }
}
