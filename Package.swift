// swift-tools-version:6.2
// 6.2: SwiftPM accepts the unsafe flags below from a package its consumers pin by version (`from: "1.0.0"`); under 6.0
// it refused the whole dependency ("contains unsafe build flags"). Keeping -O in debug keeps `swift test` in seconds.
import PackageDescription

// Layers depend only downward: ObjCModel → UIKitModel → LibraryModels → HookLab → HookLabCLI → hooklab.
// HookLab is the lab without a command line; HookLabCLI is the `hooklab` command, for the executable and for SDK
// teams' own executables (swift-format splits its library and its command line the same way).

/// Optimized in every configuration, without run-time exclusivity checks (see below). In debug builds each module is
/// also compiled whole (`-wmo`, two threads, batch mode off so the driver does not warn that it ignores it): per-file
/// optimization left generic code unspecialized across files. On 2026-11-30 a warm `swift test` took 58 s (93 s of CPU)
/// per file and 48 s (73 s) whole-module, one run each; the debug `hooklab bench --host UNUserNotificationCenter
/// --workers 1` took 2.37 s whole-module against 2.71 s per file (means of six alternating runs). The cost: a change to
/// one file rebuilds its whole module (3 to 5 minutes for HookLab).
/// In release builds the modules are also optimized across each other (`-cross-module-optimization`): the lab and the
/// library models call the runtime model's small accessors at every step. On 2026-12-01, under callgrind, it cut the
/// instructions of the matrix's worker in `bench --host UITableView --workers 1` by 2% (5.32 G to 5.22 G) and the
/// process's retains by 4% (342 M to 328 M).
let modelSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"]),
                                     .unsafeFlags(["-O", "-wmo", "-num-threads", "2", "-disable-batch-mode"], .when(configuration: .debug)),
                                     .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
let package = Package(
    name: "HookLab",
    products: [
        .library(name: "HookLab", targets: ["HookLab"]),
        // The `hooklab` command line, for an SDK team's own executable with its own catalog.
        .library(name: "HookLabCLI", targets: ["HookLabCLI"]),
        // The runtime model participant models are written against (see README, "Gating your own SDK").
        .library(name: "ObjCModel", targets: ["ObjCModel"]),
        .executable(name: "hooklab", targets: ["hooklab"]),
    ],
    targets: [
        // The runtime model's state lives in one class; dynamic exclusivity checks on it cost about 40% of every
        // send in release (callgrind), and a tenth of the whole matrix in the debug build `swift test` runs (17.9 s with
        // them, 16.0 s without: hooklab bench). The models and the lab drop them in both configurations. The fuzz build
        // (Fuzz/run) keeps them: every input it reads is still checked for overlapping access.
        // The models are compiled optimized in debug builds too, so `swift test` runs the whole matrix in seconds;
        // SwiftPM still passes -enable-testing in debug, so `@testable import` keeps working.
        .target(name: "ObjCModel", swiftSettings: modelSettings),
        .target(name: "UIKitModel", dependencies: ["ObjCModel"], swiftSettings: modelSettings),
        .target(name: "LibraryModels", dependencies: ["ObjCModel", "UIKitModel"], swiftSettings: modelSettings),
        // HookLab's own participant files and public reports are built into the module (EmbedLabFilesPlugin), so the
        // binary works from any directory with the source tree gone.
        .target(name: "HookLab", dependencies: ["ObjCModel", "UIKitModel", "LibraryModels"], swiftSettings: modelSettings,
                plugins: ["EmbedLabFilesPlugin"]),
        .target(name: "HookLabCLI", dependencies: ["HookLab", "ObjCModel", "UIKitModel", "LibraryModels"], swiftSettings: modelSettings),
        .executableTarget(name: "hooklab", dependencies: ["HookLabCLI"]),
        .executableTarget(name: "EmbedLabFiles"),
        .plugin(name: "EmbedLabFilesPlugin", capability: .buildTool(), dependencies: ["EmbedLabFiles"]),
        .testTarget(name: "ObjCModelTests", dependencies: ["ObjCModel"]),
        .testTarget(name: "UIKitModelTests", dependencies: ["UIKitModel"]),
        // Its tracker tests run HookLab's shipped participant files (parsed by HookLab).
        .testTarget(name: "LibraryModelsTests", dependencies: ["LibraryModels", "HookLab"]),
        .testTarget(name: "HookLabTests", dependencies: ["HookLab", "HookLabCLI"], exclude: ["Fixtures"], swiftSettings: modelSettings),
        // Uses only the public API, the way an SDK team's package would (no @testable).
        .testTarget(name: "ExtensionAPITests", dependencies: ["HookLab", "HookLabCLI", "ObjCModel"]),
        .testTarget(name: "OracleTests", dependencies: ["ObjCModel"], exclude: ["probes", "incidents", "bench", "native.sh"]),
    ],
    swiftLanguageModes: [.v6]
)
