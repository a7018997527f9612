import Foundation

/// Draws random layers and animations for the comparison scenes.
///
/// Everything is drawn from continuous ranges, so phase boundaries essentially never fall on a frame time
/// (where a rounding difference could legitimately flip a phase). Configurations whose Apple behaviour is
/// UNCONFIRMED (§11) are left out: negative speeds, from+to+by, cumulative with autoreverses or transforms,
/// group timing functions, zero durations, rotations (transform decomposition) and additive transforms other
/// than translations (concatenation order), negative bounds sizes (no rule says where the anchor of a negative
/// size is). Configurations where the library has a known bug are left out
/// behind the flags of ``ReferenceExclusions``.
struct RandomSceneGenerator {
    var rng: SplitMix64
    private var nextID: Int
    private var nextKey = 0
    /// Animation keys are unique across generators (layers can move between scenes).
    private let keyPrefix: String

    init(seed: UInt64, firstLayerID: Int = 0) {
        rng = SplitMix64(seed: seed)
        nextID = firstLayerID
        keyPrefix = "k\(firstLayerID)."
    }

    /// Layers with even ids keep their transforms (model and animated) pure translations, so additive
    /// transform animations on them commute; odd ids use scale-and-translate matrices, never additive.
    static func usesTranslationsOnly(_ id: Int) -> Bool { id % 2 == 0 }

    /// A new layer (and, below `depth`, sublayers), with animations beginning around local time `localNow`.
    mutating func layer(depth: Int, parentLocalNow: Double) -> RefLayer {
        var l = RefLayer(id: nextID)
        nextID += 1
        l.model = geometry(id: l.id)
        if rng.chance(0.25) {
            l.beginTime = rng.uniform(-1, 1)
            l.speed = rng.pick([0.5, 2, 1.5, 0.75, 0] as [Float])
            l.timeOffset = rng.uniform(-1, 1)
        }
        let localNow = ReferenceTiming.layerTime(parentTime: parentLocalNow, beginTime: l.beginTime, speed: l.speed,
                                                 timeOffset: l.timeOffset)
        for _ in 0..<rng.int(3) { l.animations.append(animation(layerID: l.id, localNow: localNow)) }
        if depth > 0 {
            for _ in 0..<rng.int(3) { l.sublayers.append(layer(depth: depth - 1, parentLocalNow: localNow)) }
        }
        return l
    }

    mutating func geometry(id: Int) -> RefGeometry {
        var g = RefGeometry()
        for property in [RefProperty.bounds, .position, .anchorPoint, .transform] {
            g[property] = value(property, layerID: id)
        }
        // A few whole zPositions, so that ties (kept in sublayer order) happen.
        g.zPosition = rng.chance(0.5) ? Double(rng.int(3)) - 1 : 0
        g.opacity = Double(Float(rng.uniform(0, 1)))
        return g
    }

    /// A random value for `property`.
    mutating func value(_ property: RefProperty, layerID: Int) -> RefValue {
        switch property {
        case .position: return .point(x: rng.uniform(0, 400), y: rng.uniform(0, 300))
        case .positionX, .positionY: return .number(rng.uniform(0, 400))
        case .bounds: return .rect(x: rng.uniform(-20, 20), y: rng.uniform(-20, 20),
                                   width: rng.uniform(10, 200), height: rng.uniform(10, 200))
        case .boundsWidth: return .number(rng.uniform(10, 200))
        case .anchorPoint: return .point(x: rng.uniform(0, 1), y: rng.uniform(0, 1))
        case .zPosition: return .number(rng.uniform(-3, 3))
        case .opacity: return .number(rng.uniform(0, 1))
        case .transform:
            if Self.usesTranslationsOnly(layerID) {
                return .matrix(.translation(rng.uniform(-50, 50), rng.uniform(-50, 50)))
            }
            return .matrix(.scaleThenTranslate(sx: rng.uniform(0.5, 2), sy: rng.uniform(0.5, 2),
                                               tx: rng.uniform(-50, 50), ty: rng.uniform(-50, 50)))
        }
    }

    /// A random top-level animation: begins at 0 (stamped at commit) or near `localNow`.
    mutating func animation(layerID: Int, localNow: Double) -> RefAnimation {
        var a = animation(layerID: layerID, groupDepth: 0)
        a.timing.beginTime = rng.chance(0.3) ? 0 : localNow + rng.uniform(-0.5, 1)
        return a
    }

    private mutating func timing() -> RefTiming {
        var t = RefTiming(duration: rng.uniform(0.15, 1.2))
        if rng.chance(0.4) { t.speed = rng.chance(0.1) ? 0 : Float(rng.uniform(0.3, 3)) }
        if rng.chance(0.4) { t.timeOffset = rng.uniform(0, 1) }
        switch rng.int(10) {
        case 0...4: break
        case 5, 6: t.repeatCount = Float(1 + rng.int(3))
        case 7: t.repeatCount = Float(rng.uniform(0.5, 3))
        case 8: t.repeatCount = .greatestFiniteMagnitude
        default: t.repeatDuration = rng.uniform(0.3, 2)
        }
        t.autoreverses = rng.chance(0.25)
        t.fillMode = rng.pick(RefFillMode.allCases)
        return t
    }

    /// A random curve or nil; `overshoots` allows control points outside 0…1 in y.
    private mutating func timingFunction(overshoots: Bool) -> RefTimingFunction? {
        let (lo, hi) = overshoots ? (-0.5, 1.5) : (0.0, 1.0)
        switch rng.int(5) {
        case 0: return RefTimingFunction(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
        case 1: return RefTimingFunction(c1x: Float(rng.uniform(0, 1)), c1y: Float(rng.uniform(lo, hi)),
                                         c2x: Float(rng.uniform(0, 1)), c2y: Float(rng.uniform(lo, hi)))
        default: return nil
        }
    }

    /// A random animation; groups nest at most two deep.
    private mutating func animation(layerID: Int, groupDepth: Int) -> RefAnimation {
        var a = RefAnimation(key: "\(keyPrefix)\(nextKey)", kind: .basic(from: nil, to: nil, by: nil), timing: timing())
        nextKey += 1
        a.isRemovedOnCompletion = rng.chance(0.7)
        let roll = rng.int(20)
        if roll < 4 && groupDepth < 2 {
            a.kind = .group((0..<(1 + rng.int(3))).map { _ in
                var child = animation(layerID: layerID, groupDepth: groupDepth + 1)
                child.timing.beginTime = rng.chance(0.5) ? 0 : rng.uniform(0, 0.8)
                return child
            })
            return a
        }
        let property = rng.pick(ReferenceExclusions.animatedProperties)
        a.property = property
        // Sizes never go negative (see ReferenceExclusions.negativeSizes): no overshooting curves or springs on
        // bounds, and small byValues.
        let isSize = property == .bounds || property == .boundsWidth
        let overshoots = !isSize || ReferenceExclusions.negativeSizes
        if roll < 11 {
            makeBasic(&a, property, layerID: layerID, overshoots: overshoots)
        } else if roll < 16 || !overshoots {
            makeKeyframe(&a, property, layerID: layerID, overshoots: overshoots)
        } else {
            a.kind = .spring(from: value(property, layerID: layerID), to: value(property, layerID: layerID),
                             mass: rng.uniform(0.5, 3), stiffness: rng.uniform(20, 300), damping: rng.uniform(0, 40),
                             initialVelocity: rng.uniform(-5, 5), allowsOverdamping: rng.chance(0.5))
        }
        return a
    }

    /// Additive transforms only on translation layers (they commute).
    private func canAdd(_ property: RefProperty, layerID: Int) -> Bool {
        property != .transform || Self.usesTranslationsOnly(layerID)
    }

    /// A `CABasicAnimation` of one of §2.3's cases 2–7.
    private mutating func makeBasic(_ a: inout RefAnimation, _ property: RefProperty, layerID: Int, overshoots: Bool) {
        let from = value(property, layerID: layerID), to = value(property, layerID: layerID)
        let by = !overshoots
            ? ReferenceInterpolation.scale(value(property, layerID: layerID), 0.05) : value(property, layerID: layerID)
        // byValue on transforms would concatenate in an UNCONFIRMED order: from/to cases only.
        switch property == .transform ? rng.pick([0, 3, 4]) : rng.int(6) {
        case 0: a.kind = .basic(from: from, to: to, by: nil)
        case 1: a.kind = .basic(from: from, to: nil, by: by)
        case 2 where property != .bounds || ReferenceExclusions.rectToMinusBy:
            a.kind = .basic(from: nil, to: to, by: by)
        case 2: a.kind = .basic(from: from, to: to, by: nil)
        case 3: a.kind = .basic(from: from, to: nil, by: nil)
        case 4: a.kind = .basic(from: nil, to: to, by: nil)
        default: a.kind = .basic(from: nil, to: nil, by: by)
        }
        // Additive and cumulative only with both ends given (cases 5 and 6 of §2.3).
        if case .basic(_?, let t, let b) = a.kind, t != nil || b != nil {
            a.isAdditive = canAdd(property, layerID: layerID) && rng.chance(0.25)
            a.isCumulative = property != .transform && !a.timing.autoreverses && rng.chance(0.25)
        }
        a.timingFunction = timingFunction(overshoots: overshoots)
    }

    /// A `CAKeyframeAnimation`: 2–5 values, linear, discrete or (numbers only) paced, with or without key times
    /// and per-segment timing functions.
    private mutating func makeKeyframe(_ a: inout RefAnimation, _ property: RefProperty, layerID: Int, overshoots: Bool) {
        let isNumber = ![.position, .bounds, .anchorPoint, .transform].contains(property)
        var mode = rng.pick(RefCalculationMode.allCases)
        if mode == .paced && !isNumber { mode = .linear }
        let n = 2 + rng.int(4)
        let values = (0..<n).map { _ in value(property, layerID: layerID) }
        var keyTimes: [Double]? = nil
        if mode != .paced && rng.chance(0.5) {
            // Discrete takes one key time more than values (§2.4).
            let count = mode == .discrete ? n + 1 : n
            let inner = (0..<(count - 2)).map { _ in rng.uniform(0.02, 0.98) }.sorted()
            keyTimes = [0] + inner + [1]
        }
        var functions: [RefTimingFunction]? = nil
        if mode == .linear && rng.chance(0.3) {
            let standard = RefTimingFunction(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)
            functions = (0..<(n - 1)).map { _ in timingFunction(overshoots: overshoots) ?? standard }
        }
        a.kind = .keyframe(values: values, keyTimes: keyTimes, mode: mode, timingFunctions: functions)
        a.isAdditive = canAdd(property, layerID: layerID) && rng.chance(0.2)
        if mode != .paced { a.timingFunction = timingFunction(overshoots: overshoots) }
    }
}
