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
///
/// Two of Core Animation's unpublished types, which UIKit's flip transitions and much sample code use by name,
/// turn the layer in perspective (eye 1000 points in front of it) about its centre:
/// `CATransitionType(rawValue: "oglFlip")` (or `"flip"`) turns it over, the side the subtype names coming towards
/// the viewer, the old appearance shown for the first half and the new one for the second;
/// `CATransitionType(rawValue: "cube")` turns it as a cube, the new appearance the face coming round from the
/// subtype's side.
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
        resolvedType = type == CATransitionType(rawValue: "flip") ? .oglFlip : type
        if ![CATransitionType.fade, .moveIn, .push, .reveal, .oglFlip, .cube].contains(resolvedType) {
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

    /// The look of the old and new appearances at transition progress `p`, and whether the old one draws on top.
    package func appearance(at p: Double) -> (old: TransitionFace, new: TransitionFace, oldOnTop: Bool) {
        let direction: CGPoint
        switch resolvedSubtype {
        case .fromRight: direction = CGPoint(x: 1, y: 0)
        case .fromTop: direction = CGPoint(x: 0, y: -1)
        case .fromBottom: direction = CGPoint(x: 0, y: 1)
        default: direction = CGPoint(x: -1, y: 0)
        }
        func slide(_ k: Double) -> TransitionMotion {
            k == 0 ? .none : .slide(CGPoint(x: direction.x * CGFloat(k), y: direction.y * CGFloat(k)))
        }
        // A turn brings the subtype's side towards the viewer (see `TransitionMotion.turn`).
        let axis: TransitionMotion.Axis = direction.x != 0 ? .vertical : .horizontal
        let towards = Double(direction.x + direction.y) < 0 ? 1.0 : -1.0
        switch resolvedType {
        case .moveIn: return (.init(1, .none), .init(1, slide(1 - p)), false)
        case .push: return (.init(1, slide(-p)), .init(1, slide(1 - p)), false)
        case .reveal: return (.init(1, slide(-p)), .init(1, .none), true)
        case .oglFlip:
            let half = p < 0.5
            return (.init(half ? 1 : 0, .turn(axis, angle: towards * .pi * p, cube: false)),
                    .init(half ? 0 : 1, .turn(axis, angle: towards * .pi * (p - 1), cube: false)), false)
        case .cube:
            return (.init(1, .turn(axis, angle: towards * .pi / 2 * p, cube: true)),
                    .init(1, .turn(axis, angle: towards * .pi / 2 * (p - 1), cube: true)), false)
        default: return (.init(1 - p, .none), .init(p, .none), false)
        }
    }

    private func reject(_ key: String, _ value: Float) {
        Diagnostics.report("CATransition: rejected \(key) = \(Double(value).diagnosticDescription) (must be in 0…1); kept the previous value")
    }
}

/// How one of a transition's two appearances looks at a moment: its opacity and how it moves.
package struct TransitionFace: Equatable {
    package var opacity: Double
    package var motion: TransitionMotion
    package init(_ opacity: Double, _ motion: TransitionMotion) {
        self.opacity = opacity
        self.motion = motion
    }
}

/// How a transition moves one appearance, relative to the layer's bounds.
package enum TransitionMotion: Equatable {
    /// Which way a turn's axis runs through the layer's centre.
    package enum Axis: Equatable { case vertical, horizontal }

    case none
    /// Moved by a fraction of the bounds size (1: a whole width or height).
    case slide(CGPoint)
    /// Turned by `angle` radians about the axis through the centre, in perspective. A positive angle brings the
    /// left side (vertical axis) or the top side (horizontal axis) towards the viewer. A cube's face turns about
    /// the cube's centre, half the layer's width (or height) behind it.
    case turn(Axis, angle: Double, cube: Bool)

    /// The eye's distance in front of a turning layer, in points (as the modal flip's).
    package static let eyeDistance: CGFloat = 1000

    /// The display-space transform that moves a layer whose bounds `world` maps to the display; nil when it
    /// stays (or when the layer is too large for the motion to be a number).
    package func displayTransform(bounds: CGRect, world: CATransform3D) -> CATransform3D? {
        let motion: CATransform3D
        switch self {
        case .none: return nil
        case .slide(let offset):
            let from = world.project(bounds.origin)
            let to = world.project(CGPoint(x: bounds.minX + offset.x * bounds.width, y: bounds.minY + offset.y * bounds.height))
            motion = CATransform3DMakeTranslation(to.x - from.x, to.y - from.y, 0)
        case .turn(let axis, let angle, let cube):
            let center = world.project(CGPoint(x: bounds.midX, y: bounds.midY))
            let ends = axis == .vertical
                ? (world.project(CGPoint(x: bounds.minX, y: bounds.midY)), world.project(CGPoint(x: bounds.maxX, y: bounds.midY)))
                : (world.project(CGPoint(x: bounds.midX, y: bounds.minY)), world.project(CGPoint(x: bounds.midX, y: bounds.maxY)))
            let depth = cube ? hypot(ends.1.x - ends.0.x, ends.1.y - ends.0.y) / 2 : 0
            // About the y axis a positive angle brings −x forwards (+z, towards the eye); about the x axis it would
            // bring +y (the bottom, y down), so that axis turns the other way.
            let rotation = axis == .vertical ? CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0)
                                             : CATransform3DMakeRotation(CGFloat(-angle), 1, 0, 0)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / Self.eyeDistance
            motion = CATransform3DMakeTranslation(-center.x, -center.y, depth)
                * rotation * CATransform3DMakeTranslation(0, 0, -depth) * perspective
                * CATransform3DMakeTranslation(center.x, center.y, 0)
        }
        return motion.isFinite ? motion : nil
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
    /// Core Animation's unpublished flip (`"oglFlip"`), which UIKit's flip transitions play.
    package static let oglFlip = CATransitionType(rawValue: "oglFlip")
    /// Core Animation's unpublished cube turn (`"cube"`).
    package static let cube = CATransitionType(rawValue: "cube")
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
