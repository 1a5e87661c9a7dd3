extension Double {
    /// The shortest text that parses back to this value: "1" rather than "1.0"; Swift's shortest
    /// round-trip digits otherwise.
    var easingText: String {
        if self == rounded(), abs(self) < 1e15 {
            return self == 0 ? "0" : String(Int64(self))
        }
        return "\(self)"
    }
}
