import Foundation
import AnimaGraphics

/// A provider's values turned into a Lottie property (numbers in the file's units, on the property's
/// frames), so that the builders' own keyframe → Core Animation conversion plays them.
enum ProviderValues {
    /// Why a provider's values could not be used (said in a diagnostic).
    struct Failure: Error {
        var reason: String
    }

    /// At most this many closure samples per property (a very long layer is sampled more coarsely).
    static let maximumSamples = 2_000

    /// The provider's values as a property: one value, its keyframes (each segment easing with this
    /// keyframe's out tangent and the next one's in tangent), or the closure sampled at every whole frame
    /// of `frames`. `numbers` turns one value into numbers, or nil when it is of the wrong type.
    static func property(_ storage: AnyValueProviderStorage, frames: ClosedRange<Double>,
                         numbers: (Any) -> [Double]?) throws(Failure) -> Animated<[Double]> {
        func convert(_ value: Any) throws(Failure) -> [Double] {
            guard let v = numbers(value) else { throw Failure(reason: "a value of type \(type(of: value))") }
            guard v.allSatisfy(\.isFinite) else { throw Failure(reason: "a value that is not finite (\(v))") }
            return v
        }
        switch storage {
        case .singleValue(let value):
            return Animated(try convert(value))
        case .keyframes(let keyframes):
            guard !keyframes.isEmpty else { throw Failure(reason: "no keyframes") }
            guard keyframes.allSatisfy({ $0.frame.isFinite }) else { throw Failure(reason: "a keyframe at a frame that is not finite") }
            for (a, b) in zip(keyframes, keyframes.dropFirst()) where b.frame < a.frame {
                throw Failure(reason: "keyframes out of order (frame \(b.frame) after \(a.frame))")
            }
            var converted: [Keyframe<[Double]>] = []
            for (index, k) in keyframes.enumerated() {
                let next = index + 1 < keyframes.count ? keyframes[index + 1] : nil
                let out = k.easing?.c1, arrival = next?.easing?.c2
                let easing = (out == nil && arrival == nil) ? nil
                    : (c1: out ?? CGPoint(x: 0, y: 0), c2: arrival ?? CGPoint(x: 1, y: 1))
                converted.append(Keyframe(frame: k.frame, value: try convert(k.value), isHold: k.isHold, easing: easing))
            }
            return Animated(keyframes: converted)
        case .closure(let closure):
            let span = frames.upperBound - frames.lowerBound
            let count = max(1, min(maximumSamples, Int(span.rounded(.up))))
            let step = span > 0 ? span / Double(count) : 0
            var samples: [Keyframe<[Double]>] = []
            for i in 0...count {
                let frame = frames.lowerBound + Double(i) * step
                samples.append(Keyframe(frame: frame, value: try convert(closure(CGFloat(frame)))))
                if step == 0 { break }
            }
            return samples.count == 1 ? Animated(samples[0].value) : Animated(keyframes: samples)
        }
    }

    // MARK: Value kinds

    /// A number: `LottieVector1D`, or a plain Swift number.
    static func scalar(_ value: Any) -> [Double]? {
        switch value {
        case let v as LottieVector1D: return [v.value]
        case let v as Double: return [v]
        case let v as CGFloat: return [Double(v)]
        case let v as Float: return [Double(v)]
        case let v as Int: return [Double(v)]
        default: return nil
        }
    }

    /// Two numbers: `LottieVector3D` (x, y), `LottieVector2D`, `CGPoint` or `CGSize`.
    static func pair(_ value: Any) -> [Double]? {
        switch value {
        case let v as LottieVector3D: return [v.x, v.y]
        case let v as LottieVector2D: return [v.x, v.y]
        case let v as CGPoint: return [Double(v.x), Double(v.y)]
        case let v as CGSize: return [Double(v.width), Double(v.height)]
        default: return nil
        }
    }

    /// A colour, red, green, blue, alpha: `LottieColor`.
    static func color(_ value: Any) -> [Double]? {
        guard let c = value as? LottieColor else { return nil }
        return [c.r, c.g, c.b, c.a]
    }

    /// What a provider of `valueType` should give for a property, in words.
    static func expectation(for property: String) -> String {
        switch property {
        case "Color": return "colours (ColorValueProvider, LottieColor)"
        case "Opacity": return "numbers in percent (FloatValueProvider)"
        case "Rotation": return "numbers in degrees (FloatValueProvider)"
        case "Stroke Width": return "numbers in points (FloatValueProvider)"
        case "Position": return "points (PointValueProvider)"
        case "Scale": return "percentages per axis (PointValueProvider or SizeValueProvider)"
        case "Colors": return "gradient colours (GradientValueProvider)"
        default: return "nothing: it cannot be set"
        }
    }
}
