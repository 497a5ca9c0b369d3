// The differential oracle's tests: every probe natively and on ObjCModel, the incidents on a real runtime,
// the native mini bench, and Reports/oracle.md.

import Foundation
import Testing
@testable import ObjCModel

/// Set-up: without GCC/GNUstep the native tests are skipped locally (with this hint), and fail in CI.
@Test("the native toolchain (gcc + GNUstep) is installed")
func nativeToolchainInstalled() {
    if Native.available { return }
    let message = "OracleTests: gcc/gnustep-config not found, the native oracle tests are skipped; \(Native.installHint)"
    if ProcessInfo.processInfo.environment["CI"] == "true" {
        Issue.record(Comment(rawValue: message))
    } else {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }
}

@Suite("Differential oracle: GCC + GNUstep vs ObjCModel")
struct OracleTests {
    @Test("probe", .enabled(if: Native.available, Comment(rawValue: "gcc/GNUstep missing; \(Native.installHint)")),
          arguments: Probes.ids)
    func probe(_ id: String) throws {
        let probe = try #require(Probes.byID[id])
        let exe = try Native.build("probes/\(id).m")
        let native = try Native.output(of: exe, environment: probe.environment)
        #expect(native.status == 0, "\(id) exited with status \(native.status):\n\(native.lines.joined(separator: "\n"))")
        let (apple, unseen) = Oracle.appleLines(fromNative: native.lines, probe.divergences)
        for change in unseen {
            Issue.record("\(id): an expected divergence was not seen natively (GCC's runtime now agrees, or the probe changed): \(change.native)")
        }
        let model = probe.runTwin()
        if let diff = Oracle.difference(expected: apple, model: model) {
            Issue.record(Comment(rawValue: "\(id): unexpected difference. \(diff)"))
        }
    }

    /// Every probe has a source file, every source file a probe.
    @Test("probe files and probe definitions match")
    func probeFilesMatch() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Native.root.appendingPathComponent("probes").path)
            .filter { $0.hasSuffix(".m") }.map { String($0.dropLast(2)) }.sorted()
        #expect(files == Probes.ids)
        #expect(Probes.ids.count >= 25)
    }

    /// The model side of p26 without the probe's counter: ObjCModel reports the infinite recursion itself,
    /// with the repeating frames (the native program would overflow its stack).
    @Test("p26 without a counter: ObjCModel faults with infiniteRecursion")
    func unboundedLoopFaults() throws {
        let rt = Runtime(maxDepth: 64)
        let Loop = Probes.loopProxyClass(rt) { rt, o, inv in try inv.invoke(rt, target: rt.object_getIvar(o, "target")) }
        let x = try rt.alloc(Loop), y = try rt.alloc(Loop)
        try rt.object_setIvar(x, "target", .object(y), .assign)
        try rt.object_setIvar(y, "target", .object(x), .assign)
        do {
            try rt.send(x, "respondsToSelector:", .sel(rt.sel("bar")))
            Issue.record("expected infiniteRecursion")
        } catch let f as Fault {
            #expect(f.kind == .infiniteRecursion)
            #expect(f.cycle.map(\.symbol).contains("-[Loop forwardInvocation:]"))
        }
    }
}
