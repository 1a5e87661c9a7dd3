import Easing
import FlipbookSupport
/// A problem with a scene file: the file, the JSON path (`layers[2].animations[0].duration`) and what
/// was expected.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// Where in the document; empty for the whole file.
    public var path: String
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message`, or `file: message` for the whole file; each part escaped (control
    /// characters) and shortened, so the text is safe to print whatever the file held.
    public var description: String {
        let file = DisplayText.escaped(file), message = DisplayText.escaped(message, limit: 1000)
        return path.isEmpty ? "\(file): \(message)" : "\(file): \(DisplayText.escaped(path)): \(message)"
    }
}
