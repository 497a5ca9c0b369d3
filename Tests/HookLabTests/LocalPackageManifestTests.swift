// Local Swift packages: the `Package.swift` reader, and a Flutter-with-SwiftPM app whose SDKs come only through the local
// package Flutter generates (FlutterGeneratedPluginSwiftPackage → the firebase_messaging plugin's package →
// firebase-ios-sdk's FirebaseMessaging).
import Foundation
import Testing
@testable import HookLab
@testable import HookLabCLI

@Suite("Local Swift packages")
struct LocalPackageManifestTests {
    @Test("The reader finds .package(url:|path:) and the products non-test targets use; comments, test targets and nested calls do not count")
    func reads() {
        let manifest = LocalPackageManifest.read("""
            // swift-tools-version: 5.9
            import PackageDescription
            // .package(url: "https://github.com/commented/out", from: "1.0.0"),
            let package = Package(
                name: "Kit", /* .product(name: "Hidden", package: "x") */
                dependencies: [
                    .package(url: "https://github.com/firebase/firebase-ios-sdk.git", .upToNextMajor(from: "11.0.0")),
                    .package(name: "Old", url: "https://github.com/me/old-repo", from: "1.0.0"),
                    .package(path: "../Other"),
                ],
                targets: [
                    .target(name: "Kit", dependencies: [
                        .product(name: "FirebaseMessaging", package: "firebase-ios-sdk"),
                        .product(package: "Old", name: "OldKit"),
                        "Other",
                    ]),
                    .testTarget(name: "KitTests", dependencies: [.product(name: "Quick", package: "quick")]),
                ]
            )
            """)
        #expect(manifest.dependencies.map(\.url) == ["https://github.com/firebase/firebase-ios-sdk.git", "https://github.com/me/old-repo", nil])
        #expect(manifest.dependencies.map(\.path) == [nil, nil, "../Other"] && manifest.dependencies[1].name == "Old")
        #expect(manifest.dependencies.map(\.line) == [7, 8, 9])
        #expect(manifest.productUses.map(\.product) == ["FirebaseMessaging", "OldKit"])
        #expect(manifest.productUses.map(\.line) == [13, 14])
        // Anything else reads as nothing, never an error.
        for text in ["", "let x = .package(", ".product(name: \"A\", package: \"", "\"\\", "/* never closed", ".package(url: 3)"] {
            _ = LocalPackageManifest.read(text)
        }
        #expect(LocalPackageManifest.read(".product(name: \"A\", package: \"b\")").productUses.count == 1)
    }

    /// A Flutter app built with SwiftPM, laid out as `flutter build` leaves it: its project links only the generated
    /// package (flutter_tools swift_package_manager.dart: `.package(name: PLUGIN, path: SYMLINK)` and
    /// `.product(name: PLUGIN-with-hyphens, package: PLUGIN)`), whose plugin depends on firebase-ios-sdk (FlutterFire's
    /// firebase_messaging ios/firebase_messaging/Package.swift).
    static func flutterApp(withGeneratedPackage: Bool) throws -> TemporaryDirectory {
        let app = TemporaryDirectory()
        func write(_ path: String, _ text: String) throws {
            let url = app.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        try write("ios/Runner.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {
            \t\tA1 /* XCLocalSwiftPackageReference "FlutterGeneratedPluginSwiftPackage" */ = {
            \t\t\tisa = XCLocalSwiftPackageReference;
            \t\t\trelativePath = Flutter/ephemeral/Packages/FlutterGeneratedPluginSwiftPackage;
            \t\t};
            \t\tB1 /* FlutterGeneratedPluginSwiftPackage */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tproductName = FlutterGeneratedPluginSwiftPackage;
            \t\t};
            \t};
            \trootObject = C1;
            }
            """)
        try write("ios/Runner.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", """
            {
              "pins" : [
                {
                  "identity" : "firebase-ios-sdk",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/firebase/firebase-ios-sdk",
                  "state" : {
                    "revision" : "0123456789abcdef0123456789abcdef01234567",
                    "version" : "12.13.0"
                  }
                },
                {
                  "identity" : "googleutilities",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/google/GoogleUtilities.git",
                  "state" : {
                    "revision" : "0123456789abcdef0123456789abcdef01234568",
                    "version" : "8.1.0"
                  }
                }
              ],
              "version" : 2
            }
            """)
        guard withGeneratedPackage else { return app }
        try write("ios/Flutter/ephemeral/Packages/FlutterGeneratedPluginSwiftPackage/Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "FlutterGeneratedPluginSwiftPackage",
                products: [.library(name: "FlutterGeneratedPluginSwiftPackage", type: .static, targets: ["FlutterGeneratedPluginSwiftPackage"])],
                dependencies: [
                    .package(name: "firebase_messaging", path: "../.packages/firebase_messaging-16.2.2"),
                    .package(name: "FlutterFramework", path: "../FlutterFramework")
                ],
                targets: [
                    .target(name: "FlutterGeneratedPluginSwiftPackage", dependencies: [
                        .product(name: "firebase-messaging", package: "firebase_messaging"),
                        .product(name: "FlutterFramework", package: "FlutterFramework")
                    ])
                ]
            )
            """)
        try write("ios/Flutter/ephemeral/Packages/.packages/firebase_messaging-16.2.2/Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let firebaseSdkVersion: Version = "12.13.0"
            let package = Package(
              name: "firebase_messaging",
              dependencies: [
                .package(url: "https://github.com/firebase/firebase-ios-sdk", exact: firebaseSdkVersion),
                .package(name: "firebase_messaging", path: "../firebase_messaging-16.2.2"),
              ],
              targets: [
                .target(name: "firebase_messaging", dependencies: [
                    .product(name: "FirebaseMessaging", package: "firebase-ios-sdk"),
                    .product(name: "firebase-messaging", package: "firebase_messaging"),
                ])
              ]
            )
            """)
        return app
    }

    @Test("A Flutter app with SwiftPM: FirebaseMessaging is found through the generated package and its plugin's, each manifest read once; GoogleUtilities' swizzler comes with it")
    func flutterGeneratedPackage() throws {
        let app = try Self.flutterApp(withGeneratedPackage: true)
        let resolved = app.url.appendingPathComponent("ios/Runner.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        let name: (URL) -> String = { String($0.path.dropFirst(app.url.path.count + 1)) }
        let linked = try #require(try LinkedProducts.of(projects: Lockfile.projectFiles(besides: resolved), name: name))
        #expect(linked.manifests == ["ios/Flutter/ephemeral/Packages/FlutterGeneratedPluginSwiftPackage/Package.swift",
                                     "ios/Flutter/ephemeral/Packages/.packages/firebase_messaging-16.2.2/Package.swift"])
        // The plugin names itself as a dependency (a cycle): read once. FlutterFramework's package is not in the tree.
        #expect(linked.missing == ["ios/Flutter/ephemeral/Packages/FlutterFramework/Package.swift"])
        #expect(linked.byIdentity["firebase-ios-sdk"] == ["FirebaseMessaging"])
        let packages = try Lockfile.packages(text: try Lockfile.readText(resolved, file: "Package.resolved"), file: "Package.resolved",
                                             format: .packageResolved, linked: linked)
        let found = Scan.recognise(Scan.withBroughtParts(packages), participants: Lab.catalog.participants).found
        let fcm = try #require(found.first { $0.participant == "fcm" })
        #expect(fcm.reason.contains("product FirebaseMessaging (linked by the local package at ios/Flutter/ephemeral/Packages/.packages/firebase_messaging-16.2.2/Package.swift:12)"), "\(fcm.reason)")
        #expect(found.contains { $0.participant == "gul" && $0.package.broughtBy == "FirebaseMessaging" })

        // The CLI names the manifests it read; without the generated package it says what it could not read.
        let (cli, out) = CLI.fake(root: app.url, catalog: Lab.catalog)
        _ = cli.main(arguments: ["scan", "--json"])
        #expect(out.out.contains("\"ios/Flutter/ephemeral/Packages/.packages/firebase_messaging-16.2.2/Package.swift\""), "\(out.out)")
        #expect(out.out.contains("\"participant\": \"fcm\""), "\(out.out)")
        // The SDK is named as the app links it (the product), not by the participant's description.
        #expect(out.out.contains("\"sdk\": \"FirebaseMessaging\""), "\(out.out)")
        let bare = try Self.flutterApp(withGeneratedPackage: false)
        let (bareCLI, bareOut) = CLI.fake(root: bare.url, catalog: Lab.catalog)
        _ = bareCLI.main(arguments: ["scan"])
        #expect(bareOut.out.contains("Not found: `ios/Flutter/ephemeral/Packages/FlutterGeneratedPluginSwiftPackage/Package.swift`"), "\(bareOut.out)")
        #expect(bareOut.out.contains("Flutter generates it at build time"))
        #expect(!bareOut.out.contains("`fcm`"))
    }
}
