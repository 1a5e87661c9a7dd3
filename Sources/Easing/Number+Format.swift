extension Double {
    /// The shortest text that parses back to exactly this value: "1" rather than "1.0", "0" for −0,
    /// Swift's shortest round-trip digits otherwise ("0.1", "1e-07"). How easings, scene files and the
    /// command line write numbers.
    public var roundTripText: String {
        if self == rounded(), abs(self) < 1e15 {
            return self == 0 ? "0" : String(Int64(self))
        }
        return "\(self)"
    }

    var easingText: String { roundTripText }
}
