import Foundation
import AnimaCore
import AnimaGraphics

/// Where and how one item of a collection view shows: its frame, transform, alpha and stacking (UIKit's
/// `UICollectionViewLayoutAttributes`). A layout makes them; the collection view applies them to the item's cell.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes {
    /// The item's index path.
    public let indexPath: IndexPath
    /// The item's size.
    open var size: CGSize = .zero
    /// The item's centre, in the collection view's content.
    open var center: CGPoint = .zero
    /// The item's frame: its centre and size.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set { size = newValue.size; center = CGPoint(x: newValue.midX, y: newValue.midY) }
    }
    /// The item's bounds: its size at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    /// A 3-D transform about the item's centre.
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// An affine transform about the item's centre (the affine part of ``transform3D``).
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    /// The item's opacity.
    open var alpha: CGFloat = 1
    /// The stacking order among items (higher in front).
    open var zIndex = 0
    /// Whether the item is hidden.
    open var isHidden = false

    /// Attributes for the cell of the item at `indexPath`.
    public required init(forCellWith indexPath: IndexPath) { self.indexPath = indexPath }

    /// A copy (layouts hand out copies, so changing one changes no other).
    open func copy() -> UICollectionViewLayoutAttributes {
        let copy = type(of: self).init(forCellWith: indexPath)
        copy.size = size
        copy.center = center
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }
}

/// Where a collection view's items go (UIKit's `UICollectionViewLayout`): subclass it and override `prepare()`,
/// `collectionViewContentSize`, `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`; override
/// `initialLayoutAttributesForAppearingItem(at:)` and `finalLayoutAttributesForDisappearingItem(at:)` to choose how
/// inserted items come in and deleted ones go (by default they fade where they are).
@preconcurrency @MainActor
open class UICollectionViewLayout {
    /// The collection view the layout places items for.
    public internal(set) weak var collectionView: UICollectionView?
    private(set) var isPrepared = false

    public init() {}

    /// Called before the layout is asked for attributes after an invalidation: compute what you need here.
    open func prepare() {}

    /// The size of everything the layout places.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every item whose frame meets `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// How an inserted item starts: by default where it ends, transparent.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let final = layoutAttributesForItem(at: itemIndexPath)?.copy() else { return nil }
        final.alpha = 0
        return final
    }

    /// How a deleted item ends: by default where it was, transparent. Asked while the layout still describes the
    /// old state.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Whether scrolling to `newBounds` needs a new layout (false by default; a change of size always makes one).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Marks the layout as needing `prepare()` before it is asked again.
    open func invalidateLayout() {
        isPrepared = false
        collectionView?.setNeedsLayout()
    }

    /// Prepares the layout if an invalidation asked for it.
    func prepareIfNeeded() {
        guard !isPrepared else { return }
        isPrepared = true
        prepare()
    }
}

extension CGRect {
    /// Whether the two rectangles share some area. (Apple's `intersects` says no for rectangles that only touch;
    /// the Foundation this runs on says yes, which would give every item on the line just above the screen a cell.)
    func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
