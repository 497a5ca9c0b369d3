// `hooklab scan --json`: `found`, `unmodeled` and `hosts` with `advise`'s own fields.
import HookLab

struct JSONScanReporter: ScanReporter {
    var name: String { "json" }

    func report(_ scan: Scan) -> String {
        func strings(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        func located(_ p: LockedPackage) -> [(String, JSONValue)] {
            [("package", .string(p.name)), ("manager", .string(p.ecosystem.rawValue)), ("version", p.version.map(JSONValue.string) ?? .null),
             ("revision", p.revision.map(JSONValue.string) ?? .null), ("file", .string(p.file)), ("line", .number(p.line)),
             ("broughtBy", p.broughtBy.map(JSONValue.string) ?? .null)]
        }
        let found: [JSONValue] = scan.found.map { f in
            .object(located(f.package) + [("participant", .string(f.participant)), ("sdk", .string(f.title)), ("reason", .string(f.reason)),
                                          ("hostVariants", .array(f.hostVariants.map { .object([("variant", .string($0.variant)), ("hosts", strings($0.hosts))]) }))])
        }
        let unmodeled: [JSONValue] = scan.unmodeled.map { u in
            .object(located(u.package) + [("sdk", .string(u.title)), ("hooks", .string(u.hooks)),
                                          ("participant", u.plannedParticipant.map(JSONValue.string) ?? .null), ("source", .string(u.source))])
        }
        let hosts: [JSONValue] = scan.hosts.map { verdict in
            // `advise --json`'s document, whose causes and fixes keep their field names.
            let advice = (try? JSONValue.parse(CLI.adviceJSON(verdict.advice)).value) ?? .null
            // Each fix's values as `advise --json` has them, its sentence in the lockfile's terms.
            let fixes: [JSONValue] = verdict.advice.fixes.map { fix in
                CLI.fixJSON(fix, advice: verdict.advice, text: scan.fixText(fix, verdict: verdict))
            }
            return .object([
                ("host", .string(verdict.host)),
                ("participants", strings(verdict.participants)),
                ("leftOut", strings(verdict.leftOut)),
                ("passing", advice["passing"] ?? .array([])),
                ("causes", advice["causes"] ?? .array([])),
                ("fixes", .array(fixes)),
                // The changes the lab ran under the app's own set-up and saw pass, first in the verdict.
                ("ownFixes", .array(verdict.ownFixes.map { fix in
                    .object([("replacements", .array(fix.replacements.map { .array($0.map(JSONValue.string)) })),
                             ("changes", .array(fix.changes.map { Matrix.json($0, host: verdict.advice.wording.host) })),
                             ("owner", .string(fix.owner.rawValue)),
                             ("setup", verdict.advice.wording.host.map { .string(fix.setup.text(on: $0)) } ?? .null),
                             ("text", .string(scan.ownFixText(fix, verdict: verdict)))])
                })),
                ("failsForApp", .bool(verdict.failsForApp)),
            ] + sourceSetupMembers(verdict))
        }
        let document: JSONValue = .object([
            ("verdict", .string(scan.verdictLine)),
            ("framework", .string(scan.framework.rawValue)),
            ("appDelegate", scan.appDelegate.map(appDelegateJSON) ?? .null),
            ("switches", .array(scan.switches.map { s in
                .object([("participant", .string(s.participant)), ("runsAs", .string(s.variant)), ("key", .string(s.entry.key)),
                         ("value", .string(s.entry.value)), ("file", .string(s.entry.file)), ("line", .number(s.entry.line))])
            })),
            ("files", strings(scan.files)),
            ("localPackagesNotFound", strings(scan.localPackagesNotFound)),
            ("packages", .number(scan.packageCount)),
            ("found", .array(found)),
            ("unmodeled", .array(unmodeled)),
            ("olderThanModeled", .array(scan.olderThanModeled.map { o in
                .object(located(o.package) + [("oldestModeled", .string(o.oldest)), ("text", .string(o.sentence))])
            })),
            ("hooksNothing", .array(scan.hookingNothing.map { entry in
                .object(located(entry.package) + [("sdk", .string(entry.title))]
                        + (KnownSDK.all.first { $0.title == entry.title }?.armedIf.map { [("armedOnlyIf", JSONValue.string($0))] } ?? []))
            })),
            ("hosts", .array(hosts)),
            ("conflict", .bool(scan.conflicts)),
        ])
        return document.text() + "\n"
    }

    /// The app delegate the source declares, where its set-up is, and where it sets the notification delegate.
    func appDelegateJSON(_ a: AppDelegateSource) -> JSONValue {
        let delegate: String? = a.notificationDelegateLine.map { "\(a.setupFile):\($0)" } ?? a.elsewhereDelegate.map { "\($0.file):\($0.line)" }
        let main: String? = a.namedByMain.map { "\($0.file):\($0.line)" }
        return .object([("file", .string(a.file)), ("line", .number(a.line)), ("class", .string(a.className)),
                        ("superclass", .string(a.superclass)), ("framework", .string(a.kind.rawValue)),
                        ("bodyFile", a.bodyFile.map(JSONValue.string) ?? .null),
                        ("notificationDelegate", delegate.map(JSONValue.string) ?? .null),
                        ("namedByMain", main.map(JSONValue.string) ?? .null)])
    }

    /// `appSetup` (the set-up the app delegate's source shows, with its verdict) or `appSetupUnknown` (why it shows
    /// none) on the notification center; nothing elsewhere.
    func sourceSetupMembers(_ verdict: Scan.HostVerdict) -> [(String, JSONValue)] {
        if let s = verdict.sourceSetup {
            return [("appSetup", .object([
                ("file", .string(s.file)), ("delegateLine", s.delegateLine.map(JSONValue.number) ?? .null),
                ("leavesSlotEmpty", .bool(s.delegateLine == nil && s.lacks == nil)),
                ("starts", .array(s.starts.map { start in
                    .object([("participant", .string(start.participant)),
                             ("line", start.line.flatMap { $0 == Scan.SourceSetup.Start.afterLaunch ? nil : JSONValue.number($0) } ?? .null),
                             ("afterLaunch", .bool(start.line == Scan.SourceSetup.Start.afterLaunch)), ("how", .string(start.how))])
                })),
                ("setAfter", .array((s.setup.setAfter ?? []).map(JSONValue.string))), ("setBefore", .array(s.setup.setBefore.map(JSONValue.string))),
                ("completions", .array(s.completions.map { c in
                    .object([("selector", .string(c.selector)), ("file", .string(c.file)), ("line", .number(c.line)),
                             ("step", c.step.map { .string($0.line) } ?? .null), ("text", .string(c.sentence))])
                })),
                ("overridesWithoutSuper", .array(s.withoutSuper.map { c in
                    .object([("selector", .string(c.selector)), ("file", .string(c.file)), ("line", .number(c.line)), ("run", .bool(s.ranOverrides))])
                })),
                ("outcome", s.outcome.map { .string($0.rawValue) } ?? .null),
                ("finding", s.finding.map { .object([("kind", .string($0.kind.rawValue)), ("message", .string($0.message))]) } ?? .null),
                ("text", .string(s.sentence + ". " + s.verdict)),
            ]))]
        }
        return verdict.sourceSetupGap.map { [("appSetupUnknown", .string($0))] } ?? []
    }

    /// One app: its document. Several (a monorepo): `apps`, each app's document with its `root` first, and `conflict`
    /// when any app conflicts.
    func report(_ scans: [Scan]) -> String {
        guard scans.count > 1 else { return scans.first.map(report) ?? "" }
        let apps: [JSONValue] = scans.map { scan in
            guard case .object(let members)? = try? JSONValue.parse(report(scan)).value else { return .null }
            return .object([("root", .string(scan.root ?? "."))] + members)
        }
        return JSONValue.object([("apps", .array(apps)), ("conflict", .bool(scans.contains { $0.conflicts }))]).text() + "\n"
    }
}
