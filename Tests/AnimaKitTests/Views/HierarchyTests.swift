import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A view that records its hierarchy callbacks.
final class NotifyingView: UIView {
    var log: [String] = []
    override func willMove(toSuperview newSuperview: UIView?) { log.append("willMoveToSuperview \(newSuperview == nil ? "nil" : "view")") }
    override func didMoveToSuperview() { log.append("didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log.append("willMoveToWindow \(newWindow == nil ? "nil" : "window")") }
    override func didMoveToWindow() { log.append("didMoveToWindow") }
}

@MainActor
@Suite("UIView hierarchy")
struct HierarchyTests {
    @Test func subviewOrderFollowsInsertsAndTheLayersFollow() {
        let parent = UIView()
        let a = addView(.zero, to: parent, tag: 1), b = addView(.zero, to: parent, tag: 2)
        let c = UIView(); c.tag = 3
        parent.insertSubview(c, at: 1)
        #expect(parent.subviews.map(\.tag) == [1, 3, 2])
        #expect(parent.layer.sublayers?.map { $0 === a.layer ? 1 : $0 === b.layer ? 2 : 3 } == [1, 3, 2])
        parent.bringSubviewToFront(a)
        #expect(parent.subviews.map(\.tag) == [3, 2, 1])
        parent.sendSubviewToBack(a)
        #expect(parent.subviews.map(\.tag) == [1, 3, 2])
        let d = UIView(); d.tag = 4
        parent.insertSubview(d, aboveSubview: a)
        #expect(parent.subviews.map(\.tag) == [1, 4, 3, 2])
        parent.insertSubview(d, belowSubview: a)
        #expect(parent.subviews.map(\.tag) == [4, 1, 3, 2])
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(parent.subviews.map(\.tag) == [2, 1, 3, 4])
        #expect(parent.layer.sublayers?.map { l in parent.subviews.first { $0.layer === l }!.tag } == [2, 1, 3, 4])
        b.removeFromSuperview()
        #expect(parent.subviews.map(\.tag) == [1, 3, 4])
        #expect(b.superview == nil && b.layer.superlayer == nil)
        #expect(parent.viewWithTag(3) === c)
        #expect(parent.viewWithTag(99) == nil)
    }

    @Test func addingAnAncestorIsRejected() {
        let root = UIView(), child = UIView(), grandchild = UIView()
        root.tag = 7301
        root.addSubview(child)
        child.addSubview(grandchild)
        grandchild.addSubview(root)
        child.addSubview(child)
        #expect(root.superview == nil)
        #expect(child.subviews.count == 1)
        #expect(diagnosticCount("a view cannot contain itself or an ancestor") >= 2)
        child.exchangeSubview(at: 0, withSubviewAt: 5)
        #expect(diagnosticCount("exchangeSubview(at: 0, withSubviewAt: 5)") >= 1)
    }

    @Test func windowAndMoveNotifications() {
        let (_, window) = makeWindow()
        let container = UIView()
        let view = NotifyingView()
        container.addSubview(view)
        #expect(view.window == nil)
        #expect(view.log == ["willMoveToSuperview view", "didMoveToSuperview"])
        view.log = []
        window.addSubview(container)
        #expect(view.window === window)
        #expect(view.log == ["willMoveToWindow window", "didMoveToWindow"])
        view.log = []
        container.removeFromSuperview()
        #expect(view.window == nil)
        #expect(view.log == ["willMoveToWindow nil", "didMoveToWindow"])
        #expect(view.isDescendant(of: container) && !view.isDescendant(of: window))
        #expect(view.next === container && window.next == nil)
    }

    @Test func convertBetweenViews() {
        let (_, window) = makeWindow()
        let parent = addView(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let child = addView(CGRect(x: 75, y: 25, width: 50, height: 50), to: parent)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 75, y: 25))      // TV54
        #expect(parent.convert(CGPoint.zero, to: child) == CGPoint(x: -75, y: -25))
        parent.bounds.origin = CGPoint(x: 10, y: 0)   // scrolls the content left by 10
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 65, y: 25))
        #expect(child.convert(CGPoint(x: 65, y: 25), from: nil) == .zero)
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        let r = child.convert(child.bounds, to: parent)
        #expect(isClose(r, CGRect(x: 50, y: 0, width: 100, height: 100)))
    }
}
