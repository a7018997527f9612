import Anima
import Foundation
import FuzzSupport

/// `png`: bytes through `CGImage(pngData:)` (Cairo's PNG reader behind it). A decoded image is read, cropped,
/// drawn and encoded again, and the re-encoded PNG must decode to the same size and pixels.
/// Invariant: no trap; a bad file throws.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzRuntime.prepare()
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    FuzzRuntime.begin(buffer)
    guard let image = try? CGImage(pngData: Data(buffer)) else { return 0 }
    guard image.width > 0, image.height > 0 else {
        FuzzRuntime.fail("png empty image", "decoded \(image.width)×\(image.height)")
        return 0
    }
    _ = image.pixel(x: image.width - 1, y: image.height - 1)
    _ = image.pixel(x: image.width, y: 0)
    _ = image.cropping(to: CGRect(x: 1, y: 1, width: image.width, height: image.height))
    if image.width * image.height <= 1 << 20 {
        let context = CGContext(width: 16, height: 16)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 16, height: 16))
        _ = context.makeImage()
        do {
            let again = try CGImage(pngData: image.pngData())
            if again.width != image.width || again.height != image.height || !samePixels(image, again) {
                FuzzRuntime.fail("png round trip", "\(image) came back as \(again)")
            }
        } catch {
            FuzzRuntime.fail("png re-encode", "\(image): \(error)")
        }
    }
    return 0
}

/// Whether the two images agree at every pixel (at most 4096 of them, spread over the image).
private func samePixels(_ a: CGImage, _ b: CGImage) -> Bool {
    let stepX = max(1, a.width / 64), stepY = max(1, a.height / 64)
    for y in stride(from: 0, to: a.height, by: stepY) {
        for x in stride(from: 0, to: a.width, by: stepX) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false }
    }
    return true
}
