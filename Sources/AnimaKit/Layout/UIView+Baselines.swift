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
    /// UIKit measures a view without text from its bottom edge, and a label from where it draws its text.
    package func baselinePlacement(last: Bool) -> (heightFactor: CGFloat, offset: CGFloat) {
        (self as? UILabel)?.textBaselinePlacement(last: last) ?? (1, 0)
    }
}
