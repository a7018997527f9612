import Anima
import Foundation

/// `CAEmitterLayer`, written as Apple's documentation and the usual confetti and fireworks recipes write it: a line
/// of confetti along the top that bursts when Confetti is tapped (the layer's `birthRate` animated from 1 to 0, the
/// pieces spinning as they fall), and a fireworks show from the bottom — rockets whose own emitter cell bursts into
/// sparks at the top of their climb, drawn additively — that Fireworks starts and stops.
@MainActor
final class ParticlesDemo: Demo {
    nonisolated static let info = DemoInfo(
        name: "particles", title: "Particles",
        summary: "CAEmitterLayer: a confetti burst, and fireworks whose rockets burst into sparks.",
        seed: "CAEmitterLayer docs", autoplaySeconds: 5.5, make: { ParticlesDemo() })

    private let confetti = CAEmitterLayer()
    private let fireworks = CAEmitterLayer()
    private let confettiButton = UIButton(type: .system)
    private let fireworksButton = UIButton(type: .system)
    private let piece = ParticlesDemo.image(width: 12, height: 6) { ctx, rect in ctx.fill(rect) }
    private let spark = ParticlesDemo.image(width: 8, height: 8) { ctx, rect in ctx.fillEllipse(in: rect) }

    // What the checks read: the most pieces and sparks one frame showed, and the pieces left after the burst.
    private var mostPieces = 0, mostSparks = 0, piecesLeft = -1

    func install(in root: UIView) {
        root.backgroundColor = UIColor(red: 0.08, green: 0.09, blue: 0.16, alpha: 1)
        let width = root.bounds.width

        fireworks.frame = root.bounds
        fireworks.emitterPosition = CGPoint(x: width / 2, y: root.bounds.maxY)
        fireworks.emitterShape = .line
        fireworks.emitterSize = CGSize(width: width * 0.6, height: 1)
        fireworks.renderMode = .additive
        fireworks.birthRate = 0
        fireworks.emitterCells = [rocket()]
        root.layer.addSublayer(fireworks)

        confetti.frame = root.bounds
        confetti.emitterPosition = CGPoint(x: width / 2, y: -10)
        confetti.emitterShape = .line
        confetti.emitterSize = CGSize(width: width, height: 1)
        confetti.birthRate = 0
        let colors: [UIColor] = [.systemRed, .systemYellow, .systemGreen, .systemBlue, .systemPurple]
        confetti.emitterCells = colors.map(confettiCell)
        root.layer.addSublayer(confetti)

        for (button, title, x) in [(confettiButton, "Confetti", 20.0), (fireworksButton, "Fireworks", 150.0)] {
            button.frame = CGRect(x: x, y: 20, width: 120, height: 36)
            button.setTitle(title, for: .normal)
            button.backgroundColor = UIColor(white: 1, alpha: 0.9)
            button.layer.cornerRadius = 8
            root.addSubview(button)
        }
        confettiButton.addAction(UIAction { [weak self] _ in self?.burst() }, for: .touchUpInside)
        fireworksButton.addAction(UIAction { [weak self] _ in self?.toggleFireworks() }, for: .touchUpInside)
    }

    /// One colour of confetti: falls from the line, spreading, spinning and swaying in size.
    private func confettiCell(_ color: UIColor) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.contents = piece
        cell.contentsScale = 2
        cell.color = color.cgColor
        cell.birthRate = 30
        cell.lifetime = 3
        cell.velocity = 180
        cell.velocityRange = 80
        cell.emissionLongitude = .pi / 2
        cell.emissionRange = .pi / 2
        cell.yAcceleration = 120
        cell.spin = 4
        cell.spinRange = 8
        cell.scale = 0.8
        cell.scaleRange = 0.3
        return cell
    }

    /// The classic fireworks recipe: a rocket climbing from the bottom for 1.02 s, whose burst cell (one a second,
    /// so its first is born at 1 s, at the top of the climb) stays there for 0.35 s emitting sparks in every
    /// direction, which fall back as they fade.
    private func rocket() -> CAEmitterCell {
        let sparks = CAEmitterCell()
        sparks.contents = spark
        sparks.contentsScale = 2
        sparks.birthRate = 400
        sparks.lifetime = 1.6
        sparks.velocity = 125
        sparks.velocityRange = 25
        sparks.emissionRange = .pi * 2
        sparks.yAcceleration = 80
        sparks.scale = 0.5
        sparks.scaleSpeed = -0.2
        sparks.color = UIColor(red: 1, green: 0.7, blue: 0.4, alpha: 1).cgColor
        sparks.redRange = 0.3; sparks.greenRange = 0.3; sparks.blueRange = 0.6
        sparks.alphaSpeed = -0.6

        let burst = CAEmitterCell()
        burst.birthRate = 1
        burst.lifetime = 0.35
        burst.emitterCells = [sparks]

        let rocket = CAEmitterCell()
        rocket.contents = spark
        rocket.contentsScale = 2
        rocket.birthRate = 1.5
        rocket.lifetime = 1.02
        rocket.velocity = 360
        rocket.velocityRange = 40
        rocket.emissionLongitude = -.pi / 2
        rocket.emissionRange = .pi / 10
        rocket.yAcceleration = 150
        rocket.scale = 0.4
        rocket.emitterCells = [burst]
        return rocket
    }

    /// The burst: births at full rate falling to none over 0.6 s (the model keeps 0).
    private func burst() {
        let fade = CABasicAnimation(keyPath: "birthRate")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.6
        confetti.add(fade, forKey: "burst")
    }

    private func toggleFireworks() {
        fireworks.birthRate = fireworks.birthRate > 0 ? 0 : 1
        fireworksButton.setTitle(fireworks.birthRate > 0 ? "Stop" : "Fireworks", for: .normal)
    }

    func autoplay(_ script: AutoplayScript) {
        script.tap(fireworksButton, at: 0.3)
        script.tap(confettiButton, at: 1.4)
        for t in stride(from: 0.5, through: 5.4, by: 0.1) {
            script.at(t) { [weak self] script in self?.count(in: script.pipeline?.renderTree, at: script.now) }
        }
        script.tap(fireworksButton, at: 4.2)
    }

    /// Counts the pieces and sparks the last frame drew.
    private func count(in tree: RenderTree?, at time: Double) {
        guard let nodes = tree?.nodes else { return }
        let pieces = nodes.filter { $0.contents === piece }.count
        let sparks = nodes.filter { $0.contents === spark }.count
        mostPieces = max(mostPieces, pieces)
        mostSparks = max(mostSparks, sparks)
        if time > 5.3, piecesLeft < 0 { piecesLeft = pieces }
    }

    func verify() -> [String] {
        var failures: [String] = []
        // 5 colours × 30 a second over a burst fading linearly in 0.6 s: 5 × 30 × 0.3 = 45 pieces.
        if !(35...55).contains(mostPieces) { failures.append("the burst showed at most \(mostPieces) pieces of confetti, expected about 45") }
        if mostSparks < 100 { failures.append("the fireworks showed at most \(mostSparks) sparks, expected bursts of about 140") }
        if piecesLeft != 0 { failures.append("\(piecesLeft) pieces of confetti were still shown 3.9 s after a burst of 3-second pieces") }
        if fireworks.birthRate != 0 { failures.append("Stop did not stop the fireworks") }
        return failures
    }

    /// A white image of `width` × `height` points at 2 pixels per point, drawn by `draw`.
    private static func image(width: CGFloat, height: CGFloat, _ draw: (CGContext, CGRect) -> Void) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let size = CGSize(width: width, height: height)
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            context.cgContext.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            draw(context.cgContext, CGRect(origin: .zero, size: size))
        }.cgImage!
    }
}
