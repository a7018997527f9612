import Foundation

/// Value arithmetic and the value of each animation kind at a progress (§2.2–§2.5).
enum ReferenceInterpolation {
    /// `a + (b − a) · f`, component by component (matrices entry by entry: the scenes only blend
    /// scale-and-translate matrices, whose decomposition blend is exactly that, §2.3).
    static func lerp(_ a: RefValue, _ b: RefValue, _ f: Double) -> RefValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + (y - x) * f)
        case (.point(let ax, let ay), .point(let bx, let by)): return .point(x: ax + (bx - ax) * f, y: ay + (by - ay) * f)
        case (.rect(let ax, let ay, let aw, let ah), .rect(let bx, let by, let bw, let bh)):
            return .rect(x: ax + (bx - ax) * f, y: ay + (by - ay) * f, width: aw + (bw - aw) * f, height: ah + (bh - ah) * f)
        case (.matrix(let x), .matrix(let y)):
            return .matrix(RefMatrix(m: zip(x.m, y.m).map { $0 + ($1 - $0) * f }))
        default: preconditionFailure("lerp of different kinds")
        }
    }

    /// `a + b`; matrices concatenate (the scenes only add translations, which commute, §2.2 `isAdditive`).
    static func add(_ a: RefValue, _ b: RefValue) -> RefValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.point(let ax, let ay), .point(let bx, let by)): return .point(x: ax + bx, y: ay + by)
        case (.rect(let ax, let ay, let aw, let ah), .rect(let bx, let by, let bw, let bh)):
            return .rect(x: ax + bx, y: ay + by, width: aw + bw, height: ah + bh)
        case (.matrix(let x), .matrix(let y)): return .matrix(x * y)
        default: preconditionFailure("add of different kinds")
        }
    }

    /// `k · v` (cumulative repeats); not defined for matrices (the scenes never accumulate transforms).
    static func scale(_ v: RefValue, _ k: Double) -> RefValue {
        switch v {
        case .number(let x): return .number(x * k)
        case .point(let x, let y): return .point(x: x * k, y: y * k)
        case .rect(let x, let y, let w, let h): return .rect(x: x * k, y: y * k, width: w * k, height: h * k)
        case .matrix: preconditionFailure("cumulative transforms are not in the reference")
        }
    }

    /// The value of a property animation at timing sample `s`, given `current` (the model plus the animations
    /// below this one, re-read every frame as §2.3 recommends).
    static func value(of animation: RefAnimation, sample s: ReferenceTiming.Sample, current: RefValue) -> RefValue {
        var p = s.progress
        if let f = animation.timingFunction { p = ReferenceTiming.evaluate(f, at: p) }
        var v: RefValue
        var end: RefValue
        switch animation.kind {
        case .basic(let from, let to, let by):
            (v, end) = basic(from: from, to: to, by: by, current: current, progress: p)
        case .keyframe(let values, let keyTimes, let mode, let functions):
            v = keyframe(values: values, keyTimes: keyTimes, mode: mode, functions: functions, progress: p)
            end = keyframe(values: values, keyTimes: keyTimes, mode: mode, functions: functions, progress: 1)
        case .spring(let from, let to, let m, let k, let c, let v0, let overdamping):
            // The spring runs in seconds of simple time, not stretched to the duration (§2.5).
            let t = s.progress * animation.timing.duration
            let q = ReferenceTiming.springProgress(at: t, mass: m, stiffness: k, damping: c,
                                                   initialVelocity: v0, allowsOverdamping: overdamping)
            v = lerp(from, to, q)
            end = to
        case .group:
            preconditionFailure("groups have no value")
        }
        // Cumulative (§2.2, SMIL accumulate, the recommended reading of §11.5): v_k(p) = v(p) + k · v(1).
        if animation.isCumulative && s.completedIterations > 0 {
            v = add(v, scale(end, Double(s.completedIterations)))
        }
        return v
    }

    /// §2.3's table: (value at `progress`, value at 1).
    private static func basic(from: RefValue?, to: RefValue?, by: RefValue?, current: RefValue,
                              progress p: Double) -> (RefValue, RefValue) {
        let start: RefValue, end: RefValue
        switch (from, to, by) {
        case (let f?, let t?, _): (start, end) = (f, t)                          // 5 (and 8: by ignored)
        case (let f?, nil, let b?): (start, end) = (f, add(f, b))                // 6
        case (nil, let t?, let b?): (start, end) = (add(t, scale(b, -1)), t)     // 7
        case (let f?, nil, nil): (start, end) = (f, current)                     // 2
        case (nil, let t?, nil): (start, end) = (current, t)                     // 3
        case (nil, nil, let b?): (start, end) = (current, add(current, b))       // 4
        case (nil, nil, nil): (start, end) = (current, current)
        }
        return (lerp(start, end, p), end)
    }

    /// §2.4: the overall progress picks a segment by key time; the segment's own timing function (if any)
    /// shapes the local progress. Paced mode makes key times from cumulative distance (numbers only).
    static func keyframe(values: [RefValue], keyTimes: [Double]?, mode: RefCalculationMode,
                         functions: [RefTimingFunction]?, progress p: Double) -> RefValue {
        let n = values.count
        precondition(n > 0)
        if n == 1 { return values[0] }
        switch mode {
        case .discrete:
            let times = keyTimes ?? (0..<n).map { Double($0) / Double(n) }
            var i = 0
            for (j, t) in times.enumerated() where t <= p { i = j }
            return values[min(i, n - 1)]
        case .linear, .paced:
            var times: [Double]
            if mode == .paced {
                var distances = [0.0]
                for i in 1..<n { distances.append(distances[i - 1] + distance(values[i - 1], values[i])) }
                let total = distances[n - 1]
                times = total > 0 ? distances.map { $0 / total } : (0..<n).map { Double($0) / Double(n - 1) }
            } else {
                times = keyTimes ?? (0..<n).map { Double($0) / Double(n - 1) }
            }
            var segment = 0
            while segment < n - 2 && p >= times[segment + 1] { segment += 1 }
            let span = times[segment + 1] - times[segment]
            var local = span > 0 ? (p - times[segment]) / span : 1
            local = min(max(local, 0), 1)
            if mode == .linear, let functions, segment < functions.count {
                local = ReferenceTiming.evaluate(functions[segment], at: local)
            }
            return lerp(values[segment], values[segment + 1], local)
        }
    }

    private static func distance(_ a: RefValue, _ b: RefValue) -> Double {
        guard case .number(let x) = a, case .number(let y) = b else { preconditionFailure("paced numbers only") }
        return abs(y - x)
    }
}
