import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation
import Testing
@testable import AnimaSDL

/// A stand-in for the view layer's window: records what the `AppWindow` hands it.
@MainActor final class RecordingContent: AppWindowContent {
    let layer = CALayer()
    var events: [InputEvent] = []
    var attachedTo: FramePipeline?
    var sizes: [CGSize] = []

    func attach(to pipeline: FramePipeline, hostLayer: CALayer) {
        attachedTo = pipeline
        hostLayer.addSublayer(layer)
        pipeline.eventHandler = { [weak self] event in self?.events.append(event) }
    }

    func windowDidResize(to size: CGSize) {
        sizes.append(size)
        layer.frame = CGRect(origin: .zero, size: size)
    }
}

/// Runs `AppWindowTests` again in a child process on a virtual X server (`xvfb-run`), where SDL opens real X11
/// windows (GLX on Mesa llvmpipe). Skipped when `xvfb-run` is not installed.
@Suite struct XvfbWindowTests {
    static let xvfbRun = ["/usr/bin/xvfb-run", "/usr/local/bin/xvfb-run"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let isChild = ProcessInfo.processInfo.environment["ANIMA_EXPECT_VIDEO_DRIVER"] != nil

    @Test(.enabled(if: xvfbRun != nil && !isChild, "xvfb-run is not installed (apt-get install xvfb xauth)"))
    func appWindowTestsPassInARealX11Window() throws {
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.xvfbRun))
        process.arguments = ["-a", "-s", "-screen 0 640x480x24", binary, "--testing-library", "swift-testing",
                             "--filter", "AnimaSDLTests.AppWindowTests"]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = nil
        environment["ANIMA_EXPECT_VIDEO_DRIVER"] = "x11"
        environment["ANIMA_WINDOW_SCREENSHOT"] = AppWindowTests.buildDirectory().appendingPathComponent("appwindow-x11.png").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("tests in 1 suite passed") && !text.contains("✘"), "\(text)")
    }
}

/// `AppWindow` on whatever video driver SDL runs: `offscreen` under `swift test` (an invisible window drawn by
/// EGL), `x11` when `XvfbWindowTests` runs this suite again inside `xvfb-run` (then
/// `ANIMA_EXPECT_VIDEO_DRIVER=x11`, and the screenshot goes to `ANIMA_WINDOW_SCREENSHOT`).
@Suite(.serialized) @MainActor struct AppWindowTests {
    static let environment = ProcessInfo.processInfo.environment

    func makeWindow(_ width: CGFloat = 160, _ height: CGFloat = 120) throws -> AppWindow {
        if SDLVideo.driverName == nil, Self.environment["DISPLAY"] == nil { try SDLVideo.startHeadless() }
        return try AppWindow(title: "Anima test", size: CGSize(width: width, height: height))
    }

    /// Adds a layer with actions disabled.
    @discardableResult
    func box(_ frame: CGRect, _ color: CGColor, in parent: CALayer) -> CALayer {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = frame
        layer.backgroundColor = color
        parent.addSublayer(layer)
        CATransaction.commit()
        return layer
    }

    func push(_ configure: (inout SDL_Event) -> Void) {
        var event = SDL_Event()
        configure(&event)
        #expect(SDL_PushEvent(&event) == 1)
    }

    func pushKey(_ key: SDL_KeyCode, down: Bool, window: AppWindow) {
        push {
            $0.type = (down ? SDL_KEYDOWN : SDL_KEYUP).rawValue
            $0.key.windowID = window.window.id
            $0.key.keysym.sym = SDL_Keycode(key.rawValue)
        }
    }

    @Test func drawsTheLayerTreeAndTakesAScreenshot() async throws {
        let app = try makeWindow(200, 150)
        if let driver = Self.environment["ANIMA_EXPECT_VIDEO_DRIVER"] { #expect(SDLVideo.driverName == driver) }
        CATransaction.begin(); CATransaction.setDisableActions(true)
        app.rootLayer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        CATransaction.commit()
        box(CGRect(x: 20, y: 20, width: 60, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: app.rootLayer)
        let card = box(CGRect(x: 100, y: 50, width: 70, height: 70), CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1), in: app.rootLayer)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        card.cornerRadius = 12
        card.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        card.shadowOpacity = 0.5
        card.shadowRadius = 5
        card.shadowOffset = CGSize(width: 0, height: 4)
        CATransaction.commit()
        #expect(app.renderFrameIfNeeded())
        #expect(app.presentedFrameCount == 1)
        let shot = try app.screenshot()
        #expect(shot.width == Int(200 * app.scale) && shot.height == Int(150 * app.scale))
        let s = Int(app.scale)
        #expect(shot.pixel(x: 50 * s, y: 40 * s) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        let blue = try #require(shot.pixel(x: 135 * s, y: 85 * s))   // (0.1, 0.4, 0.9) rasterized by Cairo: ±1
        #expect(abs(Int(blue.red) - 26) <= 1 && abs(Int(blue.green) - 102) <= 1 && abs(Int(blue.blue) - 230) <= 1 && blue.alpha == 255)
        #expect(shot.pixel(x: 5 * s, y: 140 * s) == RGBAPixel(red: 242, green: 242, blue: 242, alpha: 255))
        let path = Self.environment["ANIMA_WINDOW_SCREENSHOT"] ?? Self.buildDirectory().appendingPathComponent("appwindow.png").path
        try shot.writePNG(to: URL(fileURLWithPath: path))
        // scripts/window-smoke.sh keeps the window up a while to capture the X screen.
        if let hold = Double(Self.environment["ANIMA_WINDOW_HOLD"] ?? "") { await app.run(for: hold) }
    }

    @Test func vsyncOffRunsUnthrottled() throws {
        if SDLVideo.driverName == nil, Self.environment["DISPLAY"] == nil { try SDLVideo.startHeadless() }
        let app = try AppWindow(title: "Anima vsync", size: CGSize(width: 64, height: 48), vsync: false)
        #expect(!app.vsync)
        let layer = box(CGRect(x: 0, y: 0, width: 10, height: 10), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: app.rootLayer)
        let spin = CABasicAnimation(keyPath: "opacity")
        spin.fromValue = 0
        spin.toValue = 1
        spin.duration = 10
        layer.add(spin, forKey: "fade")
        #expect(app.renderFrameIfNeeded())
        // Unthrottled: the next frame is due at once while there is work.
        #expect(app.pipeline.needsFrame && app.nextWait() == 0)
        app.vsync = true
        #expect(app.renderer.setVSync(true))
        app.pipeline.frameInterval = 10   // long, so that the frame below is surely younger than one interval
        #expect(app.renderFrameIfNeeded())
        // Paced again: the next frame waits for the rest of the frame interval.
        #expect(app.nextWait() > 0 && app.nextWait() <= 10)
        app.close()
    }

    @Test func nothingIsRedrawnWhileNothingChanges() throws {
        let app = try makeWindow()
        let layer = box(CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(gray: 1, alpha: 1), in: app.rootLayer)
        app.processEvents(waitingUpTo: 0.02)          // the window's shown/exposed events
        #expect(app.renderFrameIfNeeded())
        let evaluated = app.pipeline.evaluatedFrameCount
        for _ in 0..<5 {
            app.processEvents(waitingUpTo: 0.01)
            #expect(!app.renderFrameIfNeeded())
        }
        #expect(app.presentedFrameCount == 1)
        #expect(app.pipeline.evaluatedFrameCount == evaluated)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        CATransaction.commit()
        #expect(app.renderFrameIfNeeded())
        #expect(app.presentedFrameCount == 2)
    }

    @Test func anIdleWindowSleeps() throws {
        let app = try makeWindow()
        app.processEvents(waitingUpTo: 0.02)
        app.renderFrameIfNeeded()
        // The run loop's idle step, without yielding (so it stays on this thread): 0.5 s of waiting for events.
        let cpuBefore = Self.threadCPUTime()
        let start = HostClock.read()
        var iterations = 0
        while HostClock.read() - start < 0.5 {
            app.processEvents(waitingUpTo: app.idleTimeout)
            app.renderFrameIfNeeded()
            iterations += 1
        }
        let cpu = Self.threadCPUTime() - cpuBefore
        #expect(cpu < 0.05, "an idle window used \(cpu) s of CPU in 0.5 s")
        #expect(iterations <= 8, "woke \(iterations) times in 0.5 s with a 0.1 s idle timeout")
        #expect(app.presentedFrameCount == 1)
    }

    @Test func animationsAndDisplayLinksRunAtTheFrameRate() async throws {
        let app = try makeWindow()
        let layer = box(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(gray: 1, alpha: 1), in: app.rootLayer)
        let move = CABasicAnimation(keyPath: "position.x")
        // Long enough to still run however long a loaded machine (or AddressSanitizer) makes the loop below take.
        move.fromValue = 10; move.toValue = 14_010; move.duration = 1000
        layer.add(move, forKey: "move")
        var stamps: [CFTimeInterval] = []
        var durations: [CFTimeInterval] = []
        let link = CADisplayLink { link in stamps.append(link.timestamp); durations.append(link.duration) }
        link.add(to: .main, forMode: .common)
        let start = app.pipeline.clock.now
        // Run until a few frames were shown (a loaded machine, or other suites holding the main actor, gives the loop
        // fewer chances; no wall-clock bound).
        var rounds = 0
        while app.presentedFrameCount < 6, rounds < 3000 { await app.run(for: 0.1); rounds += 1 }
        link.invalidate()
        let frames = app.presentedFrameCount
        let expected = (app.pipeline.clock.now - start) / app.pipeline.frameInterval
        // Paced, not free-running: never more frames than the rate allows over the time that passed.
        #expect(frames >= 6 && Double(frames) <= expected * 1.3 + 2, "\(frames) frames, \(expected) allowed")
        #expect(stamps.count >= 3 && zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
        #expect(durations.last == app.pipeline.frameInterval)
        app.makeCurrent()                             // other suites' displays may have become current meanwhile
        let x = try #require(layer.presentation()?.position.x)
        // 14 points per second since the animation's commit, which was the run's first frame (not after it);
        // measured against the window's own clock, so a loaded machine that runs late still agrees.
        let elapsed = app.pipeline.clock.now - start
        #expect(x > 10 && x <= 10 + 14 * elapsed + 0.01, "x \(x) after \(elapsed) s")
    }

    @Test func sdlEventsBecomeInputEventsForTheContent() throws {
        let app = try makeWindow()
        let content = RecordingContent()
        app.rootView = content
        #expect(content.attachedTo === app.pipeline)
        #expect(app.rootLayer.sublayers?.contains { $0 === content.layer } == true)
        #expect(content.layer.frame == CGRect(x: 0, y: 0, width: 160, height: 120))
        var seen: [InputEvent] = []
        app.onEvent = { seen.append($0) }
        let id = app.window.id
        push { $0.type = SDL_MOUSEBUTTONDOWN.rawValue; $0.button.windowID = id; $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 30; $0.button.y = 40 }
        push { $0.type = SDL_MOUSEMOTION.rawValue; $0.motion.windowID = id; $0.motion.x = 35; $0.motion.y = 42 }
        push { $0.type = SDL_MOUSEBUTTONUP.rawValue; $0.button.windowID = id; $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 36; $0.button.y = 44 }
        // A touch reported a second time as a synthesized mouse click is not delivered twice.
        push { $0.type = SDL_MOUSEBUTTONDOWN.rawValue; $0.button.windowID = id; $0.button.which = UInt32.max; $0.button.button = UInt8(SDL_BUTTON_LEFT) }
        push { $0.type = SDL_FINGERDOWN.rawValue; $0.tfinger.windowID = id; $0.tfinger.fingerId = 7; $0.tfinger.x = 0.5; $0.tfinger.y = 0.25 }
        pushKey(SDLK_s, down: true, window: app)
        pushKey(SDLK_s, down: false, window: app)
        push { $0.type = SDL_MOUSEWHEEL.rawValue; $0.wheel.windowID = id; $0.wheel.preciseY = 1.5 }
        app.processEvents()
        let expected: [InputEvent] = [
            .pointer(PointerEvent(phase: .began, location: CGPoint(x: 30, y: 40), timestamp: 0)),
            .pointer(PointerEvent(phase: .moved, location: CGPoint(x: 35, y: 42), timestamp: 0)),
            .pointer(PointerEvent(phase: .ended, location: CGPoint(x: 36, y: 44), timestamp: 0)),
            .pointer(PointerEvent(phase: .began, location: CGPoint(x: 80, y: 30), pointerID: 8, timestamp: 0)),
            .key(KeyEvent(key: "s", isDown: true)),
            .key(KeyEvent(key: "s", isDown: false)),
            .scroll(dx: 0, dy: 15, location: CGPoint(x: 36, y: 44)),
        ]
        #expect(seen.map(Self.withoutTimestamp) == expected)
        #expect(content.events.isEmpty)                   // delivered by the pipeline, at the next frame
        app.renderFrameIfNeeded()
        #expect(content.events.map(Self.withoutTimestamp) == expected)
        if case .pointer(let first) = seen.first { #expect(first.timestamp > 0 && first.timestamp <= app.pipeline.clock.now) }
    }

    @Test func escapeClosesTheWindowAndRunReturns() async throws {
        let app = try makeWindow()
        pushKey(SDLK_ESCAPE, down: true, window: app)
        await app.run()
        #expect(app.isClosed)
        let other = try makeWindow()
        other.closesOnEscape = false
        pushKey(SDLK_ESCAPE, down: true, window: other)
        await other.run(for: 0.05)
        #expect(!other.isClosed)
        push { $0.type = SDL_QUIT.rawValue }
        await other.run()
        #expect(other.isClosed)
    }

    @Test func theRootLayerFollowsTheWindowSize() throws {
        let app = try makeWindow()
        let content = RecordingContent()
        app.rootView = content
        app.window.setSize(width: 240, height: 100)
        app.processEvents(waitingUpTo: 0.05)
        #expect(app.size == CGSize(width: 240, height: 100))
        #expect(app.rootLayer.bounds == CGRect(x: 0, y: 0, width: 240, height: 100))
        #expect(app.rootLayer.position == CGPoint(x: 120, y: 50))
        #expect(content.sizes.last == CGSize(width: 240, height: 100))
        #expect(app.rootLayer.contentsScale == app.scale)
        #expect(app.renderFrameIfNeeded())
        #expect(app.hitTest(CGPoint(x: 200, y: 90)) === content.layer)
        app.rootView = nil
        #expect(content.layer.superlayer == nil)
        #expect(app.pipeline.eventHandler == nil)
    }

    @Test func aRendererResetRedrawsAndUploadsAgain() throws {
        let app = try makeWindow()
        let context = CGContext(width: 4, height: 4)
        context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let layer = box(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(gray: 0, alpha: 0), in: app.rootLayer)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.contents = context.makeImage()
        CATransaction.commit()
        app.processEvents(waitingUpTo: 0.02)
        #expect(app.renderFrameIfNeeded())
        let uploads = app.compositor.uploadCount
        push { $0.type = SDL_RENDER_DEVICE_RESET.rawValue }
        app.processEvents()
        #expect(app.renderFrameIfNeeded())            // nothing changed in the tree, but the pixels were lost
        #expect(app.compositor.uploadCount == uploads + 1)
        #expect(try app.screenshot().pixel(x: 20, y: 20) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    static func withoutTimestamp(_ event: InputEvent) -> InputEvent {
        guard case .pointer(var p) = event else { return event }
        p.timestamp = 0
        return .pointer(p)
    }

    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    nonisolated static func buildDirectory() -> URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        url.appendPathComponent(".build/anima-sdl", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
