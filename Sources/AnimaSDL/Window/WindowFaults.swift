/// Failures a test injects into what an `AppWindow` makes when it recovers (a documented test hook).
///
/// ```swift
/// app.injectedFaults.newAcceleratedRendererFails = true   // recovery must fall back to the software renderer
/// app.renderer.faults.drawingFails = true                 // the current renderer stops drawing
/// ```
package struct WindowFaults: Sendable {
    /// Making a new OpenGL renderer fails (as when the driver is gone), so recovery falls back to software.
    package var newAcceleratedRendererFails = false

    package init() {}
}
