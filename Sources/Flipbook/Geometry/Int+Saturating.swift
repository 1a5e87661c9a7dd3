extension Int {
    /// `value` converted without trapping: rounded toward zero, NaN as 0, beyond the range of Int
    /// clamped to its ends. For counts derived from scene data, which may be extreme.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
