import Foundation
import AnimaGraphics

/// One kind of particle a `CAEmitterLayer` emits (Core Animation's `CAEmitterCell`): how many a second, for how
/// long, how fast and in which directions, how each one's size, turn and colour change over its life, and the image
/// it shows. Each `…Range` property spreads the particles' values evenly over value ± range.
///
/// ```swift
/// let spark = CAEmitterCell()
/// spark.contents = dot                      // a CGImage
/// spark.birthRate = 40                      // particles a second (× the layer's birthRate)
/// spark.lifetime = 2                        // seconds (× the layer's lifetime)
/// spark.velocity = 120; spark.velocityRange = 40
/// spark.emissionRange = .pi / 3             // directions across a 60° cone about emissionLongitude
/// spark.yAcceleration = 200                 // points per second², like gravity
/// spark.alphaSpeed = -0.5                   // fades out over two seconds
/// emitter.emitterCells = [spark]
/// ```
/// A cell's own `emitterCells` are emitted by each of its particles, from where that particle is, over the
/// particle's life (`beginTime` and `duration` measured from the particle's birth): a rocket that bursts into sparks.
///
/// Cells are read by the frames that draw their layer; set a cell's property through the layer by key path
/// (`emitter.setValue(0, forKeyPath: "emitterCells.spark.birthRate")`), as on Apple's platforms, or on the cell.
@preconcurrency @MainActor
open class CAEmitterCell: CAMediaTiming {
    public init() {}

    /// A cell with a default value for every property (Apple's `+emitterCell`).
    public static func emitterCell() -> CAEmitterCell { CAEmitterCell() }

    /// The cell's name, which key paths use (`"emitterCells.<name>.birthRate"`).
    open var name: String?
    /// Whether the cell emits (a disabled cell's particles, and their cells', are not drawn).
    open var isEnabled = true

    // MARK: Emission

    /// Particles a second, multiplied by the layer's `birthRate`.
    open var birthRate: Float = 0
    /// Each particle's life in seconds (± ``lifetimeRange``), multiplied by the layer's `lifetime`.
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    /// The direction particles leave in: the angle in the x-y plane from the x axis (radians; y points down, so
    /// −π/2 is up) and the angle out of that plane, towards z.
    open var emissionLongitude: CGFloat = 0
    open var emissionLatitude: CGFloat = 0
    /// The aperture of the cone of directions about the emission direction: particles leave evenly spread over
    /// longitude ± range / 2 (2π: every direction).
    open var emissionRange: CGFloat = 0
    /// Initial speed in points a second (± ``velocityRange``), multiplied by the layer's `velocity`.
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    /// Constant acceleration in points per second², in the layer's coordinates.
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0

    // MARK: Appearance

    /// Size as a multiple of the image's (± ``scaleRange``, changing by ``scaleSpeed`` a second; never below 0),
    /// multiplied by the layer's `scale`.
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    /// Turning speed in radians a second (± ``spinRange``), multiplied by the layer's `spin`.
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    /// The colour the image is multiplied by (nil: opaque white); each component ± its range, changing by its
    /// speed a second, kept within 0…1. Alpha multiplies the particle's opacity.
    open var color: CGColor?
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    /// The image each particle shows (a `CGImage`), its part (`contentsRect`, unit coordinates) and its pixels
    /// per point.
    open var contents: Any?
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsScale: CGFloat = 1
    /// How the image is sampled when enlarged or reduced (`CALayerContentsFilter` raw values).
    open var magnificationFilter = CALayerContentsFilter.linear.rawValue
    open var minificationFilter = CALayerContentsFilter.linear.rawValue
    open var minificationFilterBias: Float = 0

    /// Cells each particle of this cell emits.
    open var emitterCells: [CAEmitterCell]?
    /// Default values for keys (kept, as a layer's `style`).
    open var style: [AnyHashable: Any]?

    // MARK: Timing, from the emitter's start (for a sub-cell, from its particle's birth)

    /// When the cell starts emitting, in seconds.
    open var beginTime: CFTimeInterval = 0
    /// How long the cell emits, in seconds (0: as long as the emitter, or its particle, lives).
    open var duration: CFTimeInterval = 0
    /// Kept for `CAMediaTiming`; emission follows the layer's time.
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed

    /// What its particles' nodes show (``renderAppearance(additive:contents:)``), kept while it stays the same.
    var cachedAppearance: LayerAppearanceBox?

    /// Values kept by key (key-value coding of keys that are not properties).
    private var customValues: [String: Any] = [:]

    /// The default value of `key` (Apple's class method; nil for every key).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether `key`'s value is archived (always, as Apple's default).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The value of a property by name, or a value kept under `key`.
    open func value(forKey key: String) -> Any? {
        if let property = Self.keyed[key] { return property.get(self) }
        return customValues[key] ?? style?[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets a property by name (a value of the wrong type is reported and the property kept), or keeps `value`.
    open func setValue(_ value: Any?, forKey key: String) {
        guard let property = Self.keyed[key] else { customValues[key] = value; return }
        if !property.set(self, value) {
            Diagnostics.report("CAEmitterCell \(name ?? "unnamed"): rejected \(key) = \(Diagnostics.describe(value)): \(property.rejection); kept \(Diagnostics.describe(self.value(forKey: key)))")
        }
    }

    /// The cell's properties by key.
    private static let keyed = KeyedProperties<CAEmitterCell>(KeyedProperty.mediaTiming + [
        (["name"], .optional(\.name, "a String")),
        (["enabled", "isEnabled"], .value(\.isEnabled, "a Bool")),
        (["birthRate"], .number(\.birthRate)), (["lifetime"], .number(\.lifetime)), (["lifetimeRange"], .number(\.lifetimeRange)),
        (["emissionLongitude"], .number(\.emissionLongitude)), (["emissionLatitude"], .number(\.emissionLatitude)),
        (["emissionRange"], .number(\.emissionRange)),
        (["velocity"], .number(\.velocity)), (["velocityRange"], .number(\.velocityRange)),
        (["xAcceleration"], .number(\.xAcceleration)), (["yAcceleration"], .number(\.yAcceleration)),
        (["zAcceleration"], .number(\.zAcceleration)),
        (["scale"], .number(\.scale)), (["scaleRange"], .number(\.scaleRange)), (["scaleSpeed"], .number(\.scaleSpeed)),
        (["spin"], .number(\.spin)), (["spinRange"], .number(\.spinRange)),
        (["color"], KeyedProperty(get: { $0.color }, set: { cell, value in
            guard value == nil || value is CGColor else { return false }
            cell.color = value.map { $0 as! CGColor }
            return true
        }, rejection: "expected a CGColor or nil")),
        (["redRange"], .number(\.redRange)), (["greenRange"], .number(\.greenRange)), (["blueRange"], .number(\.blueRange)),
        (["alphaRange"], .number(\.alphaRange)),
        (["redSpeed"], .number(\.redSpeed)), (["greenSpeed"], .number(\.greenSpeed)), (["blueSpeed"], .number(\.blueSpeed)),
        (["alphaSpeed"], .number(\.alphaSpeed)),
        (["contents"], .any(\.contents)),
        (["contentsRect"], .value(\.contentsRect, "a CGRect")), (["contentsScale"], .number(\.contentsScale)),
        (["magnificationFilter"], .value(\.magnificationFilter, "a String")),
        (["minificationFilter"], .value(\.minificationFilter, "a String")),
        (["minificationFilterBias"], .number(\.minificationFilterBias)),
        (["emitterCells"], .optional(\.emitterCells, "a [CAEmitterCell]")),
        (["style"], .optional(\.style, "a [AnyHashable: Any]")),
    ])
}
