import Anima
import Foundation

/// Finds NaN and infinities in a layer's values (its model, or a `presentation()` copy).
@MainActor
public enum LayerCheck {
    /// The first non-finite property of `p`, or nil when all are finite.
    public static func nonFiniteField(_ p: CALayer) -> String? {
        var fields: [(String, [Double])] = [
            ("position", [p.position.x, p.position.y]), ("bounds", RenderTreeCheck.rect(p.bounds)),
            ("anchorPoint", [p.anchorPoint.x, p.anchorPoint.y]), ("anchorPointZ", [p.anchorPointZ]),
            ("zPosition", [p.zPosition]), ("opacity", [Double(p.opacity)]),
            ("transform", RenderTreeCheck.transform(p.transform)),
            ("sublayerTransform", RenderTreeCheck.transform(p.sublayerTransform)),
            ("cornerRadius", [p.cornerRadius]), ("borderWidth", [p.borderWidth]),
            ("shadowOpacity", [Double(p.shadowOpacity)]), ("shadowRadius", [p.shadowRadius]),
            ("shadowOffset", [p.shadowOffset.width, p.shadowOffset.height]),
            ("contentsRect", RenderTreeCheck.rect(p.contentsRect)), ("contentsCenter", RenderTreeCheck.rect(p.contentsCenter)),
            ("contentsScale", [p.contentsScale]),
            ("backgroundColor", p.backgroundColor.doubles), ("borderColor", p.borderColor.doubles),
            ("shadowColor", p.shadowColor.doubles),
        ]
        if let s = p as? CAShapeLayer {
            fields += [("strokeStart", [s.strokeStart]), ("strokeEnd", [s.strokeEnd]), ("lineWidth", [s.lineWidth]),
                       ("miterLimit", [s.miterLimit]), ("lineDashPhase", [s.lineDashPhase]),
                       ("fillColor", s.fillColor.doubles), ("strokeColor", s.strokeColor.doubles),
                       ("path", s.path.map { $0.boundingBox.isNull ? [] : RenderTreeCheck.rect($0.boundingBox) } ?? [])]
        }
        if let t = p as? CATextLayer {
            fields += [("fontSize", [t.fontSize]), ("foregroundColor", t.foregroundColor.doubles)]
        }
        if let g = p as? CAGradientLayer {
            fields += [("startPoint", [g.startPoint.x, g.startPoint.y]), ("endPoint", [g.endPoint.x, g.endPoint.y]),
                       ("locations", (g.locations ?? []).map(\.doubleValue))]
        }
        return fields.first { !$0.1.allSatisfy(\.isFinite) }?.0
    }
}

public extension Optional where Wrapped == CGColor {
    /// The colour's components as doubles (none for nil).
    var doubles: [Double] { self?.components?.map { Double($0) } ?? [] }
}
