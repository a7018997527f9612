import Foundation
import AnimaCore
import AnimaGraphics

/// Turns a layer's masks into one `CAShapeLayer` mask: added masks fill their outlines; a subtracted
/// or inverted mask fills a large rectangle with its outline cut out (even-odd). Intersections and
/// the other modes are reported and treated as additions.
@MainActor
struct MaskBuilder {
    let context: BuildContext
    let layerName: String

    func apply(_ masks: [MaskModel], to body: CALayer) {
        let used = masks.filter { $0.mode != .none }
        guard !used.isEmpty else { return }
        if used.count > 1 { return applyFirst(used, to: body) }
        body.mask = layer(for: used[0])
    }

    /// Several masks: the first decides, the rest are reported (only one mask layer per layer here).
    private func applyFirst(_ masks: [MaskModel], to body: CALayer) {
        let adds = masks.allSatisfy { $0.mode == .add && !$0.isInverted }
        if adds {
            let shape = baseLayer()
            let inputs = masks.map { $0.path.map { _ in [Double]() } }
            context.animations.bindCombined(inputs, to: shape, keyPath: "path") { frame in
                let path = CGMutablePath()
                for mask in masks { mask.path.value(atFrame: frame).appendTo(path) }
                return path
            }
            var box = CGRect.null
            for mask in masks { for k in mask.path.keyframes where !k.value.vertices.isEmpty { box = box.union(k.value.cgPath().boundingBoxOfPath) } }
            shape.placeAtBounds(box.isNull ? .zero : box)
            body.mask = shape
            return
        }
        context.unsupported("\(masks.count) masks of mixed modes (the first is applied)", layer: layerName)
        body.mask = layer(for: masks[0])
    }

    private func layer(for mask: MaskModel) -> CAShapeLayer {
        let shape = baseLayer()
        if mask.hasExpansion { context.unsupported("mask expansion", layer: layerName) }
        if mask.mode != .add && mask.mode != .subtract { context.unsupported("mask mode '\(mask.mode.rawValue)'", layer: layerName) }
        let cutOut = (mask.mode == .subtract) != mask.isInverted
        shape.fillRule = cutOut ? .evenOdd : .nonZero
        // What "everything" is for a cut-out: the composition and as much again around it.
        let size = context.animation.size
        let outside = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width * 2, height: size.height * 2)
        context.animations.bindCombined([mask.path.map { _ in [Double]() }], to: shape, keyPath: "path") { frame in
            let path = CGMutablePath()
            if cutOut { path.addRect(outside) }
            mask.path.value(atFrame: frame).appendTo(path)
            return path
        }
        var box = outside
        if !cutOut {
            box = .null
            for k in mask.path.keyframes where !k.value.vertices.isEmpty { box = box.union(k.value.cgPath().boundingBoxOfPath) }
        }
        shape.placeAtBounds(box.isNull ? .zero : box)
        context.animations.bind(mask.opacity, to: shape, keyPath: "opacity") { Float(max(0, min(100, $0.first ?? 100)) / 100) }
        return shape
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
