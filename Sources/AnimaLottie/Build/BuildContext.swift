import Foundation
import AnimaCore
import AnimaGraphics

/// What every part of one build shares: the timeline's animation factory, the animation being built,
/// and the diagnostics already given (each feature is reported once per layer).
@MainActor
package final class BuildContext {
    package let animation: LottieAnimation
    /// The animation factory; its remapping changes while a time-remapped precomposition is built.
    package var animations: KeyframeAnimations
    /// Maps a frame of the layers being built to the composition's own frames, `offset + scale × frame`: the
    /// precompositions' start times and time stretches around them (time remapping aside).
    package var compositionFrame: (offset: Double, scale: Double) = (0, 1)
    /// Supplies images by asset; nil lets the builder load embedded and neighbouring files itself.
    package let imageProvider: AnimationImageProvider?
    /// Supplies the text of text layers.
    package let textProvider: AnimationKeypathTextProvider
    /// Supplies the fonts of text layers.
    package let fontProvider: AnimationFontProvider
    private var reported: Set<String> = []
    /// The diagnostics given in this build, in order.
    package private(set) var diagnostics: [String] = []
    /// Where the properties keypaths can name were built (dynamic properties).
    package lazy var dynamicProperties = DynamicPropertyIndex(compositionFrames: animation.model.inFrame...animation.model.outFrame)

    package init(animation: LottieAnimation, imageProvider: AnimationImageProvider? = nil,
                 textProvider: AnimationKeypathTextProvider = DefaultTextProvider(),
                 fontProvider: AnimationFontProvider = DefaultFontProvider()) {
        self.animation = animation
        self.animations = KeyframeAnimations(framerate: animation.framerate)
        self.imageProvider = imageProvider
        self.textProvider = textProvider
        self.fontProvider = fontProvider
        animations.timeline = localTimeline
    }

    /// The composition's in- and out-points in the frames of the layers being built (``compositionFrame``
    /// inverted): where lottie-ios's animations of them begin and end.
    package var localTimeline: ClosedRange<Double> {
        let model = animation.model, (offset, scale) = compositionFrame
        guard scale != 0, scale.isFinite else { return model.inFrame...max(model.inFrame, model.outFrame) }
        let a = (model.inFrame - offset) / scale, b = (model.outFrame - offset) / scale
        return min(a, b)...max(a, b)
    }

    /// Reports, once per layer and feature, that `feature` of `layer` is not played.
    package func unsupported(_ feature: String, layer: String) {
        report("\(animation.source): layer '\(layer)' uses \(feature), which is not supported; the rest of the animation plays")
    }

    /// Reports `message` once per build.
    package func report(_ message: String) {
        guard reported.insert(message).inserted else { return }
        diagnostics.append(message)
        LottieDiagnostics.report(message)
    }
}
