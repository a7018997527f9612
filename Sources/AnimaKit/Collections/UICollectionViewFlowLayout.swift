import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

/// Sizes and spacings a flow layout asks its collection view's delegate for (UIKit's
/// `UICollectionViewDelegateFlowLayout`); every method is optional.
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
}

/// Items in lines that wrap, section after section (UIKit's `UICollectionViewFlowLayout`).
///
/// ```
///  vertical:   ┌ sectionInset ──────────────────────┐
///              │ [0]  ⟷  [1]  ⟷  [2]                │  a full line is justified: the room left over is
///              │  ↕ minimumLineSpacing               │  shared between its items (a lone item is centred)
///              │ [3]  [4]                            │  the section's last line keeps the minimum spacing
///              └─────────────────────────────────────┘
/// ```
/// Items of one line are centred on the line's middle. `.horizontal` does the same in columns, top to bottom, the
/// content growing to the right. Headers and footers (`headerReferenceSize`) are not built here.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Which way the content grows.
    public enum ScrollDirection: Int, Sendable { case vertical = 0, horizontal }

    /// The size of every item the delegate does not size (50 × 50).
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// The least space between lines (10).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between items of a line (10).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Space around each section's items.
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// Which way the content grows.
    open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }

    private var frames: [[CGRect]] = []
    private var contentSize: CGSize = .zero

    public override init() { super.init() }

    open override func prepare() {
        super.prepare()
        frames = []
        contentSize = .zero
        guard let collectionView else { return }
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        let bounds = collectionView.bounds.size
        // Work in "line" coordinates: u along a line, v across lines; swap for horizontal scrolling.
        var v: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            let inset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
            let (uStart, uEnd) = vertical ? (inset.left, bounds.width - inset.right) : (inset.top, bounds.height - inset.bottom)
            v += vertical ? inset.top : inset.left
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for item in 0..<count {
                let size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section)) ?? itemSize
                sizes.append(CGSize(width: Self.sanitized(size.width), height: Self.sanitized(size.height)))
            }
            var sectionFrames = [CGRect](repeating: .zero, count: count)
            var lineStart = 0
            while lineStart < count {
                // Fill a line.
                var lineEnd = lineStart, used: CGFloat = 0
                while lineEnd < count {
                    let length = vertical ? sizes[lineEnd].width : sizes[lineEnd].height
                    let needed = used + (lineEnd > lineStart ? itemSpacing : 0) + length
                    if lineEnd > lineStart && needed > uEnd - uStart + 0.0001 { break }
                    used = needed
                    lineEnd += 1
                }
                let items = lineStart..<lineEnd
                let thickness = items.map { vertical ? sizes[$0].height : sizes[$0].width }.max() ?? 0
                let isLastLine = lineEnd == count
                let lengths = items.map { vertical ? sizes[$0].width : sizes[$0].height }
                var u = uStart, spacing = itemSpacing
                if items.count == 1 {
                    u = uStart + max(0, (uEnd - uStart - lengths[0]) / 2)
                } else if !isLastLine {
                    spacing = (uEnd - uStart - lengths.reduce(0, +)) / CGFloat(items.count - 1)
                }
                for (offset, item) in items.enumerated() {
                    let size = sizes[item]
                    let across = (thickness - (vertical ? size.height : size.width)) / 2
                    sectionFrames[item] = vertical
                        ? CGRect(x: u, y: v + across, width: size.width, height: size.height)
                        : CGRect(x: v + across, y: u, width: size.width, height: size.height)
                    u += lengths[offset] + spacing
                }
                v += thickness + (isLastLine ? 0 : lineSpacing)
                lineStart = lineEnd
            }
            v += vertical ? inset.bottom : inset.right
            frames.append(sectionFrames)
        }
        contentSize = vertical ? CGSize(width: bounds.width, height: v) : CGSize(width: v, height: bounds.height)
    }

    private static func sanitized(_ length: CGFloat) -> CGFloat { length.isFinite && length > 0 ? length : 0 }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for (section, list) in frames.enumerated() {
            for (item, frame) in list.enumerated() where frame.overlaps(rect) {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = frame
                result.append(attributes)
            }
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, frames.indices.contains(indexPath.section),
              frames[indexPath.section].indices.contains(indexPath.item) else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frames[indexPath.section][indexPath.item]
        return attributes
    }
}
