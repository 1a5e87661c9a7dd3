import Flipbook

extension SceneLint {
    func wcagFindings() -> [LintFinding] { [] }
}
