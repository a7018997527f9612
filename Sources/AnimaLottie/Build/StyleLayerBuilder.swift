import Foundation
import AnimaCore
import AnimaGraphics

/// Makes the layer that draws one fill, stroke or gradient over a set of outlines.
@MainActor
struct StyleLayerBuilder {
    let context: BuildContext
    let layerName: String
    private var animations: KeyframeAnimations { context.animations }

    func add(_ style: ShapeItem, outlines: [StyledGeometry], into host: CALayer) {
        let shape = CAShapeLayer()
        shape.name = "\(layerName) style"
        shape.anchorPoint = .zero
        shape.bounds = .zero
        shape.position = .zero
        bindPath(outlines, to: shape, keyPath: "path")
        var reach = 0.0
        if case .stroke(_, let stroke) = style { reach = Self.reach(of: stroke) }
        if case .gradientStroke(_, let stroke) = style { reach = Self.reach(of: stroke) }
        shape.placeAtBounds(Self.box(of: outlines).insetBy(dx: -reach, dy: -reach))
        switch style {
        case .fill(let color, let opacity, let evenOdd):
            shape.fillRule = evenOdd ? .evenOdd : .nonZero
            shape.strokeColor = nil
            animations.bind(color, to: shape, keyPath: "fillColor") { [scale = color.colorScale] in CGColor.lottie($0, scale: scale) }
            bindOpacity(opacity, to: shape)
            host.addSublayer(shape)
        case .stroke(let color, let stroke):
            shape.fillColor = nil
            animations.bind(color, to: shape, keyPath: "strokeColor") { [scale = color.colorScale] in CGColor.lottie($0, scale: scale) }
            configure(stroke, on: shape)
            host.addSublayer(shape)
            applyTrim(outlines.first?.trim, to: shape, host: host)
        case .gradientFill(let gradient, let evenOdd):
            shape.fillRule = evenOdd ? .evenOdd : .nonZero
            shape.fillColor = .black
            shape.strokeColor = nil
            GradientLayerBuilder(context: context, layerName: layerName)
                .add(gradient, mask: shape, outlines: outlines, into: host)
        case .gradientStroke(let gradient, let stroke):
            shape.fillColor = nil
            shape.strokeColor = .black
            configure(stroke, on: shape)
            // The gradient shows through the stroke; a trim cuts the stroke, so it cuts the mask (whose wrapped
            // part, if any, is a second shape beside it).
            let mask = CALayer.lottieContainer(name: "\(layerName) gradient stroke mask")
            mask.addSublayer(shape)
            applyTrim(outlines.first?.trim, to: shape, host: mask)
            GradientLayerBuilder(context: context, layerName: layerName)
                .add(gradient, mask: shape, maskLayer: mask, outlines: outlines, into: host)
        default:
            break
        }
    }

    /// The box around the outlines at the first frame and at every keyframe of their geometry.
    static func box(of outlines: [StyledGeometry]) -> CGRect {
        var box = CGRect.null
        let frames = [0.0] + outlines.flatMap { $0.inputs.flatMap { $0.keyframes.map(\.frame) } }
        for frame in frames {
            for g in outlines { for o in g.outlines(atFrame: frame) where !o.vertices.isEmpty { box = box.union(o.cgPath().boundingBoxOfPath) } }
        }
        return box.isNull ? .zero : box
    }

    /// How far a stroke reaches past its path (half the widest width, miters and caps included).
    static func reach(of stroke: StrokeModel) -> Double {
        let widest = stroke.width.keyframes.map { $0.value.first ?? 0 }.max() ?? 0
        return widest / 2 * max(1.5, stroke.lineJoin == 1 ? min(stroke.miterLimit, 10) : 1) + 2
    }

    /// Binds the outlines' combined path to `keyPath` (keyframed when one input moves, sampled otherwise).
    func bindPath(_ outlines: [StyledGeometry], to layer: CALayer, keyPath: String) {
        let inputs = outlines.flatMap(\.inputs)
        animations.bindCombined(inputs, to: layer, keyPath: keyPath) { frame in
            let path = CGMutablePath()
            for g in outlines { for outline in g.outlines(atFrame: frame) { outline.appendTo(path) } }
            return path
        }
    }

    private func bindOpacity(_ opacity: Animated<[Double]>, to layer: CALayer) {
        animations.bind(opacity, to: layer, keyPath: "opacity") { Float(max(0, min(100, $0.first ?? 100)) / 100) }
    }

    private func configure(_ stroke: StrokeModel, on shape: CAShapeLayer) {
        animations.bind(stroke.width, to: shape, keyPath: "lineWidth") { CGFloat(max(0, $0.first ?? 0)) }
        bindOpacity(stroke.opacity, to: shape)
        shape.lineCap = stroke.lineCap == 1 ? .butt : (stroke.lineCap == 3 ? .square : .round)
        shape.lineJoin = stroke.lineJoin == 1 ? .miter : (stroke.lineJoin == 3 ? .bevel : .round)
        shape.miterLimit = CGFloat(max(0, stroke.miterLimit))
        if !stroke.dashes.isEmpty, stroke.dashes.contains(where: { $0 > 0 }) {
            shape.lineDashPattern = stroke.dashes.map { NSNumber(value: $0) }
            animations.bind(stroke.dashOffset, to: shape, keyPath: "lineDashPhase") { CGFloat($0.first ?? 0) }
        }
    }

    /// Trims the stroke: start and end are percentages, the offset turns them (360° = once round). A
    /// range that wraps past the path's end is drawn by a second layer from the start.
    private func applyTrim(_ trim: ShapeItem?, to shape: CAShapeLayer, host: CALayer) {
        guard case .trim(let start, let end, let offset, _)? = trim else { return }
        func range(_ frame: Double) -> (a: Double, b: Double) {
            var s = start.scalar(atFrame: frame) / 100, e = end.scalar(atFrame: frame) / 100
            if s > e { swap(&s, &e) }
            s = max(0, min(1, s)); e = max(0, min(1, e))
            if e - s >= 1 { return (0, 1) }
            let o = offset.scalar(atFrame: frame) / 360
            var shift = (s + o).rounded(.down)
            // An empty range at a whole turn stays at the path's end, not its start: keyframed, a start that
            // runs from 0 up to the end (the usual "erase" of a drawn line) must stay a rising start, which a
            // last keyframe of (0, 0) would turn into an end falling from 1.
            if e == s, shift > 0, s + o == shift { shift -= 1 }
            return (s + o - shift, e + o - shift)
        }
        let inputs = [start, end, offset]
        animations.bindCombined(inputs, to: shape, keyPath: "strokeStart") { CGFloat(range($0).a) }
        animations.bindCombined(inputs, to: shape, keyPath: "strokeEnd") { CGFloat(min(1, range($0).b)) }
        let frames = inputs.flatMap { $0.keyframes.map(\.frame) }
        let lo = frames.min() ?? 0, hi = frames.max() ?? 0
        var wraps = range(lo).b > 1
        var f = lo
        while !wraps, f < hi { f += 1; wraps = range(f).b > 1 }
        guard wraps, let copy = shape.lottieStrokeCopy() else { return }
        animations.bindCombined(inputs, to: copy, keyPath: "strokeStart") { _ in CGFloat(0) }
        animations.bindCombined(inputs, to: copy, keyPath: "strokeEnd") { CGFloat(max(0, range($0).b - 1)) }
        host.addSublayer(copy)
    }
}

extension CALayer {
    /// Gives the layer `box` as its bounds without moving its coordinate space (anchor point 0, position at
    /// the box's origin): the compositor sizes offscreen work (masks, group opacity) from bounds, so a layer
    /// whose drawing lies outside empty bounds could be cut away.
    func placeAtBounds(_ box: CGRect) {
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else { return }
        anchorPoint = .zero
        bounds = box
        position = box.origin
    }
}

extension CAShapeLayer {
    /// A second layer drawing the same stroke (same path and style animations), for a wrapped trim.
    func lottieStrokeCopy() -> CAShapeLayer? {
        let copy = CAShapeLayer()
        copy.name = name
        copy.anchorPoint = .zero; copy.bounds = bounds; copy.position = position
        copy.path = path; copy.fillColor = nil; copy.strokeColor = strokeColor; copy.lineWidth = lineWidth
        copy.lineCap = lineCap; copy.lineJoin = lineJoin; copy.miterLimit = miterLimit
        copy.lineDashPattern = lineDashPattern; copy.lineDashPhase = lineDashPhase; copy.opacity = opacity
        for key in ["path", "strokeColor", "lineWidth", "opacity", "lineDashPhase"] {
            if let animation = self.animation(forKey: key) { copy.add(animation, forKey: key) }
        }
        return copy
    }
}
