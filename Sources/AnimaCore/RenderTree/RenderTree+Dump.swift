import Foundation
import AnimaGraphics

extension RenderTree {
    /// A stable, indented text dump of the tree (for tests and debugging): one line per node with
    /// its name, frame in display points, opacity and flags. Numbers are rounded to 3 decimals.
    public func dump() -> String {
        var lines: [String] = []
        func fmt(_ v: CGFloat) -> String {
            let r = (Double(v) * 1000).rounded() / 1000
            return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
        }
        for (i, node) in nodes.enumerated() {
            var depth = 0
            var p = node.parent
            while p >= 0 { depth += 1; p = nodes[p].parent }
            let corners = [CGPoint(x: node.bounds.minX, y: node.bounds.minY), CGPoint(x: node.bounds.maxX, y: node.bounds.maxY)]
                .map { node.worldTransform.project($0) }
            var line = String(repeating: "  ", count: depth) + (node.name ?? "layer#\(i)")
            line += " [\(fmt(corners[0].x)),\(fmt(corners[0].y)) → \(fmt(corners[1].x)),\(fmt(corners[1].y))]"
            if node.opacity != 1 { line += " opacity=\(fmt(CGFloat(node.opacity)))" }
            if node.isHidden { line += " hidden" }
            if node.masksToBounds { line += " masks" }
            if let c = node.backgroundColor {
                line += " bg=(\(fmt(CGFloat(c.red))),\(fmt(CGFloat(c.green))),\(fmt(CGFloat(c.blue))),\(fmt(CGFloat(c.alpha))))"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
