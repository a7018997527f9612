import Foundation

extension LottieAnimationView {
    /// See ``LottieAnimationLayer/setValueProvider(_:keypath:)``.
    /// ```swift
    /// view.setValueProvider(ColorValueProvider(LottieColor(r: 0, g: 0, b: 0, a: 1)), keypath: "**.Stroke 1.Color")
    /// ```
    public func setValueProvider(_ valueProvider: AnyValueProvider, keypath: AnimationKeypath) {
        animationLayer.setValueProvider(valueProvider, keypath: keypath)
    }

    /// See ``LottieAnimationLayer/allHierarchyKeypaths()``.
    public func allHierarchyKeypaths() -> [String] { animationLayer.allHierarchyKeypaths() }

    /// See ``LottieAnimationLayer/logHierarchyKeypaths()``.
    public func logHierarchyKeypaths() { animationLayer.logHierarchyKeypaths() }
}
