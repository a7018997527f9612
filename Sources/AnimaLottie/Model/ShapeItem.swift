import Foundation
import AnimaGraphics

/// A stroke's settings (`st`, and the stroke part of `gs`).
package struct StrokeModel {
    package var width: Animated<[Double]>
    package var opacity: Animated<[Double]>
    /// 1 butt, 2 round, 3 square.
    package var lineCap: Int
    /// 1 miter, 2 round, 3 bevel.
    package var lineJoin: Int
    package var miterLimit: Double
    /// Dash, gap, dash… lengths, at the first frame (Core Animation's `lineDashPattern` does not animate), and the
    /// offset, animated as `lineDashPhase` (as lottie-ios animates it).
    package var dashes: [Double]
    package var dashOffset: Animated<[Double]>
}

/// A gradient's settings (`gf`, `gs`): start and end points, type and colour stops.
package struct GradientModel {
    package var start: Animated<[Double]>
    package var end: Animated<[Double]>
    /// 1 linear, 2 radial.
    package var type: Int
    /// How many colour stops `stops` holds before any opacity stops.
    package var colorCount: Int
    /// Offset, r, g, b per colour stop, then offset, alpha per opacity stop.
    package var stops: Animated<[Double]>
    package var opacity: Animated<[Double]>
    /// Whether the opacity stops show twice. lottie-ios gives a value provider's colours, alpha included, to both
    /// the colour gradient and the alpha gradient that masks it (when the file's gradient has one), so Core
    /// Animation multiplies each point's alpha by itself: Apple's render of `issue_1854` with its snapshot
    /// configuration's provider shows an alpha of 0.5 as 0.25.
    package var alphaShowsTwice = false

    /// Whether some keyframe has an opacity stop below 0.999: lottie-ios's test for drawing the gradient as a colour
    /// gradient masked by an alpha gradient.
    package var hasOpacityStops: Bool {
        stops.keyframes.map(\.value).contains { k in
            let count = max(0, min(colorCount, k.count / 4))
            return stride(from: 4 * count + 1, to: k.count, by: 2).contains { k[$0] < 0.999 }
        }
    }
}

/// One item of a shape layer's contents, in file order (the first is drawn on top).
package indirect enum ShapeItem {
    case group(name: String, items: [ShapeItem], transform: TransformModel)
    case path(Animated<BezierShape>)
    case rect(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<[Double]>)
    case ellipse(position: Animated<[Double]>, size: Animated<[Double]>)
    case star(StarModel)
    case fill(color: Animated<[Double]>, opacity: Animated<[Double]>, isEvenOdd: Bool)
    case stroke(color: Animated<[Double]>, StrokeModel)
    case gradientFill(GradientModel, isEvenOdd: Bool)
    case gradientStroke(GradientModel, StrokeModel)
    case trim(start: Animated<[Double]>, end: Animated<[Double]>, offset: Animated<[Double]>, isIndividual: Bool)
    case repeater(RepeaterModel)
    /// The Round Corners modifier (`rd`): its radius.
    case roundCorners(radius: Animated<[Double]>)
    /// A path or rectangle whose sharp corners a Round Corners modifier rounds (made by the builder).
    case rounded(ShapeItem, radius: Animated<[Double]>)
    case unsupported(type: String, name: String)

    /// Whether the item is a path source (rect, ellipse, star, path).
    package var isGeometry: Bool {
        switch self {
        case .path, .rect, .ellipse, .star, .rounded: return true
        default: return false
        }
    }

    /// Whether the item draws paths (fill, stroke, gradients).
    package var isStyle: Bool {
        switch self {
        case .fill, .stroke, .gradientFill, .gradientStroke: return true
        default: return false
        }
    }
}

/// A star or polygon (`sr`).
package struct StarModel {
    /// 1 star, 2 polygon.
    package var kind: Int
    package var position: Animated<[Double]>
    package var points: Animated<[Double]>
    package var rotation: Animated<[Double]>
    package var outerRadius: Animated<[Double]>
    package var innerRadius: Animated<[Double]>
    package var outerRoundness: Animated<[Double]>
    package var innerRoundness: Animated<[Double]>
}

/// A repeater (`rp`): copies of everything listed before it, each moved by the transform once more.
package struct RepeaterModel {
    package var copies: Animated<[Double]>
    package var offset: Animated<[Double]>
    /// 1: each copy above the one before; 2: below.
    package var composite: Int
    package var transform: TransformModel
    /// Percent, for the first and the last copy.
    package var startOpacity: Animated<[Double]>
    package var endOpacity: Animated<[Double]>
}
