import Foundation
import AnimaGraphics

/// A source of media time in seconds (monotonic, never going back).
@MainActor
public protocol MediaClock: AnyObject {
    /// The current media time in seconds.
    var now: CFTimeInterval { get }
}

/// A clock that moves only when told: it starts at the time you give (0 by default) and is
/// advanced explicitly, like swift-nio's `EmbeddedEventLoop`. Tests and headless recordings use it.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: 0.5)
/// clock.now   // 0.5
/// ```
@MainActor
public final class ManualClock: MediaClock {
    /// The current time in seconds.
    public private(set) var now: CFTimeInterval

    /// A clock reading `start` seconds.
    public init(start: CFTimeInterval = 0) { now = start.isFinite ? start : 0 }

    /// Moves the clock forward by `seconds` (negative, NaN or infinite values are rejected).
    public func advance(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds >= 0 else {
            Diagnostics.report("ManualClock.advance(by:): rejected \(seconds.diagnosticDescription) s; time only moves forward by a finite amount")
            return
        }
        now += seconds
    }

    /// Moves the clock to `time` (earlier or non-finite times are rejected).
    public func advance(to time: CFTimeInterval) {
        guard time.isFinite, time >= now else {
            Diagnostics.report("ManualClock.advance(to:): rejected \(time.diagnosticDescription); the clock reads \(now) and never goes back")
            return
        }
        now = time
    }
}

/// The current media time in seconds: the time of the display that is current — during its frame, that
/// frame's time; between frames its clock (a `HeadlessDisplay`'s virtual time, or a window's monotonic host
/// clock); 0 when there is none.
@preconcurrency @MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
    FramePipeline.current.mediaTime
}
