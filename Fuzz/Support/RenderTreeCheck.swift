import Anima
import Foundation

/// Finds NaN and infinities in what a frame shows: every number of every render-tree node.
public enum RenderTreeCheck {
    /// The first non-finite field of `tree`, as "field of layer name", or nil when all are finite.
    @MainActor
    public static func firstNonFinite(in tree: RenderTree) -> (field: String, layer: String)? {
        for node in tree.nodes {
            let name = node.name ?? "#\(node.layerID)"
            if let field = nonFiniteField(node) { return (field, name) }
            if let mask = node.mask, let inner = firstNonFinite(in: mask) { return ("mask." + inner.field, name) }
        }
        return nil
    }

    @MainActor
    private static func nonFiniteField(_ n: RenderNode) -> String? {
        let fields: [(String, [Double])] = [
            ("bounds", rect(n.bounds)), ("position", [n.position.x, n.position.y]),
            ("anchorPoint", [n.anchorPoint.x, n.anchorPoint.y]), ("zPosition", [n.zPosition]),
            ("worldTransform", transform(n.worldTransform)), ("opacity", [Double(n.opacity)]),
            ("backgroundColor", color(n.backgroundColor)), ("borderColor", color(n.borderColor)),
            ("borderWidth", [n.borderWidth]), ("cornerRadius", [n.cornerRadius]),
            ("shadowColor", color(n.shadowColor)), ("shadowOpacity", [Double(n.shadowOpacity)]),
            ("shadowOffset", [n.shadowOffset.width, n.shadowOffset.height]), ("shadowRadius", [n.shadowRadius]),
            ("contentsRect", rect(n.contentsRect)), ("contentsScale", [n.contentsScale]),
            ("contentsCenter", rect(n.contentsCenter)),
        ]
        return fields.first { !$0.1.allSatisfy(\.isFinite) }?.0
    }

    public static func rect(_ r: CGRect) -> [Double] { [r.origin.x, r.origin.y, r.size.width, r.size.height] }
    public static func transform(_ t: CATransform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }
    static func color(_ c: RGBA?) -> [Double] { c.map { [Double($0.red), Double($0.green), Double($0.blue), Double($0.alpha)] } ?? [] }
}
