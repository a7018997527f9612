import Foundation
import AnimaGraphics

/// The axes a ``CAScrollLayer`` scrolls along (Core Animation's `CAScrollLayerScrollMode`).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// A layer that shows part of its sublayers, scrolled by its bounds' origin (Core Animation's `CAScrollLayer`):
/// a sublayer at (0, 300) shows at the top once the layer scrolls to (0, 300). It only moves the origin — set
/// `masksToBounds` to clip what lies outside, and draw no scroll bars.
/// ```swift
/// let strip = CAScrollLayer()
/// strip.frame = CGRect(x: 0, y: 0, width: 320, height: 80)
/// strip.masksToBounds = true
/// strip.scrollMode = .horizontally
/// strip.scroll(to: CGPoint(x: 640, y: 0))   // animates, as any bounds change outside a transaction that disables actions
/// ```
open class CAScrollLayer: CALayer {
    /// The axes ``scroll(to:)-(CGPoint)`` moves along (default ``CAScrollLayerScrollMode/both``); the other axis keeps
    /// its origin.
    open var scrollMode = CAScrollLayerScrollMode.both

    /// Scrolls so that `p` (in the layer's coordinates) is at the top-left corner of its bounds, along the axes
    /// ``scrollMode`` allows.
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else {
            return Diagnostics.report("CAScrollLayer \(debugName): rejected scroll to \(p) (not finite)")
        }
        var origin = bounds.origin
        if scrollMode == .both || scrollMode == .horizontally { origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as needed to show `r` (in the layer's coordinates): an edge of `r` outside the bounds is
    /// brought to the bounds' edge; a rectangle larger than the bounds shows from its top-left corner.
    open func scroll(to r: CGRect) {
        let b = bounds, rect = r.standardized
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ start: CGFloat, _ length: CGFloat) -> CGFloat {
            if hi - lo > length || lo < start { return lo }
            if hi > start + length { return hi - length }
            return start
        }
        scroll(to: CGPoint(x: axis(rect.minX, rect.maxX, b.minX, b.width), y: axis(rect.minY, rect.maxY, b.minY, b.height)))
    }
}

extension CALayer {
    /// The nearest ``CAScrollLayer`` above this layer (nil: none; a scroll layer's own is itself).
    private var enclosingScrollLayer: CAScrollLayer? {
        var layer: CALayer? = self
        while let current = layer {
            if let scroller = current as? CAScrollLayer { return scroller }
            layer = current.superlayer
        }
        return nil
    }

    /// Scrolls the nearest enclosing ``CAScrollLayer`` so that `p` (in this layer's coordinates) is at its origin.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the nearest enclosing ``CAScrollLayer`` as little as needed to show `r` (in this layer's
    /// coordinates).
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }

    /// The part of the bounds the nearest enclosing ``CAScrollLayer`` shows, in this layer's coordinates (the
    /// bounds when there is none; empty when none of it is shown).
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer, scroller !== self else { return bounds }
        let shown = convert(scroller.bounds, from: scroller).intersection(bounds)
        return shown.isNull ? CGRect(origin: bounds.origin, size: .zero) : shown
    }
}
