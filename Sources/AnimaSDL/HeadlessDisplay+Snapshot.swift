import AnimaCore
import AnimaGraphics
import Foundation

extension HeadlessDisplay {
    /// The pixels of the last frame: the display's `renderTree` drawn at `scale` pixels per point.
    ///
    /// Drawn by one process-wide `OffscreenRenderer` (OpenGL; through EGL and Mesa's llvmpipe with no display).
    /// When no OpenGL renderer can be made, the tree is drawn by `SoftwareRenderer` (Cairo) instead, and that is
    /// reported once. A snapshot shows what was last displayed: changes made since the last frame appear after the
    /// next `advance(by:)`.
    /// ```swift
    /// let display = HeadlessDisplay(width: 400, height: 300)
    /// display.rootLayer.backgroundColor = .white
    /// display.advance(by: 0)
    /// try display.snapshot().writePNG(to: URL(fileURLWithPath: ".build/frame.png"))
    /// ```
    public func snapshot() throws -> CGImage {
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        if let renderer = SnapshotRenderer.shared() {
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
