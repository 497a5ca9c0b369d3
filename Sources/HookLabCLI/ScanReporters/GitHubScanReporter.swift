// `hooklab scan --github`: GitHub Actions workflow commands, one `::error` per conflict at its lockfile line.
import HookLab

struct GitHubScanReporter: ScanReporter {
    var name: String { "github" }

    func report(_ scan: Scan) -> String {
        var out = ""
        for c in scan.conflictList.prefix(GateReport.annotationLimit) {
            let title = "\(c.cause.outcome.rawValue): \(c.participants.joined(separator: " + ")) on \(c.host)"
            out += "::error file=\(GateReport.property(c.at.file)),line=\(c.at.line),title=\(GateReport.property(title))::\(GateReport.data(c.message))\n"
        }
        for u in scan.unmodeled.prefix(GateReport.annotationLimit) {
            out += "::notice file=\(GateReport.property(u.package.file)),line=\(u.package.line),title=\(GateReport.property("\(u.title): not modeled yet"))::\(GateReport.data("hooks \(u.hooks); not modeled yet"))\n"
        }
        let failing = scan.hosts.filter { $0.checked && !$0.advice.evaluation.allPass }.count
        out += "::notice title=\(GateReport.property(scan.root.map { "hooklab scan: \($0)" } ?? "hooklab scan"))::\(GateReport.data("\(scan.verdictLine) (\(scan.found.count) SDK\(scan.found.count == 1 ? "" : "s") recognised, \(scan.hosts.count) host\(scan.hosts.count == 1 ? "" : "s") checked, \(failing) with a conflict)"))\n"
        return out
    }

    func report(_ scans: [Scan]) -> String { scans.map(report).joined() }
}
