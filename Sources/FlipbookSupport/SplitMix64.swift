/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014, with
/// Vigna's constants): a small deterministic generator, so a property test sees the same cases on
/// every run and machine, and a failure reproduces from its seed. Not for anything that must be hard
/// to guess.
package struct SplitMix64: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1): the top 53 bits over 2⁵³.
    package mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// Uniform in [lo, hi).
    package mutating func next(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * unit()
    }
}
