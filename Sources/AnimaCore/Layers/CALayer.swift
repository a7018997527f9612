import Foundation
import AnimaGraphics

/// A layer: a rectangle in a tree of layers, with geometry, appearance, its own local time, and
/// animations that change what it presents over time (Core Animation's `CALayer`).
///
/// Setting a property changes the model at once; when the layer has been committed before and
/// actions are not disabled, the change also runs the property's action — by default an implicit
/// `CABasicAnimation` from the old presentation value, with the current transaction's duration.
/// ```swift
/// let layer = CALayer()
/// layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
/// layer.position = CGPoint(x: 200, y: 300)
/// layer.frame   // (150, 275, 100, 50)
/// ```
@preconcurrency @MainActor
open class CALayer: CAMediaTiming, CustomStringConvertible {
    /// A process-unique identity, stable for the layer's life (render trees and textures key on it).
    public let layerID: UInt64
    /// The layer's own timing (``beginTime``, ``speed`` and ``timeOffset`` are views of it).
    package final var ownTiming = LayerOwnTiming()
    package final var animationEntries: [AnimationEntry] = []
    package final var _sublayers: [CALayer] = [] { didSet { sublayerListDidChange() } }
    /// How many sublayers have a model `zPosition` other than 0: while none has, drawing order is sublayer
    /// order and evaluation skips the sort (and a pass reading every sublayer). Kept by `_superlayer`
    /// changes and `zPosition` changes.
    package final var zPositionedSublayerCount: Int32 = 0
    /// The layer's name, drawn contents and mask (the public properties are views of them), in the side state:
    /// most layers have none of them.
    package final var storedName: String? {
        get { sideState?.name }
        set { if newValue != nil || sideState != nil { side.name = newValue } }
    }
    package final var storedBackingStore: AnyObject? {
        get { sideState?.backingStore }
        set { if newValue != nil || sideState != nil { side.backingStore = newValue } }
    }
    package final var storedContentsVersion: UInt64 {
        get { sideState?.contentsVersion ?? 0 }
        set { if newValue != 0 || sideState != nil { side.contentsVersion = newValue } }
    }
    package final var storedContentsGravity: CALayerContentsGravity {
        get {
            let known = CALayerContentsGravity.known, code = Int(contentsGravityCode)
            return code < known.count ? known[code] : sideState?.contentsGravity ?? .resize
        }
        set {
            if let code = CALayerContentsGravity.known.firstIndex(of: newValue) {
                contentsGravityCode = UInt8(code)
            } else {
                contentsGravityCode = UInt8(CALayerContentsGravity.known.count)
                side.contentsGravity = newValue
            }
        }
    }
    /// The gravity's index among the named ones (one past them: a custom gravity, kept in the side state).
    private final var contentsGravityCode: UInt8 = 0
    package final var storedMask: CALayer? {
        get { sideState?.mask }
        set { if newValue != nil || sideState != nil { side.mask = newValue } }
    }
    /// State most layers never need (drawn stores, dirty rects, a running action's context), allocated on
    /// first use so a plain layer stays small (≈ 300 bytes less per layer).
    private final var sideState: LayerSideState?

    /// Pixels per point of the layer's own coordinates in the bitmap ``shouldRasterize`` draws (default 1; set it
    /// to the screen's scale). A value that is not a positive finite number is refused with a diagnostic. A change
    /// takes effect at once (no implicit animation). Open, so a subclass can follow it (a Lottie layer draws its
    /// shapes at this scale).
    open var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set {
            guard newValue.isFinite, newValue > 0 else {
                return Diagnostics.report("CALayer \(debugName): rejected rasterizationScale = \(newValue): expected a positive finite number; kept \(state.rasterizationScale)")
            }
            guard newValue != state.rasterizationScale else { return }
            state.rasterizationScale = newValue
            noteChange()
        }
    }

    /// When the layer's time starts, in its superlayer's time.
    public var beginTime: CFTimeInterval {
        get { ownTiming.beginTime }
        set { setTiming(\.beginTime, newValue, "beginTime") }
    }
    /// The rate of the layer's time relative to its superlayer's (0 freezes it).
    public var speed: Float {
        get { ownTiming.speed }
        set {
            guard newValue.isFinite else {
                Diagnostics.report("CALayer \(debugName): rejected speed \(Double(newValue).diagnosticDescription)")
                return
            }
            ownTiming.speed = newValue
            noteChange(.properties)
        }
    }
    /// An offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { ownTiming.timeOffset }
        set { setTiming(\.timeOffset, newValue, "timeOffset") }
    }
    /// A name for the layer, used in diagnostics and debugging dumps.
    public var name: String? {
        get { storedName }
        set { storedName = newValue; noteChange(.node) }
    }
    /// The image `draw(in:)` last produced (a `CGImage`, nil before the first display or for an empty
    /// layer), shown when `contents` is nil.
    public final var backingStore: AnyObject? { storedBackingStore }
    /// Bumped when the contents must be redrawn or re-uploaded.
    public final var contentsVersion: UInt64 { storedContentsVersion }
    /// How `contents` is placed in the bounds (default `.resize`).
    public var contentsGravity: CALayerContentsGravity {
        get { storedContentsGravity }
        set { storedContentsGravity = newValue; noteChange(.node) }
    }
    /// The mask layer: only where it is opaque does this layer show.
    public var mask: CALayer? {
        get { storedMask }
        set {
            if let newValue, newValue.draws(self) {
                Diagnostics.report("CALayer \(debugName): rejected mask \(newValue.debugName): a layer cannot mask itself, an ancestor, or a layer that draws it (through sublayers or masks)")
                return
            }
            if let old = storedMask, let store = old.renderStore, old.renderSlot >= 0 { store.detach(old) }
            storedMask = newValue
            if let newValue, let store = renderStore { store.attach(newValue, asMask: true) }
            noteChange(.properties)
        }
    }
    /// The animatable properties.
    package final var state = LayerState() { didSet { stateRevision &+= 1 } }
    /// Counts changes to ``state``: a store drawn from the model at one revision still shows the model at the same
    /// revision, without comparing the values it was drawn from.
    package final private(set) var stateRevision: UInt64 = 0

    // MARK: Tree and render-side bookkeeping

    package final weak var _superlayer: CALayer? {
        didSet {
            guard oldValue !== _superlayer else { return }
            if state.zPosition != 0 {
                oldValue?.zPositionedSublayerCount -= 1
                _superlayer?.zPositionedSublayerCount += 1
            }
        }
    }
    /// Whether a transaction has committed since the layer was made (implicit actions need that).
    package final var isCommitted = false
    /// The index among the superlayer's sublayers, noted when the superlayer sorts its drawing order.
    package final var siblingIndex: Int32 = 0
    /// The sublayers in drawing order, once sorted, while some have a `zPosition` (see `renderOrderedSublayers`).
    package final var cachedDrawingOrder: SublayerDrawingOrder? {
        get { sideState?.drawingOrder }
        set { if newValue != nil || sideState != nil { side.drawingOrder = newValue } }
    }
    /// The render-side copy of the display whose tree holds the layer (nil: in no display's tree), and the
    /// layer's slot there.
    package final weak var renderStore: RenderStore?
    package final var renderSlot: Int32 = -1
    /// The model layer, when this is a presentation copy.
    package final var modelLayerRef: CALayer? {
        get { sideState?.modelLayer }
        set { if newValue != nil || sideState != nil { side.modelLayer = newValue } }
    }
    package final var isPresentationCopy = false
    package final var needsLayoutFlag = false
    package final var isLayingOut = false
    package final var needsDisplayFlag = false
    /// What changed since the backing store was last drawn (nil: everything).
    package final var dirtyRect: CGRect? {
        get { sideState?.dirtyRect }
        set { if newValue != nil || sideState != nil { side.dirtyRect = newValue } }
    }
    /// The backing store drawn in the display phase from the model, with the rectangle it covers.
    package final var modelStore: BackingStore? {
        get { sideState?.modelStore }
        set { if newValue != nil || sideState != nil { side.modelStore = newValue } }
    }
    /// The backing store drawn from the presentation while an animation changes a key the layer
    /// redraws for (`needsDisplay(forKey:)`); nil while the model's store is shown.
    package final var presentedStore: BackingStore? {
        get { sideState?.presentedStore }
        set { if newValue != nil || sideState != nil { side.presentedStore = newValue } }
    }
    /// The previous presentation value of the property whose action is running (for animations
    /// with neither fromValue, toValue nor byValue).
    package final var actionContext: (key: String, previous: AnimatableValue)? {
        get { sideState?.actionContext }
        set { if newValue != nil || sideState != nil { side.actionContext = newValue } }
    }
    /// Values stored by `setValue(_:forKey:)` under keys the layer has no property for.
    package final var customValues: [String: Any] {
        get { sideState?.customValues ?? [:] }
        set { if !newValue.isEmpty || sideState != nil { side.customValues = newValue } }
    }
    /// Whether the class's layers draw in step with the display unless told otherwise (see
    /// `drawsInStepWithDisplay`): false for a plain layer, whose drawing `contentsScale` sizes; true for
    /// `CAShapeLayer`, whose shape Apple maps "into screen space before being rasterized to preserve resolution
    /// independence". (In the class body: a subclass overrides it.)
    package class var drawsInStepByDefault: Bool { false }
    /// How the layer's drawn contents are rasterized (see `LayerDrawingOptions`): defaults for most layers.
    package final var drawingOptions: LayerDrawingOptions {
        get { sideState?.drawingOptions ?? LayerDrawingOptions() }
        set { if newValue != LayerDrawingOptions() || sideState != nil { side.drawingOptions = newValue } }
    }
    /// Whether the layer has side state; false for most layers.
    package final var hasSideState: Bool { sideState != nil }
    /// Whether the layer holds a store drawn by `draw(in:)` (from the model or the presentation).
    package final var hasDrawnStore: Bool { sideState.map { $0.modelStore != nil || $0.presentedStore != nil } ?? false }
    private final var side: LayerSideState {
        if let sideState { return sideState }
        let made = LayerSideState()
        sideState = made
        return made
    }

    // MARK: Non-animatable properties

    /// The layer's delegate (not retained); a view is its layer's delegate.
    public weak var delegate: CALayerDelegate?
    /// Actions by key, consulted after the delegate.
    public var actions: [String: CAAction]? {
        get { sideState?.actions }
        set { if newValue != nil || sideState != nil { side.actions = newValue } }
    }
    /// Extra values, among them `"actions"`, consulted after `actions`.
    public var style: [AnyHashable: Any]? {
        get { sideState?.style }
        set { if newValue != nil || sideState != nil { side.style = newValue } }
    }
    /// Whether a bounds change calls `setNeedsDisplay()`.
    public var needsDisplayOnBoundsChange = false

    // MARK: Timing (the layer's local time; duration, repeats and fill are ignored for layers)

    /// Ignored for layers (kept for `CAMediaTiming`).
    public var duration: CFTimeInterval {
        get { ignoredTiming?.duration ?? 0 }
        set { ignoredTimingBox.duration = newValue }
    }
    /// Ignored for layers.
    public var repeatCount: Float {
        get { ignoredTiming?.repeatCount ?? 0 }
        set { ignoredTimingBox.repeatCount = newValue }
    }
    /// Ignored for layers.
    public var repeatDuration: CFTimeInterval {
        get { ignoredTiming?.repeatDuration ?? 0 }
        set { ignoredTimingBox.repeatDuration = newValue }
    }
    /// Ignored for layers.
    public var autoreverses: Bool {
        get { ignoredTiming?.autoreverses ?? false }
        set { ignoredTimingBox.autoreverses = newValue }
    }
    /// Ignored for layers.
    public var fillMode: CAMediaTimingFillMode {
        get { ignoredTiming?.fillMode ?? .removed }
        set { ignoredTimingBox.fillMode = newValue }
    }
    /// The `CAMediaTiming` values layers keep but ignore, in the side state once one is set (most layers never do).
    private final var ignoredTiming: IgnoredLayerTiming? { sideState?.ignoredTiming }
    private final var ignoredTimingBox: IgnoredLayerTiming {
        if let ignoredTiming { return ignoredTiming }
        let made = IgnoredLayerTiming()
        side.ignoredTiming = made
        return made
    }

    // MARK: Life cycle

    /// A new layer with Core Animation's defaults.
    public init() {
        layerID = CALayer.nextLayerID()
        FramePipeline.registerNewLayer(self)
    }

    /// A shadow copy of `layer` (used for presentation layers); subclasses copy their own state.
    public required init(layer: Any) {
        layerID = CALayer.nextLayerID()
        if let other = layer as? CALayer {
            state = other.state
            storedName = other.storedName
            storedContentsGravity = other.storedContentsGravity
            ownTiming = other.ownTiming
            isCommitted = other.isCommitted
            needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
            if other.hasSideState {
                customValues = other.customValues
                drawingOptions = other.drawingOptions
            }
        }
    }

    private static var layerCounter: UInt64 = 0
    private static func nextLayerID() -> UInt64 {
        layerCounter &+= 1
        return layerCounter
    }

    /// The name, or the class and identity, for messages.
    public var debugName: String { name.map { "'\($0)'" } ?? "<\(type(of: self)) #\(layerID)>" }

    public nonisolated var description: String { "<\(type(of: self))>" }

    private func setTiming(_ field: WritableKeyPath<LayerOwnTiming, CFTimeInterval>, _ value: CFTimeInterval, _ key: String) {
        guard value.isFinite else {
            Diagnostics.report("CALayer \(debugName): rejected \(key) \(value.diagnosticDescription)")
            return
        }
        ownTiming[keyPath: field] = value
        noteChange(.properties)
    }

    // MARK: Overridable behaviour

    /// The action for `event`: what every change of an animatable property runs (unless the transaction
    /// disables actions), so a subclass that overrides this decides what its properties do.
    ///
    /// The default searches the delegate, `actions`, `style["actions"]`, then `defaultAction(forKey:)`;
    /// `NSNull` anywhere stops the search and gives nil (no action). When the search finds nothing, a layer
    /// that has been committed gets the implicit animation: a `CABasicAnimation` of `event` from the
    /// presented value, with the transaction's duration and timing function (nil for a layer never
    /// committed, as Apple's standalone layers answer outside a render context). Returning nil from an
    /// override means no action.
    /// ```swift
    /// final class StillLayer: CALayer {
    ///     override func action(forKey event: String) -> CAAction? {
    ///         event == "position" ? nil : super.action(forKey: event)   // moves jump, the rest animates
    ///     }
    /// }
    /// ```
    open func action(forKey event: String) -> CAAction? { defaultActionSearch(forKey: event) }

    /// The class's default action for `event` (nil: none).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Whether a change to `key` (including by an animation) should redraw the layer.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The default value of `key` for new layers (nil when the key is unknown).
    open class func defaultValue(forKey key: String) -> Any? {
        guard let path = LayerKeyPath(key) else { return nil }
        return LayerState().value(at: path).publicValue
    }

    /// The properties key-value coding reaches by name on layers of this class (beyond the animatable ones):
    /// ``layerKeyedProperties``, and a subclass's own.
    package class var keyedProperties: KeyedProperties<CALayer> { CALayer.layerKeyedProperties }

    /// The value of `key` (key-value coding): a property's model value (numbers as `CGFloat`, as the
    /// properties hand them out), a value set with ``setValue(_:forKey:)``, or else ``defaultValue(forKey:)``.
    open func value(forKey key: String) -> Any? { keyedValue(forKey: key) }

    /// Sets `key` (key-value coding): through the property's setter for a property (so an animatable one runs
    /// its action), or keeps the value under `key` for any other key, as Core Animation's layers do (nil
    /// removes it). A value of the wrong type for a property is rejected with a diagnostic.
    open func setValue(_ value: Any?, forKey key: String) { setKeyedValue(value, forKey: key) }

    /// Whether `p`, in this layer's coordinates, is inside the bounds (min edges in, max edges out).
    open func contains(_ p: CGPoint) -> Bool { state.bounds.contains(p) }

    /// The farthest descendant (or self) containing `p`, given in the superlayer's coordinates.
    ///
    /// Sublayers are searched top to bottom; hidden and fully transparent layers are skipped, and a
    /// `masksToBounds` layer hides hits outside its bounds (our reading of UNCONFIRMED rules).
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestDefault(p) }

    /// Positions the sublayers; the default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The layer's natural size; the default is the bounds size.
    open func preferredFrameSize() -> CGSize { state.bounds.size }

    /// Draws the layer's contents into `ctx`, the backing store's context: user space is the layer's
    /// own coordinate space (bounds, y down, as on iOS) scaled by `contentsScale`, clipped to the
    /// area being redrawn (`ctx.boundingBoxOfClipPath`). The default asks the delegate's
    /// `draw(_:in:)`. Runs in the display phase of a frame after `setNeedsDisplay()`.
    /// ```swift
    /// final class Dot: CALayer {
    ///     override func draw(in ctx: CGContext) {
    ///         ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    ///         ctx.fillEllipse(in: bounds)
    ///     }
    /// }
    /// ```
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// What a layer class draws by itself before `draw(in:)` (a shape, text, a gradient), from
    /// `state` (the model, or the presentation while animating).
    package func drawIntrinsicContents(in ctx: CGContext) {}

    /// The rectangle, in the layer's coordinates, that the backing store covers: the bounds, or more
    /// for layers whose drawing reaches past them (a shape layer's path).
    package func backingStoreExtent() -> CGRect { state.bounds }

    /// Updates the contents: the delegate's `display(_:)` when there is a delegate (whose default
    /// draws through the backing store), otherwise the backing store and `draw(in:)`.
    open func display() {
        if let delegate { delegate.display(self) } else { displayUsingBackingStore() }
    }

    /// Records that the layer changed: tells the render-side copy of the display whose tree holds it (for the
    /// next commit), opens the implicit transaction, and asks that display for a new frame. A layer in no display's
    /// tree is only a model: its change opens the implicit transaction, which the next frame commits, and no
    /// display evaluates its tree for it.
    package func noteChange(_ change: LayerChange = .properties) {
        guard !isPresentationCopy else { return }
        if let store = renderStore, let pipeline = store.pipeline {
            store.noteChange(renderSlot, change)
            pipeline.noteChange()
        } else {
            FramePipeline.current.openImplicitTransaction()
        }
    }

    /// The pipeline of the display whose tree holds the layer; nil for a layer in no display's tree.
    package final var displayPipeline: FramePipeline? { renderStore?.pipeline }
}

/// How a layer's contents image is placed in its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")

    /// The named gravities, `.resize` first (a layer stores its gravity as an index into this list).
    static let known: [CALayerContentsGravity] = [.resize, .center, .top, .bottom, .left, .right, .topLeft, .topRight,
                                                   .bottomLeft, .bottomRight, .resizeAspect, .resizeAspectFill]
}

/// A layer's own place in time: `t = (parentTime − beginTime) × speed + timeOffset`.
package struct LayerOwnTiming: Sendable {
    package var beginTime: CFTimeInterval = 0
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
}

/// The timing values a layer keeps for `CAMediaTiming` but ignores.
private final class IgnoredLayerTiming {
    var duration: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed
}

/// The rarely used part of a layer's state (see `CALayer.sideState`).
private final class LayerSideState {
    var name: String?
    var backingStore: AnyObject?
    var contentsVersion: UInt64 = 0
    var mask: CALayer?
    var drawingOrder: SublayerDrawingOrder?
    var ignoredTiming: IgnoredLayerTiming?
    var customValues: [String: Any] = [:]
    var actions: [String: CAAction]?
    var style: [AnyHashable: Any]?
    weak var modelLayer: CALayer?
    var contentsGravity: CALayerContentsGravity?
    var dirtyRect: CGRect?
    var modelStore: BackingStore?
    var presentedStore: BackingStore?
    var drawingOptions = LayerDrawingOptions()
    var actionContext: (key: String, previous: AnimatableValue)?
}
