// Generation for cross-selector method targets: the target's own follow-ups, for the families in the cell.

extension ScenarioGenerator {
    /// The target's follow-up lines whose verb family is the family of one of the cell's participants
    /// (`aspects.remove 1` only where an Aspects hook was installed).
    func targetFollowUps(_ target: MethodTargetInfo, _ infos: [ParticipantInfo]) -> [String] {
        target.followUps.filter { line in
            guard let family = line.split(separator: ".").first.map(String.init) else { return false }
            return infos.contains { $0.family == family }
        }
    }
}
