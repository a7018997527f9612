import CFFmpeg
import Foundation

/// The fixed palette GIF recordings use: 6 levels of red × 7 of green × 6 of blue (252 colours, green finest, as
/// the eye is most sensitive to it), each pixel mapped to the nearest level per channel, without dithering — flat
/// areas stay flat (a dithered 3-3-2 palette turned a light grey background into noise and the files into
/// megabytes), and pure primaries, black and white are exact.
enum Palette {
    static let redLevels = 6, greenLevels = 7, blueLevels = 6

    /// The palette as FFmpeg's PAL8 frames hold it: 256 native-endian `0xAARRGGBB` words (the last four unused).
    static let colours: [UInt32] = {
        var words = [UInt32](repeating: 0xFF00_0000, count: 256)
        for r in 0..<redLevels { for g in 0..<greenLevels { for b in 0..<blueLevels {
            let i = (r * greenLevels + g) * blueLevels + b
            words[i] = 0xFF00_0000 | level(r, of: redLevels) << 16 | level(g, of: greenLevels) << 8 | level(b, of: blueLevels)
        } } }
        return words
    }()

    private static func level(_ i: Int, of n: Int) -> UInt32 { UInt32((i * 255 + (n - 1) / 2) / (n - 1)) }

    /// The nearest level of `value` (0…255) among `n`.
    @inline(__always)
    private static func nearest(_ value: UInt32, _ n: Int) -> Int { (Int(value) * (n - 1) + 127) / 255 }

    /// Writes `pixels` (premultiplied `0xAARRGGBB`, so as if over black) as palette indices into plane 0 of `frame`
    /// (a PAL8 frame of the same size), and the palette into plane 1.
    static func index(_ pixels: [UInt32], width: Int, height: Int, into frame: UnsafeMutablePointer<AVFrame>) {
        let stride = Int(anima_frame_linesize(frame, 0))
        guard let plane = anima_frame_plane(frame, 0), let palette = anima_frame_plane(frame, 1) else { return }
        colours.withUnsafeBytes { palette.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 1024) }
        for y in 0..<height {
            let row = plane + y * stride
            for x in 0..<width {
                let p = pixels[y * width + x]
                let r = nearest(p >> 16 & 0xFF, redLevels), g = nearest(p >> 8 & 0xFF, greenLevels), b = nearest(p & 0xFF, blueLevels)
                row[x] = UInt8((r * greenLevels + g) * blueLevels + b)
            }
        }
    }
}
