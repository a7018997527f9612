import Foundation
import AnimaGraphics

extension FramePipeline {
    /// The display's whole tree at media time `time` (nil: the last frame's time): every layer's composed local time
    /// and every animation's timing, phase and progress, depth first in drawing order.
    ///
    /// Reads the render-side copy as the last commit left it (changes made since show after the next frame), with
    /// the timing maths frames use; moves no animation's phase and calls no delegate. Reads no clock.
    public func timeline(atMediaTime time: CFTimeInterval? = nil) -> DisplayTimeline {
        let t = time ?? frameTime
        guard t.isFinite else {
            Diagnostics.report("FramePipeline.timeline(atMediaTime:): rejected \(t.diagnosticDescription); using the last frame's time")
            return store.timeline(atMediaTime: frameTime)
        }
        return store.timeline(atMediaTime: t)
    }

    /// `layer` at media time `time` (nil: the last frame's time), as ``timeline(atMediaTime:)`` reads it; nil when no
    /// commit has delivered the layer yet, and nil with a diagnostic naming it when it is not in this display's tree.
    public func timeline(of layer: CALayer, atMediaTime time: CFTimeInterval? = nil) -> LayerTimeline? {
        var t = time ?? frameTime
        if !t.isFinite {
            Diagnostics.report("FramePipeline.timeline(of: \(layer.debugName)): rejected time \(t.diagnosticDescription); using the last frame's time")
            t = frameTime
        }
        guard layer.renderStore === store, layer.renderSlot >= 0 else {
            Diagnostics.report("FramePipeline.timeline(of:): CALayer \(layer.debugName) is not in this display's tree")
            return nil
        }
        return store.timeline(of: layer.renderSlot, atMediaTime: t)
    }
}

extension HeadlessDisplay {
    /// The whole tree at the display's time: see ``FramePipeline/timeline(atMediaTime:)``.
    /// ```swift
    /// display.advance(by: 0.5)
    /// print(display.timeline().text)
    /// ```
    public func timeline() -> DisplayTimeline { pipeline.timeline(atMediaTime: time) }

    /// `layer` at the display's time: see ``FramePipeline/timeline(of:atMediaTime:)``.
    public func timeline(of layer: CALayer) -> LayerTimeline? { pipeline.timeline(of: layer, atMediaTime: time) }
}
