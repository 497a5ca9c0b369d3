// Sharding the matrix across CI jobs (`--shard I/N`) and merging the shards back (`hooklab merge`).

import Foundation

/// One slice of the matrix: shard `index` of `count` (1-based), for a CI system's job matrix.
///
/// The unit of sharding is the host: every cell of a host (pairs, triples, both configurations) lands in
/// the same shard. A triple is shrunk only when none of its order-preserving pairs fails, and those pairs
/// share its host and configuration, so a shard evaluates every cell exactly as an unsharded run does, and
/// the emergent triples of a host are decided within its shard. Hosts go to shards by estimated cost
/// (the steps of their generated scenarios), largest first, each to the least loaded shard (ties: the
/// lower index, then the host's name), so the slices are deterministic and balanced.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The hosts of each shard (index 0 is shard 1), given each host's cost.
    public static func partition(hosts costs: [(host: String, cost: Int)], count: Int) -> [[String]] {
        var shards = Array(repeating: [String](), count: count)
        var loads = Array(repeating: 0, count: count)
        let byCost = costs.sorted { $0.cost != $1.cost ? $0.cost > $1.cost : $0.host < $1.host }
        for (host, cost) in byCost {
            let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
            shards[lightest].append(host)
            loads[lightest] += cost
        }
        return shards.map { $0.sorted() }
    }

    /// The estimated cost of each host's cells: the steps of their generated scenarios.
    public static func costs(of cells: [Matrix.Cell], generator: ScenarioGenerator) -> [(host: String, cost: Int)] {
        var costs: [String: Int] = [:]
        // A cell's scenarios differ from its other configuration's only in the configuration they are stamped with:
        // one order's cost is counted once per configuration, and generated once.
        var orderCost: [Matrix.Cell: Int] = [:]
        for cell in cells {
            let key = cell.with(config: .debug)
            let cost = orderCost[key] ?? generator.scenarios(for: cell).reduce(1) { $0 + $1.steps.count }
            orderCost[key] = cost
            costs[cell.host, default: 0] += cost
        }
        return costs.keys.sorted().map { ($0, costs[$0]!) }
    }

    /// The cells of this shard, in their given order.
    public func cells(of cells: [Matrix.Cell], generator: ScenarioGenerator) -> [Matrix.Cell] {
        Self.slices(of: cells, generator: generator, count: count)[index - 1]
    }

    /// The cells of every shard of `count` (index 0 is shard 1), each in their given order; the costs are estimated
    /// once for all of them.
    public static func slices(of cells: [Matrix.Cell], generator: ScenarioGenerator, count: Int) -> [[Matrix.Cell]] {
        partition(hosts: costs(of: cells, generator: generator), count: count).map { hosts in
            let hosts = Set(hosts)
            return cells.filter { hosts.contains($0.host) }
        }
    }
}

/// A shard's results as `hooklab matrix --shard I/N` writes them, for `hooklab merge`.
public struct ShardFile: Codable, Hashable, Sendable {
    /// The file format's version.
    public static let format = 1
    public var format: Int
    public var generator: String
    public var shard: Int
    public var shards: Int
    /// Every cell of the unsharded run, so a merge can prove the shards cover it exactly.
    public var allCells: Int
    public var results: [Matrix.CellResult]
    /// What the app finds with no library on this shard's hosts (``Matrix/appAlone``), sorted; nil in files written
    /// before it existed.
    public var appAlone: [AppAlone]?

    /// The app alone on one host and configuration: its findings' signatures.
    public struct AppAlone: Codable, Hashable, Sendable {
        public var host: String
        public var config: Configuration
        public var signatures: [String]
    }

    public init(shard: Shard, allCells: Int, results: [Matrix.CellResult], appAlone: [Matrix.Cell: [String]] = [:]) {
        format = Self.format
        generator = "hooklab matrix --shard \(shard)"
        self.shard = shard.index
        shards = shard.count
        self.allCells = allCells
        self.results = results
        self.appAlone = appAlone.keys.sorted().map { AppAlone(host: $0.host, config: $0.config, signatures: appAlone[$0]!) }
    }

    /// The file's text: sorted keys, so a shard's file is byte-identical from run to run (ShardFile+JSON.swift).
    public var fileText: String { shardJSON.text(indent: nil) + "\n" }

    /// Reads a shard file; errors name the file and, for syntax errors, the line.
    public static func parse(_ text: String, file: String) throws(UsageError) -> ShardFile {
        let document: JSONValue
        do { document = try JSONValue.parseValue(text) } catch { throw UsageError("\(file):\(error.line): \(error.message)") }
        if case .number(let format)? = document["format"], format != Self.format {
            throw UsageError("\(file):1: unsupported shard format \(format); expected \(Self.format)")
        }
        do {
            return try ShardFile(shardJSON: document)
        } catch {
            throw UsageError("\(file):1: not a shard file written by 'hooklab matrix --shard I/N' (\(error.message))")
        }
    }

    /// Combines every shard of one run into the unsharded matrix.
    /// - Throws: When shards are missing, repeated, from different runs, or overlap.
    public static func merge(_ files: [(file: String, shard: ShardFile)], hosts: [HostInfo], participants: [ParticipantInfo]) throws(UsageError) -> Matrix {
        guard let first = files.first else { throw UsageError("expected the shard files of one run, e.g. 'hooklab merge shard-*.json'") }
        let count = first.shard.shards
        var seen: [Int: String] = [:]
        for (file, shard) in files {
            guard shard.shards == count, shard.allCells == first.shard.allCells else {
                throw UsageError("\(file) is shard \(shard.shard)/\(shard.shards) of \(shard.allCells) cells, but \(first.file) is shard \(first.shard.shard)/\(count) of \(first.shard.allCells) cells: shards of different runs")
            }
            if let other = seen[shard.shard] { throw UsageError("\(file) and \(other) are both shard \(shard.shard)/\(count)") }
            seen[shard.shard] = file
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw UsageError("missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")); merge needs all \(count)")
        }
        var cells = Set<Matrix.Cell>()
        var results: [Matrix.CellResult] = []
        var appAlone: [Matrix.Cell: [String]] = [:]
        for (_, shard) in files {
            for entry in shard.appAlone ?? [] { appAlone[Matrix.Cell(host: entry.host, order: [], config: entry.config)] = entry.signatures }
        }
        for (file, shard) in files {
            for result in shard.results {
                guard cells.insert(result.cell).inserted else { throw UsageError("\(file): \(result.cell) is in two shards") }
                results.append(result)
            }
        }
        guard results.count == first.shard.allCells else {
            throw UsageError("the shards hold \(results.count) cells, but the run had \(first.shard.allCells)")
        }
        return Matrix(hosts: hosts, participants: participants, results: results, appAlone: appAlone)
    }
}
