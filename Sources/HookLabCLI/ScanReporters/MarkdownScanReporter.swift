// `hooklab scan`'s default output: Markdown for an iOS engineer.
import HookLab

/// The SDKs recognised, those not modeled yet, a count of the rest, then `advise`'s verdict per host.
struct MarkdownScanReporter: ScanReporter {
    var name: String { "markdown" }
    /// Why an order on a host cannot happen ("not possible: X hooks at launch"), as `advise` says it.
    var impossibility: (_ host: String, _ order: [String]) -> String? = { _, _ in nil }

    func report(_ scan: Scan) -> String {
        var out = "# HookLab scan\n\n" + scan.verdictLine + "\n\n"
        out += "Read \(scan.files.map { "`\($0)`" }.joined(separator: ", ")): \(scan.packageCount) package\(scan.packageCount == 1 ? "" : "s")"
            + (scan.framework.phrase.map { ", read as \($0) (its hosts are checked in that framework's form)" } ?? "") + ".\n\n"
        if !scan.localPackagesNotFound.isEmpty {
            // Flutter generates its plugins' package at build time (Flutter/ephemeral); its plugins are in pubspec.lock.
            out += "Not found: \(scan.localPackagesNotFound.map { "`\($0)`" }.joined(separator: ", ")), the manifest of a local package "
                + "the Xcode project links; what it links is not seen here"
                + (scan.localPackagesNotFound.contains { $0.contains("FlutterGeneratedPluginSwiftPackage") } ? " (Flutter generates it at build time; its plugins are read from pubspec.lock)" : "")
                + ".\n\n"
        }
        if let source = scan.appDelegate {
            out += "From the app's source: \(source.sentence). The reading is heuristic; the lockfiles decide where the source says nothing.\n\n"
        }
        if !scan.switches.isEmpty {
            // One sentence per key: FirebaseAppDelegateProxyEnabled is one switch for every SDK that reads it (fcm, gul).
            var entries: [InfoPlistEntry] = []
            for s in scan.switches where !entries.contains(s.entry) { entries.append(s.entry) }
            out += "From the app's Info.plist: " + entries.map { entry in
                let switched = scan.switches.filter { $0.entry == entry }
                let ids = switched.map { "`\($0.participant)`" }.joined(separator: " and ")
                let variants = switched.map { "`\($0.variant)`" }.joined(separator: " and ")
                return "\(entry.sentence) switches the hooks of \(ids) off: \(switched.count == 1 ? "it runs" : "they run") as \(variants)"
            }.joined(separator: "; ") + ".\n\n"
        }

        out += "## SDKs the lab models (\(scan.found.count))\n\n"
        if scan.found.isEmpty {
            out += "None of these packages is one the lab models.\n\n"
        } else {
            out += "| package | version | where | participant | why |\n|---|---|---|---|---|\n"
            for f in scan.found {
                out += "| \(cell(f.package.name)) | \(cell(f.package.displayVersion)) | `\(f.package.file):\(f.package.line)` | `\(f.participant)` | \(cell(f.reason)) |\n"
            }
            out += "\n"
        }

        if !scan.unmodeled.isEmpty {
            out += "## SDKs that hook something the lab does not model yet (\(scan.unmodeled.count))\n\n"
            for u in scan.unmodeled {
                out += "- **\(u.title)** (`\(u.package.name)` \(u.package.displayVersion), `\(u.package.file):\(u.package.line)`): hooks \(u.hooks); not modeled yet"
                out += u.plannedParticipant.map { " (will be `\($0)`)" } ?? ""
                out += ". Source: \(u.source).\n"
            }
            out += "\n"
        }

        if !scan.olderThanModeled.isEmpty {
            out += "## SDKs older than the lines the lab models (\(scan.olderThanModeled.count))\n\n"
            for o in scan.olderThanModeled { out += "- \(o.sentence).\n" }
            out += "\n"
        }

        let rest = scan.packageCount - scan.placedCount
        out += "## The rest\n\n"
        // A package whose hooks another SDK arms is not one that hooks nothing: say when it is armed.
        let armed = scan.hookingNothing.compactMap { entry in KnownSDK.all.first { $0.title == entry.title }?.armedIf.map { (entry.title, $0) } }
        let nothing = scan.hookingNothing.filter { entry in !armed.contains { $0.0 == entry.title } }
        if !nothing.isEmpty {
            out += "Known to hook nothing: \(nothing.map(\.title).joined(separator: ", ")).\n"
        }
        for (title, condition) in armed {
            out += "\(title) is linked; whether it hooks depends on who arms it: \(condition).\n"
        }
        out += "\(max(rest, 0)) other package\(rest == 1 ? "" : "s") the catalogue does not know (the subspecs of the SDKs above are counted with them).\n\n"

        out += "## Hosts two or more of them hook\n\n"
        if scan.hosts.isEmpty {
            out += "No host is hooked by two recognised SDKs: nothing to check against each other.\n"
        }
        for verdict in scan.hosts {
            let e = verdict.advice.evaluation
            out += "### \(verdict.host): \(verdict.participants.map { "`\($0)`" }.joined(separator: ", ")) — \(!verdict.checked ? "⚪ not checked: no order can happen in the lab" : e.allPass ? "✅ every order passes" : "❌ some orders fail")\n\n"
            if !verdict.leftOut.isEmpty {
                out += "Left out of this check: \(verdict.leftOut.map { "`\($0)`" }.joined(separator: ", ")) (`advise` takes one library per family, at most \(Advisor.sizes.upperBound)).\n\n"
            }
            // A fix the app's own set-up already lists (the same changes) is said there, once.
            let own = Set(verdict.ownFixes.map { Set($0.changes) })
            let upgrades = verdict.advice.fixes.compactMap { fix -> String? in
                guard !own.contains(Set(fix.changes)) else { return nil }
                let text = scan.fixText(fix, verdict: verdict)
                return text == verdict.advice.text(of: fix) ? nil : text
            }
            // The app's own set-up and what passes under it come first (issue 42 §2); the fixes over every set-up after.
            if let setup = verdict.sourceSetup {
                let verdictOfHost = verdict
                let verdict = setup.verdict.prefix(1).uppercased() + setup.verdict.dropFirst()
                out += "**Your app's set-up, from its source:** \(setup.sentence). \(verdict)\(verdict.hasSuffix(".") ? "" : ".")\n\n"
                if !verdictOfHost.ownFixes.isEmpty {
                    out += "**What passes under your app's own set-up** (the lab ran each):\n\n"
                        + verdictOfHost.ownFixes.map { "- " + scan.ownFixText($0, verdict: verdictOfHost) + "\n" }.joined() + "\n"
                }
            } else if let gap = verdict.sourceSetupGap {
                out += "Your app's set-up here is not known from its source: \(gap); the verdict below is over every set-up.\n\n"
            }
            if !upgrades.isEmpty {
                out += (verdict.sourceSetup == nil ? "In your lockfile's terms: " : "Over every set-up the lab ran, in your lockfile's terms: ")
                    + upgrades.joined(separator: "; ") + ".\n\n"
            }
            // `advise`'s own rendering, unchanged.
            out += "```text\n" + CLI.adviceText(verdict.advice, impossibility: { impossibility(verdict.host, $0) }) + "```\n\n"
        }
        return out
    }

    func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    /// One app: its report. Several (a monorepo): each app's verdict line by its root, then each app's report under a
    /// heading of its own (its headings one level down).
    func report(_ scans: [Scan]) -> String {
        guard scans.count > 1 else { return scans.first.map(report) ?? "" }
        var out = "# HookLab scan: \(scans.count) apps\n\n"
        // The verdict over all of them first (issue 44 §11), then each app's.
        let conflicting = scans.filter(\.conflicts)
        out += conflicting.isEmpty ? "✅ No conflict in any of the \(scans.count) apps.\n\n"
            : "❌ \(conflicting.count) of the \(scans.count) apps \(conflicting.count == 1 ? "has a conflict" : "have conflicts"): "
                + conflicting.map { "`\($0.root ?? ".")`" }.joined(separator: ", ") + ".\n\n"
        out += "Each app's files are read apart: the directory of a Podfile.lock, an Xcode project or workspace, or a Flutter app's `pubspec.yaml`.\n\n"
        for scan in scans { out += "- `\(scan.root ?? ".")`: \(scan.verdictLine)\n" }
        for scan in scans {
            var inCode = false
            let lines = report(scan).split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line -> String in
                if index == 0 { return "## App `\(scan.root ?? ".")`" }
                if line.hasPrefix("```") { inCode.toggle() }
                return !inCode && line.hasPrefix("#") ? "#" + line : String(line)
            }
            out += "\n" + lines.joined(separator: "\n")
        }
        return out
    }
}
