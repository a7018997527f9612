import Foundation
import AnimaGraphics

/// A layer that fills its bounds with a colour gradient (Core Animation's `CAGradientLayer`).
///
/// Points are in the unit coordinate space of the bounds ((0, 0) top-left, (1, 1) bottom-right on
/// screen). `colors`, `locations`, `startPoint` and `endPoint` are animatable — colour and location
/// arrays of equal length blend element by element — and the gradient is redrawn every frame while
/// they animate, and when the bounds or `contentsScale` change.
/// ```swift
/// let gradient = CAGradientLayer()
/// gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
/// gradient.startPoint = CGPoint(x: 0, y: 0.5)
/// gradient.endPoint = CGPoint(x: 1, y: 0.5)   // red on the left, blue on the right
/// ```
open class CAGradientLayer: CALayer {
    /// A gradient layer with Apple's defaults: no colours, axial from top centre to bottom centre.
    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    /// A shadow copy of `layer` (presentation layers), with its gradient type.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { type = other.type }
    }

    /// The colours, as `CGColor`s (`UIColor`s are accepted and stored as their `cgColor`); nil or
    /// empty draws nothing. An array holding anything else is rejected with a diagnostic. Animatable.
    public var colors: [Any]? {
        get { state.object(.colors) as? [Any] }
        set {
            guard let newValue else { return setModelValue(.object(nil), of: .colors) }
            guard let colors = ContentsValues.colors(newValue) else {
                Diagnostics.report("CALayer \(debugName): rejected colors \(newValue) (every element must be a finite CGColor or UIColor); keeping \(state.value(of: .colors).diagnosticDescription)")
                return
            }
            setModelValue(.object(colors), of: .colors)
        }
    }

    /// Where each colour sits along the gradient, 0…1, one per colour and non-decreasing (default nil:
    /// evenly spaced). Non-finite numbers are rejected with a diagnostic; a count that differs from
    /// `colors` draws evenly spaced colours (reported when drawing). Animatable.
    public var locations: [NSNumber]? {
        get { ContentsValues.numbers(state.object(.locations)).map { $0.map { NSNumber(value: Double($0)) } } }
        set {
            guard let newValue else { return setModelValue(.object(nil), of: .locations) }
            guard let numbers = ContentsValues.numbers(newValue) else {
                Diagnostics.report("CALayer \(debugName): rejected locations \(newValue.map(\.doubleValue)) (must be finite numbers); keeping \(state.value(of: .locations).diagnosticDescription)")
                return
            }
            setModelValue(.object(numbers.map { NSNumber(value: Double($0)) }), of: .locations)
        }
    }

    /// Where the gradient starts, in unit coordinates of the bounds (default (0.5, 0)). Animatable.
    public var startPoint: CGPoint {
        get { state.point(.startPoint) }
        set { setModelValue(.point(newValue), of: .startPoint) }
    }

    /// Where the gradient ends, in unit coordinates of the bounds (default (0.5, 1)). Animatable.
    public var endPoint: CGPoint {
        get { state.point(.endPoint) }
        set { setModelValue(.point(newValue), of: .endPoint) }
    }

    /// The gradient's shape (default `.axial`).
    public var type: CAGradientLayerType = .axial { didSet { setNeedsDisplay() } }

    override package func drawIntrinsicContents(in ctx: CGContext) { drawGradient(in: ctx) }

    /// The gradient layer's properties by key (key-value coding) beyond its animatable ones, with every layer's.
    override package class var keyedProperties: KeyedProperties<CALayer> { CAGradientLayer.gradientKeyedProperties }
    private static let gradientKeyedProperties = CALayer.layerKeyedProperties.adding(KeyedProperties<CAGradientLayer>([
        (["type"], .constant(\.type)),
    ]))

    open override class func needsDisplay(forKey key: String) -> Bool {
        switch key {
        case "colors", "locations", "startPoint", "endPoint", "contentsScale": return true
        default: return super.needsDisplay(forKey: key)
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        key == "type" ? CAGradientLayerType.axial : super.defaultValue(forKey: key)
    }
}

extension CAGradientLayer {
    /// Fills the bounds: axial along start → end, radial as an ellipse centred on the start point
    /// reaching the end point's x and y, conic around the start point beginning towards the end
    /// point (angles increase towards +y: clockwise on screen). The end colours extend beyond the ends.
    /// Colours blend straight in sRGB, or as the iOS simulator's Core Animation blends them when
    /// ``blendsColorsInGenericRGB`` (``blendedStops(_:_:)``).
    func drawGradient(in ctx: CGContext) {
        let b = state.bounds.standardized
        guard b.width > 0, b.height > 0, let colors = ContentsValues.colors(state.object(.colors)), !colors.isEmpty else { return }
        var locations = ContentsValues.numbers(state.object(.locations))
        if let given = locations, given.count != colors.count {
            // Reported for the model only: a presentation copy redraws every frame of an animation.
            if !isPresentationCopy { Diagnostics.report("CALayer \(debugName): \(given.count) locations for \(colors.count) colors; spacing the colours evenly") }
            locations = nil
        }
        guard var gradient = CGGradient(colorsSpace: nil, colors: colors, locations: locations) else { return }
        if blendsColorsInGenericRGB {
            let blended = Self.blendedStops(gradient.colors, gradient.locations)
            gradient = CGGradient(colorsSpace: nil, colors: blended.colors, locations: blended.locations) ?? gradient
        }
        func place(_ unit: CGPoint) -> CGPoint { CGPoint(x: b.minX + unit.x * b.width, y: b.minY + unit.y * b.height) }
        let start = place(state.point(.startPoint)), end = place(state.point(.endPoint))
        let both: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        ctx.clip(to: b)
        switch type {
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0, ry > 0 else { return fill(b, with: gradient.colors.last!, in: ctx) }
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: rx, y: ry)
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1, options: both)
        case .conic:
            let angle = start == end ? 0 : atan2(end.y - start.y, end.x - start.x)
            ctx.drawConicGradient(gradient, center: start, startAngle: angle)
        default:
            guard start != end else { return fill(b, with: gradient.colors.last!, in: ctx) }
            ctx.drawLinearGradient(gradient, start: start, end: end, options: both)
        }
    }

    private func fill(_ rect: CGRect, with color: CGColor, in ctx: CGContext) {
        ctx.setFillColor(color)
        ctx.fill(rect)
    }
}
