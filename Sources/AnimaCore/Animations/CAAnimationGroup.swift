import Foundation
import AnimaGraphics

/// Several animations that run together in one time space (Core Animation's `CAAnimationGroup`).
///
/// The group's local time is its children's parent time: a child's `beginTime` counts from the
/// group's start (0 is not replaced by the commit time), and the group's `duration` clips the
/// children rather than scaling them. A child whose duration is 0 takes the group's.
///
/// ```
/// group  |──────────── duration 1 s ────────────|
/// child        |─ beginTime 0.5 ─────── 1 s ─────┆────|   shows only its first half
/// ```
/// The group's timing decides the fill and the removal; a child's `fillMode` acts within the
/// group's active period. The children's delegates and `isRemovedOnCompletion` are ignored: the
/// group's delegate hears start and stop, and removing the group removes its children.
/// ```swift
/// let group = CAAnimationGroup()
/// group.animations = [move, fade]
/// group.duration = 1
/// layer.add(group, forKey: "both")
/// ```
/// A child that cannot run on the layer (unknown key path, wrong value type…) is dropped with a
/// diagnostic; the others still run.
open class CAAnimationGroup: CAAnimation {
    /// The animations to run together (copied with the group).
    public var animations: [CAAnimation]?

    /// The children that validated, when the group was added to a layer, with their programs (which refer to
    /// the children, kept here).
    package final var children: [CAAnimation] = []
    private var childPrograms: [AnimationProgram] = []

    /// `animations` by key (key-value coding), with every animation's keys.
    override package class var keyedProperties: KeyedProperties<CAAnimation> { CAAnimationGroup.groupKeyedProperties }
    private static let groupKeyedProperties = CAAnimation.animationKeyedProperties.adding(KeyedProperties<CAAnimationGroup>([
        (["animations"], .optional(\.animations, "a [CAAnimation]")),
    ]))

    /// An empty group.
    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAAnimationGroup {
            animations = o.animations?.map { $0.makeCopy() }
        }
    }

    package override func animates(_ property: LayerProperty) -> Bool {
        (children.isEmpty ? animations ?? [] : children).contains { $0.animates(property) }
    }

    package override func validate(for layer: CALayer, key: String?) -> Bool {
        children = []
        childPrograms = []
        for (i, child) in (animations ?? []).enumerated() {
            if child.duration <= 0 { child.duration = duration }
            guard child.validate(for: layer, key: key) else {
                Diagnostics.report("CALayer \(layer.debugName): CAAnimationGroup for key \(key.map { "'\($0)'" } ?? "nil") dropped animations[\(i)] (\(type(of: child))); the other animations still run")
                continue
            }
            child.freezePacing()
            children.append(child)
            childPrograms.append(child.makeProgram())
        }
        return true
    }

    /// Whether a child needs the whole state.
    package override var needsWholeState: Bool { childPrograms.contains { $0.needsWholeState } }

    /// Runs each child at the group's eased simple time. While the group holds its end (forwards
    /// fill), a child that ends exactly there holds its end value too, as if it filled forwards.
    package override func applyWhole(to e: inout LayerEvaluation, sample: TimingSample, fraction progress: Double) {
        let t = progress * timing.duration
        for (child, program) in zip(children, childPrograms) {
            var childTiming = child.timing
            if sample.phase == .after, !childTiming.fillMode.fillsForwards,
               abs(childTiming.endTimeInParent - t) < 1e-9 {
                childTiming.fillMode = childTiming.fillMode.fillsBackwards ? .both : .forwards
            }
            child.apply(program, to: &e, timing: childTiming, atParentTime: t)
        }
    }
}
