// The method-hook targets among the hosts.

extension Matrix {
    /// The method-hook targets among the hosts, in report order.
    var methodTargets: [HostInfo] { hosts.filter { $0.methodTarget != nil } }
}
