/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nothing outside the active interval: the default.
    case removed
    /// The end value after the active interval (only while the animation is not removed on completion).
    case forwards
    /// The start value before `beginTime`.
    case backwards
    /// Both.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}
