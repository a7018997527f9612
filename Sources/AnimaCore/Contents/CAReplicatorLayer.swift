import Foundation
import AnimaGraphics

/// A layer that draws its sublayers several times (Core Animation's `CAReplicatorLayer`): instance 0 is the
/// sublayers themselves; each next instance is the previous one moved by ``instanceTransform`` (about the
/// replicator's centre), ``instanceDelay`` seconds behind in time, and tinted by ``instanceColor`` plus the offsets
/// once more per instance.
///
/// ```swift
/// let dots = CAReplicatorLayer()
/// dots.instanceCount = 12
/// dots.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)   // a ring of 12
/// dots.instanceDelay = 1.0 / 12
/// dots.addSublayer(dot)                                                   // its fade repeats, one after another
/// ```
/// ```
/// instance   0        1              2                     k: transform Tᵏ about the centre,
///            dot      T·dot          T·T·dot                  local time t − k·instanceDelay,
///            alpha a  a + Δa         a + 2Δa                  alpha clamp(a + k·Δa) to 0…1
/// ```
/// The copies are drawn, not layers: hit testing and `presentation()` see the sublayers once, and their
/// animations' delegates hear of them once (instance 0's). Each instance's alpha (``instanceColor``'s alpha plus
/// ``instanceAlphaOffset`` per instance) multiplies the instance's opacity, and its red, green and blue (plus their
/// offsets per instance, each kept within 0…1) multiply the colours of everything the instance draws.
/// All properties but ``preservesDepth`` are animatable; `instanceCount` takes whole numbers (animated, its
/// presented value is rounded down), and a count below 1 draws nothing.
open class CAReplicatorLayer: CALayer {
    public override init() { super.init() }

    /// A shadow copy of `layer` (presentation layers).
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAReplicatorLayer { preservesDepth = other.preservesDepth }
    }

    /// How many times the sublayers are drawn (1: once, as a plain layer; 0: not at all).
    open var instanceCount: Int {
        get { Self.count(from: state.number(.instanceCount)) }
        set { setModelValue(.number(Double(newValue)), of: .instanceCount) }
    }

    /// How far behind in time each instance is from the previous one, in seconds.
    open var instanceDelay: CFTimeInterval {
        get { Double(state.number(.instanceDelay)) }
        set { setModelValue(.number(newValue), of: .instanceDelay) }
    }

    /// The transform from one instance to the next, about the replicator's centre.
    open var instanceTransform: CATransform3D {
        get {
            if case .transform(let t) = state.value(of: .instanceTransform) { return t }
            return CATransform3DIdentity
        }
        set { setModelValue(.transform(newValue), of: .instanceTransform) }
    }

    /// The colour instance 0 is tinted by (white: none); nil is white.
    open var instanceColor: CGColor? {
        get { state.color(.instanceColor) }
        set { setModelValue(.color(newValue ?? .white), of: .instanceColor) }
    }

    /// Added to the tint's components once more per instance.
    open var instanceRedOffset: Float {
        get { Float(state.number(.instanceRedOffset)) }
        set { setModelValue(.number(Double(newValue)), of: .instanceRedOffset) }
    }
    open var instanceGreenOffset: Float {
        get { Float(state.number(.instanceGreenOffset)) }
        set { setModelValue(.number(Double(newValue)), of: .instanceGreenOffset) }
    }
    open var instanceBlueOffset: Float {
        get { Float(state.number(.instanceBlueOffset)) }
        set { setModelValue(.number(Double(newValue)), of: .instanceBlueOffset) }
    }
    open var instanceAlphaOffset: Float {
        get { Float(state.number(.instanceAlphaOffset)) }
        set { setModelValue(.number(Double(newValue)), of: .instanceAlphaOffset) }
    }

    /// Whether the instances keep their depth (Apple: flattened into the replicator's plane otherwise). Kept; the
    /// instances are drawn in instance order either way.
    open var preservesDepth = false

    /// A count from a stored or presented number: whole, not negative, at most 100 000 (a larger count is a
    /// mistake that would stall every frame).
    package nonisolated static func count(from number: CGFloat) -> Int {
        guard number.isFinite, number >= 1 else { return 0 }
        return Int(min(number, 100_000).rounded(.down))
    }
}

/// The replication a replicator's record asks for in one frame: its presented instance properties.
package struct Replication {
    package var count: Int
    package var delay: Double
    package var transform: CATransform3D
    package var alpha: Double
    package var alphaOffset: Double
    /// The instance colour's red, green and blue, and their offsets per instance.
    package var color: (red: Double, green: Double, blue: Double) = (1, 1, 1)
    package var colorOffset: (red: Double, green: Double, blue: Double) = (0, 0, 0)

    /// The replication of a state's (model or presented) instance properties.
    package init(_ state: (LayerProperty) -> AnimatableValue) {
        func number(_ p: LayerProperty) -> Double { if case .number(let d) = state(p) { return d }; return 0 }
        count = CAReplicatorLayer.count(from: CGFloat(number(.instanceCount)))
        delay = number(.instanceDelay)
        if case .transform(let t) = state(.instanceTransform) { transform = t } else { transform = .identity }
        if case .color(let c) = state(.instanceColor), let c {
            alpha = Double(c.alpha)
            color = (Double(c.red), Double(c.green), Double(c.blue))
        } else {
            alpha = 1
        }
        alphaOffset = number(.instanceAlphaOffset)
        colorOffset = (number(.instanceRedOffset), number(.instanceGreenOffset), number(.instanceBlueOffset))
    }

    /// Instance `k`'s tint: the colour plus k offsets, each 0…1 (nil: white, no tint).
    package func tint(ofInstance k: Int) -> RGBA? {
        func channel(_ base: Double, _ offset: Double) -> Float {
            let v = base + Double(k) * offset
            return v.isFinite ? Float(min(max(v, 0), 1)) : 1
        }
        let t = RGBA(red: channel(color.red, colorOffset.red), green: channel(color.green, colorOffset.green),
                     blue: channel(color.blue, colorOffset.blue), alpha: 1)
        return t.red == 1 && t.green == 1 && t.blue == 1 ? nil : t
    }

    /// Instance `k`'s alpha, 0…1.
    package func alpha(ofInstance k: Int) -> Double { min(max(alpha + Double(k) * alphaOffset, 0), 1) }

    /// The matrix from one instance to the next: the instance transform about the centre of `bounds` (the
    /// replicator's).
    package func step(about bounds: CGRect) -> CATransform3D {
        CATransform3DMakeTranslation(-bounds.midX, -bounds.midY, 0) * transform
            * CATransform3DMakeTranslation(bounds.midX, bounds.midY, 0)
    }
}
