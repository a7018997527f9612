import Foundation
import AnimaGraphics

/// A geometry item as one style sees it: the groups between the style and the item (outermost first),
/// and the trim that shapes it, if any.
///
/// When ``appliesGroups`` is set, the outlines are given in the style's space: each point goes through the
/// innermost group's transform first, then the outer ones (anchor, scale, skew, rotation, position, as
/// After Effects composes them).
struct StyledGeometry {
    var item: ShapeItem
    var groups: [(key: String, transform: TransformModel)]
    var trim: ShapeItem?
    /// Whether ``outlines(atFrame:)`` applies the groups' transforms.
    var appliesGroups = false

    var chainKey: String { groups.map(\.key).joined(separator: "/") }

    /// The item's outlines at `frame`, in the style's space when ``appliesGroups`` is set.
    func outlines(atFrame frame: Double) -> [BezierShape] {
        let shapes = item.outlines(atFrame: frame)
        guard appliesGroups, !groups.isEmpty else { return shapes }
        var t = CGAffineTransform.identity
        for group in groups.reversed() { t = t.concatenating(group.transform.affine(atFrame: frame)) }
        return shapes.map { $0.applying(t) }
    }

    /// The properties whose keyframes time the outlines.
    var inputs: [Animated<[Double]>] {
        item.geometryInputs + (appliesGroups ? groups.flatMap(\.transform.inputs) : [])
    }
}

extension BezierShape {
    /// The shape moved by `t`: vertices as points, tangents (relative to their vertices) as vectors.
    func applying(_ t: CGAffineTransform) -> BezierShape {
        let linear = CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0)
        return BezierShape(vertices: vertices.map { $0.applying(t) }, inTangents: inTangents.map { $0.applying(linear) },
                           outTangents: outTangents.map { $0.applying(linear) }, isClosed: isClosed)
    }
}

extension TransformModel {
    /// The properties that make the 2-D transform.
    var inputs: [Animated<[Double]>] {
        [anchor, scale, rotation, skewAxis] + [position, positionX, positionY, skew].compactMap { $0 }
    }
}
