import Foundation

/// Something that supplies a property's values in place of the file's (lottie-ios's `AnyValueProvider`):
/// set one with `setValueProvider(_:keypath:)` on a ``LottieAnimationLayer`` or ``LottieAnimationView``.
///
/// The player applies a provider once, when it is set (and again when the animation is rebuilt): its values
/// replace the matched properties' keyframe animations on the built layers, and from then on Core Animation
/// plays them like the file's own. Changing a provider afterwards (`provider.color = …`) shows after
/// `setValueProvider` is called again, as with lottie-ios's Core Animation engine.
public protocol AnyValueProvider: AnyObject {
    /// The type of the values (`LottieColor`, `LottieVector1D`, `LottieVector3D`, `[Double]`).
    var valueType: Any.Type { get }
    /// The values, type-erased: one value, keyframes, or a closure of the frame.
    var typeErasedStorage: AnyValueProviderStorage { get }
    /// Whether the values changed since the provider was last read (lottie-ios's polling hook; this
    /// player reads a provider when it is set).
    func hasUpdate(frame: AnimationFrameTime) -> Bool
}

/// How a provider holds its values (lottie-ios's `AnyValueProviderStorage`).
public enum AnyValueProviderStorage {
    /// One value for every frame.
    case singleValue(Any)
    /// Keyframes on the property's own timeline (frame numbers), blended as the file's keyframes are.
    case keyframes([Keyframe<Any>])
    /// A closure of the frame. It is called at every whole frame of the layer's in-to-out range when the
    /// provider is applied, and those samples are played as keyframes (no closure runs while playing).
    case closure((AnimationFrameTime) -> Any)
}

extension AnyValueProvider {
    /// The value at `frame`: the single value, the closure's answer, or the value of the last keyframe at or
    /// before `frame` (the first before them all; keyframes are not blended here).
    public func value(frame: AnimationFrameTime) -> Any {
        switch typeErasedStorage {
        case .singleValue(let value): return value
        case .closure(let closure): return closure(frame)
        case .keyframes(let keyframes):
            guard let first = keyframes.first else { return () }
            return keyframes.last { $0.frame <= Double(frame) }?.value ?? first.value
        }
    }
}

/// The storage shared by the typed providers: one value, keyframes or a closure.
enum ProviderStorage<Value> {
    case single(Value)
    case keyframes([Keyframe<Value>])
    case closure((AnimationFrameTime) -> Value)

    var erased: AnyValueProviderStorage {
        switch self {
        case .single(let value): return .singleValue(value)
        case .keyframes(let keyframes): return .keyframes(keyframes.map(\.erasedForProvider))
        case .closure(let closure): return .closure { closure($0) }
        }
    }
}

extension Keyframe {
    /// The keyframe with its value type erased, its provider tangents kept.
    var erasedForProvider: Keyframe<Any> {
        Keyframe<Any>(frame: frame, value: value, isHold: isHold, easing: easing, spatialTangents: spatialTangents)
    }
}
