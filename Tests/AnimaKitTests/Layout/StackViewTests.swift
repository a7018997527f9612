import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaDynamics
@testable import AnimaKit

/// `UIStackView`: frames checked against UIKit's rules worked by hand (distribution along the axis, alignment
/// across it, hidden views closed), and the hiding animation of an arranged view inside an animation block.
@MainActor
@Suite("UIStackView")
struct StackViewTests {
    /// A view whose own size constraints give it `width` and `height` (nil: none on that axis).
    private func sized(_ width: CGFloat?, _ height: CGFloat? = nil) -> UIView {
        let view = UIView()
        if let width { view.widthAnchor.constraint(equalToConstant: width).isActive = true }
        if let height { view.heightAnchor.constraint(equalToConstant: height).isActive = true }
        return view
    }

    private func stack(_ views: [UIView], _ frame: CGRect, axis: NSLayoutConstraint.Axis = .horizontal,
                       spacing: CGFloat = 0, distribution: UIStackView.Distribution = .fill,
                       alignment: UIStackView.Alignment = .fill) -> UIStackView {
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = frame
        stack.axis = axis
        stack.spacing = spacing
        stack.distribution = distribution
        stack.alignment = alignment
        stack.layoutIfNeeded()
        return stack
    }

    @Test("fill: natural widths, the space left to the view hugging least, ties to the first")
    func fillStretchesTheLeastHuggingView() {
        let a = sized(40), b = sized(60), c = UIView()
        let s = stack([a, b, c], CGRect(x: 0, y: 0, width: 300, height: 50), spacing: 10)
        // All hug at 250: the first stretches (UIKit: "based on their index"; which end is our reading).
        #expect(a.frame == CGRect(x: 0, y: 0, width: 220, height: 50))
        #expect(b.frame == CGRect(x: 230, y: 0, width: 60, height: 50))
        #expect(c.frame == CGRect(x: 300, y: 0, width: 0, height: 50))
        c.setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        s.layoutIfNeeded()
        #expect(a.frame.width == 40 && b.frame.minX == 50 && c.frame == CGRect(x: 120, y: 0, width: 180, height: 50))
    }

    @Test("fill: space missing is taken from the lowest compression resistance")
    func fillShrinksTheLeastResistantView() {
        let a = sized(100), b = sized(100)
        b.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        _ = stack([a, b], CGRect(x: 0, y: 0, width: 150, height: 20))
        #expect(a.frame.width == 100 && b.frame == CGRect(x: 100, y: 0, width: 50, height: 20))
    }

    @Test("fillEqually and fillProportionally share the room left by the spacing")
    func equalAndProportionalShares() {
        let views = (0..<3).map { _ in UIView() }
        _ = stack(views, CGRect(x: 0, y: 0, width: 40, height: 300), axis: .vertical, spacing: 15, distribution: .fillEqually)
        #expect(views.map(\.frame.minY) == [0, 105, 210] && views.allSatisfy { $0.frame.height == 90 && $0.frame.width == 40 })
        let a = sized(10), b = sized(30)
        _ = stack([a, b], CGRect(x: 0, y: 0, width: 200, height: 10), distribution: .fillProportionally)
        #expect(a.frame.width == 50 && b.frame == CGRect(x: 50, y: 0, width: 150, height: 10))
    }

    @Test("equalSpacing spreads the gaps; equalCentering the centres")
    func equalSpacingAndCentering() {
        let views = (0..<3).map { _ in sized(20) }
        _ = stack(views, CGRect(x: 0, y: 0, width: 200, height: 10), spacing: 4, distribution: .equalSpacing)
        #expect(views.map(\.frame.minX) == [0, 90, 180] && views.allSatisfy { $0.frame.width == 20 })
        let centred = [sized(20), sized(40), sized(20)]
        _ = stack(centred, CGRect(x: 0, y: 0, width: 200, height: 10), distribution: .equalCentering)
        #expect(centred.map(\.frame.midX) == [10, 100, 190])
    }

    @Test("alignment places views across the axis at their own height", arguments: [
        (UIStackView.Alignment.leading, 0.0), (.top, 0), (.center, 30), (.trailing, 60), (.bottom, 60),
    ])
    func alignmentAcross(_ alignment: UIStackView.Alignment, _ y: CGFloat) {
        let a = sized(50, 40)
        _ = stack([a], CGRect(x: 0, y: 0, width: 50, height: 100), alignment: alignment)
        #expect(a.frame == CGRect(x: 0, y: y, width: 50, height: 40))
    }

    @Test("a hidden arranged view takes no space and no spacing, and closes where it would start")
    func hiddenViewsClose() {
        let a = sized(40), b = sized(60), c = sized(30)
        c.setContentHuggingPriority(.required, for: .horizontal)
        let s = stack([a, b, c], CGRect(x: 0, y: 0, width: 150, height: 20), spacing: 10, alignment: .leading)
        b.isHidden = true
        s.layoutIfNeeded()
        #expect(a.frame.width == 110)    // the room b and its spacing left, to the first view hugging least
        #expect(b.frame == CGRect(x: 110, y: 0, width: 0, height: 0))
        #expect(c.frame.minX == 120)
        #expect(s.intrinsicContentSize == CGSize(width: 80, height: 0))   // 40 + 10 + 30; no heights of their own
        s.removeArrangedSubview(c)
        #expect(c.superview === s && s.arrangedSubviews.count == 2)       // still a subview, no longer arranged
        a.removeFromSuperview()
        #expect(s.arrangedSubviews.map { $0 === b } == [true])
    }

    @Test("hidden inside an animation block: the others close the gap over the duration, and it stays shown till the end")
    func hidingAnimates() {
        let (display, window) = makeWindow()
        let a = sized(100, 100), b = sized(100, 100), c = sized(100, 100)
        let spacer = UIView()            // takes the room b leaves: it hugs least
        spacer.setContentHuggingPriority(UILayoutPriority(1), for: .vertical)
        let s = UIStackView(arrangedSubviews: [a, b, c, spacer])
        s.axis = .vertical
        s.alignment = .leading
        s.frame = CGRect(x: 0, y: 0, width: 100, height: 300)
        window.addSubview(s)
        display.advance(by: 1.0 / 60)
        #expect(c.frame.minY == 200)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { b.isHidden = true }
        #expect(c.frame.minY == 100 && b.isHidden)     // the model is final at once
        display.advance(by: 0.5)
        let midway = shown(c).position.y               // c's centre: from 250 to 150, linearly
        #expect(abs(midway - 200) < 2)
        #expect(shown(b).isHidden == false)            // still shown while it closes
        display.advance(by: 0.6)
        #expect(shown(c).position.y == 150)
        #expect(shown(b).isHidden)
        withExtendedLifetime(window) {}
    }

    @Test("isLayoutMarginsRelativeArrangement arranges within the layout margins (8 points by default)")
    func layoutMarginsInsetTheArrangement() {
        let a = sized(40), b = UIView()
        let s = stack([a, b], CGRect(x: 0, y: 0, width: 200, height: 50), spacing: 10)
        s.isLayoutMarginsRelativeArrangement = true
        s.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 8, y: 8, width: 174, height: 34))   // the first stretches: 200 − 16 − 10, b has 0
        s.layoutMargins = UIEdgeInsets(top: 5, left: 20, bottom: 5, right: 30)
        s.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 20, y: 5, width: 140, height: 40) && b.frame == CGRect(x: 170, y: 5, width: 0, height: 40))
        #expect(s.intrinsicContentSize == CGSize(width: 40 + 10 + 50, height: 10))
        s.layoutMargins = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        #expect(s.layoutMargins.left == 20)
    }

    @Test("bad values are refused and reported")
    func badValues() {
        let a = sized(40)
        let s = stack([a], CGRect(x: 0, y: 0, width: 100, height: 10), spacing: 5)
        s.spacing = .nan
        #expect(s.spacing == 5)
        s.setCustomSpacing(.infinity, after: a)
        #expect(s.customSpacing(after: a) == UIStackView.spacingUseDefault)
        a.setContentHuggingPriority(UILayoutPriority(.nan), for: .horizontal)
        #expect(a.contentHuggingPriority(for: .horizontal) == .defaultLow)
        s.addArrangedSubview(s)
        #expect(s.arrangedSubviews.count == 1)
    }
}
