import Foundation
import AnimaCore
import AnimaGraphics

/// The root view of a display (UIKit's `UIWindow`): it hosts the view tree on a `HeadlessDisplay` or a
/// window backend, and turns the display's input events into touches delivered to views.
///
/// ```swift
/// let display = HeadlessDisplay(width: 400, height: 300)
/// let window = UIWindow(display: display)
/// window.addSubview(box)
/// display.send(.pointer(PointerEvent(phase: .began, location: CGPoint(x: 50, y: 50), timestamp: display.time)))
/// display.advance(by: 0)   // box.touchesBegan(_:with:) runs
/// ```
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The pipeline whose frames and events the window is attached to.
    public private(set) weak var pipeline: FramePipeline?
    private weak var hostLayer: CALayer?
    /// Whether the window receives keyboard events (set by ``makeKeyAndVisible()``).
    public private(set) var isKeyWindow = false
    /// The touches that are down, in the order they went down.
    private var activeTouches: [UITouch] = []
    /// The event object reused for every delivery (as UIKit reuses its touch event).
    package let currentEvent = UIEvent(timestamp: 0, touches: [])
    /// The window's gesture recognizer machinery.
    package private(set) lazy var gestureEnvironment = GestureEnvironment(window: self)
    private var lastTap: (location: CGPoint, time: TimeInterval, count: Int)?
    /// The root view controller (see `rootViewController`).
    package var _rootViewController: UIViewController?

    /// A window covering `display`, attached to its frames and events.
    public convenience init(display: HeadlessDisplay) {
        self.init(frame: CGRect(origin: .zero, size: display.size))
        attach(to: display.pipeline, hostLayer: display.rootLayer)
    }

    /// Hosts the window in `hostLayer` (the root layer of a display or window backend) and routes the
    /// `pipeline`'s input events to it. The window's layer becomes a sublayer of `hostLayer`, and the window
    /// becomes the receiver of the pipeline's events (one window per pipeline; the last attached wins).
    ///
    /// This is the hook a windowed backend uses: `window.attach(to: appWindow.pipeline, hostLayer: appWindow.rootLayer)`.
    public func attach(to pipeline: FramePipeline, hostLayer: CALayer) {
        self.pipeline = pipeline
        self.hostLayer = hostLayer
        hostLayer.addSublayer(layer)
        pipeline.eventHandler = { [weak self] event in self?.handle(event) }
    }

    /// Makes the window visible and the key window.
    public func makeKeyAndVisible() {
        isHidden = false
        isKeyWindow = true
    }

    /// Whether the window is hidden; showing or hiding it makes its root view controller appear or disappear
    /// (as `makeKeyAndVisible()` does in UIKit, where a new window starts hidden).
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            let wasHidden = super.isHidden
            super.isHidden = newValue
            guard wasHidden != newValue, let root = _rootViewController, root.viewIfLoaded?.superview === self else { return }
            root.beginAppearanceTransition(!newValue, animated: false)
            root.endAppearanceTransition()
        }
    }

    /// Resizes the window to `size` as UIKit does when a scene's size changes: the root view controller (and through
    /// it its children and presented controllers) hears ``UIViewController/viewWillTransition(to:with:)`` while
    /// its view has the old size, the window takes the new size and lays out, then the coordinator's alongside
    /// blocks and completions run. Nothing animates: a window resize is followed frame by frame.
    public func transition(toSize size: CGSize) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            return reject("transition(toSize:) size", "\(size)")
        }
        guard size != bounds.size else { return }
        let coordinator = SizeTransitionCoordinator(container: self)
        rootViewController?.viewWillTransition(to: size, with: coordinator)
        frame = CGRect(origin: frame.origin, size: size)
        layoutIfNeeded()
        coordinator.finish()
    }

    /// Keeps the root view controller's view filling the window.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let root = _rootViewController?.viewIfLoaded, root.superview === self { root.frame = bounds }
    }

    /// Windows end the responder chain.
    open override var next: UIResponder? { nil }

    // MARK: Events

    /// Turns one input event into a touch update and delivers it through ``sendEvent(_:)``.
    package func handle(_ input: InputEvent) {
        guard case .pointer(let pointer) = input else { return }
        let location = hostLayer.map { layer.convert(pointer.location, from: $0) } ?? pointer.location
        guard location.x.isFinite, location.y.isFinite, pointer.timestamp.isFinite else {
            Diagnostics.report("UIWindow: rejected pointer event at \(pointer.location), time \(pointer.timestamp.diagnosticDescription) (not finite)")
            return
        }
        let existing = activeTouches.first { $0.pointerID == pointer.pointerID }
        switch pointer.phase {
        case .began:
            if let existing {
                Diagnostics.report("UIWindow: pointer \(pointer.pointerID) went down again before going up; the earlier touch is cancelled")
                finish(existing, phase: .cancelled, at: existing.windowLocation, time: pointer.timestamp)
            }
            begin(pointerID: pointer.pointerID, at: location, time: pointer.timestamp)
        case .moved:
            guard let touch = existing else { return }
            update(touch, phase: .moved, at: location, time: pointer.timestamp)
        case .ended:
            guard let touch = existing else { return }
            finish(touch, phase: .ended, at: location, time: pointer.timestamp)
        case .cancelled:
            guard let touch = existing else { return }
            finish(touch, phase: .cancelled, at: location, time: pointer.timestamp)
        }
    }

    private func begin(pointerID: Int, at location: CGPoint, time: TimeInterval) {
        var taps = 1
        if let last = lastTap, time - last.time <= 0.35, hypot(location.x - last.location.x, location.y - last.location.y) <= 20 {
            taps = last.count + 1
        }
        let touch = UITouch(pointerID: pointerID, location: location, timestamp: time, window: self, tapCount: taps)
        touch.view = hitTest(location, with: currentEvent)
        activeTouches.append(touch)
        gestureEnvironment.touchBegan(touch)
        deliver(touch, at: time)
    }

    private func update(_ touch: UITouch, phase: UITouch.Phase, at location: CGPoint, time: TimeInterval) {
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = location
        touch.timestamp = time
        touch.phase = phase
        deliver(touch, at: time)
    }

    private func finish(_ touch: UITouch, phase: UITouch.Phase, at location: CGPoint, time: TimeInterval) {
        update(touch, phase: phase, at: location, time: time)
        activeTouches.removeAll { $0 === touch }
        if phase == .ended { lastTap = (location, time, touch.tapCount) }
    }

    private func deliver(_ touch: UITouch, at time: TimeInterval) {
        for other in activeTouches where other !== touch { other.phase = .stationary }
        currentEvent.setTouches(activeTouches.contains { $0 === touch } ? activeTouches : activeTouches + [touch], at: time)
        sendEvent(currentEvent)
    }

    /// Delivers an event's changed touches: first to their gesture recognizers, then to their views'
    /// `touches…` methods (unless a recognizer cancelled the touch for the view or holds the event back).
    open func sendEvent(_ event: UIEvent) {
        for touch in event.allTouches?.sorted(by: { $0.pointerID < $1.pointerID }) ?? [] where touch.phase != .stationary {
            gestureEnvironment.dispatch(touch, with: event)
            if let view = touch.view, view.window !== self {
                // The view left the window while the finger was down: it hears a cancellation once, no more.
                Diagnostics.report("UIWindow: the view \(view.diagnosticName) of touch \(touch.pointerID) left the window; the touch is cancelled for it")
                cancelTouchForView(touch)
                touch.view = nil
                continue
            }
            gestureEnvironment.deliverToView(touch, with: event)
        }
        gestureEnvironment.settle()
    }

    /// Tells `touch`'s view the touch is cancelled (once; only if the view saw it begin) and sends it no
    /// more events for it.
    package func cancelTouchForView(_ touch: UITouch) {
        guard !touch.viewIsDone else { return }
        touch.viewIsDone = true
        touch.hasDelayedEnd = false
        guard touch.viewHasBegun, let view = touch.view else { return }
        let phase = touch.phase
        touch.phase = .cancelled
        view.touchesCancelled([touch], with: currentEvent)
        touch.phase = phase
    }
}
