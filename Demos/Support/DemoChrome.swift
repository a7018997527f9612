import Anima
import Foundation

/// The keys every demo window understands:
/// - `S` toggles slow animations (the window layer's speed 0.1, as the iOS Simulator's Debug menu does),
/// - `D` toggles a debug overlay (the interval between frames and every layer's bounds),
/// - `F` toggles a frames-per-second counter.
@MainActor
final class DemoChrome {
    private let window: UIWindow
    private let pipeline: FramePipeline
    private let outlines = CAShapeLayer()
    private let readout = CATextLayer()
    private var observer: Int?
    private var showsOutlines = false
    private var showsFPS = false
    private var frameTimes: [CFTimeInterval] = []

    init(window: UIWindow, pipeline: FramePipeline) {
        self.window = window
        self.pipeline = pipeline
        outlines.name = "debug outlines"
        outlines.fillColor = nil
        outlines.strokeColor = UIColor.magenta.withAlphaComponent(0.8).cgColor
        outlines.lineWidth = 1
        readout.name = "debug readout"
        readout.fontSize = 13
        readout.foregroundColor = UIColor.yellow.cgColor
        readout.backgroundColor = UIColor.black.withAlphaComponent(0.6).cgColor
        readout.frame = CGRect(x: 8, y: 8, width: 190, height: 20)
    }

    /// Whether animations run at a tenth of their speed.
    var isSlow: Bool { window.layer.speed < 1 }

    func handleKey(_ key: String) {
        switch key {
        case "s": toggleSlowAnimations()
        case "d": showsOutlines.toggle(); updateOverlay()
        case "f": showsFPS.toggle(); updateOverlay()
        default: break
        }
    }

    /// Changes the window layer's speed without a jump: its local time continues from where it is.
    func toggleSlowAnimations() {
        let layer = window.layer
        let now = CACurrentMediaTime()
        let local = layer.convertTime(now, from: nil)
        layer.timeOffset = local
        layer.beginTime = layer.superlayer.map { $0.convertTime(now, from: nil) } ?? now
        layer.speed = isSlow ? 1 : 0.1
    }

    private func updateOverlay() {
        let active = showsOutlines || showsFPS
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if active, readout.superlayer == nil {
            window.layer.addSublayer(outlines)
            window.layer.addSublayer(readout)
        } else if !active {
            outlines.removeFromSuperlayer()
            readout.removeFromSuperlayer()
        }
        CATransaction.commit()
        if active, observer == nil {
            frameTimes = []
            observer = pipeline.addFrameObserver { [weak self] time in self?.frame(at: time) }
        } else if !active, let observer {
            pipeline.removeFrameObserver(observer)
            self.observer = nil
        }
    }

    private func frame(at time: CFTimeInterval) {
        frameTimes.append(time)
        frameTimes.removeAll { $0 < time - 1 }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        var parts: [String] = []
        if showsFPS { parts.append("\(max(0, frameTimes.count - 1)) fps") }
        if showsOutlines, frameTimes.count >= 2 {
            let interval = frameTimes[frameTimes.count - 1] - frameTimes[frameTimes.count - 2]
            parts.append(String(format: "%.1f ms/frame", interval * 1000))
        }
        if isSlow { parts.append("slow") }
        readout.string = parts.joined(separator: " · ")
        if showsOutlines {
            let path = CGMutablePath()
            addOutlines(of: window.layer, into: path)
            outlines.path = path
        } else {
            outlines.path = nil
        }
        CATransaction.commit()
    }

    private func addOutlines(of layer: CALayer, into path: CGMutablePath) {
        for sub in layer.sublayers ?? [] where sub !== outlines && sub !== readout && !sub.isHidden {
            let presented = sub.presentation() ?? sub
            let corners = [CGPoint(x: presented.bounds.minX, y: presented.bounds.minY),
                           CGPoint(x: presented.bounds.maxX, y: presented.bounds.minY),
                           CGPoint(x: presented.bounds.maxX, y: presented.bounds.maxY),
                           CGPoint(x: presented.bounds.minX, y: presented.bounds.maxY)]
                .map { window.layer.convert($0, from: sub) }
            path.addLines(between: corners)
            path.closeSubpath()
            addOutlines(of: sub, into: path)
        }
    }
}
