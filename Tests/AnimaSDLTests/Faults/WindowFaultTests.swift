import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation
import Testing
@testable import AnimaSDL

/// Faults a window meets in the field, injected: the renderer failing mid-run (a lost OpenGL context), texture
/// creation failing (too large, out of memory), the window closed by the system while things run. Each time the
/// window goes on — recreating its renderer, falling back to software, drawing a layer scaled down or skipping
/// it — with a diagnostic, and nothing leaks.
@Suite(.serialized) @MainActor struct WindowFaultTests {
    func makeWindow(_ width: CGFloat = 120, _ height: CGFloat = 90) throws -> AppWindow {
        if SDLVideo.driverName == nil, ProcessInfo.processInfo.environment["DISPLAY"] == nil { try SDLVideo.startHeadless() }
        return try AppWindow(title: "Anima fault test", size: CGSize(width: width, height: height))
    }

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

    func count(_ fragment: String) -> Int { Diagnostics.messages(containing: fragment).count }

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A solid image of `width × height` pixels.
    func image(_ width: Int, _ height: Int, _ color: CGColor) throws -> CGImage {
        let context = CGContext(width: width, height: height)
        context.setFillColor(color)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return try #require(context.makeImage())
    }

    // MARK: The renderer failing mid-run

    @Test func aRendererThatStopsDrawingIsReplaced() throws {
        let app = try makeWindow()
        box(CGRect(x: 10, y: 10, width: 40, height: 40), Self.red, in: app.rootLayer)
        app.processEvents(waitingUpTo: 0.02)
        #expect(app.renderFrameIfNeeded())
        let failed = app.renderer
        let before = count("AppWindow: the \(failed.name) renderer failed")
        failed.faults.drawingFails = true                 // as after a lost context
        box(CGRect(x: 60, y: 10, width: 40, height: 40), Self.red, in: app.rootLayer)
        #expect(!app.renderFrameIfNeeded())               // the first failure: retried
        #expect(!app.renderFrameIfNeeded())               // the second: the renderer is replaced
        #expect(count("AppWindow: the \(failed.name) renderer failed") == before + 1)
        #expect(app.renderer !== failed && !failed.isValid)
        #expect(app.renderer.name == failed.name)
        #expect(app.renderFrameIfNeeded())                // the new renderer draws the whole tree again
        let shot = try app.screenshot()
        let s = Int(app.scale)
        #expect(shot.pixel(x: 30 * s, y: 30 * s) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(shot.pixel(x: 80 * s, y: 30 * s) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test func whenNoNewOpenGLRendererCanBeMadeTheWindowDrawsInSoftware() async throws {
        let app = try makeWindow()
        box(CGRect(x: 10, y: 10, width: 40, height: 40), Self.red, in: app.rootLayer)
        let moving = box(CGRect(x: 60, y: 40, width: 20, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: app.rootLayer)
        app.processEvents(waitingUpTo: 0.02)
        #expect(app.renderFrameIfNeeded())
        let before = count("drawing with SDL's software renderer")
        app.injectedFaults.newAcceleratedRendererFails = true
        app.renderer.faults.drawingFails = true
        let move = CABasicAnimation(keyPath: "position.y")
        move.fromValue = 50; move.toValue = 70; move.duration = 10
        moving.add(move, forKey: "move")
        for _ in 0..<200 where app.renderer.name != "software" {
            await app.run(for: 0.02)                      // run() goes on through the failure
        }
        #expect(count("drawing with SDL's software renderer") >= before + 1)
        #expect(app.renderer.name == "software")
        let presented = app.presentedFrameCount
        await app.run(for: 0.1)
        #expect(app.presentedFrameCount > presented)      // frames present again
        let shot = try app.screenshot()
        let s = Int(app.scale)
        #expect(shot.pixel(x: 30 * s, y: 30 * s) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    @Test func aDeviceResetIsReportedAndRedrawn() throws {
        let app = try makeWindow()
        let layer = box(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(gray: 0, alpha: 0), in: app.rootLayer)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.contents = try image(4, 4, CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        CATransaction.commit()
        app.processEvents(waitingUpTo: 0.02)
        #expect(app.renderFrameIfNeeded())
        let before = count("AppWindow: SDL reset the renderer's device")
        var event = SDL_Event()
        event.type = SDL_RENDER_DEVICE_RESET.rawValue
        #expect(SDL_PushEvent(&event) == 1)
        app.processEvents()
        #expect(count("AppWindow: SDL reset the renderer's device") == before + 1)
        #expect(app.renderFrameIfNeeded())
        #expect(try app.screenshot().pixel(x: 20, y: 20) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    // MARK: Texture creation failing

    @Test func anImageLargerThanTexturesCanBeIsDrawnScaledDown() throws {
        let app = try makeWindow()
        app.renderer.faults.maximumTextureSide = 64
        let layer = box(CGRect(x: 10, y: 10, width: 80, height: 60), CGColor(gray: 0, alpha: 0), in: app.rootLayer)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        layer.contents = try image(400, 300, CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        CATransaction.commit()
        let before = count("is larger than the renderer's 64-pixel textures; drawn scaled down to 64×48")
        app.processEvents(waitingUpTo: 0.02)
        #expect(app.renderFrameIfNeeded())               // the frame presents
        #expect(count("is larger than the renderer's 64-pixel textures; drawn scaled down to 64×48") == before + 1)
        let s = Int(app.scale)
        #expect(try app.screenshot().pixel(x: 50 * s, y: 40 * s) == RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func aLayerWhoseTextureCannotBeMadeIsSkippedAndTheFrameStillPresents() throws {
        let app = try makeWindow()
        box(CGRect(x: 0, y: 0, width: 120, height: 90), Self.red, in: app.rootLayer)
        let pictured = box(CGRect(x: 10, y: 10, width: 40, height: 40), CGColor(gray: 0, alpha: 0), in: app.rootLayer)
        let clipped = box(CGRect(x: 60, y: 10, width: 40, height: 40), CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: app.rootLayer)
        box(CGRect(x: 10, y: 10, width: 60, height: 60), CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: clipped)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        pictured.contents = try image(8, 8, CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        clipped.masksToBounds = true                       // needs offscreen targets
        CATransaction.commit()
        app.renderer.faults.texturesFail = true            // out of video memory
        let skipped = count("; the layer is not drawn")
        let unclipped = count("drawn without its clip, mask or group opacity")
        app.processEvents(waitingUpTo: 0.02)
        #expect(app.renderFrameIfNeeded())
        #expect(app.presentedFrameCount == 1)
        #expect(count("; the layer is not drawn") == skipped + 1)
        #expect(count("drawn without its clip, mask or group opacity") == unclipped + 1)
        app.renderer.faults.texturesFail = false
        let s = Int(app.scale)
        let shot = try app.screenshot()
        #expect(shot.pixel(x: 30 * s, y: 30 * s) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))   // skipped: the background shows
        #expect(shot.pixel(x: 80 * s, y: 30 * s) == RGBAPixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    // MARK: Closed by the system while running; nothing leaks

    @Test func closedBySystemWhileAnimatingRunReturnsAndNothingLeaks() async throws {
        weak var weakApp: AppWindow?
        weak var weakRenderer: SDLRenderer?
        weak var weakCompositor: Compositor?
        weak var weakPipeline: FramePipeline?
        weak var weakLayer: CALayer?
        weak var weakLink: CADisplayLink?
        weak var weakTarget: Ticker?
        var ticks = 0
        do {
            let app = try makeWindow()
            weakApp = app; weakRenderer = app.renderer; weakCompositor = app.compositor; weakPipeline = app.pipeline
            let layer = box(CGRect(x: 10, y: 10, width: 30, height: 30), Self.red, in: app.rootLayer)
            weakLayer = layer
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0; spin.toValue = 6.28; spin.duration = 1; spin.repeatCount = .infinity
            layer.add(spin, forKey: "spin")
            let target = Ticker()
            weakTarget = target
            let windowID = app.window.id
            let link = CADisplayLink(target: target) { (t: Ticker) in { (link: CADisplayLink) in
                t.count += 1
                ticks = t.count
                if t.count == 5 {   // the system closes the window mid-run
                    var event = SDL_Event()
                    event.type = SDL_WINDOWEVENT.rawValue
                    event.window.windowID = windowID
                    event.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
                    _ = SDL_PushEvent(&event)
                }
            } }
            weakLink = link
            link.add(to: .main, forMode: .default)
            await app.run(for: 120)   // returns at the close (the bound only matters when other suites starve the main actor)
            #expect(app.isClosed)
            link.invalidate()        // as the app does when its window is gone
        }
        #expect(ticks >= 5 && ticks < 300)
        #expect(weakApp == nil && weakRenderer == nil && weakCompositor == nil && weakPipeline == nil)
        #expect(weakLayer == nil && weakLink == nil && weakTarget == nil)
    }

    /// The same without invalidating the link: the window's pipeline owned it, and it goes with the window.
    @Test func aLinkNeverInvalidatedGoesWithItsClosedWindow() async throws {
        weak var weakApp: AppWindow?
        weak var weakLink: CADisplayLink?
        weak var weakTarget: Ticker?
        do {
            let app = try makeWindow()
            weakApp = app
            let target = Ticker()
            weakTarget = target
            let link = CADisplayLink(target: target, selector: Ticker.tick)
            weakLink = link
            link.add(to: .main, forMode: .default)
            await app.run(for: 0.1)
            app.close()
        }
        #expect(weakApp == nil && weakLink == nil && weakTarget == nil)
    }
}

@MainActor final class Ticker {
    var count = 0
    func tick(_ link: CADisplayLink) { count += 1 }
}
