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

        let apps: [(root: String?, files: [String], packages: [LockedPackage], appDelegate: AppDelegateSource?, infoPlist: [InfoPlistEntry], unread: [String])]
        do { apps = try readLockfiles(paths) } catch {
            // Bad input still writes what CI asked for, so an upload step finds its file: the error, in each format.
            var outputs: [AtomicFile.Output] = []
            if let sarifPath { outputs.append(AtomicFile.Output(userURL(sarifPath), SARIFScanReporter().failure(error.message))) }
            if let junitPath { outputs.append(AtomicFile.Output(userURL(junitPath), JUnitScanReporter().failure(error.message))) }
            try write(outputs)
            if json { standardOutput(JSONValue.object([("error", .string(error.message))]).text() + "\n") }
            throw error
        }
        let scans = apps.map { app in
            var scan = Scan.run(files: app.files, packages: app.packages, catalog: catalog, workers: cli.workers, configs: configs,
                                appDelegate: app.appDelegate, infoPlist: app.infoPlist)
            scan.root = app.root
            scan.localPackagesNotFound = app.unread
            return scan
        }

        // Every file of the run is written as a set, before anything claims it on standard output.
        var outputs: [AtomicFile.Output] = []
        if let sarifPath { outputs.append(AtomicFile.Output(userURL(sarifPath), SARIFScanReporter().report(scans))) }
        if let junitPath { outputs.append(AtomicFile.Output(userURL(junitPath), JUnitScanReporter().report(scans))) }
        try write(outputs)

        var out = github ? scans.map(GitHubScanReporter().report).joined() : ""
        let generator = self.generator
        let markdown = MarkdownScanReporter { host, order in generator.impossibility(of: Matrix.Cell(host: host, order: order, config: .debug)) }
        out += json ? JSONScanReporter().report(scans) : markdown.report(scans)
        standardOutput(out)
        return scans.contains { $0.conflicts } ? 1 : 0
    }

    /// The lockfiles named (files, or directories searched) or, with none, found under the current directory; and
    /// their packages. A path that is missing or not a lockfile, or a malformed lockfile, is bad input.
    func readLockfiles(_ paths: [String]) throws(UsageError) -> [(root: String?, files: [String], packages: [LockedPackage], appDelegate: AppDelegateSource?, infoPlist: [InfoPlistEntry], unread: [String])] {
        var targets: [(url: URL, name: String)] = []
        // Each app of a directory searched (its files by app root), then the files named one by one, as one app.
        var groups: [(root: String, names: [String], source: AppDelegateSource?, infoPlist: [InfoPlistEntry])] = []
        func add(directory: URL, label: String) {
            // The directories of targets that are not the iOS app (extensions, watch apps), from every project under it.
            let notTheApp = XcodeProject.notTheApp(XcodeProject.projects(under: directory))
            let found = Lockfile.appLockfiles(Lockfile.discover(in: directory), in: directory, notTheApp: notTheApp)
            let byApp = Lockfile.groupByApp(found) { root in
                FileManager.default.fileExists(atPath: directory.appendingPathComponent(root).appendingPathComponent("pubspec.yaml").path)
            }
            func named(_ relative: String) -> String { label.isEmpty ? relative : label + "/" + relative }
            for relative in found { targets.append((directory.appendingPathComponent(relative), named(relative))) }
            // Each app's own source, beside its lockfiles: its app delegate (the other apps' roots are not searched).
            let roots = Set(byApp.map(\.root))
            for app in byApp {
                let top = app.root.isEmpty ? directory : directory.appendingPathComponent(app.root)
                let others = Set(roots.filter { $0 != app.root && (app.root.isEmpty || $0.hasPrefix(app.root + "/")) }
                    .map { app.root.isEmpty ? $0 : String($0.dropFirst(app.root.count + 1)) })
                // Another target's directories inside this app's root, relative to it.
                let targets = notTheApp.compactMap { path -> String? in
                    app.root.isEmpty ? path : path.hasPrefix(app.root + "/") ? String(path.dropFirst(app.root.count + 1)) : nil
                }
                let skipping = others.union(targets)
                let source = AppDelegateSource.find(in: top, skipping: skipping, startCalls: catalog.participants.flatMap(\.startCalls),
                                                    needles: catalog.participants.flatMap { $0.setting?.defaultUnless ?? [] }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }) {
                    named(app.root.isEmpty ? $0 : app.root + "/" + $0)
                }
                // And the switches its Info.plist sets (an extension's excluded).
                let plist = InfoPlist.find(in: top, skipping: skipping) { named(app.root.isEmpty ? $0 : app.root + "/" + $0) }
                groups.append((app.root.isEmpty ? (label.isEmpty ? "." : label) : named(app.root), app.files.map(named), source, plist))
            }
        }
        var explicit: [String] = []
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
                explicit.append(path)
            }
        }
        var read: [String: [LockedPackage]] = [:]
        var manifests: [String: [String]] = [:]
        var unread: [String: [String]] = [:]
        var files: [String] = []
        for target in targets where !files.contains(target.name) {
            files.append(target.name)
            do {
                let text = try Lockfile.readText(target.url, file: target.name)
                let format = LockfileFormat(fileName: target.url.lastPathComponent) ?? .podfileLock
                // The products its projects link, and those of the local packages they reference (read, then listed as read).
                let linked = format == .packageResolved
                    ? try LinkedProducts.of(projects: Lockfile.projectFiles(besides: target.url), name: displayPath) : nil
                manifests[target.name] = linked?.manifests ?? []
                unread[target.name] = linked?.missing ?? []
                read[target.name] = try Lockfile.packages(text: text, file: target.name, format: format, linked: linked)
            } catch {
                throw UsageError(error.description)
            }
        }
        if !explicit.isEmpty { groups.append((".", explicit.filter { name in !groups.contains { $0.names.contains(name) } }, nil, [])) }
        groups.removeAll { $0.names.isEmpty }
        // One app: the report as ever, no root named. Several (a monorepo): one scan each, by its root.
        // The files named as read: the lockfiles, then the local packages' manifests read for them.
        func withManifests(_ names: [String]) -> [String] {
            var out = names
            for manifest in names.flatMap({ manifests[$0] ?? [] }) where !out.contains(manifest) { out.append(manifest) }
            return out
        }
        func notFound(_ names: [String]) -> [String] {
            var out: [String] = []
            for manifest in names.flatMap({ unread[$0] ?? [] }) where !out.contains(manifest) { out.append(manifest) }
            return out
        }
        if groups.count <= 1 {
            return [(nil, withManifests(files), files.flatMap { read[$0] ?? [] }, groups.first?.source, groups.first?.infoPlist ?? [], notFound(files))]
        }
        return groups.map { group in
            (group.root, withManifests(group.names), group.names.flatMap { read[$0] ?? [] }, group.source, group.infoPlist, notFound(group.names))
        }
    }
}
