// One output format of `hooklab scan` per file, behind one small protocol (as SwiftLint's reporters are).
import HookLab

/// Renders a finished scan in one format.
protocol ScanReporter {
    /// The format's name, for `--help` and errors.
    var name: String { get }
    /// The whole output.
    func report(_ scan: Scan) -> String
    /// The output for the apps of one run (a monorepo's, each with its ``Scan/root``); for one app, ``report(_:)-(Scan)``.
    func report(_ scans: [Scan]) -> String
}

extension Scan.Conflict {
    /// `hooklab/crash/danglingMessage`: the rule a finding of this kind and outcome reports under.
    var ruleID: String { "hooklab/\(cause.kind.rawValue)" }

    /// The lab's note on this set: the first library's page, which lists every order it fails in with its note.
    var notePath: String { "Reports/libraries/\(participants.first.map(Matrix.fileSafeName) ?? "README").md" }

    /// One sentence: what breaks and what to change.
    var message: String {
        let first = Matrix.sentence(cause.finding.message.split(separator: "\n").first.map(String.init) ?? cause.finding.message)
        var text = "\(participants.joined(separator: " + ")) on \(host): \(cause.outcome.title) (\(cause.kind.rawValue)). \(first)"
        if let fix { text += " First change to try: \(fix)." }
        text += " See HookLab's \(notePath) and `hooklab advise \(host) \(participants.joined(separator: " "))`."
        return text
    }
}

