import AnimaCore
import AnimaGraphics
import Foundation

/// A render node read in place inside the tree being drawn, with the fields the compositor uses.
///
/// Copying a `RenderNode` copies some 400 bytes and retains its references; done for every layer of every frame,
/// that was a tenth of the compositor's own CPU time. These read single fields through a pointer. Valid only
/// while the tree's node storage is (inside `Compositor.render`).
struct RenderNodeRef {
    let pointer: UnsafePointer<RenderNode>

    /// A copy of the whole node (for the rarely used paths that need one).
    var value: RenderNode { pointer.pointee }

    var layerID: UInt64 { pointer.pointee.layerID }
    var name: String? { pointer.pointee.name }
    var subtreeEnd: Int { pointer.pointee.subtreeEnd }
    var bounds: CGRect { pointer.pointee.bounds }
    var worldTransform: CATransform3D { pointer.pointee.worldTransform }
    var opacity: Float { pointer.pointee.opacity }
    var isHidden: Bool { pointer.pointee.isHidden }
    var backgroundColor: RGBA? { pointer.pointee.backgroundColor }
    var contentsGravity: CALayerContentsGravity { pointer.pointee.contentsGravity }

    // RenderNode's own getters read the appearance box with unchecked exclusivity; an access written here, in
    // another module, would be checked (a runtime call per read).
    var isDoubleSided: Bool { pointer.pointee.isDoubleSided }
    var masksToBounds: Bool { pointer.pointee.masksToBounds }
    var borderWidth: CGFloat { pointer.pointee.borderWidth }
    var cornerRadius: CGFloat { pointer.pointee.cornerRadius }
    var contentsRect: CGRect { pointer.pointee.contentsRect }
    var contentsScale: CGFloat { pointer.pointee.contentsScale }
    var contents: AnyObject? { pointer.pointee.contents }
    var borderColor: RGBA? { pointer.pointee.borderColor }
}
