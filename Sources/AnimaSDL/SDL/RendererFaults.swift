/// Failures a test can make a renderer suffer, so that the recovery paths run without a broken GPU.
///
/// A documented test hook, per renderer (never process-wide: other windows and tests are not affected).
/// ```swift
/// app.renderer.faults.drawingFails = true          // as after a lost OpenGL context
/// app.renderer.faults.maximumTextureSide = 64      // larger images must be scaled down
/// ```
package struct RendererFaults: Sendable {
    /// Textures larger than this on a side cannot be made (0: only the renderer's own limit applies).
    package var maximumTextureSide = 0
    /// Every texture creation fails, as when video memory runs out.
    package var texturesFail = false
    /// Every drawing call fails (switching targets, reading pixels), as after a lost OpenGL context.
    package var drawingFails = false

    package init() {}
}
