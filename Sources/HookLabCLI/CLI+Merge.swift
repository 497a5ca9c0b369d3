// `hooklab merge` and the `--json` documents of `list` and `explain`.

import Foundation
import HookLab

extension CLI {
    /// `hooklab merge SHARD.json… [--reports DIR]`: combine the shards of one `matrix --shard I/N` run into the
    /// reports an unsharded `hooklab matrix` writes, byte for byte.
    func merge(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let reportsOption = try arguments.option("--reports")
        let files = try arguments.positional(1...10_000, "the shard files of one run, e.g. 'hooklab merge Reports/matrix.shard-*.json'")
        let reports = try location(reportsOption, default: "Reports", option: "--reports DIR")
        var shards: [(file: String, shard: ShardFile)] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: userURL(file).path) else { throw UsageError("cannot read '\(file)'") }
            shards.append((file, try ShardFile.parse(String(decoding: data, as: UTF8.self), file: file)))
        }
        let matrix = try ShardFile.merge(shards, hosts: catalog.hosts, participants: catalog.participants)
        let expected = Set(generator.cells())
        if let stray = matrix.results.first(where: { !expected.contains($0.cell) }) {
            throw UsageError("\(stray.cell) is not a cell of this catalog: the shards come from another version of the lab")
        }
        return try writeReports(matrix, to: reports, quiet: arguments.quiet)
    }

    /// A Codable value as a JSONValue (keys sorted, as `JSONEncoder` writes them).
    static func jsonValue<T: Encodable>(_ value: T) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value), let parsed = try? JSONValue.parse(String(decoding: data, as: UTF8.self)) else { return .null }
        return parsed.value
    }

    /// `hooklab list --json`: participants and hosts with their Swift field names (`id`, `models` as in `matrix.json`).
    var listJSON: JSONValue {
        .object([
            ("schema", .number(Matrix.jsonSchema)),
            ("generator", .string("hooklab list")),
            ("participants", .array(catalog.participants.map(Self.jsonValue))),
            ("hosts", .array(catalog.hosts.map(Self.jsonValue))),
            ("findingKinds", .array(Finding.Kind.allCases.map { .string($0.rawValue) })),
        ])
    }

    /// `hooklab explain --json`: the explained cells as in `matrix.json`, the other orders and variants that were
    /// run, and the note's Markdown.
    func explainJSON(_ matrix: Matrix, cells: [Matrix.Cell], note: String) -> JSONValue {
        let objects = matrix.jsonCells
        let explained = Set(cells)
        let advice = cells.first.map { matrix.fixesJSON(Matrix.NoteKey(host: $0.host, order: $0.order)) }
        return .object([
            ("schema", .number(Matrix.jsonSchema)),
            ("generator", .string("hooklab explain")),
            ("cells", .array(cells.compactMap { objects[$0] })),
            ("alternatives", .array(matrix.results.filter { !explained.contains($0.cell) }.compactMap { objects[$0.cell] })),
            ("fixes", advice?["fixes"] ?? .array([])),
            ("noChangeHelpsWhen", advice?["noChangeHelpsWhen"] ?? .array([])),
            ("note", .string(note)),
        ])
    }
}
