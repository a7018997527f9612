import Foundation
import AnimaCore
import AnimaGraphics

/// A layer that plays a ``LottieAnimation`` (lottie-ios's `LottieAnimationLayer`).
///
/// The animation's layer tree is built once when the animation is set; from then on playing, pausing,
/// scrubbing and looping only change the timing of the tree's root (`compositionLayer`): paused, its
/// `speed` is 0 and its `timeOffset` the frame's time; playing, its `beginTime` is when the play began,
/// its `speed` the animation speed (negative backwards) and its `timeOffset` the start frame's time.
/// Nothing here reads a clock: times come from `CACurrentMediaTime()`, the display's frame time.
/// ```swift
/// let layer = LottieAnimationLayer(animation: animation)
/// layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
/// layer.currentProgress = 0.5          // paused half way
/// layer.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
/// ```
open class LottieAnimationLayer: CALayer {
    /// The animation played, or nil.
    public private(set) var animation: LottieAnimation?
    /// The root of the built tree, whose timing is the playhead (nil without an animation).
    public private(set) var compositionLayer: CALayer?
    /// What the last build reported (unsupported features, missing images…), in order.
    public private(set) var buildDiagnostics: [String] = []
    /// How ``play(completion:)`` repeats (default `.playOnce`).
    public var loopMode: LottieLoopMode = .playOnce
    /// The playback rate: 1 is the file's own speed, 2 twice as fast (default 1).
    public var animationSpeed: CGFloat = 1
    /// How the animation is fitted into the bounds (default aspect fit).
    public var contentMode: LottieContentMode = .scaleAspectFit { didSet { fitContent() } }
    /// Screen pixels per point the animation is shown at (a display's scale): shapes are drawn at this
    /// resolution times their scale on screen (default 1). The layer is not rasterized as a whole unless
    /// `shouldRasterize` is set.
    public override var rasterizationScale: CGFloat {
        get { super.rasterizationScale }
        set {
            super.rasterizationScale = newValue
            updateContentsScales()
        }
    }

    let viewport = CALayer.lottieContainer(name: "lottie viewport")
    let driverLayer = CALayer.lottieContainer(name: "lottie playback driver")
    let driver = PlaybackDriver()
    var playing: PlayRequest?
    var pausedFrame: AnimationFrameTime = 0
    var completion: LottieCompletionBlock?
    /// Supplies the images of the file's image assets in place of its own (nil: the file's); setting it builds
    /// the tree again, keeping the playhead.
    public var imageProvider: AnimationImageProvider? { didSet { rebuild() } }
    /// Supplies the text of text layers (default: the file's); setting it builds the tree again, keeping the
    /// playhead.
    public var textProvider: AnimationKeypathTextProvider = DefaultTextProvider() { didSet { rebuild() } }
    /// Supplies the fonts of text layers (default: the player's choice); setting it builds the tree again, keeping
    /// the playhead.
    public var fontProvider: AnimationFontProvider = DefaultFontProvider() { didSet { rebuild() } }
    /// The value providers set, in order, and where the built tree's properties are (`+ValueProviders`).
    var valueProviders: [(keypath: AnimationKeypath, provider: AnyValueProvider)] = []
    var dynamicProperties: DynamicPropertyIndex?

    /// A layer playing `animation` (paused at its first frame). `imageProvider` (asset id, file name),
    /// when given, supplies every image instead of the file's own.
    public convenience init(animation: LottieAnimation?, imageProvider: ((String, String) -> CGImage?)?) {
        self.init(animation: animation, imageProvider: imageProvider.map(ClosureImageProvider.init(closure:)))
    }

    /// A layer playing `animation` (paused at its first frame), its images from `imageProvider`, its texts from
    /// `textProvider` and its fonts from `fontProvider` when given.
    public init(animation: LottieAnimation?, imageProvider: AnimationImageProvider? = nil,
                textProvider: AnimationKeypathTextProvider = DefaultTextProvider(),
                fontProvider: AnimationFontProvider = DefaultFontProvider()) {
        super.init()
        self.imageProvider = imageProvider
        self.textProvider = textProvider
        self.fontProvider = fontProvider
        addSublayer(viewport)
        driverLayer.isHidden = true
        addSublayer(driverLayer)
        driver.onIterationEnd = { [weak self] generation in self?.iterationDidEnd(generation) }
        // Playback's own removals move the generation on first; any other removal ends the request, as UIKit
        // ends a view's animations when it leaves its window: the completion gets `false` and is released.
        driver.onInterruption = { [weak self] generation in
            guard let self, generation == self.driver.generation, self.isAnimationPlaying else { return }
            self.finish(completed: false)
        }
        setAnimation(animation)
    }

    /// A layer with no animation.
    public override convenience init() { self.init(animation: nil) }

    /// A copy for the presentation tree (Core Animation's `init(layer:)`).
    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Replaces the animation: builds its layer tree once and shows its first frame, paused.
    public func setAnimation(_ animation: LottieAnimation?) {
        finish(completed: false)
        compositionLayer?.removeFromSuperlayer()
        compositionLayer = nil
        dynamicProperties = nil
        self.animation = animation
        guard let animation else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        viewport.addSublayer(build(animation))
        CATransaction.commit()
        pause(atFrame: animation.startFrame)
    }

    /// Builds `animation`'s tree with the providers as they are now and makes it the composition.
    private func build(_ animation: LottieAnimation) -> CALayer {
        let context = BuildContext(animation: animation, imageProvider: imageProvider, textProvider: textProvider,
                                   fontProvider: fontProvider)
        let built = CompositionBuilder(context: context).build(animation.model.layers, width: animation.model.width,
                                                                height: animation.model.height)
        built.name = "lottie composition"
        compositionLayer = built
        buildDiagnostics = context.diagnostics
        dynamicProperties = context.dynamicProperties
        reapplyValueProviders()
        fitContent()
        return built
    }

    /// Builds the tree again after a provider changed. The playhead is the composition's timing, so the new
    /// composition takes the old one's: paused or playing, it shows the same frame and plays on.
    private func rebuild() {
        guard let animation, let old = compositionLayer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let built = build(animation)
        built.beginTime = old.beginTime
        built.speed = old.speed
        built.timeOffset = old.timeOffset
        viewport.replaceSublayer(old, with: built)
        CATransaction.commit()
    }

    /// Sets the playback state: paused at a moment, or playing a range.
    public func setPlaybackMode(_ mode: LottiePlaybackMode, completion: LottieCompletionBlock? = nil) {
        switch mode {
        case .paused(let state):
            guard let animation else { return }
            switch state {
            case .progress(let p): pause(atFrame: animation.frameTime(forProgress: p))
            case .frame(let f): pause(atFrame: f.rounded(.down))
            case .time(let t): pause(atFrame: animation.startFrame + CGFloat(t * animation.framerate))
            case .marker(let name):
                if let f = animation.frameTime(forMarker: name) { pause(atFrame: f) }
            case .currentFrame: pause()
            }
        case .playing(let range):
            switch range {
            case .fromProgress(let from, let to, let loop): play(fromProgress: from, toProgress: to, loopMode: loop, completion: completion)
            case .fromFrame(let from, let to, let loop): play(fromFrame: from, toFrame: to, loopMode: loop, completion: completion)
            case .marker(let name, let loop): play(marker: name, loopMode: loop, completion: completion)
            }
        }
    }

    /// Fits the composition into the bounds according to ``contentMode``.
    func fitContent() {
        guard let animation, animation.size.width > 0, animation.size.height > 0 else { return }
        let size = animation.size, box = bounds.size
        var sx = box.width / size.width, sy = box.height / size.height
        switch contentMode {
        case .scaleAspectFit: sx = min(sx, sy); sy = sx
        case .scaleAspectFill: sx = max(sx, sy); sy = sx
        case .scaleToFill: break
        case .center: sx = 1; sy = 1
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        viewport.position = CGPoint(x: bounds.minX + (box.width - size.width * sx) / 2,
                                    y: bounds.minY + (box.height - size.height * sy) / 2)
        viewport.transform = CATransform3DMakeScale(sx, sy, 1)
        CATransaction.commit()
        updateContentsScales()
    }

    /// Keeps the animation fitted when the bounds change.
    open override func layoutSublayers() {
        super.layoutSublayers()
        fitContent()
    }
}
