import Foundation
import AnimaGraphics

/// How lines of text sit horizontally (UIKit's `NSTextAlignment`, with its raw values).
///
/// `.natural` is `.left` here (text is laid out left to right).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4

    /// The layout alignment that draws this.
    var textLayoutAlignment: TextLayout.Alignment {
        switch self {
        case .left, .natural: return .left
        case .center: return .center
        case .right: return .right
        case .justified: return .justified
        }
    }
}

/// What happens to text that does not fit (UIKit's `NSLineBreakMode`, with its raw values).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    /// Whether the mode cuts text with "…".
    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}

extension NSAttributedString.Key {
    /// The run's font: a ``UIFont`` (UIKit's raw value `"NSFont"`, which `CATextLayer` also reads).
    public static let font = NSAttributedString.Key("NSFont")
    /// The run's text colour: a ``UIColor`` (raw value `"NSColor"`).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
