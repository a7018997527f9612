import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// Options for block animations (UIKit's `UIView.AnimationOptions`, with UIKit's raw values).
    ///
    /// ```swift
    /// UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseOut, .repeat, .autoreverse]) {
    ///     dot.alpha = 0
    /// }
    /// ```
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out the animated views' subviews when the block ends, so they animate along.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Lets the animated views receive touches while they animate.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts non-additive properties from their presented value instead of their model value.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats the animation forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Plays each repetition forwards and then backwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration (and delay) instead of the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own curve instead of the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Transitions: animate the content as it is drawn (accepted; contents are not re-rendered mid-transition).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:…)` hides and shows the views instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block inherits none of the enclosing block's options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Slow at both ends (the default curve).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve in bits 16–19.
        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
        /// The transition kind in bits 20–23.
        var transitionKind: UInt { (rawValue >> 20) & 0xF }

        /// The `CATransition` the transition bits play: a flip (Core Animation's `"oglFlip"`) from the named side,
        /// or a fade (cross dissolve, and the curls, which have no page curl here).
        var transitionLook: (CATransitionType, CATransitionSubtype?) {
            switch transitionKind {
            case 1: return (.oglFlip, .fromLeft)
            case 2: return (.oglFlip, .fromRight)
            case 6: return (.oglFlip, .fromTop)
            case 7: return (.oglFlip, .fromBottom)
            default: return (.fade, nil)
            }
        }
        /// The options without the curve bits.
        var withoutCurve: AnimationOptions { AnimationOptions(rawValue: rawValue & ~(0xF << 16)) }
        /// The options a nested block inherits (everything but the curve, transition and override bits).
        var inheritable: AnimationOptions {
            intersection([.layoutSubviews, .allowUserInteraction, .beginFromCurrentState, .repeat, .autoreverse])
        }
    }

    /// The pacing of an animation (UIKit's `UIView.AnimationCurve`).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn, easeOut, linear

        /// The Bézier curve UIKit uses for it.
        public var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: return CAMediaTimingFunction(name: .easeIn)
            case .easeOut: return CAMediaTimingFunction(name: .easeOut)
            case .linear: return CAMediaTimingFunction(name: .linear)
            }
        }
    }
}
