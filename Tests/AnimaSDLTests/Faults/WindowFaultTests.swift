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
            await app.run(for: 10)   // returns at the close, long before 10 s
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
