import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// Clicking anywhere on a gallery card opens its demo once: the title button, the summary text (a label,
/// which ignores touches as in UIKit) and the empty margin.
@MainActor
@Suite("Gallery: clicking a card")
struct GalleryTests {
    func click(at point: CGPoint) -> [String] {
        let display = HeadlessDisplay(width: 640, height: 480)
        display.makeCurrent()
        let window = UIWindow(display: display)
        var picked: [String] = []
        let gallery = GalleryView(frame: window.bounds) { picked.append($0.name) }
        window.addSubview(gallery)
        display.advance(by: 0)
        display.send(.pointer(PointerEvent(phase: .began, location: point, timestamp: display.time)))
        display.advance(by: 0.05)
        display.send(.pointer(PointerEvent(phase: .ended, location: point, timestamp: display.time)))
        display.advance(by: 0.05)
        withExtendedLifetime(window) {}
        return picked
    }

    func point(in name: String, _ pick: (GalleryView) -> UIView?) -> CGPoint {
        let gallery = GalleryView(frame: CGRect(x: 0, y: 0, width: 640, height: 480)) { _ in }
        guard let view = pick(gallery) else { return .zero }
        return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: gallery)
    }

    @Test(arguments: ["title", "summary", "margin"])
    func clickingThe(_ part: String) {
        let name = "quiz"
        let target: CGPoint
        switch part {
        case "title": target = point(in: name) { $0.button(for: name) }
        case "summary": target = point(in: name) { $0.card(for: name)?.subviews.last }
        default:
            // The card's empty margin, just above its bottom edge.
            let gallery = GalleryView(frame: CGRect(x: 0, y: 0, width: 640, height: 480)) { _ in }
            let card = gallery.card(for: name)
            target = point(in: name) { $0.card(for: name) }.applying(CGAffineTransform(translationX: 0, y: (card?.bounds.height ?? 0) / 2 - 2))
        }
        #expect(click(at: target) == [name], "clicking the \(part) at \(target)")
    }

    @Test func theSummaryIsALabelThatIgnoresTouches() throws {
        let gallery = GalleryView(frame: CGRect(x: 0, y: 0, width: 640, height: 480)) { _ in }
        let summary = try #require(gallery.card(for: "quiz")?.subviews.last as? UILabel)
        #expect(!summary.isUserInteractionEnabled)
    }
}
