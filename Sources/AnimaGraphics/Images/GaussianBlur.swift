import Foundation

/// The one Gaussian blur of alpha planes: layer shadows (`shadowRadius`) and drawing shadows
/// (`CGContext.setShadow(offset:blur:color:)`) both blur their silhouettes here.
///
/// Three box blurs per axis (Wells' construction) approximate a Gaussian of standard deviation σ to within about
/// 3 %; samples outside the plane count as zero, so a silhouette needs 3σ of empty margin to fade out inside it.
/// ```swift
/// var plane: [UInt8] = [0, 0, 255, 0, 0]
/// GaussianBlur.blur(&plane, width: 5, height: 1, sigmaX: 1, sigmaY: 0)   // spread over its neighbours
/// ```
package enum GaussianBlur {
    /// Blurs an alpha plane (row-major, `width × height`) in place with a Gaussian of `sigmaX`/`sigmaY` pixels; a σ
    /// at or below a quarter pixel leaves that axis as it is.
    package static func blur(_ alpha: inout [UInt8], width: Int, height: Int, sigmaX: CGFloat, sigmaY: CGFloat) {
        guard width > 0, height > 0, alpha.count == width * height else { return }
        let radiiX = boxRadii(sigma: sigmaX), radiiY = boxRadii(sigma: sigmaY)
        guard !radiiX.isEmpty || !radiiY.isEmpty else { return }
        var plane = alpha.map(Float.init)
        var scratch = [Float](repeating: 0, count: max(width, height))
        for radius in radiiX where radius > 0 {
            for y in 0..<height { boxPass(&plane, start: y * width, stride: 1, count: width, radius: radius, scratch: &scratch) }
        }
        for radius in radiiY where radius > 0 {
            for x in 0..<width { boxPass(&plane, start: x, stride: width, count: height, radius: radius, scratch: &scratch) }
        }
        for i in 0..<plane.count { alpha[i] = UInt8(max(0, min(255, plane[i].rounded()))) }
    }

    /// Radii of three box filters whose succession approximates a Gaussian of `sigma` (Wells' construction); none
    /// for σ ≤ ¼ pixel or a σ that is not finite. σ is capped at 512 pixels.
    package static func boxRadii(sigma: CGFloat) -> [Int] {
        guard sigma.isFinite, sigma > 0.25 else { return [] }
        let s = Double(min(sigma, 512)), n = 3.0
        var lower = Int(((12 * s * s / n) + 1).squareRoot())
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let wl = Double(lower)
        let m = Int(((12 * s * s - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded())
        return (0..<3).map { ($0 < m ? lower : upper) / 2 }
    }

    /// One box filter of half-width `radius` along a row or column, treating samples outside as zero.
    private static func boxPass(_ p: inout [Float], start: Int, stride: Int, count: Int, radius: Int, scratch: inout [Float]) {
        let scale = 1 / Float(2 * radius + 1)
        for i in 0..<count { scratch[i] = p[start + i * stride] }
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += scratch[i] }
        for i in 0..<count {
            if i + radius < count { sum += scratch[i + radius] }
            if i - radius - 1 >= 0 { sum -= scratch[i - radius - 1] }
            p[start + i * stride] = sum * scale
        }
    }
}
