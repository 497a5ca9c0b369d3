// swift-tools-version: 5.9
import PackageDescription
/* a block comment with .package(url: "x") */
let package = Package(
    name: "FlutterGeneratedPluginSwiftPackage",
    dependencies: [
        .package(name: "firebase_messaging", path: "../.packages/firebase_messaging-16.2.2"),
        .package(url: "https://github.com/firebase/firebase-ios-sdk.git", .upToNextMajor(from: "12.0.0")),
    ],
    targets: [
        .target(name: "FlutterGeneratedPluginSwiftPackage", dependencies: [
            .product(name: "firebase-messaging", package: "firebase_messaging"),
            .product(package: "firebase-ios-sdk", name: "FirebaseMessaging"),
        ]),
        .testTarget(name: "T", dependencies: [.product(name: "Q", package: "quick")]),
    ]
)
