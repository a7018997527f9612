import Foundation
import AnimaCore
import AnimaGraphics

extension AnimatableValue {
    /// The offset an additive animation adds to `new` to show `self` (`self − new`; for transforms the
    /// matrix that, concatenated with `new`, gives `self`).
    package func additiveOffset(from new: AnimatableValue) -> AnimatableValue {
        if case .transform(let old) = self, case .transform(let n) = new {
            return .transform(old * (n.inverted() ?? .identity))
        }
        return subtracting(new)
    }
}

/// One Core Animation animation a view change turns into.
package struct AnimationPiece {
    package var keyPath: String
    package var from: AnimatableValue
    package var to: AnimatableValue
    package var isAdditive: Bool
}

/// Turns the changes recorded in an animation block into Core Animation animations on the views' layers.
@MainActor
package enum ViewAnimationFactory {
    /// The animations for one change: additive geometry animates the offset `old − new` to zero (bounds
    /// as separate origin and size parts, as UIKit does); other properties animate from the old (or
    /// presented) value to the new one, replacing an animation already running under the same key.
    package static func pieces(for change: RecordedChange, to new: AnimatableValue,
                               fromPresentation: Bool) -> [AnimationPiece] {
        let key = change.property.rawValue
        guard change.property.animatesAdditivelyInViewBlocks else {
            let from = fromPresentation ? (change.presented ?? change.old) : change.old
            return [AnimationPiece(keyPath: key, from: from, to: new, isAdditive: false)]
        }
        if case .rect(let old) = change.old, case .rect(let n) = new {
            var parts: [AnimationPiece] = []
            if old.origin != n.origin {
                parts.append(AnimationPiece(keyPath: key + ".origin",
                                            from: .point(CGPoint(x: old.minX - n.minX, y: old.minY - n.minY)),
                                            to: .point(.zero), isAdditive: true))
            }
            if old.size != n.size {
                parts.append(AnimationPiece(keyPath: key + ".size",
                                            from: .size(CGSize(width: old.width - n.width, height: old.height - n.height)),
                                            to: .size(.zero), isAdditive: true))
            }
            return parts
        }
        let offset = change.old.additiveOffset(from: new)
        return [AnimationPiece(keyPath: key, from: offset, to: offset.zeroValue, isAdditive: true)]
    }

    /// A basic (curve) or spring animation for `piece`.
    package static func animation(for piece: AnimationPiece, motion: BlockMotion, duration: TimeInterval) -> CABasicAnimation {
        let animation: CABasicAnimation
        switch motion {
        case .curve(let function):
            animation = CABasicAnimation(keyPath: piece.keyPath)
            animation.timingFunction = function
        case .spring(let solver):
            let spring = CASpringAnimation(keyPath: piece.keyPath)
            spring.mass = CGFloat(solver.mass)
            spring.stiffness = CGFloat(solver.stiffness)
            spring.damping = CGFloat(solver.damping)
            spring.initialVelocity = CGFloat(solver.initialVelocity)
            spring.allowsOverdamping = solver.allowsOverdamping
            spring.timingFunction = CAMediaTimingFunction(name: .linear)
            animation = spring
        }
        animation.fromValue = piece.from.publicValue
        animation.toValue = piece.to.publicValue
        animation.isAdditive = piece.isAdditive
        animation.duration = duration
        animation.fillMode = .both
        return animation
    }

    /// `base`, or `base-2`, `base-3`… — the first key not in use on `layer` (additive animations stack).
    package static func uniqueKey(_ base: String, on layer: CALayer) -> String {
        guard layer.animation(forKey: base) != nil else { return base }
        var n = 2
        while layer.animation(forKey: "\(base)-\(n)") != nil { n += 1 }
        return "\(base)-\(n)"
    }

    /// Adds the animations for every change `block` recorded, reporting them to `tracker`.
    package static func commit(_ block: AnimationBlock, settings: BlockSettings, tracker: BlockCompletion) {
        var animated: [UIView] = []
        let now = CACurrentMediaTime()
        for change in block.changes {
            let new = change.layer.modelValue(of: change.property)
            if change.old.isSame(as: new) { continue }
            let pieces = pieces(for: change, to: new, fromPresentation: settings.options.contains(.beginFromCurrentState))
            for piece in pieces {
                let animation = animation(for: piece, motion: settings.motion, duration: settings.duration)
                if settings.delay > 0 {
                    animation.beginTime = change.layer.convertTime(now, from: nil) + settings.delay
                }
                if let override = change.repeatOverride {
                    animation.repeatCount = override.count
                    animation.autoreverses = override.autoreverses
                } else {
                    if settings.options.contains(.repeat) { animation.repeatCount = .infinity }
                    animation.autoreverses = settings.options.contains(.autoreverse)
                }
                animation.delegate = tracker
                let key = piece.isAdditive ? uniqueKey(piece.keyPath, on: change.layer) : piece.keyPath
                change.layer.add(animation, forKey: key)
                if change.layer.animation(forKey: key)?.delegate === tracker { tracker.expectOneMore() }
            }
            if !pieces.isEmpty && !animated.contains(where: { $0 === change.view }) { animated.append(change.view) }
        }
        if !settings.options.contains(.allowUserInteraction) { tracker.blockInteraction(of: animated) }
    }
}
