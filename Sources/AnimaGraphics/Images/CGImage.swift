import Foundation

/// One pixel as stored in a `CGImage`: 8-bit channels, colour **premultiplied** by alpha.
///
/// ```swift
/// let p = RGBAPixel(red: 128, green: 0, blue: 0, alpha: 128)   // 50 % pure red
/// p.straightRed   // 255
/// ```
public struct RGBAPixel: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Creates a pixel from premultiplied channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Unpacks a native-endian `0xAARRGGBB` word (Cairo's ARGB32 and SDL's ARGB8888).
    public init(argb word: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: word >> 16), green: UInt8(truncatingIfNeeded: word >> 8),
                  blue: UInt8(truncatingIfNeeded: word), alpha: UInt8(truncatingIfNeeded: word >> 24))
    }

    /// The packed native-endian `0xAARRGGBB` word.
    public var argb: UInt32 { UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// Red with the alpha divided out (0 when transparent).
    public var straightRed: UInt8 { Self.unpremultiply(red, alpha) }
    /// Green with the alpha divided out (0 when transparent).
    public var straightGreen: UInt8 { Self.unpremultiply(green, alpha) }
    /// Blue with the alpha divided out (0 when transparent).
    public var straightBlue: UInt8 { Self.unpremultiply(blue, alpha) }

    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
    }

    public var description: String { "RGBA(\(red), \(green), \(blue), \(alpha))" }
}

/// An immutable bitmap image (Core Graphics' `CGImage`): 8 bits per channel, premultiplied ARGB32,
/// rows top to bottom.
///
/// Decoded from PNG (`CGImage(contentsOf:)`), made by `CGContext.makeImage()`, or read back from the screen.
/// ```swift
/// let image = CGContext(width: 3, height: 2).makeImage()!
/// image.width                 // 3
/// image.pixel(x: 0, y: 0)     // RGBA(0, 0, 0, 0)
/// ```
public final class CGImage: Sendable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels: an array, a Cairo surface, or both (each made from the other on first use).
    private let storage: ImageStorage

    /// The pixels, row-major, one native-endian premultiplied `0xAARRGGBB` word each — ready for Cairo and
    /// SDL's `ARGB8888` textures. Made on first use for an image that holds a Cairo surface (one copy), after
    /// which the image keeps only the array. Safe to call from any thread.
    package var premultipliedARGB: [UInt32] { storage.words(width: width, height: height) }

    /// Creates an image from `width × height` premultiplied `0xAARRGGBB` words, row-major from the top.
    ///
    /// Returns nil (with a diagnostic) when a size is not positive or the pixel count does not match.
    /// ```swift
    /// let red = CGImage(width: 1, height: 1, premultipliedARGB: [0xFFFF_0000])
    /// ```
    public init?(width: Int, height: Int, premultipliedARGB pixels: [UInt32]) {
        guard width > 0, height > 0, width <= CairoSurface.maximumSide, height <= CairoSurface.maximumSide,
              pixels.count == width * height else {
            Diagnostics.report("CGImage(width: \(width), height: \(height), premultipliedARGB:): \(pixels.count) pixels do not make a valid image")
            return nil
        }
        self.width = width; self.height = height; self.storage = ImageStorage(words: pixels)
    }

    /// Creates an image holding `surface` (ARGB32, at least 1 × 1) without copying it: the caller hands it over and
    /// never draws into it again.
    package init(adopting surface: CairoSurface) {
        self.width = surface.width; self.height = surface.height; self.storage = ImageStorage(surface: surface)
    }

    /// Creates an image whose pixels `drawing` paints when they are first read: a vector drawing (a shape layer's
    /// store) that ``CGContext/draw(_:in:)`` paints straight onto its target instead of copying pixels.
    package init(width: Int, height: Int, deferred drawing: DeferredDrawing) {
        self.width = max(1, width); self.height = max(1, height); self.storage = ImageStorage(drawing: drawing)
    }

    /// The drawing of a deferred image (``init(width:height:deferred:)``), for a drawer to paint straight onto its
    /// target instead of copying the pixels: nil for other images, and under a global alpha below 1
    /// (`fullAlpha` false) for a drawing that paints more than once.
    package func deferredDrawing(fullAlpha: Bool) -> DeferredDrawing? { storage.deferredDrawing(fullAlpha: fullAlpha) }

    /// Bits in one colour channel (always 8).
    public var bitsPerComponent: Int { 8 }
    /// Bits in one pixel (always 32).
    public var bitsPerPixel: Int { 32 }
    /// Bytes in one row of pixels (`width × 4`; rows are packed).
    public var bytesPerRow: Int { width * 4 }

    /// The premultiplied pixel at column `x`, row `y` (row 0 is the top), or nil outside the image.
    ///
    /// ```swift
    /// image.pixel(x: 0, y: 0)?.alpha   // 255 for an opaque image
    /// ```
    public func pixel(x: Int, y: Int) -> RGBAPixel? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return RGBAPixel(argb: premultipliedARGB[y * width + x])
    }

    /// The part of the image inside `rect` (pixels, rounded outwards, clipped to the image), nil when empty.
    ///
    /// ```swift
    /// image.cropping(to: CGRect(x: 0, y: 0, width: 1, height: 1))?.width   // 1
    /// ```
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, !rect.isInfinite, rect.minX.isFinite, rect.minY.isFinite,
              rect.width.isFinite, rect.height.isFinite else { return nil }
        let r = rect.standardized
        // Clamped to the image before converting: a finite rectangle can still be far larger than `Int`.
        let w = CGFloat(width), h = CGFloat(height)
        let x0 = Int(min(w, max(0, r.minX.rounded(.down)))), y0 = Int(min(h, max(0, r.minY.rounded(.down))))
        let x1 = Int(min(w, max(0, r.maxX.rounded(.up)))), y1 = Int(min(h, max(0, r.maxY.rounded(.up))))
        guard x1 > x0, y1 > y0 else { return nil }
        var out: [UInt32] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        let pixels = premultipliedARGB
        for y in y0..<y1 { out.append(contentsOf: pixels[(y * width + x0)..<(y * width + x1)]) }
        return CGImage(width: x1 - x0, height: y1 - y0, premultipliedARGB: out)
    }

    /// A magenta-and-white checkerboard (8-pixel squares) that stands in, visibly, for an image that could
    /// not be loaded.
    ///
    /// ```swift
    /// let image = (try? CGImage(contentsOf: url)) ?? .missingImagePlaceholder()
    /// ```
    public static func missingImagePlaceholder(width: Int = 32, height: Int = 32) -> CGImage {
        let w = max(1, min(width, 4096)), h = max(1, min(height, 4096))
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { pixels[y * w + x] = (x / 8 + y / 8) % 2 == 0 ? 0xFFFF_00FF : 0xFFFF_FFFF } }
        return CGImage(width: w, height: h, premultipliedARGB: pixels)!
    }

    /// A Cairo surface holding the pixels, to draw the image from: the image's own when it was made from one,
    /// otherwise a copy made on the first call and kept while the image lives, so an image drawn every frame is
    /// copied at most once. Nil when Cairo cannot allocate it.
    ///
    /// The surface is shared: callers only read it (as a source or a mask), never draw into it. The image is
    /// immutable, so the copy never goes stale. Safe to call from any thread.
    package var cairoSurface: CairoSurface? { storage.surface(width: width, height: height) }

    /// Overwrites `surface` (the image's size) with the pixels, from whichever copy the image holds, making no other.
    package func copyPixels(into surface: CairoSurface) { storage.copy(into: surface) }

    public var description: String { "CGImage(\(width)×\(height))" }
}

/// What a deferred image (``CGImage/init(width:height:deferred:)``) shows: `draw` paints it into a context whose user
/// space is the image's pixels (x right, y down, 0…width × 0…height). It must paint nothing outside those pixels
/// that it would not paint inside them if the image were larger (a shape layer's store covers all of its shape).
package struct DeferredDrawing: Sendable {
    /// Whether the drawing paints once (one fill or one stroke): then drawn under a global alpha it blends as its
    /// rasterized pixels would; a fill and a stroke under alpha would blend where they overlap, so such a drawing is
    /// drawn straight only at full alpha.
    package var paintsOnce: Bool
    package var draw: @Sendable (CGContext) -> Void

    package init(paintsOnce: Bool, draw: @escaping @Sendable (CGContext) -> Void) {
        self.paintsOnce = paintsOnce; self.draw = draw
    }
}

/// A `CGImage`'s pixels as an array, a Cairo surface, or both — or, for a deferred image, the drawing that makes
/// them; the lock makes the first use of any safe from any thread.
///
/// An image made from a surface (a layer's backing store, a software-composited frame) keeps only the surface
/// until its array is asked for (the OpenGL compositor uploads the array); the surface is then let go, so an image
/// holds one copy of its pixels unless it is both uploaded and drawn with Cairo.
private final class ImageStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var array: [UInt32]?
    private var cairo: CairoSurface?
    /// The drawing of a deferred image.
    private let drawing: DeferredDrawing?

    init(words: [UInt32]) { array = words; drawing = nil }
    init(surface: CairoSurface) { cairo = surface; drawing = nil }
    init(drawing: DeferredDrawing) { self.drawing = drawing }

    func deferredDrawing(fullAlpha: Bool) -> DeferredDrawing? {
        guard let drawing, fullAlpha || drawing.paintsOnce else { return nil }
        return drawing
    }

    /// Rasterizes a deferred image's drawing, when neither copy of its pixels exists (called with the lock held).
    private func makePixels(width: Int, height: Int) {
        guard let drawing, cairo == nil, array == nil else { return }
        let context = CGContext(width: width, height: height)
        drawing.draw(context)
        cairo = context.takeImage()?.cairoSurface
    }

    func words(width: Int, height: Int) -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        if let array { return array }
        makePixels(width: width, height: height)
        let made = cairo?.pixels() ?? []
        array = made
        cairo = nil
        return made
    }

    func copy(into target: CairoSurface) {
        lock.lock()
        defer { lock.unlock() }
        makePixels(width: target.width, height: target.height)
        if let cairo { target.replacePixels(with: cairo) } else if let array { target.replacePixels(with: array) }
    }

    func surface(width: Int, height: Int) -> CairoSurface? {
        lock.lock()
        defer { lock.unlock() }
        makePixels(width: width, height: height)
        if let cairo { return cairo }
        cairo = array.flatMap { CairoSurface(width: width, height: height, pixels: $0) }
        return cairo
    }
}
