import Foundation
import AnimaCore
import AnimaGraphics

/// One item of a collection view: a content view to fill, optional background views, and the selection state
/// (UIKit's `UICollectionViewCell`). The collection view makes a registered class's cells with
/// ``init(reuseIdentifier:)``, which calls the class's own `init(frame:)`; a subclass that overrides `init(frame:)`
/// and `init?(coder:)`, as UIKit's templates write them, inherits it.
@preconcurrency @MainActor
open class UICollectionViewCell: UIView {
    /// The identifier the cell is reused under (set when the collection view makes it).
    public internal(set) var reuseIdentifier: String?
    /// The view to add your content to.
    public let contentView = UIView()
    /// The view behind the content.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let backgroundView { insertSubview(backgroundView, at: 0) }; setNeedsLayout() }
    }
    /// The view behind the content while the item is selected or touched (none unless set).
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, belowSubview: contentView) }
            updateSelectionLook()
            setNeedsLayout()
        }
    }
    /// Whether the item is selected.
    open var isSelected = false { didSet { updateSelectionLook() } }
    /// Whether a finger is down on the item.
    open var isHighlighted = false { didSet { updateSelectionLook() } }

    /// A cell with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = nil
        addSubview(contentView)
    }

    /// A cell reused under `reuseIdentifier`: what `dequeueReusableCell` makes of a registered class.
    public required convenience init(reuseIdentifier: String) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    /// Cells are not archived here: an empty cell.
    public required init?(coder: NSCoder) {
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// Called before the collection view hands the cell out again (override to reset your content, calling `super`).
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
    }

    /// The collection view applies an item's attributes to its cell, then calls this (override to read a custom
    /// layout's attributes).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    private func updateSelectionLook() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }
}
