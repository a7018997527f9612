import Foundation
import AnimaGraphics

/// A Lottie path value: vertices with in and out tangents relative to them, open or closed.
package struct BezierShape: Equatable {
    package var vertices: [CGPoint]
    package var inTangents: [CGPoint]
    package var outTangents: [CGPoint]
    package var isClosed: Bool

    package init(vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint], isClosed: Bool) {
        self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents; self.isClosed = isClosed
    }

    /// Reads `{"v": [[x, y]…], "i": […], "o": […], "c": bool}`, or a one-element array holding it
    /// (the form keyframe values take).
    static func parse(_ node: JSONNode) throws -> BezierShape {
        if node.isArray {
            guard let first = try node.array().first else { throw node.error("empty path value") }
            return try parse(first)
        }
        func points(_ key: String) throws -> [CGPoint] {
            guard let list = node[key] else { return [] }
            return try list.array().map { p in
                let n = try p.numbers()
                guard n.count >= 2 else { throw p.error("a point needs two numbers") }
                return CGPoint(x: n[0], y: n[1])
            }
        }
        let v = try points("v")
        var i = try points("i"), o = try points("o")
        if i.count != v.count { i = Array(repeating: .zero, count: v.count) }
        if o.count != v.count { o = Array(repeating: .zero, count: v.count) }
        return BezierShape(vertices: v, inTangents: i, outTangents: o, isClosed: try node.flag("c"))
    }

    /// The path: a move to the first vertex, a cubic curve per segment (a line where both tangents are
    /// zero), and the closing segment back to the first vertex when closed.
    package func cgPath(transform: CGAffineTransform = .identity) -> CGMutablePath {
        let path = CGMutablePath()
        appendTo(path, transform: transform)
        return path
    }

    /// Appends this shape as a subpath of `path`.
    package func appendTo(_ path: CGMutablePath, transform: CGAffineTransform = .identity) {
        guard let first = vertices.first else { return }
        path.move(to: first, transform: transform)
        let n = vertices.count
        let segments = isClosed ? n : n - 1
        for index in 0..<max(0, segments) {
            let a = index, b = (index + 1) % n
            let c1 = vertices[a] + outTangents[a], c2 = vertices[b] + inTangents[b]
            path.addCurve(to: vertices[b], control1: c1, control2: c2, transform: transform)
        }
        if isClosed { path.closeSubpath() }
    }
}

extension CGPoint {
    static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
}
