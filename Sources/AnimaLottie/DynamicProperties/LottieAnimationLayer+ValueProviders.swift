import Foundation
import AnimaCore
import Logging

extension LottieAnimationLayer {
    /// Replaces the values of every property `keypath` matches with `valueProvider`'s (lottie-ios's
    /// `setValueProvider(_:keypath:)`).
    ///
    /// The matched properties' keyframe animations on the built layer tree are replaced by ones made from
    /// the provider (a single value sets the layers' model values instead), so Core Animation plays them
    /// from then on: nothing re-evaluates the file per frame, and a closure provider is sampled once per
    /// frame of its layer, now. The provider is kept and applied again when the animation is replaced. A
    /// later provider for the same keypath replaces this one; where two keypaths match one property, the
    /// one set last wins. A keypath that matches nothing, or a provider whose values do not fit a property
    /// (a colour for `Stroke Width`), is reported through swift-log and changes nothing.
    /// ```swift
    /// layer.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0, a: 1)), keypath: "**.Fill 1.Color")
    /// layer.setValueProvider(FloatValueProvider(90), keypath: "Layer.Transform.Rotation")
    /// ```
    public func setValueProvider(_ valueProvider: AnyValueProvider, keypath: AnimationKeypath) {
        valueProviders.removeAll { $0.keypath == keypath }
        valueProviders.append((keypath, valueProvider))
        guard let dynamicProperties, let animation else { return }
        dynamicProperties.apply(valueProvider, keypath: keypath, source: animation.source, report: LottieDiagnostics.report)
        updateContentsScales()
    }

    /// Every keypath a value provider can set in the current animation, one property each
    /// (`Layer.Group 1.Fill 1.Color`), in the file's order: layers top first, each layer's transform,
    /// then its contents.
    public func allHierarchyKeypaths() -> [String] {
        guard let animation, let dynamicProperties else { return [] }
        return HierarchyKeypaths.list(animation.model, index: dynamicProperties)
    }

    /// Logs ``allHierarchyKeypaths()`` through swift-log at info level (label `anima.lottie`), after the
    /// line `Lottie: Logging Animation Keypaths`, as lottie-ios logs them.
    public func logHierarchyKeypaths() {
        logHierarchyKeypaths(to: LottieDiagnostics.logger)
    }

    /// Logs the keypaths to `logger` (a test hook: a logger with a recording handler reads them back).
    package func logHierarchyKeypaths(to logger: Logger) {
        logger.info("Lottie: Logging Animation Keypaths")
        for keypath in allHierarchyKeypaths() { logger.info("\(keypath)") }
    }

    /// Applies the kept providers to a newly built tree, in the order they were set (quietly: a keypath of
    /// another animation need not match this one).
    func reapplyValueProviders() {
        guard let dynamicProperties, let animation else { return }
        for (keypath, provider) in valueProviders {
            dynamicProperties.apply(provider, keypath: keypath, source: animation.source, report: { _ in })
        }
    }
}
