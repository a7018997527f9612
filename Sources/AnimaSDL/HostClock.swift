import AnimaCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The machine's monotonic clock (`CLOCK_MONOTONIC`), in seconds: the time source of real windows.
///
/// This is one of the two places Anima reads a clock (the other is `ManualClock`, which only moves when
/// told). The reading never goes back and does not jump with wall-clock changes; its zero is arbitrary
/// (usually boot), as with Core Animation's `CACurrentMediaTime()`.
/// ```swift
/// let clock = HostClock()
/// let t0 = clock.now
/// clock.now >= t0   // true
/// ```
@MainActor
public final class HostClock: MediaClock {
    /// Creates a clock; every instance reads the same underlying time.
    public init() {}

    /// Seconds on the monotonic clock.
    public var now: CFTimeInterval { Self.read() }

    /// Reads `CLOCK_MONOTONIC` without an instance or actor (for frame pacing inside AnimaSDL).
    nonisolated package static func read() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1_000_000_000
    }
}
