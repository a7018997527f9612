import Foundation
import AnimaCore
import AnimaGraphics

/// The reference protocol of the conformance corpus, set up headless: the animation sized to its own
/// size scaled down so its larger side is at most `maxDimension` points, aspect fit, transparent,
/// paused at a moment, shown by one frame of a ``HeadlessDisplay`` at `scale` pixels per point.
///
/// The view keeps its fractional size; the image is that size in pixels rounded up, as the references' are
/// (807 × 360 fitted to 500 pt is 500 × 223.05 pt, 1000 × 447 px at scale 2), so the display is the whole
/// points that hold it and ``crop(_:)`` cuts the image to ``pixelSize``.
/// ```swift
/// let scene = LottieReferenceScene(animation: animation, moment: .progress(0.5))
/// let image = try scene.display.snapshot()     // AnimaSDL
/// let cropped = scene.crop(image)
/// ```
@MainActor
public final class LottieReferenceScene {
    /// A moment of the timeline to show.
    public enum Moment: Equatable, Sendable {
        /// 0 = the in-point, 1 = the out-point.
        case progress(Double)
        /// A frame number; a fractional frame shows the frame it is in.
        case frame(Double)
    }

    /// The display showing the paused animation (one frame made).
    public let display: HeadlessDisplay
    /// The layer playing the animation.
    public let animationLayer: LottieAnimationLayer
    /// The view's size in points.
    public let pointSize: CGSize
    /// The size in pixels of an image by the reference protocol.
    public let pixelSize: (width: Int, height: Int)

    /// The view size for `animation`: its size, scaled down (aspect kept) to at most `maxDimension`.
    public static func pointSize(of animation: LottieAnimation, maxDimension: Double = 500) -> CGSize {
        let size = animation.size
        let largest = max(size.width, size.height)
        guard largest > 0 else { return CGSize(width: 1, height: 1) }
        let factor = min(1, maxDimension / largest)
        return CGSize(width: size.width * factor, height: size.height * factor)
    }

    /// `length` rounded up to a whole number, forgiving the arithmetic's last bits (500 stays 500).
    private static func wholeUp(_ length: Double) -> Int {
        guard length.isFinite else { return 1 }
        return Int(min(1e6, max(1, (length - 1e-6).rounded(.up))))
    }

    /// Builds the scene and makes one frame showing `moment`.
    public init(animation: LottieAnimation, moment: Moment, maxDimension: Double = 500, scale: Double = 2) {
        pointSize = Self.pointSize(of: animation, maxDimension: maxDimension)
        pixelSize = (Self.wholeUp(pointSize.width * scale), Self.wholeUp(pointSize.height * scale))
        display = HeadlessDisplay(width: max(1, Self.wholeUp(pointSize.width)), height: max(1, Self.wholeUp(pointSize.height)),
                                  scale: scale)
        animationLayer = LottieAnimationLayer(animation: animation)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        animationLayer.frame = CGRect(origin: .zero, size: pointSize)
        // The references are the view drawn into an image of its bounds: nothing beyond them shows, not even in
        // the last, partly covered row (half a pixel of a 281.25 pt view at scale 2 reads half covered).
        animationLayer.masksToBounds = true
        animationLayer.rasterizationScale = scale
        animationLayer.fitContent()
        display.rootLayer.addSublayer(animationLayer)
        CATransaction.commit()
        switch moment {
        case .progress(let p): animationLayer.setPlaybackMode(.paused(at: .progress(p)))
        case .frame(let f): animationLayer.setPlaybackMode(.paused(at: .frame(f)))
        }
        display.advance(by: 0)
    }

    /// `image` cut to ``pixelSize`` (the display is whole points, the protocol's view may not be).
    public func crop(_ image: CGImage) -> CGImage {
        guard image.width != pixelSize.width || image.height != pixelSize.height else { return image }
        return image.cropping(to: CGRect(x: 0, y: 0, width: pixelSize.width, height: pixelSize.height)) ?? image
    }
}
