import Foundation

/// How playback repeats (lottie-ios's `LottieLoopMode`).
public enum LottieLoopMode: Equatable, Sendable {
    /// Plays once and stops at the end.
    case playOnce
    /// Plays from the start again forever.
    case loop
    /// Plays forwards, then backwards, forever.
    case autoReverse
    /// Plays `n` times (fractions play part of the last time).
    case `repeat`(Float)
    /// Plays forwards then backwards, `n` times each way.
    case repeatBackwards(Float)
}

/// How the animation is fitted into the layer's bounds.
public enum LottieContentMode: Equatable, Sendable {
    /// Scaled to fit, aspect kept, centred (the default).
    case scaleAspectFit
    /// Scaled to fill, aspect kept, centred (parts may be cut off).
    case scaleAspectFill
    /// Stretched to the bounds.
    case scaleToFill
    /// At its own size, centred.
    case center
}

/// A playback state to set with `setPlaybackMode(_:)` (lottie-ios's `LottiePlaybackMode`).
public enum LottiePlaybackMode: Equatable, Sendable {
    /// Shows one moment and stays there.
    case paused(at: PausedState)
    /// Plays a range.
    case playing(PlaybackRange)

    /// A moment of the timeline.
    public enum PausedState: Equatable, Sendable {
        /// A fraction of the timeline, 0 (start) … 1 (end).
        case progress(AnimationProgressTime)
        /// A frame number; a fractional frame shows the frame it is in (4.999 shows frame 4).
        case frame(AnimationFrameTime)
        /// Seconds from the start.
        case time(TimeInterval)
        /// The frame of a marker.
        case marker(String)
        /// Wherever playback is now.
        case currentFrame
    }

    /// A range to play.
    public enum PlaybackRange: Equatable, Sendable {
        /// From a progress (nil: the current one) to another.
        case fromProgress(AnimationProgressTime?, toProgress: AnimationProgressTime, loopMode: LottieLoopMode)
        /// From a frame (nil: the current one) to another.
        case fromFrame(AnimationFrameTime?, toFrame: AnimationFrameTime, loopMode: LottieLoopMode)
        /// A marker's range.
        case marker(String, loopMode: LottieLoopMode)
    }
}

/// Called when a play request ends: `true` when it played to its end, `false` when it was interrupted
/// (paused, stopped or replaced).
public typealias LottieCompletionBlock = (_ completed: Bool) -> Void
