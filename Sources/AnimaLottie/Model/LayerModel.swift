import Foundation
import AnimaGraphics

/// A layer's transform as the file gives it (After Effects' order: anchor, scale, rotation, position).
package struct TransformModel {
    package var anchor: Animated<[Double]>
    /// The position, or nil when it is given as separate x and y (`positionX`, `positionY`).
    package var position: Animated<[Double]>?
    package var positionX: Animated<[Double]>?
    package var positionY: Animated<[Double]>?
    /// Percent per axis.
    package var scale: Animated<[Double]>
    /// Degrees, clockwise (z).
    package var rotation: Animated<[Double]>
    package var rotationX: Animated<[Double]>?
    package var rotationY: Animated<[Double]>?
    /// Percent, 0…100.
    package var opacity: Animated<[Double]>
    /// Degrees of shear (After Effects' skew), or nil when there is none.
    package var skew: Animated<[Double]>?
    /// Degrees: the direction along which `skew` shears (0 shears along x).
    package var skewAxis: Animated<[Double]> = Animated([0])
    /// Whether the layer turns to follow its position's path (After Effects' auto-orient, the layer's `ao`).
    package var autoOrients = false

    /// The identity transform at full opacity.
    package static var identity: TransformModel { TransformModel(anchor: Animated([0, 0]), position: Animated([0, 0]),
                                                 scale: Animated([100, 100]), rotation: Animated([0]),
                                                 opacity: Animated([100])) }

    package init(anchor: Animated<[Double]>, position: Animated<[Double]>?, positionX: Animated<[Double]>? = nil,
                 positionY: Animated<[Double]>? = nil, scale: Animated<[Double]>, rotation: Animated<[Double]>,
                 rotationX: Animated<[Double]>? = nil, rotationY: Animated<[Double]>? = nil,
                 opacity: Animated<[Double]>, skew: Animated<[Double]>? = nil) {
        self.anchor = anchor; self.position = position; self.positionX = positionX; self.positionY = positionY
        self.scale = scale; self.rotation = rotation; self.rotationX = rotationX; self.rotationY = rotationY
        self.opacity = opacity; self.skew = skew
    }

    /// Reads a `ks` (layer) or `tr` (shape group) object.
    static func parse(_ node: JSONNode?) throws -> TransformModel {
        guard let node else { return .identity }
        var t = TransformModel.identity
        t.anchor = try .numbers(node["a"], default: [0, 0])
        if let p = node["p"] {
            if try p.flag("s") {
                t.position = nil
                t.positionX = try .numbers(p["x"], default: [0])
                t.positionY = try .numbers(p["y"], default: [0])
            } else {
                t.position = try .numbers(p, default: [0, 0])
            }
        }
        t.scale = try .numbers(node["s"], default: [100, 100])
        t.rotation = try .numbers(node["r"] ?? node["rz"], default: [0])
        t.rotationX = try node["rx"].map { try .numbers($0, default: [0]) }
        t.rotationY = try node["ry"].map { try .numbers($0, default: [0]) }
        t.opacity = try .numbers(node["o"], default: [100])
        if let sk = node["sk"] {
            let skew = try Animated<[Double]>.numbers(sk, default: [0])
            if skew.isAnimated || skew.initialValue.first != 0 {
                t.skew = skew
                t.skewAxis = try .numbers(node["sa"], default: [0])
            }
        }
        return t
    }
}

/// What a layer draws.
package enum LayerContent {
    case precomp(referenceID: String, width: Double, height: Double, timeRemap: Animated<[Double]>?)
    case solid(color: CGColor, width: Double, height: Double)
    case image(referenceID: String)
    case null
    case shapes([ShapeItem])
    case text(TextLayerModel)
    case unsupported(type: Int)
}

/// A mask of a layer (`masksProperties`).
package struct MaskModel {
    package enum Mode: String { case add = "a", subtract = "s", intersect = "i", none = "n", lighten = "l", darken = "d", difference = "f" }
    package var mode: Mode
    package var path: Animated<BezierShape>
    package var opacity: Animated<[Double]>
    package var isInverted: Bool
    /// How far the outline is grown (positive) or shrunk (negative), in the layer's units (`x`).
    package var expansion: Animated<[Double]>

    /// Whether the outline is ever grown or shrunk.
    package var hasExpansion: Bool { expansion.keyframes.contains { ($0.value.first ?? 0) != 0 } }
}

/// One layer of a composition.
package struct LayerModel {
    package var name: String
    package var index: Int?
    package var parent: Int?
    package var content: LayerContent
    package var transform: TransformModel
    package var inFrame: Double
    package var outFrame: Double
    package var startTime: Double
    package var timeStretch: Double
    /// The track matte this layer uses (1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted).
    package var matteMode: Int?
    /// Whether this layer is a track matte (`td`), drawn only as the mask of the layers it mattes.
    package var isMatte: Bool
    /// The index (`ind`) of the layer this one is matted by (`tp`); without it, the layer above.
    package var matteParent: Int? = nil
    package var masks: [MaskModel]
    package var isHidden: Bool
    /// Names of features this layer uses that the player leaves out (effects, auto-orient…).
    package var unsupportedFeatures: [String]
    /// A Drop Shadow effect, if the layer has one.
    package var dropShadow: DropShadowModel? = nil
    /// After Effects' blend mode of the layer (`bm`; 0 normal): see ``LayerBlendMode``.
    package var blendMode: Int = 0
    /// The file's names of a shape layer's items, for keypaths (set after parsing; see `ShapeItemNames.swift`).
    package var shapeNames: [ShapeItemName] = []
}
