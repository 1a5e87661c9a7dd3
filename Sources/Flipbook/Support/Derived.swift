import Easing
import FlipbookSupport

/// A value computed from its owner's other stored properties on first use, then shared by the
/// owner's copies until the owner resets it (a property observer replaces the box when an input
/// changes).
///
/// It is not part of the owner's value: two boxes are always equal and hash alike, so an owner whose
/// `Equatable` and `Hashable` are synthesized compares only what its user set. That is the documented
/// reason for this type's hand-written `==`: the alternative is a hand-written `==` on the owner,
/// listing every field but this one. Thread-safe: the first reader computes under a lock, so a value
/// that takes long to derive (cubicPaced key times of 10⁵ values) is derived once however many
/// threads read it.
package final class Derived<Value: Sendable>: Hashable, @unchecked Sendable {
    private let lock = CacheLock()
    private var value: Value?

    package init() {}

    /// The value, derived by `make` on the first call (later calls return it without calling `make`).
    package func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }

    /// Always true: a derived value is a function of its owner's inputs, which the owner compares.
    package static func == (a: Derived, b: Derived) -> Bool { true }
    /// Adds nothing: see `==`.
    package func hash(into hasher: inout Hasher) {}
}
