import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation
import Testing
@testable import AnimaSDL

/// Wrappers over SDL's window, renderer and textures, on the offscreen video driver (no display needed).
@Suite(.serialized) @MainActor struct SDLBackendTests {
    init() throws { try SDLVideo.startHeadless() }

    private func makeRenderer(_ driver: SDLRenderer.Driver = .automatic) throws -> SDLRenderer {
        try SDLRenderer(window: SDLWindow(title: "test", width: 64, height: 64, isHidden: true), driver: driver)
    }

    /// A 1×1 image of one premultiplied ARGB word.
    private func pixelImage(_ word: UInt32) -> CGImage { CGImage(width: 1, height: 1, premultipliedARGB: [word])! }

    @Test func offscreenDriverGivesOpenGLWithPremultipliedBlending() throws {
        #expect(SDLVideo.driverName == "offscreen")
        let renderer = try makeRenderer()
        #expect(renderer.name.hasPrefix("opengl"))
        #expect(renderer.usesPremultipliedAlpha)
        #expect(try makeRenderer(.software).usesPremultipliedAlpha == false)
    }

    @Test(arguments: [SDLRenderer.Driver.automatic, .software])
    func halfTransparentWhiteOverBlackIsMidGrey(driver: SDLRenderer.Driver) throws {
        let renderer = try makeRenderer(driver)
        let target = try SDLTexture(renderer: renderer, width: 8, height: 8, isRenderTarget: true)
        let texel = try SDLTexture(renderer: renderer, image: pixelImage(0x8080_8080))
        try renderer.setTarget(target)
        renderer.clear(alpha: 255)
        var mesh = QuadMesh()
        mesh.appendQuad(CGRect(x: 0, y: 0, width: 8, height: 8), transform: .identity,
                        textureRect: CGRect(x: 0, y: 0, width: 1, height: 1), color: .init(r: 255, g: 255, b: 255, a: 255))
        renderer.drawGeometry(mesh.vertices, indices: mesh.indices, texture: texel)
        let p = try renderer.readPixels().pixel(x: 4, y: 4)!
        // Exact on GL; the software path un-premultiplies (0x80 → 0xFF) and blends straight: ±1 in colour.
        #expect(abs(Int(p.red) - 128) <= 1, "\(p)")
        // SDL's software blitter approximates dstA = srcA + dstA·(1 − srcA) with shifts: 253 instead of 255.
        #expect(p.alpha >= 252, "\(p)")
    }

    @Test func vertexColourOpacityScalesAllChannels() throws {
        let renderer = try makeRenderer()
        let target = try SDLTexture(renderer: renderer, width: 8, height: 8, isRenderTarget: true)
        let red = try SDLTexture(renderer: renderer, image: pixelImage(0xFFFF_0000))
        try renderer.setTarget(target)
        renderer.clear()
        var mesh = QuadMesh()
        mesh.appendQuad(CGRect(x: 0, y: 0, width: 8, height: 8), transform: .identity,
                        textureRect: CGRect(x: 0, y: 0, width: 1, height: 1), color: .init(r: 128, g: 128, b: 128, a: 128))
        renderer.drawGeometry(mesh.vertices, indices: mesh.indices, texture: red)
        let p = try renderer.readPixels().pixel(x: 3, y: 3)!
        #expect(p == RGBAPixel(red: 128, green: 0, blue: 0, alpha: 128))
    }

    @Test func textureUploadAndReadbackRoundTrip() throws {
        let renderer = try makeRenderer()
        let context = CGContext(width: 16, height: 8)
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 8, y: 0, width: 8, height: 8))
        let image = try #require(context.makeImage())
        let target = try SDLTexture(renderer: renderer, width: 16, height: 8, isRenderTarget: true)
        try renderer.setTarget(target)
        renderer.clear()
        var mesh = QuadMesh()
        mesh.appendQuad(CGRect(x: 0, y: 0, width: 16, height: 8), transform: .identity,
                        textureRect: CGRect(x: 0, y: 0, width: 1, height: 1), color: .init(r: 255, g: 255, b: 255, a: 255))
        renderer.drawGeometry(mesh.vertices, indices: mesh.indices, texture: try SDLTexture(renderer: renderer, image: image))
        let back = try renderer.readPixels()
        #expect(back.premultipliedARGB == image.premultipliedARGB)
    }

    @Test func badTextureSizesThrow() throws {
        let renderer = try makeRenderer()
        #expect(throws: SDLError.self) { try SDLTexture(renderer: renderer, width: 0, height: 4) }
        #expect(throws: SDLError.self) { try SDLTexture(renderer: renderer, width: 1_000_000, height: 4) }
        let texture = try SDLTexture(renderer: renderer, width: 2, height: 2)
        #expect(throws: SDLError.self) { try texture.update(from: pixelImage(0)) }
    }

    /// Under an async `main` the main actor runs on whichever worker thread is free, so between uses no GL
    /// context may stay bound to the thread that last drew: another thread must be able to bind it.
    @Test func glContextIsFreeForOtherThreadsBetweenUses() throws {
        let display = HeadlessDisplay(width: 16, height: 16)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        display.rootLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        display.rootLayer.masksToBounds = true          // an offscreen pass: render-target switches
        CATransaction.commit()
        display.advance(by: 0)
        let offscreen = try OffscreenRenderer(width: 16, height: 16)
        #expect(try offscreen.snapshot(display.renderTree).pixel(x: 8, y: 8) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(!GLContextScope.isContextCurrent)
        nonisolated(unsafe) let window = offscreen.renderer.window.handle
        nonisolated(unsafe) let context = try #require(offscreen.renderer.glContext)
        let status = Self.onNewThread {
            let bound = SDL_GL_MakeCurrent(window, context)
            SDL_GL_MakeCurrent(nil, nil)
            return bound
        }
        #expect(status == 0, "the context is still bound to the thread that drew last")
        #expect(try offscreen.snapshot(display.renderTree).pixel(x: 3, y: 3) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    /// Runs `body` on a new thread and waits for its result.
    private nonisolated static func onNewThread(_ body: @escaping @Sendable () -> Int32) -> Int32 {
        final class Box: @unchecked Sendable { var value: Int32 = -99 }
        let box = Box(), done = DispatchSemaphore(value: 0)
        Thread { box.value = body(); done.signal() }.start()
        done.wait()
        return box.value
    }

    @Test func hostClockIsMonotonic() {
        let clock = HostClock()
        let a = clock.now, b = clock.now
        #expect(b >= a && a > 0)
    }
}
