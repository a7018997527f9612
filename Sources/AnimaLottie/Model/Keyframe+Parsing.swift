import Foundation
import AnimaGraphics

extension Animated {
    /// Reads a Lottie property object (`{"a": 0|1, "k": …}`), converting each value with `parse`.
    ///
    /// Keyframes are objects with `t` (frame), `s` (value; the old format's last keyframe may have only `t`,
    /// taking the previous keyframe's `e`), `h` (hold), `o`/`i` (easing) and `to`/`ti` (spatial tangents).
    /// Keyframes must come in frame order; a file whose frames go backwards is rejected with the field named.
    static func parse(_ node: JSONNode, _ parse: (JSONNode) throws -> Value) throws -> Animated<Value> {
        guard node.isObject else { return Animated(try parse(node)) }
        let k = try node.required("k")
        if k.isArray, let list = try? k.array(), let first = list.first, first.isObject, first["t"] != nil {
            return try parseKeyframes(list, parse)
        }
        return Animated(try parse(k))
    }

    private static func parseKeyframes(_ list: [JSONNode], _ parse: (JSONNode) throws -> Value) throws -> Animated<Value> {
        var keyframes: [Keyframe<Value>] = []
        var pendingEnd: Value?
        for node in list {
            let frame = try node.required("t").number()
            if let previous = keyframes.last, frame < previous.frame {
                throw try node.required("t").error("keyframe at frame \(frame) comes after one at frame \(previous.frame); keyframes must be in frame order")
            }
            let value: Value
            if let s = node["s"] {
                value = try parse(s)
            } else if let end = pendingEnd {
                value = end
            } else {
                throw node.error("keyframe has no value (s)")
            }
            pendingEnd = try node["e"].map(parse)
            var key = Keyframe(frame: frame, value: value, isHold: try node.flag("h"))
            if let o = node["o"], let i = node["i"] {
                let c1 = try Self.controlPoint(o), c2 = try Self.controlPoint(i)
                key.easing = (CGPoint(x: min(1, max(0, c1.x)), y: c1.y), CGPoint(x: min(1, max(0, c2.x)), y: c2.y))
            }
            if let to = node["to"], let ti = node["ti"] {
                let a = try to.numbers(), b = try ti.numbers()
                if a.count >= 2, b.count >= 2, a[0] != 0 || a[1] != 0 || b[0] != 0 || b[1] != 0 {
                    key.spatialTangents = (CGPoint(x: a[0], y: a[1]), CGPoint(x: b[0], y: b[1]))
                }
            }
            keyframes.append(key)
        }
        // The old format states a segment's end value in `e`, and the next keyframe (at least a bare `t`) says when
        // it is reached; a last keyframe's `e` with no keyframe after it has no time, so it is dropped, as
        // lottie-ios drops it (the value stays at `s`).
        guard !keyframes.isEmpty else { throw list.first?.error("no keyframes") ?? LottieError.invalidField(file: "?", field: "k", reason: "no keyframes") }
        return Animated(keyframes: keyframes)
    }

    /// An easing control point: `{"x": n or [n…], "y": n or [n…]}` (the first dimension is used).
    private static func controlPoint(_ node: JSONNode) throws -> CGPoint {
        let x = try node.required("x").numbers(), y = try node.required("y").numbers()
        guard let px = x.first, let py = y.first else { throw node.error("empty easing control point") }
        return CGPoint(x: px, y: py)
    }
}

extension Animated where Value == [Double] {
    /// Reads a numeric property (a number or an array of numbers per value).
    static func numbers(_ node: JSONNode?, default value: [Double]) throws -> Animated<[Double]> {
        guard let node else { return Animated(value) }
        return try parse(node) { try $0.numbers() }
    }
}
