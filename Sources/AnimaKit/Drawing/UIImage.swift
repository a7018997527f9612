import Foundation
import Synchronization
import AnimaCore
import AnimaGraphics

/// An image (UIKit's `UIImage`): a `CGImage` with a scale, loaded from PNG files.
///
/// `UIImage(named:)` looks in ``UIImage/assetDirectories`` (default: `Assets/` in the working directory).
/// An image that cannot be found or decoded is reported and replaced by a visible magenta-and-white
/// checkerboard, so a missing file never crashes a `UIImage(named: "x")!`.
/// ```swift
/// let astronaut = UIImage(named: "astronaut")!     // Assets/astronaut.png (or astronaut@2x.png)
/// imageLayer.contents = astronaut.cgImage
/// ```
public final class UIImage: Sendable, CustomStringConvertible {
    /// How an image is oriented (only `.up` is drawn; the others are kept for source compatibility).
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    private static let searchPaths = Mutex<[String]>(["Assets"])

    /// The directories `UIImage(named:)` searches, in order (relative paths start at the working directory).
    public static var assetDirectories: [String] {
        get { searchPaths.withLock { $0 } }
        set { searchPaths.withLock { $0 = newValue } }
    }

    /// The pixels.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// The orientation given at creation.
    public let imageOrientation: Orientation
    /// Whether this is the placeholder for an image that could not be loaded.
    public let isPlaceholder: Bool
    /// Whether views draw the image's own colours or only its shape in their tint colour.
    public let renderingMode: RenderingMode

    /// How views draw an image (UIKit's `UIImage.RenderingMode`).
    public enum RenderingMode: Int, Sendable {
        /// As the view decides: a system button's image and a bar item's are templates, an image view's original.
        case automatic = 0
        /// The image's own colours.
        case alwaysOriginal
        /// Only its alpha, filled with the view's `tintColor`.
        case alwaysTemplate
    }

    /// An image of `cgImage`'s pixels at `scale` pixels per point.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.imageOrientation = orientation
        self.isPlaceholder = false
        self.renderingMode = .automatic
    }

    /// An image of `cgImage`'s pixels at one pixel per point.
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// An empty image: no pixels, size zero.
    public init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        isPlaceholder = false
        renderingMode = .automatic
    }

    /// A copy of `image` in another rendering mode (the same pixels).
    private init(_ image: UIImage, cgImage: CGImage?, renderingMode: RenderingMode) {
        self.cgImage = cgImage
        scale = image.scale
        imageOrientation = image.imageOrientation
        isPlaceholder = image.isPlaceholder
        self.renderingMode = renderingMode
    }

    private init(placeholderFor what: String) {
        Diagnostics.report("UIImage: \(what); using a placeholder checkerboard")
        cgImage = .missingImagePlaceholder()
        scale = 1
        imageOrientation = .up
        isPlaceholder = true
        renderingMode = .automatic
    }

    /// The image called `name` in the asset directories: `name`, `name.png`, `name@2x.png` (scale 2) or
    /// `name@3x.png` (scale 3). A missing image is reported and replaced by the placeholder.
    public convenience init?(named name: String) {
        guard let (url, scale) = UIImage.assetFile(named: name) else {
            self.init(placeholderFor: "no image named '\(name)' in \(UIImage.assetDirectories)")
            return
        }
        self.init(assetAt: url, scale: scale, call: "UIImage(named: \"\(name)\")")
    }

    /// The symbol image called `name` (UIKit's `UIImage(systemName:)`). There are no SF Symbols here: an image of
    /// that name in the asset directories stands in for it (`star.fill.png`, as ``init(named:)`` finds it);
    /// otherwise the symbol is reported and replaced by the placeholder.
    public convenience init?(systemName name: String) {
        guard let (url, scale) = UIImage.assetFile(named: name) else {
            self.init(placeholderFor: "no SF Symbols here: UIImage(systemName: \"\(name)\") needs an image named '\(name)' in \(UIImage.assetDirectories)")
            return
        }
        self.init(assetAt: url, scale: scale, call: "UIImage(systemName: \"\(name)\")")
    }

    /// The file ``init(named:)`` reads for `name`, and its scale: `name`, `name.png`, `name@2x.png`, `name@3x.png`
    /// in each asset directory in turn.
    private static func assetFile(named name: String) -> (URL, CGFloat)? {
        let fileManager = FileManager.default
        for directory in assetDirectories {
            let folder = URL(fileURLWithPath: directory), base = folder.appendingPathComponent(name)
            let candidates: [(URL, CGFloat)] = [
                (base, 1), (base.appendingPathExtension("png"), 1),
                (folder.appendingPathComponent(name + "@2x.png"), 2), (folder.appendingPathComponent(name + "@3x.png"), 3),
            ]
            for (url, scale) in candidates {
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue { return (url, scale) }
            }
        }
        return nil
    }

    private convenience init(assetAt url: URL, scale: CGFloat, call: String) {
        do {
            self.init(cgImage: try CGImage(contentsOf: url), scale: scale, orientation: .up)
        } catch {
            self.init(placeholderFor: "could not decode '\(url.path)' for \(call): \(error)")
        }
    }

    /// The PNG image at `path`; a missing or undecodable file is reported and replaced by the placeholder.
    public convenience init?(contentsOfFile path: String) {
        do {
            self.init(cgImage: try CGImage(contentsOf: URL(fileURLWithPath: path)), scale: 1, orientation: .up)
        } catch {
            self.init(placeholderFor: "could not load '\(path)': \(error)")
        }
    }

    /// An image decoded from PNG data; nil (with a diagnostic) when the data is not a PNG.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        do {
            self.init(cgImage: try CGImage(pngData: data, source: "UIImage(data:)"), scale: scale, orientation: .up)
        } catch {
            Diagnostics.report("UIImage(data:): \(error)")
            return nil
        }
    }

    /// The size in points (pixels divided by ``scale``).
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// The same image, drawn as `renderingMode` says.
    /// ```swift
    /// let icon = UIImage(named: "heart")!.withRenderingMode(.alwaysTemplate)   // drawn in the view's tint
    /// ```
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        renderingMode == self.renderingMode ? self : UIImage(self, cgImage: cgImage, renderingMode: renderingMode)
    }

    /// The image's shape filled with `color` (its alpha kept, times the colour's), drawn as it is everywhere.
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: .alwaysOriginal)
    }

    /// The image's shape filled with `color`, in `renderingMode`.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        UIImage(self, cgImage: tinted(color), renderingMode: renderingMode)
    }

    /// The pixels with every colour replaced by `color`, each pixel keeping its alpha (times the colour's).
    package func tinted(_ color: UIColor) -> CGImage? {
        guard let cgImage else { return nil }
        let c = color.cgColor
        let (r, g, b, a) = (c.red, c.green, c.blue, c.alpha)
        let alpha = UInt32((max(0, min(1, a)) * 255).rounded())
        let red = max(0, min(1, r)), green = max(0, min(1, g)), blue = max(0, min(1, b))
        let words = cgImage.premultipliedARGB.map { word -> UInt32 in
            let shown = (word >> 24) * alpha / 255
            let level = CGFloat(shown)
            return shown << 24 | UInt32((red * level).rounded()) << 16 | UInt32((green * level).rounded()) << 8
                | UInt32((blue * level).rounded())
        }
        return CGImage(width: cgImage.width, height: cgImage.height, premultipliedARGB: words)
    }

    /// The image at 70 % brightness (a custom button's highlighted image), same alpha.
    package func darkened() -> UIImage {
        guard let cgImage else { return self }
        let words = cgImage.premultipliedARGB.map { word -> UInt32 in
            let r = (word >> 16 & 0xFF) * 7 / 10, g = (word >> 8 & 0xFF) * 7 / 10, b = (word & 0xFF) * 7 / 10
            return word & 0xFF00_0000 | r << 16 | g << 8 | b
        }
        return UIImage(self, cgImage: CGImage(width: cgImage.width, height: cgImage.height, premultipliedARGB: words),
                       renderingMode: renderingMode)
    }

    /// The image as PNG data.
    public func pngData() -> Data? { try? cgImage?.pngData() }

    /// Draws the image upright with its top-left corner at `point` in the current context, at its point size.
    @MainActor public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image upright, scaled to fill `rect`, in the current context.
    @MainActor public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY * 2 + rect.height)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: rect)
        context.restoreGState()
    }

    public var description: String { "UIImage(\(size.width)×\(size.height) @\(scale)x\(isPlaceholder ? ", placeholder" : ""))" }
}
