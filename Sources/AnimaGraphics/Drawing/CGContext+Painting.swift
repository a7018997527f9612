import Foundation

/// Painting and clipping. Like Core Graphics, every call here consumes (clears) the current path.
extension CGContext {
    /// Fills the current path with the fill colour under `rule`, then clears the path.
    ///
    /// ```swift
    /// context.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20)); context.fillPath()
    /// ```
    public func fillPath(using rule: CGPathFillRule = .winding) {
        shadowed {
            cairo.setEvenOdd(rule == .evenOdd)
            useSource(paint.fillColor)
            cairo.fill()
        }
    }

    /// Strokes the current path with the stroke colour and line parameters, then clears the path.
    ///
    /// ```swift
    /// context.move(to: .zero); context.addLine(to: CGPoint(x: 10, y: 10)); context.strokePath()
    /// ```
    public func strokePath() { shadowed(strokeCurrentPath) }

    private func strokeCurrentPath() {
        let dash = cairo.dash
        if !dash.lengths.isEmpty {
            // A pattern repeating in less than half a pixel looks like a solid line of the dashes' coverage, which is
            // how it is drawn: Cairo would step through every dash, and the `paths` fuzzer found long paths with
            // 0.03-point patterns taking tens of seconds. So is a path along which the pattern would repeat more than
            // `dashLimit` times: Cairo measures the dashes in user space, where a lopsided transform (a shear of
            // 1e6 makes a 16-pixel line 16 million points long) gives a few pixels millions of dashes, and past 2^53
            // dashes its loop never ends (the fuzzer's ellipse of radius 3.4e38 under a shear of 3.4e38).
            let period = dash.lengths.reduce(0, +)
            let m = cairo.matrix
            if period * abs(m.a * m.d - m.b * m.c).squareRoot() < 0.5 || !(cairo.pathLengthBound() / period <= Self.dashLimit) {
                // An odd count repeats with on and off swapped: every length is drawn half the time.
                let on = dash.lengths.count % 2 == 1 ? period / 2 : stride(from: 0, to: dash.lengths.count, by: 2).reduce(0) { $0 + dash.lengths[$1] }
                let c = paint.strokeColor
                cairo.setDash([], phase: 0)
                useSource(CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * (period > 0 ? on / period : 1)))
                cairo.stroke()
                cairo.setDash(dash.lengths, phase: dash.phase)
                return
            }
        }
        useSource(paint.strokeColor)
        cairo.stroke()
    }

    /// The most repeats of a dash pattern a stroke steps through; a path longer than that is stroked solid at the
    /// pattern's coverage (a million repeats of even a one-point pattern is a line longer than any display).
    static let dashLimit = 1_000_000.0

    /// Paints the current path as `mode` says (fill, stroke or both, fill first), then clears the path.
    ///
    /// ```swift
    /// context.addRect(CGRect(x: 2, y: 2, width: 6, height: 6)); context.drawPath(using: .fillStroke)
    /// ```
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill, .eoFill:
            fillPath(using: mode == .eoFill ? .evenOdd : .winding)
        case .stroke:
            strokePath()
        case .fillStroke, .eoFillStroke:
            shadowed {   // one shadow for both
                cairo.setEvenOdd(mode == .eoFillStroke)
                useSource(paint.fillColor)
                cairo.fill(preserve: true)
                strokeCurrentPath()
            }
        }
    }

    /// Fills `rect` with the fill colour (the current path is cleared).
    ///
    /// ```swift
    /// context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
    /// ```
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills every rectangle with the fill colour (the current path is cleared).
    ///
    /// ```swift
    /// context.fill([CGRect(x: 0, y: 0, width: 4, height: 4), CGRect(x: 8, y: 0, width: 4, height: 4)])
    /// ```
    public func fill(_ rects: [CGRect]) {
        beginPath()
        rects.forEach(addRect)
        fillPath()
    }

    /// Strokes the outline of `rect` with the current line width (the current path is cleared).
    ///
    /// ```swift
    /// context.stroke(CGRect(x: 5, y: 5, width: 20, height: 20))
    /// ```
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes the outline of `rect` with line width `width`, leaving the state's line width unchanged.
    ///
    /// ```swift
    /// context.stroke(CGRect(x: 5, y: 5, width: 20, height: 20), width: 4)
    /// ```
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = cairo.lineWidth
        setLineWidth(width)
        stroke(rect)
        cairo.setLineWidth(saved)
    }

    /// Fills the ellipse inscribed in `rect`.
    ///
    /// ```swift
    /// context.fillEllipse(in: CGRect(x: 0, y: 0, width: 30, height: 30))
    /// ```
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes the ellipse inscribed in `rect`.
    ///
    /// ```swift
    /// context.strokeEllipse(in: CGRect(x: 0, y: 0, width: 30, height: 30))
    /// ```
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes separate segments between consecutive pairs of `points` (an odd last point is ignored).
    ///
    /// ```swift
    /// context.strokeLineSegments(between: [.zero, CGPoint(x: 9, y: 0), CGPoint(x: 0, y: 5), CGPoint(x: 9, y: 5)])
    /// ```
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i]); addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes the pixels in `rect` fully transparent, ignoring colour and alpha (clip and CTM still apply).
    ///
    /// ```swift
    /// context.clear(CGRect(x: 0, y: 0, width: 10, height: 10))
    /// ```
    public func clear(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        cairo.setClearing(true)
        cairo.fill()
        cairo.setClearing(false)
    }

    /// Intersects the clip with the current path filled under `rule`, then clears the path.
    ///
    /// ```swift
    /// context.addEllipse(in: CGRect(x: 0, y: 0, width: 50, height: 50)); context.clip()
    /// ```
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo.setEvenOdd(rule == .evenOdd)
        cairo.clip()
    }

    /// Intersects the clip with `rect` (the current path is cleared).
    ///
    /// ```swift
    /// context.clip(to: CGRect(x: 0, y: 0, width: 25, height: 25))
    /// ```
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects` (the current path is cleared).
    ///
    /// ```swift
    /// context.clip(to: [CGRect(x: 0, y: 0, width: 5, height: 5), CGRect(x: 10, y: 0, width: 5, height: 5)])
    /// ```
    public func clip(to rects: [CGRect]) {
        beginPath()
        rects.forEach(addRect)
        clip(using: .winding)
    }

    /// Removes all clipping set since the last `saveGState()` (the whole bitmap becomes drawable again).
    ///
    /// ```swift
    /// context.clip(to: .zero); context.resetClip()
    /// ```
    public func resetClip() { cairo.resetClip() }
}
