import AnimaGraphics
import Foundation

/// Runs UIKit Dynamics: owns a Box2D world, simulates the items of its behaviors and writes the results
/// back to the items (UIKit's `UIDynamicAnimator`).
///
/// Time is a parameter: whoever drives frames calls ``step(by:)`` with the frame's duration. The world advances
/// in fixed steps of ``stepDuration`` (1/120 s) through an accumulator, so results do not depend on the frame
/// rate; nothing here reads a clock. Coordinates are points in the reference bounds' space, and 100 points are
/// one metre inside Box2D. The animator pauses when every item is at rest or nothing is left to simulate, and
/// resumes when a behavior is added or changed or an item is updated, telling its ``delegate`` both times.
///
/// ```swift
/// let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 700))
/// animator.addBehavior(UIGravityBehavior(items: [box]))
/// animator.step(by: 0.5)      // box.center.y grew by ≈ ½·1000·0.5² = 125 pt
/// ```
@preconcurrency @MainActor
public final class UIDynamicAnimator {
    /// The rectangle, in points, that ``UICollisionBehavior/translatesReferenceBoundsIntoBoundary`` turns into a
    /// boundary and whose coordinate space the items use. Setting it rebuilds those boundaries.
    public var referenceBounds: CGRect {
        didSet {
            guard referenceBounds != oldValue else { return }
            guard Self.isFinite(referenceBounds) else {
                DynamicsDiagnostics.report("UIDynamicAnimator.referenceBounds \(referenceBounds) is not finite; kept "
                    + "\(oldValue)")
                referenceBounds = oldValue
                return
            }
            for case let collision as UICollisionBehavior in flattenedBehaviors() { collision.referenceBoundsDidChange() }
        }
    }

    /// The behaviors added with ``addBehavior(_:)``, in order (children are not listed).
    public private(set) var behaviors: [UIDynamicBehavior] = []

    /// Told when the animator pauses and resumes; held weakly.
    public weak var delegate: UIDynamicAnimatorDelegate?
    /// The view whose coordinate space the animator uses (AnimaKit's `referenceView`), when it was made with one.
    package weak var referenceObject: AnyObject?
    /// Stops the display's frames from driving this animator (set by AnimaKit's `init(referenceView:)`).
    package var stopFrameDriver: (@MainActor () -> Void)?

    /// Whether the animator is simulating; items move only while it runs.
    public internal(set) var isRunning = false

    /// Simulated seconds the animator has run, summed over all running periods (it does not reset on pause).
    package internal(set) var elapsed: TimeInterval = 0

    /// The simulated seconds the animator has run, summed over all running periods (UIKit's `elapsedTime()`;
    /// it does not reset when the animator pauses).
    public func elapsedTime() -> TimeInterval { elapsed }

    /// The fixed physics step in seconds (default 1/120). Values that are not positive and finite, or so small
    /// that one ``maximumFrameDuration`` would take more than ``maximumStepsPerFrame`` steps, are rejected.
    public var stepDuration: TimeInterval = 1.0 / 120.0 {
        didSet { if !acceptsTiming("stepDuration", stepDuration, kept: oldValue) { stepDuration = oldValue } }
    }

    /// The longest frame ``step(by:)`` simulates (default 0.25 s); the rest of a longer frame is dropped,
    /// as Box2D's own demos do, so a stall does not cause a burst of hundreds of steps. Values that are not
    /// positive and finite, or that would take more than ``maximumStepsPerFrame`` steps, are rejected.
    public var maximumFrameDuration: TimeInterval = 0.25 {
        didSet {
            if !acceptsTiming("maximumFrameDuration", maximumFrameDuration, kept: oldValue) { maximumFrameDuration = oldValue }
        }
    }

    /// The most physics steps one ``step(by:)`` call may run (``maximumFrameDuration`` / ``stepDuration``), so
    /// no setting can make a frame take unbounded time.
    public static let maximumStepsPerFrame = 10_000

    /// Whether `stepDuration` and `maximumFrameDuration` (one of them just set to `value`) are positive, finite and
    /// at most ``maximumStepsPerFrame`` steps a frame; otherwise reports `property` and `old`, which the caller restores.
    private func acceptsTiming(_ property: String, _ value: TimeInterval, kept old: TimeInterval) -> Bool {
        let step = stepDuration, frame = maximumFrameDuration
        if step.isFinite && step > 0 && frame.isFinite && frame > 0 && frame / step <= Double(Self.maximumStepsPerFrame) {
            return true
        }
        DynamicsDiagnostics.report("UIDynamicAnimator.\(property) \(DynamicsDiagnostics.value(value)) must be positive and "
            + "finite, with at most \(Self.maximumStepsPerFrame) steps of stepDuration in maximumFrameDuration; kept \(old)")
        return false
    }

    /// Box2D velocity-solver iterations per step (default 8).
    public var velocityIterations = 8
    /// Box2D position-solver iterations per step (default 3).
    public var positionIterations = 3

    // MARK: Internal state

    let world = PhysicsWorld()
    var records: [ItemRecord] = []
    var recordIndex: [ObjectIdentifier: Int] = [:]
    var bodyOwners: [UInt64: BodyOwner] = [:]
    var contactCounts: [ContactPair: Int] = [:]
    var rejectedItems: [ObjectIdentifier: RejectedItem] = [:]
    var nextTag: UInt64 = 1
    var needsSynchronize = false
    var wakeAllOnSynchronize = false
    var accumulator: TimeInterval = 0
    var isStepping = false
    var groundBodyStorage: PhysicsBody?
    /// Behaviors depth first and the collision behaviors among them, as of the last synchronization.
    var flattenedCache: [UIDynamicBehavior] = []
    var collisionCache: [UICollisionBehavior] = []

    /// Creates an animator whose items and boundaries use `referenceBounds`' coordinate space (points).
    ///
    /// Non-finite bounds are replaced by `.zero` with a diagnostic.
    public init(referenceBounds: CGRect) {
        if Self.isFinite(referenceBounds) {
            self.referenceBounds = referenceBounds
        } else {
            DynamicsDiagnostics.report("UIDynamicAnimator(referenceBounds:) got \(referenceBounds); using .zero")
            self.referenceBounds = .zero
        }
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }

    // MARK: Behaviors

    /// Adds a behavior (and its children); the animator resumes if it was paused.
    ///
    /// A behavior can be in one animator, once, and cannot be added while it is another behavior's child;
    /// such calls are rejected with a diagnostic.
    public func addBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior.animator == nil, behavior.parent == nil else {
            let reason = behavior.parent != nil ? "is a child of another behavior"
                : (behavior.animator === self ? "is already in this animator" : "belongs to another animator")
            DynamicsDiagnostics.report("addBehavior: \(DynamicsDiagnostics.name(behavior)) \(reason); call ignored")
            return
        }
        behaviors.append(behavior)
        behavior.attachTree(to: self)
        behaviorStructureDidChange()
    }

    /// Removes a behavior; its forces, joints and boundaries stop at once, and the animator resumes so items that
    /// relied on it can move (it pauses again on the next step if nothing is left). Unknown behaviors are ignored
    /// with a diagnostic.
    public func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else {
            DynamicsDiagnostics.report("removeBehavior: \(DynamicsDiagnostics.name(behavior)) is not in this "
                + "animator; call ignored")
            return
        }
        behaviors.remove(at: index)
        behavior.detachTree(from: self)
        // Items resting on what was removed must wake up (and fall, say); if nothing is left, the next step pauses.
        behaviorDidChange(behavior)
    }

    /// Removes every behavior.
    public func removeAllBehaviors() {
        for behavior in behaviors.reversed() { removeBehavior(behavior) }
    }

    /// The items whose frames (rotated bounds) intersect `rect`, in the order they joined the animator.
    ///
    /// A rectangle with a NaN edge is rejected with a diagnostic (no items); an item whose transform makes its
    /// frame NaN is in no rectangle. (Foundation's `CGRect.intersects` traps on NaN edges on Linux.)
    public func items(in rect: CGRect) -> [UIDynamicItem] {
        guard Self.hasNoNaNEdges(rect) else {
            DynamicsDiagnostics.report("UIDynamicAnimator.items(in:) got \(DynamicsDiagnostics.value(rect.origin)) "
                + "\(DynamicsDiagnostics.value(rect.size)), which has a NaN edge; no items")
            return []
        }
        synchronizeIfNeeded()
        return records.filter { Self.overlap($0.frame, rect) }.map(\.item)
    }

    private static func hasNoNaNEdges(_ r: CGRect) -> Bool {
        !(r.minX.isNaN || r.maxX.isNaN || r.minY.isNaN || r.maxY.isNaN)
    }

    /// `a.intersects(b)` (closed edges, null rectangles intersect nothing) compared edge by edge: Foundation's
    /// version forms ranges from standardized rectangles, which traps when an infinite edge turns into NaN.
    private static func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
        guard !a.isNull, !b.isNull else { return false }
        return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// Re-reads an item's centre, bounds, transform and collision shape after outside changes, and resumes.
    ///
    /// Non-finite centres or unusable bounds are rejected with a diagnostic and the item keeps its state.
    public func updateItem(usingCurrentState item: UIDynamicItem) {
        rejectedItems[ObjectIdentifier(item)] = nil
        synchronizeIfNeeded()
        guard let record = record(for: item) else {
            needsSynchronize = true
            resumeIfPaused()
            return
        }
        let center = item.center
        if let error = ItemGeometryError.check(center: center) {
            report(item, error)
            return
        }
        switch ItemShape.read(item) {
        case .failure(let error):
            report(item, error)
            return
        case .success(let shape):
            guard record.rebuild(with: shape) else {
                report(item, .rejectedByBox2D)
                return
            }
        }
        record.body.setTransform(position: center, angle: Double(atan2(item.transform.b, item.transform.a)))
        record.body.isAwake = true
        resumeIfPaused()
    }

    func report(_ item: UIDynamicItem, _ error: ItemGeometryError) {
        DynamicsDiagnostics.report("UIDynamicAnimator: item \(DynamicsDiagnostics.name(item)) ignored: \(error)")
    }

    // MARK: Changes from behaviors

    /// A behavior was added, removed or re-parented.
    func behaviorStructureDidChange() {
        needsSynchronize = true
        wakeAllOnSynchronize = true
        resumeIfPaused()
    }

    /// A behavior's property changed: re-sync, wake the items and resume.
    func behaviorDidChange(_ behavior: UIDynamicBehavior) {
        needsSynchronize = true
        wakeAllOnSynchronize = true
        resumeIfPaused()
    }

    func resumeIfPaused() {
        guard !isRunning else { return }
        isRunning = true
        delegate?.dynamicAnimatorWillResume(self)
    }

    func flattenedBehaviors() -> [UIDynamicBehavior] {
        var list: [UIDynamicBehavior] = []
        for behavior in behaviors { behavior.appendFlattened(to: &list) }
        return list
    }

    func record(for item: UIDynamicItem) -> ItemRecord? {
        guard let index = recordIndex[ObjectIdentifier(item)] else { return nil }
        let record = records[index]
        return record.item === item ? record : nil
    }

    /// A fixture-less static body at the origin, the fixed side of anchor joints and snaps.
    var groundBody: PhysicsBody? {
        if let groundBodyStorage { return groundBodyStorage }
        groundBodyStorage = makeBody(kind: .staticBody, at: .zero, angle: 0)
        return groundBodyStorage
    }

    func makeBody(kind: PhysicsBody.Kind, at position: CGPoint, angle: Double) -> PhysicsBody? {
        let tag = nextTag
        nextTag += 1
        return PhysicsBody(world: world, kind: kind, position: position, angle: angle, tag: tag)
    }
}
