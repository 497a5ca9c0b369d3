// The `isa-object` line: after its class hook, the SDK isa-swizzles the delegate object itself, copying donors in where
// the object does not respond, and treats NSProxy delegates one of three ways (DeclaredSDK.ObjectIsa).
import LibraryModels
import UIKitModel

extension ParticipantFile {
    static let objectIsaForm = "'isa-object [prefix P] [marker SEL] [proxies isa|ivars|stated-ivars] [copy SEL…]'"

    /// `isa-object prefix fir_ marker gul_class proxies ivars copy URLSession:task:didCompleteWithError: …`.
    static func objectIsa(_ args: [String]) throws(VersionRangeError) -> DeclaredSDK.ObjectIsa {
        var isa = DeclaredSDK.ObjectIsa(prefix: "sdk_", donors: [], marker: nil, proxies: .isa)
        var i = 0
        func value(_ name: String) throws(VersionRangeError) -> String {
            guard i + 1 < args.count else { throw VersionRangeError("'\(name)' needs a value; expected \(objectIsaForm)") }
            i += 1
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "prefix": isa.prefix = try value("prefix")
            case "marker": isa.marker = try value("marker")
            case "proxies":
                let v = try value("proxies")
                guard let p = DeclaredSDK.ObjectIsa.Proxies(rawValue: v) else {
                    throw VersionRangeError("unknown proxies treatment '\(v)'; expected isa, ivars or stated-ivars")
                }
                isa.proxies = p
            case "copy":
                isa.donors = Array(args[(i + 1)...])
                guard !isa.donors.isEmpty else { throw VersionRangeError("'copy' needs the selectors it copies in where the delegate does not respond") }
                i = args.count
                continue
            default:
                throw VersionRangeError("unknown isa-object option '\(args[i])'; expected \(objectIsaForm)")
            }
            i += 1
        }
        guard isa.prefix.first?.isLetter == true, isa.prefix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw VersionRangeError("prefix '\(isa.prefix)' must be an Objective-C identifier")
        }
        return isa
    }

    /// The line that declares an object ISA.
    public static func objectIsaLine(_ isa: DeclaredSDK.ObjectIsa) -> String {
        var line = "isa-object prefix \(isa.prefix)"
        if let marker = isa.marker { line += " marker \(marker)" }
        line += " proxies \(isa.proxies.rawValue)"
        if !isa.donors.isEmpty { line += " copy " + isa.donors.joined(separator: " ") }
        return line
    }

    /// The host kinds of these classes in the given SDK eras (every era when nil).
    /// The hosts of these classes in these eras, for a participant of this app framework: a Flutter plugin only in apps
    /// built on Flutter, a React Native library only in UIKit apps (RCTAppDelegate is one) and Expo apps, any other SDK
    /// in every app.
    static func hostNamesInEras(_ classNames: [String], eras: [Era]?, framework: String? = nil) -> [String] {
        HostKind.all.filter { kind in
            classNames.contains(kind.className) && (eras?.contains(kind.era) ?? true)
                && (framework == nil || kind.appFramework == framework || (framework == "react-native" && ["uikit", "expo"].contains(kind.appFramework)))
        }.map(\.name)
    }
}
