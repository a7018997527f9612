import AnimaGraphics
import Foundation

/// A vector kept together with its polar form, the way gravity and push behaviors expose it:
/// setting the vector updates angle and magnitude, and setting either of those updates the vector.
///
/// Angles are radians in UIKit's geometry (0 points right, π/2 points down).
struct DirectionVector: Equatable {
    private(set) var vector: CGVector
    private(set) var angle: CGFloat

    init(vector: CGVector, angle: CGFloat) {
        self.vector = vector
        self.angle = angle
    }

    var magnitude: CGFloat { hypot(vector.dx, vector.dy) }

    /// Sets the vector; the angle follows it unless the vector is zero (then it is 0).
    mutating func setVector(_ v: CGVector) {
        vector = v
        angle = (v.dx == 0 && v.dy == 0) ? 0 : atan2(v.dy, v.dx)
    }

    /// Keeps the magnitude and turns the vector to `newAngle`.
    mutating func setAngle(_ newAngle: CGFloat) {
        let m = magnitude
        angle = newAngle
        vector = CGVector(dx: m * cos(newAngle), dy: m * sin(newAngle))
    }

    /// Keeps the angle and scales the vector to `newMagnitude` (negative reverses it).
    mutating func setMagnitude(_ newMagnitude: CGFloat) {
        vector = CGVector(dx: newMagnitude * cos(angle), dy: newMagnitude * sin(angle))
    }

    mutating func set(angle newAngle: CGFloat, magnitude newMagnitude: CGFloat) {
        angle = newAngle
        vector = CGVector(dx: newMagnitude * cos(newAngle), dy: newMagnitude * sin(newAngle))
    }

    static func isValid(_ v: CGVector) -> Bool { v.dx.isFinite && v.dy.isFinite }
}
