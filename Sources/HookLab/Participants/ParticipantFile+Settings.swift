// `setting NAME "TEXT"`: a documented switch that turns an SDK's hooks off while the app calls the SDK from its own
// delegate methods, as the vendor's docs ask (Firebase's FirebaseAppDelegateProxyEnabled = NO, GULAppDelegateSwizzler.m
// :188-210). The switch makes a variant participant `ID:NAME` that the matrix runs like any other: every section of the
// file becomes `passive` (DeclaredSDK+Passive.swift), observing the same events, so it sees an event exactly when the
// chain delivers it to the app's own method.
import LibraryModels

extension ParticipantFile {
    /// One variant participant per `setting` line.
    func settingVariants() -> [ParticipantFile] {
        settings.map { setting in
            let id = "\(info.id):\(setting.name)"
            func passive(_ sdk: DeclaredSDK) -> DeclaredSDK {
                // With its hooks off the SDK starts when the app calls it (`start runtime`, `setter none`).
                var s = DeclaredSDK(id: id, observer: sdk.observer, start: sdk.start == .load ? .runtime : sdk.start, observes: sdk.observes,
                                    setterHook: .replace, callsOriginal: true, resetsDelegate: false, prefix: sdk.prefix,
                                    category: sdk.category, handling: .passive)
                s.trigger = .start
                s.basedOn = sdk.basedOn
                s.citations = [DeclaredSDK.Citation(fact: .passive, source: setting.source)]
                return s
            }
            var info = self.info
            info.id = id
            let name = self.info.models.split(separator: ":", maxSplits: 1).first.map(String.init) ?? self.info.models
            info.models = "\(name) with its hooks off: \(setting.text)"
            info.design = "its hooks off (\(setting.text)); the app forwards the calls by hand"
            info.hasLoad = false
            info.hasAttach = true
            info.canStartLate = self.info.canStartLate
            info.packages = []
            info.actions = nil
            info.versionOf = nil
            info.setting = ParticipantInfo.Setting(of: self.info.id, name: setting.name, text: setting.text)
            info.declaredSettings = []
            var variant = ParticipantFile(sdk: passive(sdk), info: info, file: file)
            variant.sections = sections.map(passive)
            return variant
        }
    }
}
