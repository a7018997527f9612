import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// How strongly the view resists growing beyond its natural size along `axis` (250 by default).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? huggingPriorities.0 : huggingPriorities.1
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard let priority = checkedPriority(priority, "content hugging priority") else { return }
        if axis == .horizontal { huggingPriorities.0 = priority } else { huggingPriorities.1 = priority }
        superview?.setNeedsLayout()
    }

    /// How strongly the view resists shrinking below its natural size along `axis` (750 by default).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compressionResistancePriorities.0 : compressionResistancePriorities.1
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard let priority = checkedPriority(priority, "compression resistance priority") else { return }
        if axis == .horizontal {
            compressionResistancePriorities.0 = priority
        } else {
            compressionResistancePriorities.1 = priority
        }
        superview?.setNeedsLayout()
    }

    /// `priority` within 0…1000, or nil (reported) when it is not a number.
    private func checkedPriority(_ priority: UILayoutPriority, _ what: String) -> UILayoutPriority? {
        guard priority.rawValue.isFinite else {
            reject(what, "\(priority.rawValue)")
            return nil
        }
        return UILayoutPriority(min(max(priority.rawValue, 0), 1000))
    }
}
