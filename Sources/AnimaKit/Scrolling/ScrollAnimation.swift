import Foundation
import AnimaCore
import AnimaGraphics

/// A scroll view's animated move to a content offset and zoom scale — `setContentOffset(_:animated:)`,
/// `setZoomScale(_:animated:)`, `zoom(to:animated:)` and the bounce back from a pinch past a zoom limit — as
/// closed-form functions of time.
///
/// Offset and scale follow one ease-in-ease-out progress `p` over ``duration``:
/// ```
/// p(t) = easeInEaseOut(t / 0.3 s)        offset(t) = offset₀ + (offset₁ − offset₀) · p(t)
///                                        scale(t)  = scale₀  + (scale₁  − scale₀)  · p(t)
/// p
/// 1 ┤              ╭────
///   │           ╭─╯
/// ½ ┤─ ─ ─ ─ ─ ╱            p(0.15 s) = ½: the curve is symmetric about its middle
///   │       ╭─╯
/// 0 ┼────╌─╯
///   0       0.15     0.3   t (s)
/// ```
/// UIKit documents neither the duration nor the curve of its animated scrolls and zooms; 0.3 s ease-in-ease-out is
/// our reading (the length of UIKit's own). Reads no clock: the scroll view samples it at each frame's time, so it
/// scrolls the content every frame — and tells its delegate every frame, as UIKit does.
/// ```swift
/// let move = ScrollAnimation(from: .zero, scale: 1, to: CGPoint(x: 0, y: 300), scale: 2)
/// move.offset(at: 0.15)   // (0, 150)
/// move.scale(at: 0.15)    // 1.5
/// ```
package struct ScrollAnimation: Equatable, Sendable {
    /// How long every animated scroll and zoom takes, in seconds.
    package static let duration: TimeInterval = 0.3
    private static let curve = CAMediaTimingFunction(name: .easeInEaseOut)

    package let startOffset: CGPoint, endOffset: CGPoint
    package let startScale: CGFloat, endScale: CGFloat

    package init(from startOffset: CGPoint, scale startScale: CGFloat, to endOffset: CGPoint, scale endScale: CGFloat) {
        self.startOffset = startOffset
        self.endOffset = endOffset
        self.startScale = startScale
        self.endScale = endScale
    }

    /// Whether the zoom scale changes (a zoom rather than a scroll).
    package var zooms: Bool { startScale != endScale }

    /// How far along the move is at `time` seconds: 0 before the start, 1 from ``duration`` on.
    package func progress(at time: TimeInterval) -> CGFloat {
        CGFloat(Self.curve.evaluate(at: min(max(time / Self.duration, 0), 1)))
    }

    /// The content offset at `time` seconds (exactly the end offset from ``duration`` on).
    package func offset(at time: TimeInterval) -> CGPoint {
        guard !isFinished(at: time) else { return endOffset }
        let p = progress(at: time)
        return CGPoint(x: startOffset.x + (endOffset.x - startOffset.x) * p, y: startOffset.y + (endOffset.y - startOffset.y) * p)
    }

    /// The zoom scale at `time` seconds (exactly the end scale from ``duration`` on).
    package func scale(at time: TimeInterval) -> CGFloat {
        isFinished(at: time) ? endScale : startScale + (endScale - startScale) * progress(at: time)
    }

    package func isFinished(at time: TimeInterval) -> Bool { time >= Self.duration }
}

/// Plays a ``ScrollAnimation`` on the display's frames: from the current frame's time, `apply` gets the offset and
/// scale at every frame's time, the last exactly the end; `completion` gets true when it got there and false when it
/// was cancelled or replaced.
@MainActor
package final class ScrollAnimationPlayer {
    /// The animation playing, if any.
    package private(set) var animation: ScrollAnimation?
    private var startTime: TimeInterval = 0
    private var link: CADisplayLink?
    private var apply: (@MainActor (CGPoint, CGFloat) -> Void)?
    private var completion: (@MainActor (Bool) -> Void)?

    package init() {}

    package var isRunning: Bool { link != nil }

    /// Plays `animation` from this frame on (one already playing is cancelled first).
    package func play(_ animation: ScrollAnimation, apply: @escaping @MainActor (_ offset: CGPoint, _ scale: CGFloat) -> Void,
                      completion: @escaping @MainActor (_ finished: Bool) -> Void) {
        cancel()
        self.animation = animation
        self.apply = apply
        self.completion = completion
        startTime = FramePipeline.current.frameTime
        let tick = CADisplayLink { [weak self] link in
            guard let self else { return link.invalidate() }
            self.step(at: link.timestamp)
        }
        link = tick
        tick.add(to: .main, forMode: .common)
    }

    /// Stops where it is; the completion gets false.
    package func cancel() { end(finished: false) }

    private func step(at time: TimeInterval) {
        guard let animation else { return }
        let t = time - startTime
        apply?(animation.offset(at: t), animation.scale(at: t))
        if animation.isFinished(at: t) { end(finished: true) }
    }

    private func end(finished: Bool) {
        guard let running = link else { return }
        running.invalidate()
        link = nil
        animation = nil
        apply = nil
        let done = completion
        completion = nil
        done?(finished)
    }
}
