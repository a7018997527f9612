import Foundation
import AnimaGraphics

/// A layer that draws a string, laid out and rasterized by Pango (Core Animation's `CATextLayer`).
///
/// The first line sits at the top of the bounds; text past the bounds is clipped. Hangul and other
/// scripts the chosen font lacks fall back per character to an installed font (NanumGothic when
/// `fonts-nanum` is installed). `fontSize` and `foregroundColor` are animatable, and the text is
/// redrawn every frame while they animate. The text is redrawn when the bounds or `contentsScale`
/// change.
/// ```swift
/// let label = CATextLayer()
/// label.string = "안녕 Anima"
/// label.fontSize = 24
/// label.foregroundColor = CGColor(gray: 0, alpha: 1)
/// label.alignmentMode = .center
/// label.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
/// ```
open class CATextLayer: CALayer {
    /// A text layer with Apple's defaults: no string, 36-point white text, not wrapped.
    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    /// A shadow copy of `layer` (presentation layers), with its text settings.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer {
            string = other.string
            font = other.font
            resolvedFont = other.resolvedFont
            isWrapped = other.isWrapped
            alignmentMode = other.alignmentMode
            truncationMode = other.truncationMode
            allowsFontSubpixelQuantization = other.allowsFontSubpixelQuantization
        }
    }

    /// The text: a `String` or an `NSAttributedString` (default nil: nothing drawn). For an attributed
    /// string, runs take their font from the `"NSFont"` attribute (a `TextFontConvertible` such as
    /// `UIFont`) and colour from `"NSColor"` (a `CGColor` or `UIColor`); as with Core Text, runs
    /// without them are 12-point sans-serif in black, and the layer's `font`, `fontSize` and
    /// `foregroundColor` do not apply. Other values are rejected with a diagnostic.
    public var string: Any? {
        didSet {
            if let value = string, !(value is String) && !(value is NSAttributedString) && !(value is Substring) {
                Diagnostics.report("CALayer \(debugName): rejected string \(value) of type \(Swift.type(of: value)) (a String or NSAttributedString is expected); keeping \(oldValue.map { "\($0)" } ?? "nil")")
                string = oldValue
                return
            }
            setNeedsDisplay()
        }
    }

    /// The font: a font name (`"NanumGothic"`, `"DejaVu Sans-Bold"`), a `TextFont` or another
    /// `TextFontConvertible` such as `UIFont` (default nil: the system sans-serif font, where Apple
    /// uses Helvetica). Its size is ignored: `fontSize` sets the size. A font that is not installed
    /// is reported and replaced by the system font; values of other types are rejected.
    public var font: Any? {
        didSet {
            if let value = font, !(value is String) && !(value is TextFontConvertible) {
                Diagnostics.report("CALayer \(debugName): rejected font \(value) of type \(Swift.type(of: value)) (a font name, TextFont or UIFont is expected); keeping \(oldValue.map { "\($0)" } ?? "nil")")
                font = oldValue
                return
            }
            resolvedFont = CATextLayer.resolveFont(font, layerName: debugName)
            setNeedsDisplay()
        }
    }

    /// The font the text draws with, at size 17 (`fontSize` replaces the size when drawing).
    package private(set) var resolvedFont = TextFont(family: "Sans")

    /// The size of the font in points (default 36; negative values are rejected). Animatable.
    public var fontSize: CGFloat {
        get { state.number(.fontSize) }
        set { setNonNegativeModelValue(newValue, of: .fontSize) }
    }

    /// The colour of plain-string text (default opaque white; nil draws nothing). Animatable.
    public var foregroundColor: CGColor? {
        get { state.color(.foregroundColor) }
        set { setModelValue(.color(newValue), of: .foregroundColor) }
    }

    /// Whether lines wrap at the bounds' width (default false: one line per paragraph).
    public var isWrapped = false { didSet { setNeedsDisplay() } }

    /// How lines sit horizontally in the bounds (default `.natural`: left for left-to-right text).
    public var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { setNeedsDisplay() } }

    /// Where text that does not fit is cut and marked with "…" (default `.none`: clipped at the bounds).
    public var truncationMode: CATextLayerTruncationMode = .none { didSet { setNeedsDisplay() } }

    /// Kept for Apple's API; glyph positions are never quantized here.
    public var allowsFontSubpixelQuantization = false

    override package func drawIntrinsicContents(in ctx: CGContext) { drawText(in: ctx) }

    /// The text layer's properties by key (key-value coding), with every layer's.
    override package class var keyedProperties: KeyedProperties<CALayer> { CATextLayer.textKeyedProperties }
    private static let textKeyedProperties = CALayer.layerKeyedProperties.adding(KeyedProperties<CATextLayer>([
        (["string"], .any(\.string)),
        (["font"], .any(\.font)),
        (["wrapped", "isWrapped"], .value(\.isWrapped, "a Bool")),
        (["alignmentMode"], .constant(\.alignmentMode)),
        (["truncationMode"], .constant(\.truncationMode)),
        (["allowsFontSubpixelQuantization"], .value(\.allowsFontSubpixelQuantization, "a Bool")),
    ]))

    open override class func needsDisplay(forKey key: String) -> Bool {
        key == "fontSize" || key == "foregroundColor" || key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "isWrapped", "wrapped", "allowsFontSubpixelQuantization": return false
        case "alignmentMode": return CATextLayerAlignmentMode.natural
        case "truncationMode": return CATextLayerTruncationMode.none
        default: return super.defaultValue(forKey: key)
        }
    }
}
