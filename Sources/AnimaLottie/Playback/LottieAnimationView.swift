import Foundation
import AnimaCore
import AnimaGraphics
import AnimaKit

/// A view that plays a ``LottieAnimation`` (lottie-ios's `LottieAnimationView`): a `UIView` around a
/// ``LottieAnimationLayer`` that fills its bounds; every playback call goes to that layer.
/// ```swift
/// let view = LottieAnimationView(animation: animation)
/// view.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
/// view.loopMode = .loop
/// view.play()
/// ```
open class LottieAnimationView: UIView {
    /// The layer that builds and plays the animation.
    public let animationLayer: LottieAnimationLayer

    /// A view playing `animation`, sized to it (paused at its first frame).
    public convenience init(animation: LottieAnimation?, imageProvider: ((String, String) -> CGImage?)?) {
        self.init(animation: animation, imageProvider: imageProvider.map(ClosureImageProvider.init(closure:)))
    }

    /// A view playing `animation`, sized to it (paused at its first frame), its images from `imageProvider`, its
    /// texts from `textProvider` and its fonts from `fontProvider` when given.
    public init(animation: LottieAnimation?, imageProvider: AnimationImageProvider? = nil,
                textProvider: AnimationKeypathTextProvider = DefaultTextProvider(),
                fontProvider: AnimationFontProvider = DefaultFontProvider()) {
        animationLayer = LottieAnimationLayer(animation: animation, imageProvider: imageProvider, textProvider: textProvider,
                                              fontProvider: fontProvider)
        super.init(frame: CGRect(origin: .zero, size: animation?.size ?? .zero))
        layer.addSublayer(animationLayer)
        layoutAnimationLayer()
    }

    /// A view with no animation, sized `frame`.
    public override init(frame: CGRect) {
        animationLayer = LottieAnimationLayer(animation: nil)
        super.init(frame: frame)
        layer.addSublayer(animationLayer)
        layoutAnimationLayer()
    }

    /// Not supported (no archives on Linux).
    public required init?(coder: NSCoder) { nil }

    /// Keeps the animation layer filling the bounds.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutAnimationLayer()
    }

    private func layoutAnimationLayer() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        animationLayer.frame = bounds
        animationLayer.fitContent()
        CATransaction.commit()
    }

    /// The animation played; setting it rebuilds the layer tree once.
    public var animation: LottieAnimation? {
        get { animationLayer.animation }
        set { animationLayer.setAnimation(newValue) }
    }
    /// See ``LottieAnimationLayer/imageProvider``.
    public var imageProvider: AnimationImageProvider? {
        get { animationLayer.imageProvider }
        set { animationLayer.imageProvider = newValue }
    }
    /// See ``LottieAnimationLayer/textProvider``.
    public var textProvider: AnimationKeypathTextProvider {
        get { animationLayer.textProvider }
        set { animationLayer.textProvider = newValue }
    }
    /// See ``LottieAnimationLayer/fontProvider``.
    public var fontProvider: AnimationFontProvider {
        get { animationLayer.fontProvider }
        set { animationLayer.fontProvider = newValue }
    }
    /// See ``LottieAnimationLayer/loopMode``.
    public var loopMode: LottieLoopMode {
        get { animationLayer.loopMode }
        set { animationLayer.loopMode = newValue }
    }
    /// See ``LottieAnimationLayer/animationSpeed``.
    public var animationSpeed: CGFloat {
        get { animationLayer.animationSpeed }
        set { animationLayer.animationSpeed = newValue }
    }
    /// See ``LottieAnimationLayer/contentMode``.
    public var lottieContentMode: LottieContentMode {
        get { animationLayer.contentMode }
        set { animationLayer.contentMode = newValue }
    }
    /// See ``LottieAnimationLayer/currentProgress``.
    public var currentProgress: AnimationProgressTime {
        get { animationLayer.currentProgress }
        set { animationLayer.currentProgress = newValue }
    }
    /// See ``LottieAnimationLayer/currentFrame``.
    public var currentFrame: AnimationFrameTime {
        get { animationLayer.currentFrame }
        set { animationLayer.currentFrame = newValue }
    }
    /// See ``LottieAnimationLayer/currentTime``.
    public var currentTime: TimeInterval {
        get { animationLayer.currentTime }
        set { animationLayer.currentTime = newValue }
    }
    /// See ``LottieAnimationLayer/realtimeAnimationProgress``.
    public var realtimeAnimationProgress: AnimationProgressTime { animationLayer.realtimeAnimationProgress }
    /// See ``LottieAnimationLayer/isAnimationPlaying``.
    public var isAnimationPlaying: Bool { animationLayer.isAnimationPlaying }

    /// See ``LottieAnimationLayer/play(completion:)``.
    public func play(completion: LottieCompletionBlock? = nil) { animationLayer.play(completion: completion) }
    /// See ``LottieAnimationLayer/play(fromProgress:toProgress:loopMode:completion:)``.
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromProgress: fromProgress, toProgress: toProgress, loopMode: loopMode, completion: completion)
    }
    /// See ``LottieAnimationLayer/play(fromFrame:toFrame:loopMode:completion:)``.
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(fromFrame: fromFrame, toFrame: toFrame, loopMode: loopMode, completion: completion)
    }
    /// See ``LottieAnimationLayer/play(marker:loopMode:completion:)``.
    public func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(marker: marker, loopMode: loopMode, completion: completion)
    }
    /// See ``LottieAnimationLayer/pause()``.
    public func pause() { animationLayer.pause() }
    /// See ``LottieAnimationLayer/stop()``.
    public func stop() { animationLayer.stop() }
    /// See ``LottieAnimationLayer/setPlaybackMode(_:completion:)``.
    public func setPlaybackMode(_ mode: LottiePlaybackMode, completion: LottieCompletionBlock? = nil) {
        animationLayer.setPlaybackMode(mode, completion: completion)
    }
}
