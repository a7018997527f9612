import CCairo
import Foundation

/// An owned Cairo ARGB32 image surface (`cairo_surface_t*`): premultiplied, native-endian `0xAARRGGBB` words.
///
/// Every raw `cairo_surface_*` call in Anima lives in this folder; the rest of the module works with this type.
/// The surface is destroyed when the object goes away.
/// ```swift
/// let s = CairoSurface(width: 4, height: 2)
/// s?.pixels().count   // 8, all 0 (transparent)
/// ```
package final class CairoSurface {
    /// The largest side Cairo accepts for an image surface.
    package static let maximumSide = 32_767

    package let handle: OpaquePointer
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int

    /// Creates a cleared surface, or nil when the size is negative, too large or Cairo refuses it.
    package init?(width: Int, height: Int) {
        guard (0...Self.maximumSide).contains(width), (0...Self.maximumSide).contains(height),
              let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(s); return nil }
        self.handle = s; self.width = width; self.height = height
    }

    /// Creates a surface holding a copy of `pixels` (row-major, `width × height` premultiplied ARGB32 words).
    package convenience init?(width: Int, height: Int, pixels: [UInt32]) {
        guard pixels.count == width * height else { return nil }
        self.init(width: width, height: height)
        replacePixels(with: pixels)
    }

    /// Takes ownership of a surface Cairo made (for example by decoding a PNG); nil when it is in an error state.
    private init?(adopting s: OpaquePointer) {
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
              cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32 || cairo_image_surface_get_format(s) == CAIRO_FORMAT_RGB24
        else { cairo_surface_destroy(s); return nil }
        self.handle = s
        self.width = Int(cairo_image_surface_get_width(s))
        self.height = Int(cairo_image_surface_get_height(s))
    }

    deinit { cairo_surface_destroy(handle) }

    /// Bytes per row as Cairo lays them out.
    package var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

    /// A copy of the pixels, row-major, `width × height` words, premultiplied ARGB32.
    ///
    /// RGB24 surfaces (PNG without alpha) come back with an opaque alpha byte.
    package func pixels() -> [UInt32] {
        cairo_surface_flush(handle)
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(handle) else { return [] }
        let opaque = cairo_image_surface_get_format(handle) == CAIRO_FORMAT_RGB24
        let rowBytes = stride
        return [UInt32](unsafeUninitializedCapacity: width * height) { dst, count in
            let out = UnsafeMutableRawPointer(dst.baseAddress!)
            if rowBytes == width * 4 {
                out.copyMemory(from: data, byteCount: width * height * 4)
            } else {
                for y in 0..<height { (out + y * width * 4).copyMemory(from: data + y * rowBytes, byteCount: width * 4) }
            }
            if opaque { for i in 0..<(width * height) { dst[i] |= 0xFF00_0000 } }
            count = width * height
        }
    }

    /// Overwrites every pixel with `pixels` (must hold `width × height` words).
    package func replacePixels(with pixels: [UInt32]) {
        guard pixels.count == width * height, width > 0, height > 0,
              let data = cairo_image_surface_get_data(handle) else { return }
        cairo_surface_flush(handle)
        let rowBytes = stride
        pixels.withUnsafeBytes { src in
            for y in 0..<height { (data + y * rowBytes).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * width * 4,
                                                                count: width * 4) }
        }
        cairo_surface_mark_dirty(handle)
    }

    /// Overwrites every pixel with those of `other`, which must have the same size (both ARGB32; else nothing happens).
    package func replacePixels(with other: CairoSurface) {
        guard other.width == width, other.height == height, width > 0, height > 0,
              cairo_image_surface_get_format(other.handle) == CAIRO_FORMAT_ARGB32,
              cairo_image_surface_get_format(handle) == CAIRO_FORMAT_ARGB32 else { return }
        cairo_surface_flush(other.handle)
        cairo_surface_flush(handle)
        guard let data = cairo_image_surface_get_data(handle), let source = cairo_image_surface_get_data(other.handle) else { return }
        let rowBytes = stride, sourceRowBytes = other.stride
        for y in 0..<height { (data + y * rowBytes).update(from: source + y * sourceRowBytes, count: width * 4) }
        cairo_surface_mark_dirty(handle)
    }

    /// Decodes PNG bytes; on failure returns Cairo's status text.
    package static func decodePNG(_ data: Data) -> Result<CairoSurface, CairoError> {
        let reader = PNGByteReader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<PNGByteReader>.fromOpaque(closure).takeUnretainedValue()
                return reader.read(into: buffer, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return .failure(CairoError(status: CAIRO_STATUS_NO_MEMORY)) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(surface); return .failure(CairoError(status: status)) }
        guard let adopted = CairoSurface(adopting: surface) else {
            return .failure(CairoError(message: "unsupported PNG pixel format"))
        }
        return .success(adopted)
    }

    /// Encodes the surface as PNG bytes.
    package func encodePNG() -> Result<Data, CairoError> {
        guard width > 0, height > 0 else { return .failure(CairoError(message: "a PNG needs at least 1×1 pixels")) }
        cairo_surface_flush(handle)
        let writer = PNGByteWriter()
        let status = withExtendedLifetime(writer) {
            cairo_surface_write_to_png_stream(handle, { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<PNGByteWriter>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(writer).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { return .failure(CairoError(status: status)) }
        return .success(writer.data)
    }
}

/// A failed Cairo call, with Cairo's own description.
package struct CairoError: Error, CustomStringConvertible {
    package let description: String
    package init(status: cairo_status_t) { description = String(cString: cairo_status_to_string(status)) }
    package init(message: String) { description = message }
}

/// Feeds PNG bytes to Cairo's stream reader.
private final class PNGByteReader {
    let data: Data
    var offset = 0
    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count >= 0, offset + count <= data.count else { return false }
        guard count > 0 else { return true }
        data.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return true
    }
}

/// Collects the bytes Cairo's PNG writer produces.
private final class PNGByteWriter {
    var data = Data()
}
