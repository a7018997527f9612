import Foundation
import AnimaCore
import AnimaGraphics

/// Turns a layer's masks into its `mask`: one mask is a `CAShapeLayer` — an added mask fills its outline, a
/// subtracted or inverted one a large rectangle with the outline cut out (even-odd). Several are composed as
/// lottie-ios composes them: the first mask and every added one are drawn together in a container; any later mask of
/// another mode (subtract, intersect) becomes that container's own mask, so it clips everything listed before it,
/// and a new container holds the result for the masks after it:
/// ```
/// masks  add A, add B, subtract C, add D     →   container2 ─ container1 (mask: C) ─ A, B
///                                                           └ D
/// ```
/// Intersect masks clip like that. The other modes are drawn as lottie-ios draws them (its `usableMode`): lighten as an
/// addition (the larger coverage: exact for opaque masks), darken and difference as intersections (darken's smaller
/// coverage is exact for opaque masks; difference is After Effects' exclusive or, which lottie-ios — so Apple's renders —
/// draws as an intersection). Each mask's opacity is its shape layer's.
///
/// Expansion (`x`) grows the outline by `x` (round corners) or shrinks it by `-x`, as After Effects does — lottie-ios's
/// Core Animation engine leaves it out. Growing is the outline filled and stroked `2x` wide with round joins (every
/// point within `x` of the outline); shrinking is the fill masked by everything but such a band (the band cut out of an
/// opaque rectangle by `xor`, in a mask's own group). A cut-out of a grown or shrunk outline is that outline cut out of
/// the rectangle the same way:
/// ```
/// grown     shape  fill + stroke 2·max(0, x), round joins
///           └ mask (when x < 0 at some frame)  everything ─ band 2·max(0, −x)  (xor)
/// cut out   everything  └ mask  everything ─ grown  (xor)
/// ```
@MainActor
struct MaskBuilder {
    let context: BuildContext
    let layerName: String

    func apply(_ masks: [MaskModel], to body: CALayer) {
        let used = masks.filter { $0.mode != .none }.map { mask in
            var mask = mask
            mask.mode = mask.mode.drawnMode
            return mask
        }
        guard !used.isEmpty else { return }
        let outside = outsideRect(of: used)
        if used.count == 1 { return body.mask = layer(for: used[0], outside: outside) }
        var container = containerLayer(outside)
        for (index, mask) in used.enumerated() {
            if index == 0 || mask.mode != .subtract && mask.mode != .intersect {
                container.addSublayer(layer(for: mask, outside: outside))
            } else {
                container.mask = layer(for: mask, outside: outside)
                let outer = containerLayer(outside)
                outer.addSublayer(container)
                container = outer
            }
        }
        body.mask = container
    }

    /// A layer holding masks, over `outside` (the extent of a cut-out mask).
    private func containerLayer(_ outside: CGRect) -> CALayer {
        let layer = CALayer()
        layer.name = "\(layerName) masks"
        layer.placeAtBounds(outside)
        return layer
    }

    /// What "everything" is for a cut-out, in the layer's own space: the composition and the masks' outlines, and ten
    /// times their size around them (the inverted matte's margin). The layer's space need not be the composition's
    /// — a layer scaled down by its parents draws far outside the composition's box in its own units, and a
    /// cut-out limited to that box showed only the little of the layer inside it.
    private func outsideRect(of masks: [MaskModel]) -> CGRect {
        let size = context.animation.size
        let box = masks.reduce(CGRect(origin: .zero, size: size)) { $0.union(Self.outlineBox(of: $1)) }
        guard box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else { return box }
        let margin = 10 * max(box.width, box.height, 1)
        return box.insetBy(dx: -margin, dy: -margin)
    }

    private func layer(for mask: MaskModel, outside: CGRect) -> CALayer {
        let cutOut = (mask.mode == .subtract) != mask.isInverted
        guard mask.hasExpansion else { return outlineLayer(for: mask, cutOut: cutOut, outside: outside) }
        let grown = grownOutline(of: mask, outside: outside)
        guard cutOut else {
            bindOpacity(of: mask, to: grown)
            return grown
        }
        grown.compositingFilter = "xor"
        let remainder = everything(outside)
        remainder.addSublayer(grown)
        let cut = everything(outside)
        cut.mask = remainder      // drawn in a group of its own, so the xor clears only `remainder`
        bindOpacity(of: mask, to: cut)
        return cut
    }

    /// The outline of `mask` grown or shrunk by its expansion, opaque black: see ``MaskBuilder``.
    private func grownOutline(of mask: MaskModel, outside: CGRect) -> CALayer {
        let values = mask.expansion.keyframes.map { $0.value.first ?? 0 }
        let reach = values.map(abs).max() ?? 0
        let outline = pathLayer(for: mask, cutOut: false, outside: outside)
        outline.placeAtBounds(Self.outlineBox(of: mask).insetBy(dx: -reach, dy: -reach))
        outline.lineJoin = .round
        let grows = values.contains { $0 > 0 }, shrinks = values.contains { $0 < 0 }
        // Each stroke's width is a part of the expansion (max(0, ±x)), which is not linear where x crosses 0: blended
        // between keyframes, both bands would be drawn at once there. Such an expansion is sampled every frame.
        func bind(_ layer: CAShapeLayer, _ width: @escaping (Double) -> Double) {
            if grows && shrinks {
                context.animations.bindSampled([mask.expansion], to: layer, keyPath: "lineWidth") { CGFloat(width(mask.expansion.scalar(atFrame: $0))) }
            } else {
                context.animations.bind(mask.expansion, to: layer, keyPath: "lineWidth") { CGFloat(width($0.first ?? 0)) }
            }
        }
        if grows {
            outline.strokeColor = .black
            bind(outline) { 2 * max(0, $0) }
        }
        if shrinks {
            let band = pathLayer(for: mask, cutOut: false, outside: outside)
            band.placeAtBounds(outside)
            band.fillColor = nil
            band.strokeColor = .black
            band.lineJoin = .round
            band.compositingFilter = "xor"
            bind(band) { 2 * max(0, -$0) }
            let keep = everything(outside)
            keep.addSublayer(band)
            outline.mask = keep
        }
        return outline
    }

    /// The mask's opacity (percent) as `layer`'s.
    private func bindOpacity(of mask: MaskModel, to layer: CALayer) {
        context.animations.bind(mask.opacity, to: layer, keyPath: "opacity") { Float(max(0, min(100, $0.first ?? 100)) / 100) }
    }

    /// An opaque black layer over `outside`: "everything" for cut-outs.
    private func everything(_ outside: CGRect) -> CALayer {
        let layer = CALayer()
        layer.name = "\(layerName) mask extent"
        layer.placeAtBounds(outside)
        layer.backgroundColor = .black
        return layer
    }

    /// The mask's outline filled (an added mask) or cut out of `outside` (even-odd), with the mask's opacity.
    private func outlineLayer(for mask: MaskModel, cutOut: Bool, outside: CGRect) -> CAShapeLayer {
        let shape = pathLayer(for: mask, cutOut: cutOut, outside: outside)
        bindOpacity(of: mask, to: shape)
        return shape
    }

    /// A black shape layer following the mask's outline (and `outside` around it when `cutOut`).
    private func pathLayer(for mask: MaskModel, cutOut: Bool, outside: CGRect) -> CAShapeLayer {
        let shape = baseLayer()
        shape.fillRule = cutOut ? .evenOdd : .nonZero
        context.animations.bindCombined([mask.path.map { _ in [Double]() }], to: shape, keyPath: "path") { frame in
            let path = CGMutablePath()
            if cutOut { path.addRect(outside) }
            mask.path.value(atFrame: frame).appendTo(path)
            return path
        }
        let box = cutOut ? outside : Self.outlineBox(of: mask)
        shape.placeAtBounds(box.isNull ? .zero : box)
        return shape
    }

    /// The box of every outline `mask`'s keyframes give (null when they are all empty).
    private static func outlineBox(of mask: MaskModel) -> CGRect {
        mask.path.keyframes.reduce(CGRect.null) { box, k in
            k.value.vertices.isEmpty ? box : box.union(k.value.cgPath().boundingBoxOfPath)
        }
    }

    private func baseLayer() -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.name = "\(layerName) mask"
        shape.anchorPoint = .zero
        shape.bounds = .zero
        shape.position = .zero
        shape.fillColor = .black
        shape.strokeColor = nil
        return shape
    }
}

extension MaskModel.Mode {
    /// The mode a mask is drawn with: add, subtract or intersect (see ``MaskBuilder``).
    var drawnMode: Self {
        switch self {
        case .lighten: .add
        case .darken, .difference: .intersect
        default: self
        }
    }
}
