import Foundation
import AnimaGraphics

/// A cell property named through its emitter layer, as animations name it on Apple's platforms:
///
/// ```
/// "emitterCells.spark.birthRate"                       the layer's cell named "spark", its birthRate
/// "emitterCells.rocket.emitterCells.burst.velocity"    the cell "burst" of the cell "rocket"
///  └─ names: ["rocket", "burst"]           key ─┘
/// ```
/// ```swift
/// let fade = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
/// fade.fromValue = 40; fade.toValue = 0; fade.duration = 2
/// emitter.add(fade, forKey: "fade")
/// ```
/// Such a path is a component of the emitter's ``LayerProperty/emitterCells`` value (``EmitterCellValues``), so an
/// animation of it is evaluated like any other boxed animation — in frames, `presentation()` and groups alike —
/// and the frame's particles read the presented cell values from the layer's presented state.
package final class EmitterCellKeyPath: Sendable, Equatable, CustomStringConvertible {
    /// The cells' names, outermost first.
    package let names: [String]
    /// The cell property.
    package let key: String
    /// The kind of value the property holds.
    package let kind: ValueKind

    /// The animatable cell properties and their kinds: the numbers that shape emission and particles, the colour,
    /// and how each particle shows its image (`contentsRect`, `contentsScale`, `minificationFilterBias`).
    private static let kinds: [String: ValueKind] = {
        var kinds: [String: ValueKind] = ["color": .color, "contentsRect": .rect, "contentsScale": .number,
                                          "minificationFilterBias": .number]
        for key in ["birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude", "emissionRange",
                    "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration",
                    "scale", "scaleRange", "scaleSpeed", "spin", "spinRange",
                    "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed"] {
            kinds[key] = .number
        }
        return kinds
    }()

    /// Parses the parts of a key path after its leading `emitterCells`: `name (.emitterCells.name)* .key`. Nil when
    /// they name no animatable cell property.
    package init?<Parts: Collection<String>>(afterEmitterCells parts: Parts) {
        var rest = Array(parts)
        var names: [String] = []
        while true {
            guard rest.count >= 2, !rest[0].isEmpty else { return nil }
            names.append(rest[0])
            rest.removeFirst()
            if rest.count >= 2, rest[0] == "emitterCells" { rest.removeFirst(); continue }
            break
        }
        guard rest.count == 1, let kind = Self.kinds[rest[0]] else { return nil }
        self.names = names
        self.key = rest[0]
        self.kind = kind
    }

    package static func == (a: EmitterCellKeyPath, b: EmitterCellKeyPath) -> Bool {
        a === b || (a.key == b.key && a.names == b.names)
    }

    package var description: String { "emitterCells." + names.joined(separator: ".emitterCells.") + "." + key }

    /// The cell the names reach among `cells`.
    @MainActor
    package func cell(in cells: [CAEmitterCell]?) -> CAEmitterCell? {
        var cells = cells, found: CAEmitterCell?
        for name in names {
            found = cells?.first { $0.name == name }
            cells = found?.emitterCells
        }
        return found
    }
}

/// An emitter layer's cell values as a layer property (``LayerProperty/emitterCells``): the cells' own values,
/// read from the layer's cells, with what animations wrote over them for this frame.
///
/// The model's value (kept in every `CAEmitterLayer`'s state) has no values written; an animation of
/// ``EmitterCellKeyPath`` reads the cell's value through it (the value underneath: the cell's own) and writes a
/// new value of the property with its result, which the frame's particles read.
package final class EmitterCellValues: @unchecked Sendable {
    /// The layer whose cells hold the values underneath (weak: the layer's state holds this).
    private weak var layer: CAEmitterLayer?
    /// Values animations wrote, by path; later writes replace earlier ones.
    package let written: [(path: EmitterCellKeyPath, value: AnimatableValue)]

    package init(layer: CAEmitterLayer?, written: [(path: EmitterCellKeyPath, value: AnimatableValue)] = []) {
        self.layer = layer
        self.written = written
    }

    /// The presented value at `path`: what an animation wrote, else the cell's own (zero of its kind when the layer
    /// has no such cell). Evaluation runs on the main actor, where the cells live.
    package func value(at path: EmitterCellKeyPath) -> AnimatableValue {
        if let w = written.last(where: { $0.path == path }) { return w.value }
        let own: AnimatableValue? = MainActor.assumeIsolated {
            layer.flatMap { path.cell(in: $0.emitterCells) }.flatMap { AnimatableValue.convert($0.value(forKey: path.key), to: path.kind) }
        }
        return own ?? .zero(of: path.kind)
    }

    /// These values with `value` written at `path`.
    package func writing(_ value: AnimatableValue, at path: EmitterCellKeyPath) -> EmitterCellValues {
        EmitterCellValues(layer: layer, written: written.filter { $0.path != path } + [(path, value)])
    }

    /// The value animations wrote for the cell at `names`' `key`, if any.
    package func writtenValue(names: [String], key: String) -> AnimatableValue? {
        written.last { $0.path.key == key && $0.path.names == names }?.value
    }
}
