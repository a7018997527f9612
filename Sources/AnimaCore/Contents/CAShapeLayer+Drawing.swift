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

    /// The part of `path` the stroke draws, or nil when there is no visible stroke. The trimmed path is kept for
    /// the next call with the same path and fractions: the store's extent and the drawing both ask for it.
    private func strokedPath(of path: CGPath) -> CGPath? {
        guard let color = state.color(.strokeColor), color.alpha > 0, state.number(.lineWidth) > 0 else { return nil }
        let start = max(0, min(1, state.number(.strokeStart))), end = max(0, min(1, state.number(.strokeEnd)))
        guard end > start else { return nil }
        if start == 0 && end == 1 { return path }
        if let memo = trimMemo, memo.path === path, memo.start == start, memo.end == end { return memo.trimmed }
        let trimmed = trimmable(path).trimmed(from: start, to: end)
        trimMemo = TrimMemo(path: path, start: start, end: end, trimmed: trimmed)
        return trimmed
    }

    /// `path` measured for trimming, kept by the model layer while its presentation copies draw the same path (paths
    /// are copied on assignment, so one object is one shape): a `strokeEnd` animation over a still path measures it
    /// once, not in every frame it redraws.
    private func trimmable(_ path: CGPath) -> TrimmablePath {
        let owner = isPresentationCopy ? (modelLayerRef as? CAShapeLayer) ?? self : self
        if let measured = owner.measuredPath, measured.measures(path) { return measured }
        let measured = TrimmablePath(path)
        owner.measuredPath = measured
        return measured
    }

    /// The rectangle the shape can paint: the filled path's box and the stroked part's box grown by the stroke's
    /// reach (the longest of its miter joins, square caps) and a point for antialiased edges. A plain shape layer (this class,
    /// no delegate: nothing but the shape is drawn) covers only that, so a store holds no transparent margin; other
    /// layers join the bounds, where `draw(in:)` may paint. The shape is not clipped to the bounds.
    func shapeExtent() -> CGRect {
        let bounds = state.bounds.standardized
        let drawsOnlyShape = type(of: self) == CAShapeLayer.self && delegate == nil
        var box = CGRect.null
        if let path = state.path(.path), !path.isEmpty {
            if let fill = state.color(.fillColor), fill.alpha > 0 { box = path.boundingBoxOfPath }
            if let stroke = strokedPath(of: path), !stroke.isEmpty {
                let half = state.number(.lineWidth) / 2
                var reach = half
                if lineJoin == .miter { reach = max(reach, half * stroke.largestMiterRatio(limit: state.number(.miterLimit))) }
                if lineCap == .square { reach = max(reach, half * 2.squareRoot()) }
                box = box.union(stroke.boundingBoxOfPath.insetBy(dx: -reach, dy: -reach))
            }
        }
        if box.isNull || ![box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite) {
            return drawsOnlyShape ? CGRect(origin: bounds.origin, size: .zero) : bounds
        }
        box = box.insetBy(dx: -1, dy: -1)   // antialiased edges
        return drawsOnlyShape || bounds.width <= 0 || bounds.height <= 0 ? box : box.union(bounds)
    }
}

/// The stroked part of a path for one pair of stroke fractions (see `CAShapeLayer.strokedPath(of:)`).
struct TrimMemo {
    var path: CGPath
    var start: CGFloat, end: CGFloat
    var trimmed: CGPath
}
