import Anima
import Foundation

/// Scripted input for a demo: taps and drags as pointer events, and plain actions, at times in seconds
/// from the start of the demo. The runner delivers what is due at the start of each frame, so the same
/// script drives a headless recording, a test, or a real window.
/// ```swift
/// script.tap(button, at: 0.5)
/// script.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 400, y: 200), at: 1, duration: 0.3)
/// ```
@MainActor
final class AutoplayScript {
    private struct Step {
        var time: Double
        var order: Int
        var action: @MainActor (AutoplayScript) -> Void
    }
    private var steps: [Step] = []
    private var counter = 0
    private var sendEvent: (InputEvent) -> Void = { _ in }
    /// The time of the frame being delivered (seconds since the start).
    private(set) var now: Double = 0
    private var startTime: CFTimeInterval?
    /// The pipeline the script drives (its last render tree is what the demo shows).
    private(set) weak var pipeline: FramePipeline?

    /// Runs `action` at `time`.
    func at(_ time: Double, _ action: @escaping @MainActor (AutoplayScript) -> Void) {
        counter += 1
        steps.append(Step(time: time, order: counter, action: action))
    }

    /// A tap (down and up one frame apart) at `point` in window coordinates.
    func tap(at point: CGPoint, at time: Double) {
        press(.began, point, at: time)
        press(.ended, point, at: time + 1.0 / 30.0)
    }

    /// A tap in the middle of `view`.
    func tap(_ view: UIView, at time: Double) {
        at(time) { script in
            let p = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            script.tap(at: p, at: script.now)
        }
    }

    /// A drag from `start` to `end` over `duration` seconds with a move every 1/60 s (eased so it starts
    /// and ends slowly unless `fling` is set, in which case it keeps its speed until the finger lifts).
    func drag(from start: CGPoint, to end: CGPoint, at time: Double, duration: Double, fling: Bool = false) {
        press(.began, start, at: time)
        let steps = max(1, Int((duration * 60).rounded()))
        for i in 1...steps {
            let u = Double(i) / Double(steps)
            let eased = fling ? u : u * u * (3 - 2 * u)
            let p = CGPoint(x: start.x + (end.x - start.x) * eased, y: start.y + (end.y - start.y) * eased)
            press(.moved, p, at: time + duration * u)
        }
        press(.ended, end, at: time + duration + (fling ? 0 : 1.0 / 60.0))
    }

    private func press(_ phase: PointerEvent.Phase, _ point: CGPoint, at time: Double) {
        at(time) { script in
            script.sendEvent(.pointer(PointerEvent(phase: phase, location: point, timestamp: (script.startTime ?? 0) + script.now)))
        }
    }

    /// Connects the script to a pipeline: due steps run at the start of each of its frames (their events
    /// reach views in the next frame, as a real display's events do).
    /// Time starts at the first frame after attaching (a window's clock may have run for a while).
    func attach(to pipeline: FramePipeline) {
        self.pipeline = pipeline
        sendEvent = { [weak pipeline] event in pipeline?.send(event) }
        pipeline.addFrameObserver { [weak self] time in self?.deliver(upTo: time) }
    }

    /// Whether every step has run.
    var isFinished: Bool { steps.isEmpty }

    private func deliver(upTo time: CFTimeInterval) {
        let start = startTime ?? time
        startTime = start
        now = time - start
        while true {
            let due = steps.enumerated().filter { $0.element.time <= now + 1e-9 }
            guard let first = due.min(by: { ($0.element.time, $0.element.order) < ($1.element.time, $1.element.order) }) else { return }
            steps.remove(at: first.offset)
            if ProcessInfo.processInfo.environment["ANIMA_AUTOPLAY_DEBUG"] != nil { print("autoplay step at \(now)") }
            first.element.action(self)
        }
    }
}
