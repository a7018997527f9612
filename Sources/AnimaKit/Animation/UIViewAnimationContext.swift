import Foundation
import AnimaCore
import AnimaGraphics

/// How a block's animations move: along a Bézier curve, or along a spring.
package enum BlockMotion {
    case curve(CAMediaTimingFunction)
    case spring(SpringSolver)
}

/// The effective settings of an animation block (after inheriting from an enclosing block).
package struct BlockSettings {
    package var duration: TimeInterval
    package var delay: TimeInterval
    package var options: UIView.AnimationOptions
    package var motion: BlockMotion
}

/// One property change made inside an animation block.
package struct RecordedChange {
    package let view: UIView
    package let layer: CALayer
    package let property: LayerProperty
    /// The model value before the block changed it.
    package let old: AnimatableValue
    /// The presented value when the change was made (for `.beginFromCurrentState`).
    package let presented: AnimatableValue?
    /// The repeat count and autoreversing of ``UIView/modifyAnimations(withRepeatCount:autoreverses:animations:)``
    /// around the change (nil: the block's options).
    package var repeatOverride: RepeatOverride? = nil
}

/// A repeat count and autoreversing that replace an animation block's for the changes made inside
/// ``UIView/modifyAnimations(withRepeatCount:autoreverses:animations:)``.
package struct RepeatOverride {
    package var count: Float
    package var autoreverses: Bool
}

/// A running animation block: what it does with the view changes made inside it.
@MainActor
package final class AnimationBlock {
    package enum Mode {
        /// Changes animate with these settings when the block ends.
        case animating(BlockSettings)
        /// Changes apply at once (`performWithoutAnimation`, disabled animations, duration ≤ 0).
        case withoutAnimation
        /// Changes are only recorded (property animators and keyframes make their own animations).
        case recording
    }

    package let mode: Mode
    package private(set) var changes: [RecordedChange] = []

    package init(mode: Mode) { self.mode = mode }

    /// Records the first change of each property of each layer (later changes only move the end value).
    fileprivate func record(_ view: UIView, _ layer: CALayer, _ property: LayerProperty) {
        if case .withoutAnimation = mode { return }
        guard !changes.contains(where: { $0.layer === layer && $0.property == property }) else { return }
        var presented: AnimatableValue?
        if case .animating(let settings) = mode, settings.options.contains(.beginFromCurrentState) {
            presented = layer.presentationValue(of: property)
        }
        changes.append(RecordedChange(view: view, layer: layer, property: property,
                                      old: layer.modelValue(of: property), presented: presented,
                                      repeatOverride: UIViewAnimationContext.repeatOverride))
    }

    /// The views that changed, each once, in order.
    package var changedViews: [UIView] {
        var views: [UIView] = []
        for change in changes where !views.contains(where: { $0 === change.view }) { views.append(change.view) }
        return views
    }
}

/// The stack of animation blocks being run, innermost last, and the global animation switch.
///
/// A view's layer asks its view for an action on every property change; the view asks this context.
/// Outside any block the answer is `NSNull` (no animation). Inside a block the change is recorded — the old
/// value now, the new one when the block ends — and the answer is still `NSNull`: the block makes the
/// animations itself when it ends, from the first old value to the final new value of each property.
@MainActor
package enum UIViewAnimationContext {
    package static var stack: [AnimationBlock] = []
    package static var animationsEnabled = true
    /// The innermost ``UIView/modifyAnimations(withRepeatCount:autoreverses:animations:)`` running (nil: none).
    package static var repeatOverride: RepeatOverride?

    /// The layer action for a change to `key` on `view`'s layer (always `NSNull`; see the type's comment).
    package static func action(for view: UIView, layer: CALayer, key: String) -> CAAction? {
        if let block = stack.last, let property = LayerProperty(rawValue: key), property.animatesInViewBlocks {
            block.record(view, layer, property)
        }
        return NSNull()
    }

    /// The settings of the innermost enclosing block that animates, if the innermost block animates.
    package static var enclosingSettings: BlockSettings? {
        guard let last = stack.last, case .animating(let settings) = last.mode else { return nil }
        return settings
    }

    /// Runs `animations` inside a block in `mode` and returns the block with its recorded changes.
    @discardableResult
    package static func run(_ mode: AnimationBlock.Mode, layoutSubviews: Bool = false,
                            _ animations: () -> Void) -> AnimationBlock {
        let block = AnimationBlock(mode: mode)
        stack.append(block)
        animations()
        if layoutSubviews {
            for view in block.changedViews { view.layoutIfNeeded() }
        }
        stack.removeLast()
        return block
    }
}

extension LayerProperty {
    /// Whether a change inside a view animation block animates (booleans, objects and paths do not).
    package var animatesInViewBlocks: Bool {
        switch kind {
        case .bool, .object, .path: return false
        default: return true
        }
    }

    /// Whether view blocks animate the property additively (iOS 8+): geometry does, so a new animation
    /// of a moving view continues smoothly from where it is shown.
    package var animatesAdditivelyInViewBlocks: Bool {
        switch self {
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform: return true
        default: return false
        }
    }
}
