// `for HOSTCLASS` sections: one SDK that hooks two slots by different mechanisms (Firebase Messaging: a GUL interceptor on
// the app delegate, KVO plus SETIMP on UNUserNotificationCenter.delegate, FIRMessagingRemoteNotificationsProxy.m:83-135).
// Lines before the first `for` line are shared; each section is parsed with them as a file of its own, keeping its
// line numbers, and must observe its host only (and, with `setter … on HOST`, its subclasses: Datadog on list views).
import UIKitModel
import Foundation
import LibraryModels

extension ParticipantFile {
    /// The file parsed section by section, or nil when it has no `for` line.
    static func parseSections(text: String, file: String) throws(InputFileError) -> ParticipantFile? {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func words(_ line: String) -> [String] {
            line.trimmingCharacters(in: .whitespacesAndNewlines).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        let starts = lines.indices.filter { words(lines[$0]).first == "for" }
        guard let first = starts.first else { return nil }
        var hosts: [String] = []
        for index in starts {
            let w = words(lines[index])
            guard w.count == 2, hostClasses.contains(w[1]) else {
                throw InputFileError(file: file, line: index + 1,
                                     message: "expected 'for HOSTCLASS' with one of \(hostClasses.joined(separator: ", "))")
            }
            guard !hosts.contains(w[1]) else { throw InputFileError(file: file, line: index + 1, message: "a second section for \(w[1])") }
            hosts.append(w[1])
        }
        var parsed: [ParticipantFile] = []
        for (n, start) in starts.enumerated() {
            let end = n + 1 < starts.count ? starts[n + 1] : lines.count
            // The shared lines and this section's, the others blanked so that errors keep their line numbers.
            let own = lines.indices.map { i in i < first || (i > start && i < end) ? lines[i] : "" }.joined(separator: "\n")
            let section = try parseOne(text: own, file: file)
            guard section.methodHook == nil else {
                throw InputFileError(file: file, line: start + 1, message: "a 'hook' participant has no host sections")
            }
            // With `setter … on HOST`, the section may also observe HOST's subclasses, whose sets reach HOST's setter by super.
            let classes = section.sdk.hostClasses
            guard classes.first == hosts[n], classes.dropFirst().allSatisfy({ HostKind.uikitSuperclass[$0] == hosts[n] && section.sdk.setterOn == [hosts[n]] }) else {
                throw InputFileError(file: file, line: start + 1, message: "the section 'for \(hosts[n])' must observe \(hosts[n]) first, on its own 'observe' line, and its subclasses only with 'setter … on \(hosts[n])'")
            }
            parsed.append(section)
        }
        try checkCites(parsed)
        var result = parsed[0]
        result.sections = parsed.map(\.sdk)
        func union<T: Equatable>(_ lists: [[T]]) -> [T] {
            var out: [T] = []
            for x in lists.joined() where !out.contains(x) { out.append(x) }
            return out
        }
        // Each section's hosts, in host-kind order (a section's `era` line narrows its own).
        let sectionHosts = union(parsed.map(\.info.hosts))
        result.info.hosts = HookLab.hostNames(union(parsed.map(\.sdk.hostClasses))).filter(sectionHosts.contains)
        result.info.hasLoad = parsed.contains { $0.info.hasLoad }
        result.info.hasAttach = parsed.contains { $0.info.hasAttach }
        result.info.canStartLate = parsed.contains { $0.info.canStartLate }
        result.info.basedOn = union(parsed.map(\.info.basedOn))
        result.info.packages = union(parsed.map(\.info.packages))
        result.info.requires = union(parsed.map(\.info.requires))
        result.info.provides = parsed.lazy.compactMap(\.info.provides).first
        result.info.closedSource = parsed.lazy.compactMap(\.info.closedSource).first
        result.info.framework = parsed.lazy.compactMap(\.info.framework).first
        result.info.appDelegateClass = parsed.lazy.compactMap(\.info.appDelegateClass).first
        result.info.startCalls = union(parsed.map(\.info.startCalls))
        // A `setting` inside a section switches that slot only; the same name in two sections is one switch for both.
        var settings: [SettingLine] = []
        for (n, section) in parsed.enumerated() {
            for var setting in section.settings {
                let scoped = setting.line - 1 > starts[n]
                if let i = settings.firstIndex(where: { $0.name == setting.name }) {
                        if scoped, !settings[i].hostClasses.isEmpty {
                        for host in section.sdk.hostClasses where !settings[i].hostClasses.contains(host) { settings[i].hostClasses.append(host) }
                    }
                    continue
                }
                // The section's slot, with the subclasses it reaches through super (Datadog's list views).
                if scoped { setting.hostClasses = section.sdk.hostClasses }
                settings.append(setting)
            }
        }
        result.settings = settings
        let actions = union(parsed.map { $0.info.actions ?? [] })
        result.info.actions = actions.isEmpty ? nil : actions
        return result
    }
}
