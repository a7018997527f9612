import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// Options for keyframe animations (UIKit's `UIView.KeyframeAnimationOptions`, with UIKit's raw values).
    /// The curve bits of ``UIView/AnimationOptions`` may be passed through `rawValue` to pace the whole
    /// animation (ease-in-ease-out by default).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Straight lines between keyframe values (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Each value holds until the next keyframe.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Constant speed; the keyframes' times are ignored.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth spline through the values.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth spline at constant speed.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }

        /// The block options (curve, repeat, autoreverse…) without the calculation mode.
        var blockOptions: AnimationOptions { AnimationOptions(rawValue: rawValue & ~(UInt(0x7) << 10)) }
    }

    /// Animates the keyframes added in `animations` with ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``
    /// over `duration` seconds after `delay`.
    ///
    /// Each changed property becomes one additive `CAKeyframeAnimation` over the whole duration, holding its
    /// old value until its first keyframe starts and moving linearly (or by the calculation mode) through the
    /// values the keyframes set; the options' curve paces the whole animation. Changes made directly in
    /// `animations` count as one keyframe spanning the whole duration. With `.calculationModeDiscrete` a
    /// keyframe's values take effect when it starts. Durations and delays follow the rules
    /// of `animate(withDuration:delay:options:animations:completion:)` (§6.4; UIKit's construction is
    /// UNCONFIRMED).
    /// ```swift
    /// UIView.animateKeyframes(withDuration: 2, delay: 0) {
    ///     UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { box.center.x = 300 }
    ///     UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.center.y = 200 }
    /// }
    /// ```
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let blockOptions = options.blockOptions
        let tracker = BlockCompletion(completion)
        defer { tracker.seal() }
        guard let settings = blockSettings(duration: duration, delay: delay, options: blockOptions,
                                           caller: "UIView.animateKeyframes",
                                           motion: { _ in .curve(blockOptions.curve.timingFunction) }) else {
            UIViewAnimationContext.run(.withoutAnimation, animations)
            return
        }
        let collector = KeyframeCollector()
        KeyframeCollector.stack.append(collector)
        let direct = UIViewAnimationContext.run(.recording, layoutSubviews: settings.options.contains(.layoutSubviews), animations)
        KeyframeCollector.stack.removeLast()
        collector.insertWholeDurationFrame(direct.changes)
        collector.commit(settings: settings, calculationMode: options.calculationMode, tracker: tracker)
    }

    /// Adds a keyframe to the enclosing `animateKeyframes` block: the changes in `animations` happen between
    /// `frameStartTime` and `frameStartTime + frameDuration`, both fractions (0…1) of the whole duration.
    ///
    /// Outside `animateKeyframes` the changes apply at once, with a diagnostic; times outside 0…1 are reported
    /// and clamped.
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        guard let collector = KeyframeCollector.stack.last else {
            Diagnostics.report("UIView.addKeyframe: called outside UIView.animateKeyframes; the changes are applied without animation")
            UIViewAnimationContext.run(.withoutAnimation, animations)
            return
        }
        func clamped(_ v: Double, _ name: String) -> Double {
            if v.isFinite && v >= 0 && v <= 1 { return v }
            Diagnostics.report("UIView.addKeyframe: rejected \(name) \(v.diagnosticDescription) (must be 0…1); clamped")
            return v.isNaN ? 0 : min(1, max(0, v))
        }
        let start = clamped(frameStartTime, "relativeStartTime")
        let end = min(1, start + clamped(frameDuration, "relativeDuration"))
        let block = UIViewAnimationContext.run(.recording, animations)
        collector.add(block.changes, start: start, end: end)
    }
}

/// Collects the keyframes of one `animateKeyframes` block and turns them into keyframe animations.
@MainActor
final class KeyframeCollector {
    static var stack: [KeyframeCollector] = []

    /// One property change of one keyframe: its time span and the values before and after it.
    struct Frame {
        let change: RecordedChange
        let start: Double
        let end: Double
        let after: AnimatableValue
    }

    private var frames: [Frame] = []

    func add(_ changes: [RecordedChange], start: Double, end: Double) {
        for change in changes {
            frames.append(Frame(change: change, start: start, end: end, after: change.layer.modelValue(of: change.property)))
        }
    }

    /// Changes made outside any keyframe span the whole duration and come first.
    func insertWholeDurationFrame(_ changes: [RecordedChange]) {
        let whole = changes.map { Frame(change: $0, start: 0, end: 1, after: $0.layer.modelValue(of: $0.property)) }
        frames.insert(contentsOf: whole, at: 0)
    }

    /// Adds one additive keyframe animation per changed property of each layer.
    func commit(settings: BlockSettings, calculationMode: CAAnimationCalculationMode, tracker: BlockCompletion) {
        var groups: [(layer: CALayer, property: LayerProperty, view: UIView, frames: [Frame])] = []
        for frame in frames {
            if let i = groups.firstIndex(where: { $0.layer === frame.change.layer && $0.property == frame.change.property }) {
                groups[i].frames.append(frame)
            } else {
                groups.append((frame.change.layer, frame.change.property, frame.change.view, [frame]))
            }
        }
        var animated: [UIView] = []
        let now = CACurrentMediaTime()
        for group in groups {
            let final = group.layer.modelValue(of: group.property)
            let ordered = group.frames.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            var points: [(time: Double, value: AnimatableValue)] = [(0, ordered[0].change.old)]
            for frame in ordered {
                if calculationMode == .discrete {
                    // A discrete keyframe's value takes effect when its keyframe starts.
                    points.append((max(frame.start, points.last!.time), frame.after))
                } else {
                    points.append((max(frame.start, points.last!.time), frame.change.old))
                    points.append((max(frame.end, points.last!.time), frame.after))
                }
            }
            points.append((1, final))
            if points.allSatisfy({ $0.value.isSame(as: final) }) { continue }
            let animation = CAKeyframeAnimation(keyPath: group.property.rawValue)
            animation.values = points.map { $0.value.additiveOffset(from: final).publicValue as Any }
            animation.keyTimes = points.map { NSNumber(value: $0.time) }
            animation.calculationMode = calculationMode
            animation.isAdditive = true
            animation.duration = settings.duration
            animation.fillMode = .both
            if case .curve(let function) = settings.motion { animation.timingFunction = function }
            if settings.delay > 0 { animation.beginTime = group.layer.convertTime(now, from: nil) + settings.delay }
            if settings.options.contains(.repeat) { animation.repeatCount = .infinity }
            animation.autoreverses = settings.options.contains(.autoreverse)
            animation.delegate = tracker
            let key = ViewAnimationFactory.uniqueKey(group.property.rawValue, on: group.layer)
            group.layer.add(animation, forKey: key)
            if group.layer.animation(forKey: key)?.delegate === tracker { tracker.expectOneMore() }
            if !animated.contains(where: { $0 === group.view }) { animated.append(group.view) }
        }
        if !settings.options.contains(.allowUserInteraction) { tracker.blockInteraction(of: animated) }
    }
}
