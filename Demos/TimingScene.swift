import Anima
import Foundation

/// A small scene that shows the timing model: an eased move, a spin through
/// `transform.rotation.z`, an autoreversing fade, and a layer whose time runs at half speed.
@MainActor
struct TimingScene {
    let display = HeadlessDisplay(width: 480, height: 320)

    init() {
        let root = display.rootLayer
        // Build the scene without implicit animations (the root layer is already committed).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit(); display.advance(by: 0) }
        root.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)

        let mover = box(name: "mover", color: CGColor(red: 0.20, green: 0.55, blue: 1, alpha: 1), at: CGPoint(x: 60, y: 70))
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 60; move.toValue = 420; move.duration = 2
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        move.fillMode = .forwards; move.isRemovedOnCompletion = false
        mover.add(move, forKey: "move")

        let spinner = box(name: "spinner", color: CGColor(red: 1, green: 0.6, blue: 0.15, alpha: 1), at: CGPoint(x: 120, y: 170))
        spinner.cornerRadius = 12
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0; spin.toValue = 2 * Double.pi; spin.duration = 3; spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")

        let fader = box(name: "fader", color: CGColor(red: 0.4, green: 0.85, blue: 0.45, alpha: 1), at: CGPoint(x: 240, y: 170))
        fader.borderWidth = 4; fader.borderColor = .white
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1; fade.toValue = 0.1; fade.duration = 1; fade.autoreverses = true; fade.repeatCount = .infinity
        fader.add(fade, forKey: "fade")

        let slowParent = CALayer()
        slowParent.name = "half-speed"
        slowParent.speed = 0.5
        slowParent.frame = root.bounds
        root.addSublayer(slowParent)
        let slow = box(name: "slow", color: CGColor(red: 0.9, green: 0.3, blue: 0.5, alpha: 1), at: CGPoint(x: 60, y: 270), in: slowParent)
        let slowMove = CABasicAnimation(keyPath: "position.x")
        slowMove.fromValue = 60; slowMove.toValue = 420; slowMove.duration = 2
        slowMove.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        slow.add(slowMove, forKey: "move")
    }

    private func box(name: String, color: CGColor, at point: CGPoint, in parent: CALayer? = nil) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        layer.position = point
        layer.backgroundColor = color
        (parent ?? display.rootLayer).addSublayer(layer)
        return layer
    }

    /// Advances 4 s of virtual time, writes `frames` PNG frames and a sheet of 8 of them; returns the sheet's URL.
    func record(frames: Int, to directory: URL) throws -> URL {
        let step = 4.0 / Double(frames)
        var images: [CGImage] = []
        for i in 0..<frames {
            if i > 0 { display.advance(by: step) }
            let image = SoftwareRenderer.render(display.renderTree, width: 480, height: 320)
            try image.writePNG(to: directory.appendingPathComponent(String(format: "frame-%03d.png", i)))
            images.append(image)
        }
        let picks = (0..<8).map { images[min(images.count - 1, $0 * images.count / 8)] }
        let sheet = SoftwareRenderer.sheet(picks, columns: 4)
        let url = directory.appendingPathComponent("animation-sheet.png")
        try sheet.writePNG(to: url)
        return url
    }
}
