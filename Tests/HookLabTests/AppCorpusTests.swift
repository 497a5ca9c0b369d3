// The corpus of public apps' lockfiles (Fixtures/apps, PROVENANCE.md names each repository and commit): every file reads
// without error, and what each maps to is pinned in Fixtures/apps/MAPPINGS.txt (HOOKLAB_RECORD=all rewrites it).

import Foundation
import Testing
@testable import HookLab

@Suite("Public apps' lockfiles")
struct AppCorpusTests {
    static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/apps")
    static let mappings = apps.appendingPathComponent("MAPPINGS.txt")

    static var slugs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: apps.path)) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: apps.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    /// Every `project.pbxproj` under a directory, relative to it, sorted.
    static func projects(in directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String { if path.hasSuffix("project.pbxproj") { found.append(path) } }
        return found.sorted()
    }

    /// One app's lines of MAPPINGS.txt: each lockfile with what it maps to.
    static func mapping(of slug: String) throws -> [String] {
        let root = apps.appendingPathComponent(slug)
        var out: [String] = []
        var all: [LockedPackage] = []
        for project in projects(in: root) {
            let text = try Lockfile.readText(root.appendingPathComponent(project), file: project)
            let parsed = try XcodeProject.parse(text, file: "\(slug)/\(project)")
            out.append("\(slug)/\(project): \(parsed.products.count) package products")
        }
        for file in Lockfile.discover(in: root) {
            let url = root.appendingPathComponent(file)
            let name = "\(slug)/\(file)"
            // As scan reads them: the projects beside a Package.resolved, and the local packages they reference.
            let linked = file.hasSuffix("Package.resolved")
                ? try LinkedProducts.of(projects: Lockfile.projectFiles(besides: url)) { "\(slug)/" + $0.path.dropFirst(root.path.count + 1) } : nil
            let packages = try Lockfile.packages(text: try Lockfile.readText(url, file: name), file: name,
                                                 format: LockfileFormat(fileName: url.lastPathComponent)!, linked: linked)
            all += packages
            let result = Scan.recognise(packages, participants: Lab.catalog.participants)
            let framework = Scan.AppFramework.of(packages, found: result.found, participants: Lab.catalog.participants)
            out.append("\(name): \(packages.count) packages, framework \(framework.rawValue)")
            for found in result.found { out.append("  \(found.participant) ← \(found.package.name) \(found.package.version ?? found.package.revision ?? "?") (\(found.reason), l.\(found.package.line))") }
            for unmodeled in result.unmodeled { out.append("  not modeled: \(unmodeled.title) ← \(unmodeled.package.name) \(unmodeled.package.version ?? "?")") }
            for manifest in linked?.manifests ?? [] { out.append("  local package read: \(manifest)") }
            for manifest in linked?.missing ?? [] { out.append("  local package not in the tree: \(manifest)") }
        }
        // What its source says its app delegate is (the first app's, for a monorepo: each scan reads its own).
        if let source = AppDelegateSource.find(in: root, name: { $0 }) {
            out.append("\(slug) (the whole app): app delegate \(source.className): \(source.superclass), \(source.kind.rawValue) (\(source.file):\(source.line))")
            for completion in source.completions { out.append("\(slug) (the whole app): \(completion.sentence)") }
        }
        // The switches its Info.plist sets that a participant file declares (`setting NAME plist KEY VALUE`).
        let declared = Lab.catalog.participants.compactMap(\.setting).compactMap(\.plistKey)
        for entry in InfoPlist.find(in: root, name: { $0 }) where declared.contains(entry.key) {
            out.append("\(slug) (the whole app): Info.plist \(entry.key) = \(entry.value) (\(entry.file):\(entry.line))")
        }
        // What the app's packages bring that it does not link itself, read over all of its files (as a scan reads them).
        for found in Scan.recognise(Scan.withBroughtParts(all), participants: Lab.catalog.participants).found where found.package.broughtBy != nil {
            out.append("\(slug) (the whole app): \(found.participant) ← \(found.package.name) \(found.package.version ?? "?") (\(found.reason))")
        }
        return out
    }

    @Test("At least 20 public apps, each with its provenance")
    func corpus() throws {
        #expect(Self.slugs.count >= 20)
        let provenance = try String(contentsOf: Self.apps.appendingPathComponent("PROVENANCE.md"), encoding: .utf8)
        for slug in Self.slugs { #expect(provenance.contains(slug), "\(slug) has no provenance") }
    }

    @Test("Every lockfile and project of the corpus reads without error, and maps as MAPPINGS.txt pins")
    func everyFileReads() throws {
        // Each app on its own core (the apps are independent; the lines keep the slugs' order): run alone, this test
        // was the suite's last second of one busy core.
        let slugs = Self.slugs
        let mapped = Matrix.concurrentMap(slugs.count, workers: ProcessInfo.processInfo.activeProcessorCount) { index in
            Result { try Self.mapping(of: slugs[index]) }
        }
        var lines: [String] = []
        for (slug, result) in zip(slugs, mapped) {
            switch result {
            case .success(let mapping): lines += mapping
            case .failure(let error): Issue.record("\(slug): \(error)")
            }
        }
        let rendered = lines.joined(separator: "\n") + "\n"
        let mode = (try? RecordMode(environment: ProcessInfo.processInfo.environment)) ?? .never
        if mode == .all {
            try rendered.write(to: Self.mappings, atomically: true, encoding: .utf8)
        } else {
            let committed = try? String(contentsOf: Self.mappings, encoding: .utf8)
            if let difference = Matrix.firstDifference(committed: committed, rendered: rendered) {
                Issue.record("Fixtures/apps/MAPPINGS.txt \(difference): record with HOOKLAB_RECORD=all swift test and review the diff")
            }
        }
        // Firebase 11 and 12 pin abseil-cpp-binary at 1.2024072200.0: a version, not an error.
        #expect(PackageVersion("1.2024072200.0")?.components == [1, 2024072200, 0])
    }
}
