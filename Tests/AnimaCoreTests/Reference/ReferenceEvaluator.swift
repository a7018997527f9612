import Foundation

/// One layer as the reference presents it at a time.
struct RefPresentedLayer: Equatable {
    var id: Int
    var geometry: RefGeometry
    /// The layer's local time (its animations' parent time).
    var localTime: Double
    /// Bounds coordinates → display coordinates (each layer flattened into its parent's plane).
    var worldTransform: RefMatrix
    /// Whether a Bézier timing function or a spring shaped a value (compared with a looser tolerance).
    var usedCurveSolve: Bool
}

/// The reference evaluator: a pure function from a layer-tree description and a display time to what every
/// layer presents. No caching, no state, nothing shared with AnimaCore.
///
/// Rules (core-animation-semantics.md): a layer's time composes down the tree (§1.2); each animation samples
/// its layer's time (§1.3; a group's children sample the group's simple time, §2.6); presented = model, then
/// each animation in insertion order, a non-additive one replacing the value and an additive one adding to it
/// (§2.1–§2.2). Drawing order: depth first, siblings stably sorted by presented `zPosition`.
enum ReferenceEvaluator {
    /// Every layer under a root with default timing and identity world transform, at display time `time`, in
    /// drawing order.
    ///
    /// `sortingZ` gives the zPosition siblings are sorted by (default: the presented one computed here). The
    /// comparison passes the library's own presented values, already checked equal to these within tolerance,
    /// so that two siblings whose zPositions differ by rounding alone (1e-17 against 0) are ordered the same way.
    static func evaluate(_ layers: [RefLayer], at time: Double,
                         sortingZ: (RefPresentedLayer) -> Double = { $0.geometry.zPosition }) -> [RefPresentedLayer] {
        var out: [RefPresentedLayer] = []
        appendSorted(layers, parentTime: time, parentWorld: .identity, sortingZ: sortingZ, into: &out)
        return out
    }

    private static func appendSorted(_ layers: [RefLayer], parentTime: Double, parentWorld: RefMatrix,
                                     sortingZ: (RefPresentedLayer) -> Double, into out: inout [RefPresentedLayer]) {
        let presented = layers.map { present($0, parentTime: parentTime, parentWorld: parentWorld) }
        let z = presented.map(sortingZ)
        // A stable sort: equal zPositions keep sublayer order.
        let order = presented.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }
        for i in order {
            out.append(presented[i])
            appendSorted(layers[i].sublayers, parentTime: presented[i].localTime,
                         parentWorld: presented[i].worldTransform, sortingZ: sortingZ, into: &out)
        }
    }

    /// One layer's presented values at its parent's time.
    static func present(_ layer: RefLayer, parentTime: Double, parentWorld: RefMatrix = .identity) -> RefPresentedLayer {
        let t = ReferenceTiming.layerTime(parentTime: parentTime, beginTime: layer.beginTime, speed: layer.speed,
                                          timeOffset: layer.timeOffset)
        var g = layer.model
        var curved = false
        for animation in layer.animations { apply(animation, parentTime: t, to: &g, usedCurveSolve: &curved) }
        return RefPresentedLayer(id: layer.id, geometry: g, localTime: t,
                                 worldTransform: matrixToSuperlayer(g).flattened * parentWorld, usedCurveSolve: curved)
    }

    /// Applies one animation (recursively for groups) at parent time `t`.
    static func apply(_ animation: RefAnimation, parentTime t: Double, to g: inout RefGeometry,
                      usedCurveSolve: inout Bool) {
        guard let s = ReferenceTiming.sample(animation.timing, parentTime: t) else { return }
        if case .group(let children) = animation.kind {
            let simpleTime = s.progress * animation.timing.duration
            for child in children { apply(child, parentTime: simpleTime, to: &g, usedCurveSolve: &usedCurveSolve) }
            return
        }
        guard let property = animation.property else { preconditionFailure("property animation without key path") }
        if animation.timingFunction != nil { usedCurveSolve = true }
        if case .spring = animation.kind { usedCurveSolve = true }
        if case .keyframe(_, _, _, let functions?) = animation.kind, !functions.isEmpty { usedCurveSolve = true }
        let current = g[property]
        let v = ReferenceInterpolation.value(of: animation, sample: s, current: current)
        g[property] = animation.isAdditive ? ReferenceInterpolation.add(current, v) : v
    }

    /// `T(−anchor in bounds) · transform · T(position, zPosition)` (the layer's bounds → its superlayer).
    static func matrixToSuperlayer(_ g: RefGeometry) -> RefMatrix {
        guard case .rect(let bx, let by, let bw, let bh) = g.bounds, case .point(let ax, let ay) = g.anchorPoint,
              case .point(let px, let py) = g.position else { preconditionFailure("malformed geometry") }
        return RefMatrix.translation(-(bx + ax * bw), -(by + ay * bh)) * g.transform
            * RefMatrix.translation(px, py, g.zPosition)
    }
}

extension RefMatrix {
    /// Drops the z column: the layer is drawn into its parent's plane.
    var flattened: RefMatrix {
        var r = self
        for row in 0..<4 { r.m[row * 4 + 2] = 0 }
        return r
    }
}

extension RefGeometry {
    /// The value at a key path (sub-paths read one field of their struct, §2.2).
    subscript(property: RefProperty) -> RefValue {
        get {
            switch property {
            case .position: return position
            case .positionX: guard case .point(let x, _) = position else { fatalError() }; return .number(x)
            case .positionY: guard case .point(_, let y) = position else { fatalError() }; return .number(y)
            case .bounds: return bounds
            case .boundsWidth: guard case .rect(_, _, let w, _) = bounds else { fatalError() }; return .number(w)
            case .anchorPoint: return anchorPoint
            case .zPosition: return .number(zPosition)
            case .opacity: return .number(opacity)
            case .transform: return .matrix(transform)
            }
        }
        set {
            switch (property, newValue, position, bounds) {
            case (.position, .point, _, _): position = newValue
            case (.positionX, .number(let x), .point(_, let y), _): position = .point(x: x, y: y)
            case (.positionY, .number(let y), .point(let x, _), _): position = .point(x: x, y: y)
            case (.bounds, .rect, _, _): bounds = newValue
            case (.boundsWidth, .number(let w), _, .rect(let x, let y, _, let h)): bounds = .rect(x: x, y: y, width: w, height: h)
            case (.anchorPoint, .point, _, _): anchorPoint = newValue
            case (.zPosition, .number(let z), _, _): zPosition = z
            case (.opacity, .number(let o), _, _): opacity = o
            case (.transform, .matrix(let m), _, _): transform = m
            default: preconditionFailure("\(newValue) is not a value for \(property.rawValue)")
            }
        }
    }
}
