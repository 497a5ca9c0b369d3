// Builds HookLab's own data files into the HookLab module, so the `hooklab` binary needs no source tree at run time:
// the participant files (`Matrix/participants/*.hooklab`) and the catalogue of public reports (`Matrix/reports/*.hooklab`).
// SwiftPM runs this plugin at every build, so a file added, changed or removed is picked up; nothing is checked in.
import Foundation
import PackagePlugin

@main
struct EmbedLabFilesPlugin: BuildToolPlugin {
    /// The directories embedded, relative to the package root, each with the name of its generated array.
    static let groups = [("participants", "Matrix/participants"), ("reports", "Matrix/reports")]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedLabFiles.swift")
        var arguments = [output.path]
        var inputs: [URL] = []
        for (name, directory) in Self.groups {
            let folder = root.appendingPathComponent(directory)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".hooklab") }.sorted()
            // The file list is part of the command line, so adding or removing a file reruns the tool.
            arguments += ["--group", name] + files.map { folder.appendingPathComponent($0).path }
            inputs += files.map { folder.appendingPathComponent($0) }
        }
        return [.buildCommand(displayName: "Embedding HookLab's participant and report files",
                              executable: try context.tool(named: "EmbedLabFiles").url,
                              arguments: arguments, inputFiles: inputs, outputFiles: [output])]
    }
}
