import Foundation
import AnimaCore
import AnimaGraphics

/// Puts a drop shadow on a layer's own transform layer: its colour, opacity, radius and offset, each a
/// keyframe animation where the file animates it.
@MainActor
struct DropShadowBuilder {
    let animations: KeyframeAnimations

    func apply(_ shadow: DropShadowModel, to layer: CALayer) {
        animations.bind(shadow.color, to: layer, keyPath: "shadowColor") { [scale = shadow.color.colorScale] in CGColor.lottie($0, scale: scale) }
        animations.bind(shadow.opacity, to: layer, keyPath: "shadowOpacity") { Float(max(0, min(1, $0.first ?? 0))) }
        animations.bind(shadow.radius, to: layer, keyPath: "shadowRadius") { CGFloat(max(0, $0.first ?? 0)) }
        animations.bindCombined([shadow.angle, shadow.distance], to: layer, keyPath: "shadowOffset") { frame in
            let angle = shadow.angle.scalar(atFrame: frame) * .pi / 180, distance = shadow.distance.scalar(atFrame: frame)
            return CGSize(width: distance * cos(angle), height: distance * sin(angle))
        }
    }
}
