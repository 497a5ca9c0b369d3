// `hooklab scan --junit FILE`: one test suite per host checked, one test case per install order.
import HookLab

struct JUnitScanReporter: ScanReporter {
    var name: String { "junit" }

    func report(_ scan: Scan) -> String { report([scan]) }

    /// A test suite per app and host checked; an app of a monorepo names its root first.
    func report(_ scans: [Scan]) -> String {
        let xml = GateReport.xml
        var cases = 0, failures = 0
        var body = ""
        for scan in scans {
        let app = scan.root.map { "\($0) · " } ?? ""
        for verdict in scan.hosts {
            let e = verdict.advice.evaluation
            let orders = e.orders.filter(e.isPossible)
            let failing = orders.filter { !e.passes($0) }
            cases += orders.count
            failures += failing.count
            body += "  <testsuite name=\"\(xml("\(app)\(verdict.host) · \(verdict.participants.joined(separator: ", "))"))\" tests=\"\(orders.count)\" failures=\"\(failing.count)\" errors=\"0\" skipped=\"0\">\n"
            for order in orders {
                body += "    <testcase classname=\"\(xml("hooklab.scan.\(verdict.host)"))\" name=\"\(xml(order.joined(separator: " → ")))\""
                if e.passes(order) { body += "/>\n"; continue }
                let cause = verdict.advice.causes.first { cause in cause.cells.contains { $0.order == order } }
                let message = cause.map { "\($0.outcome.rawValue): \($0.kind.rawValue): \($0.finding.message)" } ?? "fails"
                let fix = verdict.advice.fixes.first.map { "first change to try: " + scan.fixText($0, verdict: verdict) } ?? "nothing in the lab makes every order pass"
                body += ">\n      <failure type=\"\(xml(cause?.kind.rawValue ?? "conflict"))\" message=\"\(xml(message))\">\(xml(fix))</failure>\n    </testcase>\n"
            }
            body += "  </testsuite>\n"
        }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hooklab scan\" tests=\"\(cases)\" failures=\"\(failures)\" errors=\"0\">\n" + body + "</testsuites>\n"
    }

    /// The scan could not read its input (exit 2): one test case in error, with the message.
    func failure(_ message: String) -> String {
        let xml = GateReport.xml
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hooklab scan\" tests=\"1\" failures=\"0\" errors=\"1\">\n"
            + "  <testsuite name=\"hooklab scan\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
            + "    <testcase classname=\"hooklab.scan\" name=\"read the lockfiles\">\n      <error type=\"badInput\" message=\"\(xml(message))\"/>\n    </testcase>\n"
            + "  </testsuite>\n</testsuites>\n"
    }
}
