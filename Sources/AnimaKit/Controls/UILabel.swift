import Foundation
import AnimaCore
import AnimaGraphics

/// A view that draws one or more lines of read-only text (UIKit's `UILabel`), laid out and drawn by Pango.
///
/// The text is centred vertically in the bounds, aligned horizontally by ``textAlignment``, wrapped at the
/// bounds' width when ``numberOfLines`` is not 1, and cut as ``lineBreakMode`` says. Labels ignore touches
/// (`isUserInteractionEnabled` is false) and have no background unless one is set.
/// ```swift
/// let label = UILabel()
/// label.text = "y: 120.0"
/// label.font = .monospacedSystemFont(ofSize: 17, weight: .regular)
/// label.textAlignment = .center
/// label.sizeToFit()
/// ```
@preconcurrency @MainActor
open class UILabel: UIView {
    private var _text: String?
    private var _attributedText: NSAttributedString?

    /// The text (nil by default). Setting it replaces ``attributedText``.
    open var text: String? {
        get { _text ?? _attributedText?.string }
        set {
            guard newValue != _text || _attributedText != nil else { return }
            _text = newValue
            _attributedText = nil
            textDidChange()
        }
    }

    /// The text with per-run fonts and colours (`.font`, `.foregroundColor`); runs without them use
    /// ``font`` and ``textColor``. Setting it replaces ``text``.
    open var attributedText: NSAttributedString? {
        get { _attributedText ?? _text.map { NSAttributedString(string: $0) } }
        set {
            _attributedText = newValue
            _text = nil
            textDidChange()
        }
    }

    /// The font (default: the 17-point system font). Setting nil restores the default.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = .systemFont(ofSize: 17) }
            textDidChange()
        }
    }

    /// The text colour (default `.label`, black). Setting nil restores the default.
    open var textColor: UIColor! = .label {
        didSet {
            if textColor == nil { textColor = .label }
            setNeedsDisplay()
        }
    }

    /// The colour used while ``isHighlighted`` (nil: ``textColor``).
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }
    /// Whether the label draws with ``highlightedTextColor``.
    open var isHighlighted = false { didSet { setNeedsDisplay() } }
    /// Whether the label draws normally (true) or dimmed.
    open var isEnabled = true { didSet { setNeedsDisplay() } }

    /// How lines sit horizontally (default `.natural`: left).
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }

    /// The most lines shown (default 1); 0 means as many as the text needs.
    open var numberOfLines = 1 {
        didSet {
            if numberOfLines < 0 {
                Diagnostics.report("\(diagnosticName): rejected numberOfLines \(numberOfLines) (must be 0 or more); kept \(oldValue)")
                numberOfLines = oldValue
                return
            }
            textDidChange()
        }
    }

    /// How text that does not fit is wrapped or cut (default `.byTruncatingTail`).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textDidChange() } }

    /// The width multi-line text wraps at for ``intrinsicContentSize`` (0: unconstrained).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }

    /// Whether a single line too wide for the bounds is drawn with a smaller font (down to
    /// ``minimumScaleFactor`` of ``font``'s size).
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsDisplay() } }
    /// The smallest scale ``adjustsFontSizeToFitWidth`` may use (0: any).
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsDisplay() } }

    /// The colour of a shadow drawn under the text (nil: none).
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The shadow's offset in points (default (0, −1)).
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { setNeedsDisplay() } }

    /// A label with the given frame: no text, transparent, ignoring touches, redrawn when resized.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureLabel()
    }

    /// Makes an empty label (labels are not archived here).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureLabel()
    }

    private func configureLabel() {
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
    }

    private func textDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Layout

    /// The layout of the text for `width` (nil: unconstrained) and at most `lines` lines, before clipping
    /// to a line count that the line break mode does not cut with "…".
    private func makeLayout(width: CGFloat?, lines: Int, font drawFont: TextFont? = nil) -> TextLayout? {
        guard let string = text, !string.isEmpty else { return nil }
        let textFont = drawFont ?? font.textFont
        var layout: TextLayout
        if let attributed = _attributedText {
            layout = TextLayout(attributed, font: textFont, color: drawingColor.cgColor)
        } else {
            layout = TextLayout(string, font: textFont, color: drawingColor.cgColor)
        }
        layout.alignment = textAlignment.textLayoutAlignment
        // Widths past 100 000 points mean "no limit" (sizeThatFits passes .greatestFiniteMagnitude).
        let usableWidth = width.flatMap { $0.isFinite && $0 > 0 && $0 < 100_000 ? $0 : nil }
        if lines == 1 {
            guard lineBreakMode.truncates, let usableWidth else { return layout }
            layout.maximumWidth = usableWidth
            layout.maximumNumberOfLines = 1
            switch lineBreakMode {
            case .byTruncatingHead: layout.lineBreak = .truncateHead
            case .byTruncatingMiddle: layout.lineBreak = .truncateMiddle
            default: layout.lineBreak = .truncateTail
            }
            return layout
        }
        layout.maximumWidth = usableWidth
        if lineBreakMode.truncates, lines > 0 {
            layout.lineBreak = .truncateTail
            layout.maximumNumberOfLines = lines
        } else {
            layout.lineBreak = lineBreakMode == .byCharWrapping ? .charWrap : .wordWrap
        }
        return layout
    }

    /// The size the layout takes, limited to `lines` lines (0: all).
    private func measuredSize(of layout: TextLayout, lines: Int) -> CGSize {
        let metrics = layout.measure()
        var size = metrics.size
        if lines > 0, metrics.lineCount > lines {
            size.height = (size.height * CGFloat(lines) / CGFloat(metrics.lineCount)).rounded(.up)
        }
        return size
    }

    /// The rectangle the text takes inside `bounds` when limited to `numberOfLines` lines (0: no limit):
    /// its top-left at `bounds.origin`, at most `bounds.width` wide.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let width = bounds.width.isFinite && bounds.width > 0 && bounds.width < 100_000 ? bounds.width : nil
        guard let layout = makeLayout(width: width, lines: numberOfLines) else {
            return CGRect(origin: bounds.origin, size: .zero)
        }
        var size = measuredSize(of: layout, lines: numberOfLines)
        if let width { size.width = min(size.width, width) }
        return CGRect(origin: bounds.origin, size: size)
    }

    /// The text's size when it may be `size.width` wide (0 or infinite: unconstrained).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : CGFloat.greatestFiniteMagnitude
        return textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude),
                        limitedToNumberOfLines: numberOfLines).size
    }

    /// The text's natural size (wrapped at ``preferredMaxLayoutWidth`` when set).
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0))
    }

    // MARK: Drawing

    private var drawingColor: UIColor {
        let color: UIColor = isHighlighted ? (highlightedTextColor ?? textColor) : textColor
        return isEnabled ? color : color.withAlphaComponent(color.alphaComponent * 0.5)
    }

    /// Draws the text with ``drawText(in:)`` in the bounds.
    open override func draw(_ rect: CGRect) { drawText(in: bounds) }

    /// Draws the text centred vertically in `rect` (override to inset it:
    /// `super.drawText(in: rect.inset(by: insets))`).
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
        var drawFont = font.textFont
        if adjustsFontSizeToFitWidth, numberOfLines == 1,
           let natural = makeLayout(width: nil, lines: 0)?.measure().size.width, natural > rect.width {
            let scale = max(minimumScaleFactor, rect.width / natural)
            drawFont.size = max(1, drawFont.size * scale)
        }
        guard var layout = makeLayout(width: rect.width, lines: numberOfLines, font: drawFont) else { return }
        let size = measuredSize(of: layout, lines: numberOfLines)
        var origin = CGPoint(x: rect.minX, y: rect.minY + ((rect.height - size.height) / 2).rounded())
        if layout.maximumWidth == nil {
            // Unwrapped text: place the line block by the alignment ourselves.
            switch textAlignment {
            case .center: origin.x += ((rect.width - size.width) / 2).rounded()
            case .right: origin.x += rect.width - size.width
            default: break
            }
        }
        context.saveGState()
        // Lines past the limit (modes that do not cut with "…") and text outside `rect` are clipped.
        context.clip(to: CGRect(x: rect.minX, y: origin.y, width: rect.width, height: size.height).intersection(rect))
        if let shadowColor {
            var shadow = layout
            shadow.color = shadowColor.cgColor
            shadow.runs = shadow.runs.map { TextRun(range: $0.range, font: $0.font, color: nil) }
            shadow.draw(in: context, at: CGPoint(x: origin.x + shadowOffset.width, y: origin.y + shadowOffset.height))
        }
        layout.color = drawingColor.cgColor
        layout.draw(in: context, at: origin)
        context.restoreGState()
    }
}

extension UILabel {
    /// Where the label's first or last baseline lies as a line in its height (``UIView/baselinePlacement(last:)``):
    /// the text block (measured at the current width, else unwrapped) is centred vertically, as ``drawText(in:)``
    /// draws it, so a baseline sits half the height down, moved by its place in the block.
    package func textBaselinePlacement(last: Bool) -> (heightFactor: CGFloat, offset: CGFloat) {
        let width = bounds.width > 0 && bounds.width.isFinite ? bounds.width : nil
        guard let layout = makeLayout(width: width, lines: numberOfLines) else { return (1, 0) }
        let block = measuredSize(of: layout, lines: numberOfLines).height
        guard block > 0 else { return (1, 0) }
        let first = layout.measure().firstBaseline
        return (0.5, last ? block / 2 + font.descender : first - block / 2)
    }
}
