import Foundation
import AnimaCore
import AnimaGraphics

/// Runs a 2-D fling on the display's frames: each axis is a ``DecayAnimation`` sampled at the display
/// link's timestamps, so the motion and where it stops do not depend on the frame rate.
///
/// The fling starts at the current frame's time; `update` receives the position and velocity (points per
/// second) at every frame, the last time with the final position; `completion` gets true when the fling
/// stopped by itself and false when it was cancelled or replaced. Cancel it when a new touch comes down
/// (seed 004: `touchesBegan` calls `cancel()`).
/// ```swift
/// let fling = FlingAnimator(decelerationRate: .normal)
/// fling.fling(from: offset, velocity: CGPoint(x: -pan.velocity(in: self).x, y: 0),
///             within: CGRect(x: 0, y: 0, width: maxOffset, height: 0)) { position, _ in
///     self.offset = position
///     self.setNeedsDisplay()
/// }
/// ```
@preconcurrency @MainActor
public final class FlingAnimator {
    /// The fraction of the velocity kept per millisecond for the next fling.
    public var decelerationRate: UIScrollView.DecelerationRate
    /// The speed at which each axis stops (nil: when half a point of travel remains).
    public var stopVelocity: CGFloat?
    /// The horizontal deceleration of the current or last fling.
    public var horizontal: DecayAnimation? { motions?.x.decay }
    /// The vertical deceleration of the current or last fling.
    public var vertical: DecayAnimation? { motions?.y.decay }
    /// Each axis's whole motion (a deceleration, and a scroll view's bounce or page snap after it).
    package private(set) var motions: (x: ScrollAxisMotion, y: ScrollAxisMotion)?
    /// The media time the current or last fling started at.
    public private(set) var startTime: TimeInterval = 0

    private var link: CADisplayLink?
    private var update: (@MainActor (CGPoint, CGPoint) -> Void)?
    private var completion: (@MainActor (Bool) -> Void)?

    /// A fling runner decelerating at `decelerationRate` (per millisecond).
    public init(decelerationRate: UIScrollView.DecelerationRate = .normal, stopVelocity: CGFloat? = nil) {
        self.decelerationRate = decelerationRate
        self.stopVelocity = stopVelocity
    }

    /// Whether a fling is running.
    public var isRunning: Bool { link != nil }

    /// Where the current or last fling stops (its projected end point).
    public var finalPosition: CGPoint {
        CGPoint(x: motions?.x.rest ?? 0, y: motions?.y.rest ?? 0)
    }

    /// The fling's position `time` seconds after it started.
    public func position(at time: TimeInterval) -> CGPoint {
        CGPoint(x: motions?.x.value(at: time) ?? 0, y: motions?.y.value(at: time) ?? 0)
    }

    /// The fling's velocity `time` seconds after it started, in points per second.
    public func velocity(at time: TimeInterval) -> CGPoint {
        CGPoint(x: motions?.x.velocity(at: time) ?? 0, y: motions?.y.velocity(at: time) ?? 0)
    }

    /// Starts a fling from `position` at `velocity` (points per second), staying inside `bounds` when
    /// given (a zero-width or zero-height rectangle pins that axis). A running fling is cancelled first.
    public func fling(from position: CGPoint, velocity: CGPoint, within bounds: CGRect? = nil,
                      update: @escaping @MainActor (_ position: CGPoint, _ velocity: CGPoint) -> Void,
                      completion: (@MainActor (_ finished: Bool) -> Void)? = nil) {
        cancel()
        var box = bounds?.standardized
        if let b = box, FlingAnimator.range(b.minX, b.maxX) == nil || FlingAnimator.range(b.minY, b.maxY) == nil {
            Diagnostics.report("FlingAnimator.fling: rejected bounds \(b) (NaN edges); flinging without bounds")
            box = nil
        }
        let x = DecayAnimation(initialValue: position.x, initialVelocity: velocity.x, decelerationRate: decelerationRate,
                               stopVelocity: stopVelocity, bounds: box.flatMap { FlingAnimator.range($0.minX, $0.maxX) })
        let y = DecayAnimation(initialValue: position.y, initialVelocity: velocity.y, decelerationRate: decelerationRate,
                               stopVelocity: stopVelocity, bounds: box.flatMap { FlingAnimator.range($0.minY, $0.maxY) })
        run(ScrollAxisMotion(decay: x), ScrollAxisMotion(decay: y), update: update, completion: completion)
    }

    /// Runs `x` and `y` from this frame on (a running motion is cancelled first).
    package func run(_ x: ScrollAxisMotion, _ y: ScrollAxisMotion,
                     update: @escaping @MainActor (_ position: CGPoint, _ velocity: CGPoint) -> Void,
                     completion: (@MainActor (_ finished: Bool) -> Void)? = nil) {
        cancel()
        motions = (x, y)
        startTime = FramePipeline.current.frameTime
        self.update = update
        self.completion = completion
        let link = CADisplayLink { [weak self] link in
            guard let self else { return link.invalidate() }   // the runner is gone: stop ticking
            self.step(at: link.timestamp)
        }
        self.link = link
        link.add(to: .main, forMode: .common)
    }

    /// `low...high`, or nil when an edge is NaN or they are out of order (forming that range would trap).
    static func range(_ low: CGFloat, _ high: CGFloat) -> ClosedRange<CGFloat>? {
        low <= high ? low...high : nil
    }

    /// Stops the fling where it is; its completion gets false.
    public func cancel() {
        guard let link else { return }
        link.invalidate()
        self.link = nil
        let completion = self.completion
        self.completion = nil
        update = nil
        completion?(false)
    }

    private func step(at time: TimeInterval) {
        let t = time - startTime
        let done = (motions?.x.isFinished(at: t) ?? true) && (motions?.y.isFinished(at: t) ?? true)
        update?(position(at: t), velocity(at: t))
        guard done else { return }
        link?.invalidate()
        link = nil
        let completion = self.completion
        self.completion = nil
        update = nil
        completion?(true)
    }
}
