// `hooklab scan [PATH…]`: read an app's lockfiles, recognise its SDKs, and advise on every host two or more of them hook.
import Foundation
import HookLab

extension CLI {
    /// `hooklab scan [PATH…] [--json] [--sarif FILE] [--github] [--junit FILE] [--config debug|release] [--workers N]`.
    func scan(_ arguments: inout Arguments) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        let github = arguments.flag("--github")
        let sarifPath = try arguments.option("--sarif")
        let junitPath = try arguments.option("--junit")
        let configText = try arguments.option("--config")
        var cli = self
        if let count = try arguments.workers() { cli.workers = count }
        var configs = Configuration.allCases
        if let configText {
            guard let config = Configuration(rawValue: configText) else { throw UsageError("--config takes debug or release, not '\(configText)'") }
            configs = [config]
        }
        let paths = try arguments.positional(0...Int.max, "lockfiles or directories")

        let files: [String], packages: [LockedPackage]
        do { (files, packages) = try readLockfiles(paths) } catch {
            // Bad input still writes what CI asked for, so an upload step finds its file: the error, in each format.
            var outputs: [AtomicFile.Output] = []
            if let sarifPath { outputs.append(AtomicFile.Output(userURL(sarifPath), SARIFScanReporter().failure(error.message))) }
            if let junitPath { outputs.append(AtomicFile.Output(userURL(junitPath), JUnitScanReporter().failure(error.message))) }
            try write(outputs)
            if json { standardOutput(JSONValue.object([("error", .string(error.message))]).text() + "\n") }
            throw error
        }
        let scan = Scan.run(files: files, packages: packages, catalog: catalog, workers: cli.workers, configs: configs)

        // Every file of the run is written as a set, before anything claims it on standard output.
        var outputs: [AtomicFile.Output] = []
        if let sarifPath { outputs.append(AtomicFile.Output(userURL(sarifPath), SARIFScanReporter().report(scan))) }
        if let junitPath { outputs.append(AtomicFile.Output(userURL(junitPath), JUnitScanReporter().report(scan))) }
        try write(outputs)

        var out = github ? GitHubScanReporter().report(scan) : ""
        let generator = self.generator
        let markdown = MarkdownScanReporter { host, order in generator.impossibility(of: Matrix.Cell(host: host, order: order, config: .debug)) }
        out += json ? JSONScanReporter().report(scan) : markdown.report(scan)
        standardOutput(out)
        return scan.conflicts ? 1 : 0
    }

    /// The lockfiles named (files, or directories searched) or, with none, found under the current directory; and
    /// their packages. A path that is missing or not a lockfile, or a malformed lockfile, is bad input.
    func readLockfiles(_ paths: [String]) throws(UsageError) -> (files: [String], packages: [LockedPackage]) {
        var targets: [(url: URL, name: String)] = []
        func add(directory: URL, label: String) {
            for relative in Lockfile.discover(in: directory) {
                targets.append((directory.appendingPathComponent(relative), label.isEmpty ? relative : label + "/" + relative))
            }
        }
        if paths.isEmpty {
            add(directory: currentDirectory, label: "")
            guard !targets.isEmpty else {
                throw UsageError("no lockfile under the current directory (looked for \(LockfileFormat.names), skipping \(Lockfile.skippedDirectories.sorted().joined(separator: ", "))); pass a path")
            }
        }
        for path in paths {
            let url = userURL(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw UsageError("\(path): no such file or directory") }
            let label = path.hasSuffix("/") ? String(path.dropLast()) : path
            if isDirectory.boolValue {
                let before = targets.count
                add(directory: url, label: label == "." ? "" : label)
                guard targets.count > before else { throw UsageError("\(path): no lockfile in this directory (looked for \(LockfileFormat.names))") }
            } else {
                guard LockfileFormat(fileName: url.lastPathComponent) != nil else {
                    throw UsageError("\(path): unknown lockfile format; hooklab scan reads \(LockfileFormat.names) (by file name)")
                }
                targets.append((url, path))
            }
        }
        var packages: [LockedPackage] = []
        var files: [String] = []
        for target in targets where !files.contains(target.name) {
            files.append(target.name)
            do {
                let text = try Lockfile.readText(target.url, file: target.name)
                let format = LockfileFormat(fileName: target.url.lastPathComponent) ?? .podfileLock
                var products: [String: [String]]?
                if format == .packageResolved {
                    for project in Lockfile.projectFiles(besides: target.url) {
                        let name = displayPath(project)
                        let linked = try XcodeProject.parse(try Lockfile.readText(project, file: name), file: name).productsByIdentity
                        products = (products ?? [:]).merging(linked) { a, b in a + b.filter { !a.contains($0) } }
                    }
                }
                packages += try Lockfile.packages(text: text, file: target.name, format: format, products: products)
            } catch {
                throw UsageError(error.description)
            }
        }
        return (files, packages)
    }
}
