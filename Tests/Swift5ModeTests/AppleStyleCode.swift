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

