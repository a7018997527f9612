import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Baselines as the eye sees them: the bottom of the ink of capital letters, read from each label's drawing in
/// window coordinates — not from the formula that placed the labels.
@MainActor
@Suite("Baselines")
struct BaselineTests {
    private func label(_ text: String, size: CGFloat, lines: Int = 1) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = UIFont.systemFont(ofSize: size)
        label.numberOfLines = lines
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }

    /// A stack of "HHH" labels of the font `sizes`, at its intrinsic size at (10, 10) in `window`.
    private func stackOfLabels(sizes: [CGFloat], axis: NSLayoutConstraint.Axis, alignment: UIStackView.Alignment,
                               spacing: CGFloat, baselineRelative: Bool = false,
                               in window: UIView) -> (UIStackView, [UILabel]) {
        let labels = sizes.map { label("HHH", size: $0) }
        for view in labels { view.translatesAutoresizingMaskIntoConstraints = true }
        let stack = UIStackView(arrangedSubviews: labels)
        stack.axis = axis
        stack.alignment = alignment
        stack.spacing = spacing
        stack.isBaselineRelativeArrangement = baselineRelative
        stack.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: stack.intrinsicContentSize)
        window.addSubview(stack)
        return (stack, labels)
    }

    /// The window y just below the lowest row of `label`'s drawing that is more than half covered: for capital
    /// letters, the last line's baseline (to within a pixel of antialiasing).
    private func inkBottom(_ label: UILabel, in window: UIView) throws -> CGFloat {
        let image = try #require(label.layer.backingStore as? CGImage)
        let scale = CGFloat(image.height) / label.bounds.height
        var lowest = -1
        for y in 0..<image.height where (0..<image.width).contains(where: { (image.pixel(x: $0, y: y)?.alpha ?? 0) > 128 }) {
            lowest = y
        }
        try #require(lowest >= 0, "\(label.text ?? "") drew nothing")
        return label.convert(CGPoint(x: 0, y: CGFloat(lowest + 1) / scale), to: window).y
    }

    @Test func firstBaselinesLineUpUnderAutoLayout() throws {
        let (display, window) = makeWindow()
        let small = label("HHH", size: 14), large = label("HHH", size: 40)
        let smallTop = label("HHH", size: 14), largeTop = label("HHH", size: 40)
        for view in [small, large, smallTop, largeTop] { window.addSubview(view) }
        NSLayoutConstraint.activate([
            small.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            small.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            large.leadingAnchor.constraint(equalTo: small.trailingAnchor, constant: 8),
            large.firstBaselineAnchor.constraint(equalTo: small.firstBaselineAnchor),
            // The same pair by their tops: what the baselines would be without baseline constraints.
            smallTop.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            smallTop.topAnchor.constraint(equalTo: window.topAnchor, constant: 150),
            largeTop.leadingAnchor.constraint(equalTo: smallTop.trailingAnchor, constant: 8),
            largeTop.topAnchor.constraint(equalTo: smallTop.topAnchor),
        ])
        display.advance(by: 0)
        let a = try inkBottom(small, in: window), b = try inkBottom(large, in: window)
        #expect(abs(a - b) <= 1, "baselines at \(a) and \(b)")
        #expect(large.frame.minY < small.frame.minY, "the larger text starts higher")
        let c = try inkBottom(smallTop, in: window), d = try inkBottom(largeTop, in: window)
        #expect(abs(c - d) > 10, "aligned by their tops, the baselines are \(abs(c - d)) apart")
    }

    /// A view without text has its baselines at its bottom edge; a label's last baseline is its last line's.
    @Test func aViewWithoutTextAndALastLine() throws {
        let (display, window) = makeWindow()
        let text = label("HH\nHH\nHH", size: 20, lines: 0)
        let box = UIView(), bar = UIView()
        for view in [box, bar] {
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
        }
        window.addSubview(text)
        NSLayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            text.topAnchor.constraint(equalTo: window.topAnchor, constant: 30),
            box.widthAnchor.constraint(equalToConstant: 10), box.heightAnchor.constraint(equalToConstant: 10),
            box.leadingAnchor.constraint(equalTo: text.trailingAnchor, constant: 4),
            box.lastBaselineAnchor.constraint(equalTo: text.lastBaselineAnchor),
            bar.widthAnchor.constraint(equalToConstant: 10), bar.heightAnchor.constraint(equalToConstant: 4),
            bar.leadingAnchor.constraint(equalTo: box.trailingAnchor, constant: 4),
            bar.firstBaselineAnchor.constraint(equalTo: box.firstBaselineAnchor),
        ])
        display.advance(by: 0)
        let last = try inkBottom(text, in: window)
        #expect(abs(box.frame.maxY - last) <= 1, "box bottom \(box.frame.maxY), last line's baseline \(last)")
        #expect(last > text.frame.minY + 2 * 20, "the third line, not the first")
        #expect(bar.frame.maxY == box.frame.maxY, "two views without text: bottoms")
    }

    /// A horizontal stack aligned by first baselines lines its labels' text up, and is tall enough for the
    /// deepest baseline above and the longest part below one.
    @Test func aStackViewAlignsFirstBaselines() throws {
        let (display, window) = makeWindow()
        let (stack, labels) = stackOfLabels(sizes: [12, 36, 20], axis: .horizontal, alignment: .firstBaseline, spacing: 6, in: window)
        let large = labels[1]
        display.advance(by: 0)
        let bottoms = try labels.map { try inkBottom($0, in: window) }
        #expect(bottoms.max()! - bottoms.min()! <= 1, "\(bottoms)")
        #expect(large.frame.minY == 0, "the deepest baseline's label at the top")
        #expect(stack.intrinsicContentSize.height >= large.intrinsicContentSize.height)
        // Aligned by their tops instead, the text does not line up.
        stack.alignment = .top
        stack.layoutIfNeeded()
        display.advance(by: 0)
        let topBottoms = try labels.map { try inkBottom($0, in: window) }
        #expect(topBottoms.max()! - topBottoms.min()! > 10, "\(topBottoms)")
    }

    /// `isBaselineRelativeArrangement`: a vertical stack's spacing runs from baseline to baseline.
    @Test func aVerticalStackSpacesBaselines() throws {
        let (display, window) = makeWindow()
        let (stack, labels) = stackOfLabels(sizes: [14, 30, 18], axis: .vertical, alignment: .leading, spacing: 40,
                                            baselineRelative: true, in: window)
        display.advance(by: 0)
        let baselines = try labels.map { try inkBottom($0, in: window) }
        #expect(abs(baselines[1] - baselines[0] - 40) <= 1 && abs(baselines[2] - baselines[1] - 40) <= 1, "\(baselines)")
        // Measured between the views' edges instead, the baselines are further apart.
        stack.isBaselineRelativeArrangement = false
        stack.frame.size = stack.intrinsicContentSize
        stack.layoutIfNeeded()
        display.advance(by: 0)
        let edges = try labels.map { try inkBottom($0, in: window) }
        #expect(edges[1] - edges[0] > 60, "\(edges)")
    }

    /// A button's baselines are its title's; a view of one's own names the label that gives its baseline.
    @Test func aButtonAndAViewOfOnesOwnTakeTheirLabelsBaselines() throws {
        let (display, window) = makeWindow()
        let caption = label("HHH", size: 13)
        let button = UIButton(type: .system)
        button.setTitle("HHH", for: .normal)
        button.titleLabel?.font = UIFont.systemFont(ofSize: 30)
        let card = CaptionedCard()
        for view in [button, card] as [UIView] { view.translatesAutoresizingMaskIntoConstraints = false }
        for view in [caption, button, card] as [UIView] { window.addSubview(view) }
        NSLayoutConstraint.activate([
            caption.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            caption.topAnchor.constraint(equalTo: window.topAnchor, constant: 60),
            button.leadingAnchor.constraint(equalTo: caption.trailingAnchor, constant: 8),
            button.firstBaselineAnchor.constraint(equalTo: caption.firstBaselineAnchor),
            card.leadingAnchor.constraint(equalTo: button.trailingAnchor, constant: 8),
            card.widthAnchor.constraint(equalToConstant: 80), card.heightAnchor.constraint(equalToConstant: 60),
            card.firstBaselineAnchor.constraint(equalTo: caption.firstBaselineAnchor),
        ])
        display.advance(by: 0)
        let reference = try inkBottom(caption, in: window)
        let title = try #require(button.titleLabel)
        #expect(abs(try inkBottom(title, in: window) - reference) <= 1)
        #expect(abs(try inkBottom(card.title, in: window) - reference) <= 1)
        #expect(card.frame.maxY - reference > 5, "the card is measured by its label, not its bottom")
    }
}

/// A view with a label inside, which gives its baseline (UIKit's `forFirstBaselineLayout` override).
@MainActor
private final class CaptionedCard: UIView {
    let title = UILabel(frame: CGRect(x: 8, y: 10, width: 60, height: 20))

    override init(frame: CGRect) {
        super.init(frame: frame)
        title.text = "HHH"
        title.font = UIFont.systemFont(ofSize: 16)
        addSubview(title)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var forFirstBaselineLayout: UIView { title }
}
