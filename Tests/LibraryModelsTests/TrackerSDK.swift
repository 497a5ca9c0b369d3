// The tracker SDK's three designs as the shipped participant files (Matrix/participants/tracker-*.hooklab) declare
// them: these tests drive the DeclaredSDK primitives of exactly what the matrix runs.
import Foundation
import ObjCModel
import UIKitModel
import LibraryModels
import HookLab

enum TrackerSDK {
    enum Design: String, CaseIterable, Sendable { case swizzle, proxy, forwarding }

    /// The package's `Matrix/participants`, found from this file (tests run in the checkout).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Matrix/participants")

    /// Each design's file, parsed once.
    static let files: [Design: DeclaredSDK] = {
        var out: [Design: DeclaredSDK] = [:]
        for design in Design.allCases {
            let name = "tracker-\(design.rawValue).hooklab"
            // A missing or broken shipped file fails every test that uses it, naming the file.
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8),
                  let file = try? ParticipantFile.parse(text: text, file: "Matrix/participants/\(name)") else { continue }
            out[design] = file.sdk
        }
        return out
    }()

    static func declared(_ design: Design) -> DeclaredSDK {
        guard let sdk = files[design] else { fatalError("Matrix/participants/tracker-\(design.rawValue).hooklab is missing or does not parse") }
        return sdk
    }

    /// The observer name the designs' hooks record under.
    static var observer: String { declared(.proxy).observer }

    /// The association key by which scheme 2 keeps the newest wrapper on the view.
    static var proxyAssociationKey: String {
        guard case .wrap(let proxy) = declared(.proxy).handling, let key = proxy.keep?.key else {
            fatalError("tracker-proxy.hooklab no longer keeps its wrapper by association")
        }
        return key
    }

    static func load(_ design: Design, into rt: Runtime) { declared(design).install(into: rt) }

    static func trackedSelectors(_ kind: HostKind) -> [String] { declared(.proxy).events(on: kind.className) }
}
