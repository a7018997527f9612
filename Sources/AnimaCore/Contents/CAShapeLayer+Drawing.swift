import Foundation
import AnimaGraphics

extension CAShapeLayer {
    /// Fills the path, then strokes the part between `strokeStart` and `strokeEnd` (cut with
    /// `CGPath.trimmedPath(from:to:)`, so curves stay curves).
    func drawShape(in ctx: CGContext) {
        guard let path = state.path(.path), !path.isEmpty else { return }
        if let fill = state.color(.fillColor), fill.alpha > 0 {
            ctx.setFillColor(fill)
            ctx.addPath(path)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        guard let stroke = strokedPath(of: path), let color = state.color(.strokeColor) else { return }
        ctx.setStrokeColor(color)
        ctx.setLineWidth(state.number(.lineWidth))
        ctx.setLineCap(lineCap == .round ? .round : (lineCap == .square ? .square : .butt))
        ctx.setLineJoin(lineJoin == .round ? .round : (lineJoin == .bevel ? .bevel : .miter))
        ctx.setMiterLimit(max(0, state.number(.miterLimit)))
        if let pattern = lineDashPattern, !pattern.isEmpty {
            ctx.setLineDash(phase: state.number(.lineDashPhase), lengths: pattern.map { CGFloat($0.doubleValue) })
        }
        ctx.addPath(stroke)
        ctx.strokePath()
    }

    /// The part of `path` the stroke draws, or nil when there is no visible stroke.
    private func strokedPath(of path: CGPath) -> CGPath? {
        guard let color = state.color(.strokeColor), color.alpha > 0, state.number(.lineWidth) > 0 else { return nil }
        let start = max(0, min(1, state.number(.strokeStart))), end = max(0, min(1, state.number(.strokeEnd)))
        guard end > start else { return nil }
        return start == 0 && end == 1 ? path : path.trimmedPath(from: start, to: end)
    }

    /// The path's box grown by the stroke's reach (miters and square caps included), joined with the
    /// bounds: the shape is not clipped to the bounds.
    func shapeExtent() -> CGRect {
        let bounds = state.bounds.standardized
        guard let path = state.path(.path), !path.isEmpty else { return bounds }
        var box = path.boundingBoxOfPath
        guard !box.isNull else { return bounds }
        if strokedPath(of: path) != nil {
            let half = state.number(.lineWidth) / 2
            var reach = half
            if lineJoin == .miter { reach = max(reach, half * max(1, state.number(.miterLimit))) }
            if lineCap == .square { reach = max(reach, half * 2.squareRoot()) }
            box = box.insetBy(dx: -reach, dy: -reach)
        }
        box = box.insetBy(dx: -1, dy: -1)   // antialiased edges
        return bounds.width > 0 && bounds.height > 0 ? box.union(bounds) : box
    }
}
