import Anima
import Foundation

/// Seed 004, "Fling animation with CADisplayLink": 50 numbered orange balls drawn in `draw(_:)`, scrolled
/// horizontally by a pan; on release the content keeps going and slows down (velocity × 0.03, × 0.95 per
/// 1/60 s — made independent of the frame rate), stops below 0.1, stays within the content's ends; a new touch
/// cancels the fling; only the balls inside the dirty rect are drawn.
@MainActor
final class FlingDemo: Demo {
    nonisolated static let info = DemoInfo(
        name: "fling", title: "Fling",
        summary: "Fling 50 balls drawn in draw(_:); the slowdown ignores the frame rate.",
        seed: "004 fling with CADisplayLink", autoplaySeconds: 5, make: { FlingDemo() })

    private let list = BallListView()
    private var releasedAt: Double?

    func install(in root: UIView) {
        root.backgroundColor = .black
        list.frame = CGRect(x: 0, y: 90, width: root.bounds.width, height: 300)
        root.addSubview(list)
        let label = UILabel()
        label.frame = CGRect(x: 20, y: 24, width: root.bounds.width - 40, height: 40)
        label.text = "Drag the balls sideways and let go: the fling slows down at the same rate at any frame rate."
        label.textColor = .lightGray
        label.font = UIFont.systemFont(ofSize: 13)
        root.addSubview(label)
    }

    func autoplay(_ script: AutoplayScript) {
        let y = list.frame.midY
        // A quick fling to the left, a touch that stops it, then a fling back that runs into the start.
        script.drag(from: CGPoint(x: 520, y: y), to: CGPoint(x: 380, y: y), at: 0.4, duration: 0.12, fling: true)
        script.tap(at: CGPoint(x: 300, y: y), at: 1.5)
        script.drag(from: CGPoint(x: 120, y: y), to: CGPoint(x: 300, y: y), at: 2.2, duration: 0.12, fling: true)
    }

    func verify() -> [String] {
        var failures: [String] = []
        if list.flingCount < 2 { failures.append("expected two flings, saw \(list.flingCount)") }
        if list.cancelledFlings < 1 { failures.append("the touch did not cancel the running fling") }
        if list.isFlinging { failures.append("the fling is still running at the end") }
        if list.firstBallFrame.minX > list.bounds.minX + 0.5 || list.lastBallMaxX < list.bounds.maxX - 0.5 {
            failures.append("the content left its ends (first ball at \(list.firstBallFrame.minX))")
        }
        if list.maximumTravel < 150 { failures.append("the first fling travelled only \(list.maximumTravel) points") }
        return failures
    }
}

/// The article's `BallListView`, with its `FlingScroller` made frame-rate independent.
@MainActor
final class BallListView: UIView {
    private let ballCount = 50
    private var spacingBalls: CGFloat = 0
    private(set) var firstBallFrame = CGRect.zero
    private var contentsWidth: CGFloat = 0
    private let flingScroller = FlingScroller()
    private var prevLocation = CGPoint.zero
    private var hasLaidOut = false
    // What the checks read.
    private(set) var flingCount = 0
    private(set) var cancelledFlings = 0
    private(set) var maximumTravel: CGFloat = 0
    private var flingStartX: CGFloat = 0

    var isFlinging: Bool { flingScroller.isRunning }
    var lastBallMaxX: CGFloat { firstBallFrame.minX + contentsWidth }

    override init(frame: CGRect) {
        super.init(frame: frame)
        let pan = UIPanGestureRecognizer(target: self, action: BallListView.panGestureHandler(recognizer:))
        addGestureRecognizer(pan)
    }

    convenience init() { self.init(frame: .zero) }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.width * 0.2
        spacingBalls = size / 4
        if !hasLaidOut { firstBallFrame.origin = CGPoint(x: bounds.minX, y: (bounds.height - size) / 2) }
        firstBallFrame.size = CGSize(width: size, height: size)
        firstBallFrame.origin.y = (bounds.height - size) / 2
        contentsWidth = size * CGFloat(ballCount) + spacingBalls * CGFloat(ballCount - 1)
        hasLaidOut = bounds.width > 0
        setNeedsDisplay()
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        if touches.first != nil, flingScroller.isRunning {
            cancelledFlings += 1
            flingScroller.cancel()
        }
    }

    func panGestureHandler(recognizer: UIPanGestureRecognizer) {
        let touchLocation = recognizer.location(in: self)
        let velocity = recognizer.velocity(in: self)
        switch recognizer.state {
        case .began:
            prevLocation = touchLocation
        case .changed:
            updateLocation(touchLocation)
        case .ended, .cancelled:
            flingCount += 1
            flingStartX = firstBallFrame.minX
            flingScroller.fling(velocity: velocity, startPos: touchLocation) { [weak self] pos in
                self?.updateLocation(pos)
            }
        default:
            break
        }
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(UIColor.black.cgColor)
        context.fill(rect)
        var midX = firstBallFrame.midX
        let ballDiameter = firstBallFrame.width
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: ballDiameter / 3),
            .foregroundColor: UIColor.white,
        ]
        for index in 1...ballCount {
            let center = CGPoint(x: midX, y: firstBallFrame.midY)
            let ballFrame = CGRect(x: center.x - ballDiameter / 2, y: center.y - ballDiameter / 2,
                                   width: ballDiameter, height: ballDiameter)
            midX += ballDiameter + spacingBalls
            guard rect.intersects(ballFrame) else { continue }
            context.setFillColor(UIColor.orange.cgColor)
            context.addArc(center: center, radius: ballDiameter / 2, startAngle: 0, endAngle: .pi * 2, clockwise: true)
            context.fillPath()
            let text = "\(index)"
            let textSize = text.size(withAttributes: attributes)
            text.draw(in: CGRect(x: center.x - textSize.width / 2, y: center.y - textSize.height / 2,
                                 width: textSize.width, height: textSize.height), withAttributes: attributes)
        }
    }

    private func updateLocation(_ location: CGPoint) {
        let offsetX = location.x - prevLocation.x
        prevLocation = location
        // Clamp the content to its ends: the first ball never leaves the left edge, the last the right edge.
        let minX = min(bounds.minX, bounds.maxX - contentsWidth)
        let x = min(bounds.minX, max(minX, firstBallFrame.minX + offsetX))
        if x == firstBallFrame.minX {
            if flingScroller.isRunning { flingScroller.cancel() }   // ran into an end
            return
        }
        firstBallFrame.origin.x = x
        if flingScroller.isRunning { maximumTravel = max(maximumTravel, abs(x - flingStartX)) }
        setNeedsDisplay()
    }
}

/// The article's `FlingScroller`, driven by a `CADisplayLink`. The article multiplies the velocity by 0.95
/// each frame, which slows down twice as fast on a 120-Hz display; here each tick uses the link's real frame
/// duration: v ← v · 0.95^(Δt·60), x ← x + v · Δt·60, so the distance does not depend on the frame rate.
@MainActor
final class FlingScroller {
    private var velocity: CGPoint = .zero
    private var targetPos: CGPoint = .zero
    private var callback: ((CGPoint) -> Void)?
    private var displayLink: CADisplayLink?
    private var lastTimestamp: CFTimeInterval?
    private let scaleFactor: CGFloat = 0.03
    private let deceleration: CGFloat = 0.95

    var isRunning: Bool { displayLink != nil }

    func cancel() {
        displayLink?.invalidate()
        displayLink = nil
    }

    func fling(velocity: CGPoint, startPos: CGPoint, callback: @escaping (CGPoint) -> Void) {
        self.velocity = CGPoint(x: velocity.x * scaleFactor, y: velocity.y * scaleFactor)
        targetPos = startPos
        self.callback = callback
        lastTimestamp = nil
        displayLink?.invalidate()
        let link = CADisplayLink { [weak self] link in self?.tick(link) }
        link.add(to: .main, forMode: .default)
        displayLink = link
    }

    private func tick(_ link: CADisplayLink) {
        let frames = CGFloat(lastTimestamp.map { link.timestamp - $0 } ?? link.duration) * 60
        lastTimestamp = link.timestamp
        let decay = pow(deceleration, frames)
        // Integrate the geometric decay exactly over the frame: Σ v·d^k for the elapsed frames.
        let travelled = abs(1 - deceleration) > 0 ? (1 - decay) / (1 - deceleration) * deceleration : frames
        targetPos.x += velocity.x * travelled
        targetPos.y += velocity.y * travelled
        velocity.x *= decay
        velocity.y *= decay
        if abs(velocity.x) < 0.1 && abs(velocity.y) < 0.1 {
            cancel()
        }
        callback?(targetPos)
    }
}
