import Foundation
import AnimaGraphics
import AnimaCore

extension UIView {
    /// The gesture recognizers attached to the view, in the order added (nil when there are none).
    /// Setting it replaces them.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { _gestureRecognizers.isEmpty ? nil : _gestureRecognizers }
        set {
            for recognizer in _gestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer`: it receives the touches that go down in the view or its subviews
    /// (before the views do). A recognizer attached to another view moves here; attaching it twice does
    /// nothing. A hidden view (or one outside a window) is never hit, so its recognizers get no touches.
    /// ```swift
    /// view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: ViewController.pan))
    /// ```
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view !== self else { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        _gestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`. A gesture under way is cancelled (its targets hear `.cancelled`), one
    /// not yet begun fails. Recognizers of other views are ignored.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        gestureRecognizer.abandon(reason: nil)
        _gestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }
}
