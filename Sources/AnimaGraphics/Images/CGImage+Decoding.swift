import CImageDecoders
import Foundation

/// Decoding images of any format Anima reads: PNG (Cairo), JPEG (libjpeg) and WebP (libwebp), told apart
/// by their first bytes. Failures throw an `ImageError` and are reported through `Diagnostics`.
extension CGImage {
    /// An encoded image format.
    public enum EncodedFormat: String, Sendable {
        case png, jpeg, webp
    }

    /// The format `data` is encoded in, from its signature; nil when it is none of them.
    ///
    /// ```swift
    /// CGImage.encodedFormat(of: Data([0xFF, 0xD8, 0xFF, 0xE0]))   // .jpeg
    /// ```
    public static func encodedFormat(of data: Data) -> EncodedFormat? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }

    /// Decodes a PNG, JPEG or WebP held in memory (a JPEG is opaque; WebP alpha is kept). `source` names
    /// it in errors.
    ///
    /// ```swift
    /// let image = try CGImage(encodedData: try Data(contentsOf: url), source: url.path)
    /// ```
    public convenience init(encodedData data: Data, source: String = "image data") throws {
        switch Self.encodedFormat(of: data) {
        case .png?, nil:
            // Unknown bytes go to the PNG reader, whose error names what it found.
            try self.init(pngData: data, source: source)
        case .jpeg?:
            try self.init(decoded: data.withUnsafeBytes { anima_decode_jpeg($0.bindMemory(to: UInt8.self).baseAddress, $0.count) },
                          format: "JPEG", source: source)
        case .webp?:
            try self.init(decoded: data.withUnsafeBytes { anima_decode_webp($0.bindMemory(to: UInt8.self).baseAddress, $0.count) },
                          format: "WebP", source: source)
        }
    }

    private convenience init(decoded: AnimaDecodedImage, format: String, source: String) throws {
        var image = decoded
        defer { anima_image_free(&image) }
        guard let pixels = image.pixels, image.width > 0, image.height > 0 else {
            let reason = withUnsafeBytes(of: image.error) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw Self.reported(.invalidImage(source: source, reason: "\(format): \(reason.isEmpty ? "cannot be decoded" : reason)"))
        }
        let width = Int(image.width), height = Int(image.height)
        let words = Array(UnsafeBufferPointer(start: pixels, count: width * height))
        self.init(width: width, height: height, premultipliedARGB: words)!
    }
}
