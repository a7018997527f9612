import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Bad input on layers: each call is rejected with a diagnostic naming the layer, and the model
/// and tree are left as they were.
@MainActor
@Suite("Layer bad input")
struct LayerBadInputTests {
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity])
    func nonFinitePosition(bad: CGFloat) throws {
        let name = "bad-position-\(bad)"
        let (display, layer) = makeScene(name, at: 1)
        layer.position = CGPoint(x: bad, y: 10)
        #expect(diagnosticCount("'\(name)': rejected position") == 1)
        #expect(layer.position == CGPoint(x: 50, y: 50))
        #expect(layer.animationKeys() == nil)
        display.advance(by: 0.1)
        #expect(display.renderTree.node(named: name)?.position == CGPoint(x: 50, y: 50))
    }

    @Test func nonFiniteBounds() {
        let (_, layer) = makeScene("bad-bounds", at: 1)
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        layer.bounds.size.height = .nan
        #expect(diagnosticCount("'bad-bounds': rejected bounds") == 2)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func nonFiniteFrame() {
        let (_, layer) = makeScene("bad-frame", at: 1)
        layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        #expect(diagnosticCount("'bad-frame': rejected frame") == 1)
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func nanOpacity() {
        let (_, layer) = makeScene("bad-opacity", at: 1)
        layer.opacity = .nan
        #expect(diagnosticCount("'bad-opacity': rejected opacity") == 1)
        #expect(layer.opacity == 1)
        #expect(layer.animationKeys() == nil)
    }

    @Test func nonFiniteTransformAndColor() {
        let (_, layer) = makeScene("bad-transform", at: 1)
        layer.transform = CATransform3DMakeScale(.nan, 1, 1)
        layer.backgroundColor = CGColor(red: .infinity, green: 0, blue: 0, alpha: 1)
        #expect(diagnosticCount("'bad-transform': rejected transform") == 1)
        #expect(diagnosticCount("'bad-transform': rejected backgroundColor") == 1)
        #expect(layer.transform == CATransform3DIdentity && layer.backgroundColor == nil)
    }

    @Test func nonFiniteLayerTiming() {
        let (_, layer) = makeScene("bad-layer-timing", at: 1)
        layer.speed = .nan
        layer.beginTime = .infinity
        layer.timeOffset = .nan
        #expect(diagnosticCount("'bad-layer-timing': rejected speed NaN") == 1)
        #expect(diagnosticCount("'bad-layer-timing': rejected beginTime") == 1)
        #expect(diagnosticCount("'bad-layer-timing': rejected timeOffset") == 1)
        #expect(layer.speed == 1 && layer.beginTime == 0 && layer.timeOffset == 0)
        #expect(layer.convertTime(5, from: nil) == 5)
    }

    @Test func addingALayerToItself() {
        let (display, layer) = makeScene("bad-self", at: 1)
        layer.addSublayer(layer)
        #expect(diagnosticCount("'bad-self': rejected insertSublayer of 'bad-self'") == 1)
        #expect(layer.sublayers == nil)
        #expect(layer.superlayer === display.rootLayer)
        #expect(display.rootLayer.sublayers?.count == 1)
    }

    @Test func addingALayerToItsDescendant() {
        let (display, parent) = makeScene("bad-cycle-parent", at: 1)
        let child = CALayer(), grandchild = CALayer()
        child.name = "bad-cycle-child"
        grandchild.name = "bad-cycle-grandchild"
        parent.addSublayer(child)
        child.addSublayer(grandchild)
        display.advance(by: 0)
        let dump = display.renderTree.dump()
        grandchild.addSublayer(parent)
        child.insertSublayer(parent, at: 0)
        grandchild.insertSublayer(parent, below: nil)
        grandchild.insertSublayer(parent, above: nil)
        grandchild.sublayers = [parent]
        #expect(diagnosticCount("'bad-cycle-grandchild': rejected insertSublayer of 'bad-cycle-parent'") == 1)
        #expect(diagnosticCount("'bad-cycle-grandchild': rejected sublayers = of 'bad-cycle-parent'") == 1)
        #expect(diagnosticCount("'bad-cycle-child': rejected insertSublayer of 'bad-cycle-parent'") == 1)
        #expect(diagnosticCount("'bad-cycle-grandchild': rejected insertSublayer(below:)") == 1)
        #expect(diagnosticCount("'bad-cycle-grandchild': rejected insertSublayer(above:)") == 1)
        #expect(parent.superlayer === display.rootLayer)
        #expect(parent.sublayers?.count == 1 && child.sublayers?.count == 1 && grandchild.sublayers == nil)
        display.advance(by: 0)
        #expect(display.renderTree.dump() == dump)
    }

    @Test func sublayersSetterWithAnAncestorLeavesTheTreeUnchanged() {
        let (display, parent) = makeScene("bad-setter-parent", at: 1)
        let child = CALayer(), a = CALayer(), b = CALayer()
        child.name = "bad-setter-child"
        parent.addSublayer(child)
        child.sublayers = [a, b]
        display.advance(by: 0)
        let dump = display.renderTree.dump()
        let fresh = CALayer()
        child.sublayers = [fresh, parent]   // parent is child's ancestor: the whole call is rejected
        #expect(diagnosticCount("'bad-setter-child': rejected sublayers = of 'bad-setter-parent'") == 1)
        #expect(child.sublayers?.count == 2)
        #expect(child.sublayers?.first === a && child.sublayers?.last === b)
        #expect(a.superlayer === child && b.superlayer === child && fresh.superlayer == nil)
        #expect(parent.superlayer === display.rootLayer)
        display.advance(by: 0)
        #expect(display.renderTree.dump() == dump)
    }

    @Test func replacingWithAnAncestor() {
        let (_, parent) = makeScene("bad-replace-parent", at: 1)
        let child = CALayer(), grandchild = CALayer()
        child.name = "bad-replace-child"
        parent.addSublayer(child)
        child.addSublayer(grandchild)
        child.replaceSublayer(grandchild, with: parent)
        #expect(diagnosticCount("'bad-replace-child': rejected replaceSublayer of 'bad-replace-parent'") == 1)
        #expect(child.sublayers?.first === grandchild && parent.sublayers?.first === child)
    }

    @Test func maskCannotBeSelfOrAncestor() {
        let (_, layer) = makeScene("bad-mask", at: 1)
        layer.mask = layer
        #expect(diagnosticCount("'bad-mask': rejected mask 'bad-mask'") == 1)
        #expect(layer.mask == nil)
    }


    /// A mask is drawn with the layer it masks, so it closes a cycle as a sublayer does: a layer's mask cannot draw
    /// the layer (through the mask's own mask or sublayers), and a mask's sublayers cannot include what it masks.
    /// Either would make evaluation recurse without end.
    @Test func masksCannotCloseACycle() {
        let (display, layer) = makeScene("mask-cycle", at: 1)
        let mask = CALayer(), maskOfMask = CALayer()
        mask.name = "mask-cycle-mask"; maskOfMask.name = "mask-cycle-inner"
        layer.mask = mask
        mask.mask = maskOfMask
        maskOfMask.mask = layer                    // layer → mask → maskOfMask → layer
        #expect(diagnosticCount("'mask-cycle-inner': rejected mask 'mask-cycle'") == 1)
        #expect(maskOfMask.mask == nil)
        mask.addSublayer(layer)                    // layer → mask → layer
        #expect(diagnosticCount("'mask-cycle-mask': rejected insertSublayer of 'mask-cycle': 'mask-cycle' draws this layer through a mask") == 1)
        #expect(layer.superlayer === display.rootLayer && mask.sublayers == nil)
        mask.sublayers = [CALayer(), layer]
        #expect(diagnosticCount("'mask-cycle-mask': rejected sublayers = of 'mask-cycle'") == 1)
        #expect(mask.sublayers == nil)
        display.advance(by: 0.1)
        #expect(display.renderTree.node(named: "mask-cycle")?.mask?.nodes.count == 1)
        // A mask that a sibling draws is no cycle: allowed.
        let sibling = CALayer()
        display.rootLayer.addSublayer(sibling)
        sibling.mask = mask
        #expect(sibling.mask === mask)
    }
}
