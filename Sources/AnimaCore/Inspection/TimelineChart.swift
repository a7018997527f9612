import Foundation
import AnimaGraphics

/// A chart of a ``TimelineRecording``: one row per animation, media time across, drawn with Anima's `CGContext`.
///
/// ```
///  box · move position   ░░░░████████████░░░░░░      ░ fill (backwards / forwards) holds a value
///  dot · spin            ─────▇▇▇▇▇▇▇▇▇▇▇▇▇▇─────    █ active (alternate iterations darker)
///                        0 s        1 s       2 s    ─ on the layer, no effect
/// ```
/// The line inside a bar is the animation's progress (0 at the bar's bottom, 1 at its top), so repeats and
/// autoreverse show as saw teeth and zigzags. An optional cursor marks one media time. At most ``maximumRows`` rows
/// are drawn; the chart says how many it left out.
public struct TimelineChart {
    public var recording: TimelineRecording
    /// The chart's width in pixels (its height follows from the number of rows).
    public var width: Int
    /// A media time to mark with a vertical line (nil: none).
    public var cursor: CFTimeInterval?
    /// A title over the chart.
    public var title: String

    public static let maximumRows = 80

    public init(_ recording: TimelineRecording, width: Int = 800, title: String = "timeline", cursor: CFTimeInterval? = nil) {
        self.recording = recording
        self.width = width
        self.title = title
        self.cursor = cursor
    }

    // Layout, in pixels.
    static let margin: CGFloat = 12
    static let labelWidth: CGFloat = 230
    static let titleHeight: CGFloat = 26
    static let axisHeight: CGFloat = 20
    static let rowHeight: CGFloat = 20
    static let barHeight: CGFloat = 14
    static let legendHeight: CGFloat = 26

    /// The chart's height for its rows.
    public var height: Int {
        let rows = min(recording.rows.count, Self.maximumRows) + (recording.rows.count > Self.maximumRows ? 1 : 0)
        return Int(Self.titleHeight + Self.axisHeight + CGFloat(max(rows, 1)) * Self.rowHeight + Self.legendHeight + Self.margin)
    }

    /// Draws the chart (nil only when the width is too small to hold it: under 320 pixels, reported).
    public func makeImage() -> CGImage? {
        guard width >= 320, width <= 16_000 else {
            Diagnostics.report("TimelineChart: width \(width) is outside 320…16000 pixels; nothing drawn")
            return nil
        }
        let context = CGContext(width: width, height: height)
        draw(in: context)
        return context.makeImage()
    }

    /// The track's left and right edges, and the media times they stand for.
    private var track: (left: CGFloat, right: CGFloat, start: Double, end: Double) {
        let start = recording.times.first ?? 0
        var end = recording.times.last ?? 1
        if recording.times.count > 1 { end += (end - start) / Double(recording.times.count - 1) }   // the last frame's span
        if end <= start { end = start + 1 }
        return (Self.margin + Self.labelWidth, CGFloat(width) - Self.margin, start, end)
    }

    private func x(_ t: Double) -> CGFloat {
        let k = track
        return k.left + CGFloat((t - k.start) / (k.end - k.start)) * (k.right - k.left)
    }

    /// Draws the chart into `context` from its top-left corner.
    public func draw(in context: CGContext) {
        let k = track
        let font = TextFont(size: 11)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        let rows = Array(recording.rows.prefix(Self.maximumRows))
        let animations = recording.rows.reduce(0) { $0 + $1.animationCount }
        context.drawText("\(title) · \(animations) animation\(animations == 1 ? "" : "s") in \(recording.rows.count) row\(recording.rows.count == 1 ? "" : "s") · "
                         + String(format: "%.2f–%.2f s", k.start, k.end),
                         at: CGPoint(x: Self.margin, y: 6), font: TextFont(size: 13, weight: .bold), color: .black)
        let top = Self.titleHeight + Self.axisHeight
        // Row shading and labels.
        for (i, row) in rows.enumerated() {
            let y = top + CGFloat(i) * Self.rowHeight
            if i % 2 == 1 {
                context.setFillColor(CGColor(gray: 0.95, alpha: 1))
                context.fill(CGRect(x: 0, y: y, width: CGFloat(width), height: Self.rowHeight))
            }
            var label = TextLayout(row.label, font: font, color: CGColor(gray: 0.15, alpha: 1),
                                   maximumWidth: Self.labelWidth - 8, lineBreak: .truncateTail)
            label.maximumNumberOfLines = 1
            label.draw(in: context, at: CGPoint(x: Self.margin, y: y + 3))
        }
        if recording.rows.count > Self.maximumRows {
            context.drawText("… and \(recording.rows.count - Self.maximumRows) more", at: CGPoint(
                x: Self.margin, y: top + CGFloat(rows.count) * Self.rowHeight + 3), font: font, color: CGColor(gray: 0.4, alpha: 1))
        }
        drawAxis(in: context, top: top, bottom: top + CGFloat(max(rows.count, 1)) * Self.rowHeight, font: font)
        for (i, row) in rows.enumerated() {
            drawBars(of: row, hue: i, in: context, y: top + CGFloat(i) * Self.rowHeight + (Self.rowHeight - Self.barHeight) / 2)
        }
        if let cursor, cursor >= k.start, cursor <= k.end {
            context.setStrokeColor(CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1))
            context.setLineWidth(1.5)
            context.strokeLineSegments(between: [CGPoint(x: x(cursor), y: Self.titleHeight + 4),
                                                 CGPoint(x: x(cursor), y: top + CGFloat(max(rows.count, 1)) * Self.rowHeight)])
        }
        drawLegend(in: context, y: CGFloat(height) - Self.legendHeight - 2, font: font)
    }

    private func drawAxis(in context: CGContext, top: CGFloat, bottom: CGFloat, font: TextFont) {
        let k = track
        let span = k.end - k.start
        let step = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 600].first { span / $0 <= 10 } ?? 3600
        var t = (k.start / step).rounded(.up) * step
        context.setLineWidth(1)
        while t <= k.end + 1e-9 {
            let px = x(t).rounded() + 0.5
            context.setStrokeColor(CGColor(gray: 0.82, alpha: 1))
            context.strokeLineSegments(between: [CGPoint(x: px, y: top - 4), CGPoint(x: px, y: bottom)])
            context.drawText("\(TimelineNumber.format(t)) s", at: CGPoint(x: px + 3, y: Self.titleHeight + 2), font: font,
                             color: CGColor(gray: 0.35, alpha: 1))
            t += step
        }
        context.setStrokeColor(CGColor(gray: 0.6, alpha: 1))
        context.strokeLineSegments(between: [CGPoint(x: k.left, y: top - 0.5), CGPoint(x: k.right, y: top - 0.5)])
    }

    /// The row's colour: eight hues, then around again.
    public static func color(_ hue: Int, alpha: CGFloat = 1, dark: Bool = false) -> CGColor {
        let palette: [(CGFloat, CGFloat, CGFloat)] = [(0.20, 0.47, 0.85), (0.90, 0.50, 0.10), (0.20, 0.63, 0.30),
                                                      (0.80, 0.20, 0.30), (0.55, 0.35, 0.75), (0.10, 0.65, 0.70),
                                                      (0.85, 0.70, 0.10), (0.55, 0.40, 0.25)]
        let (r, g, b) = palette[hue % palette.count]
        let k: CGFloat = dark ? 0.7 : 1
        return CGColor(red: r * k, green: g * k, blue: b * k, alpha: alpha)
    }

    /// How a stretch of frames is drawn.
    private enum Style: Equatable {
        case none, idle, fill, active(odd: Bool)

        init(_ s: TimelineRecording.Sample) {
            switch s.phase {
            case nil, .removed?: self = .none
            case .active?: self = .active(odd: s.iteration % 2 == 1)
            case .before?, .after?: self = s.isEffective ? .fill : .idle
            }
        }
    }

    private func drawBars(of row: TimelineRecording.Row, hue: Int, in context: CGContext, y: CGFloat) {
        let times = recording.times
        guard !times.isEmpty else { return }
        let k = track
        func edge(_ i: Int) -> Double { i < times.count ? times[i] : k.end }
        // Runs of frames with one style: one rectangle each.
        var start = 0
        while start < row.samples.count {
            let style = Style(row.samples[start])
            var end = start + 1
            while end < row.samples.count, Style(row.samples[end]) == style { end += 1 }
            let x0 = x(edge(start)), x1 = x(edge(end))
            switch style {
            case .none: break
            case .idle:
                context.setFillColor(CGColor(gray: 0.65, alpha: 1))
                context.fill(CGRect(x: x0, y: y + Self.barHeight / 2 - 1, width: x1 - x0, height: 2))
            case .fill:
                context.setFillColor(Self.color(hue, alpha: 0.3))
                context.fill(CGRect(x: x0, y: y, width: x1 - x0, height: Self.barHeight))
            case .active(let odd):
                context.setFillColor(Self.color(hue, alpha: 0.85, dark: odd))
                context.fill(CGRect(x: x0, y: y, width: x1 - x0, height: Self.barHeight))
            }
            start = end
        }
        // The progress line over the frames where the animation has an effect.
        context.setStrokeColor(CGColor(gray: 0.1, alpha: 0.8))
        context.setLineWidth(1)
        var points: [CGPoint] = []
        func flush() {
            if points.count > 1 { context.addLines(between: points); context.strokePath() }
            points = []
        }
        for (i, s) in row.samples.enumerated() {
            guard s.phase == .active || s.isEffective else { flush(); continue }
            let py = y + Self.barHeight - 1 - CGFloat(min(max(s.progress, 0), 1)) * (Self.barHeight - 2)
            points.append(CGPoint(x: x(edge(i)), y: py))
            if i + 1 == row.samples.count || !(row.samples[i + 1].phase == .active || row.samples[i + 1].isEffective) {
                points.append(CGPoint(x: x(edge(i + 1)), y: py))
            }
        }
        flush()
    }

    private func drawLegend(in context: CGContext, y: CGFloat, font: TextFont) {
        var px = Self.margin
        let entries: [(String, (CGContext, CGRect) -> Void)] = [
            ("active", { c, r in c.setFillColor(Self.color(0, alpha: 0.85)); c.fill(r) }),
            ("next iteration", { c, r in c.setFillColor(Self.color(0, alpha: 0.85, dark: true)); c.fill(r) }),
            ("fill holds a value", { c, r in c.setFillColor(Self.color(0, alpha: 0.3)); c.fill(r) }),
            ("on the layer, no effect", { c, r in
                c.setFillColor(CGColor(gray: 0.65, alpha: 1)); c.fill(CGRect(x: r.minX, y: r.midY - 1, width: r.width, height: 2))
            }),
            ("line: progress", { c, r in
                c.setStrokeColor(CGColor(gray: 0.1, alpha: 0.8)); c.strokeLineSegments(between: [CGPoint(x: r.minX, y: r.maxY - 1), CGPoint(x: r.maxX, y: r.minY + 1)])
            }),
        ]
        for (name, swatch) in entries {
            swatch(context, CGRect(x: px, y: y + 5, width: 18, height: 12))
            px += 22
            context.drawText(name, at: CGPoint(x: px, y: y + 4), font: font, color: CGColor(gray: 0.3, alpha: 1))
            px += TextLayout(name, font: font).measure().size.width + 16
        }
    }
}
