// The design space and the ranking behind `hooklab design HOST`: the designs the participant-file primitives allow
// for an SDK that must observe some events on one host, each run alone and against the other participants.
import Foundation
import UIKitModel
import LibraryModels

/// The design space and the ranking of `hooklab design`.
package struct DesignSearch {
    /// One candidate: the declared mechanism and how simple it is (fewer moving parts is simpler).
    package struct Candidate {
        package var sdk: DeclaredSDK
        package var complexity: Int
        package var info: ParticipantInfo

        package init(sdk: DeclaredSDK, complexity: Int, info: ParticipantInfo) {
            self.sdk = sdk
            self.complexity = complexity
            self.info = info
        }
    }

    /// One candidate's cells, judged.
    package struct Score {
        package var candidate: Candidate
        /// Cells where the design alone fails.
        package var aloneFailing: Int
        /// Cells that fail although the design alone and the partner alone pass.
        package var conflicts: [Matrix.CellResult]
        package var severity: Int { conflicts.reduce(0) { $0 + $1.outcome.severity } }
        var rankKey: (Int, Int, Int, Int) { (aloneFailing, conflicts.count, severity, candidate.complexity) }
        /// Partner id → its conflicting cells.
        package var byPartner: [(String, [Matrix.CellResult])] {
            var order: [String] = []
            var groups: [String: [Matrix.CellResult]] = [:]
            for r in conflicts {
                let partner = r.cell.order.first { $0 != candidate.sdk.id } ?? ""
                if groups[partner] == nil { order.append(partner) }
                groups[partner, default: []].append(r)
            }
            return order.map { ($0, groups[$0]!) }
        }
    }

    /// What a delegate handling is called in explanations.
    package static func mechanism(_ handling: DeclaredSDK.Handling) -> String {
        switch handling {
        case .wrap(let p): return p.nsProxy ? "wrapping in an NSProxy" : "wrapping in an NSObject proxy"
        case .swizzleClass: return "method-swizzling the delegate's class"
        case .isaSubclass: return "isa-subclassing the delegate"
        case .forwardingTarget: return "intercepting at forwardingTargetForSelector:"
        case .isaCapture: return "isa-subclassing the delegate with captured IMPs"
        case .setImp: return "replacing the IMPs of the delegate's class"
        case .passive: return "hooking nothing (the app forwards the calls by hand)"
        }
    }

    /// Every delegate handling the primitives allow, with its complexity.
    package static func handlings() -> [(DeclaredSDK.Handling, Int)] {
        var result: [(DeclaredSDK.Handling, Int)] = []
        for addMissing in [false, true] { result.append((.swizzleClass(addMissing: addMissing), 1 + (addMissing ? 1 : 0))) }
        for lying in [false, true] {
            for addMissing in [false, true] {
                result.append((.isaSubclass(lyingClass: lying, addMissing: addMissing), 2 + (lying ? 1 : 0) + (addMissing ? 1 : 0)))
            }
        }
        result.append((.forwardingTarget(handlerClass: "SDKForwardingHandler"), 3))
        let keeps: [DeclaredSDK.Keep?] = [nil] + [true, false].flatMap { retains in
            DeclaredSDK.Keep.Holder.allCases.map { DeclaredSDK.Keep(retains: retains, on: $0, key: "sdk_proxy") }
        }
        for nsProxy in [true, false] {
            for target in DeclaredSDK.TargetOwnership.allCases where target != .dropped {
                for forwarding in DeclaredSDK.Proxy.Forwarding.allCases {
                    // `both` (Embrace's UN proxy) answers NO for what the proxy lacks, and `listed-or-target` (Customer.io)
                    // follows one SDK's own list: the view hosts' search keeps the two answers that forward.
                    for responds in DeclaredSDK.Proxy.Responds.allCases where responds != .both && responds != .listedOrTarget {
                        for marker in [nil, "sdk_isDelegateProxy"] as [String?] {
                            for keep in keeps {
                                let proxy = DeclaredSDK.Proxy(nsProxy: nsProxy, className: "SDKDelegateProxy", target: target,
                                                              forwarding: forwarding, responds: responds, marker: marker, keep: keep)
                                result.append((.wrap(proxy), 3 + (marker == nil ? 0 : 1) + (keep == nil ? 0 : 1)))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The reach variants: when it starts, how the setter is hooked, whether it calls the original, re-sets.
    package static let reaches: [(start: DeclaredSDK.Start, hook: DeclaredSDK.SetterHook, callsOriginal: Bool, resets: Bool)] =
        DeclaredSDK.Start.allCases.flatMap { start in
            DeclaredSDK.SetterHook.allCases.flatMap { hook in
                [true, false].flatMap { calls in [false, true].map { resets in (start, hook, calls, resets) } }
            }
        }

    package static func candidate(_ n: Int, _ handling: DeclaredSDK.Handling, _ complexity: Int, host: HostKind, events: [String],
                          reach: (start: DeclaredSDK.Start, hook: DeclaredSDK.SetterHook, callsOriginal: Bool, resets: Bool)) -> Candidate {
        let id = "design:\(n)"
        let sdk = DeclaredSDK(id: id, observer: "design", start: reach.start, observes: [(host.className, events)],
                              setterHook: reach.hook, callsOriginal: reach.callsOriginal, resetsDelegate: reach.resets,
                              prefix: "sdk_", category: "SDK", handling: handling)
        let extra = (reach.resets ? 1 : 0) + (reach.callsOriginal ? 0 : 1) + (reach.start == .load ? 0 : 1)
        // Each design is a family of its own: designs are rivals, not lines or settings of one SDK, and judging an order
        // tried each of the hundreds of others as its "use this variant" fix (four-fifths of a search's CPU).
        let info = ParticipantInfo(id: id, family: id, models: ParticipantFile.handlingLine(handling),
                                   hosts: hostNames([host.className]), hasLoad: reach.start == .load,
                                   hasAttach: reach.start != .load, canStartLate: reach.start == .late)
        return Candidate(sdk: sdk, complexity: complexity + extra, info: info)
    }

    /// Runs candidates alone and against partners, both orders, both configurations; returns each one's score.
    package static func run(_ candidates: [Candidate], partners: [ParticipantInfo], host: HostKind, base: ModelCatalog,
                    workers: Int) -> (scores: [Score], scenarios: Int, cells: Int) {
        // References (participants the catalog already has) run as they are.
        let kinds = candidates.filter { base.participant($0.info.id) == nil }
            .map { ParticipantFile(sdk: $0.sdk, info: $0.info, file: $0.info.id).kind }
        let catalog = base.adding(kinds)
        let hostInfo = catalog.hosts.filter { $0.name == host.name }
        let generator = ScenarioGenerator(hosts: hostInfo, participants: partners + candidates.map(\.info))
        var cells: [Matrix.Cell] = []
        for config in Configuration.allCases {
            for p in partners { cells.append(Matrix.Cell(host: host.name, order: [p.id], config: config)) }
            for c in candidates {
                cells.append(Matrix.Cell(host: host.name, order: [c.info.id], config: config))
                for p in partners {
                    cells.append(Matrix.Cell(host: host.name, order: [c.info.id, p.id], config: config))
                    cells.append(Matrix.Cell(host: host.name, order: [p.id, c.info.id], config: config))
                }
            }
        }
        let matrix = Matrix.run(cells: cells, generator: generator, workers: workers, shrink: false, makeRunner: catalog.makeRunner)
        /// Passing alone, or failing only as the app does with no library (`conflict` false).
        func passesAlone(_ id: String, _ config: Configuration) -> Bool {
            guard let r = matrix.result(for: Matrix.Cell(host: host.name, order: [id], config: config)) else { return false }
            return r.outcome == .ok || r.conflict == false
        }
        let scores = candidates.map { c -> Score in
            var score = Score(candidate: c, aloneFailing: 0, conflicts: [])
            for config in Configuration.allCases {
                if !passesAlone(c.info.id, config) { score.aloneFailing += 1 }
                for p in partners {
                    for order in [[c.info.id, p.id], [p.id, c.info.id]] {
                        guard let r = matrix.result(for: Matrix.Cell(host: host.name, order: order, config: config)) else { continue }
                        if isConflict(r) {
                            score.conflicts.append(r)
                        }
                    }
                }
            }
            return score
        }
        // The generated scenarios, not the runs made: which worker reuses which shrinker result varies from run to run.
        return (scores, matrix.results.reduce(0) { $0 + $1.scenarioCount }, cells.count)
    }

    /// A conflicting cell: the lab's verdict (``Matrix/CellResult/conflict``), a finding that neither the app alone nor
    /// either library alone has.
    static func isConflict(_ result: Matrix.CellResult) -> Bool { result.outcome != .ok && result.conflict == true }

    package static func ranked(_ scores: [Score]) -> [Score] {
        scores.enumerated().sorted { a, b in
            a.element.rankKey != b.element.rankKey ? a.element.rankKey < b.element.rankKey : a.offset < b.offset
        }.map(\.element)
    }
}

