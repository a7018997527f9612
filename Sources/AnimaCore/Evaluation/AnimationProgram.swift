import Foundation
import AnimaGraphics

/// A committed animation compiled for evaluation: the one form every frame, `presentation()` and group applies.
///
/// Scalar basic and spring animations carry their endpoints (and spring curve) inline, so the render-side copy
/// of a layer evaluates them from dense storage without touching the animation object. Keyframes refer to their
/// immutable ``KeyframeProgram``; anything else (colours, paths, whole transforms, groups, transitions) refers to
/// the stored animation copy, which is immutable once committed. The references are unretained: whoever holds a
/// program also holds the animation that keeps them alive (the render store, a group, a presentation call).
package enum AnimationProgram {
    /// A basic animation of a scalar slot, interpolated at the eased progress.
    case basic(ScalarEndpoints)
    /// A spring animation of a scalar slot, interpolated at the spring's progress (its curve is in its pacing:
    /// ``CommittedPacing/spring``).
    case spring(ScalarEndpoints)
    /// A keyframe animation, at the eased progress.
    case keyframes(Unmanaged<KeyframeProgram>)
    /// A keyframe animation whose table a render store copied into its arena (see ``KeyframeBlock``).
    case keyframeBlock(KeyframeBlock)
    /// Any other animation, applied by the animation itself (``CAAnimation/applyWhole(to:sample:fraction:)``).
    case general(Unmanaged<CAAnimation>)

    /// Whether the animation needs the layer evaluated as a whole state (see ``LayerEvaluation``).
    @MainActor package var needsWholeState: Bool {
        switch self {
        case .basic(let e), .spring(let e): return e.slot.target == .state
        case .keyframes(let k): return k.takeUnretainedValue().needsWholeState
        case .keyframeBlock(let b): return b.slot.target == .state
        case .general(let a): return a.takeUnretainedValue().needsWholeState
        }
    }

    /// Whether the interpolation fraction is the timing function's eased progress (false for springs).
    @MainActor @inline(__always)
    package var isEased: Bool {
        switch self {
        case .spring: return false
        case .general(let a): return a.takeUnretainedValue().fractionIsEased
        default: return true
        }
    }

    /// Applies the animation at `sample`, interpolating at `fraction` (eased, or the spring's). `arena` is the
    /// render store's keyframe arena, for ``keyframeBlock(_:)`` programs.
    @MainActor @inline(__always)
    package func apply(to e: inout LayerEvaluation, sample: TimingSample, fraction: Double,
                       arena: UnsafePointer<Double>? = nil) {
        switch self {
        case .keyframeBlock(let block):
            guard let arena else { return }
            block.apply(arena + Int(block.offset), to: &e, progress: fraction, iteration: sample.iteration)
        case .basic(let endpoints), .spring(let endpoints):
            endpoints.apply(to: &e, progress: fraction, iteration: sample.iteration)
        case .keyframes(let k):
            k._withUnsafeGuaranteedRef { $0.apply(to: &e, progress: fraction, iteration: sample.iteration) }
        case .general(let a):
            a._withUnsafeGuaranteedRef { $0.applyWhole(to: &e, sample: sample, fraction: fraction) }
        }
    }
}

extension CAAnimation {
    /// The fraction to interpolate at for `sample`: the eased progress (a spring's own curve for springs).
    @inline(__always)
    package final func fraction(for sample: TimingSample, program: AnimationProgram) -> Double {
        if program.isEased { return eased(sample.progress) }
        return committedPacing?.springFraction(sample) ?? (self as? CASpringAnimation)?.springFraction(sample) ?? sample.progress
    }

    /// Samples the animation at `parentTime` and applies it when it is effective: what a group does with each
    /// child and `presentation()` with each animation.
    package final func apply(_ program: AnimationProgram, to e: inout LayerEvaluation, timing: AnimationTiming,
                             atParentTime parentTime: Double) {
        guard let sample = timing.sample(atParentTime: parentTime), sample.isEffective else { return }
        program.apply(to: &e, sample: sample, fraction: fraction(for: sample, program: program))
    }
}
