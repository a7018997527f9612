import Foundation
import AnimaGraphics

/// A timer tied to the display's refresh (Core Animation's `CADisplayLink`).
///
/// Linux has no Objective-C selectors, so the link calls a closure. Add it to a run loop to start
/// it; it fires once per frame (or every `frameInterval` frames) before layout and commit.
/// ```swift
/// let link = CADisplayLink { link in print(link.timestamp, link.targetTimestamp) }
/// link.add(to: .main, forMode: .common)
/// ```
@MainActor
public final class CADisplayLink {
    /// Released by `invalidate()`, so a link made with a target lets the target go (as Core Animation does).
    private var handler: ((CADisplayLink) -> Void)?
    private weak var pipeline: FramePipeline?
    private var framesSinceFire = 0

    /// When the last frame was displayed (media time, seconds).
    public private(set) var timestamp: CFTimeInterval = 0
    /// When the next frame will be displayed.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The interval between screen refreshes (0 until the first callback).
    public private(set) var duration: CFTimeInterval = 0
    /// Whether callbacks are suspended.
    public var isPaused = false
    /// Fire every n-th frame (values below 1 act as 1).
    public var frameInterval = 1
    /// The preferred rate; 0 is the display's rate.
    public var preferredFramesPerSecond = 0

    /// A link that calls `handler` every frame once added to a run loop.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// Starts the link on the current display. The run loop and mode are accepted for source
    /// compatibility; links always fire on the main actor.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        pipeline = FramePipeline.current
        pipeline?.registerDisplayLink(self)
    }

    /// Stops the link for the given mode (all modes here); it can be added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        pipeline?.unregisterDisplayLink(self)
        pipeline = nil
    }

    /// Stops the link for good.
    public func invalidate() {
        pipeline?.unregisterDisplayLink(self)
        pipeline = nil
        handler = nil
    }

    /// Calls the handler if this frame is due.
    package func fire(at time: CFTimeInterval, frameInterval displayInterval: CFTimeInterval) {
        var step = max(1, frameInterval)
        if preferredFramesPerSecond > 0, displayInterval > 0 {
            step = max(step, Int((1 / (Double(preferredFramesPerSecond) * displayInterval)).rounded()))
        }
        framesSinceFire += 1
        guard framesSinceFire >= step || timestamp == 0 && duration == 0 else { return }
        framesSinceFire = 0
        timestamp = time
        duration = displayInterval
        targetTimestamp = time + displayInterval * Double(step)
        handler?(self)
    }
}
