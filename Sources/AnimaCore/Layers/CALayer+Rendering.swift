import Foundation
import AnimaGraphics

/// How a layer's contents image is sampled when it is drawn at another size than its pixels (Core Animation's
/// `CALayerContentsFilter`).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear: each pixel mixes the four texels around it (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest texel: pixel art stays sharp.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear between mipmap levels on Apple's GPUs; sampled as ``linear`` here (no mipmaps are kept).
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The pixel format a layer asks for its drawn contents (Core Animation's `CALayerContentsFormat`).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Four 8-bit channels, premultiplied (the default; what every layer here draws into).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Four half-float channels, for extended-range colour.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit grey channel with alpha.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// How a layer draws, beyond its geometry and colours: group opacity, rasterization, sampling of its contents, and
/// the hints Core Animation takes.
extension CALayer {
    /// Whether a layer whose `opacity` is below 1 is composited with its sublayers as one group (true, the
    /// default on iOS) or lends its opacity to each sublayer, which is then blended on its own — where two opaque
    /// sublayers overlap, the one below shows through. Not animatable.
    /// ```swift
    /// card.opacity = 0.5
    /// card.allowsGroupOpacity = false   // each sublayer at half opacity, overlaps show through
    /// ```
    public var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { setAppearance(\.allowsGroupOpacity, newValue) }
    }

    /// Whether the layer and its sublayers are drawn into one bitmap, at ``rasterizationScale`` pixels per point of
    /// the layer's own coordinates, which is then composited (default false). The bitmap takes the layer's opacity
    /// as a group, whatever ``allowsGroupOpacity`` says; where it has fewer pixels than the display shows (a scale
    /// below the display's, or a transform that scales the layer up) it is drawn coarser and scaled up, as on
    /// Apple's displays. A change takes effect at once (no implicit animation).
    /// ```swift
    /// badge.shouldRasterize = true
    /// badge.rasterizationScale = UIScreen.main.scale
    /// ```
    public var shouldRasterize: Bool {
        get { state.shouldRasterize }
        set { setAppearance(\.shouldRasterize, newValue) }
    }

    /// How `contents` are sampled where they are drawn larger than their pixels (default ``CALayerContentsFilter/linear``;
    /// ``CALayerContentsFilter/nearest`` keeps pixel art sharp). Not animatable.
    /// ```swift
    /// sprite.contents = tinyImage
    /// sprite.magnificationFilter = .nearest
    /// ```
    public var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { setAppearance(\.magnificationFilter, Self.knownFilter(newValue, key: "magnificationFilter", layer: self)) }
    }

    /// How `contents` are sampled where they are drawn smaller than their pixels (default
    /// ``CALayerContentsFilter/linear``). Not animatable.
    public var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { setAppearance(\.minificationFilter, Self.knownFilter(newValue, key: "minificationFilter", layer: self)) }
    }

    /// The mipmap level bias of ``CALayerContentsFilter/trilinear`` minification (default 0). Kept; no mipmaps are
    /// kept here, so it changes nothing drawn.
    public var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set { setAppearance(\.minificationFilterBias, newValue.isFinite ? newValue : 0) }
    }

    /// Whether the layer's drawing fills its bounds with opaque pixels (default false). For a layer that draws
    /// (`draw(in:)`, a delegate's `draw(_:in:)`), true makes its backing store opaque: it starts black, so what the
    /// drawing leaves unpainted shows black, as on Apple's platforms. A `contents` image keeps its alpha.
    public var isOpaque: Bool {
        get { state.isOpaque }
        set { setDrawingAppearance(\.isOpaque, newValue) }
    }

    /// Whether drawing commands are queued and run on a background thread (default false). A hint: drawing here
    /// always runs on the main actor before the frame that shows it, so the result is the same either way.
    public var drawsAsynchronously: Bool {
        get { state.drawsAsynchronously }
        set { setAppearance(\.drawsAsynchronously, newValue) }
    }

    /// Whether the edges of a transformed layer are antialiased (default false). A hint: both renderers draw the
    /// edges of rotated layers as they always do (Cairo antialiases them; OpenGL draws them aliased, as Apple's
    /// default is).
    public var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { setAppearance(\.allowsEdgeAntialiasing, newValue) }
    }

    /// Which edges of the layer are antialiased (default all four). A hint, like ``allowsEdgeAntialiasing``:
    /// abutting layers that clear an edge (to hide the seam between them) are drawn as any other.
    /// ```swift
    /// tile.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge]
    /// ```
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { state.edgeAntialiasingMask }
        set { setAppearance(\.edgeAntialiasingMask, newValue) }
    }

    /// The filter names ``filters`` applies: `luminanceToAlpha`, the one Core Animation filter a mask needs that
    /// blending cannot give (SwiftUI's `luminanceToAlpha()`).
    public static let supportedFilters: [String] = ["luminanceToAlpha"]

    /// Filters for the layer and its sublayers (default nil), given as filter names as ``compositingFilter`` is.
    ///
    /// `"luminanceToAlpha"` renders the layer with its sublayers as a group and turns the group into a mask of its
    /// luminance: each pixel becomes black with alpha `0.2125 r + 0.7154 g + 0.0721 b` of its premultiplied colour
    /// (SVG's `luminanceToAlpha` weights), so a white area is opaque, black or transparent areas are clear and a grey
    /// one is partly covered — a luma track matte, as a layer's ``mask``:
    /// ```swift
    /// let matte = CALayer()
    /// matte.filters = ["luminanceToAlpha"]
    /// masked.mask = matte
    /// ```
    /// Other entries (Core Image filters, which do not exist here; on iOS the property is documented as unsupported)
    /// are kept and not applied, reported naming the layer. Not animatable; reads no clock.
    public var filters: [Any]? {
        get { customValues["filters"] as? [Any] }
        set {
            let unapplied = newValue?.filter { entry in (entry as? String).map { !Self.supportedFilters.contains($0) } ?? true } ?? []
            reportUnappliedFilters(unapplied, key: "filters")
            customValues["filters"] = newValue
            setAppearance(\.luminanceToAlpha, newValue?.contains { $0 as? String == "luminanceToAlpha" } ?? false)
        }
    }

    /// Core Image filters for the content behind the layer (default nil). Kept and not applied, reported.
    public var backgroundFilters: [Any]? {
        get { customValues["backgroundFilters"] as? [Any] }
        set {
            reportUnappliedFilters(newValue ?? [], key: "backgroundFilters")
            customValues["backgroundFilters"] = newValue
        }
    }

    private func reportUnappliedFilters(_ list: [Any], key: String) {
        guard !list.isEmpty else { return }
        Diagnostics.report("CALayer \(debugName): \(key) (\(list.count) filter\(list.count == 1 ? "" : "s")) kept but not applied: Core Image filters are not supported, as on iOS")
    }

    /// The pixel format of the backing store `display()` draws (default ``CALayerContentsFormat/RGBA8Uint``). Kept as
    /// a hint, with key-value coding by `"contentsFormat"`: backing stores here are always 8-bit premultiplied RGBA, so
    /// `.RGBA16Float` draws no wider colours and `.gray8Uint` keeps colour. Another value is reported and not kept.
    /// Not animatable.
    /// ```swift
    /// meter.contentsFormat = .gray8Uint
    /// ```
    public var contentsFormat: CALayerContentsFormat {
        get { state.contentsFormat }
        set {
            guard [CALayerContentsFormat.RGBA8Uint, .RGBA16Float, .gray8Uint].contains(newValue) else {
                Diagnostics.report("CALayer \(debugName): contentsFormat '\(newValue.rawValue)' is not RGBA8, RGBAh or Gray8; kept '\(state.contentsFormat.rawValue)'")
                return
            }
            setAppearance(\.contentsFormat, newValue)
        }
    }

    /// Sets an appearance property that is not animated (no action runs), marking the layer changed when the value
    /// differs.
    private func setAppearance<T: Equatable>(_ key: WritableKeyPath<LayerAppearance, T>, _ value: T) {
        guard state[dynamicMember: key] != value else { return }
        state[dynamicMember: key] = value
        noteChange()
    }

    /// Sets an appearance property the layer's own drawing depends on (no action runs): a drawn store is drawn
    /// again, and the layer is marked changed, when the value differs.
    func setDrawingAppearance<T: Equatable>(_ key: WritableKeyPath<LayerAppearance, T>, _ value: T) {
        guard state[dynamicMember: key] != value else { return }
        state[dynamicMember: key] = value
        if hasDrawnStore { setNeedsDisplay() }
        noteChange()
    }

    /// `filter` when it is one of Core Animation's three, else ``CALayerContentsFilter/linear`` with a diagnostic.
    private static func knownFilter(_ filter: CALayerContentsFilter, key: String, layer: CALayer) -> CALayerContentsFilter {
        guard ![CALayerContentsFilter.linear, .nearest, .trilinear].contains(filter) else { return filter }
        Diagnostics.report("CALayer \(layer.debugName): \(key) '\(filter.rawValue)' is not linear, nearest or trilinear; sampled linear")
        return .linear
    }
}

extension RenderNode {
    /// Whether the layer composites with its sublayers as one group when its opacity is below 1.
    public var allowsGroupOpacity: Bool { appearance.storage.allowsGroupOpacity }
    /// Whether the layer and its sublayers are flattened into one bitmap.
    public var shouldRasterize: Bool { appearance.storage.shouldRasterize }
    /// Pixels per point of that bitmap.
    public var rasterizationScale: CGFloat { appearance.storage.rasterizationScale }
    /// How the contents are sampled drawn larger than their pixels.
    public var magnificationFilter: CALayerContentsFilter { appearance.storage.magnificationFilter }
    /// How the contents are sampled drawn smaller than their pixels.
    public var minificationFilter: CALayerContentsFilter { appearance.storage.minificationFilter }
}
