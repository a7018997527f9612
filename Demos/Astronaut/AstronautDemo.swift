import Anima
import Foundation

/// Seed 003, "Core Animation: moving along a path": an astronaut flies along a path of two quadratic curves
/// (`CAKeyframeAnimation(keyPath: "position")` with `path`) while the white line draws itself (`strokeEnd`
/// 0 → 1), both in one `CATransaction`. A slider scrubs the astronaut along the path with `speed = 0` and
/// `timeOffset = value × duration`; a switch picks the article's other way (`beginTime = 1`,
/// `isRemovedOnCompletion = false`, `fillMode = .forwards`). Shake shakes the astronaut with a keyframe
/// animation on `position.x`; Rotate turns it along the path (`rotationMode = .rotateAuto`).
@MainActor
final class AstronautDemo: Demo {
    nonisolated static let info = DemoInfo(
        name: "astronaut", title: "Astronaut",
        summary: "A keyframe path and a strokeEnd line in one transaction; scrub it.",
        seed: "003 CAKeyframeAnimation path", autoplaySeconds: 6, make: { AstronautDemo() })

    private let pathView = UIView()
    private let imageView = UIView()
    private let lineLayer = CAShapeLayer()
    private var path = UIBezierPath()
    private let slider = UISlider()
    private let variantSwitch = UISwitch()
    private let variantLabel = UILabel()
    private let flyButton = UIButton(type: .system)
    private let shakeButton = UIButton(type: .system)
    private let rotateSwitch = UISwitch()
    private let rotateLabel = UILabel()
    private var lastScrub: Float?

    func install(in root: UIView) {
        root.backgroundColor = .black
        pathView.frame = CGRect(x: 60, y: 70, width: 520, height: 300)
        root.addSubview(pathView)

        // The article's path: two quadratic curves from the top-left to the bottom-right corner.
        let bounds = pathView.bounds
        path.move(to: .init(x: 0, y: 0))
        path.addQuadCurve(to: .init(x: bounds.width / 2, y: bounds.height / 2), controlPoint: .init(x: 0, y: bounds.height / 2))
        path.addQuadCurve(to: .init(x: bounds.width, y: bounds.height), controlPoint: .init(x: bounds.width, y: bounds.height / 2))

        lineLayer.frame = bounds
        lineLayer.path = path.cgPath
        lineLayer.strokeColor = UIColor.white.cgColor
        lineLayer.fillColor = UIColor.clear.cgColor
        lineLayer.lineWidth = 2
        pathView.layer.addSublayer(lineLayer)

        let image = UIImage(named: "astronaut") ?? UIImage(cgImage: AstronautArt.makeImage() ?? CGImage.missingImagePlaceholder())
        imageView.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        imageView.layer.contents = image.cgImage
        imageView.layer.contentsScale = image.scale
        imageView.center = path.currentPoint
        pathView.addSubview(imageView)

        flyButton.frame = CGRect(x: 20, y: 16, width: 70, height: 34)
        flyButton.setTitle("Fly", for: .normal)
        flyButton.addAction(UIAction { [weak self] _ in self?.fly() }, for: .touchUpInside)
        shakeButton.frame = CGRect(x: 96, y: 16, width: 80, height: 34)
        shakeButton.setTitle("Shake", for: .normal)
        shakeButton.addAction(UIAction { [weak self] _ in self?.shake() }, for: .touchUpInside)
        rotateSwitch.frame.origin = CGPoint(x: 190, y: 18)
        rotateSwitch.addAction(UIAction { [weak self] _ in self?.fly() }, for: .valueChanged)
        rotateLabel.frame = CGRect(x: 250, y: 16, width: 100, height: 34)
        rotateLabel.text = "rotate auto"
        variantSwitch.frame.origin = CGPoint(x: 360, y: 18)
        variantSwitch.addAction(UIAction { [weak self] _ in self?.scrub() }, for: .valueChanged)
        variantLabel.frame = CGRect(x: 420, y: 16, width: 220, height: 34)
        for label in [rotateLabel, variantLabel] { label.textColor = .white }
        updateVariantLabel()

        slider.frame = CGRect(x: 60, y: 410, width: 520, height: 40)
        slider.minimumValue = 0
        slider.maximumValue = 1
        slider.value = 1
        slider.addAction(UIAction { [weak self] _ in self?.scrub() }, for: .valueChanged)
        for control in [flyButton, shakeButton, rotateSwitch, rotateLabel, variantSwitch, variantLabel, slider] as [UIView] {
            root.addSubview(control)
        }
        fly()
    }

    /// The article's second `draw(_:)`: the line and the astronaut animate together in one transaction.
    private func fly() {
        let astronautAnimation = CAKeyframeAnimation(keyPath: "position")
        astronautAnimation.path = path.cgPath
        astronautAnimation.duration = 2
        astronautAnimation.rotationMode = rotateSwitch.isOn ? .rotateAuto : nil
        let lineAnimation = CABasicAnimation(keyPath: "strokeEnd")
        lineAnimation.fromValue = 0
        lineAnimation.toValue = 1
        lineAnimation.duration = 2

        CATransaction.begin()
        lineLayer.add(lineAnimation, forKey: nil)
        imageView.layer.add(astronautAnimation, forKey: "path")
        imageView.layer.position = path.currentPoint
        CATransaction.commit()
        slider.value = 1
    }

    /// `changeValue(_:)`: park the astronaut at the slider's fraction of the path.
    private func scrub() {
        let value = slider.value
        lastScrub = value
        updateVariantLabel()
        let pathAnimation = CAKeyframeAnimation(keyPath: "position")
        pathAnimation.path = path.cgPath
        pathAnimation.rotationMode = rotateSwitch.isOn ? .rotateAuto : nil
        let duration: CGFloat = 1
        pathAnimation.duration = duration
        if variantSwitch.isOn {
            // The other way: an animation that ended long ago, held at timeOffset by fillMode.
            pathAnimation.timeOffset = duration * Double(value)
            pathAnimation.beginTime = 1
            pathAnimation.isRemovedOnCompletion = false
            pathAnimation.fillMode = .forwards
        } else {
            pathAnimation.speed = 0
            pathAnimation.timeOffset = duration * Double(value)
        }
        imageView.layer.add(pathAnimation, forKey: "path")
        imageView.layer.position = path.currentPoint
    }

    private func updateVariantLabel() {
        variantLabel.text = variantSwitch.isOn ? "beginTime + fillMode" : "speed 0 + timeOffset"
    }

    /// A keyframe shake on `position.x`, added on top of wherever the astronaut is.
    private func shake() {
        let shake = CAKeyframeAnimation(keyPath: "position.x")
        shake.values = [0, 12, -12, 8, -8, 0]
        shake.keyTimes = [0, 0.2, 0.4, 0.6, 0.8, 1]
        shake.duration = 0.4
        shake.isAdditive = true
        imageView.layer.add(shake, forKey: "shake")
    }

    func autoplay(_ script: AutoplayScript) {
        // 0–2 s: the flight. Then scrub the slider back to 30 %, shake, and switch to the other variant.
        script.at(2.4) { [slider] script in
            let start = slider.convert(CGPoint(x: slider.bounds.maxX - 12, y: slider.bounds.midY), to: nil)
            let end = slider.convert(CGPoint(x: 12 + (slider.bounds.width - 24) * 0.3, y: slider.bounds.midY), to: nil)
            script.drag(from: start, to: end, at: script.now, duration: 1.0)
        }
        script.tap(shakeButton, at: 3.8)
        script.tap(variantSwitch, at: 4.6)
    }

    func verify() -> [String] {
        var failures: [String] = []
        guard let value = lastScrub else { return ["the slider never scrubbed the astronaut"] }
        if abs(value - 0.3) > 0.05 { failures.append("the slider ended at \(value), expected about 0.3") }
        // The astronaut sits at the slider's fraction of the path: compare with the path's own point there.
        let shown = imageView.layer.presentation()?.position ?? imageView.layer.position
        let expected = pointOnPath(atTime: Double(value))
        if hypot(shown.x - expected.x, shown.y - expected.y) > 2 {
            failures.append("the astronaut is at \(shown), expected \(expected) for slider \(value)")
        }
        if !variantSwitch.isOn { failures.append("the variant switch did not toggle") }
        return failures
    }

    /// Where a path animation in Core Animation's default (non-paced) mode is at fraction `f`: each of the
    /// path's two curves takes half the time and is followed at constant speed (our reading of an UNCONFIRMED
    /// rule); the two curves have the same length, so that is the point at `f` of the whole length.
    private func pointOnPath(atTime f: Double) -> CGPoint {
        let measure = PathMeasure(path.cgPath)
        return measure.position(atDistance: measure.length * CGFloat(f)).point
    }
}
