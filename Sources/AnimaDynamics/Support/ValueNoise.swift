import Foundation

/// Smooth, seeded 3-D value noise for noise and turbulence fields: the same seed, point and time always give
/// the same vector, so simulations stay deterministic. Components are in −1…1.
struct ValueNoise: Equatable {
    var seed: UInt64

    /// A 2-D noise vector at (x, y) and time t, each axis sampled from an independent lattice.
    func vector(x: Double, y: Double, t: Double) -> (dx: Double, dy: Double) {
        (sample(x, y, t, channel: 0), sample(x, y, t, channel: 1))
    }

    private func sample(_ x: Double, _ y: Double, _ z: Double, channel: UInt64) -> Double {
        let x0 = floor(x), y0 = floor(y), z0 = floor(z)
        let fx = smooth(x - x0), fy = smooth(y - y0), fz = smooth(z - z0)
        let ix = Self.latticeIndex(x0), iy = Self.latticeIndex(y0), iz = Self.latticeIndex(z0)
        func corner(_ dx: Int64, _ dy: Int64, _ dz: Int64) -> Double {
            lattice(ix &+ dx, iy &+ dy, iz &+ dz, channel)
        }
        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        let c00 = lerp(corner(0, 0, 0), corner(1, 0, 0), fx), c10 = lerp(corner(0, 1, 0), corner(1, 1, 0), fx)
        let c01 = lerp(corner(0, 0, 1), corner(1, 0, 1), fx), c11 = lerp(corner(0, 1, 1), corner(1, 1, 1), fx)
        return lerp(lerp(c00, c10, fy), lerp(c01, c11, fy), fz)
    }

    /// The lattice index of a floored coordinate. Coordinates beyond Int64 (a huge position or time × speed)
    /// or non-finite ones would trap in `Int64(_:)`; they wrap instead (their fraction is 0 or NaN anyway, so
    /// the sample stays deterministic, and a NaN sample is dropped by the field as a non-finite force).
    private static func latticeIndex(_ floored: Double) -> Int64 {
        if let exact = Int64(exactly: floored) { return exact }
        return Int64(bitPattern: floored.bitPattern)
    }

    private func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }

    /// A hash of the lattice point mapped to −1…1 (SplitMix64 finaliser).
    private func lattice(_ x: Int64, _ y: Int64, _ z: Int64, _ channel: UInt64) -> Double {
        var h = seed &+ channel &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: x) &* 0xBF58_476D_1CE4_E5B9
        h ^= UInt64(bitPattern: y) &* 0x94D0_49BB_1331_11EB
        h ^= UInt64(bitPattern: z) &* 0x2545_F491_4F6C_DD1D
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Double(h >> 11) / Double(1 << 53) * 2 - 1
    }
}
