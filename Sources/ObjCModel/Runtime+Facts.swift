// The facts a run's code path rested on: models note them at their decision points, and the lab reports the ones
// noted up to a failure ("Based on"), with their public sources.

/// One fact a model's decision rested on: what the library (or the runtime) does, and where that was read.
public struct ModelFact: Codable, Hashable, Sendable, CustomStringConvertible {
    /// What the code does, in plain words.
    public var claim: String
    /// The public source: the library file and line or function, an issue or PR number, an article title; empty
    /// when there is none.
    public var source: String
    /// Whether the fact is an inference (no code or report decides it) rather than read in the code.
    public var isInference: Bool

    public init(claim: String, source: String, isInference: Bool) {
        self.claim = claim
        self.source = source
        self.isInference = isInference
    }

    /// "claim (source)", with "(inference)" for an inference.
    public var description: String {
        var text = claim
        if !source.isEmpty { text += " (\(source))" }
        if isInference, !text.hasSuffix("(inference)") { text += " (inference)" }
        return text
    }
}

extension Runtime {
    /// Records that a code path resting on a fact read in the library's code ran. Models call it at the decision
    /// point, inside the branch that depends on the fact.
    public func noteFact(_ claim: String, source: String) {
        note(ModelFact(claim: claim, source: source, isInference: false))
    }

    /// Records that a code path resting on an inferred fact ran; a failure through it is a prediction.
    public func noteInference(_ claim: String, source: String = "") {
        note(ModelFact(claim: claim, source: source, isInference: true))
    }

    func note(_ fact: ModelFact) {
        if !factsNoted.contains(fact) { factsNoted.append(fact) }
    }

    /// The inferences among ``factsNoted``, as text.
    public var inferencesUsed: [String] { factsNoted.filter(\.isInference).map(\.description) }
}
