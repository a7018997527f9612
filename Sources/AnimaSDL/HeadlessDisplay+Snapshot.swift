import AnimaCore
import AnimaGraphics
import Foundation

extension HeadlessDisplay {
    /// Which renderer composites a snapshot.
    public enum SnapshotCompositor: Sendable, Equatable {
        /// OpenGL (through EGL and Mesa's llvmpipe with no display); Cairo when no OpenGL renderer can be made.
        case openGL
        /// Cairo on the calling thread (`SoftwareRenderer`): no GPU, no driver, no threads. It draws what OpenGL
        /// draws, with three differences: a layer with perspective is drawn through an affine map (reported);
        /// antialiased edges differ (Cairo computes each pixel's coverage); and compositing filters over a
        /// translucent backdrop follow the PDF blend equations, where OpenGL's are exact only over an opaque one.
        case software
    }

    /// The pixels of the last frame: the display's `renderTree` drawn at `scale` pixels per point.
    ///
    /// Drawn by one process-wide `OffscreenRenderer` (OpenGL; through EGL and Mesa's llvmpipe with no display).
    /// When no OpenGL renderer can be made, the tree is drawn by `SoftwareRenderer` (Cairo) instead, and that is
    /// reported once. A snapshot shows what was last displayed: changes made since the last frame appear after the
    /// next `advance(by:)`. The same as `snapshot(compositor: .openGL)`.
    /// ```swift
    /// let display = HeadlessDisplay(width: 400, height: 300)
    /// display.rootLayer.backgroundColor = .white
    /// display.advance(by: 0)
    /// try display.snapshot().writePNG(to: URL(fileURLWithPath: ".build/frame.png"))
    /// ```
    public func snapshot() throws -> CGImage {
        try snapshot(compositor: .openGL)
    }

    /// The pixels of the last frame composited by `compositor`: the display's `renderTree` drawn at `scale` pixels
    /// per point.
    ///
    /// `.software` composites with Cairo on the calling thread: for headless rendering (tests, batch export, servers)
    /// it is usually faster than OpenGL through llvmpipe, which emulates a GPU on the CPU, and it needs no EGL. It
    /// is the one to choose when what counts is CPU time per frame; `.openGL` shows what a window shows. Reads no
    /// clock; throws only for OpenGL failures after the renderer was made.
    /// ```swift
    /// let display = HeadlessDisplay(width: 40, height: 30)
    /// display.rootLayer.backgroundColor = .white
    /// display.advance(by: 0)
    /// let image = try display.snapshot(compositor: .software)   // 40 × 30, white
    /// ```
    public func snapshot(compositor: SnapshotCompositor) throws -> CGImage {
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        if compositor == .openGL, let renderer = SnapshotRenderer.shared() {
            return try renderer.snapshot(renderTree, width: width, height: height, scale: scale)
        }
        return SoftwareRenderer.render(renderTree, width: width, height: height, scale: scale)
    }
}

/// The renderer behind `HeadlessDisplay.snapshot()`, made on first use; nil when OpenGL is unavailable.
@MainActor
package enum SnapshotRenderer {
    private static var renderer: OffscreenRenderer?
    private static var failed = false
    /// Draw with Cairo even when OpenGL works (for tests of the fallback).
    package static var forcesSoftware = false

    package static func shared() -> OffscreenRenderer? {
        if forcesSoftware || failed { return nil }
        if let renderer { return renderer }
        do {
            let made = try OffscreenRenderer(width: 1, height: 1)
            guard made.renderer.usesPremultipliedAlpha else {
                throw SDLError("OffscreenRenderer: SDL gave the \(made.renderer.name) renderer, not OpenGL")
            }
            renderer = made
            return made
        } catch {
            failed = true
            Diagnostics.report("HeadlessDisplay.snapshot(): no OpenGL renderer (\(error)); drawing with the Cairo software renderer")
            return nil
        }
    }
}
