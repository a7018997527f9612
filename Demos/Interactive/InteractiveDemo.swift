import Anima
import Foundation

/// Seed 001, "UIView Interactive Animation": a view moved between the left and right side by a pan that drives
/// a `UIViewPropertyAnimator` (began: stop a running animator, make a new one towards the other side, pause it;
/// changed: `fractionComplete` follows the finger; ended: reverse when less than half way, then
/// `continueAnimation(withTimingParameters: nil, durationFactor: 0)`), next to the plain, non-interactive
/// `UIView.animate` move. A label shows the animator's state and `fractionComplete`.
@MainActor
final class InteractiveDemo: Demo {
    nonisolated static let info = DemoInfo(
        name: "interactive", title: "Interactive",
        summary: "A pan scrubs a UIViewPropertyAnimator; let go to finish or reverse.",
        seed: "001 interactive animation", autoplaySeconds: 6, make: { InteractiveDemo() })

    private var view: UIView!
    private let interactive = UIView()
    private let nonInteractive = UIView()
    private let stateLabel = UILabel()
    private let replayButton = UIButton(type: .system)
    private var animator: UIViewPropertyAnimator?
    private var isOnRight = false
    /// Refreshes the label while the animator runs on its own (nil otherwise, so an idle window sleeps).
    private var labelLink: CADisplayLink?
    // What the checks read.
    private(set) var endPositions: [UIViewAnimatingPosition] = []

    func install(in root: UIView) {
        view = root
        root.backgroundColor = UIColor(white: 0.96, alpha: 1)
        interactive.frame = CGRect(x: 40, y: 120, width: 120, height: 120)
        interactive.backgroundColor = .systemIndigo
        interactive.layer.cornerRadius = 16
        root.addSubview(interactive)
        let pan = UIPanGestureRecognizer { [weak self] g in self?.pan(g) }
        interactive.addGestureRecognizer(pan)

        nonInteractive.frame = CGRect(x: 40, y: 300, width: 120, height: 120)
        nonInteractive.backgroundColor = .systemOrange
        nonInteractive.layer.cornerRadius = 16
        root.addSubview(nonInteractive)

        stateLabel.frame = CGRect(x: 20, y: 20, width: 420, height: 30)
        stateLabel.textColor = .darkGray
        root.addSubview(stateLabel)
        replayButton.frame = CGRect(x: 460, y: 18, width: 160, height: 34)
        replayButton.setTitle("Animate (plain)", for: .normal)
        replayButton.addAction(UIAction { [weak self] _ in self?.animatePlain() }, for: .touchUpInside)
        root.addSubview(replayButton)

        let note = UILabel()
        note.frame = CGRect(x: 20, y: 440, width: 600, height: 24)
        note.text = "Drag the purple square sideways; release before half way and it goes back."
        note.font = UIFont.systemFont(ofSize: 12)
        note.textColor = .gray
        root.addSubview(note)
        updateStateLabel()
    }

    /// The article's non-interactive move.
    private func animatePlain() {
        let distance = view.frame.maxX - 200
        let moved = nonInteractive.transform != .identity
        UIView.animate(withDuration: 1, animations: {
            self.nonInteractive.transform = moved ? .identity : CGAffineTransform(translationX: distance, y: 0)
        })
    }

    /// The article's `pan(_:)`.
    private func pan(_ g: UIPanGestureRecognizer) {
        let distance = view.bounds.width - 200
        switch g.state {
        case .began:
            if animator?.state == .active { animator?.stopAnimation(true) }
            let target: CGAffineTransform = isOnRight ? .identity : CGAffineTransform(translationX: distance, y: 0)
            let made = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) {
                self.interactive.transform = target
            }
            made.addCompletion { [weak self] position in
                guard let self else { return }
                self.endPositions.append(position)
                if position == .end { self.isOnRight.toggle() }
                self.labelLink?.invalidate()
                self.labelLink = nil
                self.updateStateLabel()
            }
            made.pauseAnimation()
            animator = made
            watchAnimator()
        case .changed:
            let translation = g.translation(in: view)
            let fraction = (isOnRight ? -translation.x : translation.x) / distance
            animator?.fractionComplete = min(1, max(0, fraction))
        case .ended:
            guard let animator else { return }
            if animator.fractionComplete < 0.5 { animator.isReversed = true }
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        case .cancelled:
            animator?.stopAnimation(true)
        default:
            break
        }
        updateStateLabel()
    }

    /// Keeps the label current while the animator runs (until its completion).
    private func watchAnimator() {
        guard labelLink == nil else { return }
        let link = CADisplayLink { [weak self] _ in self?.updateStateLabel() }
        link.add(to: .main, forMode: .default)
        labelLink = link
    }

    private func updateStateLabel() {
        guard let animator else {
            stateLabel.text = "animator: none — drag the purple square"
            return
        }
        let state: String
        switch animator.state {
        case .inactive: state = "inactive"
        case .active: state = animator.isRunning ? "active (running)" : "active (paused)"
        case .stopped: state = "stopped"
        @unknown default: state = "?"
        }
        stateLabel.text = String(format: "state: %@ · fractionComplete %.2f%@", state, Double(animator.fractionComplete),
                                 animator.isReversed ? " · reversed" : "")
    }

    func autoplay(_ script: AutoplayScript) {
        let y = interactive.frame.midY
        script.tap(replayButton, at: 0.2)
        // A long, fast pan: past half way, so the animator finishes at .end.
        script.drag(from: CGPoint(x: 100, y: y), to: CGPoint(x: 420, y: y), at: 1.4, duration: 0.5, fling: true)
        // A short pan back: less than half way, so it reverses to .start (stays on the right).
        script.drag(from: CGPoint(x: 540, y: y), to: CGPoint(x: 470, y: y), at: 3.4, duration: 0.4)
    }

    func verify() -> [String] {
        var failures: [String] = []
        if endPositions.count != 2 {
            failures.append("expected two completions, saw \(endPositions)")
        } else {
            if endPositions[0] != .end { failures.append("the long pan ended at \(endPositions[0]), expected .end") }
            if endPositions[1] != .start { failures.append("the short pan ended at \(endPositions[1]), expected .start") }
        }
        if !isOnRight { failures.append("the square should have stayed on the right") }
        if nonInteractive.transform == .identity { failures.append("the plain UIView.animate move did not run") }
        return failures
    }
}
