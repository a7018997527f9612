import Foundation

/// Line parameters and the current transformation matrix (CTM).
extension CGContext {
    /// Sets the stroke width in user units (measured under the CTM in effect when stroking); must be ≥ 0.
    ///
    /// ```swift
    /// context.setLineWidth(4)
    /// ```
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else {
            Diagnostics.report("CGContext.setLineWidth(_:): width \(Double(width).diagnosticDescription) must be finite and ≥ 0; ignored")
            return
        }
        cairo.setLineWidth(width)
    }

    /// Sets how open subpath ends are drawn.
    ///
    /// ```swift
    /// context.setLineCap(.square)
    /// ```
    public func setLineCap(_ cap: CGLineCap) { cairo.setLineCap(cap.rawValue) }

    /// Sets how segments are joined.
    ///
    /// ```swift
    /// context.setLineJoin(.round)
    /// ```
    public func setLineJoin(_ join: CGLineJoin) { cairo.setLineJoin(join.rawValue) }

    /// Sets the miter limit: above this ratio of miter length to line width, miter joins are bevelled.
    ///
    /// ```swift
    /// context.setMiterLimit(2)
    /// ```
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite, limit >= 0 else {
            Diagnostics.report("CGContext.setMiterLimit(_:): limit \(Double(limit).diagnosticDescription) must be finite and ≥ 0; ignored")
            return
        }
        cairo.setMiterLimit(limit)
    }

    /// Sets the dash pattern: alternating painted and skipped lengths in user units, starting `phase` units
    /// into the pattern. An empty array gives solid lines; negative, non-finite or all-zero lengths, and lengths
    /// whose total overflows, are reported and give solid lines too.
    ///
    /// ```swift
    /// context.setLineDash(phase: 0, lengths: [10, 5])   // 10 on, 5 off
    /// ```
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        // The total must be finite too: Cairo steps through the pattern by it, and never ends when it overflows
        // (the `paths` fuzzer found [1.8e308, 1.8e308] hanging a stroke). Cairo doubles the total of an odd count
        // (the pattern repeats with on and off swapped) before reducing the phase by it, so that must be finite
        // as well: [1.8e308, 0.02, 5e-324] made the phase +∞ and hung the stroke the same way.
        let total = lengths.reduce(0, +) * (lengths.count % 2 == 1 ? 2 : 1)
        let valid = phase.isFinite && lengths.allSatisfy { $0.isFinite && $0 >= 0 } && total.isFinite
        guard lengths.isEmpty || (valid && lengths.contains { $0 > 0 }) else {
            Diagnostics.report("CGContext.setLineDash(phase:lengths:): invalid pattern \(lengths) phase \(Double(phase).diagnosticDescription); using solid lines")
            cairo.setDash([], phase: 0)
            return
        }
        cairo.setDash(lengths, phase: lengths.isEmpty ? 0 : phase)
    }

    /// Turns anti-aliasing of paths on or off.
    ///
    /// ```swift
    /// context.setShouldAntialias(false)   // hard pixel edges
    /// ```
    public func setShouldAntialias(_ antialias: Bool) { cairo.setAntialias(antialias) }

    /// The current transformation matrix: user space to pixels. Starts as the identity (y down).
    ///
    /// ```swift
    /// context.translateBy(x: 10, y: 0); context.ctm.tx   // 10
    /// ```
    public var ctm: CGAffineTransform { cairo.matrix }

    /// Moves the origin of user space by `(x, y)` user units.
    ///
    /// ```swift
    /// context.translateBy(x: 50, y: 50)
    /// ```
    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y), call: "translateBy(x:y:)")
    }

    /// Scales user space by `(x, y)`; a zero or non-finite factor would make it singular and is ignored.
    ///
    /// ```swift
    /// context.scaleBy(x: 2, y: 2)
    /// ```
    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y), call: "scaleBy(x:y:)")
    }

    /// Rotates user space by `angle` radians (positive turns +x towards +y: clockwise on screen).
    ///
    /// ```swift
    /// context.rotate(by: .pi / 4)
    /// ```
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle), call: "rotate(by:)")
    }

    /// Applies `transform` to user space before the current CTM (`ctm = transform.concatenating(ctm)`).
    ///
    /// ```swift
    /// context.concatenate(CGAffineTransform(scaleX: 1, y: -1))
    /// ```
    public func concatenate(_ transform: CGAffineTransform) {
        concatenate(transform, call: "concatenate(_:)")
    }

    private func concatenate(_ transform: CGAffineTransform, call: String) {
        let next = transform.concatenating(cairo.matrix)
        let det = next.a * next.d - next.b * next.c
        guard [next.a, next.b, next.c, next.d, next.tx, next.ty].allSatisfy(\.isFinite), det.isNormal, (1 / det).isFinite else {
            Diagnostics.report("CGContext.\(call): \(transform) would make the CTM singular or non-finite; ignored")
            return
        }
        cairo.matrix = next
    }
}
