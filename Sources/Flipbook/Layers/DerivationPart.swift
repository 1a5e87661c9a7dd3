/// One part of a component's derived sublayers, with the properties it is made from
/// (`LayerBehavior.derivationParts`).
///
/// `derive` may read the layer's id and the properties named in `inputs`, and nothing else: not other
/// properties, not the layer's sublayers, not its timing or animations. Then a layer whose values
/// changed only under other names derives the same sublayers from this part, and
/// `RetainedPresentation` keeps the ones it has. The tests check every built-in part by changing each
/// property it does not name and comparing what it derives (`DerivationPartTests`); a part that reads
/// more than it names would show stale sublayers, which the retained-presentation tests catch too.
public struct DerivationPart: Sendable {
    /// The properties `derive` reads, by name.
    public let inputs: [PropertyName]
    /// The part's sublayers, from a presentation layer's id and `inputs`.
    public let derive: @Sendable (Layer) -> [Layer]
    /// The hash codes of `inputs`' names.
    let codes: [UInt64]

    /// A part made by `derive`, which reads the layer's id and the properties in `inputs` alone.
    public init(reading inputs: [AnyPropertyKey], derive: @escaping @Sendable (Layer) -> [Layer]) {
        self.inputs = inputs.map(\.propertyName)
        self.derive = derive
        codes = self.inputs.map(\.code)
    }
}
