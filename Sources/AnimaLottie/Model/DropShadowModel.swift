import Foundation

/// A drop shadow, from After Effects' Drop Shadow effect (`ef` type 25) or the Drop Shadow layer style
/// (`sy` type 1), in Core Animation's terms as lottie-ios maps them:
/// ```
///                 effect                         layer style
/// opacity         opacity / 255                  opacity / 100
/// radius          softness / 5                   size / 2
/// offset angle    direction − 90° (from up)      angle (from +x towards +y)
/// offset          distance · (cos θ, sin θ)
/// ```
package struct DropShadowModel {
    /// r, g, b (0…1).
    package var color: Animated<[Double]>
    /// 0…1.
    package var opacity: Animated<[Double]>
    /// Core Animation's `shadowRadius`.
    package var radius: Animated<[Double]>
    /// Degrees from +x towards +y.
    package var angle: Animated<[Double]>
    package var distance: Animated<[Double]>

    /// Reads a Drop Shadow effect: its values in order are colour, opacity, direction, distance, softness.
    static func parse(effect: JSONNode) throws -> DropShadowModel {
        let values = try (effect["ef"]?.array() ?? []).map { try Animated<[Double]>.numbers($0["v"], default: [0]) }
        func value(_ i: Int, _ fallback: [Double]) -> Animated<[Double]> { i < values.count ? values[i] : Animated(fallback) }
        return DropShadowModel(color: value(0, [0, 0, 0]), opacity: value(1, [0]).mapScalar { $0 / 255 },
                               radius: value(4, [0]).mapScalar { $0 / 5 }, angle: value(2, [0]).mapScalar { $0 - 90 },
                               distance: value(3, [0]))
    }

    /// Reads a Drop Shadow layer style (`c`, `o`, `a`, `s`, `d`).
    static func parse(style: JSONNode) throws -> DropShadowModel {
        func value(_ key: String, _ fallback: [Double]) throws -> Animated<[Double]> {
            try .numbers(style[key], default: fallback)
        }
        return DropShadowModel(color: try value("c", [0, 0, 0, 1]), opacity: try value("o", [75]).mapScalar { $0 / 100 },
                               radius: try value("s", [5]).mapScalar { $0 / 2 }, angle: try value("a", [120]),
                               distance: try value("d", [5]))
    }
}

extension Animated where Value == [Double] {
    /// The same keyframes with the first component of each value converted.
    func mapScalar(_ transform: @escaping (Double) -> Double) -> Animated<[Double]> {
        map { v in v.isEmpty ? v : [transform(v[0])] + v.dropFirst() }
    }
}
