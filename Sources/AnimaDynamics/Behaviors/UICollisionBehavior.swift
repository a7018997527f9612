import AnimaGraphics
import Foundation

/// Makes its items collide with each other and with boundaries (UIKit's `UICollisionBehavior`).
///
/// Items of one collision behavior collide with each other when ``collisionMode`` includes `.items`, and with this
/// behavior's boundaries when it includes `.boundaries`. Items in different collision behaviors pass through each
/// other. Boundaries are two-sided segments: the reference bounds (see ``translatesReferenceBoundsIntoBoundary``),
/// straight lines, or flattened paths. Contacts are reported to ``collisionDelegate``.
///
/// ```swift
/// let collision = UICollisionBehavior(items: [box])
/// collision.translatesReferenceBoundsIntoBoundary = true
/// animator.addBehavior(collision)   // the box now lands on the bottom edge of the reference bounds
/// ```
@preconcurrency @MainActor
open class UICollisionBehavior: UIDynamicBehavior {
    private var list: ItemList
    private var boundaries: [(identifier: AnyHashable, path: CGPath)] = []
    private var referenceInsets: UIEdgeInsets?
    private var builtBoundaries: [PhysicsBody] = []
    private var boundariesAreCurrent = false

    /// Bit of this behavior in the animator's collision groups (0 when it has none).
    var groupBit: UInt64 = 0 {
        didSet { if groupBit != oldValue { boundariesAreCurrent = false } }
    }

    /// Creates a collision behavior for `items`, colliding with everything.
    public init(items: [UIDynamicItem]) {
        list = ItemList(items)
        super.init()
    }

    /// Creates a collision behavior with no items.
    public convenience override init() { self.init(items: []) }

    /// The colliding items, in the order they were added.
    open var items: [UIDynamicItem] { list.items }

    /// Adds an item; adding an item twice is ignored.
    open func addItem(_ item: UIDynamicItem) {
        if list.add(item) { setNeedsSynchronize() }
    }

    /// Removes an item; unknown items are ignored.
    open func removeItem(_ item: UIDynamicItem) {
        if list.remove(item) { setNeedsSynchronize() }
    }

    /// What collides (default `.everything`).
    open var collisionMode: UICollisionBehaviorMode = .everything {
        didSet { setNeedsSynchronize() }
    }

    /// Receives began/ended contact callbacks; held weakly.
    open weak var collisionDelegate: UICollisionBehaviorDelegate?

    /// Whether the animator's reference bounds are a boundary (default false). Reported with a nil identifier.
    open var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceInsets != nil }
        set {
            referenceInsets = newValue ? (referenceInsets ?? .zero) : nil
            invalidateBoundaries()
        }
    }

    /// Uses the reference bounds inset by `insets` (points) as a boundary. Non-finite insets are rejected.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
            DynamicsDiagnostics.report("UICollisionBehavior.setTranslatesReferenceBoundsIntoBoundary(with:) got "
                + "non-finite insets \(insets); call ignored")
            return
        }
        referenceInsets = insets
        invalidateBoundaries()
    }

    /// Adds (or replaces) a boundary made of `path`'s segments (curves are flattened; closed subpaths close).
    ///
    /// UIKit takes a `UIBezierPath` and an `NSCopying` identifier; here the identifier is any `Hashable`
    /// value (compare with `identifier as? String`).
    ///
    /// Paths with a non-finite point, or a point farther than 10⁷ points (100 km) from the origin, are rejected
    /// with a diagnostic. The path is copied, so changing a mutable path afterwards does not change the boundary.
    open func addBoundary(withIdentifier identifier: some Hashable, for path: CGPath) {
        let key = AnyHashable(identifier)
        // Check the path's own points before flattening it: curves through huge or NaN points cannot be flattened.
        let limit = ItemShape.largestExtent
        guard path.elements.flatMap(\.points).allSatisfy({ abs($0.x) <= limit && abs($0.y) <= limit }) else {
            DynamicsDiagnostics.report("UICollisionBehavior.addBoundary(withIdentifier: \(key)): path has non-finite "
                + "points or points beyond \(limit) pt; call ignored")
            return
        }
        let stored = path.copy() ?? path
        if let index = boundaries.firstIndex(where: { $0.identifier == key }) {
            boundaries[index].path = stored
        } else {
            boundaries.append((key, stored))
        }
        invalidateBoundaries()
    }

    /// Adds (or replaces) a straight boundary from `p1` to `p2` (points).
    open func addBoundary(withIdentifier identifier: some Hashable, from p1: CGPoint, to p2: CGPoint) {
        let path = CGMutablePath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of a boundary, or nil if there is none with that identifier.
    open func boundary(withIdentifier identifier: some Hashable) -> CGPath? {
        let key = AnyHashable(identifier)
        return boundaries.first { $0.identifier == key }?.path
    }

    /// Removes a boundary; unknown identifiers are ignored.
    open func removeBoundary(withIdentifier identifier: some Hashable) {
        let key = AnyHashable(identifier)
        guard let index = boundaries.firstIndex(where: { $0.identifier == key }) else { return }
        boundaries.remove(at: index)
        invalidateBoundaries()
    }

    /// Removes every boundary added with an identifier (the reference-bounds boundary stays).
    open func removeAllBoundaries() {
        boundaries.removeAll()
        invalidateBoundaries()
    }

    /// The identifiers of the added boundaries, in the order they were added.
    open var boundaryIdentifiers: [AnyHashable]? { boundaries.isEmpty ? nil : boundaries.map(\.identifier) }

    // MARK: - Animator hooks

    override var physicsItems: [UIDynamicItem] { list.items }

    func referenceBoundsDidChange() {
        if referenceInsets != nil { invalidateBoundaries() }
    }

    private func invalidateBoundaries() {
        boundariesAreCurrent = false
        setNeedsSynchronize()
    }

    override func synchronize(with animator: UIDynamicAnimator) {
        guard !boundariesAreCurrent else { return }
        removeBuiltBoundaries(from: animator)
        boundariesAreCurrent = true
        guard groupBit != 0 else { return }
        if let insets = referenceInsets {
            addBoundaryBody(in: animator, identifier: nil, segments: referenceSegments(animator, insets))
        }
        for boundary in boundaries {
            var segments: [(CGPoint, CGPoint)] = []
            for polyline in boundary.path.flattened(tolerance: 0.5) {
                for (a, b) in zip(polyline.points, polyline.points.dropFirst()) { segments.append((a, b)) }
            }
            addBoundaryBody(in: animator, identifier: boundary.identifier, segments: segments)
        }
    }

    /// The four edges of the inset reference bounds, placed so that items rest exactly on the edge: the edge's 1-pt
    /// skin plus the item's 0.25-pt outset, less the 0.5-pt resting overlap, puts the line 0.75 pt outside.
    private func referenceSegments(_ animator: UIDynamicAnimator, _ insets: UIEdgeInsets) -> [(CGPoint, CGPoint)] {
        let outset = PhysicsUnits.polygonSkin + PhysicsUnits.restingOutset - PhysicsUnits.linearSlop
        let r = insets.inset(animator.referenceBounds).insetBy(dx: -outset, dy: -outset)
        guard r.width > 0, r.height > 0 else { return [] }
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        return (0..<4).map { (corners[$0], corners[($0 + 1) % 4]) }
    }

    private func addBoundaryBody(in animator: UIDynamicAnimator, identifier: AnyHashable?,
                                 segments: [(CGPoint, CGPoint)]) {
        guard let body = animator.makeBody(kind: .staticBody, at: .zero, angle: 0) else { return }
        for (a, b) in segments { body.addEdge(from: a, to: b, material: PhysicsMaterial(density: 0)) }
        body.setCollisionGroups(items: 0, boundaries: 0, owner: groupBit)
        animator.bodyOwners[body.tag] = .boundary(self, identifier: identifier)
        builtBoundaries.append(body)
    }

    override func tearDown(in animator: UIDynamicAnimator) {
        removeBuiltBoundaries(from: animator)
        boundariesAreCurrent = false
    }

    override func discardPhysicsObjects() {
        builtBoundaries.removeAll()
        boundariesAreCurrent = false
    }

    private func removeBuiltBoundaries(from animator: UIDynamicAnimator) {
        animator.forgetBodies(tagged: builtBoundaries.map(\.tag))
        builtBoundaries.removeAll()
    }

    func reportContact(began: Bool, _ a: UIDynamicItem, _ b: UIDynamicItem, at point: CGPoint) {
        if began {
            collisionDelegate?.collisionBehavior(self, beganContactFor: a, with: b, at: point)
        } else {
            collisionDelegate?.collisionBehavior(self, endedContactFor: a, with: b)
        }
    }

    func reportBoundaryContact(began: Bool, _ item: UIDynamicItem, identifier: AnyHashable?, at point: CGPoint) {
        if began {
            collisionDelegate?.collisionBehavior(self, beganContactFor: item, withBoundaryIdentifier: identifier,
                                                 at: point)
        } else {
            collisionDelegate?.collisionBehavior(self, endedContactFor: item, withBoundaryIdentifier: identifier)
        }
    }
}
