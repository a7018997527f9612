import Foundation

// The reference evaluator's description of a layer tree: plain value types, no AnimaCore types, so the
// reference cannot share code (or bugs) with the library. Timing fields that are `Float` on Apple's API
// (`speed`, `repeatCount`, control points) are `Float` here too, so both sides see the same rounded values.

/// A 4 × 4 matrix in Core Animation's row-vector convention: a point `p` maps to `p · M`, and
/// `a * b` applies `a` first, then `b` (like `CATransform3DConcat(a, b)`).
struct RefMatrix: Equatable {
    /// Row-major entries m11, m12, …, m44.
    var m: [Double]

    static let identity = RefMatrix(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> RefMatrix {
        var r = identity
        r.m[12] = x; r.m[13] = y; r.m[14] = z
        return r
    }

    /// Scale by `sx`, `sy` (z unchanged), then translate by `tx`, `ty`.
    static func scaleThenTranslate(sx: Double, sy: Double, tx: Double, ty: Double) -> RefMatrix {
        RefMatrix(m: [sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1])
    }

    static func * (a: RefMatrix, b: RefMatrix) -> RefMatrix {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += a.m[i * 4 + k] * b.m[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return RefMatrix(m: r)
    }

    /// Maps a point of the plane z = 0, dividing by w.
    func project(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let px = x * m[0] + y * m[4] + m[12]
        let py = x * m[1] + y * m[5] + m[13]
        let w = x * m[3] + y * m[7] + m[15]
        return (px / w, py / w)
    }
}

/// A presented or animated value of one of the kinds the scenes use.
enum RefValue: Equatable {
    case number(Double)
    case point(x: Double, y: Double)
    case rect(x: Double, y: Double, width: Double, height: Double)
    case matrix(RefMatrix)
}

/// The layer properties the reference animates, by key path (struct-field paths per §2.2).
enum RefProperty: String, CaseIterable {
    case position, positionX = "position.x", positionY = "position.y"
    case bounds, boundsWidth = "bounds.size.width"
    case anchorPoint, zPosition, opacity, transform
}

/// The animatable geometry of one layer (model or presented).
struct RefGeometry: Equatable {
    var bounds = RefValue.rect(x: 0, y: 0, width: 0, height: 0)
    var position = RefValue.point(x: 0, y: 0)
    var anchorPoint = RefValue.point(x: 0.5, y: 0.5)
    var zPosition = 0.0
    /// Stored as the `Float` the layer keeps, widened.
    var opacity = 1.0
    var transform = RefMatrix.identity
}

/// `CAMediaTimingFillMode` as the two things it says.
enum RefFillMode: CaseIterable {
    case removed, forwards, backwards, both
    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The `CAMediaTiming` of one animation.
struct RefTiming: Equatable {
    var beginTime = 0.0
    var duration = 1.0
    var speed: Float = 1
    var timeOffset = 0.0
    var repeatCount: Float = 0
    var repeatDuration = 0.0
    var autoreverses = false
    var fillMode = RefFillMode.removed
}

/// A cubic Bézier timing curve from (0,0) to (1,1) through two control points.
struct RefTimingFunction: Equatable {
    var c1x: Float, c1y: Float, c2x: Float, c2y: Float
}

/// `CAKeyframeAnimation.calculationMode` values the reference implements.
enum RefCalculationMode: CaseIterable { case linear, discrete, paced }

/// What an animation does with its progress.
indirect enum RefAnimationKind: Equatable {
    /// `CABasicAnimation` (§2.3): at most two of from/to/by.
    case basic(from: RefValue?, to: RefValue?, by: RefValue?)
    /// `CAKeyframeAnimation` (§2.4).
    case keyframe(values: [RefValue], keyTimes: [Double]?, mode: RefCalculationMode, timingFunctions: [RefTimingFunction]?)
    /// `CASpringAnimation` (§2.5).
    case spring(from: RefValue, to: RefValue, mass: Double, stiffness: Double, damping: Double,
                initialVelocity: Double, allowsOverdamping: Bool)
    /// `CAAnimationGroup` (§2.6): children in the group's simple time.
    case group([RefAnimation])
}

/// One animation as added to a layer (or a group).
struct RefAnimation: Equatable {
    var key: String
    /// Nil for groups.
    var property: RefProperty?
    var kind: RefAnimationKind
    var timing = RefTiming()
    var timingFunction: RefTimingFunction?
    var isAdditive = false
    var isCumulative = false
    var isRemovedOnCompletion = true
}

/// A layer: model geometry, layer timing, animations in insertion order, sublayers in order.
struct RefLayer: Equatable {
    var id: Int
    var model = RefGeometry()
    var beginTime = 0.0
    var speed: Float = 1
    var timeOffset = 0.0
    var animations: [RefAnimation] = []
    var sublayers: [RefLayer] = []

    var name: String { "ref-\(id)" }
}
