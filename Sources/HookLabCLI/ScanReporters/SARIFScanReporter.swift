// `hooklab scan --sarif FILE`: SARIF 2.1.0 for GitHub code scanning, one result per conflicting set and host at the
// lockfile line of the SDK found last.
import HookLab

struct SARIFScanReporter: ScanReporter {
    var name: String { "sarif" }

    func report(_ scan: Scan) -> String { report([scan]) }

    /// One run: the results of every app, each at its own lockfile line.
    func report(_ scans: [Scan]) -> String {
        let conflicts = scans.flatMap(\.conflictList)
        var ruleIDs: [String] = []
        for c in conflicts where !ruleIDs.contains(c.ruleID) { ruleIDs.append(c.ruleID) }
        let rules: [JSONValue] = ruleIDs.map { id in
            let kind = String(id.dropFirst("hooklab/".count))
            return .object([
                ("id", .string(id)),
                ("name", .string(kind)),
                ("shortDescription", .object([("text", .string("SDKs in this lockfile, alone or together, end in \(kind)"))])),
                ("fullDescription", .object([("text", .string("HookLab ran the SDKs' models in every install order; some orders end in a \(kind) finding. The result names the library or libraries it needs, the host, what the user sees and the first change to try."))])),
                ("defaultConfiguration", .object([("level", .string("error"))])),
            ])
        }
        let results: [JSONValue] = conflicts.map { c in
            .object([
                ("ruleId", .string(c.ruleID)),
                ("ruleIndex", .number(ruleIDs.firstIndex(of: c.ruleID) ?? 0)),
                ("level", .string(c.cause.outcome == .ok ? "note" : "error")),
                ("message", .object([("text", .string(c.message))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(c.at.file))])),
                    ("region", .object([("startLine", .number(c.at.line))])),
                ]))])])),
                ("partialFingerprints", .object([("hooklab/v1", .string("\(c.host)|\(c.participants.sorted().joined(separator: "+"))|\(c.cause.kind.rawValue)"))])),
                ("properties", .object([("host", .string(c.host)), ("participants", .array(c.participants.map(JSONValue.string))),
                                        ("outcome", .string(c.cause.outcome.rawValue)), ("note", .string(c.notePath))])),
            ])
        }
        let document: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("HookLab")),
                    ("version", .string(CLI.version)),
                    ("rules", .array(rules)),
                ]))])),
                ("results", .array(results)),
            ])])),
        ])
        return document.text() + "\n"
    }

    /// The scan could not read its input (exit 2): a run with no results whose invocation failed, the error as a
    /// `toolExecutionNotifications` entry at the file and line it names, so a code-scanning upload still has its file.
    func failure(_ message: String) -> String {
        var notification: [(String, JSONValue)] = [("level", .string("error")), ("message", .object([("text", .string(message))]))]
        if let (file, line) = Self.location(of: message) {
            notification.append(("locations", .array([.object([("physicalLocation", .object([
                ("artifactLocation", .object([("uri", .string(file))])),
                ("region", .object([("startLine", .number(line))])),
            ]))])])))
        }
        let document: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([("name", .string("HookLab")), ("version", .string(CLI.version)), ("rules", .array([]))]))])),
                ("invocations", .array([.object([("executionSuccessful", .bool(false)),
                                                 ("toolExecutionNotifications", .array([.object(notification)]))])])),
                ("results", .array([])),
            ])])),
        ])
        return document.text() + "\n"
    }

    /// "Podfile.lock:12: …": the file and line an error names, if it starts with them.
    static func location(of message: String) -> (String, Int)? {
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let line = Int(parts[1]), line > 0 else { return nil }
        return (String(parts[0]), line)
    }
}
