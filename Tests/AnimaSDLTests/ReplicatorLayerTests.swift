import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// `CAReplicatorLayer`: its sublayers drawn once per instance, each instance moved by the instance transform once
/// more (about the replicator's centre), `instanceDelay` further behind in time, its alpha offset once more.
///
/// Values are exact: 10-point squares, axis-aligned, sampled at their centres.
@Suite(.serialized) @MainActor struct ReplicatorLayerTests: PixelPalette {

    let scene: TwoRendererScene
    var display: HeadlessDisplay { scene.display }

    init() throws { scene = try TwoRendererScene() }

    /// A 100-point replicator filling the display with one 10-point red square at (5, 45)…(15, 55).
    func replicator(_ configure: (CAReplicatorLayer) -> Void) -> (CAReplicatorLayer, CALayer) {
        let replicator = CAReplicatorLayer()
        let dot = CALayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        dot.name = "dot"
        dot.frame = CGRect(x: 5, y: 45, width: 10, height: 10)
        dot.backgroundColor = Self.red
        replicator.addSublayer(dot)
        configure(replicator)
        display.rootLayer.addSublayer(replicator)
        CATransaction.commit()
        return (replicator, dot)
    }

    /// The display-space centres of the nodes named `name`, in drawing order.
    func centres(_ name: String) -> [CGPoint] {
        display.renderTree.nodes.filter { $0.name == name }.map { node in
            let t = node.worldTransform
            let p = CGPoint(x: node.bounds.midX, y: node.bounds.midY)
            return CGPoint(x: p.x * t.m11 + p.y * t.m21 + t.m41, y: p.x * t.m12 + p.y * t.m22 + t.m42)
        }
    }

    @Test(arguments: Backend.allCases)
    func instancesFollowOneAnotherByTheTransform(_ backend: Backend) throws {
        _ = replicator {
            $0.instanceCount = 3
            $0.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        }
        let image = try scene.snapshot(backend)
        #expect(centres("dot") == [CGPoint(x: 10, y: 50), CGPoint(x: 40, y: 50), CGPoint(x: 70, y: 50)])
        for x in [10, 40, 70] { #expect(image.pixel(x: x, y: 50) == Self.opaqueRed) }
        #expect(image.pixel(x: 25, y: 50) == Self.clear)
        #expect(image.pixel(x: 90, y: 50) == Self.clear)     // no fourth
    }

    /// The instance colour multiplies what each instance draws, its offsets added once more per instance (each
    /// channel kept within 0…1): white squares shown red, then (½, 0, ½), then blue — and, past the range, still blue.
    @Test(arguments: Backend.allCases)
    func theInstanceColourTintsEachInstance(_ backend: Backend) throws {
        let (_, dot) = replicator {
            $0.instanceCount = 4
            $0.instanceTransform = CATransform3DMakeTranslation(25, 0, 0)
            $0.instanceColor = Self.red
            $0.instanceRedOffset = -0.5
            $0.instanceBlueOffset = 0.5
        }
        CATransaction.begin(); CATransaction.setDisableActions(true)
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        CATransaction.commit()
        let image = try scene.snapshot(backend)
        let expected = [RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255), RGBAPixel(red: 128, green: 0, blue: 128, alpha: 255),
                        RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255), RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255)]
        for (k, pixel) in expected.enumerated() {
            let p = try #require(image.pixel(x: 10 + 25 * k, y: 50))
            #expect(abs(Int(p.red) - Int(pixel.red)) <= 1 && p.green == 0 && abs(Int(p.blue) - Int(pixel.blue)) <= 1 && p.alpha == 255,
                    "instance \(k): \(p)")
        }
        // White again: no tint left on any node.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        display.rootLayer.sublayers?.compactMap { $0 as? CAReplicatorLayer }.forEach {
            $0.instanceColor = nil; $0.instanceRedOffset = 0; $0.instanceBlueOffset = 0
        }
        CATransaction.commit()
        display.advance(by: 0)
        #expect(display.renderTree.nodes.allSatisfy { $0.tint == nil })
    }

    /// Four quarter turns about the replicator's centre (50, 50) put the square at the four points of the compass.
    @Test func theTransformTurnsAboutTheCentre() {
        _ = replicator {
            $0.instanceCount = 4
            $0.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        display.advance(by: 0)
        let got = centres("dot").map { CGPoint(x: ($0.x * 1e6).rounded() / 1e6, y: ($0.y * 1e6).rounded() / 1e6) }
        #expect(got == [CGPoint(x: 10, y: 50), CGPoint(x: 50, y: 10), CGPoint(x: 90, y: 50), CGPoint(x: 50, y: 90)])
    }

    /// A linear fade 0 → 1 over 1 s, 0.6 s in: instance k, 0.25·k s behind, shows 0.6 − 0.25·k, times its alpha
    /// (1 − 0.1·k). An instance before the fade's start shows the model value (1), times its alpha. The fade's
    /// delegate hears of it once.
    @Test func instancesRunBehindInTimeAndFade() {
        final class Delegate: CAAnimationDelegate {
            var starts = 0, stops = 0
            func animationDidStart(_ anim: CAAnimation) { starts += 1 }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
        }
        let delegate = Delegate()
        let (_, dot) = replicator {
            $0.instanceCount = 4
            $0.instanceDelay = 0.25
            $0.instanceAlphaOffset = -0.1
            $0.instanceTransform = CATransform3DMakeTranslation(22, 0, 0)
        }
        display.advance(by: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        fade.delegate = delegate
        dot.add(fade, forKey: "fade")
        display.advance(by: 1.0 / 60)              // the frame that commits it: the fade begins here
        display.advance(by: 0.6)
        let opacities = display.renderTree.nodes.filter { $0.name == "dot" }.map { Double($0.opacity) }
        let expected = [0.6 * 1, 0.35 * 0.9, 0.1 * 0.8, 1 * 0.7]
        #expect(opacities.count == 4)
        for (got, want) in zip(opacities, expected) { #expect(abs(got - want) < 1e-6) }
        display.advance(by: 1)
        #expect(delegate.starts == 1 && delegate.stops == 1)
        let settled = display.renderTree.nodes.filter { $0.name == "dot" }.map { Double($0.opacity) }
        for (got, want) in zip(settled, [1, 0.9, 0.8, 0.7]) { #expect(abs(got - want) < 1e-6) }
    }

    /// A shape layer whose stroke grows over 1 s, replicated 30 points lower and 0.5 s behind: 0.75 s in, instance 0
    /// strokes 0.75 of its 80-point line (x 10…70) and instance 1 a quarter (x 10…30) — each copy drawn at its own time.
    @Test(arguments: Backend.allCases)
    func drawnLayersAreDrawnAtEachInstancesTime(_ backend: Backend) throws {
        let shape = CAShapeLayer()
        _ = replicator {
            $0.instanceCount = 2
            $0.instanceDelay = 0.5
            $0.instanceTransform = CATransform3DMakeTranslation(0, 30, 0)
            shape.frame = CGRect(x: 10, y: 10, width: 80, height: 20)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 10))
            path.addLine(to: CGPoint(x: 80, y: 10))
            shape.path = path
            shape.strokeColor = Self.red
            shape.lineWidth = 6
            $0.addSublayer(shape)
        }
        display.advance(by: 0)
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0; grow.toValue = 1; grow.duration = 1
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(grow, forKey: "grow")
        display.advance(by: 1.0 / 60)
        display.advance(by: 0.75)
        let image = try scene.snapshot(backend)
        #expect(image.pixel(x: 50, y: 20) == Self.opaqueRed)    // instance 0, past a quarter
        #expect(image.pixel(x: 20, y: 50) == Self.opaqueRed)    // instance 1, within its quarter
        #expect(image.pixel(x: 50, y: 50) == Self.clear)        // instance 1, not yet
    }

    @Test func aCountOfZeroDrawsNothingAndBadValuesAreRefused() {
        let (replicator, _) = replicator { $0.instanceCount = 0 }
        display.advance(by: 0)
        #expect(display.renderTree.nodes.filter { $0.name == "dot" }.map(\.opacity) == [0])
        replicator.instanceDelay = .nan
        replicator.instanceTransform = CATransform3DMakeScale(.infinity, 1, 1)
        #expect(replicator.instanceDelay == 0 && CATransform3DIsIdentity(replicator.instanceTransform))
        CATransaction.begin(); CATransaction.setDisableActions(true)   // instanceCount animates implicitly
        replicator.setValue(5, forKey: "instanceCount")
        CATransaction.commit()
        #expect(replicator.instanceCount == 5)
        display.advance(by: 0)
        #expect(display.renderTree.nodes.filter { $0.name == "dot" }.count == 5)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        replicator.instanceCount = Int.max          // clamped when drawn: a count that would stall every frame
        CATransaction.commit()
        display.advance(by: 0)
        #expect(display.renderTree.nodes.filter { $0.name == "dot" }.count == 100_000)
    }
}
