import Foundation

/// Why an image could not be read or written.
///
/// ```swift
/// do { _ = try CGImage(contentsOf: url) } catch let error as ImageError { print(error) }
/// ```
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// No file exists at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The bytes are not a PNG Cairo can decode.
    case invalidPNG(source: String, reason: String)
    /// Encoding or writing the PNG failed.
    case writeFailed(path: String, reason: String)
    /// The bytes are a JPEG or WebP that cannot be decoded.
    case invalidImage(source: String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "no image file at \(path)"
        case .unreadable(let path, let reason): return "cannot read image file \(path): \(reason)"
        case .invalidPNG(let source, let reason): return "\(source) is not a readable PNG: \(reason)"
        case .writeFailed(let path, let reason): return "cannot write PNG to \(path): \(reason)"
        case .invalidImage(let source, let reason): return "\(source) is not a readable image: \(reason)"
        }
    }
}

/// PNG decoding and encoding through Cairo. Failures throw an `ImageError` and are reported through
/// `Diagnostics`; nothing here crashes on a missing or corrupt file.
extension CGImage {
    /// Decodes a PNG held in memory. `source` names it in errors.
    ///
    /// ```swift
    /// let image = try CGImage(pngData: data)
    /// ```
    public convenience init(pngData data: Data, source: String = "PNG data") throws {
        if let problem = Self.headerProblem(data) {
            throw Self.reported(.invalidPNG(source: source, reason: problem))
        }
        switch CairoSurface.decodePNG(data) {
        case .failure(let error):
            throw Self.reported(.invalidPNG(source: source, reason: error.description))
        case .success(let surface):
            guard surface.width > 0, surface.height > 0 else {
                throw Self.reported(.invalidPNG(source: source, reason: "empty image"))
            }
            self.init(width: surface.width, height: surface.height, premultipliedARGB: surface.pixels())!
        }
    }

    /// The most pixels a decoded PNG may have: 2²⁶ (8192 × 8192, 256 MB decoded). Cairo allocates the whole
    /// image from the header before it reads any pixel data, so a 60-byte file claiming 30 000 × 30 000 pixels
    /// would cost 3.6 GB (the `png` fuzzer found the stall this caused).
    public static let maximumDecodedPixels = 1 << 26

    /// Why the PNG header rules the data out before decoding (not a PNG, or too large), or nil.
    static func headerProblem(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count >= 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }   // Cairo's own error says what is wrong
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = u32(16), height = u32(20)
        guard width <= 32_767, height <= 32_767, width * height <= maximumDecodedPixels else {
            return "\(width)×\(height) pixels is more than the \(maximumDecodedPixels) a decoded image may have"
        }
        return nil
    }

    /// Loads a PNG, JPEG or WebP file.
    ///
    /// ```swift
    /// let image = try CGImage(contentsOf: URL(fileURLWithPath: "Assets/logo.png"))
    /// ```
    public convenience init(contentsOf url: URL) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw Self.reported(.fileNotFound(path: path))
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Self.reported(.unreadable(path: path, reason: "\(error)"))
        }
        try self.init(encodedData: data, source: path)
    }

    /// Loads a PNG file, or returns nil (after a diagnostic) when it is missing or not a readable PNG.
    ///
    /// ```swift
    /// let image = CGImage(contentsOfFile: "/tmp/missing.png")   // nil
    /// ```
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? CGImage(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        self.init(width: image.width, height: image.height, premultipliedARGB: image.premultipliedARGB)
    }

    /// The image encoded as PNG (straight alpha, as PNG stores it).
    ///
    /// ```swift
    /// let bytes = try image.pngData()
    /// ```
    public func pngData() throws -> Data {
        guard let surface = CairoSurface(width: width, height: height, pixels: premultipliedARGB) else {
            throw Self.reported(.writeFailed(path: "(memory)", reason: "could not allocate a \(width)×\(height) surface"))
        }
        switch surface.encodePNG() {
        case .success(let data): return data
        case .failure(let error): throw Self.reported(.writeFailed(path: "(memory)", reason: error.description))
        }
    }

    /// Writes the image to `url` as a PNG file, replacing any file there.
    ///
    /// ```swift
    /// try image.writePNG(to: URL(fileURLWithPath: ".build/out.png"))
    /// ```
    public func writePNG(to url: URL) throws {
        let data: Data
        do { data = try pngData() } catch ImageError.writeFailed(_, let reason) {
            throw Self.reported(.writeFailed(path: url.path, reason: reason))
        }
        do { try data.write(to: url, options: .atomic) } catch {
            throw Self.reported(.writeFailed(path: url.path, reason: "\(error)"))
        }
    }

    static func reported(_ error: ImageError) -> ImageError {
        Diagnostics.report("CGImage: \(error)")
        return error
    }
}
