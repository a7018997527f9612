import Foundation
import AnimaCore
import AnimaGraphics

/// Compares the library's presentation and render tree with the reference, with these tolerances:
///
/// | what | tolerance | why |
/// |---|---|---|
/// | geometry, no curve solve | 1e-9 × 1 000 pt | exact formulas; a few dozen double operations on values up to ~1 000 |
/// | geometry after a Bézier or spring | 1e-6 × 1 000 pt | the library's iterative Bézier solve may stop near 1e-7 in progress |
/// | opacity | 1e-6 | stored as `Float` (ε ≈ 6e-8 on values ≲ 2) |
/// | world transform (projected corners) | 1e-6 × 1 000 pt | products of several layers' matrices, curve errors included |
@MainActor
enum SceneComparison {
    static let scale = 1_000.0
    static let exactTolerance = 1e-9 * scale
    static let curveTolerance = 1e-6 * scale
    static let opacityTolerance = 1e-6

    private static func components(_ v: RefValue) -> [Double] {
        switch v {
        case .number(let x): return [x]
        case .point(let x, let y): return [x, y]
        case .rect(let x, let y, let w, let h): return [x, y, w, h]
        case .matrix(let m): return m.m
        }
    }

    /// Whether every component differs by at most `tolerance`.
    static func isClose(_ a: RefValue, _ b: RefValue, within tolerance: Double) -> Bool {
        let (x, y) = (components(a), components(b))
        return x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// Records every disagreement between `reference` (in drawing order) and the real layers.
    static func compare(reference: [RefPresentedLayer], real: [Int: CALayer], renderTree: RenderTree,
                        time: Double, record: (String) -> Void) {
        for expected in reference {
            let name = "ref-\(expected.id)"
            guard let layer = real[expected.id], let got = LibraryBridge.presented(layer) else {
                record("\(name) has no presentation()")
                continue
            }
            let tolerance = expected.usedCurveSolve ? curveTolerance : exactTolerance
            let e = expected.geometry
            for property in [RefProperty.position, .bounds, .anchorPoint, .zPosition, .transform]
            where !isClose(e[property], got[property], within: tolerance) {
                record("\(name).\(property.rawValue) expected \(e[property]) got \(got[property])")
            }
            if abs(e.opacity - got.opacity) > opacityTolerance {
                record("\(name).opacity expected \(e.opacity) got \(got.opacity)")
            }
            // §1.2: convertTime(_:from: nil) is the composed layer time.
            let local = Double(layer.convertTime(time, from: nil))
            if abs(local - expected.localTime) > exactTolerance {
                record("\(name).convertTime(\(time), from: nil) = \(local), expected \(expected.localTime)")
            }
            compareNode(expected, renderTree: renderTree, name: name, tolerance: tolerance, record: record)
        }
        // Drawing order: depth first, siblings stably sorted by presented zPosition.
        let order = renderTree.nodes.compactMap { $0.name.flatMap { $0.hasPrefix("ref-") ? Int($0.dropFirst(4)) : nil } }
        if order != reference.map(\.id) {
            record("render order \(order.map { "ref-\($0)" }) expected \(reference.map { "ref-\($0.id)" })")
        }
    }

    /// The render node shows the same values, and its world transform maps the layer's bounds corners where
    /// the reference's does.
    private static func compareNode(_ expected: RefPresentedLayer, renderTree: RenderTree, name: String,
                                    tolerance: Double, record: (String) -> Void) {
        guard let node = renderTree.node(named: name) else {
            record("\(name) missing from the render tree")
            return
        }
        let e = expected.geometry
        let shown: [(String, RefValue, RefValue)] = [
            ("bounds", e.bounds, .rect(x: node.bounds.origin.x, y: node.bounds.origin.y,
                                       width: node.bounds.size.width, height: node.bounds.size.height)),
            ("position", e.position, .point(x: node.position.x, y: node.position.y)),
            ("anchorPoint", e.anchorPoint, .point(x: node.anchorPoint.x, y: node.anchorPoint.y)),
            ("zPosition", .number(e.zPosition), .number(node.zPosition)),
        ]
        for (key, want, got) in shown where !isClose(want, got, within: tolerance) {
            record("\(name) render node \(key) \(got), expected \(want)")
        }
        if abs(Double(node.opacity) - e.opacity) > opacityTolerance {
            record("\(name) render node opacity \(node.opacity), expected \(e.opacity)")
        }
        guard case .rect(let x, let y, let w, let h) = expected.geometry.bounds else { return }
        let world = LibraryBridge.matrix(node.worldTransform)
        for (cx, cy) in [(x, y), (x + w, y), (x, y + h)] {
            let e = expected.worldTransform.project(cx, cy), g = world.project(cx, cy)
            if abs(e.x - g.x) > curveTolerance || abs(e.y - g.y) > curveTolerance {
                record("\(name) world transform maps (\(cx), \(cy)) to (\(g.x), \(g.y)), expected (\(e.x), \(e.y))")
                return
            }
        }
    }
}
