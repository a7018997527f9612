import Foundation

// Stable text for timelines: one line per layer and per animation, numbers with at most six significant digits,
// settings at their defaults left out. Tests compare it, and it is what `anima-demos --timeline-text` prints.
//
//   media time 1.5
//   CALayer "root" t=1.5
//     CALayer "box" t=1.5
//       "move" CABasicAnimation position: active p=0.3 iteration 0 · begin 1.2 duration 1 end 2.2 fill removed

extension DisplayTimeline {
    /// The tree as stable text (see ``LayerTimeline/text``), headed by the media time.
    public var text: String {
        (["media time \(TimelineNumber.format(mediaTime))"] + layers.map(\.text)).joined(separator: "\n")
    }
}

extension LayerTimeline {
    /// The layer's line (indented two spaces per depth) and one line per animation under it.
    public var text: String {
        let indent = String(repeating: "  ", count: depth)
        var line = indent + kind
        if let name { line += " \"\(name)\"" }
        if isMask { line += " (mask)" }
        line += " t=\(TimelineNumber.format(localTime))"
        var timing: [String] = []
        if beginTime != 0 { timing.append("begin \(TimelineNumber.format(beginTime))") }
        if speed != 1 { timing.append("speed \(TimelineNumber.format(speed))") }
        if timeOffset != 0 { timing.append("offset \(TimelineNumber.format(timeOffset))") }
        if !timing.isEmpty { line += " (" + timing.joined(separator: ", ") + ")" }
        return ([line] + animations.map { indent + "  " + $0.text }).joined(separator: "\n")
    }
}

extension AnimationTimeline {
    /// One line: key, class, key path, phase and progress, then the timing (defaults left out).
    public var text: String {
        var head = key.map { "\"\($0)\"" } ?? "(no key)"
        head += " " + kind
        if let keyPath { head += " " + keyPath }
        var state = phase.rawValue
        if phase == .active || isEffective {
            state += " p=\(TimelineNumber.format(progress)) iteration \(iteration)"
        }
        if phase != .active { state += isEffective ? " (fill holds)" : " (no effect)" }
        var timing = ["begin \(TimelineNumber.format(beginTime))", "duration \(TimelineNumber.format(duration))"]
        if speed != 1 { timing.append("speed \(TimelineNumber.format(speed))") }
        if timeOffset != 0 { timing.append("offset \(TimelineNumber.format(timeOffset))") }
        if repeatCount != 0 { timing.append("repeatCount \(TimelineNumber.format(repeatCount))") }
        if repeatDuration != 0 { timing.append("repeatDuration \(TimelineNumber.format(repeatDuration))") }
        if autoreverses { timing.append("autoreverses") }
        timing.append("end \(TimelineNumber.format(endTime))")
        timing.append("fill \(fillMode.rawValue)")
        if !isRemovedOnCompletion { timing.append("kept on completion") }
        return "\(head): \(state) · " + timing.joined(separator: " ")
    }
}

/// How timeline text writes numbers: six significant digits, `inf` for infinities, no negative zero.
enum TimelineNumber {
    static func format(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x > 0 ? "inf" : "-inf" }
        let s = String(format: "%.6g", x)
        return s == "-0" ? "0" : s
    }
}
