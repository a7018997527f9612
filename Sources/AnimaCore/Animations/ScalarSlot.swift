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

    /// The current value (numbers in `x`, `y` = 0).
    @inline(__always)
    package func read(_ s: LayerState) -> SIMD2<Double> {
        switch self {
        case .opacity: return SIMD2(Double(s.opacity), 0)
        case .zPosition: return SIMD2(Double(s.zPosition), 0)
        case .anchorPointZ: return SIMD2(Double(s.anchorPointZ), 0)
        case .borderWidth: return SIMD2(Double(s.borderWidth), 0)
        case .cornerRadius: return SIMD2(Double(s.cornerRadius), 0)
        case .shadowOpacity: return SIMD2(Double(s.shadowOpacity), 0)
        case .shadowRadius: return SIMD2(Double(s.shadowRadius), 0)
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

    /// Stores `v` (numbers from `x`).
    @inline(__always)
    package func write(_ v: SIMD2<Double>, into s: inout LayerState) {
        switch self {
        case .opacity: s.opacity = Float(v.x)
        case .zPosition: s.zPosition = CGFloat(v.x)
        case .anchorPointZ: s.anchorPointZ = CGFloat(v.x)
        case .borderWidth: s.borderWidth = CGFloat(v.x)
        case .cornerRadius: s.cornerRadius = CGFloat(v.x)
        case .shadowOpacity: s.shadowOpacity = Float(v.x)
        case .shadowRadius: s.shadowRadius = CGFloat(v.x)
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
