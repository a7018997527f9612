import Foundation
import AnimaCore
import AnimaGraphics
import AnimaDynamics

/// A rectangle on screen backed by a `CALayer` (UIKit's `UIView`): geometry, appearance, a hierarchy of
/// subviews, layout, drawing and touch handling.
///
/// The view is its layer's delegate. Outside an animation block it answers every action search with
/// `NSNull`, so changing a view property never animates implicitly; inside `UIView.animate(…)` or a
/// property animator it answers with the block's animation.
/// ```swift
/// let box = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
/// box.backgroundColor = .systemBlue
/// window.addSubview(box)
/// UIView.animate(withDuration: 0.5) { box.center.x += 100 }
/// ```
@preconcurrency @MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the layer made for each new view (override to use a `CAShapeLayer`, for example).
    ///
    /// ```swift
    /// final class ShapeView: UIView {
    ///     override class var layerClass: AnyClass { CAShapeLayer.self }
    /// }
    /// ```
    open class var layerClass: AnyClass { CALayer.self }

    private var _layer: CALayer!
    package var _subviews: [UIView] = []
    package weak var _superview: UIView?
    private var _backgroundColor: UIColor?
    package var _tintColor: UIColor?
    /// Set by the base ``draw(_:)``: a view whose `draw(_:)` is not overridden needs no backing store.
    package var didRunDefaultDraw = false
    package var needsConstraintUpdate = false
    /// Block animations (without `.allowUserInteraction`) running on this view; while any run the view
    /// ignores touches.
    package var interactionBlockingAnimations = 0
    /// Property animators animating this view that hit-test against the presentation.
    package var presentationHitTestingAnimators = 0
    package var hasReportedConstraintIssue = false
    /// The gesture recognizers attached with `addGestureRecognizer(_:)`, in the order added.
    package var _gestureRecognizers: [UIGestureRecognizer] = []
    /// The view controller whose root view this is (it is the view's next responder).
    package weak var _viewController: UIViewController?

    /// The layer that draws the view (made from ``layerClass``; the view is its delegate).
    public var layer: CALayer { _layer }

    /// A number identifying the view among its siblings (see ``viewWithTag(_:)``).
    open var tag: Int = 0

    /// Whether touches reach the view and its subviews (true by default).
    open var isUserInteractionEnabled = true

    /// Whether the view fills its bounds with opaque content (a drawing hint).
    open var isOpaque = true

    /// A view whose alpha masks this view's content: its layer becomes this view's layer's `mask`. It is not a
    /// subview; its frame is in this view's coordinates.
    /// ```swift
    /// let circle = UIView(frame: photo.bounds)
    /// circle.backgroundColor = .black
    /// circle.layer.cornerRadius = photo.bounds.width / 2
    /// photo.mask = circle
    /// ```
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    /// Constraints held by this view (it is their items' nearest common ancestor).
    public package(set) var constraints: [NSLayoutConstraint] = []
    /// Constraints whose first or second item is this view.
    package var involvingConstraints: [NSLayoutConstraint] = []
    /// The guides added with `addLayoutGuide(_:)`, in order.
    package var _layoutGuides: [UILayoutGuide] = []
    /// The safe-area, margins and readable-content guides, each made on first use.
    package var _ownGuides: [UILayoutGuide] = []
    /// The margins as set (``layoutMargins`` adds what is inherited from the superview).
    package var explicitLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    package var _preservesSuperviewLayoutMargins = false

    /// The default spacing from the bounds' edges for laying out content (``layoutMarginsGuide``): 8 points on each
    /// edge (UIKit's default for views other than a controller's root view); a stack view uses it with
    /// ``UIStackView/isLayoutMarginsRelativeArrangement``. Reading it gives the margins in effect (grown by the
    /// superview's with ``preservesSuperviewLayoutMargins``). A change calls ``layoutMarginsDidChange()`` and lays
    /// the view out again; non-finite insets are reported and the margins kept.
    open var layoutMargins: UIEdgeInsets {
        get { effectiveLayoutMargins }
        set { setExplicitLayoutMargins(newValue, property: "layoutMargins") }
    }

    /// The layout margins by leading and trailing edge, kept in step with ``layoutMargins`` (leading is left:
    /// layouts here are left to right).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(leftToRight: layoutMargins) }
        set { setExplicitLayoutMargins(newValue.leftToRightInsets, property: "directionalLayoutMargins") }
    }

    /// Whether the view's margins also respect its superview's (false by default): where the superview's margin
    /// reaches inside this view's edge further than this view's own margin, the margin grows to it.
    open var preservesSuperviewLayoutMargins: Bool {
        get { _preservesSuperviewLayoutMargins }
        set { changingLayoutMargins { _preservesSuperviewLayoutMargins = newValue } }
    }

    /// Whether the margins are measured from the safe area rather than the bounds (true by default). Kept, with no
    /// effect: the safe area is the whole of the bounds here.
    open var insetsLayoutMarginsFromSafeArea = true

    /// Called when the margins in effect changed (set here, or inherited from the superview); override it to lay
    /// out or draw again.
    open func layoutMarginsDidChange() {}

    /// Content hugging and compression resistance priorities, horizontal then vertical.
    package var huggingPriorities = (UILayoutPriority.defaultLow, UILayoutPriority.defaultLow)
    package var compressionResistancePriorities = (UILayoutPriority.defaultHigh, UILayoutPriority.defaultHigh)

    /// Whether the view's frame is set directly (true) or solved from constraints (false).
    ///
    /// Views made in code start with true, as in UIKit; set it to false before activating constraints
    /// that position the view.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { superview?.setNeedsLayout() } }
    }

    /// How the view follows a change of its superview's size (default none): which of its margins and sizes stretch.
    /// See ``AutoresizingMask``.
    open var autoresizingMask: AutoresizingMask = []

    /// Whether the subviews follow a change of this view's size by their ``autoresizingMask`` (default true).
    open var autoresizesSubviews = true

    // MARK: Life cycle

    /// A view with the given frame (in its future superview's coordinates).
    public init(frame: CGRect) {
        super.init()
        _layer = UIView.makeLayer(for: type(of: self))
        _layer.delegate = self
        self.frame = frame
    }

    /// A view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Views are not archived here: this makes an empty view with a zero frame, so subclasses written
    /// for UIKit (which must provide `init?(coder:)`) compile unchanged.
    public required init?(coder: NSCoder) {
        super.init()
        _layer = UIView.makeLayer(for: type(of: self))
        _layer.delegate = self
    }

    private static func makeLayer(for viewClass: UIView.Type) -> CALayer {
        let requested: AnyClass = viewClass.layerClass
        guard let layerType = requested as? CALayer.Type else {
            Diagnostics.report("UIView \(viewClass): rejected layerClass \(requested) (not a CALayer subclass); using CALayer")
            return CALayer()
        }
        if layerType == CALayer.self { return CALayer() }
        // `init()` is not a required initializer; `init(layer:)` is. Handing it something that is not a
        // layer makes a layer with the class's defaults, which is then registered like any new layer.
        let layer = layerType.init(layer: NSNull())
        CALayer.registerMade(layer)
        return layer
    }

    /// The view's class, tag and layer identity, for diagnostics.
    package var diagnosticName: String {
        "\(type(of: self))" + (tag != 0 ? " tag \(tag)" : "") + " #\(layer.layerID)"
    }

    package func reject(_ property: String, _ value: String) {
        Diagnostics.report("UIView \(diagnosticName): rejected \(property) = \(value) (not finite); kept the previous value")
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates (derived from ``center``, ``bounds`` and ``transform``).
    ///
    /// Setting it sets `center` and `bounds.size`; with a non-identity transform the result is undefined in
    /// UIKit and here follows `CALayer.frame`.
    open var frame: CGRect {
        get { layer.frame }
        set {
            guard newValue.isFiniteRect else { return reject("frame", "\(newValue)") }
            let oldSize = layer.bounds.size
            layer.frame = newValue
            resizeSubviews(withOldSize: oldSize)
        }
    }

    /// The view's own coordinate space: the origin shifts the content, the size is the view's size.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            guard newValue.isFiniteRect else { return reject("bounds", "\(newValue)") }
            let oldSize = layer.bounds.size
            layer.bounds = newValue
            resizeSubviews(withOldSize: oldSize)
        }
    }

    /// The centre of the view in its superview's coordinates (the layer's `position`).
    open var center: CGPoint {
        get { layer.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return reject("center", "\(newValue)") }
            layer.position = newValue
        }
    }

    /// The view's 2D transform about its centre (the layer's transform when it is affine).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set {
            guard [newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite) else {
                return reject("transform", "\(newValue)")
            }
            layer.setAffineTransform(newValue)
        }
    }

    /// The layer's full 3D transform.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set {
            guard newValue.isFinite else { return reject("transform3D", "\(newValue)") }
            layer.transform = newValue
        }
    }

    /// The scale of the view's backing store in pixels per point (the layer's `contentsScale`).
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return reject("contentScaleFactor", "\(newValue)") }
            layer.contentsScale = newValue
        }
    }

    // MARK: Appearance

    /// The view's opacity, 0…1 (the layer's `opacity`).
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            guard newValue.isFinite else { return reject("alpha", "\(newValue)") }
            layer.opacity = Float(newValue)
        }
    }

    /// The colour filling the bounds behind the view's content (nil: none).
    open var backgroundColor: UIColor? {
        get { _backgroundColor }
        set {
            _backgroundColor = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }

    /// Whether the view and its subviews are not shown (hidden views also ignore touches).
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let old = layer.isHidden
            layer.isHidden = newValue
            if old != layer.isHidden, let stack = superview as? UIStackView {
                stack.arrangedSubview(self, didChangeHiddenTo: layer.isHidden)
            }
        }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// The tint colour: set here, or inherited from the superview, or the system blue.
    open var tintColor: UIColor! {
        get { _tintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            _tintColor = newValue
            propagateTintChange()
        }
    }

    /// Called when the tint colour this view shows changes.
    open func tintColorDidChange() {}

    private func propagateTintChange() {
        tintColorDidChange()
        for sub in _subviews where sub._tintColor == nil { sub.propagateTintChange() }
    }

    /// How the view's contents are placed when its bounds change.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// How contents are placed in the bounds; `.redraw` redraws on every bounds change.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            let gravity: CALayerContentsGravity
            switch contentMode {
            case .scaleToFill, .redraw: gravity = .resize
            case .scaleAspectFit: gravity = .resizeAspect
            case .scaleAspectFill: gravity = .resizeAspectFill
            case .center: gravity = .center
            case .top: gravity = .top
            case .bottom: gravity = .bottom
            case .left: gravity = .left
            case .right: gravity = .right
            case .topLeft: gravity = .topLeft
            case .topRight: gravity = .topRight
            case .bottomLeft: gravity = .bottomLeft
            case .bottomRight: gravity = .bottomRight
            }
            layer.contentsGravity = gravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    // MARK: Responder chain

    /// The view controller whose root view this is, else the superview (nil for a window or a view outside
    /// any hierarchy).
    open override var next: UIResponder? { _viewController ?? _superview }

    // MARK: Hit testing (override points)

    /// The deepest descendant (or the view itself) that contains `point`, given in this view's coordinates.
    ///
    /// Hidden views, views with `isUserInteractionEnabled == false`, views with alpha below 0.01 and views
    /// being animated by a block without `.allowUserInteraction` are skipped with their subviews. A point
    /// outside the bounds misses the subviews too, as in UIKit.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { defaultHitTest(point, with: event) }

    /// Whether `point` (in this view's coordinates) is inside the view; the default tests the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    // MARK: Gestures (override point)

    /// Whether `gestureRecognizer` may begin recognizing (the default: true).
    ///
    /// Asked of the recognizer's view and of the view each of its touches went down in, when the recognizer
    /// has seen enough to leave `.possible`; returning false makes it fail. Controls use it to keep their own
    /// gestures: a button, switch or segmented control refuses single taps recognized by other views, and a
    /// slider refuses other views' pans while its thumb is dragged.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Layout (override points)

    /// Positions the subviews. The default applies active constraints to subviews that do not translate
    /// autoresizing masks; overrides usually call `super.layoutSubviews()` first.
    open func layoutSubviews() { applyConstraintsToSubviews() }

    /// The size that best fits `size`; the default is the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The natural size of the content (``UIView/noIntrinsicMetric`` on an axis without one).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    /// Called before layout when ``setNeedsUpdateConstraints()`` was called; update constraint constants here.
    open func updateConstraints() {}

    /// The view whose first baseline is this view's (``firstBaselineAnchor``): itself by default; a button's, its
    /// title label. Override to return a subview (a label inside a view of your own).
    open var forFirstBaselineLayout: UIView { self }
    /// The view whose last baseline is this view's (``lastBaselineAnchor``): itself by default.
    open var forLastBaselineLayout: UIView { self }

    // MARK: Drawing (override point)

    /// Draws the view's content into `UIGraphicsGetCurrentContext()`, in the view's coordinates.
    ///
    /// Override it to draw; call ``setNeedsDisplay()`` when the drawing changes. `rect` is the part that
    /// needs redrawing (the whole bounds the first time). The default draws nothing.
    /// ```swift
    /// override func draw(_ rect: CGRect) {
    ///     UIColor.orange.setFill()
    ///     UIBezierPath(ovalIn: bounds).fill()
    /// }
    /// ```
    open func draw(_ rect: CGRect) { didRunDefaultDraw = true }

    // MARK: Hierarchy notifications (override points)

    /// Called before the view moves to `newSuperview` (nil: it is being removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview (or was removed).
    open func didMoveToSuperview() {}
    /// Called before the view (or an ancestor) moves to `newWindow`.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view (or an ancestor) moved to a new window.
    open func didMoveToWindow() {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: CALayerDelegate

    /// The layer's action for `event`: the running animation block's action, or `NSNull` (no animation).
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard layer === _layer else { return nil }
        return UIViewAnimationContext.action(for: self, layer: layer, key: event)
    }

    /// Lays out the subviews when the layer lays out its sublayers (between the view controller's
    /// `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` when this is a controller's root view).
    open func layoutSublayers(of layer: CALayer) {
        guard layer === _layer else { return }
        if needsConstraintUpdate {
            needsConstraintUpdate = false
            updateConstraints()
        }
        let controller = _viewController
        controller?.viewWillLayoutSubviews()
        layoutSubviews()
        controller?.viewDidLayoutSubviews()
    }

    /// Draws the view's contents through ``draw(_:)`` into the layer's backing store.
    open func display(_ layer: CALayer) {
        guard layer === _layer else { return layer.displayUsingBackingStore() }
        displayThroughBackingStore()
    }

    /// Draws the layer's contents: calls ``draw(_:)`` with the rectangle to redraw (the context is already
    /// current, so `UIGraphicsGetCurrentContext()` returns it).
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === _layer else { return }
        draw(rectToDraw)
    }

    /// Nothing to prepare before drawing.
    open func layerWillDraw(_ layer: CALayer) {}
}

extension CGRect {
    var isFiniteRect: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
}
