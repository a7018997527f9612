import Foundation
import AnimaCore
import AnimaGraphics

extension UIView {
    /// The parts of a view that stretch when its superview's size changes (UIKit's `UIView.AutoresizingMask`, with
    /// its raw values). Along each axis the change is shared among the flexible parts — the margin before, the size,
    /// the margin after — in proportion to what each measures (evenly when they all measure 0); the other parts keep
    /// their lengths:
    /// ```
    ///  superview  |<- left ->|<---- width ---->|<- right ->|   grows by Δ
    ///  [.flexibleWidth]            width + Δ
    ///  [.flexibleLeftMargin]       left + Δ (stays at the right edge)
    ///  [.flexibleLeftMargin, .flexibleRightMargin]   left + Δ·l/(l+r), right + Δ·r/(l+r) (stays centred, if it was)
    /// ```
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Moves and resizes the subviews that translate their autoresizing masks after this view's size changed from
    /// `oldSize` (UIKit does it at once, so a size changed inside an animation block animates the subviews too).
    /// Subviews placed by constraints are left to layout.
    func resizeSubviews(withOldSize oldSize: CGSize) {
        let newSize = layer.bounds.size
        guard autoresizesSubviews, newSize != oldSize else { return }
        for view in subviews where view.translatesAutoresizingMaskIntoConstraints && !view.autoresizingMask.isEmpty {
            view.resize(withOldSuperviewSize: oldSize, newSize: newSize)
        }
    }

    private func resize(withOldSuperviewSize old: CGSize, newSize new: CGSize) {
        let mask = autoresizingMask, f = frame
        let (x, width) = Self.stretch(start: f.minX, length: f.width, end: old.width - f.maxX, by: new.width - old.width,
                                      flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                                 mask.contains(.flexibleRightMargin)))
        let (y, height) = Self.stretch(start: f.minY, length: f.height, end: old.height - f.maxY, by: new.height - old.height,
                                       flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                                  mask.contains(.flexibleBottomMargin)))
        let resized = CGRect(x: x, y: y, width: width, height: height)
        if resized != f { frame = resized }
    }

    /// One axis: the new start and length when `delta` is shared among the flexible parts in proportion to their
    /// lengths (evenly when those are all 0). A length never goes below 0.
    static func stretch(start: CGFloat, length: CGFloat, end: CGFloat, by delta: CGFloat,
                        flexible: (start: Bool, length: Bool, end: Bool)) -> (CGFloat, CGFloat) {
        let parts = [(flexible.start, max(0, start)), (flexible.length, max(0, length)), (flexible.end, max(0, end))]
        let count = parts.filter(\.0).count
        guard count > 0, delta != 0 else { return (start, length) }
        let total = parts.reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
        func share(_ part: (Bool, CGFloat)) -> CGFloat {
            guard part.0 else { return 0 }
            return total > 0 ? delta * part.1 / total : delta / CGFloat(count)
        }
        return (start + share(parts[0]), max(0, length + share(parts[1])))
    }
}
