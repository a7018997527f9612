import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaDynamics
import AnimaSDL
@testable import AnimaKit

/// Draws eight orange discs in `draw(_:)` with UIBezierPath.
final class DotsView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.systemOrange.setFill()
        for i in 0..<8 {
            UIBezierPath(ovalIn: CGRect(x: 8 + CGFloat(i) * 28, y: 8, width: 22, height: 22)).fill()
        }
        UIColor.black.setStroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 8, y: 38))
        line.addLine(to: CGPoint(x: bounds.maxX - 8, y: 38))
        line.lineWidth = 2
        line.stroke()
    }
}

/// Views and their animations rendered with the Cairo software renderer (no GPU needed) and written to
/// `.build/anima-kit/` for people to look at, with pixel checks on the frames.
@MainActor
@Suite("View showcase", .serialized)
struct ViewShowcaseTests {
    private func write(_ image: CGImage, _ name: String) throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        url.appendPathComponent(".build/anima-kit", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try image.writePNG(to: url.appendingPathComponent("\(name).png"))
    }

    private func frame(_ display: HeadlessDisplay) -> CGImage {
        SoftwareRenderer.render(display.renderTree, width: Int(display.size.width), height: Int(display.size.height),
                                background: RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    private func isNear(_ p: RGBAPixel?, _ r: Int, _ g: Int, _ b: Int, within t: Int = 24) -> Bool {
        guard let p else { return false }
        return abs(Int(p.red) - r) <= t && abs(Int(p.green) - g) <= t && abs(Int(p.blue) - b) <= t
    }

    @Test func aViewHierarchy() throws {
        let (display, window) = makeWindow(width: 320, height: 200)
        window.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 280, height: 80))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 12
        card.layer.borderWidth = 3
        card.layer.borderColor = UIColor.black.cgColor
        window.addSubview(card)
        let dots = DotsView(frame: CGRect(x: 20, y: 120, width: 250, height: 46))
        dots.backgroundColor = .systemGray6
        window.addSubview(dots)
        let badge = UIView()
        badge.backgroundColor = .systemRed
        badge.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
            badge.centerYAnchor.constraint(equalTo: card.centerYAnchor),
            badge.widthAnchor.constraint(equalToConstant: 40),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
        ])
        display.advance(by: 0)
        #expect(badge.frame == CGRect(x: 224, y: 20, width: 40, height: 40))   // height follows width
        let image = frame(display)
        try write(image, "view-hierarchy")
        #expect(isNear(image.pixel(x: 60, y: 60), 0, 122, 255))          // the card
        #expect(isNear(image.pixel(x: 21, y: 21), 255, 255, 255))         // outside the rounded corner
        #expect(isNear(image.pixel(x: 264, y: 60), 255, 59, 48))          // the constrained badge
        #expect(isNear(image.pixel(x: 39, y: 139), 255, 149, 0))          // a disc drawn in draw(_:)
        #expect(isNear(image.pixel(x: 100, y: 158), 0, 0, 0, within: 60)) // the stroked line
    }

    /// Apple's spacer-guide example inside the margins: three buttons of natural widths, equal gaps between them.
    @Test func spacerGuidesInsideTheMargins() throws {
        let (display, window) = makeWindow(width: 400, height: 160)
        window.backgroundColor = .white
        window.layoutMargins = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let margins = window.layoutMarginsGuide
        let area = UIView()
        area.backgroundColor = UIColor(red: 1, green: 0.95, blue: 0.7, alpha: 1)
        area.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(area)
        let buttons = [(80.0, UIColor.systemBlue), (100, .systemGreen), (60, .systemOrange)].map { width, color in
            let button = SizedView()
            button.natural = CGSize(width: width, height: 40)
            button.backgroundColor = color
            button.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(button)
            button.centerYAnchor.constraint(equalTo: margins.centerYAnchor).isActive = true
            return button
        }
        let spaces = [UILayoutGuide(), UILayoutGuide()]
        spaces.forEach(window.addLayoutGuide)
        NSLayoutConstraint.activate([
            area.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            area.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            area.topAnchor.constraint(equalTo: margins.topAnchor),
            area.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            buttons[0].leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            spaces[0].leadingAnchor.constraint(equalTo: buttons[0].trailingAnchor),
            buttons[1].leadingAnchor.constraint(equalTo: spaces[0].trailingAnchor),
            spaces[1].leadingAnchor.constraint(equalTo: buttons[1].trailingAnchor),
            buttons[2].leadingAnchor.constraint(equalTo: spaces[1].trailingAnchor),
            buttons[2].trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            spaces[0].widthAnchor.constraint(equalTo: spaces[1].widthAnchor),
        ])
        display.advance(by: 0)
        // 368 points inside the margins less 240 of buttons: 64 on each side of the middle button.
        #expect(buttons.map(\.frame.minX) == [16, 160, 324] && spaces.map(\.layoutFrame.width) == [64, 64])
        let image = frame(display)
        try write(image, "layout-guides")
        #expect(isNear(image.pixel(x: 56, y: 80), 0, 122, 255))       // the first button
        #expect(isNear(image.pixel(x: 128, y: 80), 255, 242, 178))    // the first gap: the margins area shows
        #expect(isNear(image.pixel(x: 210, y: 80), 52, 199, 89))      // the middle button
        #expect(isNear(image.pixel(x: 292, y: 80), 255, 242, 178))    // the second gap
        #expect(isNear(image.pixel(x: 354, y: 80), 255, 149, 0))      // the last button
        #expect(isNear(image.pixel(x: 8, y: 80), 255, 255, 255))      // outside the margins
        #expect(isNear(image.pixel(x: 56, y: 30), 255, 242, 178))     // above the buttons, inside the margins
    }

    @Test func blockSpringAndAnimatorSheet() throws {
        let (display, window) = makeWindow(width: 320, height: 160)
        window.backgroundColor = .white
        let eased = addView(CGRect(x: 10, y: 10, width: 40, height: 40), to: window)
        eased.backgroundColor = .systemBlue
        let spring = addView(CGRect(x: 10, y: 60, width: 40, height: 40), to: window)
        spring.backgroundColor = .systemGreen
        let scrubbed = addView(CGRect(x: 10, y: 110, width: 40, height: 40), to: window)
        scrubbed.backgroundColor = .systemPurple
        display.advance(by: 0)
        UIView.animate(withDuration: 1) { eased.center.x = 290 }
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.45, initialSpringVelocity: 0, options: [],
                       animations: { spring.center.x = 290 })
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { scrubbed.center.x = 290 }
        animator.pauseAnimation()
        var frames: [CGImage] = []
        for i in 0...7 {
            if i < 4 { animator.fractionComplete = CGFloat(i) / 6 } else if i == 4 { animator.startAnimation() }
            display.advance(by: i == 0 ? 0 : 1.0 / 8)
            frames.append(frame(display))
        }
        try write(SoftwareRenderer.sheet(frames, columns: 4), "block-spring-animator-sheet")
        // Frame 4 (0.5 s): the eased box is half way, the spring box has overshot its target region.
        let mid = frames[4]
        let easedX = 30 + 260 * easeInOut(0.5)   // centre 30 → 290
        #expect(isNear(mid.pixel(x: Int(easedX), y: 30), 0, 122, 255))
        #expect(!isNear(mid.pixel(x: Int(easedX) - 25, y: 30), 0, 122, 255))
        let springShown = try #require(spring.layer.presentation()).position.x
        #expect(isNear(mid.pixel(x: Int(springShown), y: 80), 52, 199, 89))
        #expect(isNear(frames[3].pixel(x: 30 + 130, y: 130), 175, 82, 222))   // scrubbed linearly to one half
    }

    @Test func seedQuizSwapSheet() throws {
        let (display, window) = makeWindow(width: 400, height: 160)
        window.backgroundColor = .white
        let quiz = QuizScreen(in: window)
        quiz.currentQuestionLabel.backgroundColor = .systemIndigo
        quiz.nextQuestionLabel.backgroundColor = .systemPink
        quiz.nextButton.backgroundColor = .systemGray4
        quiz.nextButton.frame = CGRect(x: 150, y: 130, width: 100, height: 24)
        display.advance(by: 0.1)
        display.send(pointer(.began, 200, 140, in: display))
        display.send(pointer(.ended, 200, 140, in: display))
        var frames: [CGImage] = []
        for i in 0..<8 {
            display.advance(by: i == 0 ? 0 : 0.5 / 6)
            frames.append(frame(display))
        }
        try write(SoftwareRenderer.sheet(frames, columns: 4), "seed-002-quiz-sheet")
        // Half way (frame 3 = 0.25 s): indigo slides right fading out, pink slides in from the left fading
        // in; both at half opacity over white.
        #expect(isNear(frames[3].pixel(x: 395, y: 112), 171, 170, 234))
        #expect(isNear(frames[3].pixel(x: 2, y: 112), 255, 150, 170))
        #expect(isNear(frames[7].pixel(x: 200, y: 112), 255, 45, 85))   // the next question is in place
    }

    @Test func seedPanSheet() throws {
        let (display, window) = makeWindow(width: 400, height: 160)
        window.backgroundColor = .white
        let flow = PanFlow(in: window)
        flow.view.frame.origin.y = 30
        display.advance(by: 0)
        flow.began()
        var frames: [CGImage] = []
        for x in [0, 20, 40, 60] {            // the finger drags 60 % of the way
            flow.changed(translationX: CGFloat(x))
            display.advance(by: 1.0 / 30)
            frames.append(frame(display))
        }
        flow.ended()                          // past half way: it continues to the right
        for _ in 0..<4 {
            display.advance(by: 0.15)
            frames.append(frame(display))
        }
        try write(SoftwareRenderer.sheet(frames, columns: 4), "seed-001-pan-sheet")
        #expect(isNear(frames[3].pixel(x: 180 + 50, y: 80), 255, 255, 0))   // scrubbed to 60 %: x = 180
        #expect(isNear(frames[7].pixel(x: 350, y: 80), 255, 255, 0))        // arrived on the right
        #expect(flow.endings == [.end])
    }
}
