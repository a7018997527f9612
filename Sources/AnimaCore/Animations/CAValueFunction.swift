import Foundation
import AnimaGraphics

/// Turns an animation's interpolated number(s) into a transform (Core Animation's `CAValueFunction`).
///
/// ```swift
/// let spin = CABasicAnimation(keyPath: "transform")
/// spin.valueFunction = CAValueFunction(name: .rotateZ)
/// spin.fromValue = 0; spin.toValue = 2 * Double.pi   // a full turn, which a matrix cannot express
/// ```
@preconcurrency @MainActor
public final class CAValueFunction {
    /// The function's name.
    public let name: CAValueFunctionName

    /// The function called `name`.
    public init?(name: CAValueFunctionName) {
        let known: [CAValueFunctionName] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                            .translate, .translateX, .translateY, .translateZ]
        guard known.contains(name) else { return nil }
        self.name = name
    }

    /// The transform for an interpolated number (or three numbers for `scale` and `translate`).
    package func transform(for value: AnimatableValue) -> CATransform3D {
        var numbers: [Double] = []
        switch value {
        case .number(let d): numbers = [d]
        case .object(let o as [Double]): numbers = o
        default: return .identity
        }
        let a = CGFloat(numbers.first ?? 0)
        func at(_ i: Int, _ fallback: Double) -> CGFloat { CGFloat(i < numbers.count ? numbers[i] : fallback) }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(a, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(a, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(a, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(a, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, a, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, a)
        case .scale: return numbers.count >= 3 ? CATransform3DMakeScale(at(0, 1), at(1, 1), at(2, 1)) : CATransform3DMakeScale(a, a, a)
        case .translateX: return CATransform3DMakeTranslation(a, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, a, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, a)
        default: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        }
    }
}

/// The names of the value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}
