import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Seed 002 (Big Nerd Ranch ch. 7): the quiz's "Next Question" slides and fades two labels by animating
/// centre-x constraint constants with `layoutIfNeeded()` inside the block, and swaps them in the completion.
/// Labels are stand-ins with an intrinsic size (UILabel is another part of AnimaKit); the button is a view
/// that calls back when a touch ends on it, so the whole flow runs from injected pointer events.
@MainActor
final class QuizScreen {
    /// A view that runs `action` when a touch ends inside it (a minimal button).
    final class TapTarget: UIView {
        var action: () -> Void = {}
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            if let t = touches.first, bounds.contains(t.location(in: self)) { action() }
        }
    }

    let view: UIView
    var currentQuestionLabel: SizedView
    var nextQuestionLabel: SizedView
    var currentQuestionLabelCenterXConstraint: NSLayoutConstraint
    var nextQuestionLabelCenterXConstraint: NSLayoutConstraint
    let nextButton = TapTarget(frame: CGRect(x: 150, y: 250, width: 100, height: 40))
    var completions: [Bool] = []

    init(in window: UIWindow) {
        let root = UIView(frame: window.bounds)
        view = root
        window.addSubview(root)
        func label() -> SizedView {
            let l = SizedView()
            l.natural = CGSize(width: 120, height: 24)
            l.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(l)
            l.topAnchor.constraint(equalTo: root.topAnchor, constant: 100).isActive = true
            return l
        }
        currentQuestionLabel = label()
        nextQuestionLabel = label()
        currentQuestionLabelCenterXConstraint = currentQuestionLabel.centerXAnchor.constraint(equalTo: root.centerXAnchor)
        nextQuestionLabelCenterXConstraint = nextQuestionLabel.centerXAnchor.constraint(equalTo: root.centerXAnchor)
        NSLayoutConstraint.activate([currentQuestionLabelCenterXConstraint, nextQuestionLabelCenterXConstraint])
        view.addSubview(nextButton)
        nextButton.action = { [unowned self] in self.showNextQuestion() }
        // viewWillAppear / viewDidLoad
        nextQuestionLabel.alpha = 0
        updateOffScreenLabel()
    }

    func showNextQuestion() { animateLabelTransitions() }

    func animateLabelTransitions() {
        view.layoutIfNeeded()
        let screenWidth = view.frame.width
        nextQuestionLabelCenterXConstraint.constant = 0
        currentQuestionLabelCenterXConstraint.constant += screenWidth
        UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: {
            self.currentQuestionLabel.alpha = 0
            self.nextQuestionLabel.alpha = 1
            self.view.layoutIfNeeded()
        }, completion: { finished in
            self.completions.append(finished)
            swap(&self.currentQuestionLabel, &self.nextQuestionLabel)
            swap(&self.currentQuestionLabelCenterXConstraint, &self.nextQuestionLabelCenterXConstraint)
            self.updateOffScreenLabel()
        })
    }

    func updateOffScreenLabel() {
        nextQuestionLabelCenterXConstraint.constant = -view.frame.width
    }
}

@MainActor
@Suite("Seed 002: the quiz label swap")
struct SeedQuizTests {
    private func tap(_ display: HeadlessDisplay, at p: CGPoint) {
        display.send(pointer(.began, p.x, p.y, in: display))
        display.send(pointer(.ended, p.x, p.y, in: display))
    }

    @Test func nextQuestionSlidesFadesAndSwapsTheLabels() {
        let (display, window) = makeWindow()
        let quiz = QuizScreen(in: window)
        display.advance(by: 0.1)
        let first = quiz.currentQuestionLabel, second = quiz.nextQuestionLabel
        #expect(first.center.x == 200 && second.center.x == -200)
        #expect(first.alpha == 1 && second.alpha == 0)

        tap(display, at: CGPoint(x: 200, y: 270))
        let start = display.time
        display.advance(by: 0)                      // the tap runs at this frame; the animation commits
        #expect(first.center.x == 600 && second.center.x == 200)   // model values at once
        display.advance(to: start + 0.25)           // half way: easeInOut(0.5) = 0.5
        #expect(isClose(shown(first).position.x, 400, within: 0.01))
        #expect(isClose(shown(second).position.x, 0, within: 0.01))
        #expect(isClose(CGFloat(shown(first).opacity), 0.5, within: 0.001))
        #expect(isClose(CGFloat(shown(second).opacity), 0.5, within: 0.001))
        #expect(quiz.completions.isEmpty)

        display.advance(to: start + 0.55)
        #expect(quiz.completions == [true])
        #expect(quiz.currentQuestionLabel === second && quiz.nextQuestionLabel === first)
        display.advance(by: 0.05)                   // the swapped constant lays out without animation
        #expect(first.center.x == -200 && shown(first).position.x == -200)
        #expect(second.center.x == 200 && shown(second).opacity == 1)

        // The second question works the same way with the roles swapped.
        tap(display, at: CGPoint(x: 200, y: 270))
        let again = display.time
        display.advance(by: 0)
        display.advance(to: again + 0.25)
        #expect(isClose(shown(second).position.x, 400, within: 0.01))
        #expect(isClose(shown(first).position.x, 0, within: 0.01))
        display.advance(to: again + 0.55)
        #expect(quiz.completions == [true, true])
        #expect(quiz.currentQuestionLabel === first)
    }

    @Test func tappingAgainMidAnimationStaysSmooth() {
        let (display, window) = makeWindow()
        let quiz = QuizScreen(in: window)
        display.advance(by: 0.1)
        let first = quiz.currentQuestionLabel
        tap(display, at: CGPoint(x: 200, y: 270))
        display.advance(by: 0.2)
        let x = shown(first).position.x
        // The button itself is not animating, so a second tap reaches it mid-flight.
        tap(display, at: CGPoint(x: 200, y: 270))
        display.advance(by: 0)
        // Centre x animates additively: the label keeps moving from where it was shown, without a jump.
        #expect(abs(shown(first).position.x - x) < 40)
        display.advance(by: 1)
        #expect(quiz.completions == [true, true])
    }
}
