// The real lab (`Lab.catalog`) under `swift test`: every host × pair as a case, triples per host,
// then the reports regenerated and the baseline gate, following HOOKLAB_RECORD.

import Foundation
import Testing
@testable import HookLab

/// One host and ordered pair: a Swift Testing case whose name reads like a matrix cell.
///
/// Codable, so a failing case can be replayed with `hooklab explain HOST A B`.
struct PairCase: Codable, Hashable, Sendable, CustomTestStringConvertible {
    var host: String
    var order: [String]
    var testDescription: String { "\(host): \(order.joined(separator: " → "))" }
}

@Suite("Lab matrix", .serialized)
struct LabMatrixTests {
    static let catalog = Lab.catalog
    static let generator = ScenarioGenerator(hosts: catalog.hosts, participants: catalog.participants)
    /// The package root: this file is `Tests/HookLabTests/LabMatrixTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let baselineResult = Result { () throws(BaselineError) -> Baseline? in
        try Baseline.load(from: root.appendingPathComponent(CLI.baselinePath), file: CLI.baselinePath)
    }
    static var mode: RecordMode { (try? RecordMode(environment: ProcessInfo.processInfo.environment)) ?? .never }

    static var pairCases: [PairCase] {
        generator.hosts.flatMap { host in generator.orders(host: host.name, length: 2).map { PairCase(host: host.name, order: $0) } }
    }

    /// Records an issue for every configuration of the order whose outcome differs from the accepted one.
    static func compare(host: String, order: [String], runner: ScenarioRunning) {
        guard mode != .all, case .success(let baseline?) = baselineResult else { return } // the gate test records
        for config in Configuration.allCases {
            let cell = Matrix.Cell(host: host, order: order, config: config)
            let result = Matrix.evaluate(cell, generator: generator, runner: runner, shrink: false)
            guard let entry = baseline.entry(for: cell) else {
                if mode == .never { Issue.record("\(cell): not in \(CLI.baselinePath); now \(result.outcome.title)") }
                continue
            }
            if entry.outcome != result.outcome {
                let finding = result.worst.map { runner.run($0).findings.mostSevere.map { " — \($0.kind.rawValue): \($0.message)" } ?? "" } ?? ""
                Issue.record("\(cell): accepted \(entry.outcome.title), now \(result.outcome.title)\(finding)")
            }
        }
    }

    @Test("Each host and ordered pair matches the baseline, in debug and release", arguments: pairCases)
    func pair(_ pair: PairCase) {
        Self.compare(host: pair.host, order: pair.order, runner: Self.catalog.makeRunner())
    }

    @Test("Triples on each host match the baseline", arguments: catalog.hosts.map(\.name))
    func triples(_ host: String) {
        let runner = Self.catalog.makeRunner()
        for order in Self.generator.orders(host: host, length: 3) { Self.compare(host: host, order: order, runner: runner) }
    }

    @Test("Reports are regenerated and the whole matrix passes the gate")
    func reportsAndGate() throws {
        let baseline: Baseline?
        switch Self.baselineResult {
        case .success(let value): baseline = value
        case .failure(let error):
            Issue.record("\(error.description); the baseline was not changed")
            return
        }
        let matrix = Matrix.run(generator: Self.generator, makeRunner: Self.catalog.makeRunner)
        try AtomicFile.write(matrix.markdown, to: Self.root.appendingPathComponent(CLI.reportPath))
        try AtomicFile.write(matrix.json, to: Self.root.appendingPathComponent(CLI.jsonPath))
        try AtomicFile.write(matrix.svg, to: Self.root.appendingPathComponent(CLI.svgPath))
        let verdict = Gate(mode: Self.mode).check(matrix, baseline: baseline)
        if let toWrite = verdict.baselineToWrite {
            try AtomicFile.write(toWrite.fileText, to: Self.root.appendingPathComponent(CLI.baselinePath))
        }
        if baseline == nil, Self.mode == .never {
            Issue.record("no \(CLI.baselinePath): record one with HOOKLAB_RECORD=missing swift test")
            return
        }
        for difference in verdict.differences { Issue.record(Comment(rawValue: difference.text)) }
    }
}

@Suite("Scenario files in Matrix/scenarios")
struct ScenarioFilesTests {
    /// Every `Matrix/scenarios/*.hooklab`, sorted by name.
    static var files: [String] {
        let directory = LabMatrixTests.root.appendingPathComponent("Matrix/scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".hooklab") }.sorted().map { "Matrix/scenarios/\($0)" }
    }

    @Test("Each scenario file parses and its run is what its expect lines say", arguments: files)
    func scenarioFile(_ file: String) throws {
        let text = try String(contentsOf: LabMatrixTests.root.appendingPathComponent(file), encoding: .utf8)
        let catalog = LabMatrixTests.catalog
        let scenario = try Scenario.parse(text: text, file: file, participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        let result = catalog.makeRunner().run(scenario)
        #expect(scenario.isMet(by: result), "\(file): expected \(scenario.expect.map(\.rawValue)) ran \(scenario.expectRan ?? []); found \(result.findings.map { "\($0.kind.rawValue) at step \($0.step): \($0.message)" }) ran \(result.ran)")
    }
}
