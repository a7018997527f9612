import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// The subviews, back to front.
    public var subviews: [UIView] { _subviews }

    /// The view containing this one, or nil.
    public var superview: UIView? { _superview }

    /// The window the view is in (the nearest ancestor that is a `UIWindow`), or nil.
    public var window: UIWindow? {
        var current: UIView? = self
        while let view = current {
            if let window = view as? UIWindow { return window }
            current = view._superview
        }
        return nil
    }

    /// Whether the view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let c = current {
            if c === view { return true }
            current = c._superview
        }
        return false
    }

    /// The first view with `tag` in a depth-first search from (and including) this view.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for sub in _subviews {
            if let found = sub.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Adds `view` on top of the other subviews (moving it from its old superview).
    ///
    /// Adding the view itself or one of its ancestors is rejected with a diagnostic and changes nothing.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: _subviews.count - (view._superview === self ? 1 : 0))
    }

    /// Inserts `view` at `index` among the subviews (clamped to the subview count).
    public func insertSubview(_ view: UIView, at index: Int) {
        guard canAdopt(view, "insertSubview(_:at:)") else { return }
        let oldWindow = view.window
        let newWindow = window
        let movesSuperview = view._superview !== self
        if movesSuperview { view.willMove(toSuperview: self) }
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        if let old = view._superview {
            if movesSuperview { old.willRemoveSubview(view) }
            old._subviews.removeAll { $0 === view }
        }
        let i = max(0, min(index, _subviews.count))
        _subviews.insert(view, at: i)
        view._superview = self
        if i + 1 < _subviews.count {
            layer.insertSublayer(view.layer, below: _subviews[i + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        setNeedsLayout()
        if movesSuperview {
            didAddSubview(view)
            view.didMoveToSuperview()
        }
        if oldWindow !== newWindow {
            if oldWindow != nil && newWindow == nil { view.endAnimationsLeavingWindow() }
            view.notifyDidMoveToWindow()
        }
        if view._tintColor == nil { view.tintColorDidChange() }
    }

    /// Inserts `view` just above `siblingSubview` (on top when it is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let without = _subviews.filter { $0 !== view }
        let index = without.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? without.count
        insertSubview(view, at: index)
    }

    /// Inserts `view` just below `siblingSubview` (at the bottom when it is not a subview).
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let without = _subviews.filter { $0 !== view }
        insertSubview(view, at: without.firstIndex { $0 === siblingSubview } ?? 0)
    }

    /// Moves `view` above its siblings.
    public func bringSubviewToFront(_ view: UIView) {
        guard view._superview === self else { return }
        insertSubview(view, at: _subviews.count - 1)
    }

    /// Moves `view` below its siblings.
    public func sendSubviewToBack(_ view: UIView) {
        guard view._superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps the subviews at two indexes (out-of-range indexes are reported and ignored).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard _subviews.indices.contains(index1), _subviews.indices.contains(index2) else {
            Diagnostics.report("UIView \(diagnosticName): exchangeSubview(at: \(index1), withSubviewAt: \(index2)): index out of range (\(_subviews.count) subviews); ignored")
            return
        }
        guard index1 != index2 else { return }
        let a = _subviews[index1], b = _subviews[index2]
        let (low, high) = index1 < index2 ? (a, b) : (b, a)
        insertSubview(high, at: min(index1, index2))
        insertSubview(low, at: max(index1, index2))
    }

    /// Detaches the view from its superview (and window).
    public func removeFromSuperview() {
        guard let parent = _superview else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        parent.willRemoveSubview(self)
        parent._subviews.removeAll { $0 === self }
        _superview = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
        didMoveToSuperview()
        if oldWindow != nil {
            endAnimationsLeavingWindow()
            notifyDidMoveToWindow()
        }
    }

    /// Removes the animations of the view's layer and every layer under it, as UIKit does when a view leaves
    /// its window: their delegates hear `finished == false`, so block completions run (with `false`) and
    /// release what they captured, instead of waiting for ever on a layer no display shows.
    private func endAnimationsLeavingWindow() {
        func end(_ layer: CALayer) {
            layer.removeAllAnimations()
            for sublayer in layer.sublayers ?? [] { end(sublayer) }
            if let mask = layer.mask { end(mask) }
        }
        end(layer)
    }

    private func canAdopt(_ view: UIView, _ call: String) -> Bool {
        if isDescendant(of: view) {
            Diagnostics.report("UIView \(diagnosticName): rejected \(call) of \(view.diagnosticName): a view cannot contain itself or an ancestor (the hierarchy is unchanged)")
            return false
        }
        return true
    }

    private func notifyWillMove(toWindow newWindow: UIWindow?) {
        _viewController?.rootViewWillMove(toWindow: newWindow)
        willMove(toWindow: newWindow)
        for sub in _subviews { sub.notifyWillMove(toWindow: newWindow) }
    }

    private func notifyDidMoveToWindow() {
        scheduleInitialDisplayIfNeeded()
        didMoveToWindow()
        _viewController?.rootViewDidMoveToWindow()
        for sub in _subviews { sub.notifyDidMoveToWindow() }
    }
}
