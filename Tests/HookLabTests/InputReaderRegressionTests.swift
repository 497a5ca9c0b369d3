// The fuzz targets' inputs through the normal readers: every seed (Fuzz/corpus/<target>/) and every input a fuzzer
// once crashed on (Fuzz/regressions/<target>/) must end in a value or a clean error naming file and line. A trap
// would kill the test process, so reaching the end is the main check.

import Foundation
import Testing
@testable import HookLabCLI

@Suite("Fuzz inputs through the readers")
struct InputReaderRegressionTests {
    static let fuzz = LabMatrixTests.root.appendingPathComponent("Fuzz")

    /// The files of `Fuzz/<folder>/<target>/`, sorted; none when the folder does not exist.
    static func inputs(_ folder: String, _ target: String) -> [URL] {
        let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Whether an error starts `FILE:LINE: `.
    static func namesFileAndLine(_ error: String) -> Bool {
        guard let end = error.range(of: ": ") else { return false }
        let location = error[..<end.lowerBound]
        guard let colon = location.lastIndex(of: ":") else { return false }
        let line = location[location.index(after: colon)...]
        return colon > location.startIndex && !line.isEmpty && line.allSatisfy(\.isNumber)
    }

    @Test("Each fuzz target has a reader and a seed corpus, and each reader a target")
    func targetsAndReaders() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.fuzz.appendingPathComponent("targets").path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
        #expect(targets == InputReaders.all.map(\.name).sorted())
        for target in targets { #expect(!Self.inputs("corpus", target).isEmpty, "Fuzz/corpus/\(target)/ seeds the fuzzer") }
    }

    @Test("Seeds and regression inputs are read without a trap; an error names file and line", arguments: InputReaders.all.map(\.name))
    func readsCleanly(target: String) throws {
        let files = Self.inputs("corpus", target) + Self.inputs("regressions", target)
        for file in files {
            let data = try Data(contentsOf: file)
            let result = try #require(InputReaders.read(target, data))
            if let error = result {
                #expect(Self.namesFileAndLine(error), "\(file.lastPathComponent): \(error)")
            }
        }
    }

    @Test("The committed seeds of HookLab's own files read without error")
    func seedsAreValid() throws {
        for target in ["participant", "baseline", "matrix-json", "shard-file", "podfile-lock", "package-resolved", "cartfile-resolved", "xcode-project"] {
            for file in Self.inputs("corpus", target) {
                #expect(InputReaders.read(target, try Data(contentsOf: file)) == .some(nil), "\(file.lastPathComponent)")
            }
        }
    }
}
