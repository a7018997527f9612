import Anima
import Foundation

/// Seed 002, Big Nerd Ranch's Quiz (chapter 7, view animations): "Next Question" slides the current question
/// off to the right and the next one in from the left while cross-fading them — centre-x constraint constants
/// changed and `layoutIfNeeded()` called inside the animation block — and the completion swaps the labels.
/// A segmented control picks the timing curve; switches add `.repeat` and `.autoreverse` to the answer's pulse.
@MainActor
final class QuizDemo: Demo {
    nonisolated static let info = DemoInfo(
        name: "quiz", title: "Quiz",
        summary: "UIView.animate with constraints slides and fades the questions.",
        seed: "002 Big Nerd Ranch ch. 7", autoplaySeconds: 5.5, make: { QuizDemo() })

    let questions = ["What is 7+7?", "What is the capital of Vermont?", "What is cognac made from?"]
    let answers = ["14", "Montpelier", "Grapes"]
    var currentQuestionIndex = 0

    private var view: UIView!
    private var currentQuestionLabel = UILabel()
    private var nextQuestionLabel = UILabel()
    private var currentQuestionLabelCenterXConstraint: NSLayoutConstraint!
    private var nextQuestionLabelCenterXConstraint: NSLayoutConstraint!
    private let answerLabel = UILabel()
    private let nextButton = UIButton(type: .system)
    private let answerButton = UIButton(type: .system)
    private let curvePicker = UISegmentedControl(items: ["easeInOut", "easeIn", "easeOut", "linear"])
    private let repeatSwitch = UISwitch()
    private let autoreverseSwitch = UISwitch()
    // What the checks read.
    private var swaps = 0
    private var firstLabel: UILabel?

    func install(in root: UIView) {
        view = root
        root.backgroundColor = .white
        for label in [currentQuestionLabel, nextQuestionLabel] {
            label.translatesAutoresizingMaskIntoConstraints = false
            label.font = UIFont.systemFont(ofSize: 22)
            label.textColor = .black
            label.textAlignment = .center
            root.addSubview(label)
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 110).isActive = true
        }
        currentQuestionLabelCenterXConstraint = currentQuestionLabel.centerXAnchor.constraint(equalTo: root.centerXAnchor)
        nextQuestionLabelCenterXConstraint = nextQuestionLabel.centerXAnchor.constraint(equalTo: root.centerXAnchor)
        NSLayoutConstraint.activate([currentQuestionLabelCenterXConstraint, nextQuestionLabelCenterXConstraint])
        firstLabel = currentQuestionLabel

        answerLabel.frame = CGRect(x: 0, y: 250, width: root.bounds.width, height: 36)
        answerLabel.textAlignment = .center
        answerLabel.font = UIFont.boldSystemFont(ofSize: 22)
        answerLabel.textColor = .systemBlue
        answerLabel.text = "???"
        root.addSubview(answerLabel)

        nextButton.frame = CGRect(x: root.bounds.midX - 90, y: 170, width: 180, height: 36)
        nextButton.setTitle("Next Question", for: .normal)
        nextButton.addAction(UIAction { [weak self] _ in self?.showNextQuestion() }, for: .touchUpInside)
        answerButton.frame = CGRect(x: root.bounds.midX - 90, y: 300, width: 180, height: 36)
        answerButton.setTitle("Show Answer", for: .normal)
        answerButton.addAction(UIAction { [weak self] _ in self?.showAnswer() }, for: .touchUpInside)
        curvePicker.frame = CGRect(x: 60, y: 380, width: 520, height: 32)
        curvePicker.selectedSegmentIndex = 0
        for view in [nextButton, answerButton, curvePicker] as [UIView] { root.addSubview(view) }
        for (i, (toggle, title)) in [(repeatSwitch, "repeat"), (autoreverseSwitch, "autoreverse")].enumerated() {
            let x = 160 + CGFloat(i) * 180
            toggle.frame.origin = CGPoint(x: x, y: 428)
            root.addSubview(toggle)
            let label = UILabel()
            label.frame = CGRect(x: x + 60, y: 428, width: 110, height: 31)
            label.text = title
            label.textColor = .darkGray
            root.addSubview(label)
        }

        // viewDidLoad / viewWillAppear
        currentQuestionLabel.text = questions[currentQuestionIndex]
        nextQuestionLabel.alpha = 0
        updateOffScreenLabel()
    }

    private var curveOption: UIView.AnimationOptions {
        switch curvePicker.selectedSegmentIndex {
        case 1: return .curveEaseIn
        case 2: return .curveEaseOut
        case 3: return .curveLinear
        default: return .curveEaseInOut
        }
    }

    func showNextQuestion() {
        currentQuestionIndex = (currentQuestionIndex + 1) % questions.count
        nextQuestionLabel.text = questions[currentQuestionIndex]
        answerLabel.layer.removeAllAnimations()
        answerLabel.text = "???"
        animateLabelTransitions()
    }

    func showAnswer() {
        answerLabel.text = answers[currentQuestionIndex]
        var options = curveOption
        if repeatSwitch.isOn { options.insert(.repeat) }
        if autoreverseSwitch.isOn { options.insert(.autoreverse) }
        answerLabel.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
        UIView.animate(withDuration: 0.4, delay: 0, options: options, animations: {
            self.answerLabel.transform = .identity
        })
    }

    func animateLabelTransitions() {
        view.layoutIfNeeded()
        let screenWidth = view.frame.width
        nextQuestionLabelCenterXConstraint.constant = 0
        currentQuestionLabelCenterXConstraint.constant += screenWidth
        UIView.animate(withDuration: 0.5, delay: 0, options: [curveOption], animations: {
            self.currentQuestionLabel.alpha = 0
            self.nextQuestionLabel.alpha = 1
            self.view.layoutIfNeeded()
        }, completion: { _ in
            swap(&self.currentQuestionLabel, &self.nextQuestionLabel)
            swap(&self.currentQuestionLabelCenterXConstraint, &self.nextQuestionLabelCenterXConstraint)
            self.swaps += 1
            self.updateOffScreenLabel()
        })
    }

    func updateOffScreenLabel() {
        let screenWidth = view.frame.width
        nextQuestionLabelCenterXConstraint.constant = -screenWidth
    }

    func autoplay(_ script: AutoplayScript) {
        script.tap(nextButton, at: 0.4)
        script.tap(answerButton, at: 1.3)
        script.at(2.0) { [curvePicker] script in   // pick "linear"
            let p = curvePicker.convert(CGPoint(x: curvePicker.bounds.width * 7 / 8, y: curvePicker.bounds.midY), to: nil)
            script.tap(at: p, at: script.now)
        }
        script.tap(autoreverseSwitch, at: 2.4)
        script.tap(nextButton, at: 2.9)
        script.tap(answerButton, at: 3.8)
    }

    func verify() -> [String] {
        var failures: [String] = []
        if swaps != 2 { failures.append("the labels swapped \(swaps) times, expected 2") }
        if curvePicker.selectedSegmentIndex != 3 { failures.append("the curve picker did not switch to linear") }
        if currentQuestionLabel !== firstLabel { failures.append("after two questions the first label should be current again") }
        if currentQuestionLabel.text != questions[2] { failures.append("showing '\(currentQuestionLabel.text ?? "")', expected the third question") }
        let shown = currentQuestionLabel.layer.presentation() ?? currentQuestionLabel.layer
        if abs(shown.position.x - view.bounds.midX) > 1 || shown.opacity < 0.99 {
            failures.append("the current question is not centred and opaque (x \(shown.position.x), opacity \(shown.opacity))")
        }
        if answerLabel.text != answers[2] { failures.append("the answer shows '\(answerLabel.text ?? "")'") }
        return failures
    }
}
