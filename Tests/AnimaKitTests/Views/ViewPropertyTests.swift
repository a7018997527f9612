import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaDynamics
@testable import AnimaKit

/// A layer subclass for `layerClass` tests.
final class MarkerLayer: CALayer {}

/// A view whose layer is a `MarkerLayer`.
final class MarkerView: UIView {
    override class var layerClass: AnyClass { MarkerLayer.self }
}

/// Geometry and appearance properties map onto the backing layer (§5.4 geometry rules).
@MainActor
@Suite("UIView properties")
struct ViewPropertyTests {
    @Test func frameSetsCenterAndBounds() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))          // TV52
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.layer.position == view.center)
        view.center = CGPoint(x: 200, y: 300)
        #expect(view.frame == CGRect(x: 150, y: 275, width: 100, height: 50))   // TV51
        view.bounds = CGRect(x: 5, y: 5, width: 40, height: 20)
        #expect(view.frame == CGRect(x: 180, y: 290, width: 40, height: 20))
    }

    @Test func transformScalesTheFrameAboutTheCentre() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.center = CGPoint(x: 200, y: 300)
        view.transform = CGAffineTransform(scaleX: 2, y: 4)
        #expect(view.frame == CGRect(x: 100, y: 200, width: 200, height: 200))   // TV53
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 4))
        #expect(view.bounds.size == CGSize(width: 100, height: 50))
        view.transform3D = CATransform3DMakeScale(1, 1, 3)
        #expect(view.layer.transform == CATransform3DMakeScale(1, 1, 3))
    }

    @Test func appearanceMapsToTheLayer() {
        let view = UIView()
        view.alpha = 0.25
        #expect(view.layer.opacity == 0.25)
        view.backgroundColor = .systemBlue
        #expect(view.layer.backgroundColor == UIColor.systemBlue.cgColor)
        #expect(view.backgroundColor === UIColor.systemBlue)
        view.backgroundColor = nil
        #expect(view.layer.backgroundColor == nil)
        view.isHidden = true
        #expect(view.layer.isHidden)
        view.clipsToBounds = true
        #expect(view.layer.masksToBounds)
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        view.contentMode = .redraw
        #expect(view.layer.needsDisplayOnBoundsChange)
    }

    @Test func theViewIsItsLayersDelegateAndLayerClassIsUsed() {
        let plain = UIView()
        #expect(plain.layer.delegate === plain)
        #expect(type(of: plain.layer) == CALayer.self)
        let marked = MarkerView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(marked.layer is MarkerLayer)
        #expect(marked.layer.delegate === marked)
        #expect(marked.layer.bounds.size == CGSize(width: 10, height: 10))
    }

    @Test func changesOutsideAnimationBlocksDoNotAnimate() throws {
        let (display, window) = makeWindow()
        let view = addView(CGRect(x: 0, y: 0, width: 50, height: 50), to: window)
        display.advance(by: 0)
        view.center = CGPoint(x: 300, y: 200)
        view.alpha = 0.5
        view.backgroundColor = .red
        #expect(view.layer.animationKeys() == nil)
        display.advance(by: 0.01)
        #expect(shown(view).position == CGPoint(x: 300, y: 200))
        #expect(shown(view).opacity == 0.5)
        // A plain sublayer of the view (no view delegate) still animates implicitly.
        let sub = CALayer()
        view.layer.addSublayer(sub)
        display.advance(by: 0)
        sub.opacity = 0
        #expect(sub.animationKeys() == ["opacity"])
    }

    @Test func nonFiniteGeometryIsRejectedWithADiagnostic() {
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        view.tag = 9101
        view.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        view.center = CGPoint(x: CGFloat.infinity, y: 0)
        view.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)
        view.alpha = CGFloat.nan
        view.transform = CGAffineTransform(scaleX: CGFloat.nan, y: 1)
        #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(view.alpha == 1)
        #expect(view.transform == .identity)
        #expect(diagnosticCount("UIView UIView tag 9101") >= 5)
    }

    @Test func tintColorIsInherited() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        parent.tintColor = .red
        #expect(child.tintColor == .red)
        child.tintColor = .green
        parent.tintColor = .yellow
        #expect(child.tintColor == .green)
    }

    @Test func viewsAreDynamicItems() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let item: UIDynamicItem = view
        item.center = CGPoint(x: 70, y: 80)
        item.transform = CGAffineTransform(rotationAngle: 0.5)
        #expect(view.center == CGPoint(x: 70, y: 80))
        #expect(isClose(atan2(view.transform.b, view.transform.a), 0.5, within: 1e-12))
        #expect(item.bounds.size == CGSize(width: 100, height: 100))
    }
}
