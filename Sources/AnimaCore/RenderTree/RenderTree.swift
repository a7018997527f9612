import Foundation
import AnimaGraphics

/// Straight-alpha sRGB colour components for the renderer.
public struct RGBA: Equatable, Sendable {
    public var red: Float, green: Float, blue: Float, alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// The colour's components as `Float`s; a component beyond `Float`'s range (a finite `CGFloat` can be) is
    /// clamped to it, and NaN is 0, so that no renderer meets a non-finite colour.
    init?(_ color: CGColor?) {
        guard let c = color else { return nil }
        func component(_ v: CGFloat) -> Float {
            v.isNaN ? 0 : Float(max(-CGFloat(Float.greatestFiniteMagnitude), min(CGFloat(Float.greatestFiniteMagnitude), v)))
        }
        self.init(red: component(c.red), green: component(c.green), blue: component(c.blue), alpha: component(c.alpha))
    }

    /// This colour multiplied by `other`, channel by channel; `other` itself when this is nil (no tint yet).
    package static func tint(_ outer: RGBA?, _ inner: RGBA?) -> RGBA? {
        guard let outer, let inner else { return outer ?? inner }
        return RGBA(red: outer.red * inner.red, green: outer.green * inner.green, blue: outer.blue * inner.blue,
                    alpha: outer.alpha * inner.alpha)
    }

    /// The colour multiplied by `tint` (nil: as it is).
    package func tinted(by tint: RGBA?) -> RGBA { RGBA.tint(self, tint) ?? self }
}

/// One layer as presented in one frame: evaluated properties and the transform to the display.
///
/// A tree's ``RenderTree/nodes`` are depth first in drawing order (siblings sorted by `zPosition`); a node's
/// subtree is `index + 1 ..< subtreeEnd`, and `parent` and `subtreeEnd` are such indices.
public struct RenderNode: @unchecked Sendable {
    /// The layer's identity (`CALayer.layerID`), for texture caches.
    public var layerID: UInt64
    /// The layer's name, for dumps.
    public var name: String?
    /// The index of the parent node, or −1 for the root.
    public var parent: Int
    /// One past the last node of this node's subtree.
    public var subtreeEnd: Int
    public var bounds: CGRect
    public var position: CGPoint
    public var anchorPoint: CGPoint
    public var zPosition: CGFloat
    /// Maps the layer's bounds coordinates to display coordinates (points; divide by w).
    /// Each layer flattens its sublayers into its own plane, as Core Animation does.
    public var worldTransform: CATransform3D
    public var opacity: Float
    public var isHidden: Bool
    /// Whether the layer's own `transform` mirrors it (negative 3 × 3 determinant), which turns its back
    /// towards the viewer for `isDoubleSided` purposes. (The transform itself is folded into `worldTransform`.)
    public var isMirrored: Bool
    public var backgroundColor: RGBA?
    /// The layer's decoration, shadow and contents placement, shared with the layer (not copied per frame).
    public var appearance: LayerAppearanceBox
    /// The drawn backing store, its placement and the mask: nil while all are the defaults, as for most
    /// layers. Boxed (copy on write) because a frame writes and reads every node: 88 bytes fewer per node
    /// is 88 bytes less memory traffic per layer and frame.
    @usableFromInline var drawing: DrawingBox?

    /// The image `draw(in:)` last produced, shown when `contents` is nil.
    public var backingStore: AnyObject? {
        @inlinable get { drawing?.value.backingStore }
        set { modifyDrawing { $0.backingStore = newValue } }
    }
    /// Changes whenever the contents must be re-uploaded.
    public var contentsVersion: UInt64 {
        @inlinable get { drawing?.value.contentsVersion ?? 0 }
        set { modifyDrawing { $0.contentsVersion = newValue } }
    }
    public var contentsGravity: CALayerContentsGravity {
        @inlinable get { drawing?.value.contentsGravity ?? .resize }
        set { modifyDrawing { $0.contentsGravity = newValue } }
    }
    /// Where the drawn backing store sits, in the layer's bounds coordinates, when the layer drew past
    /// its bounds (a `CAShapeLayer`'s path): the image fills this rectangle and `contentsGravity`
    /// does not apply. Nil: place `contents` in the bounds by `contentsGravity`. Only set while
    /// `contents` is the backing store.
    public var contentsFrame: CGRect? {
        @inlinable get { drawing?.value.contentsFrame }
        set { modifyDrawing { $0.contentsFrame = newValue } }
    }
    /// The layer's `mask`, evaluated like a sublayer of this layer (its world transforms are in display points,
    /// like every node's): this layer and its sublayers show only where the mask's pixels are opaque.
    public var mask: RenderTree? {
        @inlinable get { drawing?.value.mask }
        set { modifyDrawing { $0.mask = newValue } }
    }

    /// The colour everything the layer and its sublayers draw is multiplied by, channel by channel (an emitter's
    /// particle tinted by its colour, a replicator's instance by its instance colour); nil: drawn as it is.
    public var tint: RGBA? {
        @inlinable get { drawing?.value.tint }
        set { modifyDrawing { $0.tint = newValue } }
    }

    /// The boxed fields and their defaults. (Usable from inline code: renderers in other modules read these
    /// fields of nodes in place, which needs the getters inlined; otherwise each read copies the whole node.)
    @usableFromInline struct Drawing {
        @usableFromInline var backingStore: AnyObject?
        @usableFromInline var contentsVersion: UInt64 = 0
        @usableFromInline var contentsGravity = CALayerContentsGravity.resize
        @usableFromInline var contentsFrame: CGRect?
        @usableFromInline var mask: RenderTree?
        @usableFromInline var tint: RGBA?
    }

    /// Unchecked exclusivity, like ``LayerAppearanceBox``: renderers read it for every node of every frame, and
    /// it is only written when uniquely referenced, never during a read.
    @usableFromInline final class DrawingBox: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var value: Drawing
        init(_ value: Drawing) { self.value = value }
    }

    private mutating func modifyDrawing(_ change: (inout Drawing) -> Void) {
        if drawing == nil {
            drawing = DrawingBox(Drawing())
        } else if !isKnownUniquelyReferenced(&drawing) {
            drawing = DrawingBox(drawing!.value)
        }
        change(&drawing!.value)
    }

    /// A node to be filled in by ``update(layerID:name:parent:bounds:position:anchorPoint:zPosition:isMirrored:worldTransform:opacity:isHidden:backgroundColor:appearance:backingStore:contentsVersion:contentsGravity:contentsFrame:hasMask:)``.
    init(appearance: LayerAppearanceBox) {
        layerID = 0; parent = -1; subtreeEnd = 0
        bounds = .zero; position = .zero; anchorPoint = .zero; zPosition = 0
        isMirrored = false; worldTransform = .identity; opacity = 1; isHidden = false
        self.appearance = appearance
    }

    /// Overwrites every field but `subtreeEnd` (the builder sets it when the subtree is done), `mask` with nil
    /// (the builder sets it next when `hasMask`) — in place, as the builder reuses last frame's nodes. A
    /// reference is stored only when it changed, so an unchanged layer costs no retain and release.
    @inline(__always)
    mutating func update(layerID: UInt64, name: String?, parent: Int, bounds: CGRect, position: CGPoint,
                         anchorPoint: CGPoint, zPosition: CGFloat, isMirrored: Bool, worldTransform: CATransform3D,
                         opacity: Float, isHidden: Bool, backgroundColor: RGBA?, appearance: Unmanaged<LayerAppearanceBox>,
                         backingStore: AnyObject?, contentsVersion: UInt64, contentsGravity: CALayerContentsGravity,
                         contentsFrame: CGRect?, hasMask: Bool) {
        self.layerID = layerID
        if self.name != name { self.name = name }
        self.parent = parent
        self.bounds = bounds; self.position = position; self.anchorPoint = anchorPoint; self.zPosition = zPosition
        self.isMirrored = isMirrored; self.worldTransform = worldTransform
        self.opacity = opacity; self.isHidden = isHidden; self.backgroundColor = backgroundColor
        if Unmanaged.passUnretained(self.appearance).toOpaque() != appearance.toOpaque() {
            self.appearance = appearance.takeUnretainedValue()
        }
        // `Drawing`'s defaults, compared field by field (building a `Drawing` first measured 5 % slower).
        if backingStore == nil, contentsVersion == 0, contentsFrame == nil, !hasMask, contentsGravity == .resize {
            if drawing != nil { drawing = nil }
        } else {
            updateDrawing(Drawing(backingStore: backingStore, contentsVersion: contentsVersion,
                                  contentsGravity: contentsGravity, contentsFrame: contentsFrame))
        }
    }

    /// Overwrites what animations of geometry and transform change, and the node's place in the drawing order (its
    /// parent's index; for a leaf, where its subtree ends), leaving the rest as last frame made it.
    @inline(__always)
    mutating func updateAnimated(bounds: CGRect, position: CGPoint, anchorPoint: CGPoint, zPosition: CGFloat,
                                 worldTransform: CATransform3D, opacity: Float, isMirrored: Bool, parent: Int, leafEnd: Int?) {
        self.bounds = bounds; self.position = position; self.anchorPoint = anchorPoint; self.zPosition = zPosition
        self.worldTransform = worldTransform; self.opacity = opacity; self.isMirrored = isMirrored
        setPlace(parent: parent, leafEnd: leafEnd)
    }

    /// Sets the parent's index and, for a leaf, where its subtree ends.
    @inline(__always)
    mutating func setPlace(parent: Int, leafEnd: Int?) {
        self.parent = parent
        if let leafEnd { subtreeEnd = leafEnd }
    }

    /// Sets the drawing fields (after ``update(layerID:name:parent:bounds:position:anchorPoint:zPosition:isMirrored:worldTransform:opacity:isHidden:backgroundColor:appearance:backingStore:contentsVersion:contentsGravity:contentsFrame:hasMask:)``).
    mutating func setDrawing(backingStore: AnyObject?, contentsVersion: UInt64, contentsGravity: CALayerContentsGravity,
                             contentsFrame: CGRect?, mask: RenderTree?) {
        // The tint the visit gave the node (a replicator instance's) stays.
        if let kept = tint {
            defer { tint = kept }
            return setDrawingFields(backingStore: backingStore, contentsVersion: contentsVersion, contentsGravity: contentsGravity,
                                    contentsFrame: contentsFrame, mask: mask)
        }
        setDrawingFields(backingStore: backingStore, contentsVersion: contentsVersion, contentsGravity: contentsGravity,
                         contentsFrame: contentsFrame, mask: mask)
    }

    private mutating func setDrawingFields(backingStore: AnyObject?, contentsVersion: UInt64, contentsGravity: CALayerContentsGravity,
                                           contentsFrame: CGRect?, mask: RenderTree?) {
        if backingStore == nil, contentsVersion == 0, contentsFrame == nil, mask == nil, contentsGravity == .resize {
            if drawing != nil { drawing = nil }
            return
        }
        updateDrawing(Drawing(backingStore: backingStore, contentsVersion: contentsVersion,
                              contentsGravity: contentsGravity, contentsFrame: contentsFrame))
        if let mask { self.mask = mask }
    }

    /// Sets the boxed fields (in last frame's box when no one else holds it), the mask to nil. Out of line:
    /// few layers draw.
    @inline(never)
    private mutating func updateDrawing(_ new: Drawing) {
        modifyDrawing { drawing in
            if drawing.backingStore !== new.backingStore { drawing.backingStore = new.backingStore }
            drawing.contentsVersion = new.contentsVersion
            if drawing.contentsGravity != new.contentsGravity { drawing.contentsGravity = new.contentsGravity }
            drawing.contentsFrame = new.contentsFrame
            drawing.mask = nil
            drawing.tint = nil
        }
    }

    public var isDoubleSided: Bool { appearance.storage.isDoubleSided }
    public var masksToBounds: Bool { appearance.storage.masksToBounds }
    public var borderColor: RGBA? { RGBA(appearance.storage.borderColor) }
    public var borderWidth: CGFloat { appearance.storage.borderWidth }
    public var cornerRadius: CGFloat { appearance.storage.cornerRadius }
    public var shadowColor: RGBA? { RGBA(appearance.storage.shadowColor) }
    public var shadowOpacity: Float { appearance.storage.shadowOpacity }
    public var shadowOffset: CGSize { appearance.storage.shadowOffset }
    public var shadowRadius: CGFloat { appearance.storage.shadowRadius }
    public var shadowPath: CGPath? { appearance.storage.shadowPath }
    /// The contents image (a `CGImage` or the layer's drawn backing store), if any.
    public var contents: AnyObject? { appearance.storage.contents ?? backingStore }
    public var contentsRect: CGRect { appearance.storage.contentsRect }
    public var contentsScale: CGFloat { appearance.storage.contentsScale }
    public var contentsCenter: CGRect { appearance.storage.contentsCenter }
}

/// An immutable snapshot of the presented layer tree at one time: what a backend draws.
///
/// Equal model trees and times give equal render trees (evaluation reads no clock and applies
/// animations in insertion order).
public struct RenderTree: Sendable {
    /// The nodes, depth first in drawing order.
    public var nodes: Nodes
    /// The media time the tree was evaluated at.
    public var time: CFTimeInterval

    /// A tree of `nodes`, given depth first in drawing order.
    public init(nodes: [RenderNode], time: CFTimeInterval) {
        self.nodes = Nodes(nodes)
        self.time = time
    }

    init(nodes: Nodes, time: CFTimeInterval) {
        self.nodes = nodes
        self.time = time
    }

    /// A tree with no layers.
    public static let empty = RenderTree(nodes: [], time: 0)

    /// The indices of the children of node `index` (or of the roots for −1), in drawing order.
    public func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var i = index + 1
        let end = index < 0 ? nodes.count : nodes[index].subtreeEnd
        if index < 0 { i = 0 }
        while i < end {
            result.append(i)
            i = nodes[i].subtreeEnd
        }
        return result
    }

    /// The first node whose layer has `name`.
    public func node(named name: String) -> RenderNode? { nodes.first { $0.name == name } }
}

extension RenderTree {
    /// A tree's nodes in drawing order, read like an array: `nodes[i]` is the `i`-th node drawn.
    ///
    /// Each display's frames keep every layer's node in one place from frame to frame and list the drawing order
    /// beside them, so that a layer moving among its siblings (its `zPosition` changed) moves one entry of the
    /// order, not every node between its old place and its new one:
    ///
    /// ```
    /// storage   [root] [a] [b] [c]      (a layer's node stays where its layer's record is)
    /// order      0  3  1  2             c.zPosition = -1: drawn root, c, a, b — nodes[1] is storage[3]
    /// ```
    public struct Nodes: RandomAccessCollection, MutableCollection, Sendable {
        @usableFromInline var storage: [RenderNode]
        /// The place in `storage` of each node, in drawing order.
        @usableFromInline var order: [Int32]

        init(_ nodes: [RenderNode]) {
            storage = nodes
            order = (0..<Int32(nodes.count)).map { $0 }
        }

        init(storage: [RenderNode], order: [Int32]) {
            self.storage = storage
            self.order = order
        }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { order.count }

        @inlinable public subscript(position: Int) -> RenderNode {
            _read { yield storage[Int(order[position])] }
            _modify { yield &storage[Int(order[position])] }
        }
    }
}
