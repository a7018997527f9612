import Foundation
import AnimaGraphics

/// A layer that draws a path: filled, then stroked on top (Core Animation's `CAShapeLayer`).
///
/// The shape is rasterized by Cairo into the layer's backing store, which reaches past the bounds
/// when the path does (as on Apple's platforms, a shape layer does not clip its path). Animatable:
/// `path` (between paths with the same elements; no implicit animation), `fillColor`,
/// `strokeColor`, `strokeStart`, `strokeEnd`, `lineWidth`, `miterLimit`, `lineDashPhase`. While one
/// of them animates the shape is redrawn every frame from the presented values, so `strokeEnd`
/// going 0 → 1 draws the line growing along its length. Changing `contentsScale` redraws it too.
/// ```swift
/// let line = CAShapeLayer()
/// line.path = path.cgPath
/// line.strokeColor = UIColor.white.cgColor
/// line.fillColor = UIColor.clear.cgColor
/// let grow = CABasicAnimation(keyPath: "strokeEnd")
/// grow.fromValue = 0; grow.toValue = 1; grow.duration = 2
/// line.add(grow, forKey: "line")
/// ```
open class CAShapeLayer: CALayer {
    /// A shape layer with Apple's defaults: no path, black fill, no stroke, line width 1.
    public override init() { super.init() }

    /// A shadow copy of `layer` (presentation layers), with its non-animatable shape settings.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer {
            fillRule = other.fillRule
            lineCap = other.lineCap
            lineJoin = other.lineJoin
            lineDashPattern = other.lineDashPattern
        }
    }

    /// The stroked part of the path last drawn or measured, for the same path and fractions (not copied: a
    /// presentation copy trims its own).
    var trimMemo: TrimMemo?
    /// The last path trimmed, measured (see `trimmable(_:)`).
    var measuredPath: TrimmablePath?

    /// The shape (copied on assignment); nil draws nothing. Animatable between paths with the same
    /// elements, but not implicitly.
    public var path: CGPath? {
        get { state.path(.path) }
        set { setModelValue(.path(newValue.flatMap { $0.copy() }), of: .path) }
    }

    /// The colour filling the path (default opaque black; nil fills nothing). Animatable.
    public var fillColor: CGColor? {
        get { state.color(.fillColor) }
        set { setModelValue(.color(newValue), of: .fillColor) }
    }

    /// The rule deciding what is inside the path (default `.nonZero`).
    public var fillRule: CAShapeLayerFillRule = .nonZero { didSet { setNeedsDisplay() } }

    /// The colour of the stroke (default nil: no stroke). Animatable.
    public var strokeColor: CGColor? {
        get { state.color(.strokeColor) }
        set { setModelValue(.color(newValue), of: .strokeColor) }
    }

    /// Where the stroke starts, as a fraction 0…1 of the path's length (default 0). Animatable.
    public var strokeStart: CGFloat {
        get { state.number(.strokeStart) }
        set { setModelValue(.number(Double(newValue)), of: .strokeStart) }
    }

    /// Where the stroke ends, as a fraction 0…1 of the path's length (default 1). Animatable.
    public var strokeEnd: CGFloat {
        get { state.number(.strokeEnd) }
        set { setModelValue(.number(Double(newValue)), of: .strokeEnd) }
    }

    /// The stroke's width in points (default 1; negative values are rejected). Animatable.
    public var lineWidth: CGFloat {
        get { state.number(.lineWidth) }
        set { setNonNegativeModelValue(newValue, of: .lineWidth) }
    }

    /// The miter limit for `.miter` joins (default 10; negative values are rejected). Animatable.
    public var miterLimit: CGFloat {
        get { state.number(.miterLimit) }
        set { setNonNegativeModelValue(newValue, of: .miterLimit) }
    }

    /// How open ends are drawn (default `.butt`).
    public var lineCap: CAShapeLayerLineCap = .butt { didSet { setNeedsDisplay() } }

    /// How segments are joined (default `.miter`).
    public var lineJoin: CAShapeLayerLineJoin = .miter { didSet { setNeedsDisplay() } }

    /// How far into the dash pattern the stroke starts, in points (default 0). Animatable.
    public var lineDashPhase: CGFloat {
        get { state.number(.lineDashPhase) }
        set { setModelValue(.number(Double(newValue)), of: .lineDashPhase) }
    }

    /// Alternating painted and skipped lengths in points (default nil: solid). Patterns with negative
    /// or non-finite lengths, or only zeros, are rejected with a diagnostic.
    public var lineDashPattern: [NSNumber]? {
        didSet {
            if let pattern = lineDashPattern, !pattern.isEmpty {
                let lengths = pattern.map(\.doubleValue)
                guard lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.contains(where: { $0 > 0 }) else {
                    Diagnostics.report("CALayer \(debugName): rejected lineDashPattern \(lengths) (lengths must be finite, ≥ 0 and not all 0); keeping \(oldValue.map { "\($0.map(\.doubleValue))" } ?? "nil")")
                    lineDashPattern = oldValue
                    return
                }
            }
            setNeedsDisplay()
        }
    }

    override package func drawIntrinsicContents(in ctx: CGContext) { drawShape(in: ctx) }

    override package func backingStoreExtent() -> CGRect { shapeExtent() }

    /// The shape layer's properties by key (key-value coding) beyond its animatable ones, with every layer's.
    override package class var keyedProperties: KeyedProperties<CALayer> { CAShapeLayer.shapeKeyedProperties }
    private static let shapeKeyedProperties = CALayer.layerKeyedProperties.adding(KeyedProperties<CAShapeLayer>([
        (["fillRule"], .constant(\.fillRule)),
        (["lineCap"], .constant(\.lineCap)),
        (["lineJoin"], .constant(\.lineJoin)),
        (["lineDashPattern"], .numbers(\.lineDashPattern)),
    ]))

    /// A shape is drawn where it lands on the display, whatever `contentsScale` says (see
    /// `CALayer.drawsInStepWithDisplay`).
    override package class var drawsInStepByDefault: Bool { true }

    open override class func needsDisplay(forKey key: String) -> Bool {
        switch key {
        case "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase",
             "contentsScale":
            return true
        default:
            return super.needsDisplay(forKey: key)
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fillRule": return CAShapeLayerFillRule.nonZero
        case "lineCap": return CAShapeLayerLineCap.butt
        case "lineJoin": return CAShapeLayerLineJoin.miter
        default: return super.defaultValue(forKey: key)
        }
    }
}
