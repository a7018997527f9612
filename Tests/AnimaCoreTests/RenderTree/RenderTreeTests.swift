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
