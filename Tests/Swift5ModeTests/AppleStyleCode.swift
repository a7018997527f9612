// Written as Apple's documentation and the seed articles write UIKit code, and compiled in Swift 5 language
// mode: `import UIKit`, a plain class (not `@MainActor`) that owns a display link and views, and free code that
// drives a HeadlessDisplay. With Apple's UIKit this builds (UIKit is imported with pre-concurrency semantics);
// here it must build too, with at most warnings. (Swift Testing is imported in the other file: Testing declares
// cross-import overlays for modules named UIKit and CoreGraphics, `_Testing_UIKit` and `_Testing_CoreGraphics`,
// which exist only on Apple platforms, so one file cannot import both on Linux.)
import UIKit
import QuartzCore
import CoreGraphics

/// A plain class, as the fling article writes its scroller: a display link that calls a method.
final class Ticker {
    var displayLink: CADisplayLink?
    var frames = 0
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))

    func start() {
        displayLink = CADisplayLink(target: self, selector: Ticker.step)
        displayLink?.add(to: .main, forMode: .common)
    }

    func step(_ link: CADisplayLink) {
        frames += 1
        box.center.x += 1
        if frames == 10 { link.invalidate() }
    }
}

/// A view controller written as Apple's template writes it (minus `@IBOutlet`).
final class CounterViewController: UIViewController {
    var label: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        label = UILabel(frame: CGRect(x: 20, y: 20, width: 200, height: 30))
        label.text = "0"
        view.addSubview(label)
    }
}

/// Apple's custom animatable property, as its documentation and most tutorials write it, with two edits: the
/// `@NSManaged` property becomes a computed one over key-value coding, and `override init(layer:)` is `required`.
class ProgressLayer: CALayer {
    var progress: CGFloat {                        // Apple: @NSManaged var progress: CGFloat
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    var fillColor: CGColor = UIColor.systemBlue.cgColor
    var drawnProgress: [CGFloat] = []

    override init() { super.init() }

    required init(layer: Any) {                   // Apple: override init(layer: Any)
        super.init(layer: layer)
        if let other = layer as? ProgressLayer { fillColor = other.fillColor }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == "progress" {
            let animation = CABasicAnimation(keyPath: event)
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.fromValue = presentation()?.progress ?? progress
            return animation
        }
        return super.action(forKey: event)
    }

    override func draw(in ctx: CGContext) {
        model().drawnProgress.append(progress)
        ctx.setFillColor(fillColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// The custom layer animated by setting its property in a transaction, as Apple's recipe does.
func runProgress() -> (presented: CGFloat?, drawn: [CGFloat], model: CGFloat) {
    let display = HeadlessDisplay(width: 200, height: 50)
    let layer = ProgressLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
    layer.setNeedsDisplay()
    display.rootLayer.addSublayer(layer)
    display.advance(by: 0)
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    layer.progress = 1
    CATransaction.commit()
    display.advance(by: 0.5)
    return (layer.presentation()?.progress, layer.drawnProgress, layer.progress)
}

/// Free code, as `main.swift` would be: a headless display driven frame by frame.
func runHeadless() -> (frames: Int, x: CGFloat, title: String?) {
    let display = HeadlessDisplay(width: 320, height: 240)
    let window = UIWindow(display: display)
    let controller = CounterViewController(nibName: nil, bundle: nil)
    controller.title = "Counter"
    window.rootViewController = controller
    let ticker = Ticker()
    window.addSubview(ticker.box)
    ticker.start()
    display.advance(by: 0.5)
    let path = CGMutablePath()
    path.addLine(to: CGPoint(x: 10, y: 10))
    return (ticker.frames, ticker.box.center.x, controller.label.text.map { _ in controller.title } ?? nil)
}

