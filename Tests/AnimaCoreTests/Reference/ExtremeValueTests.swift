import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// NaN safety (issue 23): with finite but extreme timing and values, `presentation()` never shows NaN in
/// `opacity` or `position`. A linear blend of finite values is finite (`a·(1 − p) + b·p`); NaN is not a
/// value any rule produces from finite inputs.
///
/// Found: extreme *timing* (durations 1e-300 and 1e300, speeds 1e30 and 1e-30, repeatCount 1e30, timeOffset
/// 1e300, layer speed 1e30) never gives NaN; opposed extreme *values* (−1e308 → 1e308) do, wherever the
/// progress is 0, because `b − a` overflows to ∞ and ∞ × 0 is NaN.
@MainActor
@Suite("Extreme timing and values never present NaN")
struct ExtremeValueTests {
    struct Case: CustomStringConvertible, Sendable {
        var duration: Double, speed: Float, repeatCount: Float, timeOffset: Double, autoreverses: Bool
        var from: Double, to: Double, layerSpeed: Float
        var description: String {
            "d=\(duration) s=\(speed) rc=\(repeatCount) o=\(timeOffset) ar=\(autoreverses) \(from)→\(to) layer s=\(layerSpeed)"
        }
    }

    /// Every combination of one extreme per axis (a few hundred cases), with value pairs whose difference
    /// is finite.
    static func cases() -> [Case] {
        var all: [Case] = []
        for duration in [1e-300, 0.5, 1e300] {
            for speed: Float in [1, 1e30, 1e-30] {
                for repeatCount: Float in [0, 1e30] {
                    for timeOffset in [0, 1e300] {
                        for (from, to) in [(0.0, 1.0), (0, 1e308), (1e308, 0), (-1e308, 0)] {
                            for layerSpeed: Float in [1, 1e30] {
                                all.append(Case(duration: duration, speed: speed, repeatCount: repeatCount,
                                                timeOffset: timeOffset, autoreverses: repeatCount > 0,
                                                from: from, to: to, layerSpeed: layerSpeed))
                            }
                        }
                    }
                }
            }
        }
        return all
    }

    /// The presented opacity and position at a few frames, for one case; the names of NaN values seen.
    static func nanValues(_ c: Case) -> [String] {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.speed = c.layerSpeed
        display.rootLayer.addSublayer(layer)
        CATransaction.commit()
        for keyPath in ["opacity", "position.x"] {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = c.from
            a.toValue = c.to
            a.duration = c.duration
            a.speed = c.speed
            a.repeatCount = c.repeatCount
            a.timeOffset = c.timeOffset
            a.autoreverses = c.autoreverses
            a.fillMode = .both
            a.isRemovedOnCompletion = false
            layer.add(a, forKey: keyPath)
        }
        var seen: [String] = []
        for dt in [0, 1.0 / 60, 0.5, 1e6] {
            display.advance(by: dt)
            guard let p = layer.presentation() else { seen.append("no presentation"); break }
            if p.opacity.isNaN { seen.append("opacity at t=\(display.time)") }
            if p.position.x.isNaN || p.position.y.isNaN { seen.append("position at t=\(display.time)") }
        }
        return seen
    }

    @Test func extremeTimingNeverPresentsNaN() {
        let failing = Self.cases().compactMap { c -> String? in
            let seen = Self.nanValues(c)
            return seen.isEmpty ? nil : "\(c): \(seen.joined(separator: ", "))"
        }
        #expect(failing.isEmpty, "\(failing.count) cases present NaN:\n\(failing.prefix(10).joined(separator: "\n"))")
    }

    @Test func opposedExtremeValuesNeverPresentNaN() throws {
        // Minimal repro: a plain opacity animation between opposed extremes, read at its first frame (p = 0).
        let c = Case(duration: 0.5, speed: 1, repeatCount: 0, timeOffset: 0, autoreverses: false,
                     from: -1e308, to: 1e308, layerSpeed: 1)
        let seen = Self.nanValues(c)
        #expect(seen.isEmpty, "\(seen)")
    }
}
