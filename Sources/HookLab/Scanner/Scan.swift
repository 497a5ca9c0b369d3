// `hooklab scan`: an app's lockfiles → the SDKs the lab recognises → `advise` on every host two or more of them hook.
import Foundation

/// What one scan of an app's lockfiles found and what the lab says about it.
public struct Scan: Sendable {
    /// A locked package mapped to a participant.
    public struct Found: Sendable, Hashable {
        public var package: LockedPackage
        /// The SDK's name (`RxCocoa`), from the catalogue or the participant's `models`.
        public var title: String
        public var participant: String
        /// Why it maps there: `version 6.5.0 in >= 6.5.0`, `subspec DeprecatedCellClick`, `product RxCocoa`.
        public var reason: String
        /// The hosts where it runs as another variant: a slot whose hooks the app never turns on (a section's
        /// `setting … default-unless`), e.g. `datadog:no-uikit-actions` on the scroll views.
        public var hostVariants: [HostVariant] = []

        /// The participant it runs as on `host`.
        public func participant(on host: String) -> String {
            hostVariants.first { $0.hosts.contains(host) }?.variant ?? participant
        }

        /// Whether it runs as `id` on some host.
        public func runs(as id: String) -> Bool { participant == id || hostVariants.contains { $0.variant == id } }
    }

    /// A variant a found SDK runs as on some hosts only.
    public struct HostVariant: Sendable, Hashable {
        public var variant: String
        public var hosts: [String]
    }

    /// A locked package the catalogue knows hooks something the lab does not model yet.
    public struct Unmodeled: Sendable, Hashable {
        public var package: LockedPackage
        public var title: String
        public var hooks: String
        /// The participant id it will map to once one exists.
        public var plannedParticipant: String?
        public var source: String
    }

    /// `advise`'s verdict for the recognised SDKs that hook one host.
    public struct HostVerdict: Sendable {
        public var host: String
        public var participants: [String]
        public var advice: Advisor.Advice
        /// Recognised participants that hook the host but were left out (more than ``Advisor/sizes`` allows, or a second
        /// of one family).
        public var leftOut: [String]
        /// Why no order of the set can happen in the lab, when none can (the models' `requires` lines rule the versions
        /// out together: FCM 12 requires GoogleUtilities 8.1, while an app with FCM 9 and GoogleUtilities 7 maps to
        /// `fcm` and `gul:7`); nil when some order ran. Such a host was not checked: it is no conflict.
        public var impossibility: String? = nil
        /// Whether some order of the set ran.
        public var checked: Bool { impossibility == nil }
        /// On the notification center: the set-up the app delegate's source shows, with the verdict for it
        /// (Scan+SourceSetup.swift); nil when the source does not show one.
        public var sourceSetup: SourceSetup? = nil
        /// Why the source shows no set-up there, in words, when it was read; nil otherwise.
        public var sourceSetupGap: String? = nil
        /// The changes that pass under the app's own set-up when it fails there, ranked (Scan+OwnFixes.swift).
        public var ownFixes: [OwnFix] = []
        /// Whether the set fails for this app: under its own set-up when the lab ran it, else in some order and set-up.
        public var failsForApp: Bool {
            guard checked, !advice.evaluation.allPass else { return false }
            return sourceSetup?.outcome.map { $0 != .ok } ?? true
        }
    }

    /// The lockfiles read, as named, then the local packages' manifests read for them (``LinkedProducts``).
    public var files: [String]
    /// The `Package.swift` of each local package an Xcode project references that is not in the scanned tree: what it
    /// links is not seen.
    public var localPackagesNotFound: [String] = []
    public var found: [Found]
    public var unmodeled: [Unmodeled]
    /// Packages older than every line the lab models of their SDK: named, and left out of the verdict (never mapped to
    /// today's model).
    public var olderThanModeled: [Older] = []

    /// A package older than every modeled line of its SDK.
    public struct Older: Sendable, Hashable {
        public var package: LockedPackage
        /// The oldest version the lab models (`7.2.0`).
        public var oldest: String

        /// "Firebase/Messaging 6.33.0 (`ios/Podfile.lock:12`) is older than the lines the lab models (7.2.0 and later)".
        public var sentence: String {
            "\(package.name) \(package.displayVersion) (`\(package.file):\(package.line)`) is older than the lines the lab models "
                + "(\(oldest) and later), so it is left out of the verdict"
        }
    }

    /// Packages known to hook nothing, with the catalogue's name for each.
    public var hookingNothing: [(package: LockedPackage, title: String)]
    /// Every package read.
    public var packageCount: Int
    /// Packages the catalogue placed (found, not modeled yet, or hooking nothing), subspecs of one SDK included.
    public var placedCount: Int = 0
    public var hosts: [HostVerdict]
    /// Each participant's own `package` lines (participant files), which an upgrade's target range comes from first.
    public var declared: [String: [PackageDeclaration]] = [:]
    /// The framework the app is built on, as its lockfiles show it.
    public var framework: AppFramework = .unknown
    /// The app's root directory when the scan covered several apps (a monorepo), one scan each; nil for one app.
    public var root: String?
    /// The app delegate its source declares, when the scan found it (``AppDelegateSource``).
    public var appDelegate: AppDelegateSource?
    /// The app's Info.plist entries the scan read (``InfoPlist``).
    public var infoPlist: [InfoPlistEntry] = []
    /// The SDKs whose documented switch the app's Info.plist sets: each runs as its `setting` variant.
    public var switches: [Switch] = []

    /// A found SDK switched by the app's Info.plist (a participant file's `setting NAME plist KEY VALUE`).
    public struct Switch: Sendable, Hashable {
        /// The participant the package maps to (`fcm`), and the variant it runs as (`fcm:proxy-off`).
        public var participant: String
        public var variant: String
        public var entry: InfoPlistEntry
    }

    /// Each found SDK whose `setting … plist KEY VALUE` the app's Info.plist sets becomes that variant; else one whose
    /// `setting … default-unless NEEDLE` is its default becomes that variant when the app's source (read: an app delegate
    /// was found) never writes NEEDLE.
    static func switched(_ found: [Found], participants: [ParticipantInfo], infoPlist: [InfoPlistEntry],
                         appDelegate: AppDelegateSource? = nil) -> ([Found], [Switch]) {
        var found = found
        var switches: [Switch] = []
        for i in found.indices {
            let id = found[i].participant
            defer { defaulted(&found[i], from: id, participants: participants, appDelegate: appDelegate) }
            for variant in participants {
                guard let setting = variant.setting, setting.of == id, let key = setting.plistKey, let value = setting.plistValue,
                      let entry = infoPlist.first(where: { $0.key == key && InfoPlist.matches($0.value, value) }) else { continue }
                // An SDK that reads the key only as a number ignores a string (GULAppDelegateSwizzler's isKindOfClass: NSNumber).
                if setting.plistNumeric, entry.isString {
                    found[i].reason += "; the app's Info.plist sets \(entry.sentence) as a string, which \(found[i].title) ignores (it reads "
                        + "only a number or Boolean): its hooks stay on"
                    break
                }
                // A key the locked version does not read yet leaves its hooks on (OneSignal reads its key from 5.5.0).
                if let since = setting.plistSince.flatMap(PackageVersion.init) {
                    let locked = found[i].package.version.flatMap(PackageVersion.init)
                    guard let locked, locked >= since else {
                        let version = found[i].package.version.map { "\(found[i].title) \($0)" } ?? "a \(found[i].title) pinned to no version"
                        found[i].reason += "; the app's Info.plist sets \(entry.sentence), but \(found[i].title) reads it only from "
                            + "\(since) on: \(version) keeps its hooks"
                        break
                    }
                }
                found[i].participant = variant.id
                found[i].reason += "; switched by the app's Info.plist: \(entry.sentence)"
                switches.append(Switch(participant: id, variant: variant.id, entry: entry))
                break
            }
        }
        return (found, switches)
    }

    /// A found SDK still its hooking participant `id` (no Info.plist switch took it) whose default is a `default-unless`
    /// variant: that variant unless the app's source writes the needle; the reason says which, and where. A section's
    /// switch (its variant runs on that slot's hosts only) makes it that variant on those hosts alone.
    static func defaulted(_ found: inout Found, from id: String, participants: [ParticipantInfo], appDelegate: AppDelegateSource?) {
        guard found.participant == id, let base = participants.first(where: { $0.id == id }) else { return }
        for variant in participants where variant.setting?.of == id {
            guard let setting = variant.setting, !setting.defaultUnless.isEmpty else { continue }
            let needle = listed(setting.defaultUnless.map { "`\($0)`" }, "or")
            let scoped = variant.hosts != base.hosts
            let slots = scoped ? " for " + listed(variant.hosts.filter { !$0.contains("@") }.map { "`\($0)`" }, "and") : ""
            guard let appDelegate else {
                found.reason += "; no app source was read, so the lab takes the app to write \(needle), which turns its hooks on\(slots) "
                    + "(\(found.title) leaves them off by default: `\(variant.id)`, \(setting.text))"
                continue
            }
            if let mention = appDelegate.mentions.first(where: { setting.defaultUnless.contains($0.needle) }) {
                found.reason += "; the app's source writes `\(mention.needle)` (`\(mention.at.file):\(mention.at.line)`), which turns its hooks on\(slots)"
                continue
            }
            found.reason += "; the app's source never writes \(needle), so its hooks\(slots) stay off, the default: \(setting.text)"
            if scoped {
                found.hostVariants.append(HostVariant(variant: variant.id, hosts: variant.hosts))
            } else {
                found.participant = variant.id
                return
            }
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func listed(_ items: [String], _ conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// A found SDK whose modeled integration is a class the app names as its app delegate (``KnownSDK/Integration``) is
    /// that participant only when the app's source names one of those classes. When the source shows an app delegate
    /// that names none of them, the app uses the SDK another way, which the lab does not model: the SDK is listed as
    /// such, with what it hooks then. When no app delegate was found in the source, the lockfile decides, and the reason
    /// says what the lab took the app delegate to be.
    static func integrated(_ found: [Found], _ unmodeled: [Unmodeled], appDelegate: AppDelegateSource?,
                           known: [KnownSDK] = KnownSDK.all) -> ([Found], [Unmodeled]) {
        var kept: [Found] = []
        var unmodeled = unmodeled
        for var entry in found {
            guard let integration = known.first(where: { $0.participant == entry.participant && $0.title == entry.title })?.integration else {
                kept.append(entry)
                continue
            }
            let named = integration.classes.joined(separator: "`, `")
            guard let appDelegate else {
                entry.reason += "; no app delegate was found in the source, so the lab takes it to be `\(integration.classes[0])`, "
                    + "the integration it models"
                kept.append(entry)
                continue
            }
            if let name = [appDelegate.className, appDelegate.superclass].first(where: integration.classes.contains) {
                entry.reason += "; the app's delegate is `\(name)` (`\(appDelegate.file):\(appDelegate.line)`)"
                kept.append(entry)
            } else if let index = appDelegate.ancestors.firstIndex(where: integration.classes.contains) {
                // Through the app's own base classes (`AppDelegate: BaseAppDelegate: CioAppDelegateWrapper<…>`).
                let through = appDelegate.kind == .swiftui ? Array(appDelegate.ancestors[..<index]) : [appDelegate.superclass] + appDelegate.ancestors[..<index]
                entry.reason += "; the app's delegate `\(appDelegate.className)` (`\(appDelegate.file):\(appDelegate.line)`) subclasses "
                    + "`\(appDelegate.ancestors[index])`" + (through.isEmpty ? "" : " through " + listed(through.map { "`\($0)`" }, "and"))
                kept.append(entry)
            } else if !unmodeled.contains(where: { $0.title == integration.title }) {
                unmodeled.append(Unmodeled(package: entry.package, title: integration.title,
                                           hooks: integration.hooks + " (the app's delegate `\(appDelegate.className)`, "
                                               + "`\(appDelegate.file):\(appDelegate.line)`, names none of `\(named)`)",
                                           plannedParticipant: nil, source: integration.source))
            }
        }
        return (kept, unmodeled)
    }

    /// The framework an app is built on, read from what it links; it decides which variant of a host applies
    /// (`UNUserNotificationCenter@flutter` for Flutter, never `UIApplication@swiftui` for React Native or Flutter).
    public enum AppFramework: String, Sendable {
        case flutter, expo, reactNative = "react-native", uikit, swiftui, unknown

        /// The lockfiles' answer, refined by the app's own source: a framework base class it subclasses decides; SwiftUI's
        /// adaptor makes the app delegate SwiftUI's; a plain `UIResponder` delegate makes an app the lockfiles could not
        /// place a UIKit app (React Native's older template subclasses `UIResponder` too, so it stays React Native).
        func refined(by source: AppDelegateSource?) -> AppFramework {
            guard let source else { return self }
            switch source.kind {
            case .flutter: return .flutter
            case .expo: return .expo
            case .reactNative: return self == .expo ? .expo : .reactNative
            case .swiftui: return .swiftui
            // A plain delegate in an app that links Expo's modules is not Expo's app delegate: its subscribers get nothing.
            case .uikit: return self == .unknown ? .uikit : self == .expo ? .reactNative : self
            }
        }

        /// Flutter: the `Flutter` pod or the generated plugin package, or a Flutter plugin found; React Native: its
        /// core pods, or a React Native library found.
        static func of(_ packages: [LockedPackage], found: [Found], participants: [ParticipantInfo]) -> AppFramework {
            let frameworks = found.compactMap { f in participants.first { $0.id == f.participant }?.framework }
            if frameworks.contains("flutter") || packages.contains(where: { ["Flutter", "FlutterGeneratedPluginSwiftPackage"].contains($0.rootName) || $0.ecosystem == .pub }) {
                return .flutter
            }
            // Expo: its modules core, which holds ExpoAppDelegate's subscriber repository (an Expo app is a React Native app).
            if packages.contains(where: { ["ExpoModulesCore", "Expo"].contains($0.rootName) }) { return .expo }
            if frameworks.contains("react-native") || packages.contains(where: { ["React-Core", "React", "React-RCTAppDelegate"].contains($0.rootName) }) {
                return .reactNative
            }
            return .unknown
        }

        /// The hosts that apply: a Flutter app's notification center is the `@flutter` variant; neither a Flutter nor a
        /// React Native app has SwiftUI's app delegate; an app not built on Flutter has no `@flutter` host.
        func hosts(_ all: [HostInfo]) -> [HostInfo] {
            all.filter { host in
                switch self {
                case .flutter, .expo, .swiftui:
                    return host.framework == rawValue || (host.framework == nil && !all.contains { $0.framework == rawValue && $0.name.hasPrefix(host.name + "@") })
                case .reactNative, .uikit: return host.framework == nil
                case .unknown: return !["flutter", "expo"].contains(host.framework)
                }
            }
        }

        /// How a report says it: "a Flutter app".
        public var phrase: String? {
            switch self {
            case .flutter: "a Flutter app"
            case .expo: "an Expo app"
            case .reactNative: "a React Native app"
            case .uikit: "a UIKit app"
            case .swiftui: "a SwiftUI app"
            case .unknown: nil
            }
        }
    }

    /// Whether a recognised set conflicts on some host: `scan` exits 1.
    /// Under the app's own set-up where its source shows one (``HostVerdict/failsForApp``).
    public var conflicts: Bool { hosts.contains(where: \.failsForApp) }

    // MARK: Recognition

    /// The packages without the Flutter plugins the app does not link: a Flutter app built with CocoaPods alone (the
    /// `Flutter` pod, no Swift package) links a plugin's native code only through the plugin's pod, so a plugin of its
    /// pubspec.lock that its Podfile.lock does not list is not in it (a pub workspace's shared lock names every member
    /// app's plugins).
    public static func linkedPlugins(_ packages: [LockedPackage]) -> [LockedPackage] {
        let podsOnly = packages.contains { $0.ecosystem == .cocoapods && $0.rootName == "Flutter" } && !packages.contains { $0.ecosystem == .spm }
        guard podsOnly else { return packages }
        let pods = Set(packages.filter { $0.ecosystem == .cocoapods }.map(\.rootName))
        return packages.filter { $0.ecosystem != .pub || pods.contains($0.name) }
    }

    /// The packages, then the Swift package products they bring that the app does not link itself
    /// (``KnownSDK/broughtParts``): FirebaseMessaging brings GoogleUtilities' app-delegate swizzler; a Flutter plugin
    /// that comes through SwiftPM (not listed in a Podfile.lock) brings its native SDK. A brought product takes its
    /// version from the app's own pin of that package when there is one, and a part can bring another.
    public static func withBroughtParts(_ packages: [LockedPackage], parts: [BroughtPart] = KnownSDK.broughtParts) -> [LockedPackage] {
        var out = packages
        var next = 0
        while next < out.count {
            let package = out[next]
            next += 1
            // A plugin in the Podfile.lock came through CocoaPods: its native pods are listed there already.
            if package.ecosystem == .pub, packages.contains(where: { $0.ecosystem == .cocoapods && $0.rootName == package.name }) { continue }
            for part in parts {
                guard case .yes = part.by.match(package) else { continue }
                // Linked by the app, or brought already.
                if out.contains(where: { $0.ecosystem == .spm && $0.name == part.identity && $0.products?.contains(part.product) == true }) { continue }
                let by = package.ecosystem == .pub ? "the Flutter plugin \(package.name) \(package.displayVersion)"
                    : part.by.component ?? package.name
                let pin = packages.first { $0.ecosystem == .spm && $0.name == part.identity }
                var brought = pin ?? LockedPackage(ecosystem: .spm, name: part.identity, version: nil, file: package.file, line: package.line)
                brought.products = [part.product]
                brought.broughtBy = by
                out.append(brought)
            }
        }
        return out
    }

    /// Maps each package to a participant, to an SDK the lab does not model yet, or to nothing. The most specific
    /// declaration decides: one naming a subspec or product (`IGListKit/Diffing`, which hooks nothing) before one naming
    /// the whole pod or package (`iglist`); at each of the two levels, the participants' own `package` lines first, in
    /// catalog order, then the catalogue's.
    public static func recognise(_ packages: [LockedPackage], participants: [ParticipantInfo], known: [KnownSDK] = KnownSDK.all)
        -> (found: [Found], unmodeled: [Unmodeled], hookingNothing: [(package: LockedPackage, title: String)], placed: Int) {
        var found: [Found] = []
        var unmodeled: [Unmodeled] = []
        var nothing: [(package: LockedPackage, title: String)] = []
        let ids = Set(participants.map(\.id))
        var placed = 0
        // The names any declaration has, lowercased: most locked packages are none of them, and skip every comparison.
        let declared = Set((participants.flatMap(\.packages) + known.flatMap(\.packages)).map { $0.name.lowercased() })
        outer: for package in packages {
            guard declared.contains(package.rootName.lowercased()) else { continue }
            // An SDK older than every line the participants model is not today's model (left out, ``olderThanModeled``).
            if oldest(package, participants: participants) != nil { continue outer }
            for specific in [true, false] {
                for info in participants {
                    for declaration in info.packages where (declaration.component != nil) == specific {
                        if case .yes(let reason) = declaration.match(package) {
                            if !found.contains(where: { $0.participant == info.id }) {
                                // Named as the app links it: the pod, or the Swift package's product.
                                let title = declaration.ecosystem == .spm ? (declaration.component ?? package.name) : package.rootName
                                found.append(Found(package: package, title: title, participant: info.id, reason: reason))
                            }
                            if package.broughtBy == nil { placed += 1 }
                            continue outer
                        }
                    }
                }
                for sdk in known {
                    for declaration in sdk.packages where (declaration.component != nil) == specific {
                        guard case .yes(let reason) = declaration.match(package) else { continue }
                        if let id = sdk.participant, ids.contains(id) {
                            if !found.contains(where: { $0.participant == id }) {
                                found.append(Found(package: package, title: sdk.title, participant: id,
                                                   reason: reason + (sdk.unmodeledPart.map { "; " + $0 } ?? "")))
                            }
                        } else if let hooks = sdk.hooks {
                            if !unmodeled.contains(where: { $0.title == sdk.title }) {
                                unmodeled.append(Unmodeled(package: package, title: sdk.title, hooks: hooks, plannedParticipant: sdk.participant, source: sdk.source))
                            }
                        } else if !nothing.contains(where: { $0.title == sdk.title }) {
                            nothing.append((package, sdk.title))
                        }
                        if package.broughtBy == nil { placed += 1 }
                        continue outer
                    }
                }
            }
        }
        // A package whose brought part hooks (GoogleUtilities' swizzlers, brought by FirebaseMessaging or
        // FirebasePerformance), modeled or not, is not one that hooks nothing, though the app links none of its hooking
        // products itself.
        let brought = (found.map(\.package) + unmodeled.map(\.package)).filter { $0.broughtBy != nil }
        nothing.removeAll { entry in brought.contains { $0.ecosystem == entry.package.ecosystem && $0.name == entry.package.name } }
        return (found, unmodeled, nothing, placed)
    }

    /// The oldest version the participants model of the SDK `package` is, when its version is older than every line of
    /// it the participants declare; nil otherwise (no participant names it, it matches one, or it has no version).
    static func oldest(_ package: LockedPackage, participants: [ParticipantInfo], known: [KnownSDK] = KnownSDK.all) -> PackageVersion? {
        guard let version = package.parsedVersion else { return nil }
        // A catalogue entry for that very range (Sensors Data 1.10.12's scheme, not modeled yet) places it; an entry for
        // any version does not (it stands for the modeled lines).
        // Read in place: copying every declaration into one list, for each locked package, was most of this check.
        let placed = known.contains { sdk in
            sdk.packages.contains { declaration in
                guard !declaration.versions.bounds.isEmpty, case .yes = declaration.match(package) else { return false }
                return true
            }
        }
        guard !placed else { return nil }
        var naming: [PackageDeclaration] = []
        for i in participants.indices { for declaration in participants[i].packages where declaration.names(package) { naming.append(declaration) } }
        let bounds = naming.map { $0.versions.lowerBound }
        guard !naming.isEmpty, bounds.allSatisfy({ $0.map { version < $0 } ?? false }) else { return nil }
        return bounds.compactMap { $0 }.min()
    }

    /// A Flutter plugin's pod takes its version from pubspec.lock, the plugin's own release (issue 44 "Versions from the
    /// source of truth"): a `:path:` plugin's podspec often says `0.0.1`, or a version of its own.
    public static func pluginVersions(_ packages: [LockedPackage]) -> [LockedPackage] {
        packages.map { package in
            guard package.ecosystem == .cocoapods,
                  let pub = packages.first(where: { $0.ecosystem == .pub && $0.name == package.rootName }), let version = pub.version,
                  version != package.version else { return package }
            var copy = package
            copy.versionFrom = LockedPackage.VersionSource(place: "`\(pub.file):\(pub.line)`", listed: package.version)
            copy.version = version
            return copy
        }
    }

    /// The hosts two or more recognised participants hook, each with the set `advise` takes (one per family, at most
    /// six, in the order they were found) and those left out; hosts in catalog order.
    public static func hostSets(_ found: [Found], hosts: [HostInfo], participants: [ParticipantInfo],
                                framework: AppFramework = .unknown) -> [(host: String, set: [String], leftOut: [String])] {
        var out: [(String, [String], [String])] = []
        let hosts = framework.hosts(hosts)
        // The iOS 8 era's assign-delegate twins describe apps built for iOS 8; an app's lockfile today means a current SDK.
        // Method-hooking SDKs meet only where they hook the same method, which no lockfile says: they are checked on the
        // instance-method targets of one selector with the hook on the class that implements it (a subclass placement, a
        // class method and the cross-selector targets are left to `advise`: `SubViewController`'s placements alone cost
        // 20 times the rest of a scan).
        for host in hosts where !host.name.hasSuffix("@ios8") && (host.methodTarget == nil || Self.scannedMethodTargets.contains(host.name)) {
            var set: [String] = []
            var families = Set<String>()
            var leftOut: [String] = []
            for f in found {
                let id = f.participant(on: host.name)
                // A variant switched off hooks nothing on its slots: it meets no other SDK there.
                guard let info = participants.first(where: { $0.id == id }), info.setting?.off != true, info.hosts.contains(host.name),
                      !set.contains(info.id) else { continue }
                if families.contains(info.family) || set.count == Advisor.sizes.upperBound { leftOut.append(info.id); continue }
                families.insert(info.family)
                set.append(info.id)
            }
            // Where two or more meet: a library alone is the matrix's diagonal, already in the reports.
            if set.count >= 2 { out.append((host.name, set, leftOut)) }
        }
        return out
    }

    /// The method targets a scan advises on.
    public static let scannedMethodTargets = ["ViewController -viewWillAppear:", "UIViewController -viewWillAppear:"]

    /// Recognises the packages and advises on each host.
    public static func run(files: [String], packages: [LockedPackage], catalog: LabCatalog, workers: Int,
                           configs: [Configuration] = Configuration.allCases, appDelegate: AppDelegateSource? = nil,
                           infoPlist: [InfoPlistEntry] = []) -> Scan {
        let participants = catalog.participants
        let listed = packages
        let packages = withBroughtParts(linkedPlugins(pluginVersions(packages)))
        let (recognisedAll, unmodeledAll, nothing, placed) = recognise(packages, participants: participants)
        let (recognised, unmodeled) = integrated(recognisedAll, unmodeledAll, appDelegate: appDelegate)
        let (found, switches) = switched(recognised, participants: participants, infoPlist: infoPlist, appDelegate: appDelegate)
        let generator = ScenarioGenerator(hosts: catalog.hosts, participants: participants)
        let advisor = Advisor(generator: generator, workers: workers, footprints: catalog as? LoadFootprintMeasuring, makeRunner: catalog.makeRunner)
        let framework = AppFramework.of(packages, found: found, participants: participants).refined(by: appDelegate)
        let verdicts = hostSets(found, hosts: catalog.hosts, participants: participants, framework: framework).map { entry in
            let advice = advisor.advise(host: entry.host, participants: entry.set, configs: configs)
            let evaluation = advice.evaluation
            let unchecked = !evaluation.orders.contains(where: evaluation.isPossible)
            var verdict = HostVerdict(host: entry.host, participants: entry.set, advice: advice, leftOut: entry.leftOut,
                                      impossibility: unchecked ? (generator.impossibility(of: Matrix.Cell(host: entry.host, order: entry.set, config: configs.first ?? .debug))
                                          ?? "no install order of the set can happen in the lab") : nil)
            (verdict.sourceSetup, verdict.sourceSetupGap) = sourceSetup(verdict, source: appDelegate, participants: participants,
                                                                        appMayLeaveEmpty: catalog.hosts.first { $0.name == entry.host }?.appMayLeaveEmpty == true)
            if let setup = verdict.sourceSetup, let appDelegate {
                let events = catalog.host(entry.host)?.events ?? []
                verdict.sourceSetup = completing(setup, verdict, source: appDelegate, events: events, generator: generator, runner: catalog.makeRunner)
            }
            // The fixes that pass under that set-up (not when the app's own handler calls were run: those runs are its own).
            if let setup = verdict.sourceSetup, setup.completions.isEmpty, !setup.ranOverrides {
                verdict.ownFixes = ownFixes(setup, verdict, advisor: advisor, participants: participants, configs: configs)
            }
            return verdict
        }
        var scan = Scan(files: files, found: found, unmodeled: unmodeled, hookingNothing: nothing, packageCount: listed.count,
                        placedCount: placed, hosts: verdicts)
        scan.framework = framework
        var older: [Older] = []
        for package in packages where package.broughtBy == nil {
            guard let oldest = oldest(package, participants: participants),
                  !older.contains(where: { $0.package.rootName == package.rootName && $0.package.version == package.version }) else { continue }
            older.append(Older(package: package, oldest: oldest.description))
        }
        scan.olderThanModeled = older
        scan.appDelegate = appDelegate
        scan.infoPlist = infoPlist
        scan.switches = switches
        for p in participants where !p.packages.isEmpty { scan.declared[p.id] = p.packages }
        return scan
    }

    // MARK: The verdict first

    /// The scan's answer in one line, what an integrator reads first: which of their SDKs fail on which slot and the
    /// first fix, or that none conflicts (and which hooking SDKs the lab does not model yet). Package names first, the
    /// lab's ids after them.
    public var verdictLine: String {
        func slot(_ host: String) -> String {
            if host.hasPrefix("UNUserNotificationCenter") { return "the notification center" }
            // The variants by the framework whose app delegate they are (an app of unknown framework gets both forms).
            if host == "UIApplication@swiftui" { return "the app delegate (SwiftUI's)" }
            if host.hasPrefix("UIApplication") { return "the app delegate" }
            if host.hasPrefix("NSURLSession") { return "URL sessions" }
            return "`\(host)`"
        }
        func named(_ id: String) -> String {
            found.first { $0.runs(as: id) }.map { "\($0.package.rootName) (`\(id)`)" } ?? "`\(id)`"
        }
        let sdks = found.count == 1 ? "SDK" : "SDKs"
        let failing = hosts.filter(\.failsForApp)
        // Sets that fail only under set-ups the app's source shows it does not have.
        let otherSetups = hosts.filter { $0.checked && !$0.advice.evaluation.allPass && !$0.failsForApp }.map { verdict in
            "\(verdict.participants.map(named).joined(separator: " and ")) on \(slot(verdict.host)) fail only under set-ups other than your app's own ("
                + (verdict.sourceSetup?.delegateLine.map { "`\(verdict.sourceSetup!.file):\($0)`" } ?? "no notification delegate of its own") + ")"
        }
        // What the app's own overrides lose, read from its source (a FlutterAppDelegate method that does not call super).
        let own = hosts.flatMap { $0.sourceSetup?.withoutSuper ?? [] }.uniqued().map { c in
            "your `\(c.selector.contains("willPresent") ? "willPresent" : "didReceive")` (`\(c.file):\(c.line)`) does not call `super`, so the Flutter plugins never get that event"
        }
        let notes = (otherSetups + own).map { "; " + $0 }.joined()
        // Sets the lab could not run together (their versions rule each other out), said after the verdict, never as a failure.
        let unchecked = hosts.filter { !$0.checked }.map { verdict in
            "not checked on \(slot(verdict.host)): \(verdict.participants.map(named).joined(separator: " and ")) cannot run together in the lab ("
                + (verdict.impossibility ?? "").replacingOccurrences(of: "not possible: ", with: "") + ")"
        }
        let uncheckedText = unchecked.isEmpty ? "" : "; " + unchecked.joined(separator: "; ")
        guard !failing.isEmpty else {
            var line = found.isEmpty ? "✅ No SDK of yours is one the lab models"
                : found.count == 1 ? "✅ No conflict: 1 SDK of yours is one the lab models, with no other on its slots"
                : "✅ No conflict among the \(found.count) \(sdks) of yours that the lab models"
            if !unmodeled.isEmpty {
                line += "; \(unmodeled.count) more hook\(unmodeled.count == 1 ? "s" : "") a slot and \(unmodeled.count == 1 ? "is" : "are") not modeled yet: "
                    + unmodeled.map(\.title).joined(separator: ", ")
            }
            return line + uncheckedText + notes + "."
        }
        var blamed: [String] = []
        let parts = failing.map { verdict -> String in
            let involved = conflictList.filter { $0.host == verdict.host }.flatMap(\.participants).uniqued()
            blamed += involved.isEmpty ? verdict.participants : involved
            let libraries = (involved.isEmpty ? verdict.participants : involved).map(named).joined(separator: " and ")
            // First a change the lab ran under the app's own set-up, when it read one.
            let fix = verdict.ownFixes.first.map { ": " + ownFixText($0, verdict: verdict) }
                ?? verdict.advice.fixes.first.map { ": " + fixText($0, verdict: verdict) } ?? ": no change the lab ran makes every order pass"
            // The app's own set-up, when its source shows it (Scan+SourceSetup.swift).
            var own = ""
            if let setup = verdict.sourceSetup, let outcome = setup.outcome {
                own = " (your app's own set-up, " + (setup.delegateLine.map { "`\(setup.file):\($0)`" } ?? "no notification delegate of its own") + ": "
                    + (outcome == .ok ? "passes" : "\(outcome.rawValue), \(setup.finding?.kind.rawValue ?? outcome.rawValue)") + ")"
            }
            return "\(libraries) on \(slot(verdict.host))\(own)\(fix)"
        }
        // The SDKs each part names: "0 of your 4 SDKs fail" when a failing set has no conflict of its own was false.
        let count = blamed.uniqued().count
        return "❌ \(count) of your \(found.count) \(sdks) that the lab models \(count == 1 ? "fails" : "fail"): " + parts.joined(separator: "; ") + uncheckedText + notes + "."
    }

    // MARK: Findings for code scanning

    /// One conflicting set of libraries on one host, for SARIF, JUnit and annotations.
    public struct Conflict: Sendable {
        public var host: String
        /// The libraries the shrunk reproducer needs, in install order.
        public var participants: [String]
        public var cause: Advisor.Cause
        /// Where to show it: the lockfile line of the SDK found last of ``participants``.
        public var at: LockedPackage
        /// The first change to try, when there is one.
        public var fix: String?
    }

    /// One conflict per failing cause's libraries and host (causes of the same libraries on one host are one conflict,
    /// the first, most severe, standing for them).
    public var conflictList: [Conflict] {
        var out: [Conflict] = []
        for verdict in hosts where verdict.failsForApp {
            for cause in verdict.advice.causes {
                let needed = (cause.reproducer?.scenario ?? cause.scenario).participants.filter(verdict.participants.contains)
                let involved = needed.isEmpty ? verdict.participants : needed
                guard !out.contains(where: { $0.host == verdict.host && Set($0.participants) == Set(involved) }) else { continue }
                let rows = found.filter { involved.contains($0.participant) }
                guard let last = rows.max(by: { ($0.package.file, $0.package.line) < ($1.package.file, $1.package.line) }) else { continue }
                out.append(Conflict(host: verdict.host, participants: involved, cause: cause, at: last.package,
                                    fix: verdict.ownFixes.first.map { ownFixText($0, verdict: verdict) }
                                        ?? verdict.advice.fixes.first.map { fixText($0, verdict: verdict) }))
            }
        }
        return out
    }

    /// A fix in an app's words, derived from its changes: where every change is another version line of an SDK the
    /// lockfile has, the upgrades (or downgrades) in its package's terms with the lab's ids; else `advise`'s sentence,
    /// followed by those it can say in package terms.
    public func fixText(_ fix: Advisor.Fix, verdict: HostVerdict) -> String {
        let advice = verdict.advice
        let lines = fix.changes.compactMap { change -> String? in
            switch change {
            case .upgrade(let from, let to, _), .downgrade(let from, let to, _):
                Self.upgrade(from: from, to: to, found: found, declared: declared).map { $0 + advice.wording.brings(change) }
            default: nil
            }
        }
        guard lines.count < fix.changes.count else {
            let ids = fix.replacements.map { "`\($0.to)` instead of `\($0.from)`" }.joined(separator: ", ")
            return lines.joined(separator: " and ") + " (\(ids)) — \(advice.condition(of: fix))"
        }
        return ([advice.text(of: fix)] + lines).joined(separator: "; ")
    }

    /// "upgrade RxCocoa to >= 6.5.0" when `to` is another version range of the SDK `from` was found as.
    public static func upgrade(from: String, to: String, found: [Found], known: [KnownSDK] = KnownSDK.all,
                               declared: [String: [PackageDeclaration]] = [:]) -> String? {
        guard let row = found.first(where: { $0.runs(as: from) }) else { return nil }
        // The target's own package lines (a participant file) first, then the catalogue's.
        let targets = (declared[to] ?? []) + known.filter { $0.participant == to }.flatMap(\.packages)
        do {
            for declaration in targets where declaration.ecosystem == row.package.ecosystem {
                let sameName = declaration.ecosystem == .cocoapods ? declaration.name.lowercased() == row.package.rootName.lowercased()
                                                                    : declaration.name.lowercased() == row.package.name.lowercased()
                guard sameName else { continue }
                if let component = declaration.component {
                    if declaration.ecosystem == .cocoapods, row.package.subspec != component {
                        return "use the \(row.package.rootName)/\(component) subspec (\(declaration.versions))"
                    }
                }
                guard let current = row.package.parsedVersion, let target = declaration.versions.lowerBound else { return nil }
                let verb = current < target ? "upgrade" : "downgrade"
                let range = declaration.versions.description.replacingOccurrences(of: ">= ", with: "≥ ").replacingOccurrences(of: "<= ", with: "≤ ")
                return "\(verb) \(row.package.rootName) from \(row.package.version ?? "") to \(range)"
            }
        }
        return nil
    }
}

extension Scan {
    /// A 60-pod Podfile.lock holding ten modeled SDKs among fifty other pods, for `hooklab bench`.
    package static var benchmarkPodfileLock: String {
        let modeled = [("AspectsV1.4.2", "1.4.2"), ("IGListKit", "4.0.0"), ("IMYAOPTableView", "2.1.3"), ("JSPatch", "1.1.3"), ("RSSwizzle", "0.1.0"),
                       ("ReactiveObjC", "3.1.1"), ("RxCocoa", "6.5.0"), ("SensorsAnalyticsSDK", "4.9.1"), ("WebViewJavascriptBridge", "6.0.3"),
                       ("XAspect", "1.0.5")]
        let others = (1...50).map { (String(format: "Pod%02d", $0), "1.\($0).0") }
        let pods = (modeled + others).sorted { $0.0 < $1.0 }
        var text = "PODS:\n" + pods.map { "  - \($0.0) (\($0.1))\n" }.joined()
        text += "\nDEPENDENCIES:\n" + pods.map { "  - \($0.0)\n" }.joined()
        text += "\nSPEC REPOS:\n  trunk:\n" + pods.map { "    - \($0.0)\n" }.joined()
        return text + "\nCOCOAPODS: 1.16.2\n"
    }

    /// A large app for `hooklab bench`'s scan-of-an-app line, as its files (path, text): a Podfile.lock of about 5,600
    /// lines (1,400 pods, Firebase Messaging, GoogleUtilities' swizzler and the Facebook SDK among them), and an Xcode
    /// project of about 900 KB whose Package.resolved pins RxSwift with the RxCocoa product linked: the sizes issue 28
    /// gives for a real app.
    package static var benchmarkApp: [(path: String, text: String)] {
        let modeled = [("FBSDKCoreKit", "17.0.0"), ("Firebase/Messaging", "11.15.0"), ("FirebaseMessaging", "11.15.0"),
                       ("GoogleUtilities/AppDelegateSwizzler", "8.1.0"), ("GoogleUtilities/Environment", "8.1.0")]
        let pods = (modeled + (1...1_380).map { (String(format: "Pod%04d", $0), "1.\($0 % 40).\($0 % 7)") }).sorted { $0.0 < $1.0 }
        let roots = pods.map { String($0.0.split(separator: "/")[0]) }.uniqued()
        var lock = "PODS:\n" + pods.map { "  - \($0.0) (\($0.1))\n" }.joined()
        lock += "\nDEPENDENCIES:\n" + pods.map { "  - \($0.0)\n" }.joined()
        lock += "\nSPEC REPOS:\n  trunk:\n" + roots.map { "    - \($0)\n" }.joined()
        lock += "\nSPEC CHECKSUMS:\n" + roots.map { "  \($0): 0123456789abcdef0123456789abcdef01234567\n" }.joined()
        lock += "\nPODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567\n\nCOCOAPODS: 1.16.2\n"
        var project = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 60;\n\tobjects = {\n\n"
        project += "/* Begin PBXFileReference section */\n"
        project += (1...6_000).map { n in
            "\t\tF\(String(format: "%023d", n)) /* Source\(n).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Source\(n).swift; sourceTree = \"<group>\"; };\n"
        }.joined()
        project += "/* End PBXFileReference section */\n\n"
        project += "\t\tP00000000000000000000001 /* XCRemoteSwiftPackageReference \"RxSwift\" */ = {\n\t\t\tisa = XCRemoteSwiftPackageReference;\n"
            + "\t\t\trepositoryURL = \"https://github.com/ReactiveX/RxSwift\";\n\t\t\trequirement = {\n\t\t\t\tkind = upToNextMajorVersion;\n"
            + "\t\t\t\tminimumVersion = 6.5.0;\n\t\t\t};\n\t\t};\n"
        project += "\t\tD00000000000000000000001 /* RxCocoa */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n"
            + "\t\t\tpackage = P00000000000000000000001 /* XCRemoteSwiftPackageReference \"RxSwift\" */;\n\t\t\tproductName = RxCocoa;\n\t\t};\n"
        project += "\t};\n\trootObject = R00000000000000000000001 /* Project object */;\n}\n"
        let resolved = "{\n  \"pins\" : [\n    {\n      \"identity\" : \"rxswift\",\n      \"kind\" : \"remoteSourceControl\",\n"
            + "      \"location\" : \"https://github.com/ReactiveX/RxSwift\",\n      \"state\" : {\n"
            + "        \"revision\" : \"c7c7d2cf50a3211fe2843f76869c698e4e417930\",\n        \"version\" : \"6.8.0\"\n      }\n    }\n  ],\n  \"version\" : 2\n}\n"
        return [("Podfile.lock", lock), ("App.xcodeproj/project.pbxproj", project),
                ("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", resolved)]
    }
}
