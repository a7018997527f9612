import Foundation
import AnimaGraphics

/// Pause, frame steps, scrubbing and slow motion for everything under one layer (a window's root), done only
/// through that layer's `beginTime`, `speed` and `timeOffset` — the app's code keeps running, and every
/// `convertTime` and presented value agrees with what the same layer timing set by hand would give.
///
/// Each change keeps the layer's local time continuous at the media time it is made (no jump), as Apple's pause
/// recipe (QA1673) does:
/// ```
///  local(T) = (T − beginTime) × speed + timeOffset
///  change at T₀:  timeOffset ← local(T₀),  beginTime ← T₀,  speed ← new speed (0 while paused)
/// ```
/// ```swift
/// let controls = TimeControls(layer: display.rootLayer, pipeline: display.pipeline)
/// controls.slowFactor = 0.1     // animations at a tenth of their speed
/// controls.pause()
/// controls.step(by: 1)          // one frame forward (frameInterval of the layer's time)
/// controls.scrub(toLocalTime: 2)
/// ```
/// Reads no clock: "now" is the pipeline's media time (the frame's time while a frame is being made).
@MainActor
public final class TimeControls {
    /// The layer whose timing the controls set.
    public let layer: CALayer
    private weak var pipeline: FramePipeline?
    /// The slow-motion factors offered (0.1× to 2×).
    public static let slowFactorRange: ClosedRange<Double> = 0.1...2

    /// Controls for `layer`, with "now" read from `pipeline` (the display whose tree holds it).
    public init(layer: CALayer, pipeline: FramePipeline) {
        self.layer = layer
        self.pipeline = pipeline
        let speed = Double(layer.speed)
        storedSlowFactor = speed == 0 ? 1 : min(max(speed, Self.slowFactorRange.lowerBound), Self.slowFactorRange.upperBound)
    }

    private var storedSlowFactor: Double

    /// How fast time runs under the layer while playing, 0.1…2 (1: normal). Values outside are clamped, and ones that
    /// are not finite rejected, with a diagnostic. Changing it while paused takes effect on ``resume()``.
    public var slowFactor: Double {
        get { storedSlowFactor }
        set {
            guard newValue.isFinite else {
                Diagnostics.report("TimeControls.slowFactor: rejected \(newValue.diagnosticDescription); it stays \(storedSlowFactor)")
                return
            }
            let clamped = min(max(newValue, Self.slowFactorRange.lowerBound), Self.slowFactorRange.upperBound)
            if clamped != newValue {
                Diagnostics.report("TimeControls.slowFactor: \(newValue) is outside \(Self.slowFactorRange); using \(clamped)")
            }
            storedSlowFactor = clamped
            if !isPaused { retime(speed: clamped, localTime: localTime) }
        }
    }

    /// Whether time under the layer stands still (its speed is 0).
    public var isPaused: Bool { layer.speed == 0 }

    /// The layer's local time now.
    public var localTime: CFTimeInterval { layer.convertTime(parentTime, from: layer.superlayer) }

    /// Stops time under the layer where it is.
    public func pause() {
        guard !isPaused else { return }
        retime(speed: 0, localTime: localTime)
    }

    /// Lets time run again from where it stands, at ``slowFactor``.
    public func resume() {
        guard isPaused else { return }
        retime(speed: storedSlowFactor, localTime: localTime)
    }

    /// Pauses (if playing) and moves the layer's time by `frames` frames of the pipeline's `frameInterval`
    /// (negative: back).
    public func step(by frames: Int) {
        let interval = pipeline?.frameInterval ?? 1.0 / 60.0
        retime(speed: 0, localTime: localTime + Double(frames) * interval)
    }

    /// Pauses (if playing) and sets the layer's local time to `t`. A time that is not finite is rejected with a
    /// diagnostic.
    public func scrub(toLocalTime t: CFTimeInterval) {
        guard t.isFinite else {
            Diagnostics.report("TimeControls.scrub(toLocalTime:): rejected \(t.diagnosticDescription) on CALayer \(layer.debugName)")
            return
        }
        retime(speed: 0, localTime: t)
    }

    /// The time of the layer's parent now (media time for a root).
    private var parentTime: CFTimeInterval {
        let now = pipeline?.mediaTime ?? CACurrentMediaTime()
        return layer.superlayer?.convertTime(now, from: nil) ?? now
    }

    /// Sets the timing so that the local time is `t` now and runs at `speed` from here.
    private func retime(speed: Double, localTime t: CFTimeInterval) {
        let now = parentTime
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.beginTime = now
        layer.timeOffset = t
        layer.speed = Float(speed)
        CATransaction.commit()
    }
}
