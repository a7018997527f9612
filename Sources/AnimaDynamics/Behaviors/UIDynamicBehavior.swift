import Foundation

/// The base of every dynamic behavior, and a container for composing them (UIKit's `UIDynamicBehavior`).
///
/// Add a behavior to a ``UIDynamicAnimator`` to make it act. A plain `UIDynamicBehavior` does nothing by
/// itself; subclass it and add child behaviors to build a composite, or set ``action`` to run code after
/// every physics step (every 1/120 s of simulated time by default).
///
/// ```swift
/// let composite = UIDynamicBehavior()
/// composite.addChildBehavior(UIGravityBehavior(items: [box]))
/// composite.action = { print(box.center.y) }
/// animator.addBehavior(composite)
/// ```
@preconcurrency @MainActor
open class UIDynamicBehavior {
    /// The behaviors this one contains, in the order they were added.
    public private(set) var childBehaviors: [UIDynamicBehavior] = []

    /// Called after every physics step while the behavior is in a running animator, after items were updated.
    ///
    /// Removing the behavior from inside its own action stops it at once.
    open var action: (() -> Void)?

    /// The animator this behavior (or its root parent) was added to; nil otherwise.
    public var dynamicAnimator: UIDynamicAnimator? { animator }

    weak var animator: UIDynamicAnimator?
    weak var parent: UIDynamicBehavior?

    /// Creates an empty behavior.
    public init() {}

    /// Adds `behavior` as a child; it acts while this behavior is in an animator.
    ///
    /// A behavior can have one parent and cannot be its own ancestor; such calls are rejected with a diagnostic.
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.parent == nil, behavior.animator == nil || behavior.animator === animator,
              !behavior.isAncestor(of: self), !(animator?.behaviors.contains { $0 === behavior } ?? false)
        else {
            DynamicsDiagnostics.report("addChildBehavior: \(DynamicsDiagnostics.name(behavior)) already has a parent "
                + "or animator, or would contain \(DynamicsDiagnostics.name(self)); call ignored")
            return
        }
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator { behavior.attachTree(to: animator) }
        animator?.behaviorStructureDidChange()
    }

    /// Removes a child behavior; a behavior that is not a child is ignored with a diagnostic.
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else {
            DynamicsDiagnostics.report("removeChildBehavior: \(DynamicsDiagnostics.name(behavior)) is not a child of "
                + "\(DynamicsDiagnostics.name(self)); call ignored")
            return
        }
        childBehaviors.remove(at: index)
        behavior.parent = nil
        if let animator { behavior.detachTree(from: animator) }
        animator?.behaviorStructureDidChange()
    }

    /// Called when the behavior is added to an animator, or removed (with nil). Override to prepare; call super.
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    // MARK: - Hooks for the animator (module-internal)

    /// The items this behavior moves, not counting children.
    var physicsItems: [UIDynamicItem] { [] }

    /// Applies forces for the next step of `seconds`. Called once per physics step, before Box2D steps.
    func prepareStep(in animator: UIDynamicAnimator, seconds: Double) {}

    /// Brings Box2D objects the behavior owns (joints, boundaries) up to date; called after items are synced.
    func synchronize(with animator: UIDynamicAnimator) {}

    /// Destroys the Box2D objects this behavior owns; called when it leaves the animator.
    func tearDown(in animator: UIDynamicAnimator) { discardPhysicsObjects() }

    /// Forgets Box2D objects left from an earlier animator (one released without removing its behaviors).
    func discardPhysicsObjects() {}

    /// Tells the animator that a property changed: it re-syncs before the next step and resumes if paused.
    func setNeedsSynchronize() {
        animator?.behaviorDidChange(self)
    }

    // MARK: - Tree helpers

    func isAncestor(of other: UIDynamicBehavior) -> Bool {
        var node: UIDynamicBehavior? = other
        while let current = node {
            if current === self { return true }
            node = current.parent
        }
        return false
    }

    /// This behavior then its descendants, depth first.
    func appendFlattened(to list: inout [UIDynamicBehavior]) {
        list.append(self)
        for child in childBehaviors { child.appendFlattened(to: &list) }
    }

    func attachTree(to animator: UIDynamicAnimator) {
        discardPhysicsObjects()
        willMove(to: animator)
        self.animator = animator
        for child in childBehaviors { child.attachTree(to: animator) }
    }

    func detachTree(from animator: UIDynamicAnimator) {
        for child in childBehaviors { child.detachTree(from: animator) }
        willMove(to: nil)
        tearDown(in: animator)
        self.animator = nil
    }
}
