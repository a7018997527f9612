import Foundation
import AnimaGraphics

/// Where on a `CAEmitterLayer` particles are born (Apple's `CAEmitterLayerEmitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// All at `emitterPosition`.
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// Along a horizontal line `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// In the rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// The rectangle, `emitterDepth` deep.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// In the circle `emitterSize.width` across, about `emitterPosition`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// The circle as a ball (drawn in the layer's plane).
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter shape particles are born on (Apple's `CAEmitterLayerEmitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Anywhere on the shape (the default; for a line, anywhere along it).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// On the shape's outline.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// Anywhere inside the shape.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Anywhere inside the shape's volume.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order and blending particles are drawn with (Apple's `CAEmitterLayerRenderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The default; drawn oldest first, as ``oldestFirst``.
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Oldest at the bottom.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Oldest on top.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by z, farthest first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Added onto what is below (source-additive: bright where particles overlap).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A layer that emits particles (Core Animation's `CAEmitterLayer`): each of its ``emitterCells`` is born at its
/// rate somewhere on the emitter's shape, moves, turns, scales and changes colour over its lifetime, and is drawn
/// above the layer's background and contents and below its sublayers.
///
/// ```swift
/// let emitter = CAEmitterLayer()
/// emitter.emitterPosition = CGPoint(x: 200, y: 0)
/// emitter.emitterShape = .line
/// emitter.emitterSize = CGSize(width: 400, height: 1)
/// emitter.emitterCells = [confetti]              // CAEmitterCell
/// root.addSublayer(emitter)
/// // later: stop emitting, let the particles in flight finish
/// emitter.birthRate = 0
/// ```
/// ```
///                 birth b = when the layer's count of births, ∫ rate dt, reaches the particle's number + 1
/// particle at age a = t − b (t: the layer's local time), its random draws fixed by (seed, cell, number):
///   position  p₀ + v·a + ½·g·a²      scale  s + ṡ·a (≥ 0)     angle  ω·a
///   colour    c + ċ·a (0…1)           shown while a < lifetime
/// ```
/// The first particle of a cell is born 1 / rate after emission starts, and a particle's own cells' first particle
/// 1 / rate after their `beginTime` in its life (our reading of Core Animation's accumulator; the classic fireworks
/// recipe — a rocket living 1.02 s whose burst cell emits 1 a second — bursts at the top of the climb by it).
/// Time is the layer's: frames advance the births, a paused layer (`speed` 0) freezes its particles, and a layer
/// whose time goes back (`timeOffset` scrubbed backwards) starts again with none. Births happen only while the
/// layer is shown in a display: a layer that leaves the tree and comes back starts empty. The same times give the
/// same particles. ``emitterPosition``, ``emitterZPosition``, ``emitterSize``, ``emitterDepth`` and the five
/// multipliers are layer properties: animatable and reachable by key.
open class CAEmitterLayer: CALayer {
    public override init() {
        super.init()
        // The cells' values as a layer property, for animations by cell key path (`EmitterCellKeyPath`).
        state.setValue(.object(EmitterCellValues(layer: self)), of: .emitterCells)
    }

    /// A shadow copy of `layer` (presentation layers).
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEmitterLayer {
            emitterCells = other.emitterCells
            emitterShape = other.emitterShape; emitterMode = other.emitterMode; renderMode = other.renderMode
            preservesDepth = other.preservesDepth; seed = other.seed
        }
    }

    /// The kinds of particle emitted.
    open var emitterCells: [CAEmitterCell]?
    open var emitterShape = CAEmitterLayerEmitterShape.point
    open var emitterMode = CAEmitterLayerEmitterMode.points
    open var renderMode = CAEmitterLayerRenderMode.unordered
    /// Kept; particles are drawn in the layer's plane.
    open var preservesDepth = false
    /// The seed of the particles' random draws: the same seed and times give the same particles.
    open var seed: UInt32 = 0

    /// The centre of the emitter shape, in the layer's coordinates.
    open var emitterPosition: CGPoint {
        get { state.point(.emitterPosition) }
        set { setModelValue(.point(newValue), of: .emitterPosition) }
    }
    open var emitterZPosition: CGFloat {
        get { state.number(.emitterZPosition) }
        set { setModelValue(.number(Double(newValue)), of: .emitterZPosition) }
    }
    /// The emitter shape's size (a line's length and a circle's diameter are its width).
    open var emitterSize: CGSize {
        get { if case .size(let s) = state.value(of: .emitterSize) { return s }; return .zero }
        set { setModelValue(.size(newValue), of: .emitterSize) }
    }
    open var emitterDepth: CGFloat {
        get { state.number(.emitterDepth) }
        set { setModelValue(.number(Double(newValue)), of: .emitterDepth) }
    }
    /// Multiplies every cell's `birthRate` (0 stops births; the particles alive live on).
    open var birthRate: Float {
        get { Float(state.number(.birthRate)) }
        set { setModelValue(.number(Double(newValue)), of: .birthRate) }
    }
    /// Multiplies every cell's `lifetime`.
    open var lifetime: Float {
        get { Float(state.number(.lifetime)) }
        set { setModelValue(.number(Double(newValue)), of: .lifetime) }
    }
    /// Multiplies every cell's `velocity`.
    open var velocity: Float {
        get { Float(state.number(.velocity)) }
        set { setModelValue(.number(Double(newValue)), of: .velocity) }
    }
    /// Multiplies every cell's `scale`.
    open var scale: Float {
        get { Float(state.number(.scale)) }
        set { setModelValue(.number(Double(newValue)), of: .scale) }
    }
    /// Multiplies every cell's `spin`.
    open var spin: Float {
        get { Float(state.number(.spin)) }
        set { setModelValue(.number(Double(newValue)), of: .spin) }
    }

    /// Each display's emission (births so far, particles alive), by the display's pipeline.
    var emissions: [ObjectIdentifier: ParticleEmission] = [:]

    /// The emitter's properties by key beyond its animatable ones, with every layer's.
    override package class var keyedProperties: KeyedProperties<CALayer> { CAEmitterLayer.emitterKeyedProperties }
    private static let emitterKeyedProperties = CALayer.layerKeyedProperties.adding(KeyedProperties<CAEmitterLayer>([
        (["emitterCells"], .optional(\.emitterCells, "a [CAEmitterCell]")),
        (["emitterShape"], .constant(\.emitterShape)),
        (["emitterMode"], .constant(\.emitterMode)),
        (["renderMode"], .constant(\.renderMode)),
        (["preservesDepth"], .value(\.preservesDepth, "a Bool")),
        (["seed"], KeyedProperty(get: { NSNumber(value: $0.seed) }, set: { layer, value in
            guard let n = value.flatMap(AnimatableValue.number), n >= 0, n <= Double(UInt32.max), n == n.rounded() else { return false }
            layer.seed = UInt32(n)
            return true
        }, rejection: "expected a whole number 0…4294967295")),
    ]))

    /// The cell a key path names (`"emitterCells.spark"`, `"emitterCells.rocket.emitterCells.spark"`) and the
    /// rest of the path, when `keyPath` names one.
    func cell(at keyPath: String) -> (cell: CAEmitterCell, key: String)? {
        var parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var cells = emitterCells
        var found: CAEmitterCell?
        while parts.count >= 3, parts[0] == "emitterCells" {
            guard let cell = cells?.first(where: { $0.name == parts[1] }) else { return nil }
            found = cell
            cells = cell.emitterCells
            parts.removeFirst(2)
        }
        guard let found, !parts.isEmpty, parts[0] != "emitterCells" else { return nil }
        return (found, parts.joined(separator: "."))
    }
}

extension CAEmitterLayer {
    /// Sets a cell's property by key path, reporting a path that names no cell. Returns whether the path
    /// starts with `emitterCells.` (and was handled).
    func setCellValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        guard keyPath.hasPrefix("emitterCells.") else { return false }
        guard let (cell, key) = cell(at: keyPath) else {
            Diagnostics.report("CAEmitterLayer \(debugName): no emitter cell at key path \(keyPath); nothing set")
            return true
        }
        cell.setValue(value, forKey: key)
        return true
    }
}
