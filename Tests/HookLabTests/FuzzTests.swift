// Fuzzing the lab's inputs in-process: a trap (a precondition, an overflow, an out-of-range index) would kill the
// test process, so reaching the end of each test is the check. Seeded, so every run tries the same inputs.

import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

/// SplitMix64: a small deterministic generator, the same sequence on every platform.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Fuzzing the inputs")
struct FuzzTests {
    static let root = LabMatrixTests.root
    static let seeds: [String] = ScenarioFilesTests.files.compactMap {
        try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
    }

    /// Words the mutants draw from: every word of the scenario files, plus the edge cases a user types.
    static let vocabulary: [String] = {
        var words = Set(seeds.flatMap { Scenario.lines(of: $0).flatMap { Scenario.words($0) } })
        words.formUnion(["0", "-1", "2", "99999999999999999999", "", "#", ":", "+", "-", "+x", "-x:", "a:b:", "NSObject",
                         "NSKVONotifying_A", "NSKVONotifying_ViewController", "UIViewController", "nil", "app", "app2",
                         "calls-super", "no-add", "prefix", "instead", String(repeating: "x", count: 300),
                         "\u{FEFF}", "\r", "é", "🙂", "\u{0}", "host", "config", "expect", "expect-ran"])
        return words.sorted()
    }()

    /// One mutant of a file: delete, duplicate or swap lines, or change a word; sometimes several.
    static func mutate(_ text: String, _ rng: inout SeededGenerator) -> String {
        var lines = Scenario.lines(of: text).map(String.init)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            guard !lines.isEmpty else { break }
            let i = Int.random(in: lines.indices, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: lines.remove(at: i)
            case 1: lines.insert(lines[i], at: i)
            case 2: lines.swapAt(i, Int.random(in: lines.indices, using: &rng))
            default:
                var words = Scenario.words(lines[i])
                let word = vocabulary.randomElement(using: &rng)!
                if words.isEmpty || Bool.random(using: &rng) && words.count < 8 {
                    words.insert(word, at: Int.random(in: 0...words.count, using: &rng))
                } else {
                    words[Int.random(in: words.indices, using: &rng)] = word
                }
                lines[i] = words.joined(separator: " ")
            }
        }
        return lines.joined(separator: Bool.random(using: &rng) ? "\n" : "\r\n")
    }

    /// A file of random lines: a host line, then keywords and words from the vocabulary.
    static func randomFile(_ rng: inout SeededGenerator) -> String {
        let hosts = Lab.catalog.hosts.map(\.name) + ["A -x:", "ViewController +classMethod"]
        let keywords = ["load", "attach", "set-delegate", "assign-delegate", "fire", "release", "drain", "teardown", "class",
                        "object", "call", "aspects.hook", "aspects.remove", "jspatch.override", "swizzle.exchange",
                        "swizzle.imp", "xaspect.patch", "rac.signal", "kvo.observe", "kvo.remove", "rx.subscribe",
                        "rx.setDelegate", "rx.dispose", "kvo.observe-delegate", "kvo.unobserve", "expect"]
        var lines = ["host \(hosts.randomElement(using: &rng)!)", "config \(Bool.random(using: &rng) ? "debug" : "release")"]
        let participants = Lab.catalog.participants.map(\.id)
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let keyword = keywords.randomElement(using: &rng)!
            var words = [keyword]
            if keyword == "load" || keyword == "attach" {
                words.append(participants.randomElement(using: &rng)!)
            } else {
                for _ in 0..<Int.random(in: 0...4, using: &rng) { words.append(vocabulary.randomElement(using: &rng)!) }
            }
            lines.append(words.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    /// What `hooklab run` would exit with for the text: 2 bad input, 1 not as expected, 0 as expected.
    static func exitStatus(_ text: String, cli: CLI) -> Int32 {
        do {
            let (scenario, result) = try cli.runScenarioText(text, file: "fuzz.hooklab")
            // What parses prints back as a file that parses to the same scenario and runs the same way.
            let again = try? cli.runScenarioText(scenario.fileText, file: "again.hooklab")
            #expect(again?.0 == scenario && again?.1.findings == result.findings, "\(scenario.fileText)")
            return scenario.isMet(by: result) ? 0 : 1
        } catch {
            #expect(error.description.hasPrefix("fuzz.hooklab:"), "\(error.description)")
            #expect(!error.message.contains("\n"), "\(error.description)")
            return 2
        }
    }

    /// The 2,400 rounds of ``scenarioFiles(quarter:)``, a quarter per case: the cases run in parallel, and one case of
    /// them all ran alone at the end of the suite.
    @Test("Mutants of every Matrix/scenarios file and random files run (and print back as they parsed) or fail with a line, and nothing traps",
          arguments: 0..<4)
    func scenarioFiles(quarter: Int) {
        #expect(Self.seeds.count >= 10)
        let cli = CLI(standardOutput: { _ in }, standardError: { _ in })
        // One stream for all four quarters: a quarter draws the earlier rounds' texts too (cheap), and runs its own.
        var rng = SeededGenerator(seed: 0x1157_2026)
        var statuses: [Int32: Int] = [:]
        for round in 0..<(quarter + 1) * 600 {
            let text = round % 4 == 3 ? Self.randomFile(&rng) : Self.mutate(Self.seeds[round % Self.seeds.count], &rng)
            guard round >= quarter * 600 else { continue }
            let status = Self.exitStatus(text, cli: cli)
            statuses[status, default: 0] += 1
        }
        // The mutants reach the runner, not only the parser.
        #expect(statuses[2, default: 0] > 25 && statuses[0, default: 0] + statuses[1, default: 0] > 75, "\(statuses)")
    }

    @Test("Mutants of the baseline parse or fail with a line, and nothing traps")
    func baseline() throws {
        // The seed: the committed baseline's (its directory's files') first failing and passing cells, written by the
        // baseline's own writer as one file.
        let path = Lab.baselinePath(in: Self.root)
        let committed = try #require(try Baseline.load(from: Self.root.appendingPathComponent(path), file: path))
        let sample = committed.entries.filter { $0.outcome != .ok }.prefix(6) + committed.entries.filter { $0.outcome == .ok }.prefix(6)
        let seed = Baseline(entries: Array(sample)).fileText
        #expect(throws: Never.self) { try Baseline.parse(seed, file: "b.json") }
        let fragments = ["\\ud800\\u0041", "\\ud800", "\\udc00", "\\u12", "\\", "\"", "{", "}", "[", "]", ",", ":", "-",
                         "1e999", "99999999999999999999", "null", "true", "\u{0}", "é"]
        var rng = SeededGenerator(seed: 0xBA5E_2026)
        var parsed = 0
        for _ in 0..<1500 {
            var mutant = Array(seed.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: 0..<mutant.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: mutant.remove(at: i)
                case 1: mutant.insert(contentsOf: Array(fragments.randomElement(using: &rng)!.utf8), at: i)
                default: mutant[i] = UInt8.random(in: 0x20...0x7E, using: &rng)
                }
            }
            do {
                _ = try Baseline.parse(String(decoding: mutant, as: UTF8.self), file: "b.json")
                parsed += 1
            } catch {
                #expect(error.description.hasPrefix("b.json:"))
            }
        }
        #expect(parsed > 0)
        #expect(throws: BaselineError.self) { try Baseline.parse("{\"schema\": 1, \"cells\": [\"\\ud800\\u0041\"]}", file: "b.json") }
    }
}
