import Anima
import Foundation

/// Seed 000, "UIKit Dynamics #2 – UIGravityBehavior": the Drop Box sample.
///
/// A blue box falls under `UIGravityBehavior` (1000 pt/s² per unit). The button reads Drop → "Dropping.."
/// (the animator will resume) → Reset (the animator did pause); a label shows the box's y from the behavior's
/// `action`; the action removes the behavior when the box reaches the bottom edge, which pauses the animator;
/// a slider changes the gravity's y component while the box falls; Reset animates the box back.
@MainActor
final class DropBoxDemo: Demo, UIDynamicAnimatorDelegate {
    nonisolated static let info = DemoInfo(
        name: "drop-box", title: "Drop Box",
        summary: "UIKit Dynamics: a box falls under gravity; a slider changes it mid-fall.",
        seed: "000 UIGravityBehavior", autoplaySeconds: 4.5, make: { DropBoxDemo() })

    private var view: UIView!
    private let box = UIView()
    private let btn = UIButton(type: .system)
    private let yPosLabel = UILabel()
    private let gravityLabel = UILabel()
    private let slider = UISlider()
    private var animator: UIDynamicAnimator!
    private var gravity: UIGravityBehavior!
    private var initialFrame = CGRect.zero
    private var dropped = false

    // What the checks read.
    private var reachedBottom = false
    private var titlesSeen: [String] = []

    func install(in root: UIView) {
        view = root
        root.backgroundColor = .white
        initialFrame = CGRect(x: root.bounds.midX - 40, y: 90, width: 80, height: 80)
        box.frame = initialFrame
        box.backgroundColor = .systemBlue
        root.addSubview(box)

        btn.frame = CGRect(x: 20, y: 20, width: 120, height: 36)
        btn.setTitle("Drop", for: .normal)
        btn.addAction(UIAction { [weak self] _ in self?.dropOrReset() }, for: .touchUpInside)
        root.addSubview(btn)

        yPosLabel.frame = CGRect(x: 150, y: 20, width: 140, height: 36)
        yPosLabel.text = "y: \(Int(box.center.y))"
        yPosLabel.textColor = .darkGray
        root.addSubview(yPosLabel)

        gravityLabel.frame = CGRect(x: 262, y: 20, width: 150, height: 36)
        gravityLabel.textAlignment = .right
        gravityLabel.textColor = .darkGray
        root.addSubview(gravityLabel)
        slider.frame = CGRect(x: 420, y: 20, width: 200, height: 36)
        slider.minimumValue = -1
        slider.maximumValue = 1
        slider.value = 1
        slider.addAction(UIAction { [weak self] _ in self?.gravityChanged() }, for: .valueChanged)
        root.addSubview(slider)
        updateGravityLabel()

        // Code 2 of the article: the animator, its delegate, and gravity with an action block.
        animator = UIDynamicAnimator(referenceView: root)
        animator.delegate = self
        gravity = UIGravityBehavior(items: [box])
        let box = self.box, label = yPosLabel, bottom = root.bounds.maxY
        gravity.action = { [weak self] in
            label.text = "y: \(Int(box.center.y))"
            if box.frame.maxY >= bottom, let self {
                self.reachedBottom = true
                self.animator.removeBehavior(self.gravity)
            }
        }
    }

    /// Code 3: Drop adds the gravity behavior; Reset animates the box back.
    private func dropOrReset() {
        if dropped {
            UIView.animate(withDuration: 0.5) { self.box.frame = self.initialFrame }
            yPosLabel.text = "y: \(Int(initialFrame.midY))"
            setTitle("Drop")
            dropped = false
        } else {
            animator.addBehavior(gravity)
        }
    }

    private func gravityChanged() {
        gravity.gravityDirection = CGVector(dx: 0, dy: CGFloat(slider.value))
        updateGravityLabel()
    }

    private func updateGravityLabel() { gravityLabel.text = String(format: "gravity y %.2f", slider.value) }

    private func setTitle(_ title: String) {
        btn.setTitle(title, for: .normal)
        titlesSeen.append(title)
    }

    // Code 4: the animator's delegate.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { setTitle("Dropping..") }

    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        setTitle("Reset")
        dropped = true
    }

    func autoplay(_ script: AutoplayScript) {
        script.tap(btn, at: 0.5)
        // Drag the slider's thumb from 1 towards 0.3 while the box falls: it slows down.
        script.at(0.75) { [slider] script in
            let start = slider.convert(CGPoint(x: slider.bounds.maxX - 10, y: slider.bounds.midY), to: nil)
            let end = slider.convert(CGPoint(x: slider.bounds.width * 0.65, y: slider.bounds.midY), to: nil)
            script.drag(from: start, to: end, at: script.now, duration: 0.35)
        }
        script.tap(btn, at: 3.2)
    }

    func verify() -> [String] {
        var failures: [String] = []
        if !reachedBottom { failures.append("the box never reached the bottom edge") }
        if !titlesSeen.starts(with: ["Dropping..", "Reset", "Drop"]) {
            failures.append("the button read \(titlesSeen), expected Dropping.. → Reset → Drop")
        }
        if abs(slider.value - 1) < 0.05 { failures.append("the slider drag did not change the gravity (value \(slider.value))") }
        if animator.isRunning { failures.append("the animator is still running after the box reached the bottom") }
        let shown = box.layer.presentation()?.frame ?? box.frame
        if abs(shown.minY - initialFrame.minY) > 1 { failures.append("Reset did not bring the box back (y \(shown.minY))") }
        return failures
    }
}
