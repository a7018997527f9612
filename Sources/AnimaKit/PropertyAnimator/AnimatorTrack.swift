import Foundation
import AnimaCore
import AnimaGraphics

/// One property a property animator changed: its layer, and the values before and after the block.
@MainActor
package struct AnimatorChange {
    package let view: UIView
    package let layer: CALayer
    package let property: LayerProperty
    package let start: AnimatableValue
    package let end: AnimatableValue
}

/// One additive channel of a property animator: a scalar (or colour/transform) part of a changed property,
/// shown as `end + offset`, where the offset goes from `start − end` (progress 0) to zero (progress 1).
///
/// A track lives on the animator's timeline between `window.start` and `window.end` (time fractions; the
/// end may be below the start for blocks added to a reversed animator) and moves from `segment.from` to
/// `segment.to` in progress: a continued animation restarts every track from where it is shown.
@MainActor
package final class AnimatorTrack {
    package enum Axis { case x, y }

    package let layer: CALayer
    package let keyPath: LayerKeyPath
    package let keyPathString: String
    package let offset: AnimatableValue
    package let zero: AnimatableValue
    package let axis: Axis
    /// The key of the track's animation on its layer.
    package let key: String
    package var window: (start: Double, end: Double)
    package let originalWindow: (start: Double, end: Double)
    package var segment: (from: Double, to: Double) = (0, 1)
    /// Progress at a time fraction of the track's window (set by the animator for the current curve).
    package var evaluate: (Double) -> Double = { $0 }

    init(layer: CALayer, keyPath: String, offset: AnimatableValue, axis: Axis, key: String, window: (start: Double, end: Double)) {
        self.layer = layer
        self.keyPathString = keyPath
        self.keyPath = LayerKeyPath(keyPath)!
        self.offset = offset
        self.zero = offset.zeroValue
        self.axis = axis
        self.key = key
        self.window = window
        self.originalWindow = window
    }

    /// The offset shown at `progress` (0: the start value, 1: the end value; beyond 1 for overshoot).
    package func offset(atProgress progress: Double) -> AnimatableValue {
        if progress == 0 { return offset }
        return offset.interpolated(to: zero, fraction: progress)
    }

    /// The track's time fraction within its window at timeline fraction `tau`.
    package func localFraction(at tau: Double) -> Double {
        let span = window.end - window.start
        guard span != 0 else { return (window.end >= window.start ? tau >= window.end : tau <= window.end) ? 1 : 0 }
        return min(1, max(0, (tau - window.start) / span))
    }

    /// Shows `offset` by replacing the track's hold animation: an additive animation that keeps the value
    /// (the animator recomputes it every frame).
    ///
    /// The hold counts as committed at once, so `presentation()` shows the new value before the next frame
    /// (a replaced animation would otherwise leave the model showing until the commit).
    package func show(_ value: AnimatableValue) {
        let hold = CABasicAnimation(keyPath: keyPathString)
        hold.fromValue = value.publicValue
        hold.toValue = value.publicValue
        hold.isAdditive = true
        hold.duration = 1
        hold.fillMode = .both
        hold.isRemovedOnCompletion = false
        hold.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - 1
        if hold.beginTime == 0 { hold.beginTime = -1e-9 }   // 0 would mean "stamp at commit"
        layer.add(hold, forKey: key)
        layer.commitStoredAnimationNow(forKey: key)
    }

    /// Removes the track's animation.
    package func remove() { layer.removeAnimation(forKey: key) }

    /// The tracks for one change: points, sizes and rects split into scalar parts (so each axis can take
    /// its own spring velocity); other values stay whole. Parts that do not change get no track.
    package static func tracks(for change: AnimatorChange, keyPrefix: String,
                               window: (start: Double, end: Double)) -> [AnimatorTrack] {
        let name = change.property.rawValue
        var parts: [(String, AnimatableValue, Axis)] = []
        func scalar(_ suffix: String, _ a: CGFloat, _ b: CGFloat, _ axis: Axis) {
            if a != b { parts.append(("\(name).\(suffix)", .number(Double(a - b)), axis)) }
        }
        switch (change.start, change.end) {
        case (.point(let a), .point(let b)):
            scalar("x", a.x, b.x, .x)
            scalar("y", a.y, b.y, .y)
        case (.size(let a), .size(let b)):
            scalar("width", a.width, b.width, .x)
            scalar("height", a.height, b.height, .y)
        case (.rect(let a), .rect(let b)):
            scalar("origin.x", a.minX, b.minX, .x)
            scalar("origin.y", a.minY, b.minY, .y)
            scalar("size.width", a.width, b.width, .x)
            scalar("size.height", a.height, b.height, .y)
        default:
            parts.append((name, change.start.additiveOffset(from: change.end), .x))
        }
        return parts.map { keyPath, offset, axis in
            AnimatorTrack(layer: change.layer, keyPath: keyPath, offset: offset, axis: axis,
                          key: "\(keyPrefix).\(keyPath)", window: window)
        }
    }
}
