import AnimaGraphics
import CSDL2
import Foundation

/// Triangles for `SDL_RenderGeometry`: layer rectangles mapped through a 4×4 transform onto a target.
///
/// A point `(x, y)` of a layer's plane maps to `(X/W, Y/W)` with `[X Y Z W] = [x y 0 1] · M`. When `M` has
/// perspective (`m14` or `m24` non-zero) W varies across the quad. SDL interpolates texture coordinates
/// linearly in screen space, which would bend textures. So such quads are split into a grid of cells, finer
/// the more W varies, and each cell is almost affine. A quad with any vertex at W ≤ 0 (behind the eye) is not
/// drawn.
/// ```swift
/// var mesh = QuadMesh()
/// mesh.appendQuad(CGRect(x: 0, y: 0, width: 10, height: 10), transform: .identity,
///                 textureRect: CGRect(x: 0, y: 0, width: 1, height: 1), color: SDL_Color(r: 255, g: 255, b: 255, a: 255))
/// mesh.vertices.count   // 4
/// ```
package struct QuadMesh {
    package var vertices: [SDL_Vertex] = []
    package var indices: [Int32] = []

    package init() {}

    package var isEmpty: Bool { indices.isEmpty }

    package mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Projects a point of the layer plane; nil when it lies behind the eye or is not finite.
    package static func project(_ x: CGFloat, _ y: CGFloat, _ m: CATransform3D) -> CGPoint? {
        let w = x * m.m14 + y * m.m24 + m.m44
        guard w > 1e-6 else { return nil }
        let p = CGPoint(x: (x * m.m11 + y * m.m21 + m.m41) / w, y: (x * m.m12 + y * m.m22 + m.m42) / w)
        return p.x.isFinite && p.y.isFinite ? p : nil
    }

    /// How many cells per side a quad needs: 1 when affine, up to 16 as W varies more across the corners.
    package static func subdivisions(of rect: CGRect, transform m: CATransform3D) -> Int {
        guard m.m14 != 0 || m.m24 != 0 else { return 1 }
        let ws = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { $0.0 * m.m14 + $0.1 * m.m24 + m.m44 }
        guard let lo = ws.min(), let hi = ws.max(), lo > 0 else { return 1 }
        return max(2, min(16, Int(((hi / lo) - 1) * 32) + 2))
    }

    /// Twice the signed area of the projected quad: positive when it keeps its on-screen orientation
    /// (clockwise in y-down coordinates), negative when mirrored or seen from behind, nil when not projectable.
    package static func signedArea(of rect: CGRect, transform m: CATransform3D) -> CGFloat? {
        guard let a = project(rect.minX, rect.minY, m), let b = project(rect.maxX, rect.minY, m),
              let c = project(rect.maxX, rect.maxY, m), let d = project(rect.minX, rect.maxY, m) else { return nil }
        let pts = [a, b, c, d]
        var sum: CGFloat = 0
        for i in 0..<4 { let p = pts[i], q = pts[(i + 1) % 4]; sum += p.x * q.y - q.x * p.y }
        return sum
    }

    /// The screen-space box of the projected quad, nil when any corner cannot be projected.
    package static func bounds(of rect: CGRect, transform m: CATransform3D) -> CGRect? {
        var pts: [CGPoint] = []
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            guard let p = project(x, y, m) else { return nil }
            pts.append(p)
        }
        return CGRect.boundingBox(of: pts)
    }

    /// Appends `rect` (layer plane) mapped by `transform`, textured with the unit-square `textureRect`
    /// (ignored when drawn untextured) and tinted with `color`. Returns false when nothing was added.
    @discardableResult
    package mutating func appendQuad(_ rect: CGRect, transform m: CATransform3D, textureRect t: CGRect,
                                     color: SDL_Color) -> Bool {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return false }
        let n = Self.subdivisions(of: rect, transform: m)
        let base = Int32(vertices.count)
        if n == 1 {  // the common case, unrolled: the same vertices and indices as the grid below
            guard let p0 = Self.project(rect.minX, rect.minY, m), let p1 = Self.project(rect.maxX, rect.minY, m),
                  let p2 = Self.project(rect.minX, rect.maxY, m), let p3 = Self.project(rect.maxX, rect.maxY, m) else { return false }
            func vertex(_ p: CGPoint, _ u: CGFloat, _ v: CGFloat) -> SDL_Vertex {
                SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: color,
                           tex_coord: SDL_FPoint(x: Float(u), y: Float(v)))
            }
            vertices.append(vertex(p0, t.minX, t.minY))
            vertices.append(vertex(p1, t.minX + t.width, t.minY))
            vertices.append(vertex(p2, t.minX, t.minY + t.height))
            vertices.append(vertex(p3, t.minX + t.width, t.minY + t.height))
            indices.append(base); indices.append(base + 1); indices.append(base + 3)
            indices.append(base); indices.append(base + 3); indices.append(base + 2)
            return true
        }
        for j in 0...n {
            let fy = CGFloat(j) / CGFloat(n)
            for i in 0...n {
                let fx = CGFloat(i) / CGFloat(n)
                guard let p = Self.project(rect.minX + fx * rect.width, rect.minY + fy * rect.height, m) else {
                    vertices.removeLast(vertices.count - Int(base))
                    return false
                }
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: color,
                                           tex_coord: SDL_FPoint(x: Float(t.minX + fx * t.width), y: Float(t.minY + fy * t.height))))
            }
        }
        let row = Int32(n + 1)
        for j in 0..<Int32(n) {
            for i in 0..<Int32(n) {
                let a = base + j * row + i, b = a + 1, c = a + row + 1, d = a + row
                indices.append(a); indices.append(b); indices.append(c)
                indices.append(a); indices.append(c); indices.append(d)
            }
        }
        return true
    }
}
