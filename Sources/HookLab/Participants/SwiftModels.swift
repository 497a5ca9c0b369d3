// The mechanisms written in Swift, which participant files select with `model swift NAME`: each is an adapter from a
// library model of LibraryModels (RxCocoa's proxy, IGListKit's adapter, the method hookers' runtimes) to scenario steps.
// A mechanism states only how the lab drives it: the id and family its verbs and hook lines name, its hosts (from the
// model), when it starts and its verbs. What it models, its sources, packages, versions and advice are in its file.
import ObjCModel
import UIKitModel
import LibraryModels

/// One mechanism written in Swift that a participant file selects with `model swift NAME`.
struct SwiftModel: Sendable {
    /// The words after `model swift` that select it (`RxCocoa release 4.1`).
    let name: String
    /// How the lab drives it; no facts (its `models`, `based-on` and the rest come from the file).
    let mechanism: ParticipantInfo
    /// One instance per scenario, described by the file's participant.
    let make: @Sendable (ParticipantInfo) -> Participant

    /// Every Swift mechanism, in report order: participant files that select one come first, in this order.
    static let all: [SwiftModel] = rxModels + [
        SwiftModel(name: "WebViewJavascriptBridge", mechanism: BridgeParticipant.mechanism) { BridgeParticipant($0) },
        SwiftModel(name: "WebViewJavascriptBridge app-hook buggy", mechanism: BridgeHookParticipant.mechanism(.buggy)) { BridgeHookParticipant($0, .buggy) },
        SwiftModel(name: "WebViewJavascriptBridge app-hook fixed", mechanism: BridgeHookParticipant.mechanism(.fixed)) { BridgeHookParticipant($0, .fixed) },
        SwiftModel(name: "IGListKit", mechanism: IGListParticipant.mechanism) { IGListParticipant($0) },
    ] + MethodHookParticipant.mechanisms.map { name, mechanism in
        SwiftModel(name: name, mechanism: mechanism) { MethodHookParticipant($0) }
    } + [
        SwiftModel(name: "IMYAOPTableView", mechanism: IMYAOPParticipant.mechanism) { IMYAOPParticipant($0) },
        SwiftModel(name: "SensorsData", mechanism: SensorsParticipant.mechanism) { SensorsParticipant($0) },
        SwiftModel(name: "KVO", mechanism: KVOParticipant.mechanism) { KVOParticipant($0) },
        SwiftModel(name: "GTMSessionFetcher", mechanism: GTMParticipant.mechanism) { GTMParticipant($0) },
    ]

    /// `RxCocoa` (6.10), `RxCocoa patched` (RxSwift PR #2037), and one `RxCocoa release X` per older release line.
    static let rxModels: [SwiftModel] = [
        SwiftModel(name: "RxCocoa", mechanism: RxParticipant.mechanism(.current, id: "rx")) { RxParticipant($0, patched: false) },
        SwiftModel(name: "RxCocoa patched", mechanism: RxParticipant.mechanism(.current, id: "rx:patched")) { RxParticipant($0, patched: true) },
    ] + RxCocoa.Behaviour.all.filter { $0 != .current }.map { line in
        SwiftModel(name: "RxCocoa release \(line.id.dropFirst("rx:".count))", mechanism: RxParticipant.mechanism(line, id: line.id)) {
            RxParticipant($0, patched: false, behaviour: line)
        }
    }

    /// The mechanism a `model swift` line names.
    static func named(_ name: String) -> (index: Int, model: SwiftModel)? {
        all.firstIndex { $0.name == name }.map { ($0, all[$0]) }
    }

    /// The method-hooking mechanisms' descriptions (their install lines), for scenario parsing, which needs no catalog.
    static var methodHookMechanisms: [ParticipantInfo] { MethodHookParticipant.mechanisms.map(\.1) }
}

extension ParticipantInfo {
    /// A Swift mechanism's description: how the lab drives it, with none of the facts a participant file gives.
    static func mechanism(id: String, family: String, hosts: [String], hasLoad: Bool, hasAttach: Bool, canStartLate: Bool = false,
                          verbs: [String] = [], otherVerbs: [String] = [], hookInstalls: [String] = [],
                          hookFollowUps: [String] = []) -> ParticipantInfo {
        ParticipantInfo(id: id, family: family, models: "", hosts: hosts, hasLoad: hasLoad, hasAttach: hasAttach,
                        canStartLate: canStartLate, verbs: verbs, otherVerbs: otherVerbs, hookInstalls: hookInstalls,
                        hookFollowUps: hookFollowUps)
    }
}
