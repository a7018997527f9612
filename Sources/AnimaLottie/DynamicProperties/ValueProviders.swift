import Foundation

/// Supplies colours (lottie-ios's `ColorValueProvider`): for `Color` keypaths of fills, strokes and solid
/// layers. The colour's alpha multiplies the fill or stroke (lottie-ios's Core Animation engine does so).
/// ```swift
/// view.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0, a: 1)), keypath: "**.Fill 1.Color")
/// ```
public final class ColorValueProvider: AnyValueProvider {
    private var storage: ProviderStorage<LottieColor>

    /// One colour for every frame.
    public init(_ color: LottieColor) { storage = .single(color) }
    /// Colours at frames, blended between keyframes.
    public init(_ keyframes: [Keyframe<LottieColor>]) { storage = .keyframes(keyframes) }
    /// A closure of the frame, sampled at every frame when the provider is applied.
    public init(block: @escaping (CGFloat) -> LottieColor) { storage = .closure(block) }

    /// The single colour (black for keyframe and closure providers); setting it makes this a single-colour
    /// provider (set the provider again to show it).
    public var color: LottieColor {
        get { if case .single(let c) = storage { return c } else { return LottieColor(r: 0, g: 0, b: 0, a: 1) } }
        set { storage = .single(newValue) }
    }

    public var valueType: Any.Type { LottieColor.self }
    public var typeErasedStorage: AnyValueProviderStorage { storage.erased }
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { true }
}

/// Supplies numbers (lottie-ios's `FloatValueProvider`): `Opacity` (percent, 0…100), `Rotation` (degrees,
/// clockwise) and `Stroke Width` (points) keypaths.
/// ```swift
/// view.setValueProvider(FloatValueProvider(50), keypath: "Layer.Transform.Opacity")
/// ```
public final class FloatValueProvider: AnyValueProvider {
    private var storage: ProviderStorage<LottieVector1D>

    /// One number for every frame.
    public init(_ float: CGFloat) { storage = .single(LottieVector1D(Double(float))) }
    /// Numbers at frames, blended between keyframes.
    public init(_ keyframes: [Keyframe<LottieVector1D>]) { storage = .keyframes(keyframes) }
    /// A closure of the frame, sampled at every frame when the provider is applied.
    public init(block: @escaping (CGFloat) -> CGFloat) { storage = .closure { LottieVector1D(Double(block($0))) } }

    /// The single number (0 for keyframe and closure providers); setting it makes this a single-number provider.
    public var float: CGFloat {
        get { if case .single(let v) = storage { return CGFloat(v.value) } else { return 0 } }
        set { storage = .single(LottieVector1D(Double(newValue))) }
    }

    public var valueType: Any.Type { LottieVector1D.self }
    public var typeErasedStorage: AnyValueProviderStorage { storage.erased }
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { true }
}

/// Supplies points (lottie-ios's `PointValueProvider`): `Position` (points in the layer's parent space)
/// and `Scale` (percent per axis: `CGPoint(x: 200, y: 150)` is twice as wide, one and a half times as tall).
/// ```swift
/// view.setValueProvider(PointValueProvider(CGPoint(x: 120, y: 80)), keypath: "Layer.Transform.Position")
/// ```
public final class PointValueProvider: AnyValueProvider {
    private var storage: ProviderStorage<LottieVector3D>

    /// One point for every frame.
    public init(_ point: CGPoint) { storage = .single(point.vector3dValue) }
    /// Points at frames, blended between keyframes.
    public init(_ keyframes: [Keyframe<LottieVector3D>]) { storage = .keyframes(keyframes) }
    /// A closure of the frame, sampled at every frame when the provider is applied.
    public init(block: @escaping (CGFloat) -> CGPoint) { storage = .closure { block($0).vector3dValue } }

    /// The single point (zero for keyframe and closure providers); setting it makes this a single-point provider.
    public var point: CGPoint {
        get { if case .single(let v) = storage { return v.pointValue } else { return .zero } }
        set { storage = .single(newValue.vector3dValue) }
    }

    public var valueType: Any.Type { LottieVector3D.self }
    public var typeErasedStorage: AnyValueProviderStorage { storage.erased }
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { true }
}

/// Supplies sizes (lottie-ios's `SizeValueProvider`): `Scale` in percent (width for x, height for y).
/// ```swift
/// view.setValueProvider(SizeValueProvider(CGSize(width: 50, height: 50)), keypath: "Layer.Transform.Scale")
/// ```
public final class SizeValueProvider: AnyValueProvider {
    private var storage: ProviderStorage<LottieVector3D>

    /// One size for every frame.
    public init(_ size: CGSize) { storage = .single(size.vector3dValue) }
    /// Sizes at frames, blended between keyframes.
    public init(_ keyframes: [Keyframe<LottieVector3D>]) { storage = .keyframes(keyframes) }
    /// A closure of the frame, sampled at every frame when the provider is applied.
    public init(block: @escaping (CGFloat) -> CGSize) { storage = .closure { block($0).vector3dValue } }

    /// The single size (zero for keyframe and closure providers); setting it makes this a single-size provider.
    public var size: CGSize {
        get { if case .single(let v) = storage { return v.sizeValue } else { return .zero } }
        set { storage = .single(newValue.vector3dValue) }
    }

    public var valueType: Any.Type { LottieVector3D.self }
    public var typeErasedStorage: AnyValueProviderStorage { storage.erased }
    public func hasUpdate(frame: AnimationFrameTime) -> Bool { true }
}
