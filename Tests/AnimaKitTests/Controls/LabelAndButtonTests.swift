import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaDynamics
@testable import AnimaKit

@MainActor
@Suite("UILabel and UIButton")
struct LabelAndButtonTests {
    /// How many pixels of `view`'s backing store are at least half opaque, per column range.
    private func inkColumns(_ view: UIView) -> [Int] {
        guard let image = view.layer.backingStore as? CGImage else { return [] }
        return (0..<image.width).filter { x in (0..<image.height).contains { image.pixel(x: x, y: $0)!.alpha > 128 } }
    }

    @Test func sizeThatFitsGrowsWithTheTextAndWrapsWhenLinesAreAllowed() {
        let label = UILabel()
        label.text = "Hi"
        let short = label.sizeThatFits(.zero)
        label.text = "Hello there, a longer line"
        let long = label.sizeThatFits(.zero)
        #expect(long.width > short.width * 3)
        #expect(isClose(long.height, short.height))
        #expect(label.intrinsicContentSize == long)
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(CGSize(width: 80, height: 0))
        #expect(wrapped.width <= 80)
        #expect(wrapped.height > long.height * 2.5)
        label.numberOfLines = 2
        let two = label.sizeThatFits(CGSize(width: 80, height: 0))
        #expect(isClose(two.height, long.height * 2, within: 2))
        label.text = nil
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test func textIsCentredVerticallyAndAlignedHorizontally() throws {
        let (display, window) = makeWindow()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        label.text = "mid"
        window.addSubview(label)
        display.advance(by: 0)
        let left = inkColumns(label)
        #expect(try #require(left.first) < 5)
        label.textAlignment = .right
        display.advance(by: 0)
        #expect(try #require(inkColumns(label).last) > 194)
        label.textAlignment = .center
        display.advance(by: 0)
        let centred = inkColumns(label)
        #expect(isClose(CGFloat(centred.first! + centred.last!) / 2, 100, within: 3))
        // Vertically: ink rows sit around the middle.
        let image = try #require(label.layer.backingStore as? CGImage)
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { image.pixel(x: $0, y: y)!.alpha > 128 } }
        #expect(isClose(CGFloat(rows.first! + rows.last!) / 2, 30, within: 4))
    }

    @Test func labelsIgnoreTouchesAndRejectNegativeLineCounts() {
        let label = UILabel()
        label.tag = 5120
        #expect(!label.isUserInteractionEnabled)
        label.numberOfLines = -3
        #expect(label.numberOfLines == 1)
        #expect(diagnosed("UILabel tag 5120", "rejected numberOfLines -3"))
        // Huge widths mean "no limit" and never reach Pango as an overflowing integer.
        var layout = TextLayout("abc", font: TextFont(size: 12))
        layout.maximumWidth = .greatestFiniteMagnitude
        #expect(layout.measure().size.width > 0)
    }

    @Test func attributedTextReplacesTextAndTheOtherWayRound() {
        let label = UILabel()
        label.attributedText = NSAttributedString(string: "styled", attributes: [.font: UIFont.boldSystemFont(ofSize: 30)])
        #expect(label.text == "styled")
        let bold = label.sizeThatFits(.zero)
        label.text = "styled"
        #expect(label.sizeThatFits(.zero).height < bold.height)
        #expect(label.attributedText?.string == "styled")
    }

    @Test func titlesFallBackToTheNormalState() {
        let button = UIButton(type: .system)
        button.setTitle("Drop", for: .normal)
        button.setTitle("Dropping..", for: .selected)
        #expect(button.title(for: .highlighted) == "Drop")
        #expect(button.title(for: .selected) == "Dropping..")
        #expect(button.currentTitle == "Drop")
        button.isSelected = true
        #expect(button.currentTitle == "Dropping..")
        #expect(button.titleLabel?.text == "Dropping..")
        button.isHighlighted = true   // [.selected, .highlighted] has no title: UIKit shows .normal's
        #expect(button.titleLabel?.text == "Drop")
    }

    @Test func aSystemButtonTintsItsTitleAndFadesItWhileHighlighted() {
        let button = UIButton(type: .system)
        button.setTitle("Reset", for: .normal)
        #expect(button.currentTitleColor == UIColor.systemBlue)
        button.isHighlighted = true
        #expect(button.titleLabel?.textColor == UIColor.systemBlue.withAlphaComponent(0.2))
        button.isHighlighted = false
        button.isEnabled = false
        #expect(button.currentTitleColor == .systemGray)
        button.isEnabled = true
        button.tintColor = .systemRed
        #expect(button.titleLabel?.textColor == .systemRed)
        button.setTitleColor(.black, for: .highlighted)
        button.isHighlighted = true
        #expect(button.titleLabel?.textColor == .black)
        let custom = UIButton(frame: .zero)
        #expect(custom.buttonType == .custom && custom.currentTitleColor == .white)
    }

    @Test func sizeToFitWrapsTheTitleWithUIKitsPadding() {
        let button = UIButton(type: .system)
        button.setTitle("Next Question", for: .normal)
        button.sizeToFit()
        let titleSize = button.titleLabel!.sizeThatFits(.zero)
        #expect(isClose(button.bounds.width, titleSize.width))
        #expect(isClose(button.bounds.height, titleSize.height + 12))
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        button.sizeToFit()
        #expect(isClose(button.bounds.width, titleSize.width + 20))
        button.layoutIfNeeded()
        #expect(isClose(button.titleLabel!.frame.midX, button.bounds.midX, within: 1))
    }

    @Test func aPrimaryActionGivesTheTitleAndRunsOnTap() {
        let (display, window) = makeWindow()
        var drops = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Drop") { _ in drops += 1 })
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        window.addSubview(button)
        #expect(button.currentTitle == "Drop")
        tap(display, at: CGPoint(x: 50, y: 30))
        #expect(drops == 1)
        button.sendActions(for: .touchUpInside)   // code sending touchUpInside does not trigger the primary action
        #expect(drops == 1)
    }

    /// The number of rows of `view`'s backing store with ink.
    private func inkRows(_ view: UIView) -> Int {
        guard let image = view.layer.backingStore as? CGImage else { return 0 }
        return (0..<image.height).filter { y in (0..<image.width).contains { image.pixel(x: $0, y: y)!.alpha > 128 } }.count
    }

    @Test func adjustsFontSizeToFitWidthShrinksALongLine() {
        let (display, window) = makeWindow()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        label.text = "A rather long line of text"
        label.lineBreakMode = .byClipping
        window.addSubview(label)
        display.advance(by: 0)
        let full = inkRows(label)
        label.adjustsFontSizeToFitWidth = true
        display.advance(by: 0)
        let shrunk = inkRows(label)
        #expect(shrunk > 0 && shrunk < full)
        #expect(try! #require(inkColumns(label).last) < 80)
    }

    @Test func aDisabledLabelDrawsDimmed() {
        let (display, window) = makeWindow()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        label.text = "█████"
        window.addSubview(label)
        display.advance(by: 0)
        func strongest() -> UInt8 {
            guard let image = label.layer.backingStore as? CGImage else { return 0 }
            var best: UInt8 = 0
            for y in 0..<image.height { for x in 0..<image.width { best = max(best, image.pixel(x: x, y: y)!.alpha) } }
            return best
        }
        #expect(strongest() == 255)
        label.isEnabled = false
        display.advance(by: 0)
        #expect(strongest() < 140)
    }

    @Test func aLeftAlignedButtonPutsItsTitleAtTheLeadingEdge() {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
        button.setTitle("Left", for: .normal)
        button.contentHorizontalAlignment = .left
        button.contentEdgeInsets = UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 0)
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame.minX == 12)
        button.setAttributedTitle(NSAttributedString(string: "Styled"), for: .normal)
        #expect(button.titleLabel?.text == "Styled" && button.currentAttributedTitle?.string == "Styled")
    }
}
