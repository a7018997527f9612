import AnimaCore
import AnimaGraphics
import Foundation

/// The inspector panel: one layer that draws ``InspectorContent`` with Anima's `CGContext`, and remembers where its
/// controls are for the pointer.
final class InspectorPanelLayer: CALayer {
    var content = InspectorContent()
    /// Where the controls were drawn (panel coordinates).
    private(set) var buttons: [(InspectorPanel.Control, CGRect)] = []
    private(set) var scrubTrack = CGRect.zero
    private(set) var treeRows: [(index: Int, rect: CGRect)] = []

    static let width: CGFloat = 300
    static let treeRowHeight: CGFloat = 15
    static let visibleTreeRows = 10

    private let font = TextFont(size: 11)
    private let bold = TextFont(size: 11, weight: .bold)
    private let mono = TextFont(family: "DejaVu Sans Mono", size: 10)

    private func text(_ s: String, _ ctx: CGContext, x: CGFloat, y: CGFloat, font: TextFont? = nil, gray: CGFloat = 0.92,
                      color: CGColor? = nil, width: CGFloat? = nil) {
        var layout = TextLayout(s, font: font ?? self.font, color: color ?? CGColor(gray: gray, alpha: 1),
                                maximumWidth: width ?? (Self.width - x - 8), lineBreak: .truncateTail)
        layout.maximumNumberOfLines = 1
        layout.draw(in: ctx, at: CGPoint(x: x, y: y))
    }

    override func draw(in ctx: CGContext) {
        let c = content
        let w = bounds.width
        ctx.setFillColor(CGColor(red: 0.08, green: 0.09, blue: 0.11, alpha: 0.97))
        ctx.fill(bounds)
        ctx.setFillColor(CGColor(red: 0.3, green: 0.55, blue: 0.95, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: bounds.height))
        var y: CGFloat = 6
        text("Inspector", ctx, x: 10, y: y, font: TextFont(size: 13, weight: .bold))
        text("pick \(c.isPicking ? "on" : "off") (P)", ctx, x: w - 90, y: y + 2, gray: 0.6)
        y += 20
        let state = c.isPaused ? "paused" : String(format: "playing %.2g×", c.slowFactor)
        text(String(format: "%@ · window time %.3f s", state, c.rootTime), ctx, x: 10, y: y,
             color: c.isPaused ? CGColor(red: 1, green: 0.75, blue: 0.3, alpha: 1) : CGColor(red: 0.5, green: 0.9, blue: 0.55, alpha: 1))
        y += 18
        // Buttons.
        buttons = []
        var x: CGFloat = 10
        let labels: [(InspectorPanel.Control, String)] = [(.playPause, c.isPaused ? "▶ play" : "❚❚ pause"), (.stepBack, "◀ 1"),
                                                          (.stepForward, "1 ▶"), (.slower, "slower"), (.faster, "faster"),
                                                          (.normalSpeed, "1×")]
        for (control, label) in labels {
            let width = TextLayout(label, font: font).measure().size.width + 12
            let rect = CGRect(x: x, y: y, width: width, height: 18)
            ctx.setFillColor(CGColor(gray: 0.25, alpha: 1))
            ctx.addPath(CGPath(roundedRect: rect, cornerWidth: 4, cornerHeight: 4, transform: nil))
            ctx.fillPath()
            text(label, ctx, x: rect.minX + 6, y: rect.minY + 2, gray: 0.95)
            buttons.append((control, rect))
            x += width + 5
        }
        y += 26
        // Scrub bar over the window's recent time.
        scrubTrack = CGRect(x: 10, y: y, width: w - 20, height: 10)
        ctx.setFillColor(CGColor(gray: 0.3, alpha: 1))
        ctx.fill(scrubTrack)
        let span = c.scrubRange.upperBound - c.scrubRange.lowerBound
        let f = span > 0 ? min(max((c.rootTime - c.scrubRange.lowerBound) / span, 0), 1) : 1
        ctx.setFillColor(CGColor(red: 0.3, green: 0.55, blue: 0.95, alpha: 1))
        ctx.fill(CGRect(x: scrubTrack.minX, y: y, width: scrubTrack.width * f, height: 10))
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(CGRect(x: scrubTrack.minX + scrubTrack.width * f - 2, y: y - 3, width: 4, height: 16))
        text(String(format: "scrub: the last %.0f s of window time (%.1f s back)", c.scrubRange.upperBound - c.scrubRange.lowerBound,
                    c.scrubRange.upperBound - c.rootTime), ctx, x: 10, y: y + 12, gray: 0.55)
        y += 30
        // The layer tree.
        text("Layers (\(c.treeCount))", ctx, x: 10, y: y, font: bold)
        y += 16
        treeRows = []
        for (i, row) in c.tree.enumerated() {
            let rect = CGRect(x: 6, y: y, width: w - 12, height: Self.treeRowHeight)
            if row.isSelected {
                ctx.setFillColor(CGColor(red: 0.3, green: 0.55, blue: 0.95, alpha: 0.45))
                ctx.fill(rect)
            }
            text(row.text, ctx, x: 10 + CGFloat(min(row.depth, 12)) * 10, y: y + 1, gray: row.isSelected ? 1 : 0.8)
            treeRows.append((c.treeOffset + i, rect))
            y += Self.treeRowHeight
        }
        if c.treeCount > c.tree.count {
            text("rows \(c.treeOffset + 1)–\(c.treeOffset + c.tree.count) of \(c.treeCount) · wheel scrolls", ctx, x: 10, y: y, gray: 0.5)
            y += 14
        }
        y += 6
        guard let title = c.selectedTitle else {
            text("Click a layer in the scene or in the list.", ctx, x: 10, y: y, gray: 0.6)
            return
        }
        text(title, ctx, x: 10, y: y, font: bold)
        y += 15
        text(c.selectedTime, ctx, x: 10, y: y, font: mono, gray: 0.7)
        y += 16
        text("property", ctx, x: 10, y: y, font: mono, gray: 0.5)
        text("model", ctx, x: 84, y: y, font: mono, gray: 0.5)
        text("presented", ctx, x: 190, y: y, font: mono, gray: 0.5)
        y += 13
        for v in c.values {
            let gray: CGFloat = v.isAnimated ? 1 : 0.75
            text(v.name, ctx, x: 10, y: y, font: mono, gray: 0.75)
            text(v.model, ctx, x: 84, y: y, font: mono, gray: gray, width: 102)
            text(v.presented, ctx, x: 190, y: y, font: mono, color: v.isAnimated ? CGColor(red: 0.5, green: 0.9, blue: 0.55, alpha: 1) : nil,
                 width: w - 196)
            y += 13
        }
        y += 6
        text(c.animations.isEmpty ? "No animations" : "Animations (\(c.animations.count))", ctx, x: 10, y: y, font: bold)
        y += 16
        drawAnimationBars(c, in: ctx, top: y)
    }

    /// Each animation as a bar on the selected layer's time: the span from the earliest begin to the latest end (an
    /// endless one shows three iterations), fills either side, iterations, the cursor at the layer's time.
    private func drawAnimationBars(_ c: InspectorContent, in ctx: CGContext, top: CGFloat) {
        guard !c.animations.isEmpty else { return }
        let ends = c.animations.map { $0.endTime.isFinite ? $0.endTime : $0.beginTime + 3 * $0.duration * ($0.autoreverses ? 2 : 1) }
        var start = min(c.animations.map(\.beginTime).min() ?? 0, c.localTime)
        var end = max(ends.max() ?? 1, c.localTime)
        let pad = max((end - start) * 0.08, 0.05)
        start -= pad; end += pad
        let left: CGFloat = 10, right = bounds.width - 10
        func x(_ t: Double) -> CGFloat { left + CGFloat((t - start) / (end - start)) * (right - left) }
        var y = top
        for (i, a) in c.animations.enumerated() where y + 26 < bounds.height {
            let color = TimelineChart.color(i)
            let label = "\(a.key ?? "(no key)") · \(a.keyPath ?? a.kind)"
            let phase = a.phase.rawValue + (a.phase == .active || a.isEffective ? String(format: " %.0f%%", a.progress * 100) : "")
            text(label, ctx, x: left, y: y, width: right - left - 90)
            text(phase, ctx, x: right - 86, y: y, color: a.phase == .active ? CGColor(red: 0.5, green: 0.9, blue: 0.55, alpha: 1) : nil, width: 86)
            y += 14
            let barY = y
            // Track, fills, then the active duration split into iterations.
            ctx.setFillColor(CGColor(gray: 0.22, alpha: 1))
            ctx.fill(CGRect(x: left, y: barY, width: right - left, height: 8))
            let s = Swift.abs(a.speed) > 0 ? Swift.abs(a.speed) : 1
            let activeEnd = ends[i]
            if a.fillMode == .backwards || a.fillMode == .both {
                ctx.setFillColor(color.copy(alpha: 0.35) ?? color)
                ctx.fill(CGRect(x: left, y: barY, width: max(0, x(a.beginTime) - left), height: 8))
            }
            if (a.fillMode == .forwards || a.fillMode == .both) && !a.isRemovedOnCompletion {
                ctx.setFillColor(color.copy(alpha: 0.35) ?? color)
                ctx.fill(CGRect(x: x(activeEnd), y: barY, width: max(0, right - x(activeEnd)), height: 8))
            }
            let iteration = a.duration * (a.autoreverses ? 2 : 1) / s
            var t0 = a.beginTime, k = 0
            while t0 < activeEnd - 1e-9, k < 200 {
                let t1 = min(activeEnd, t0 + iteration)
                ctx.setFillColor(k % 2 == 0 ? color : (color.copy(alpha: 0.7) ?? color))
                ctx.fill(CGRect(x: x(t0), y: barY, width: max(1, x(t1) - x(t0) - 1), height: 8))
                if a.autoreverses {   // the turn-around point
                    ctx.setFillColor(CGColor(gray: 1, alpha: 0.5))
                    ctx.fill(CGRect(x: x(min(t1, t0 + iteration / 2)), y: barY, width: 1, height: 8))
                }
                t0 = t1; k += 1
            }
            y += 12
        }
        // The cursor: the layer's time now.
        ctx.setFillColor(CGColor(red: 1, green: 0.3, blue: 0.3, alpha: 1))
        ctx.fill(CGRect(x: x(c.localTime) - 1, y: top - 2, width: 2, height: y - top))
        // The ends of the axis relative to the cursor: how far back and ahead the bars reach.
        text(String(format: "%+.2f s", start - c.localTime), ctx, x: left, y: y, gray: 0.5, width: 120)
        text("now", ctx, x: min(max(x(c.localTime) - 10, left + 60), right - 100), y: y, color: CGColor(red: 1, green: 0.4, blue: 0.4, alpha: 1), width: 40)
        let endLabel = String(format: "%+.2f s", end - c.localTime)
        let endWidth = TextLayout(endLabel, font: font).measure().size.width
        text(endLabel, ctx, x: right - endWidth, y: y, gray: 0.5, width: endWidth + 2)
    }
}
