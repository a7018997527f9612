import Foundation
import AnimaGraphics

/// Something a layer runs when one of its properties changes or an event happens
/// (Core Animation's `CAAction`). `CAAnimation` runs by adding itself to the layer.
@preconcurrency @MainActor
public protocol CAAction: AnyObject {
    /// Runs the action for `event` (a property name or an event such as `"onOrderIn"`) on `anObject`.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` as an action means "no action, and stop searching", as on Apple's platforms.
extension NSNull: @MainActor CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The layer's delegate: supplies contents, layout and actions (Core Animation's `CALayerDelegate`).
///
/// Every method is optional: the defaults draw through `CALayer.draw(in:)`, do no layout and
/// return no action (so the search continues).
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Supplies the layer's contents; the default draws through the layer's backing store.
    func display(_ layer: CALayer)
    /// Called before the layer draws into a new backing store.
    func layerWillDraw(_ layer: CALayer)
    /// Draws the layer's contents into `ctx` (the layer's coordinates, y down); called by the default
    /// `CALayer.draw(in:)`.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: an action, `NSNull()` to stop the search, or nil to continue it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayUsingBackingStore() }
    public func layerWillDraw(_ layer: CALayer) {}
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// The outcome of the action search.
package enum ActionLookup {
    case found(CAAction)
    /// `NSNull` stopped the search.
    case stopped
    case notFound
}

extension CALayer {
    /// What `CALayer.action(forKey:)` does by default: the search (delegate, `actions`, `style["actions"]`,
    /// `defaultAction(forKey:)`; `NSNull` stops it), then, when it finds nothing, the implicit animation of an
    /// animatable property for a committed layer.
    package func defaultActionSearch(forKey event: String) -> CAAction? {
        switch lookupAction(forKey: event) {
        case .found(let action): return action
        case .stopped: return nil
        case .notFound:
            guard isCommitted, !isPresentationCopy, let property = LayerProperty(rawValue: event),
                  property.animatesImplicitly else { return nil }
            return CALayer.implicitAnimation(forKey: event, from: previousPresentationValue(of: property))
        }
    }

    package func lookupAction(forKey event: String) -> ActionLookup {
        func classify(_ action: CAAction?) -> ActionLookup? {
            guard let action else { return nil }
            return action is NSNull ? .stopped : .found(action)
        }
        if let delegate, let r = classify(delegate.action(for: self, forKey: event)) { return r }
        if let r = classify(actions?[event]) { return r }
        if let styleActions = style?["actions"] as? [String: CAAction], let r = classify(styleActions[event]) { return r }
        if let r = classify(type(of: self).defaultAction(forKey: event)) { return r }
        return .notFound
    }
}
