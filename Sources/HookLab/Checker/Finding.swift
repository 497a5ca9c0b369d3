// What a detector found in one scenario run.

/// One problem a detector found while a scenario ran, in words an integrator understands.
///
/// A finding names both parties: the library that installed the IMP or wrapper, and the one that
/// tripped over it.
public struct Finding: Codable, Hashable, Sendable {
    /// What kind of problem this is; a public contract shared by reports, baselines and scenario files.
    public var kind: Kind
    /// Plain words naming both parties, e.g. "the web view sent … to TrackerProxy#3, freed at step 4 …".
    public var message: String
    /// The 1-based index of the scenario step after which it was found; 0 means at teardown or after.
    public var step: Int
    /// The message path, outermost first, Cocoa style (`-[UIWebView _dispatchNavigation]`).
    public var frames: [String]
    /// The objects involved, by model id as created (`TrackerProxy#3`; ``ObjCModel/Runtime/identity(_:)``).
    public var objects: [String]
    /// Where a library raised it, for a library assertion ("DelegateProxyType.swift l.219", "Aspects.m:310");
    /// nil when a detector found it.
    public var site: String?
    /// The event or selector the finding is about (`webView:didCommitNavigation:`), when it is about one.
    public var event: String?

    public init(kind: Kind, message: String, step: Int, frames: [String] = [], objects: [String] = [],
                site: String? = nil, event: String? = nil) {
        self.kind = kind
        self.message = message
        self.step = step
        self.frames = frames
        self.objects = objects
        self.site = site
        self.event = event
    }

    /// The outcome this finding gives its scenario.
    public var outcome: Outcome { kind.outcome }
}

extension Sequence where Element == Finding {
    /// The most severe finding; among equally severe ones, the first.
    public var mostSevere: Finding? {
        var best: Finding?
        for finding in self where best == nil || finding.outcome > best!.outcome { best = finding }
        return best
    }

    /// The most severe outcome, or `ok` when there is no finding.
    public var outcome: Outcome { mostSevere?.outcome ?? .ok }
}

extension Collection where Element == Finding {
    /// The most severe finding; among equally severe ones, the first. Compares the findings in place and copies only
    /// the one it returns: the sequence form copied each finding it passed (1% of the matrix's time).
    public var mostSevere: Finding? {
        var best: Index?
        var bestOutcome = Outcome.ok
        for i in indices {
            let outcome = self[i].kind.outcome
            if best == nil || outcome > bestOutcome { (best, bestOutcome) = (i, outcome) }
        }
        return best.map { self[$0] }
    }

    /// The most severe outcome, or `ok` when there is no finding; no finding is copied.
    public var outcome: Outcome {
        var worst = Outcome.ok
        for i in indices where self[i].kind.outcome > worst { worst = self[i].kind.outcome }
        return worst
    }
}
