import Foundation
import AnimaCore
import AnimaGraphics

/// Child view controllers, with UIKit's containment calls.
///
/// ```swift
/// parent.addChild(child)                 // calls child.willMove(toParent: parent)
/// parent.view.addSubview(child.view)     // child: viewWillAppear, viewDidAppear (if parent is on screen)
/// child.didMove(toParent: parent)
///
/// child.willMove(toParent: nil)
/// child.view.removeFromSuperview()       // child: viewWillDisappear, viewDidDisappear
/// child.removeFromParent()               // calls child.didMove(toParent: nil)
/// ```
extension UIViewController {
    /// The child controllers, in the order they were added.
    public var children: [UIViewController] { _children }

    /// The containing controller, or nil.
    public var parent: UIViewController? { _parent }

    /// Adds `childController` as a child; it is first removed from its old parent, and hears
    /// ``willMove(toParent:)`` with this controller. Call ``didMove(toParent:)`` after adding its view.
    ///
    /// Adding the controller itself or one of its ancestors is rejected with a diagnostic.
    public func addChild(_ childController: UIViewController) {
        var ancestor: UIViewController? = self
        while let a = ancestor {
            if a === childController {
                Diagnostics.report("UIViewController \(diagnosticName): rejected addChild(\(childController.diagnosticName)): a controller cannot contain itself or an ancestor")
                return
            }
            ancestor = a._parent
        }
        if childController._parent === self { return }
        if childController._parent != nil { childController.removeFromParent() }
        childController.willMove(toParent: self)
        _children.append(childController)
        childController._parent = self
    }

    /// Removes the controller from its parent and calls ``didMove(toParent:)`` with nil. Call
    /// `willMove(toParent: nil)` and remove its view first.
    public func removeFromParent() {
        guard let parent = _parent else { return }
        parent._children.removeAll { $0 === self }
        _parent = nil
        didMove(toParent: nil)
    }

    /// The ancestors' chain, nearest first.
    package var ancestors: [UIViewController] {
        var list: [UIViewController] = []
        var current = _parent
        while let c = current {
            list.append(c)
            current = c._parent
        }
        return list
    }

    /// Tells an ancestor that a descendant's title changed (navigation bars show it).
    package func titleDidChange() {
        for ancestor in ancestors { ancestor.childTitleDidChange(self) }
    }
}
