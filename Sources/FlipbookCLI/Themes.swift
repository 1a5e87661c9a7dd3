import Flipbook
import FlipbookScenes
import FlipbookSVG

/// Themable parameters on the command line: the probe that marks their colours in the animated
/// outputs (`SceneParameters.themeProbe`, `AnimatedSVGCompiler.compile(theme:)`).
enum Themes {
    /// The probe for the template `json` bound with `values` (resolved, by name), or nil when it
    /// declares no themable colour parameter.
    static func probe(_ json: JSONValue, parameters: SceneParameters, values: [String: JSONValue], loader: SceneLoader,
                      file: String) throws(SceneError) -> ThemeProbe? {
        try parameters.themeProbe(json, values: values, loader: loader, file: file).map { ThemeProbe(scene: $0.scene, sentinels: $0.sentinels) }
    }
}
