import Anima
import Foundation

/// What a soak run's samples say: memory growth from the 10 % mark to the end, its trend, and the frame cost of
/// the first and last cycles, as text and as a plot drawn with Anima's own `CGContext`.
struct SoakReport {
    let samples: [SoakRun.Sample]
    let cycles: [SoakRun.Cycle]
    let totalFrames: Int
    let sampleEvery: Int

    /// The first sample at or after 10 % of the run (the warm-up before it fills caches and pools).
    var baseline: SoakRun.Sample? { samples.first { $0.frames >= totalFrames / 10 && $0.frames > 0 } }
    var last: SoakRun.Sample? { samples.last }

    /// Growth of resident memory from the 10 % mark to the end, in percent.
    var growthPercent: Double? {
        guard let baseline, let last, baseline.residentBytes > 0, last.frames > baseline.frames else { return nil }
        return Double(last.residentBytes - baseline.residentBytes) / Double(baseline.residentBytes) * 100
    }

    /// Least-squares slope of resident memory over the samples from the 10 % mark on, in percent of the baseline
    /// per million frames (an upward trend shows here even when the end happens to sit low).
    var trendPercentPerMillionFrames: Double? {
        guard let baseline else { return nil }
        let points = samples.filter { $0.frames >= baseline.frames }
        guard points.count >= 3 else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + Double($1.frames) } / n
        let my = points.reduce(0) { $0 + Double($1.residentBytes) } / n
        let sxy = points.reduce(0) { $0 + (Double($1.frames) - mx) * (Double($1.residentBytes) - my) }
        let sxx = points.reduce(0) { $0 + (Double($1.frames) - mx) * (Double($1.frames) - mx) }
        guard sxx > 0 else { return nil }
        return sxy / sxx * 1_000_000 / Double(baseline.residentBytes) * 100
    }

    /// Complete cycles (the last one may have been cut short by the frame count).
    var completeCycles: [SoakRun.Cycle] {
        guard let longest = cycles.map(\.frames).max() else { return [] }
        return cycles.filter { $0.frames == longest }
    }

    /// The first complete cycle that starts at or after the 10 % mark (or the first complete one), and the last.
    var costCycles: (start: SoakRun.Cycle, end: SoakRun.Cycle)? {
        let complete = completeCycles
        guard let end = complete.last else { return nil }
        let start = complete.first { $0.firstFrame >= totalFrames / 10 } ?? complete.first!
        return (start, end)
    }

    /// Growth of resident memory between the ends of the cycles at the 10 % mark and at the end (the quiet points
    /// of the loop), in percent.
    var cycleEndGrowth: (from: SoakRun.Cycle, to: SoakRun.Cycle, percent: Double)? {
        let complete = completeCycles
        guard let to = complete.last, let from = complete.first(where: { $0.firstFrame + $0.frames >= totalFrames / 10 }),
              to.index > from.index, from.residentBytesAfter > 0 else { return nil }
        return (from, to, Double(to.residentBytesAfter - from.residentBytesAfter) / Double(from.residentBytesAfter) * 100)
    }

    var costChangePercent: Double? {
        guard let c = costCycles, c.start.frameMilliseconds > 0 else { return nil }
        return (c.end.frameMilliseconds - c.start.frameMilliseconds) / c.start.frameMilliseconds * 100
    }

    /// The curve and the summary, one line each.
    func text() -> String {
        var lines = ["frames       resident MB   ms/frame (main thread CPU, since the previous sample)"]
        for s in samples {
            lines.append(String(format: "%9d  %12.2f   %8.3f", s.frames, Double(s.residentBytes) / 1_048_576, s.frameMilliseconds))
        }
        if let baseline, let last, let growth = growthPercent {
            lines.append(String(format: "memory: %.2f MB at frame %d (10 %% mark) → %.2f MB at frame %d: growth %+.2f %%",
                                Double(baseline.residentBytes) / 1_048_576, baseline.frames,
                                Double(last.residentBytes) / 1_048_576, last.frames, growth))
        }
        if let g = cycleEndGrowth {
            lines.append(String(format: "memory at cycle ends (all torn down): %.2f MB after cycle %d (frame %d) → %.2f MB after cycle %d (frame %d): growth %+.2f %%",
                                Double(g.from.residentBytesAfter) / 1_048_576, g.from.index, g.from.firstFrame + g.from.frames,
                                Double(g.to.residentBytesAfter) / 1_048_576, g.to.index, g.to.firstFrame + g.to.frames, g.percent))
        }
        if let trend = trendPercentPerMillionFrames {
            lines.append(String(format: "memory trend after the 10 %% mark: %+.2f %% per million frames (least squares)", trend))
        }
        if let c = costCycles, let change = costChangePercent {
            lines.append(String(format: "frame cost: %.3f ms (cycle %d, frames %d–%d) → %.3f ms (cycle %d, frames %d–%d): %+.1f %%",
                                c.start.frameMilliseconds, c.start.index, c.start.firstFrame, c.start.firstFrame + c.start.frames,
                                c.end.frameMilliseconds, c.end.index, c.end.firstFrame, c.end.firstFrame + c.end.frames, change))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Plot

    /// Resident memory (top) and frame cost (bottom) against frames, as a PNG image.
    @MainActor
    func plot(title: String) -> CGImage? {
        let width = 900, height = 560
        let context = CGContext(width: width, height: height)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        label(title, at: CGPoint(x: 70, y: 10), size: 15, in: context)
        let memory = samples.map { (Double($0.frames), Double($0.residentBytes) / 1_048_576) }
        let quiet = cycles.map { (Double($0.firstFrame + $0.frames), Double($0.residentBytesAfter) / 1_048_576) }
        let cost = samples.dropFirst().map { (Double($0.frames), $0.frameMilliseconds) }
        chart([memory, quiet], in: CGRect(x: 70, y: 40, width: 800, height: 250),
              unit: "MB resident: every \(SoakReport.frameCount(sampleEvery)) frames (blue), after each cycle (green)",
              colors: [CGColor(red: 0.15, green: 0.35, blue: 0.8, alpha: 1), CGColor(red: 0.1, green: 0.6, blue: 0.25, alpha: 1)],
              context: context)
        chart([Array(cost)], in: CGRect(x: 70, y: 340, width: 800, height: 170),
              unit: "main-thread CPU per frame (ms), over each \(SoakReport.frameCount(sampleEvery)) frames",
              colors: [CGColor(red: 0.85, green: 0.35, blue: 0.1, alpha: 1)], context: context)
        label("frames", at: CGPoint(x: 440, y: 535), size: 12, in: context)
        return context.makeImage()
    }

    /// Line charts of `series` in `frame` (top-left origin, y down), with their range labelled and the 10 % mark.
    @MainActor
    private func chart(_ series: [[(Double, Double)]], in frame: CGRect, unit: String, colors: [CGColor], context: CGContext) {
        let all = series.flatMap { $0 }
        guard let maxX = all.map(\.0).max(), maxX > 0, let lo = all.map(\.1).min(), let hi = all.map(\.1).max() else { return }
        // The y range includes zero when that costs less than half the height, so small changes are not magnified.
        var low = lo < (hi - lo) ? 0 : lo - (hi - lo) * 0.1 - 1e-9
        var high = hi + (hi - low) * 0.1 + 1e-9
        if low < 0 { low = 0 }
        if high - low < 1e-6 { high = low + 1 }
        func point(_ p: (Double, Double)) -> CGPoint {
            CGPoint(x: frame.minX + CGFloat(p.0 / maxX) * frame.width,
                    y: frame.maxY - CGFloat((p.1 - low) / (high - low)) * frame.height)
        }
        context.setStrokeColor(CGColor(gray: 0.6, alpha: 1))
        context.setLineWidth(1)
        context.stroke(frame)
        let mark = point((Double(totalFrames) / 10, low))
        context.setLineDash(phase: 0, lengths: [4, 4])
        context.move(to: CGPoint(x: mark.x, y: frame.minY))
        context.addLine(to: CGPoint(x: mark.x, y: frame.maxY))
        context.strokePath()
        context.setLineDash(phase: 0, lengths: [])
        label("10 %", at: CGPoint(x: mark.x + 3, y: frame.maxY - 14), size: 10, in: context)
        for (points, color) in zip(series, colors) where !points.isEmpty {
            context.setStrokeColor(color)
            context.setLineWidth(2)
            for (i, p) in points.enumerated() {
                if i == 0 { context.move(to: point(p)) } else { context.addLine(to: point(p)) }
            }
            context.strokePath()
            context.setFillColor(color)
            for p in points { context.fillEllipse(in: CGRect(x: point(p).x - 2, y: point(p).y - 2, width: 4, height: 4)) }
        }
        label(String(format: "%.2f", high), at: CGPoint(x: frame.minX - 62, y: frame.minY - 6), size: 10, in: context)
        label(String(format: "%.2f", low), at: CGPoint(x: frame.minX - 62, y: frame.maxY - 8), size: 10, in: context)
        label(unit, at: CGPoint(x: frame.minX + 6, y: frame.minY + 2), size: 11, in: context)
        label("0", at: CGPoint(x: frame.minX - 3, y: frame.maxY + 4), size: 10, in: context)
        label(Self.frameCount(Int(maxX)), at: CGPoint(x: frame.maxX - 40, y: frame.maxY + 4), size: 10, in: context)
    }

    @MainActor
    private func label(_ text: String, at origin: CGPoint, size: CGFloat, in context: CGContext) {
        TextLayout(text, font: TextFont(size: size), color: CGColor(gray: 0.15, alpha: 1)).draw(in: context, at: origin)
    }

    static func frameCount(_ n: Int) -> String {
        n >= 1_000_000 ? String(format: "%.2fM", Double(n) / 1e6) : (n >= 1000 ? "\(n / 1000)k" : "\(n)")
    }
}
