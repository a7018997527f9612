import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// The immutable render tree: stable text dumps, determinism, structure.
@MainActor
@Suite("RenderTree")
struct RenderTreeTests {
    /// root 400×300 ⊃ a (frame 10,20,100,50; red) ⊃ b (frame 0,0,20,20 in a; opacity 0.5), c hidden.
    func makeTree() -> (HeadlessDisplay, CALayer) {
        let display = HeadlessDisplay(width: 400, height: 300)
        let a = CALayer()
        a.name = "a"
        a.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let b = CALayer()
        b.name = "b"
        b.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        b.opacity = 0.5
        let c = CALayer()
        c.name = "c"
        c.frame = CGRect(x: 300, y: 200, width: 10, height: 10)
        c.isHidden = true
        c.masksToBounds = true
        a.addSublayer(b)
        display.rootLayer.addSublayer(a)
        display.rootLayer.addSublayer(c)
        display.advance(by: 0)
        return (display, a)
    }

    @Test func dumpIsStableText() {
        let (display, _) = makeTree()
        // b's frame (0,0,20,20) in a, whose frame origin is (10,20): (10,20) → (30,40).
        #expect(display.renderTree.dump() == """
            root [0,0 → 400,300]
              a [10,20 → 110,70] bg=(1,0,0,1)
                b [10,20 → 30,40] opacity=0.5
              c [300,200 → 310,210] hidden masks
            """)
    }

    @Test func structure() throws {
        let (display, _) = makeTree()
        let tree = display.renderTree
        #expect(tree.nodes.count == 4)
        #expect(tree.children(of: -1) == [0])
        #expect(tree.children(of: 0) == [1, 3])
        #expect(tree.children(of: 1) == [2])
        #expect(tree.nodes[2].parent == 1 && tree.nodes[0].parent == -1)
        #expect(tree.nodes[0].layerID == display.rootLayer.layerID)
        #expect(try #require(tree.node(named: "b")).opacity == 0.5)
        #expect(tree.time == 0)
    }

    @Test func sameSceneTwiceGivesIdenticalDumps() {
        func run() -> [String] {
            let (display, a) = makeTree()
            a.add(basic("position.x", from: 0, to: 300, duration: 1), forKey: "move")
            let spin = basic("transform.rotation.z", from: 0, to: Double.pi, duration: 0.7)
            spin.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            a.add(spin, forKey: "spin")
            a.opacity = 0.2   // implicit animation as well
            var dumps: [String] = []
            for _ in 0..<5 {
                display.advance(by: 0.13)
                dumps.append(display.renderTree.dump())
            }
            return dumps
        }
        let first = run(), second = run()
        #expect(first == second)
        #expect(Set(first).count == 5)   // the scene really moved between samples
    }

    @Test func renderTreeMatchesPresentation() throws {
        let (display, a) = makeTree()
        a.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "move")
        display.advance(by: 0)
        display.advance(by: 0.5)
        let node = try #require(display.renderTree.node(named: "a"))
        #expect(node.position == (try #require(a.presentation())).position)
        #expect(isClose(node.position.x, 50))
    }

    @Test func renderTreeIsAValueSnapshot() {
        let (display, a) = makeTree()
        let before = display.renderTree
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        a.position = CGPoint(x: 0, y: 0)
        CATransaction.commit()
        display.advance(by: 0)
        #expect(before.node(named: "a")?.position == CGPoint(x: 60, y: 45))   // unchanged copy
        #expect(display.renderTree.node(named: "a")?.position == .zero)
    }
}

/// A layer that redraws while `cornerRadius` animates and whose drawing changes its model layer's appearance
/// (border, shadow, background), as drawing code that keeps state on the layer might.
private final class RestlessLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "cornerRadius" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let model = model()
        model.borderWidth += 1
        model.shadowOpacity = 0.5
        model.backgroundColor = CGColor(red: 0, green: 0, blue: model.borderWidth / 100, alpha: 1)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
}

@MainActor
@Suite("RenderTree while drawing changes the model")
struct RenderTreeDrawingChangesTests {
    /// Evaluation reads each layer's appearance without retaining it and holds it only around drawing, which runs
    /// the app's code: drawing that replaces the model's appearance mid-frame must leave the frame and the next
    /// ones consistent.
    @Test func drawingThatChangesItsModelDuringAFrame() {
        let display = HeadlessDisplay(width: 200, height: 200)
        var layers: [RestlessLayer] = []
        for i in 0..<8 {
            let layer = RestlessLayer()
            layer.frame = CGRect(x: Double(i) * 20, y: 0, width: 16, height: 16)
            layer.setNeedsDisplay()
            display.rootLayer.addSublayer(layer)
            layers.append(layer)
        }
        display.advance(by: 0)
        for layer in layers {
            let radius = CABasicAnimation(keyPath: "cornerRadius")
            radius.fromValue = 0
            radius.toValue = 8
            radius.duration = 0.5
            layer.add(radius, forKey: "radius")
        }
        for _ in 0..<40 { display.advance(by: 1.0 / 60) }
        // Every frame while animated redrew each layer from its presentation, and each draw bumped the model's
        // border width (an implicit animation, 0.25 s, each time); once all are over, the tree shows the model's
        // appearance as drawing left it.
        display.advance(by: 1)
        display.advance(by: 1)
        let nodes = display.renderTree.nodes.dropFirst()
        #expect(nodes.count == layers.count)
        for (node, layer) in zip(nodes, layers) {
            #expect(layer.borderWidth > 10)
            #expect(node.borderWidth == layer.borderWidth && node.shadowOpacity == 0.5)
            #expect(node.backgroundColor == RGBA(red: 0, green: 0, blue: Float(layer.borderWidth / 100), alpha: 1))
        }
    }
}
