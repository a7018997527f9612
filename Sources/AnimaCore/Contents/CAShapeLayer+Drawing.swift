import Foundation
import AnimaGraphics

extension CAShapeLayer {
    /// Fills the path, then strokes the part between `strokeStart` and `strokeEnd` (cut with
    /// `CGPath.trimmedPath(from:to:)`, so curves stay curves).
    func drawShape(in ctx: CGContext) { shapeDrawing()?.draw(in: ctx) }

    /// What ``drawShape(in:)`` paints, as values: nil when the layer has no path.
    func shapeDrawing() -> ShapeDrawing? {
        guard let path = state.path(.path), !path.isEmpty else { return nil }
        var drawing = ShapeDrawing(path: path, evenOdd: fillRule == .evenOdd)
        if let fill = state.color(.fillColor), fill.alpha > 0 { drawing.fill = fill }
        if let stroke = strokedPath(of: path), let color = state.color(.strokeColor) {
            let pattern = lineDashPattern.map { $0.map { CGFloat($0.doubleValue) } } ?? []
            drawing.stroke = ShapeDrawing.Stroke(
                path: stroke, color: color, width: state.number(.lineWidth),
                cap: lineCap == .round ? .round : (lineCap == .square ? .square : .butt),
                join: lineJoin == .round ? .round : (lineJoin == .bevel ? .bevel : .miter),
                miterLimit: max(0, state.number(.miterLimit)),
                dash: pattern.isEmpty ? nil : (state.number(.lineDashPhase), pattern))
        }
        return drawing
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

/// A shape layer's drawing as values (no layer): its path filled, then its stroked part stroked. A store drawn in
/// step with the display keeps one to paint later (`BackingStoreRasterizer`), so it must not refer to the layer.
struct ShapeDrawing: Sendable {
    struct Stroke: Sendable {
        var path: CGPath
        var color: CGColor
        var width: CGFloat
        var cap: CGLineCap
        var join: CGLineJoin
        var miterLimit: CGFloat
        var dash: (phase: CGFloat, lengths: [CGFloat])?
    }

    var path: CGPath
    var evenOdd: Bool
    var fill: CGColor?
    var stroke: Stroke?

    /// Whether it paints at most once (a fill or a stroke, not both).
    var paintsOnce: Bool { fill == nil || stroke == nil }

    func draw(in ctx: CGContext) {
        if let fill {
            ctx.setFillColor(fill)
            ctx.addPath(path)
            ctx.fillPath(using: evenOdd ? .evenOdd : .winding)
        }
        guard let stroke else { return }
        ctx.setStrokeColor(stroke.color)
        ctx.setLineWidth(stroke.width)
        ctx.setLineCap(stroke.cap)
        ctx.setLineJoin(stroke.join)
        ctx.setMiterLimit(stroke.miterLimit)
        if let dash = stroke.dash { ctx.setLineDash(phase: dash.phase, lengths: dash.lengths) }
        ctx.addPath(stroke.path)
        ctx.strokePath()
    }
}
