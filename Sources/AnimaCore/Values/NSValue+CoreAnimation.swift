import Foundation
import AnimaGraphics

/// Struct values boxed in `NSValue`, as Apple's code hands them to animations and key-value coding:
/// ```swift
/// let spin = CAKeyframeAnimation(keyPath: "transform")
/// spin.values = [NSValue(caTransform3D: CATransform3DIdentity),
///                NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))]
/// layer.setValue(NSValue(cgPoint: CGPoint(x: 10, y: 20)), forKey: "position")   // NSValue(cgPoint:): UIKit
/// ```
/// Foundation on Linux boxes points, sizes and rectangles itself (`NSValue(point:)`, whose `objCType` is
/// `{CGPoint=dd}`) but cannot box other structs, so transforms travel as arrays of doubles (`[16d]`, `[6d]`).
/// An animation or a setter reads any of them as the plain value (``AnimatableValue/convert(_:to:)``).
extension NSValue {
    /// A boxed ``CATransform3D`` (Core Animation's `NSValue(caTransform3D:)`).
    public convenience init(caTransform3D transform: CATransform3D) {
        self.init(doubles: transform.entries.map(Double.init), objCType: NSValue.transform3DType)
    }

    /// The boxed ``CATransform3D``; the identity when the value holds something else.
    public var caTransform3DValue: CATransform3D { unboxedAnimatableValue as? CATransform3D ?? CATransform3DIdentity }

    /// A boxed `CGAffineTransform` (UIKit's `NSValue(cgAffineTransform:)` builds on this).
    package convenience init(affineTransform t: CGAffineTransform) {
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init), objCType: NSValue.affineType)
    }

    /// The plain value this box holds (`CGPoint`, `CGSize`, `CGRect`, ``CATransform3D``, `CGAffineTransform`), or
    /// nil for a number or a type no animatable property holds. Reads the box's type once: corelibs Foundation's
    /// `objCType` leaks a copy of the type string on every call (suppressed in `scripts/lsan.supp`).
    package var unboxedAnimatableValue: Any? {
        if self is NSNumber { return nil }
        switch String(cString: objCType) {
        case "{CGPoint=dd}": return pointValue
        case "{CGSize=dd}": return sizeValue
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": return rectValue
        case NSValue.transform3DType:
            let d = doubles(16)
            return CATransform3D(m11: d[0], m12: d[1], m13: d[2], m14: d[3], m21: d[4], m22: d[5], m23: d[6], m24: d[7],
                                 m31: d[8], m32: d[9], m33: d[10], m34: d[11], m41: d[12], m42: d[13], m43: d[14], m44: d[15])
        case NSValue.affineType:
            let d = doubles(6)
            return CGAffineTransform(a: d[0], b: d[1], c: d[2], d: d[3], tx: d[4], ty: d[5])
        default: return nil
        }
    }

    private static let transform3DType = "[16d]"
    private static let affineType = "[6d]"

    private convenience init(doubles: [Double], objCType: String) {
        self.init(bytes: doubles, objCType: objCType)
    }

    /// The box's bytes as `count` doubles (its type already read as an array of that many).
    private func doubles(_ count: Int) -> [Double] {
        var values = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return values
    }
}
