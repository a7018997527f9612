import Foundation
import AnimaGraphics

/// What one layer presents while its animations are applied to it, in the cheapest form that holds it.
///
/// Most layers' animations change geometry, opacity and parts of the transform: those live in
/// ``geometry`` and in the presented transform, which is kept as the identity or a matrix until an animation
/// sets one of its parts (`transform.scale`, `transform.rotation.z`…) and as parts from then on, so that several
/// part animations do not decompose and recompose the matrix each. A layer with an animation of anything else
/// (colours, paths, the whole transform, a group…) is evaluated as a whole ``LayerState`` from the start
/// (``isWholeState``), and every animation, fast or not, then writes there.
///
/// Frames, `presentation()` and hit testing of the presentation all apply animations through this one type.
package struct LayerEvaluation {
    /// The presented geometry and opacity (while not ``isWholeState``).
    package var geometry: PresentedGeometry
    /// The presented transform (while not ``isWholeState``): the identity, `matrix`, or `parts`, as
    /// `transformForm` says. Plain fields rather than an enum with payloads, which measured copies of the whole
    /// enum for every test of its case.
    private var transformForm: TransformForm
    private var matrix: CATransform3D
    private var parts: TransformComponents
    private enum TransformForm: UInt8 { case identity, matrix, parts }
    /// The whole presented state (read and written only while ``isWholeState``), boxed: evaluations of geometry
    /// then carry one nil reference rather than an optional 250-byte state that every copy and destroy would test.
    private var whole: WholeState?
    /// Whether the layer is evaluated as a whole state.
    package private(set) var isWholeState: Bool
    /// The properties animations have written into the whole state (``LayerProperty/bit``): the state starts as
    /// the committed one, whose values the setters keep finite, so only these can have become non-finite.
    private var writtenProperties: UInt64 = 0

    /// Whether animations may have written one of `properties` (a set of ``LayerProperty/bit``s): those written into
    /// a whole state; evaluating geometry and transform alone, any of theirs.
    package func mayHaveWritten(_ properties: UInt64) -> Bool {
        isWholeState ? writtenProperties & properties != 0 : properties & Self.geometryProperties != 0
    }

    /// What an evaluation of geometry and transform alone can write.
    private static let geometryProperties: UInt64 = [LayerProperty.bounds, .position, .zPosition, .anchorPoint, .anchorPointZ,
                                                     .opacity, .transform].reduce(0) { $0 | $1.bit }

    /// The whole presented state (while ``isWholeState``); animations change it through ``modifyState(_:_:)``.
    package var state: LayerState { whole!.state }

    /// Changes the whole state's `property` (or a part of it), noting that it was written.
    @inline(__always)
    package mutating func modifyState<Result>(_ property: LayerProperty, _ change: (inout LayerState) -> Result) -> Result {
        writtenProperties |= property.bit
        return change(&whole!.state)
    }

    /// The box of a whole state (an evaluation is not copied while it is applied, so the box is its own).
    private final class WholeState {
        var state: LayerState
        init(_ state: LayerState) { self.state = state }
    }

    /// An evaluation of geometry and transform, starting from the given values (nil transform: the identity).
    @inline(__always)
    package init(geometry: PresentedGeometry, transform: CATransform3D?) {
        self.geometry = geometry
        if let transform {
            matrix = transform
            transformForm = .matrix
        } else {
            matrix = CATransform3D()
            transformForm = .identity
        }
        parts = TransformComponents()
        isWholeState = false
    }

    /// Starts again from the given geometry and transform (nil: the identity), in place: a frame reuses one
    /// evaluation for every layer rather than building one per layer.
    @inline(__always)
    package mutating func reset(geometry: PresentedGeometry, transform: CATransform3D?) {
        self.geometry = geometry
        if let transform {
            matrix = transform
            transformForm = .matrix
        } else {
            transformForm = .identity
        }
        if isWholeState {
            whole = nil
            isWholeState = false
            writtenProperties = 0
        }
    }

    /// An evaluation of a whole state.
    package init(wholeState: LayerState) {
        geometry = PresentedGeometry(wholeState)
        matrix = CATransform3D()
        parts = TransformComponents()
        transformForm = .identity
        whole = WholeState(wholeState)
        isWholeState = true
    }

    /// The presented transform.
    package var transform: CATransform3D {
        if isWholeState { return state.transform }
        switch transformForm {
        case .identity: return CATransform3D()
        case .matrix: return matrix
        case .parts: return parts.transform
        }
    }

    /// Whether the presented transform is the identity, untouched by animations (so that it need not be multiplied).
    package var transformIsIdentity: Bool { !isWholeState && transformForm == .identity }

    /// The transform's parts, as `transform.scale` and friends read them.
    package var transformComponents: TransformComponents {
        switch transformForm {
        case .identity: return TransformComponents()
        case .matrix: return TransformComponents(matrix)
        case .parts: return parts
        }
    }

    /// Changes the transform's parts (switching to parts form).
    @inline(__always)
    package mutating func modifyTransformComponents(_ change: (inout TransformComponents) -> Void) {
        if transformForm != .parts {
            parts = transformComponents
            transformForm = .parts
        }
        change(&parts)
    }

    /// Makes a transform kept as parts a matrix, once every animation has been applied: a frame reads the presented
    /// transform three times (the finiteness test, the world transform, the mirroring test), and parts would build
    /// it, rotations' sines and cosines included, each time.
    @inline(__always)
    package mutating func settleTransform() {
        if transformForm == .parts, !isWholeState {
            matrix = parts.transform
            transformForm = .matrix
        }
    }

    /// Turns the layer about z by `angle` radians before its transform (`rotationMode`): `R(angle) · transform`.
    package mutating func rotate(by angle: Double) {
        if isWholeState {
            modifyState(.transform) { $0.transform = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1) * $0.transform }
            return
        }
        switch transformForm {
        case .identity:
            // As parts (a turn about z), so that a `transform.scale` or `transform.rotation` animation after it
            // need not decompose a matrix.
            parts = TransformComponents()
            parts.rotation.z = angle
            transformForm = .parts
        case .matrix:
            matrix = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1) * matrix
        case .parts:
            // R(a) · S · R(z) = S · R(a + z) when S scales x and y alike and the layer turns about z only.
            if parts.rotation.x == 0, parts.rotation.y == 0, parts.scale.x == parts.scale.y {
                parts.rotation.z += angle
            } else {
                matrix = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1) * parts.transform
                transformForm = .matrix
            }
        }
    }

    /// The presented matrix to the superlayer (``LayerGeometry``'s `matrixToSuperlayer`). Mutating, as
    /// ``isSurelyFinite()``, only so that a frame calls it on its evaluation in place rather than on a copy.
    @inline(__always)
    package mutating func matrixToSuperlayer() -> CATransform3D {
        if isWholeState { return state.matrixToSuperlayer(transform: state.transform) }
        switch transformForm {
        case .identity: return geometry.matrixToSuperlayer(transform: CATransform3D())
        case .matrix: return geometry.matrixToSuperlayer(transform: matrix)
        case .parts: return geometry.matrixToSuperlayer(transform: parts.transform)
        }
    }

    /// Whether the presented transform turns the layer over (a negative determinant of its 3 × 3 part). Mutating
    /// for the same reason as ``matrixToSuperlayer()``.
    @inline(__always)
    package mutating func isMirrored() -> Bool {
        if isWholeState { return state.transform.determinant3 < 0 }
        switch transformForm {
        case .identity: return false
        case .matrix: return matrix.determinant3 < 0
        case .parts: return parts.transform.determinant3 < 0
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

extension LayerEvaluation {
    /// Puts back the committed values of `base` wherever animations made a presented value infinite or NaN
    /// (finite but extreme values whose arithmetic overflows: a `fromValue` beyond `Float`'s range for opacity, a
    /// cumulative animation repeated 10³⁸ times), and returns the names of those properties (empty, at the cost of
    /// a few additions, when every value is finite). Nothing non-finite reaches a frame or `presentation()`.
    package mutating func replaceNonFinite(over base: () -> LayerState) -> [String] {
        isSurelyFinite() ? [] : replaceNonFiniteValues(over: base)
    }

    /// A quick test that every presented number of geometry and transform is finite (false for a whole state, or
    /// when some sum overflows: ``replaceNonFinite(over:)`` then looks closer). Mutating only so that it is called
    /// on the evaluation in place: on a copy it would copy 300 bytes per layer.
    @inline(__always)
    package mutating func isSurelyFinite() -> Bool {
        guard !isWholeState else { return false }
        let g = geometry
        let sum = g.bounds.origin.x + g.bounds.origin.y + g.bounds.size.width + g.bounds.size.height + g.position.x
            + g.position.y + g.zPosition + g.anchorPoint.x + g.anchorPoint.y + g.anchorPointZ + CGFloat(g.opacity)
        return sum.isFinite && (transformForm == .identity || (transformForm == .matrix ? matrix.isFinite : transform.isFinite))
    }

    /// ``replaceNonFinite(over:)`` past its quick test.
    @inline(never)
    package mutating func replaceNonFiniteValues(over base: () -> LayerState) -> [String] {
        if isWholeState {
            // Only what animations wrote: a layer whose animations change a path, a colour and a trim tests those
            // three, not every property of its state (each boxed, a path walked) every frame.
            guard writtenProperties != 0 else { return [] }
            var model: LayerState?
            var replaced: [String] = []
            for property in LayerProperty.members(of: writtenProperties) where !state.value(of: property).isFinite {
                if model == nil { model = base() }
                whole!.state.setValue(model!.value(of: property), of: property)
                replaced.append(property.rawValue)
            }
            return replaced
        }
        let g = geometry
        let sum = g.bounds.origin.x + g.bounds.origin.y + g.bounds.size.width + g.bounds.size.height + g.position.x
            + g.position.y + g.zPosition + g.anchorPoint.x + g.anchorPoint.y + g.anchorPointZ + CGFloat(g.opacity)
        let transformIsFinite = transformForm == .identity || transform.isFinite
        guard !sum.isFinite || !transformIsFinite else { return [] }
        let model = base()
        var replaced: [String] = []
        func check<T>(_ name: String, _ field: WritableKeyPath<PresentedGeometry, T>, _ isFinite: (T) -> Bool) {
            guard !isFinite(geometry[keyPath: field]) else { return }
            geometry[keyPath: field] = PresentedGeometry(model)[keyPath: field]
            replaced.append(name)
        }
        check("bounds", \.bounds) { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].allSatisfy(\.isFinite) }
        check("position", \.position) { $0.x.isFinite && $0.y.isFinite }
        check("zPosition", \.zPosition) { $0.isFinite }
        check("anchorPoint", \.anchorPoint) { $0.x.isFinite && $0.y.isFinite }
        check("anchorPointZ", \.anchorPointZ) { $0.isFinite }
        check("opacity", \.opacity) { $0.isFinite }
        if !transformIsFinite {
            matrix = model.transform
            transformForm = model.isTransformIdentity ? .identity : .matrix
            replaced.append("transform")
        }
        return replaced
    }
}
