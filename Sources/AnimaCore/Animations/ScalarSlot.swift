import Foundation
import AnimaGraphics

/// A number or point property (or one coordinate of a point or size) that evaluation can read and
/// write as plain doubles, without boxing values in `AnimatableValue`.
///
/// Basic animations on these key paths — the great majority (`position`, `opacity`, `bounds.size`…) —
/// take this path every frame; its results equal the general path's bit for bit, since both do the
/// same arithmetic on the same doubles.
package enum ScalarSlot: Sendable {
    case opacity, zPosition, anchorPointZ, borderWidth, cornerRadius, shadowOpacity, shadowRadius
    case positionX, positionY, anchorPointX, anchorPointY, boundsWidth, boundsHeight, originX, originY
    case position, anchorPoint, boundsSize, boundsOrigin

    /// The slot for `path`, or nil when the path needs the general path.
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
        default: return nil
        }
    }

    /// Whether the slot is one of the geometry fields a ``PresentedGeometry`` holds (not an appearance field).
    package var isGeometric: Bool {
        switch self {
        case .borderWidth, .cornerRadius, .shadowOpacity, .shadowRadius: return false
        default: return true
        }
    }

    /// The current value (numbers in `x`, `y` = 0).
    @inline(__always)
    package func read(_ s: LayerState) -> SIMD2<Double> {
        switch self {
        case .borderWidth: return SIMD2(Double(s.borderWidth), 0)
        case .cornerRadius: return SIMD2(Double(s.cornerRadius), 0)
        case .shadowOpacity: return SIMD2(Double(s.shadowOpacity), 0)
        case .shadowRadius: return SIMD2(Double(s.shadowRadius), 0)
        default: return readGeometry(s)
        }
    }

    /// Stores `v` (numbers from `x`).
    @inline(__always)
    package func write(_ v: SIMD2<Double>, into s: inout LayerState) {
        switch self {
        case .borderWidth: s.borderWidth = CGFloat(v.x)
        case .cornerRadius: s.cornerRadius = CGFloat(v.x)
        case .shadowOpacity: s.shadowOpacity = Float(v.x)
        case .shadowRadius: s.shadowRadius = CGFloat(v.x)
        default: writeGeometry(v, into: &s)
        }
    }

    /// The current value of a geometric slot.
    @inline(__always)
    package func readGeometry<Fields: LayerGeometryFields>(_ s: Fields) -> SIMD2<Double> {
        switch self {
        case .opacity: return SIMD2(Double(s.opacity), 0)
        case .zPosition: return SIMD2(Double(s.zPosition), 0)
        case .anchorPointZ: return SIMD2(Double(s.anchorPointZ), 0)
        case .borderWidth, .cornerRadius, .shadowOpacity, .shadowRadius: return SIMD2(0, 0)   // not geometric
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
        }
    }

    /// Stores `v` into a geometric slot.
    @inline(__always)
    package func writeGeometry<Fields: LayerGeometryFields>(_ v: SIMD2<Double>, into s: inout Fields) {
        switch self {
        case .opacity: s.opacity = Float(v.x)
        case .zPosition: s.zPosition = CGFloat(v.x)
        case .anchorPointZ: s.anchorPointZ = CGFloat(v.x)
        case .borderWidth, .cornerRadius, .shadowOpacity, .shadowRadius: break   // not geometric
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

/// A basic animation's values as doubles, for key paths with a ``ScalarSlot`` and no value function:
/// the same from/to/by table, additive and cumulative rules as the general path, without boxing.
package struct ScalarEndpoints: Sendable {
    /// Where the start and end come from: fixed values (`a`, `b`) or the value underneath (`u`).
    /// from+to, from+by and to+by are all fixed (the sums are taken once, with the same additions the
    /// general path makes every frame, so the doubles are equal).
    private enum Shape: UInt8 { case fixed, fromA, toA, byA, current }
    private let shape: Shape
    let slot: ScalarSlot
    /// `isAdditive` and `isCumulative`, frozen with the values (the stored copy must not be modified).
    let additive: Bool, cumulative: Bool
    private let a: SIMD2<Double>, b: SIMD2<Double>

    @MainActor package init?(_ anim: CABasicAnimation) {
        guard anim.valueFunction == nil, let path = anim.resolvedKeyPath, let slot = ScalarSlot(path) else { return nil }
        func pair(_ v: AnimatableValue?) -> SIMD2<Double>?? {
            guard let v else { return .some(nil) }
            return v.scalarPair.map { .some($0) } ?? nil
        }
        guard let from = pair(anim.resolvedFrom), let to = pair(anim.resolvedTo), let by = pair(anim.resolvedBy),
              let previous = pair(anim.capturedPrevious) else { return nil }
        let zero = SIMD2<Double>(0, 0)
        switch (from, to, by) {
        case (let f?, let t?, _): (shape, a, b) = (.fixed, f, t)
        case (let f?, nil, let by?): (shape, a, b) = (.fixed, f, f + by)
        case (nil, let t?, let by?): (shape, a, b) = (.fixed, t - by, t)
        case (let f?, nil, nil): (shape, a, b) = (.fromA, f, zero)
        case (nil, let t?, nil): (shape, a, b) = (.toA, t, zero)
        case (nil, nil, let by?): (shape, a, b) = (.byA, by, zero)
        case (nil, nil, nil): (shape, a, b) = previous.map { (.fromA, $0, zero) } ?? (.current, zero, zero)
        }
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

    @inline(__always)
    package func apply(to state: inout LayerState, progress p: Double, iteration: Int) {
        slot.write(value(over: slot.read(state), progress: p, iteration: iteration), into: &state)
    }

    /// Applies a geometric slot's animation to presented geometry (see ``ScalarSlot/isGeometric``).
    @inline(__always)
    package func apply(to geometry: inout PresentedGeometry, progress p: Double, iteration: Int) {
        slot.writeGeometry(value(over: slot.readGeometry(geometry), progress: p, iteration: iteration), into: &geometry)
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

/// A layer's presented geometry and opacity: what evaluation computes for a layer whose animations all
/// take the scalar fast path on geometric slots (the great majority), without copying the whole
/// ``LayerState`` (whose colour, appearance and extras references would each be retained and released).
package struct PresentedGeometry: LayerGeometryFields {
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

    /// `s` with these values.
    @inline(__always)
    package func applied(to s: LayerState) -> LayerState {
        var s = s
        s.bounds = bounds; s.position = position; s.zPosition = zPosition
        s.anchorPoint = anchorPoint; s.anchorPointZ = anchorPointZ; s.opacity = opacity
        return s
    }
}
