import Foundation
import AnimaGraphics

/// A display with no window: a virtual clock, a root layer, and frames made on demand.
///
/// Time starts at 0 and moves only through `advance(by:)`/`advance(to:)`, which make a frame every
/// `frameInterval` and the last one exactly at the target time. While the display is current,
/// `CACurrentMediaTime()` returns its time and transactions belong to it.
/// ```swift
/// let display = HeadlessDisplay(width: 400, height: 300)
/// display.rootLayer.addSublayer(layer)
/// layer.add(animation, forKey: "move")
/// display.advance(by: 0.5)
/// layer.presentation()?.position
/// ```
@preconcurrency @MainActor
public final class HeadlessDisplay {
    /// The frame pipeline (transactions, display links, render trees).
    public let pipeline: FramePipeline
    private let clock: ManualClock
    /// The root layer, sized to the display.
    public let rootLayer: CALayer
    /// The display size in points.
    public let size: CGSize
    /// Pixels per point (for snapshots; layers that draw in step with the display are rasterized for it from
    /// the next frame on).
    public var scale: CGFloat { didSet { pipeline.pixelsPerPoint = scale } }

    /// A display of `width` × `height` points whose clock starts at 0; it becomes the current display.
    public init(width: Int, height: Int, scale: CGFloat = 1) {
        clock = ManualClock()
        pipeline = FramePipeline(clock: clock)
        size = CGSize(width: max(0, width), height: max(0, height))
        self.scale = scale
        pipeline.pixelsPerPoint = scale
        pipeline.makeCurrent()
        rootLayer = CALayer()
        rootLayer.name = "root"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        CATransaction.commit()
        // The transaction system is process-wide: when changes made elsewhere left the implicit transaction open,
        // the commit above nested in it. The display's own root is committed with the display; the others'
        // changes wait for the next frame, as they would have.
        rootLayer.isCommitted = true
        pipeline.rootLayer = rootLayer
    }

    /// The virtual media time in seconds.
    public var time: CFTimeInterval { clock.now }

    /// The interval between frames (default 1/60 s).
    public var frameInterval: CFTimeInterval {
        get { pipeline.frameInterval }
        set {
            guard newValue.isFinite, newValue > 0 else {
                Diagnostics.report("HeadlessDisplay: rejected frameInterval \(newValue.diagnosticDescription)")
                return
            }
            pipeline.frameInterval = newValue
        }
    }

    /// The most frames one ``advance(to:)`` makes before it skips to the end (a million: hours at 60 Hz).
    public static let maximumFramesPerAdvance = 1_000_000

    /// The render tree of the last frame.
    public var renderTree: RenderTree { pipeline.renderTree }

    /// Makes this the current display.
    public func makeCurrent() { pipeline.makeCurrent() }

    /// Advances time by `seconds`, making a frame every `frameInterval` and one exactly at the end.
    /// `advance(by: 0)` makes one frame at the current time (committing the implicit transaction).
    public func advance(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds >= 0 else {
            Diagnostics.report("HeadlessDisplay.advance(by:): rejected \(seconds.diagnosticDescription) s; time only moves forward by a finite amount")
            return
        }
        advance(to: time + seconds)
    }

    /// Advances to media time `target` (see ``advance(by:)``).
    ///
    /// A gap of more than ``maximumFramesPerAdvance`` frames is crossed like a display waking from sleep: one
    /// frame at `target` (animations are functions of time, so they present as they would have), with a
    /// diagnostic, rather than hours of intermediate frames.
    public func advance(to target: CFTimeInterval) {
        guard target.isFinite, target >= time else {
            Diagnostics.report("HeadlessDisplay.advance(to:): rejected \(target.diagnosticDescription); the display is at \(time) and never goes back")
            return
        }
        pipeline.makeCurrent()
        let start = time
        let interval = pipeline.frameInterval
        if (target - start) / interval > Double(HeadlessDisplay.maximumFramesPerAdvance) {
            Diagnostics.report("HeadlessDisplay.advance: \(target - start) s is more than \(HeadlessDisplay.maximumFramesPerAdvance) frames of \(interval) s; skipping to \(target) in one frame")
        } else {
            var n = 1
            while start + Double(n) * interval < target - 1e-9 {
                clock.advance(to: start + Double(n) * interval)
                pipeline.renderFrame(at: clock.now)
                n += 1
            }
        }
        clock.advance(to: target)
        pipeline.renderFrame(at: target)
    }

    /// Queues an input event for the next frame.
    public func send(_ event: InputEvent) { pipeline.send(event) }
}
