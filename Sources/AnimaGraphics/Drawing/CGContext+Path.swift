import Foundation

/// Building the current path. Points are in user space and are fixed by the CTM at the moment they are added,
/// as in Core Graphics. A point with NaN or an infinity is reported and the element skipped.
extension CGContext {
    /// Discards the current path and starts an empty one.
    ///
    /// ```swift
    /// context.beginPath()
    /// context.isPathEmpty   // true
    /// ```
    public func beginPath() { cairo.newPath() }

    /// Starts a new subpath at `point`.
    ///
    /// ```swift
    /// context.move(to: CGPoint(x: 10, y: 10))
    /// ```
    public func move(to point: CGPoint) {
        guard isFinite(point, in: "move(to:)") else { return }
        cairo.moveTo(point)
    }

    /// Adds a straight line from the current point to `point`; without a current point it is reported and ignored.
    ///
    /// ```swift
    /// context.move(to: .zero); context.addLine(to: CGPoint(x: 50, y: 0))
    /// ```
    public func addLine(to point: CGPoint) {
        guard isFinite(point, in: "addLine(to:)"), hasCurrentPoint(in: "addLine(to:)") else { return }
        cairo.lineTo(point)
    }

    /// Adds straight lines through `points`, starting a new subpath at the first.
    ///
    /// ```swift
    /// context.addLines(between: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
    /// ```
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    ///
    /// ```swift
    /// context.move(to: .zero)
    /// context.addCurve(to: CGPoint(x: 90, y: 0), control1: CGPoint(x: 30, y: 60), control2: CGPoint(x: 60, y: 60))
    /// ```
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard isFinite(end, control1, control2, in: "addCurve(to:control1:control2:)"),
              hasCurrentPoint(in: "addCurve(to:control1:control2:)") else { return }
        cairo.curveTo(end, control1, control2)
    }

    /// Adds a quadratic Bézier curve from the current point to `end` (drawn as the equivalent cubic).
    ///
    /// ```swift
    /// context.move(to: .zero); context.addQuadCurve(to: CGPoint(x: 80, y: 0), control: CGPoint(x: 40, y: 60))
    /// ```
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard isFinite(end, control, in: "addQuadCurve(to:control:)"),
              hasCurrentPoint(in: "addQuadCurve(to:control:)") else { return }
        // Degree elevation: c1 = p0 + ⅔(c − p0), c2 = p2 + ⅔(c − p2).
        let p0 = cairo.currentPoint
        let c1 = CGPoint(x: p0.x + 2 / 3 * (control.x - p0.x), y: p0.y + 2 / 3 * (control.y - p0.y))
        let c2 = CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
        cairo.curveTo(end, c1, c2)
    }

    /// Adds a circular arc; a line joins the current point (if any) to the arc's start.
    ///
    /// In this y-down space `clockwise: false` sweeps with increasing angle — clockwise on screen — exactly
    /// like `CGMutablePath.addArc` and Core Graphics in a UIKit context. A sweep never exceeds one full turn.
    /// ```swift
    /// context.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
    /// ```
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let call = "addArc(center:radius:startAngle:endAngle:clockwise:)"
        guard isFinite(center, CGPoint(x: startAngle, y: endAngle), in: call) else { return }
        guard radius.isFinite, radius >= 0 else {
            Diagnostics.report("CGContext.\(call): radius \(Double(radius).diagnosticDescription) must be finite and ≥ 0; ignored")
            return
        }
        let twoPi = 2 * CGFloat.pi
        var sweep = endAngle - startAngle
        if abs(sweep) >= twoPi * (1 - 1e-12) {
            // A request of a whole turn or more draws the whole circle in the asked direction (the seed's
            // `addArc(…, startAngle: 0, endAngle: .pi * 2, clockwise: true)` fills its balls on iOS).
            sweep = clockwise ? -twoPi : twoPi
        } else if clockwise {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi); if sweep > 0 { sweep -= twoPi } }
            sweep = max(sweep, -twoPi)
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi); if sweep < 0 { sweep += twoPi } }
            sweep = min(sweep, twoPi)
        }
        cairo.arc(center: center, radius: radius, start: startAngle, end: startAngle + sweep, negative: clockwise)
    }

    /// Adds a closed rectangle subpath (negative sizes are standardized first).
    ///
    /// ```swift
    /// context.addRect(CGRect(x: 0, y: 0, width: 20, height: 10))
    /// ```
    public func addRect(_ rect: CGRect) {
        guard isFinite(rect, in: "addRect(_:)") else { return }
        cairo.rectangle(rect.standardized)
    }

    /// Adds several closed rectangle subpaths.
    ///
    /// ```swift
    /// context.addRects([CGRect(x: 0, y: 0, width: 5, height: 5), CGRect(x: 10, y: 0, width: 5, height: 5)])
    /// ```
    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }

    /// Adds a closed ellipse inscribed in `rect`, built exactly as `CGMutablePath.addEllipse(in:)`.
    ///
    /// ```swift
    /// context.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 20))
    /// ```
    public func addEllipse(in rect: CGRect) {
        guard isFinite(rect, in: "addEllipse(in:)") else { return }
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        addPath(path)
    }

    /// Appends every element of `path` (quadratic segments become cubics; non-finite elements are skipped).
    ///
    /// ```swift
    /// context.addPath(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil))
    /// ```
    public func addPath(_ path: CGPath) {
        var skipped = 0
        for element in path.elements {
            guard element.isFinite else { skipped += 1; continue }
            switch element {
            case .moveTo(let p): cairo.moveTo(p)
            case .lineTo(let p): cairo.hasCurrentPoint ? cairo.lineTo(p) : cairo.moveTo(p)
            case .quadCurveTo(let p, let c):
                if !cairo.hasCurrentPoint { cairo.moveTo(c) }
                addQuadCurve(to: p, control: c)
            case .curveTo(let p, let c1, let c2):
                if !cairo.hasCurrentPoint { cairo.moveTo(c1) }
                cairo.curveTo(p, c1, c2)
            case .closeSubpath: cairo.closePath()
            }
        }
        if skipped > 0 { Diagnostics.report("CGContext.addPath(_:): skipped \(skipped) element(s) with non-finite points") }
    }

    /// Closes the current subpath with a line back to its start.
    ///
    /// ```swift
    /// context.move(to: .zero); context.addLine(to: CGPoint(x: 9, y: 0)); context.closePath()
    /// ```
    public func closePath() { cairo.closePath() }

    /// Whether the current path has no elements.
    ///
    /// ```swift
    /// context.beginPath(); context.isPathEmpty   // true
    /// ```
    public var isPathEmpty: Bool { cairo.copyPath().isEmpty }

    /// The current point of the path in user space (`.zero` when there is none).
    ///
    /// ```swift
    /// context.move(to: CGPoint(x: 3, y: 4)); context.currentPointOfPath   // (3, 4)
    /// ```
    public var currentPointOfPath: CGPoint { cairo.currentPoint }

    /// A copy of the current path in user space (nil when empty); quadratic curves come back as cubics.
    ///
    /// ```swift
    /// context.addRect(CGRect(x: 0, y: 0, width: 1, height: 1)); context.path?.boundingBox   // (0, 0, 1, 1)
    /// ```
    public var path: CGPath? {
        let elements = cairo.copyPath()
        return elements.isEmpty ? nil : CGMutablePath(elements: elements)
    }

    /// The box around the current path's points, control points included (`.null` when empty).
    ///
    /// ```swift
    /// context.addEllipse(in: CGRect(x: 0, y: 0, width: 8, height: 8)); context.boundingBoxOfPath   // (0, 0, 8, 8)
    /// ```
    public var boundingBoxOfPath: CGRect { path?.boundingBox ?? .null }

    // MARK: Validation

    func isFinite(_ points: CGPoint..., in call: String) -> Bool {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            Diagnostics.report("CGContext.\(call): non-finite coordinate in \(points); ignored")
            return false
        }
        return true
    }

    func isFinite(_ rect: CGRect, in call: String) -> Bool {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.width.isFinite, rect.height.isFinite else {
            Diagnostics.report("CGContext.\(call): non-finite or null rectangle \(rect); ignored")
            return false
        }
        return true
    }

    private func hasCurrentPoint(in call: String) -> Bool {
        guard cairo.hasCurrentPoint else {
            Diagnostics.report("CGContext.\(call): no current point; ignored (call move(to:) first)")
            return false
        }
        return true
    }
}
