import Flipbook

/// Paths: a path element's contours as the Lottie writer reads them (static, or a morph's keys), the
/// shape values it writes from them, and the probes that read a morph back. Shapes and clip outlines
/// both write through these.
extension LottieWriter {
    /// A path element's contours: static, or a morph's keys with the contours at each key and the
    /// template its points are read back through; nil (and left out) when its `d` is no path.
    struct PathForms {
        var contours: [LottieContour]
        var morphKeys: [Key]?
        var morphContours: [[LottieContour]] = []
        var template: AnimatedDocument.PathTemplate?
    }

    mutating func pathForms(_ e: Element) -> PathForms? {
        guard let contours = Self.contours(e.attribute("d")) else {
            leaveOut(.pathData)
            return nil
        }
        var forms = PathForms(contours: contours)
        if !e.animations(of: "d").isEmpty, let keyList = keys(e, "d", initial: [], parse: { Self.numbers($0) ?? [] }) {
            forms.morphKeys = keyList
            for case .numeric(let n) in e.animations(of: "d") { if case .path(let t) = n.format { forms.template = t } }
            let template = forms.template
            func shapes(merging: Bool) -> [[LottieContour]] {
                keyList.map { key in
                    if let shape = Self.contours(key.source, mergeClosing: merging) { return shape }
                    if let template, !key.value.isEmpty { return LottieContour.contours(of: template.path(key.value), mergeClosing: merging) }
                    return Self.contours(e.attribute("d"), mergeClosing: merging) ?? contours
                }
            }
            forms.morphContours = shapes(merging: true)
            // A morph of one structure keeps one vertex count: where a closing vertex lies on the first
            // at some keys only (a bar of zero height), none is merged.
            if template != nil, Set(forms.morphContours.map { $0.map(\.vertices.count) }).count > 1 {
                forms.morphContours = shapes(merging: false)
            }
            // One key from t = 0 (a `<set>` at 0: the wedge a pie slice is drawn as): a static path.
            if keyList.count == 1, keyList[0].time == 0 {
                forms = PathForms(contours: forms.morphContours[0])
            }
        }
        return forms
    }

    /// The `ks` of contour `index` of `forms` (an empty open contour where a key has fewer).
    func shapeValue(_ forms: PathForms, index: Int) -> JSON {
        func shape(_ c: [LottieContour]) -> JSON {
            let contour = index < c.count ? c[index] : LottieContour(vertices: [[0, 0]], inTangents: [[0, 0]], outTangents: [[0, 0]], closed: false)
            return .object([("c", .bool(contour.closed)), ("v", .array(contour.vertices.map(numberArray))),
                            ("i", .array(contour.inTangents.map(numberArray))), ("o", .array(contour.outTangents.map(numberArray)))])
        }
        if let morphKeys = forms.morphKeys { return animated(morphKeys, values: forms.morphContours.map { .array([shape($0)]) }, shapes: true) }
        return .object([("a", .int(0)), ("k", shape(forms.contours))])
    }

    /// Read-back probes of a morph's points from its contours' shape values, as the template orders them.
    mutating func probeMorph(_ e: Element, _ forms: PathForms, values: [JSON]) {
        guard forms.morphKeys != nil, let template = forms.template else { return }
        let readers = values.compactMap { LottieProperty($0) }
        let fps = self.fps
        guard readers.count == values.count else { return }
        for check in e.checks(of: "d") {
            probes.list.append(LottieProbe(check: check, read: { t in
                template.coordinates(fromContours: readers.map { $0.value(at: LottieWriter.frame(t, fps: fps)) })
            }))
        }
    }
}
