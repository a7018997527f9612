import Foundation
import AnimaCore
import AnimaGraphics

/// A view that shows an image (UIKit's `UIImageView`): the image becomes the layer's contents, placed in
/// the bounds by ``UIView/contentMode`` (scale to fill by default), at the image's own scale.
///
/// Like UIKit's, an image view ignores touches (`isUserInteractionEnabled` is false) until told otherwise,
/// so a tap on it reaches the view behind. Its natural size (``intrinsicContentSize``) is the image's size in
/// points; `init(image:)` sizes the view to it.
/// ```swift
/// let imageView = UIImageView(image: UIImage(named: "astronaut"))
/// imageView.contentMode = .scaleAspectFit
/// imageView.center = CGPoint(x: 200, y: 150)
/// window.addSubview(imageView)
/// ```
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown (nil: nothing).
    open var image: UIImage? {
        didSet {
            guard image !== oldValue else { return }
            showImage()
            invalidateIntrinsicContentSize()
        }
    }

    /// The image shown while ``isHighlighted`` is true (nil: ``image`` then too).
    open var highlightedImage: UIImage? { didSet { showImage() } }

    /// Whether the view shows ``highlightedImage``.
    open var isHighlighted = false { didSet { showImage() } }

    /// An image view the size of `image` (zero without one).
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        configureImageView()
        self.image = image
        showImage()
    }

    /// An image view showing `image`, or `highlightedImage` while highlighted.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    /// An empty image view with the given frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureImageView()
    }

    /// Makes an empty image view (image views are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureImageView()
    }

    private func configureImageView() {
        isUserInteractionEnabled = false
        isOpaque = false
    }

    private func showImage() {
        let shown = isHighlighted ? (highlightedImage ?? image) : image
        layer.contents = shown?.cgImage
        layer.contentsScale = shown?.scale ?? layer.contentsScale
    }

    /// The image's size in points (no intrinsic size without an image).
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size in points (the current size without an image).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? bounds.size }
}
