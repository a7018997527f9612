import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation

/// A real window showing a layer tree: the SDL backend's display.
///
/// The window owns a `FramePipeline` driven by the machine's monotonic clock (`HostClock`) and becomes the current
/// display, so `CACurrentMediaTime()`, transactions and `CADisplayLink`s belong to it. `run()` loops until the
/// window closes (window close, `SDL_QUIT`, or Escape while `closesOnEscape`):
/// 1. SDL events become `InputEvent`s (left mouse button and touches → pointer events in window points, the wheel →
///    scroll events of 10 points per notch with positive `dy` turning the wheel away from the user, keys → key
///    events named like `"s"`, `"escape"`, `"space"`, `"left"`), given to `onEvent` and sent through the pipeline
///    (whose `eventHandler` — the `rootView`'s — gets them at the start of the next frame);
/// 2. when the pipeline has work (changes, animations, display links, observers) a frame is made at the clock's
///    time, and drawn and presented only if the render tree changed. With ``vsync`` on (the default) `present()`
///    waits for the display's refresh, and where it does not (virtual displays) frames are paced to
///    `pipeline.frameInterval`; with it off, frames are made as fast as they can be while there is work
///    (benchmarks, measuring);
/// 3. with nothing to do, the loop sleeps in `SDL_WaitEventTimeout`: an idle window costs about no CPU.
///
/// The root layer always fills the window (it follows resizes). `scale` is drawable pixels per point (HiDPI) and
/// becomes the root layer's `contentsScale`.
/// ```swift
/// let app = try AppWindow(title: "Anima", size: CGSize(width: 640, height: 480))
/// let box = CALayer()
/// box.frame = CGRect(x: 100, y: 100, width: 120, height: 120)
/// box.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
/// app.rootLayer.addSublayer(box)
/// app.onEvent = { event in if case .key(let key) = event, key.key == "s", key.isDown { box.opacity = 0.5 } }
/// await app.run()
/// ```
@preconcurrency @MainActor
public final class AppWindow {
    /// The frame pipeline (transactions, display links, render trees) of this window.
    public let pipeline: FramePipeline
    /// The root layer, always the size of the window.
    public let rootLayer: CALayer
    /// The SDL window.
    public let window: SDLWindow
    /// The renderer drawing into the window (waiting for vsync as ``vsync`` says). Replaced when it keeps failing (see ``renderFrameIfNeeded()``).
    public private(set) var renderer: SDLRenderer
    /// The compositor drawing render trees with `renderer` (replaced with it).
    public private(set) var compositor: Compositor
    /// Failures a test injects into the renderer the window makes when it replaces a failed one.
    package var injectedFaults = WindowFaults()
    /// Frames in a row that could not be drawn.
    private var failedFrames = 0
    private let clock = HostClock()

    /// Called with every input event when the window receives it (before the pipeline delivers it to the
    /// content at the next frame).
    public var onEvent: ((InputEvent) -> Void)?
    /// Whether Escape closes the window (default true).
    public var closesOnEscape = true
    /// The colour behind the root layer (premultiplied; opaque black by default).
    public var clearColor = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255) { didSet { needsRedraw = true } }
    /// Whether frames wait for the display's refresh (default true). Off, the window runs unthrottled: `present()`
    /// returns at once and frames are not paced to `pipeline.frameInterval` — as many frames as the machine makes,
    /// for benchmarks. Changing it applies from the next frame (`SDL_RenderSetVSync`). SDL's `SDL_RENDER_VSYNC`
    /// environment variable, when set, still decides for the renderer a window creates.
    /// ```swift
    /// let app = try AppWindow(title: "bench", size: CGSize(width: 640, height: 480), vsync: false)
    /// app.vsync = true
    /// ```
    public var vsync: Bool {
        didSet {
            guard vsync != oldValue else { return }
            renderer.setVSync(vsync)
        }
    }

    /// The key that opens and closes the timeline inspector (default `"i"`, as `KeyEvent` names keys; nil: no
    /// inspector — the key reaches the app like any other). See ``InspectorPanel``.
    /// ```swift
    /// app.inspectorKey = "f12"   // or nil to turn the inspector off
    /// ```
    public var inspectorKey: String? = "i"

    /// The window's timeline inspector (made on first use; open it with ``inspectorKey`` or `inspector.open()`).
    public var inspector: InspectorPanel {
        if let madeInspector { return madeInspector }
        let made = InspectorPanel(rootLayer: rootLayer, pipeline: pipeline)
        madeInspector = made
        return made
    }
    private var madeInspector: InspectorPanel?

    /// How long the loop sleeps at most when idle before checking the pipeline again (work started outside
    /// the loop, such as a main-actor task, shows within this time).
    public var idleTimeout: CFTimeInterval = 0.1

    /// The content shown above the root layer's background (a `UIWindow`).
    public var rootView: AppWindowContent? {
        didSet {
            guard rootView !== oldValue else { return }
            pipeline.makeCurrent()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            oldValue?.layer.removeFromSuperlayer()
            if oldValue != nil, rootView == nil { pipeline.eventHandler = nil }
            rootView?.attach(to: pipeline, hostLayer: rootLayer)
            rootView?.windowDidResize(to: size)
            CATransaction.commit()
        }
    }

    /// The window size in points.
    public private(set) var size: CGSize
    /// Drawable pixels per point (2 on a HiDPI display).
    public private(set) var scale: CGFloat = 1
    /// Whether the window was closed (`run()` has returned or will).
    public private(set) var isClosed = false
    /// Frames drawn and presented (frames in which nothing changed are not drawn).
    public private(set) var presentedFrameCount = 0
    private var needsRedraw = true
    private var lastFrameStart: CFTimeInterval = -.infinity
    private var mouseIsDown = false
    private var lastMouseLocation = CGPoint.zero

    /// Opens a window of `size` points titled `title` and makes it the current display; `vsync` says whether frames
    /// wait for the display's refresh (see ``vsync``).
    ///
    /// Throws `AppWindowError.noDisplay` (with advice) when there is no display and SDL has not been told to
    /// render offscreen, and `AppWindowError.sdl` when SDL cannot open the window. Sizes that are not finite or
    /// below 1 point are reported and replaced by 640 × 480.
    public init(title: String, size: CGSize, vsync: Bool = true) throws {
        self.vsync = vsync
        var points = size
        if !(size.width.isFinite && size.height.isFinite && size.width >= 1 && size.height >= 1) {
            Diagnostics.report("AppWindow(title: \(title)): rejected size \(size); using 640×480")
            points = CGSize(width: 640, height: 480)
        }
        do {
            try Self.startVideo()
            window = try SDLWindow(title: title, width: Int(points.width.rounded()), height: Int(points.height.rounded()),
                                   isHidden: false, isResizable: true, allowsHighDPI: true)
            renderer = try SDLRenderer(window: window, vsync: vsync)
        } catch let error as SDLError {
            throw AppWindowError.sdl(error)
        }
        compositor = Compositor(renderer: renderer)
        pipeline = FramePipeline(clock: clock)
        pipeline.frameInterval = 1 / Double(window.refreshRate ?? 60)
        pipeline.makeCurrent()
        self.size = points
        rootLayer = CALayer()
        rootLayer.name = "window root"
        pipeline.rootLayer = rootLayer
        Self.liveWindows.insert(window.id)
        updateSize()
    }

    isolated deinit {
        Self.liveWindows.remove(window.id)
        Self.mailboxes[window.id] = nil
    }

    /// Makes this window the current display.
    public func makeCurrent() { pipeline.makeCurrent() }

    /// The window title.
    public var title: String {
        get { window.title }
        set { window.setTitle(newValue) }
    }

    /// The deepest layer under `point` (window points), by the model tree's geometry.
    public func hitTest(_ point: CGPoint) -> CALayer? { rootLayer.hitTest(point) }

    /// Closes the window: `run()` returns, and the window is hidden.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        window.hide()
    }

    // MARK: Running

    /// Runs frames and handles events until the window is closed.
    ///
    /// Between iterations the loop yields to other main-actor work (tasks, timers).
    public func run() async {
        await run(until: .infinity)
    }

    /// Runs like `run()`, but returns after at most `seconds` (for tests and recordings).
    public func run(for seconds: CFTimeInterval) async {
        guard seconds.isFinite, seconds >= 0 else {
            Diagnostics.report("AppWindow.run(for:): rejected \(seconds.diagnosticDescription) s")
            return
        }
        await run(until: clock.now + seconds)
    }

    private func run(until deadline: CFTimeInterval) async {
        while !isClosed, clock.now < deadline {
            pipeline.makeCurrent()   // other main-actor work may have made another display current meanwhile
            processEvents(waitingUpTo: min(nextWait(), max(0, deadline - clock.now)))
            if isClosed { break }
            renderFrameIfNeeded()
            await Task.yield()
        }
    }

    /// How long the loop may wait for events before the next frame is due.
    package func nextWait() -> CFTimeInterval {
        if needsRedraw { return 0 }
        if pipeline.needsFrame { return vsync ? max(0, lastFrameStart + pipeline.frameInterval - clock.now) : 0 }
        return max(0, idleTimeout)
    }

    /// Handles the pending SDL events, first waiting up to `timeout` seconds for one when none is pending.
    public func processEvents(waitingUpTo timeout: CFTimeInterval = 0) {
        pipeline.makeCurrent()   // handlers change layers: their transactions belong to this window
        if let queued = Self.mailboxes.removeValue(forKey: window.id) {
            for event in queued { handle(event) }
        }
        var event = SDL_Event()
        let ms = timeout.isFinite ? Int32(max(0, min(timeout * 1000, 60_000))) : 0
        var got: Int32
        if ms > 0, Self.driverCannotWait {
            got = SDL_PollEvent(&event)
            if got == 0 {
                SDL_Delay(UInt32(ms))
                got = SDL_PollEvent(&event)
            }
        } else {
            got = ms > 0 ? SDL_WaitEventTimeout(&event, ms) : SDL_PollEvent(&event)
        }
        while got != 0 {
            route(event)
            got = SDL_PollEvent(&event)
        }
    }

    /// Whether SDL's video driver cannot block waiting for events (the offscreen and dummy drivers): there
    /// `SDL_WaitEventTimeout` wakes every millisecond to poll, 2 % of a core for an idle window. These drivers
    /// get no input from a user, so the loop polls once and then sleeps the whole timeout itself.
    private static var driverCannotWait: Bool { ["offscreen", "dummy"].contains(SDLVideo.driverName ?? "") }

    /// Makes a frame at the clock's time when the pipeline has work, and draws and presents it when the render
    /// tree changed (or the window needs repainting). Returns whether a frame was presented.
    @discardableResult
    public func renderFrameIfNeeded() -> Bool {
        guard !isClosed, pipeline.needsFrame || needsRedraw else { return false }
        pipeline.makeCurrent()
        let now = clock.now
        lastFrameStart = now
        let evaluated = pipeline.evaluatedFrameCount
        let tree = pipeline.renderFrame(at: now)
        guard pipeline.evaluatedFrameCount != evaluated || needsRedraw else { return false }
        do {
            try GLContextScope.run {
                try compositor.render(tree, scale: scale, clearColor: clearColor)
                renderer.present()
            }
            presentedFrameCount += 1
            needsRedraw = false
            failedFrames = 0
            return true
        } catch {
            Diagnostics.report("AppWindow: frame not drawn: \(error)")
            failedFrames += 1
            needsRedraw = true   // try again next iteration
            if failedFrames >= 2 { replaceRenderer(after: error) }
            return false
        }
    }

    /// A new renderer of `failed`'s kind for the window (unless a test injected that none can be made).
    private func makeRenderer(like failed: SDLRenderer) throws -> SDLRenderer {
        if injectedFaults.newAcceleratedRendererFails, failed.name != "software" {
            throw SDLError("SDL_CreateRenderer(\(failed.name)): unavailable (injected fault)")
        }
        return try GLContextScope.run {
            try SDLRenderer(window: window, driver: failed.name == "software" ? .software : .automatic, vsync: vsync)
        }
    }

    /// Replaces a renderer that failed two frames in a row (a lost OpenGL context, a driver reset): the old one is
    /// destroyed with its textures, a new one of the same kind is made — or, when that fails, SDL's software
    /// renderer — with a new compositor, and the next frame redraws everything. Each step is reported.
    private func replaceRenderer(after error: Error) {
        let failed = renderer
        failed.invalidate()   // SDL allows one renderer per window: the old one must go first
        let made: SDLRenderer
        switch Result(catching: { try makeRenderer(like: failed) }) {
        case .success(let replacement):
            made = replacement
            Diagnostics.report("AppWindow: the \(failed.name) renderer failed (\(error)); made a new \(made.name) renderer")
        case .failure(let first):
            switch Result(catching: { try GLContextScope.run { try SDLRenderer(window: window, driver: .software, vsync: vsync) } }) {
            case .success(let software):
                made = software
                Diagnostics.report("AppWindow: the \(failed.name) renderer failed (\(error)) and no new one could be made (\(first)); drawing with SDL's software renderer")
            case .failure(let second):
                Diagnostics.report("AppWindow: the \(failed.name) renderer failed (\(error)) and no renderer can be made (\(second)); frames are not drawn")
                return
            }
        }
        renderer = made
        compositor = Compositor(renderer: made)
        failedFrames = 0
        needsRedraw = true
        updateSize()
    }

    /// The pixels of the current frame as the window shows them (drawable size: points × `scale`).
    ///
    /// The last frame's render tree is drawn into the window's back buffer, read back, and presented.
    public func screenshot() throws -> CGImage {
        if presentedFrameCount == 0 { renderFrameIfNeeded() }
        return try GLContextScope.run {
            try compositor.render(pipeline.renderTree, scale: scale, clearColor: clearColor)
            let image = try renderer.readPixels()
            renderer.present()
            return image
        }
    }

    // MARK: Events

    /// Events are read from SDL's one queue: those of another open window wait in its mailbox.
    private static var liveWindows: Set<UInt32> = []
    private static var mailboxes: [UInt32: [SDL_Event]] = [:]

    private func route(_ event: SDL_Event) {
        let target = SDLEvents.windowID(of: event)
        if let target, target != window.id, Self.liveWindows.contains(target) {
            Self.mailboxes[target, default: []].append(event)
        } else {
            handle(event)
        }
    }

    private func handle(_ e: SDL_Event) {
        let now = clock.now
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            close()
        case SDL_WINDOWEVENT:
            guard e.window.windowID == window.id else { return }
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED: updateSize()
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED: needsRedraw = true
            case SDL_WINDOWEVENT_CLOSE: close()
            default: break
            }
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            Diagnostics.report("AppWindow: SDL reset the renderer's \(SDL_EventType(e.type) == SDL_RENDER_DEVICE_RESET ? "device" : "render targets"); textures are uploaded again")
            compositor.rendererDidReset()
            needsRedraw = true
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            // Touches also arrive as synthesized mouse events (which == SDL_TOUCH_MOUSEID): skip those.
            guard e.button.which != UInt32.max, Int32(e.button.button) == SDL_BUTTON_LEFT else { return }
            let down = SDL_EventType(e.type) == SDL_MOUSEBUTTONDOWN
            guard down != mouseIsDown else { return }
            mouseIsDown = down
            lastMouseLocation = CGPoint(x: CGFloat(e.button.x), y: CGFloat(e.button.y))
            deliver(.pointer(PointerEvent(phase: down ? .began : .ended, location: lastMouseLocation, timestamp: now)))
        case SDL_MOUSEMOTION:
            guard e.motion.which != UInt32.max else { return }
            lastMouseLocation = CGPoint(x: CGFloat(e.motion.x), y: CGFloat(e.motion.y))
            if mouseIsDown { deliver(.pointer(PointerEvent(phase: .moved, location: lastMouseLocation, timestamp: now))) }
        case SDL_MOUSEWHEEL:
            let flip: CGFloat = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            deliver(.scroll(dx: CGFloat(e.wheel.preciseX) * 10 * flip, dy: CGFloat(e.wheel.preciseY) * 10 * flip,
                            location: lastMouseLocation))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let phase: PointerEvent.Phase = SDL_EventType(e.type) == SDL_FINGERDOWN ? .began
                : (SDL_EventType(e.type) == SDL_FINGERUP ? .ended : .moved)
            let location = CGPoint(x: CGFloat(e.tfinger.x) * size.width, y: CGFloat(e.tfinger.y) * size.height)
            deliver(.pointer(PointerEvent(phase: phase, location: location, pointerID: SDLEvents.pointerID(finger: e.tfinger.fingerId),
                                          timestamp: now)))
        case SDL_KEYDOWN, SDL_KEYUP:
            guard e.key.repeat == 0 else { return }
            let down = SDL_EventType(e.type) == SDL_KEYDOWN
            let name = SDLEvents.keyName(e.key.keysym.sym)
            deliver(.key(KeyEvent(key: name, isDown: down)))
            if down, name == "escape", closesOnEscape { close() }
        default:
            break
        }
    }

    private func deliver(_ event: InputEvent) {
        if case .key(let key) = event, let inspectorKey, key.key == inspectorKey {
            if key.isDown {
                pipeline.makeCurrent()
                inspector.isOpen ? inspector.close() : inspector.open()
            }
            return
        }
        if let madeInspector, madeInspector.isOpen {
            pipeline.makeCurrent()
            if madeInspector.handle(event) { return }
        }
        onEvent?(event)
        pipeline.send(event)
    }

    /// Reads the window's size and pixel scale, and makes the root layer (and the content) fill it.
    private func updateSize() {
        let points = window.size
        let pixels = GLContextScope.run { () -> (width: Int, height: Int) in
            try? renderer.setTarget(nil)
            return renderer.outputSize
        }
        size = CGSize(width: max(1, points.width), height: max(1, points.height))
        scale = pixels.width > 0 ? CGFloat(pixels.width) / size.width : 1
        pipeline.pixelsPerPoint = scale
        pipeline.makeCurrent()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        rootLayer.contentsScale = scale
        rootView?.windowDidResize(to: size)
        CATransaction.commit()
        needsRedraw = true
    }

    private static func startVideo() throws {
        guard SDLVideo.driverName == nil else { return }
        let env = ProcessInfo.processInfo.environment
        let hasDisplay = !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
        if !hasDisplay, env["SDL_VIDEODRIVER"] == nil { throw AppWindowError.noDisplay }
        do { try SDLVideo.start() } catch let error as SDLError { throw AppWindowError.sdl(error) }
    }
}

/// Reading SDL's event union.
enum SDLEvents {
    /// The window an event belongs to, when it names one.
    static func windowID(of e: SDL_Event) -> UInt32? {
        switch SDL_EventType(e.type) {
        case SDL_WINDOWEVENT: return e.window.windowID
        case SDL_KEYDOWN, SDL_KEYUP: return e.key.windowID
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: return e.button.windowID
        case SDL_MOUSEMOTION: return e.motion.windowID
        case SDL_MOUSEWHEEL: return e.wheel.windowID
        case SDL_FINGERDOWN, SDL_FINGERUP, SDL_FINGERMOTION: return e.tfinger.windowID == 0 ? nil : e.tfinger.windowID
        default: return nil
        }
    }

    /// SDL's key name, lower-cased: `"s"`, `"escape"`, `"space"`, `"return"`, `"left"`, `"f1"`.
    static func keyName(_ key: SDL_Keycode) -> String {
        guard let name = SDL_GetKeyName(key).map({ String(cString: $0) }), !name.isEmpty else { return "unknown" }
        return name.lowercased()
    }

    /// A pointer id for a finger that never equals the mouse's (0).
    static func pointerID(finger: SDL_FingerID) -> Int { 1 + Int(truncatingIfNeeded: finger & 0x3FFF_FFFF) }
}
