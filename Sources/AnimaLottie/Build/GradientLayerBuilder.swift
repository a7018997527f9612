import Foundation
import AnimaCore
import AnimaGraphics

/// Draws a gradient fill or stroke: a `CAGradientLayer` over the outlines' box, masked by the shape
/// layer that fills or strokes them.
@MainActor
struct GradientLayerBuilder {
    let context: BuildContext
    let layerName: String

    /// Adds the gradient layer for `gradient` to `host`, masked by `mask` (the shape that fills or strokes the
    /// outlines), or by `maskLayer` when the mask is more than that shape (a trimmed stroke and its wrapped part).
    func add(_ gradient: GradientModel, mask: CAShapeLayer, maskLayer: CALayer? = nil, outlines: [StyledGeometry], into host: CALayer) {
        let layer = CAGradientLayer()
        layer.name = "\(layerName) gradient"
        let reach = Double(mask.strokeColor == nil ? 0 : mask.lineWidth) + 2
        var box = CGRect.null
        let frames = [0.0] + outlines.flatMap { $0.inputs.flatMap { $0.keyframes.map(\.frame) } }
        for frame in frames {
            for g in outlines { for o in g.outlines(atFrame: frame) { box = box.union(o.cgPath().boundingBoxOfPath) } }
        }
        guard !box.isNull, box.width.isFinite, box.height.isFinite else { return }
        box = box.insetBy(dx: -reach, dy: -reach)
        layer.anchorPoint = .zero
        layer.bounds = box
        layer.position = box.origin
        layer.type = gradient.type == 2 ? .radial : .axial
        layer.blendsColorsInGenericRGB = true   // as in the references lottie-ios's snapshot tests took
        context.animations.bindCombined([gradient.stops], to: layer, keyPath: "colors") { frame in
            Self.colors(gradient, frame: frame).map(\.color)
        }
        context.animations.bindCombined([gradient.stops], to: layer, keyPath: "locations") { frame in
            Self.colors(gradient, frame: frame).map { NSNumber(value: $0.location) }
        }
        func unit(_ p: CGPoint) -> CGPoint {
            CGPoint(x: (p.x - box.minX) / box.width, y: (p.y - box.minY) / box.height)
        }
        let isRadial = gradient.type == 2
        context.animations.bindCombined([gradient.start], to: layer, keyPath: "startPoint") { frame in
            unit(CGPoint(lottie: gradient.start.value(atFrame: frame)))
        }
        context.animations.bindCombined([gradient.start, gradient.end], to: layer, keyPath: "endPoint") { frame in
            let s = CGPoint(lottie: gradient.start.value(atFrame: frame)), e = CGPoint(lottie: gradient.end.value(atFrame: frame))
            guard isRadial else { return unit(e) }
            let r = max(0.001, hypot(e.x - s.x, e.y - s.y))
            return unit(CGPoint(x: s.x + r, y: s.y + r))
        }
        context.animations.bind(gradient.opacity, to: layer, keyPath: "opacity", convert: Self.layerOpacity(gradient))
        mask.placeAtBounds(box)
        for sibling in maskLayer?.sublayers ?? [] where sibling !== mask { sibling.placeAtBounds(box) }
        layer.mask = maskLayer ?? mask
        host.addSublayer(layer)
    }

    /// The stops at `frame`: one at every colour stop and every opacity stop (their locations merged, so an
    /// opacity stop between two colour stops keeps its place), each with the colour the colour stops give there
    /// and the alpha the opacity stops give there — the product lottie-ios draws with a colour gradient masked
    /// by an alpha gradient. The count stays the same from frame to frame, so Core Animation can blend them.
    static func colors(_ gradient: GradientModel, frame: Double) -> [(location: Double, color: CGColor)] {
        let k = gradient.stops.value(atFrame: frame)
        let count = max(0, min(gradient.colorCount, k.count / 4))
        var stops: [(Double, [Double])] = (0..<count).map { i in (k[4 * i], Array(k[(4 * i + 1)...(4 * i + 3)])) }
        let alphas = stride(from: 4 * count, to: k.count - 1, by: 2).map { (k[$0], k[$0 + 1]) }
        if stops.isEmpty { stops = [(0, [0, 0, 0]), (1, [0, 0, 0])] }
        var locations = (stops.map(\.0) + alphas.map(\.0)).enumerated()
            .sorted { $0.element != $1.element ? $0.element < $1.element : $0.offset < $1.offset }.map(\.element)
        let twice = gradient.alphaShowsTwice && !alphas.isEmpty
        if twice {
            // The square of a linear ramp is a curve: four stops to each stretch keep the straight pieces within
            // 1/64 of it (a piece a quarter long misses (a₀ + Δu)² by at most Δ²(1/4)²/4, at its middle), the count
            // fixed from frame to frame.
            locations = zip(locations, locations.dropFirst()).flatMap { a, b in (0..<4).map { a + (b - a) * Double($0) / 4 } }
                + locations.suffix(1)
        }
        return locations.map { location in
            let rgb = (0..<3).map { channel in Self.interpolate(at: location, stops.map { ($0.0, $0.1[channel]) }) }
            let base = CGColor.lottie(rgb, scale: 1)   // gradient stops are always 0…1
            let once = alphas.isEmpty ? 1 : Self.interpolate(at: location, alphas)
            let alpha = twice ? once * once : once
            return (min(1, max(0, location)), base.copy(alpha: CGFloat(min(1, max(0, alpha)))) ?? base)
        }
    }

    /// The gradient layer's opacity for the gradient's opacity `o`: `o`, or `o²` when the gradient has opacity
    /// stops. lottie-ios draws such a gradient as a colour gradient layer masked by an alpha gradient layer and
    /// gives both the gradient's opacity, so Core Animation applies it twice (`issue_1732`'s purple fill at 96 %
    /// shows at 92 %). A gradient stroke's opacity is also on the stroke that masks it, as lottie-ios sets it on
    /// that shape layer too (`StyleLayerBuilder`).
    static func layerOpacity(_ gradient: GradientModel) -> ([Double]) -> Any {
        let times = gradient.hasOpacityStops ? 2 : 1
        return { value in
            let o = max(0, min(100, value.first ?? 100)) / 100
            return Float(times == 2 ? o * o : o)
        }
    }

    /// The value piecewise-linear `stops` (location, value) give at `location`, the ends extended.
    static func interpolate(at location: Double, _ stops: [(Double, Double)]) -> Double {
        guard let first = stops.first, let last = stops.last else { return 1 }
        if location <= first.0 { return first.1 }
        if location >= last.0 { return last.1 }
        for (a, b) in zip(stops, stops.dropFirst()) where location >= a.0 && location <= b.0 {
            return b.0 > a.0 ? a.1 + (b.1 - a.1) * (location - a.0) / (b.0 - a.0) : b.1
        }
        return last.1
    }
}
