import Foundation
import AnimaGraphics

/// The drawing half of a frame: nodes that show drawn contents or a mask are noted during the visit and get their
/// drawing fields here, after it, because drawing may run the app's code (`draw(in:)`, a delegate's `display(_:)`)
/// and needs the store's records back in place.
extension FrameEvaluator {
    /// A node whose drawing fields (contents, drawn store, placement, mask) are written after the visit.
    struct PendingDrawing {
        /// The node list (−1: ``storage``, else a mask's in ``maskNodes``) and the node's place in its storage.
        var tree: Int, node: Int
        var layer: CALayer
        var hasContents: Bool
        /// The presented state to draw from, for a layer that redraws for animated keys.
        var presented: LayerState?
        /// The layer's mask's node list in ``maskNodes``.
        var mask: Int?
    }

    /// Writes the drawing fields of the nodes that show drawn contents or a mask: the model's store, or one drawn
    /// from the presentation while an animation changes a key the layer redraws for (which runs the layer's
    /// drawing code, so it happens after the visit, with the store's records back in place).
    mutating func finishDrawing() {
        for pending in drawings {
            let layer = pending.layer
            var store: AnyObject? = nil, frame: CGRect? = nil
            if pending.hasContents {
                store = layer.storedBackingStore
            } else if layer.drawsInStepWithDisplay, let region = displayRegion(of: pending) {
                let drawn = layer.drawnContents(presenting: pending.presented, on: region.grid, visible: region.visible,
                                                maximumScale: region.maximumScale)
                (store, frame) = (drawn.image, drawn.placementFrame)
            } else if let presented = pending.presented {
                let drawn = layer.drawnContents(presenting: presented)
                (store, frame) = (drawn?.image, drawn?.placementFrame)
            } else if layer.hasDrawnStore || layer.drawsInStepWithDisplay {
                let drawn = layer.showModelStore()
                (store, frame) = (drawn?.image, drawn?.placementFrame)
            }
            // Pending drawings come after those of their mask's layers, so the mask's list is complete here.
            let mask = pending.mask.map { RenderTree(nodes: maskNodes[$0], time: time) }
            let version = layer.storedContentsVersion, gravity = layer.storedContentsGravity
            if pending.tree < 0 {
                storage[pending.node].setDrawing(backingStore: store, contentsVersion: version, contentsGravity: gravity,
                                                 contentsFrame: frame, mask: mask)
            } else {
                maskNodes[pending.tree].storage[pending.node].setDrawing(backingStore: store, contentsVersion: version,
                                                                         contentsGravity: gravity, contentsFrame: frame, mask: mask)
            }
        }
        drawings = []
        maskNodes = []
    }

    /// Where the pending node's layer meets the display, when the display's scale is known and the node's
    /// transform to the display is 2-D affine: the display's pixel grid as the layer sees it (nil unless the
    /// transform only scales and moves it); the part of the layer's plane the display can show, in the layer's
    /// coordinates, so that a layer scaled far beyond the display is drawn only where it can be seen — the
    /// display's rectangle and a pixel more (the compositor samples a store's edge), or a quarter of its larger side
    /// more for a layer that casts a shadow (which can fall on the display from drawing beyond it); and, for a store
    /// not on the grid, the most pixels per point worth drawing: twice as many as the display shows (the compositor
    /// resamples such a store, and from twice the size that keeps edges crisp).
    private func displayRegion(of pending: PendingDrawing) -> (grid: PixelGrid?, visible: CGRect?, maximumScale: CGFloat)? {
        let scale = pipeline.pixelsPerPoint
        guard scale > 0, count > 0 else { return nil }
        let world = pending.tree < 0 ? storage[pending.node].worldTransform : maskNodes[pending.tree].storage[pending.node].worldTransform
        let look = pending.tree < 0 ? storage[pending.node].appearance : maskNodes[pending.tree].storage[pending.node].appearance
        guard world.m14 == 0, world.m24 == 0, world.m44 != 0 else { return nil }
        let grid = PixelGrid(world: world, pixelsPerPoint: scale)
        let area = abs(world.m11 * world.m22 - world.m12 * world.m21) / (world.m44 * world.m44)
        let maximumScale = area.isFinite && area > 0 ? 2 * area.squareRoot() * scale : .infinity
        // The two fields read in place: binding the root node would copy it, and this runs for every drawn layer.
        let root = Int(order[0])
        guard let screen = PixelGrid.mapped(storage[root].bounds, by: storage[root].worldTransform), !screen.isEmpty else {
            return (grid, nil, maximumScale)
        }
        let castsShadow = look.storage.shadowOpacity > 0 && (look.storage.shadowColor?.alpha ?? 0) > 0
        let margin = castsShadow ? max(screen.width, screen.height) / 4 : 1 / scale
        return (grid, PixelGrid.mapped(screen.insetBy(dx: -margin, dy: -margin), by: world, inverted: true), maximumScale)
    }
}
