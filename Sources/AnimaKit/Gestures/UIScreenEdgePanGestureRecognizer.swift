import Foundation
import AnimaCore
import AnimaGraphics

/// Edges of a rectangle (UIKit's `UIRectEdge`).
public struct UIRectEdge: OptionSet, Sendable {
    /// The edges as bits (top 1, left 2, bottom 4, right 8).
    public let rawValue: UInt
    /// An edge set from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// No edge.
    public static let none: UIRectEdge = []
    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that must start near an edge of the window (UIKit's `UIScreenEdgePanGestureRecognizer`): a touch that
/// goes down farther than ``edgeWidth`` points from every edge in ``edges`` makes it fail at once.
/// ```swift
/// let edgePan = UIScreenEdgePanGestureRecognizer { pan in print(pan.translation(in: nil).x) }
/// edgePan.edges = .left
/// view.addGestureRecognizer(edgePan)
/// ```
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a touch may start at (none by default: set at least one).
    open var edges: UIRectEdge = []

    /// How far from an edge, in points, a touch still counts as starting at it.
    public static let edgeWidth: CGFloat = 20

    /// Fails at once when a touch goes down away from every edge in ``edges``.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, let window = view?.window else { return }
        for touch in touches where !startsAtEdge(touch.location(in: window), of: window.bounds) {
            state = .failed
            return
        }
    }

    private func startsAtEdge(_ point: CGPoint, of bounds: CGRect) -> Bool {
        let width = UIScreenEdgePanGestureRecognizer.edgeWidth
        return (edges.contains(.left) && point.x - bounds.minX <= width)
            || (edges.contains(.right) && bounds.maxX - point.x <= width)
            || (edges.contains(.top) && point.y - bounds.minY <= width)
            || (edges.contains(.bottom) && bounds.maxY - point.y <= width)
    }
}
