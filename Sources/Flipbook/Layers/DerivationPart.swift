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
    /// For a part made of one sublayer whose values `refresh` sets (`init(reading:making:refresh:)`):
    /// how that sublayer, as this part made it from any input, becomes what `derive` makes from
    /// another, in place. Nil for a part made by `derive` alone.
    package let refresh: (@Sendable (Layer, inout Layer) -> Void)?
    /// The hash codes of `inputs`' names.
    let codes: CodeSet

    /// A part made by `derive`, which reads the layer's id and the properties in `inputs` alone.
    public init(reading inputs: [AnyPropertyKey], derive: @escaping @Sendable (Layer) -> [Layer]) {
        self.inputs = inputs.map(\.propertyName)
        self.derive = derive
        refresh = nil
        codes = CodeSet(self.inputs)
    }

    /// A part of one sublayer: `make`'s layer, which reads the component's id alone (an id and a type,
    /// no values), with its values set by `refresh` from the component's properties in `inputs`.
    ///
    /// `refresh` must set the same properties in the same order whatever the input, and change
    /// nothing else: then setting them again on the sublayer made from one input gives the sublayer
    /// made from another (the table keeps its names' order, and a value set again replaces the last),
    /// so `RetainedPresentation` brings its node's sublayer to each instant in place instead of making
    /// and comparing a new layer (`DerivationPartTests` checks the built-in parts both ways). Debug
    /// builds check every refresh against `derive` and stop at one that breaks this promise.
    ///
    /// `package`: a promise no compiler checks stays with the components whose tests check it; a
    /// component outside the package derives its parts with `init(reading:derive:)`.
    package init(reading inputs: [AnyPropertyKey], making make: @escaping @Sendable (Layer) -> Layer,
                refresh: @escaping @Sendable (Layer, inout Layer) -> Void) {
        self.inputs = inputs.map(\.propertyName)
        derive = { layer in
            var made = make(layer)
            refresh(layer, &made)
            return [made]
        }
        self.refresh = refresh
        codes = CodeSet(self.inputs)
    }
}
