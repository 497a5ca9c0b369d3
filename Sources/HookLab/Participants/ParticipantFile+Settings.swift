// `setting NAME "TEXT"`: a documented switch that turns an SDK's hooks off while the app calls the SDK from its own
// delegate methods, as the vendor's docs ask (Firebase's FirebaseAppDelegateProxyEnabled = NO, GULAppDelegateSwizzler.m
// :188-210). The switch makes a variant participant `ID:NAME` that the matrix runs like any other: every section of the
// file becomes `passive` (DeclaredSDK+Passive.swift), observing the same events, so it sees an event exactly when the
// chain delivers it to the app's own method.
import LibraryModels
import UIKitModel

/// One `setting` line of a participant file.
struct SettingLine: Sendable {
    var name: String
    var text: String
    var source: String
    var line: Int
    /// `off`: the switch turns the feature off; the app calls nothing by hand, and the SDK expects no event.
    var off = false
    /// The Info.plist key and value that set it (`plist KEY VALUE`), which `hooklab scan` reads in the app.
    var plistKey: String? = nil
    var plistValue: String? = nil
    /// The first version of the SDK that reads the key (`since VERSION`); nil: every version the file models.
    var plistSince: String? = nil
    /// `number`: the SDK reads the key only as a number or Boolean, not a string.
    var plistNumeric = false
    /// `default-unless NEEDLE…`: the switch is the SDK's default; the app turns the hooks on by writing one of the
    /// NEEDLEs (a property or call) in its source, which `hooklab scan` looks for. Empty: the hooks are the default.
    var defaultUnless: [String] = []
    /// The host classes of the `for` sections it was declared in; empty: a switch for every slot the SDK hooks.
    var hostClasses: [String] = []
}

extension ParticipantFile {
    /// One variant participant per `setting` line.
    public func settingVariants() -> [ParticipantFile] {
        settings.map { setting in
            let id = "\(info.id):\(setting.name)"
            func switched(_ sdk: DeclaredSDK) -> DeclaredSDK {
                // With its hooks off the SDK starts when the app calls it (`start runtime`, `setter none`); switched off,
                // it expects no event at all.
                var s = DeclaredSDK(id: id, observer: sdk.observer, start: sdk.start == .load ? .runtime : sdk.start,
                                    observes: setting.off ? sdk.observes.map { ($0.host, []) } : sdk.observes,
                                    setterHook: .replace, callsOriginal: true, resetsDelegate: false, prefix: sdk.prefix,
                                    category: sdk.category, handling: .passive)
                s.trigger = .start
                s.basedOn = sdk.basedOn
                s.citations = [DeclaredSDK.Citation(fact: .passive, source: setting.source)]
                return s
            }
            // A section's switch leaves the SDK's other slots out of the variant: it is the same SDK there.
            let kept = setting.hostClasses.isEmpty ? sections : sections.filter { !Set($0.hostClasses).isDisjoint(with: setting.hostClasses) }
            var info = self.info
            info.id = id
            let name = self.info.models.split(separator: ":", maxSplits: 1).first.map(String.init) ?? self.info.models
            info.models = setting.off ? "\(name) with the feature off: \(setting.text)" : "\(name) with its hooks off: \(setting.text)"
            info.design = setting.off ? "switched off (\(setting.text)); it hooks nothing" : "its hooks off (\(setting.text)); the app forwards the calls by hand"
            if !setting.hostClasses.isEmpty {
                let classes = setting.hostClasses
                info.hosts = self.info.hosts.filter { host in HostKind.named(host).map { classes.contains($0.className) } ?? false }
                // What it follows: the file's shared lines and its own sections' (each section's list holds both), not
                // the other slots' sources (`hooklab audit datadog:no-duration-breakdown` cites no scroll-view file).
                info.basedOn = kept.flatMap(\.basedOn).uniqued()
            }
            info.hasLoad = false
            info.hasAttach = true
            info.canStartLate = self.info.canStartLate
            info.packages = []
            info.actions = nil
            info.versionOf = nil
            info.setting = ParticipantInfo.Setting(of: self.info.id, name: setting.name, text: setting.text,
                                                   plistKey: setting.plistKey, plistValue: setting.plistValue,
                                                   plistSince: setting.plistSince, plistNumeric: setting.plistNumeric,
                                                   defaultUnless: setting.defaultUnless, off: setting.off)
            info.declaredSettings = []
            // The app sets the switch: its variant is a choice of the app's even where the SDK's modes are not.
            info.chosenBy = nil
            // Its hooks are off: what the closed binary does with them no longer decides anything.
            info.closedSource = nil
            var variant = ParticipantFile(sdk: switched(kept.first ?? sdk), info: info, file: file)
            variant.sections = kept.map(switched)
            return variant
        }
    }
}
