import Foundation
import AnimaCore

extension UIView {
    /// Where the view's first (or last) baseline lies, as a line in its height: `top + heightFactor × height +
    /// offset`, so that Auto Layout can solve a baseline constraint like an edge's.
    ///
    /// ```
    /// a view without text      baseline = bottom               (1, 0)
    /// a label (text centred)   baseline = top + height / 2     (½, first baseline − block / 2)
    ///                                     + its place in the text block (last: block / 2 + descender)
    /// ```
    /// UIKit measures a view without text from its bottom edge, and a label from where it draws its text; a button
    /// from where it puts its title for any height. Another view whose ``forFirstBaselineLayout``
    /// (``forLastBaselineLayout``) is a subview takes that view's baseline where the subview is now: a constant
    /// distance from its top.
    package func baselinePlacement(last: Bool) -> (heightFactor: CGFloat, offset: CGFloat) {
        let source = last ? forLastBaselineLayout : forFirstBaselineLayout
        guard source !== self else { return (self as? UILabel)?.textBaselinePlacement(last: last) ?? (1, 0) }
        if let button = self as? UIButton, source === button.titleLabel { return button.titleBaselinePlacement(last: last) }
        // Each step goes to a view strictly inside this one, so it ends.
        guard source.isDescendant(of: self) else { return (1, 0) }   // not inside: its bottom, as without text
        let (k, offset) = source.baselinePlacement(last: last)
        let top = source.convert(CGPoint.zero, to: self).y
        return (0, top + k * source.bounds.height + offset)
    }
}
