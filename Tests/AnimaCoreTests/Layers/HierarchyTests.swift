import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Sublayer operations (§5) and their cycle checks.
@MainActor
@Suite("Layer hierarchy")
struct HierarchyTests {
    func named(_ names: String...) -> [CALayer] {
        names.map { n in let l = CALayer(); l.name = n; return l }
    }

    func names(_ layer: CALayer) -> [String] { layer.sublayers?.map { $0.name ?? "?" } ?? [] }

    @Test func addAppendsAndSetsSuperlayer() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = named("p", "a", "b")
        let (p, a, b) = (l[0], l[1], l[2])
        #expect(p.sublayers == nil)
        p.addSublayer(a)
        p.addSublayer(b)
        #expect(names(p) == ["a", "b"])
        #expect(a.superlayer === p && b.superlayer === p)
        p.addSublayer(a)   // re-adding moves it to the top
        #expect(names(p) == ["b", "a"])
    }

    @Test func insertAtBelowAbove() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = named("p", "a", "b", "c", "d", "e")
        let (p, a, b, c, d, e) = (l[0], l[1], l[2], l[3], l[4], l[5])
        p.addSublayer(a)
        p.addSublayer(b)
        p.insertSublayer(c, at: 1)
        #expect(names(p) == ["a", "c", "b"])
        p.insertSublayer(d, below: b)
        #expect(names(p) == ["a", "c", "d", "b"])
        p.insertSublayer(e, above: a)
        #expect(names(p) == ["a", "e", "c", "d", "b"])
        p.insertSublayer(b, at: 0)   // moving within the same parent
        #expect(names(p) == ["b", "a", "e", "c", "d"])
        p.insertSublayer(c, at: 99)  // clamped to the end
        #expect(names(p) == ["b", "a", "e", "d", "c"])
    }

    @Test func insertMovesFromAnotherParent() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = named("p", "q", "a")
        let (p, q, a) = (l[0], l[1], l[2])
        p.addSublayer(a)
        q.insertSublayer(a, at: 0)
        #expect(p.sublayers == nil)
        #expect(names(q) == ["a"] && a.superlayer === q)
    }

    @Test func replaceSublayer() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = named("p", "a", "b", "c", "x")
        let (p, a, b, c, x) = (l[0], l[1], l[2], l[3], l[4])
        p.sublayers = [a, b, c]
        p.replaceSublayer(b, with: x)
        #expect(names(p) == ["a", "x", "c"])
        #expect(b.superlayer == nil && x.superlayer === p)
        // Replacing a layer that is not a sublayer changes nothing (and says so).
        let before = diagnosticCount("'p': replaceSublayer: 'b' is not a sublayer")
        p.replaceSublayer(b, with: a)
        #expect(names(p) == ["a", "x", "c"])
        #expect(diagnosticCount("'p': replaceSublayer: 'b' is not a sublayer") > before)
    }

    @Test func removeFromSuperlayer() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = named("p", "a", "b")
        let (p, a, b) = (l[0], l[1], l[2])
        p.sublayers = [a, b]
        a.removeFromSuperlayer()
        #expect(names(p) == ["b"] && a.superlayer == nil)
        a.removeFromSuperlayer()   // no-op
        b.removeFromSuperlayer()
        #expect(p.sublayers == nil)
    }

    @Test func sublayersSetterReplacesAll() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = named("p", "a", "b", "c")
        let (p, a, b, c) = (l[0], l[1], l[2], l[3])
        p.sublayers = [a, b]
        p.sublayers = [c, a]
        #expect(names(p) == ["c", "a"])
        #expect(b.superlayer == nil && c.superlayer === p)
        p.sublayers = nil
        #expect(p.sublayers == nil && a.superlayer == nil)
    }

    @Test func sublayerChangesMarkLayout() {
        _ = HeadlessDisplay(width: 10, height: 10)
        let l = named("p", "a")
        l[0].addSublayer(l[1])
        #expect(l[0].needsLayout())
    }

    @Test func renderTreeFollowsSublayerOrder() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let l = named("order-a", "order-b")
        display.rootLayer.addSublayer(l[0])
        display.rootLayer.insertSublayer(l[1], below: l[0])
        display.advance(by: 0)
        #expect(display.renderTree.nodes.map(\.name) == ["root", "order-b", "order-a"])
        CATransaction.begin()
        CATransaction.setDisableActions(true)   // an implicit animation would start from 0: the order follows it
        l[1].zPosition = 1   // zPosition draws above later siblings
        CATransaction.commit()
        display.advance(by: 0)
        #expect(display.renderTree.nodes.map(\.name) == ["root", "order-a", "order-b"])
    }
}

/// The drawing order kept incrementally (`CALayer+DrawingOrder`): each change of one sublayer's `zPosition`
/// moves it alone, and the order always equals a fresh stable sort of the sublayers by model `zPosition`.
@MainActor
@Suite("Drawing order")
struct DrawingOrderTests {
    @Test func incrementalOrderEqualsAStableSortAfterEveryChange() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let parent = CALayer()
        display.rootLayer.addSublayer(parent)
        let children = (0..<40).map { i -> CALayer in
            let layer = CALayer()
            layer.name = "c\(i)"
            parent.addSublayer(layer)
            return layer
        }
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for step in 0..<300 {
            switch next(10) {
            case 0: parent.insertSublayer(children[next(children.count)], at: UInt32(next(40)))
            default: children[next(children.count)].zPosition = CGFloat(next(5)) - 2
            }
            let expected = (parent.sublayers ?? []).enumerated().sorted {
                $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
            }.map { $0.element.name }
            display.advance(by: 0)
            let drawn = display.renderTree.nodes.filter { $0.parent >= 0 && display.renderTree.nodes[$0.parent].layerID == parent.layerID }
                .map(\.name)
            if drawn != expected { Issue.record("step \(step): drew \(drawn), expected \(expected)"); break }
        }
        CATransaction.commit()
    }
}
