// The CLI's view of the catalogue of public reports (`Matrix/reports/`, see ReportCatalog.swift).
import HookLab

extension CLI {
    /// HookLab's own public reports (built in) and the root's; a malformed report file is an error naming its file
    /// and line.
    func loadReports() throws(UsageError) -> ReportCatalog {
        do {
            return try Lab.reports(root: root, participants: catalog.participants, hosts: catalog.hosts.map(\.name))
        } catch {
            throw UsageError(error.description)
        }
    }

    /// The public reports that mark cells `reported`; commands that write reports check them first with
    /// ``loadReports()``.
    var reports: ReportCatalog { (try? loadReports()) ?? .empty }
}
