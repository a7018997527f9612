import Foundation
import AnimaCore

/// One play request: a frame range, its loop mode and the iteration running.
struct PlayRequest {
    var from: AnimationFrameTime
    var to: AnimationFrameTime
    var loopMode: LottieLoopMode
    var iteration: Int
    var speed: CGFloat
}

extension LottieAnimationLayer {
    /// Plays from the current frame to the end with ``loopMode``.
    public func play(completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        let from = realtimeAnimationFrame >= animation.endFrame ? animation.startFrame : realtimeAnimationFrame
        play(fromFrame: from, toFrame: animation.endFrame, loopMode: loopMode, completion: completion)
    }

    /// Plays from `fromProgress` (nil: the current progress) to `toProgress`; backwards when it is smaller.
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        play(fromFrame: fromProgress.map { animation.frameTime(forProgress: $0) }, toFrame: animation.frameTime(forProgress: toProgress),
             loopMode: loopMode, completion: completion)
    }

    /// Plays from `fromFrame` (nil: the current frame) to `toFrame`; backwards when it is smaller.
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard animation != nil else { completion?(false); return }
        finish(completed: false)
        let from = fromFrame ?? realtimeAnimationFrame
        if let loopMode { self.loopMode = loopMode }
        self.completion = completion
        playing = PlayRequest(from: from, to: toFrame, loopMode: self.loopMode, iteration: 0, speed: animationSpeed)
        startIteration()
    }

    /// Plays from the marker's frame to the end of its duration (or of the animation).
    public func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation, let m = animation.model.markers.first(where: { $0.name == marker }) else { completion?(false); return }
        let end = m.duration > 0 ? CGFloat(m.frame + m.duration) : animation.endFrame
        play(fromFrame: CGFloat(m.frame), toFrame: end, loopMode: loopMode, completion: completion)
    }

    /// Pauses where playback is now.
    public func pause() { pause(atFrame: realtimeAnimationFrame) }

    /// Stops and goes back to the start (paused at progress 0).
    public func stop() {
        guard let animation else { return }
        pause(atFrame: animation.startFrame)
    }

    /// Whether a play request is running.
    public var isAnimationPlaying: Bool { playing != nil }

    /// The progress shown (0…1); setting it pauses there.
    public var currentProgress: AnimationProgressTime {
        get { animation?.progressTime(forFrame: currentFrame) ?? 0 }
        set { if let animation { pause(atFrame: animation.frameTime(forProgress: newValue)) } }
    }

    /// The frame shown; setting it pauses there.
    public var currentFrame: AnimationFrameTime {
        get { playing == nil ? pausedFrame : realtimeAnimationFrame }
        set { pause(atFrame: newValue) }
    }

    /// Seconds from the start to the frame shown; setting it pauses there.
    public var currentTime: TimeInterval {
        get { animation.map { Double(currentFrame - $0.startFrame) / $0.framerate } ?? 0 }
        set { if let animation { pause(atFrame: animation.startFrame + CGFloat(newValue * animation.framerate)) } }
    }

    /// The frame the composition's timing gives at the display's current time.
    public var realtimeAnimationFrame: AnimationFrameTime {
        guard let animation, let root = compositionLayer else { return 0 }
        return CGFloat(root.convertTime(CACurrentMediaTime(), from: nil) * animation.framerate)
    }

    /// The progress the composition's timing gives at the display's current time.
    public var realtimeAnimationProgress: AnimationProgressTime {
        animation?.progressTime(forFrame: realtimeAnimationFrame) ?? 0
    }

    /// Pauses at `frame`: the composition's speed becomes 0 and its time offset the frame's time.
    func pause(atFrame frame: AnimationFrameTime) {
        finish(completed: false)
        guard let animation, let root = compositionLayer else { return }
        pausedFrame = frame
        // The out-point itself is shown as lottie-ios shows it: its keyframes' values, layers starting there, and
        // layers ending there (kept visible at the composition's end, see `CompositionBuilder.bindVisibility`).
        let shown = min(Double(frame), Double(animation.endFrame))
        root.speed = 0
        root.beginTime = 0
        root.timeOffset = shown / animation.framerate
    }

    /// Starts the current iteration of the play request on the composition's timing.
    func startIteration() {
        guard var request = playing, let animation, let root = compositionLayer else { return }
        let backwards = request.iteration % 2 == 1 && isReversing(request.loopMode)
        let (from, to) = backwards ? (request.to, request.from) : (request.from, request.to)
        let rate = max(1e-6, abs(Double(request.speed)))
        let direction: Double = to >= from ? 1 : -1
        var span = abs(Double(to - from)) / animation.framerate / rate
        if case .repeat(let n) = request.loopMode, Double(request.iteration) + 1 > Double(n) {
            span *= max(0, Double(n) - Double(request.iteration))
        }
        let now = viewport.convertTime(CACurrentMediaTime(), from: nil)
        root.beginTime = now
        root.timeOffset = Double(from) / animation.framerate
        root.speed = Float(direction * rate)
        driver.generation += 1
        request.iteration += 0
        playing = request
        driverLayer.removeAnimation(forKey: "lottie playback")
        let begin = driverLayer.convertTime(CACurrentMediaTime(), from: nil)
        driverLayer.add(driver.iterationAnimation(duration: span, begin: begin), forKey: "lottie playback")
    }

    private func isReversing(_ mode: LottieLoopMode) -> Bool {
        switch mode {
        case .autoReverse, .repeatBackwards: return true
        default: return false
        }
    }

    /// The end of an iteration: the next one, or the end of the request.
    func iterationDidEnd(_ generation: Int) {
        guard var request = playing, generation == driver.generation else { return }
        request.iteration += 1
        let more: Bool
        switch request.loopMode {
        case .playOnce: more = false
        case .loop, .autoReverse: more = true
        case .repeat(let n): more = Float(request.iteration) < n
        case .repeatBackwards(let n): more = Float(request.iteration) < 2 * n
        }
        if more {
            playing = request
            startIteration()
            return
        }
        let backwardsLast = request.iteration % 2 == 0 && isReversing(request.loopMode)
        let end = backwardsLast ? request.from : request.to
        let done = completion
        completion = nil
        playing = nil
        pause(atFrame: end)
        done?(true)
    }

    /// Ends the running request (its completion gets `completed`).
    func finish(completed: Bool) {
        driver.generation += 1
        driverLayer.removeAnimation(forKey: "lottie playback")
        playing = nil
        let done = completion
        completion = nil
        done?(completed)
    }
}
