import AnimaCore
import AnimaGraphics
import Foundation

extension String {
    /// The size the string takes when drawn with `attributes` (UIKit's `NSString` drawing additions).
    /// ```swift
    /// let size = "42".size(withAttributes: [.font: UIFont.systemFont(ofSize: 20)])
    /// ```
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        layout(attributes).measure().size
    }

    /// Draws the string with its top-left corner at `point` in the current context.
    @MainActor
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else {
            Diagnostics.report("String.draw(at:withAttributes:): no current context; draw inside draw(_:) or an image renderer")
            return
        }
        layout(attributes).draw(in: context, at: point)
    }

    /// Draws the string wrapped to `rect`'s width, starting at its top-left corner, clipped to `rect`.
    @MainActor
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else {
            Diagnostics.report("String.draw(in:withAttributes:): no current context; draw inside draw(_:) or an image renderer")
            return
        }
        var text = layout(attributes)
        if rect.width.isFinite, rect.width > 0 { text.maximumWidth = rect.width.rounded(.up) + 1 }
        context.saveGState()
        context.clip(to: rect)
        text.draw(in: context, at: rect.origin)
        context.restoreGState()
    }

    private func layout(_ attributes: [NSAttributedString.Key: Any]?) -> TextLayout {
        let font = (attributes?[.font] as? UIFont) ?? UIFont.systemFont(ofSize: 12)
        let color = (attributes?[.foregroundColor] as? UIColor)?.cgColor ?? CGColor.black
        return TextLayout(self, font: font.textFont, color: color)
    }
}
