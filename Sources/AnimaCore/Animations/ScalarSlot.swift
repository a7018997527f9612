import Foundation
import AnimaGraphics

/// A number or point property (or one coordinate of a point or size, or one part of the transform) that
/// evaluation reads and writes as plain doubles, without boxing values in `AnimatableValue`.
///
/// Basic, spring and keyframe animations on these key paths — the great majority (`position`, `opacity`,
/// `bounds.size`, `transform.scale`…) — are compiled to ``ScalarEndpoints`` and applied to a
/// ``LayerEvaluation`` in the cheapest form that holds the slot: the presented geometry, the presented
/// transform's parts, or (for the few appearance slots) the whole state.
package enum ScalarSlot: Sendable {
    case opacity, zPosition, anchorPointZ, borderWidth, cornerRadius, shadowOpacity, shadowRadius
    case positionX, positionY, anchorPointX, anchorPointY, boundsWidth, boundsHeight, originX, originY
    case position, anchorPoint, boundsSize, boundsOrigin
    case rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ
    case translation, translationX, translationY, translationZ

    /// Where a slot's value lives during evaluation.
    package enum Target: Sendable { case geometry, transform, state }

    /// The slot for `path`, or nil when the path needs boxed values.
    package init?(_ path: LayerKeyPath) {
        switch (path.property, path.component) {
        case (.opacity, nil): self = .opacity
        case (.zPosition, nil): self = .zPosition
        case (.anchorPointZ, nil): self = .anchorPointZ
        case (.borderWidth, nil): self = .borderWidth
        case (.cornerRadius, nil): self = .cornerRadius
        case (.shadowOpacity, nil): self = .shadowOpacity
        case (.shadowRadius, nil): self = .shadowRadius
        case (.position, nil): self = .position
        case (.position, .x?): self = .positionX
        case (.position, .y?): self = .positionY
        case (.anchorPoint, nil): self = .anchorPoint
        case (.anchorPoint, .x?): self = .anchorPointX
        case (.anchorPoint, .y?): self = .anchorPointY
        case (.bounds, .size?): self = .boundsSize
        case (.bounds, .sizeWidth?): self = .boundsWidth
        case (.bounds, .sizeHeight?): self = .boundsHeight
        case (.bounds, .origin?): self = .boundsOrigin
        case (.bounds, .originX?): self = .originX
        case (.bounds, .originY?): self = .originY
        case (.transform, .rotationX?): self = .rotationX
        case (.transform, .rotationY?): self = .rotationY
        case (.transform, .rotationZ?): self = .rotationZ
        case (.transform, .scale?): self = .scale
        case (.transform, .scaleX?): self = .scaleX
        case (.transform, .scaleY?): self = .scaleY
        case (.transform, .scaleZ?): self = .scaleZ
        case (.transform, .translation?): self = .translation
        case (.transform, .translationX?): self = .translationX
        case (.transform, .translationY?): self = .translationY
        case (.transform, .translationZ?): self = .translationZ
        default: return nil
        }
    }

    /// The layer property the slot is part of.
    package var property: LayerProperty {
        switch self {
        case .opacity: .opacity
        case .zPosition: .zPosition
        case .anchorPointZ: .anchorPointZ
        case .borderWidth: .borderWidth
        case .cornerRadius: .cornerRadius
        case .shadowOpacity: .shadowOpacity
        case .shadowRadius: .shadowRadius
        case .position, .positionX, .positionY: .position
        case .anchorPoint, .anchorPointX, .anchorPointY: .anchorPoint
        case .boundsWidth, .boundsHeight, .originX, .originY, .boundsSize, .boundsOrigin: .bounds
        case .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ: .transform
        case .translation, .translationX, .translationY, .translationZ: .transform
        }
    }

    package var target: Target {
        switch self {
        case .borderWidth, .cornerRadius, .shadowOpacity, .shadowRadius: return .state
        case .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ,
             .translation, .translationX, .translationY, .translationZ: return .transform
        default: return .geometry
        }
    }

    /// The key path of a transform slot (nil for the others).
    private var transformPath: LayerKeyPath? {
        let component: KeyPathComponent
        switch self {
        case .rotationX: component = .rotationX
        case .rotationY: component = .rotationY
        case .rotationZ: component = .rotationZ
        case .scale: component = .scale
        case .scaleX: component = .scaleX
        case .scaleY: component = .scaleY
        case .scaleZ: component = .scaleZ
        case .translation: component = .translation
        case .translationX: component = .translationX
        case .translationY: component = .translationY
        case .translationZ: component = .translationZ
        default: return nil
        }
        return LayerKeyPath(property: .transform, component: component)
    }

    /// The current value in a whole state (numbers in `x`, `y` = 0).
    @inline(__always)
    package func read(_ s: LayerState) -> SIMD2<Double> {
        switch self {
        case .borderWidth: return SIMD2(Double(s.borderWidth), 0)
        case .cornerRadius: return SIMD2(Double(s.cornerRadius), 0)
        case .shadowOpacity: return SIMD2(Double(s.shadowOpacity), 0)
        case .shadowRadius: return SIMD2(Double(s.shadowRadius), 0)
        default:
            if let path = transformPath { return s.value(at: path).scalarPair ?? SIMD2(0, 0) }
            return readGeometry(s)
        }
    }

    /// Stores `v` in a whole state (numbers from `x`).
    @inline(__always)
    package func write(_ v: SIMD2<Double>, into s: inout LayerState) {
        switch self {
        case .borderWidth: s.borderWidth = CGFloat(v.x)
        case .cornerRadius: s.cornerRadius = CGFloat(v.x)
        case .shadowOpacity: s.shadowOpacity = Float(v.x)
        case .shadowRadius: s.shadowRadius = CGFloat(v.x)
        default:
            if let path = transformPath {
                let part: AnimatableValue = self == .translation ? .size(CGSize(width: v.x, height: v.y)) : .number(v.x)
                s.setValue(part, at: path)
            } else {
                writeGeometry(v, into: &s)
            }
        }
    }

    /// The current value of a transform slot in `c`, read as the key path reads it.
    @inline(__always)
    package func readTransform(_ c: TransformComponents) -> SIMD2<Double> {
        switch self {
        case .rotationX: return SIMD2(c.rotation.x, 0)
        case .rotationY: return SIMD2(c.rotation.y, 0)
        case .rotationZ: return SIMD2(c.rotation.z, 0)
        case .scale: return SIMD2((c.scale.x + c.scale.y + c.scale.z) / 3, 0)
        case .scaleX: return SIMD2(c.scale.x, 0)
        case .scaleY: return SIMD2(c.scale.y, 0)
        case .scaleZ: return SIMD2(c.scale.z, 0)
        case .translation: return SIMD2(c.translation.x, c.translation.y)
        case .translationX: return SIMD2(c.translation.x, 0)
        case .translationY: return SIMD2(c.translation.y, 0)
        case .translationZ: return SIMD2(c.translation.z, 0)
        default: return SIMD2(0, 0)
        }
    }

    /// Stores `v` into a transform slot of `c`, as the key path writes it.
    @inline(__always)
    package func writeTransform(_ v: SIMD2<Double>, into c: inout TransformComponents) {
        switch self {
        case .rotationX: c.rotation.x = v.x
        case .rotationY: c.rotation.y = v.x
        case .rotationZ: c.rotation.z = v.x
        case .scale: c.scale = (v.x, v.x, v.x)
        case .scaleX: c.scale.x = v.x
        case .scaleY: c.scale.y = v.x
        case .scaleZ: c.scale.z = v.x
        case .translation: c.translation.x = v.x; c.translation.y = v.y
        case .translationX: c.translation.x = v.x
        case .translationY: c.translation.y = v.x
        case .translationZ: c.translation.z = v.x
        default: break
        }
    }

    /// The current value of a geometric slot.
    @inline(__always)
    package func readGeometry<Fields: LayerGeometryFields>(_ s: Fields) -> SIMD2<Double> {
        switch self {
        case .opacity: return SIMD2(Double(s.opacity), 0)
        case .zPosition: return SIMD2(Double(s.zPosition), 0)
        case .anchorPointZ: return SIMD2(Double(s.anchorPointZ), 0)
        case .positionX: return SIMD2(Double(s.position.x), 0)
        case .positionY: return SIMD2(Double(s.position.y), 0)
        case .anchorPointX: return SIMD2(Double(s.anchorPoint.x), 0)
        case .anchorPointY: return SIMD2(Double(s.anchorPoint.y), 0)
        case .boundsWidth: return SIMD2(Double(s.bounds.size.width), 0)
        case .boundsHeight: return SIMD2(Double(s.bounds.size.height), 0)
        case .originX: return SIMD2(Double(s.bounds.origin.x), 0)
        case .originY: return SIMD2(Double(s.bounds.origin.y), 0)
        case .position: return SIMD2(Double(s.position.x), Double(s.position.y))
        case .anchorPoint: return SIMD2(Double(s.anchorPoint.x), Double(s.anchorPoint.y))
        case .boundsSize: return SIMD2(Double(s.bounds.size.width), Double(s.bounds.size.height))
        case .boundsOrigin: return SIMD2(Double(s.bounds.origin.x), Double(s.bounds.origin.y))
        default: return SIMD2(0, 0)   // not geometric
        }
    }

    /// Stores `v` into a geometric slot.
    @inline(__always)
    package func writeGeometry<Fields: LayerGeometryFields>(_ v: SIMD2<Double>, into s: inout Fields) {
        switch self {
        case .opacity: s.opacity = Float(v.x)
        case .zPosition: s.zPosition = CGFloat(v.x)
        case .anchorPointZ: s.anchorPointZ = CGFloat(v.x)
        case .positionX: s.position.x = CGFloat(v.x)
        case .positionY: s.position.y = CGFloat(v.x)
        case .anchorPointX: s.anchorPoint.x = CGFloat(v.x)
        case .anchorPointY: s.anchorPoint.y = CGFloat(v.x)
        case .boundsWidth: s.bounds.size.width = CGFloat(v.x)
        case .boundsHeight: s.bounds.size.height = CGFloat(v.x)
        case .originX: s.bounds.origin.x = CGFloat(v.x)
        case .originY: s.bounds.origin.y = CGFloat(v.x)
        case .position: s.position = CGPoint(x: v.x, y: v.y)
        case .anchorPoint: s.anchorPoint = CGPoint(x: v.x, y: v.y)
        case .boundsSize: s.bounds.size = CGSize(width: v.x, height: v.y)
        case .boundsOrigin: s.bounds.origin = CGPoint(x: v.x, y: v.y)
        default: break   // not geometric
        }
    }

    /// Reads the slot from a layer evaluation, wherever it lives there.
    @inline(__always)
    package func read(_ e: LayerEvaluation) -> SIMD2<Double> {
        if e.isWholeState { return read(e.state) }
        switch target {
        case .geometry: return readGeometry(e.geometry)
        case .transform: return readTransform(e.transformComponents)
        case .state: return SIMD2(0, 0)   // a layer with such slots is evaluated as a whole state
        }
    }

    /// Writes the slot into a layer evaluation.
    @inline(__always)
    package func write(_ v: SIMD2<Double>, into e: inout LayerEvaluation) {
        if e.isWholeState { return e.modifyState(property) { write(v, into: &$0) } }
        switch target {
        case .geometry: writeGeometry(v, into: &e.geometry)
        case .transform: e.modifyTransformComponents { writeTransform(v, into: &$0) }
        case .state: break
        }
    }
}

extension AnimatableValue {
    /// The value as two doubles when it is a number or a point (a size for size slots).
    package var scalarPair: SIMD2<Double>? {
        switch self {
        case .number(let d): return SIMD2(d, 0)
        case .point(let p): return SIMD2(Double(p.x), Double(p.y))
        case .size(let s): return SIMD2(Double(s.width), Double(s.height))
        default: return nil
        }
    }
}

/// A basic or spring animation's values as doubles, for key paths with a ``ScalarSlot`` and no value function:
/// the from/to/by table, additive and cumulative rules of `CABasicAnimation`, without boxing.
package struct ScalarEndpoints: Sendable {
    /// Where the start and end come from: fixed values (`a`, `b`) or the value underneath (`u`).
    /// from+to, from+by and to+by are all fixed (the sums are taken once).
    private enum Shape: UInt8 { case fixed, fromA, toA, byA, current }
    private let shape: Shape
    package let slot: ScalarSlot
    /// `isAdditive` and `isCumulative`, frozen with the values (the stored copy must not be modified).
    let additive: Bool, cumulative: Bool
    /// The two values, as four doubles (8-byte aligned: a pair of `SIMD2`s would pad the struct to 16 bytes more).
    private let ax: Double, ay: Double, bx: Double, by: Double
    private var a: SIMD2<Double> { SIMD2(ax, ay) }
    private var b: SIMD2<Double> { SIMD2(bx, by) }

    /// The endpoints of a validated basic animation (nil when its key path or values need boxing).
    @MainActor package init?(_ anim: CABasicAnimation) {
        guard anim.valueFunction == nil, let path = anim.resolvedKeyPath, let slot = ScalarSlot(path) else { return nil }
        func pair(_ v: AnimatableValue?) -> SIMD2<Double>?? {
            guard let v else { return .some(nil) }
            return v.scalarPair.map { .some($0) } ?? nil
        }
        guard let from = pair(anim.resolvedFrom), let to = pair(anim.resolvedTo), let by = pair(anim.resolvedBy),
              let previous = pair(anim.capturedPrevious) else { return nil }
        let zero = SIMD2<Double>(0, 0)
        let values: (Shape, SIMD2<Double>, SIMD2<Double>)
        switch (from, to, by) {
        case (let f?, let t?, _): values = (.fixed, f, t)
        case (let f?, nil, let by?): values = (.fixed, f, f + by)
        case (nil, let t?, let by?): values = (.fixed, t - by, t)
        case (let f?, nil, nil): values = (.fromA, f, zero)
        case (nil, let t?, nil): values = (.toA, t, zero)
        case (nil, nil, let by?): values = (.byA, by, zero)
        case (nil, nil, nil): values = previous.map { (.fromA, $0, zero) } ?? (.current, zero, zero)
        }
        shape = values.0
        (ax, ay) = (values.1.x, values.1.y)
        (bx, self.by) = (values.2.x, values.2.y)
        self.slot = slot
        additive = anim.isAdditive
        cumulative = anim.isCumulative
    }

    @inline(__always)
    private func endpoints(_ u: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>) {
        switch shape {
        case .fixed: return (a, b)
        case .fromA: return (a, u)
        case .toA: return (u, a)
        case .byA: return (u, u + a)
        case .current: return (u, u)
        }
    }

    /// Applies the animation at interpolation fraction `p` in iteration `iteration`.
    /// The value underneath is read only when the result depends on it (an additive animation, or one with an
    /// endpoint left to the layer): most animations give both ends, and reading would cost a copy of the
    /// evaluation's geometry, or a decomposition of its matrix, per animation per frame.
    @inline(__always)
    package func apply(to e: inout LayerEvaluation, progress p: Double, iteration: Int) {
        let underlying = additive || shape != .fixed ? slot.read(e) : SIMD2<Double>(0, 0)
        slot.write(value(over: underlying, progress: p, iteration: iteration), into: &e)
    }

    @inline(__always)
    private func value(over underlying: SIMD2<Double>, progress p: Double, iteration: Int) -> SIMD2<Double> {
        let base = additive ? SIMD2<Double>(0, 0) : underlying
        let (start, end) = endpoints(base)
        var v = SIMD2(lerp(start.x, end.x, p), lerp(start.y, end.y, p))
        if cumulative && iteration > 0 { v += end * Double(iteration) }
        if additive { v = underlying + v }
        return v
    }
}

/// The layer properties a geometric ``ScalarSlot`` reads and writes.
package protocol LayerGeometryFields {
    var bounds: CGRect { get set }
    var position: CGPoint { get set }
    var zPosition: CGFloat { get set }
    var anchorPoint: CGPoint { get set }
    var anchorPointZ: CGFloat { get set }
    var opacity: Float { get set }
}

extension LayerState: LayerGeometryFields {}

/// A layer's geometry and opacity: what a frame presents of most layers, a few doubles rather than the whole
/// ``LayerState`` (whose colour, appearance and extras references would each be retained and released).
package struct PresentedGeometry: LayerGeometryFields, Equatable {
    package var bounds: CGRect
    package var position: CGPoint
    package var zPosition: CGFloat
    package var anchorPoint: CGPoint
    package var anchorPointZ: CGFloat
    package var opacity: Float

    @inline(__always)
    package init(_ s: borrowing LayerState) {
        bounds = s.bounds; position = s.position; zPosition = s.zPosition
        anchorPoint = s.anchorPoint; anchorPointZ = s.anchorPointZ; opacity = s.opacity
    }

    /// Core Animation's defaults.
    package init() { self.init(LayerState()) }

    /// `s` with these values.
    @inline(__always)
    package func applied(to s: LayerState) -> LayerState {
        var s = s
        s.bounds = bounds; s.position = position; s.zPosition = zPosition
        s.anchorPoint = anchorPoint; s.anchorPointZ = anchorPointZ; s.opacity = opacity
        return s
    }
}
