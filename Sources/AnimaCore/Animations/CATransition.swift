import Foundation
import AnimaGraphics

/// The key a layer stores every transition under (Core Animation's `kCATransition`).
public let kCATransition = "transition"

/// An animated change of a layer's whole appearance (Core Animation's `CATransition`).
///
/// Add it in the same transaction that changes the layer's sublayers or contents: the layer as it
/// was last presented (itself and its sublayers, frozen) gives way to the layer as it is now.
/// It is always stored under the key `"transition"` (``kCATransition``), whatever key is passed.
///
/// | type | old | new |
/// |---|---|---|
/// | `.fade` (default) | fades out | fades in above it |
/// | `.moveIn` | stays | slides in over it from the `subtype` edge |
/// | `.push` | slides out | slides in, pushing the old away |
/// | `.reveal` | slides away on top | stays, uncovered |
///
/// `subtype` names the side the motion comes from (default `.fromLeft`), in the layer's
/// coordinates (y down: `.fromTop` enters from the top edge). `startProgress`/`endProgress` play
/// part of the transition. A `filter` is not supported; `type` is used.
/// ```swift
/// let push = CATransition()
/// push.type = .push
/// push.subtype = .fromRight
/// push.duration = 0.3
/// container.add(push, forKey: nil)      // stored under "transition"
/// container.sublayers = [nextPage]
/// ```
/// The old appearance is a snapshot of the last frame, shown where it was; moving the layer during
/// the transition moves only the new appearance. Visual details are our reading of UNCONFIRMED
/// Apple behaviour (the reference's §2.7).
open class CATransition: CAAnimation {
    /// How the new appearance replaces the old one (default `.fade`).
    public var type: CATransitionType = .fade
    /// The side the motion comes from (nil: `.fromLeft`).
    public var subtype: CATransitionSubtype?
    /// Where the transition starts, 0…1 (default 0).
    public var startProgress: Float = 0 {
        didSet { if !startProgress.isFinite || startProgress < 0 || startProgress > 1 { reject("startProgress", startProgress); startProgress = oldValue } }
    }
    /// Where the transition ends, 0…1, not before `startProgress` (default 1).
    public var endProgress: Float = 1 {
        didSet { if !endProgress.isFinite || endProgress < 0 || endProgress > 1 { reject("endProgress", endProgress); endProgress = oldValue } }
    }
    /// A filter object for custom transitions (not supported: reported, and `type` is used).
    public var filter: Any?

    /// The layer's subtree as it was last presented, taken when the transition was added.
    package var snapshot: TransitionSnapshot?

    /// A transition changes no property: frames show it as a look of the layer's subtree.
    package override var needsWholeState: Bool { false }
    package var resolvedType: CATransitionType = .fade
    package var resolvedSubtype: CATransitionSubtype = .fromLeft

    /// The transition's properties by key (key-value coding), with every animation's.
    override package class var keyedProperties: KeyedProperties<CAAnimation> { CATransition.transitionKeyedProperties }
    private static let transitionKeyedProperties = CAAnimation.animationKeyedProperties.adding(KeyedProperties<CATransition>([
        (["type"], .constant(\.type)),
        (["subtype"], .optionalConstant(\.subtype)),
        (["startProgress"], .number(\.startProgress)),
        (["endProgress"], .number(\.endProgress)),
        (["filter"], .any(\.filter)),
    ]))

    /// A fade transition.
    public required init() {
        super.init()
        isTransition = true
    }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        isTransition = true
        if let o = other as? CATransition {
            type = o.type
            subtype = o.subtype
            startProgress = o.startProgress
            endProgress = o.endProgress
            filter = o.filter
        }
    }

    package override func validate(for layer: CALayer, key: String?) -> Bool {
        let note = "CALayer \(layer.debugName): CATransition"
        guard endProgress >= startProgress else {
            Diagnostics.report("\(note): rejected: endProgress \(endProgress) is before startProgress \(startProgress); the layer changes without a transition")
            return false
        }
        if filter != nil { Diagnostics.report("\(note): filter transitions are not supported; using type '\(type.rawValue)'") }
        resolvedType = type
        if ![CATransitionType.fade, .moveIn, .push, .reveal].contains(type) {
            Diagnostics.report("\(note): unknown type '\(type.rawValue)'; using fade")
            resolvedType = .fade
        }
        resolvedSubtype = subtype ?? .fromLeft
        if ![CATransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom].contains(resolvedSubtype) {
            Diagnostics.report("\(note): unknown subtype '\(resolvedSubtype.rawValue)'; using fromLeft")
            resolvedSubtype = .fromLeft
        }
        snapshot = TransitionSnapshot(of: layer, in: FramePipeline.current.renderTree)
        return true
    }

    /// How far the transition has got at a timing sample: the eased progress mapped into
    /// `startProgress…endProgress`.
    package func transitionProgress(_ sample: TimingSample) -> Double {
        let p = eased(sample.progress)
        return Double(startProgress) + Double(endProgress - startProgress) * p
    }

    /// The look of the old and new appearances at transition progress `p`: opacity, offset in
    /// layer coordinates (as fractions of the bounds size), and whether the old one draws on top.
    package func appearance(at p: Double) -> (old: (opacity: Double, offset: CGPoint), new: (opacity: Double, offset: CGPoint), oldOnTop: Bool) {
        let direction: CGPoint
        switch resolvedSubtype {
        case .fromRight: direction = CGPoint(x: 1, y: 0)
        case .fromTop: direction = CGPoint(x: 0, y: -1)
        case .fromBottom: direction = CGPoint(x: 0, y: 1)
        default: direction = CGPoint(x: -1, y: 0)
        }
        func scaled(_ k: Double) -> CGPoint { CGPoint(x: direction.x * CGFloat(k), y: direction.y * CGFloat(k)) }
        switch resolvedType {
        case .moveIn: return ((1, .zero), (1, scaled(1 - p)), false)
        case .push: return ((1, scaled(-p)), (1, scaled(1 - p)), false)
        case .reveal: return ((1, scaled(-p)), (1, .zero), true)
        default: return ((1 - p, .zero), (p, .zero), false)
        }
    }

    private func reject(_ key: String, _ value: Float) {
        Diagnostics.report("CATransition: rejected \(key) = \(Double(value).diagnosticDescription) (must be in 0…1); kept the previous value")
    }
}

/// A layer's subtree as one frame presented it: its render nodes with parents and subtree ends
/// relative to the first (the layer itself).
package struct TransitionSnapshot: @unchecked Sendable {
    package var nodes: [RenderNode]

    /// The nodes of `layer`'s subtree in `tree`; nil when the layer was not presented there.
    package init?(of layer: CALayer, in tree: RenderTree) {
        guard let start = tree.nodes.firstIndex(where: { $0.layerID == layer.layerID }) else { return nil }
        let slice = tree.nodes[start..<tree.nodes[start].subtreeEnd]
        nodes = slice.map { node in
            var n = node
            n.parent = node.parent - start
            n.subtreeEnd = node.subtreeEnd - start
            return n
        }
    }
}

/// The kinds of transition.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new appearance fades in over the old (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new appearance slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new appearance slides in and pushes the old one out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old appearance slides away, uncovering the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The side a transition's motion comes from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new appearance comes in from the right edge (moving left).
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new appearance comes in from the left edge (moving right).
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new appearance comes in from the top edge (moving down).
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new appearance comes in from the bottom edge (moving up).
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
