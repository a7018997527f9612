import Foundation
import AnimaGraphics

/// What one layer presents while its animations are applied to it, in the cheapest form that holds it.
///
/// Most layers' animations change geometry, opacity and parts of the transform: those live in
/// ``geometry`` and in the presented transform, which is kept as a matrix until an animation sets one of its
/// parts (`transform.scale`, `transform.rotation.z`…) and as parts from then on, so that several part
/// animations do not decompose and recompose the matrix each. A layer with an animation of anything else
/// (colours, paths, the whole transform, a group…) is evaluated as a whole ``LayerState`` from the start
/// (``isWholeState``), and every animation, fast or not, then writes there.
///
/// Frames, `presentation()` and hit testing of the presentation all apply animations through this one type.
package struct LayerEvaluation {
    /// The presented geometry and opacity (while not ``isWholeState``).
    package var geometry: PresentedGeometry
    /// The whole presented state (read and written only while ``isWholeState``). Optional underneath, so that
    /// evaluations of geometry neither build nor retain one.
    private var whole: LayerState?
    package var state: LayerState {
        get { whole! }
        _modify { yield &whole! }
    }
    /// Whether the layer is evaluated as a whole state.
    package var isWholeState: Bool { whole != nil }

    private enum TransformForm { case matrix, parts }
    private var transformForm = TransformForm.matrix
    private var matrix: CATransform3D
    private var parts = TransformComponents()
    /// Whether ``transform`` is known to be the identity (so matrices need not be multiplied by it).
    private var isIdentity: Bool

    /// An evaluation of geometry and transform, starting from the given values.
    @inline(__always)
    package init(geometry: PresentedGeometry, transform: CATransform3D, transformIsIdentity: Bool) {
        self.geometry = geometry
        matrix = transform
        isIdentity = transformIsIdentity
    }

    /// An evaluation of a whole state.
    package init(wholeState: LayerState) {
        geometry = PresentedGeometry(wholeState)
        whole = wholeState
        matrix = .identity
        isIdentity = true
    }

    /// The presented transform.
    package var transform: CATransform3D {
        if isWholeState { return state.transform }
        switch transformForm {
        case .matrix: return isIdentity ? .identity : matrix
        case .parts: return parts.transform
        }
    }

    /// Whether the presented transform is the model's identity, untouched by animations.
    package var transformIsIdentity: Bool { !isWholeState && transformForm == .matrix && isIdentity }

    /// The transform's parts, as `transform.scale` and friends read them.
    package var transformComponents: TransformComponents {
        if transformForm == .parts { return parts }
        return isIdentity ? TransformComponents() : TransformComponents(matrix)
    }

    /// Changes the transform's parts (switching to parts form).
    @inline(__always)
    package mutating func modifyTransformComponents(_ change: (inout TransformComponents) -> Void) {
        if transformForm == .matrix {
            parts = isIdentity ? TransformComponents() : TransformComponents(matrix)
            transformForm = .parts
        }
        change(&parts)
    }

    /// Turns the layer about z by `angle` radians before its transform (`rotationMode`): `R(angle) · transform`.
    package mutating func rotate(by angle: Double) {
        if isWholeState {
            state.transform = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1) * state.transform
            return
        }
        switch transformForm {
        case .matrix:
            let r = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            matrix = isIdentity ? r : r * matrix
            isIdentity = false
        case .parts:
            // R(a) · S · R(z) = S · R(a + z) when S scales x and y alike and the layer turns about z only.
            if parts.rotation.x == 0, parts.rotation.y == 0, parts.scale.x == parts.scale.y {
                parts.rotation.z += angle
            } else {
                matrix = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1) * parts.transform
                transformForm = .matrix
                isIdentity = false
            }
        }
    }

    /// The whole presented state: `base` with this evaluation's geometry and transform (or the whole state).
    package func presentedState(over base: LayerState) -> LayerState {
        if isWholeState { return state }
        var s = geometry.applied(to: base)
        if !transformIsIdentity || !base.isTransformIdentity { s.transform = transform }
        return s
    }
}
