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
        let template = shown.map { $0.renderingMode == .alwaysTemplate || ($0.renderingMode == .automatic && drawsAutomaticImagesAsTemplates) } ?? false
        layer.contents = template ? shown?.tinted(tintColor) : shown?.cgImage
        layer.contentsScale = shown?.scale ?? layer.contentsScale
    }

    /// Whether an image in `.automatic` rendering mode is drawn as a template (a system button's image view's are).
    package var drawsAutomaticImagesAsTemplates = false { didSet { showImage() } }

    /// A template image is redrawn in the new tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        let shown = isHighlighted ? (highlightedImage ?? image) : image
        if shown?.renderingMode != .alwaysOriginal { showImage() }
    }

    // MARK: Animating a sequence of images

    /// The images ``startAnimating()`` shows in turn (nil: none), as a flip book.
    open var animationImages: [UIImage]?
    /// The images shown in turn while ``isHighlighted`` is true (nil: ``animationImages`` then too).
    open var highlightedAnimationImages: [UIImage]?
    /// Seconds one pass through the images takes (0, the default: a thirtieth of a second per image).
    open var animationDuration: TimeInterval = 0
    /// How many passes ``startAnimating()`` plays (0, the default: until ``stopAnimating()``).
    open var animationRepeatCount = 0

    private static let sequenceKey = "UIImageView.animationImages"

    /// Shows the animation images in turn, each for an equal share of ``animationDuration``, as UIKit does: a
    /// discrete keyframe animation of the layer's `contents`, so it runs on the display's clock and the view
    /// shows ``image`` again when the passes end. Without images it does nothing.
    /// ```swift
    /// runner.animationImages = frames
    /// runner.animationDuration = 0.6
    /// runner.startAnimating()
    /// ```
    open func startAnimating() {
        let images = (isHighlighted ? highlightedAnimationImages ?? animationImages : animationImages) ?? []
        let contents = images.compactMap(\.cgImage)
        guard !contents.isEmpty else { return }
        let flip = CAKeyframeAnimation(keyPath: "contents")
        flip.values = contents
        flip.calculationMode = .discrete
        let duration = animationDuration.isFinite && animationDuration > 0 ? animationDuration : Double(contents.count) / 30
        flip.duration = duration
        flip.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        layer.contentsScale = images[0].scale
        layer.add(flip, forKey: Self.sequenceKey)
    }

    /// Stops the animation images; the view shows ``image``.
    open func stopAnimating() { layer.removeAnimation(forKey: Self.sequenceKey) }

    /// Whether the animation images are showing (false once their passes have ended).
    open var isAnimating: Bool { layer.animation(forKey: Self.sequenceKey) != nil }

    /// The image's size in points (no intrinsic size without an image).
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size in points (the current size without an image).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? bounds.size }
}
