import Foundation
import AnimaGraphics

/// What a ``TimelineRecorder`` saw: the media time of every recorded frame, and one row per animation with where it
/// was at each of those frames.
public struct TimelineRecording: Equatable, Sendable {
    /// Where one animation was at one recorded frame.
    public struct Sample: Equatable, Sendable {
        /// The phase (nil: the animation was not on its layer at that frame — not added yet, or removed).
        public var phase: AnimationPhase?
        public var isEffective: Bool
        public var progress: Double
        public var iteration: Int

        /// Not on the layer.
        public static let absent = Sample(phase: nil, isEffective: false, progress: 0, iteration: 0)
    }

    /// One animation over the recording.
    public struct Row: Equatable, Sendable {
        /// The layer's name; else its view's class (its delegate's), else its own class.
        public var layer: String
        /// The row's first animation when it was first seen (its timing and key).
        public var animation: AnimationTimeline
        /// How many animations the row shows: animations of one layer and key path that follow one another (a
        /// property animator re-adding its animation as it is scrubbed, say) share a row.
        public var animationCount: Int = 1
        /// One sample per recorded frame (``TimelineRecording/times``).
        public var samples: [Sample]

        /// `layer · key keyPath`, as the chart labels the row.
        public var label: String {
            if animationCount > 1 { return "\(layer) · \(animation.keyPath ?? "") (\(animationCount) animations)" }
            var s = "\(layer) · \(animation.key ?? "(no key)")"
            if let keyPath = animation.keyPath, keyPath != animation.key { s += " \(keyPath)" }
            return s
        }
    }

    /// The media time of each recorded frame, in order.
    public var times: [CFTimeInterval] = []
    /// The animations in the order they were first seen.
    public var rows: [Row] = []

    public init(times: [CFTimeInterval] = [], rows: [Row] = []) {
        self.times = times
        self.rows = rows
    }
}

/// Records every animation of a display's tree frame by frame: call ``recordFrame()`` after each frame, then read
/// ``recording`` (or draw it with ``TimelineChart``).
///
/// Animations are told apart by identity. One that appears on a layer while another of the same key path on that
/// layer is absent continues that one's row (so a property's successive animations read as one line). The recorder
/// keeps the animations and layers it has seen alive while it lives. Reads no clock: each frame is sampled at the pipeline's last
/// frame time.
/// ```swift
/// let recorder = TimelineRecorder(pipeline: display.pipeline)
/// for _ in 0..<120 { display.advance(by: 1.0 / 60); recorder.recordFrame() }
/// let chart = TimelineChart(recorder.recording).makeImage()
/// ```
@MainActor
public final class TimelineRecorder {
    private weak var pipeline: FramePipeline?
    public private(set) var recording = TimelineRecording()
    /// The row of each animation seen, by identity (the animations are kept, so an identity is never reused).
    private var rowOf: [ObjectIdentifier: Int] = [:]
    private var seen: [AnyObject] = []
    /// The rows of each layer and key path, by the layer's identity.
    private var rowsOf: [ObjectIdentifier: [String: [Int]]] = [:]

    public init(pipeline: FramePipeline) { self.pipeline = pipeline }

    /// Samples every animation of the tree at the last frame's time.
    public func recordFrame() {
        guard let pipeline else { return }
        let (timeline, objects) = pipeline.store.timelineWithAnimations(atMediaTime: pipeline.frameTime)
        let frame = recording.times.count
        recording.times.append(timeline.mediaTime)
        for i in recording.rows.indices { recording.rows[i].samples.append(.absent) }
        // Known animations first, so that a new one only takes a row no animation of this frame is in.
        var new: [(LayerTimeline, CALayer?, AnimationTimeline, CAAnimation)] = []
        for (layer, (layerObject, animations)) in zip(timeline.layers, objects) {
            for (animation, object) in zip(layer.animations, animations) {
                if let row = rowOf[ObjectIdentifier(object)] {
                    recording.rows[row].samples[frame] = Self.sample(animation)
                } else {
                    new.append((layer, layerObject, animation, object))
                }
            }
        }
        for (layer, layerObject, animation, object) in new {
            let property = animation.keyPath ?? animation.key ?? ""
            let row: Int
            if let layerObject, !property.isEmpty,
               let free = rowsOf[ObjectIdentifier(layerObject)]?[property]?.first(where: { recording.rows[$0].samples[frame].phase == nil }) {
                row = free
                recording.rows[row].animationCount += 1
            } else {
                row = recording.rows.count
                if let layerObject {
                    seen.append(layerObject)
                    rowsOf[ObjectIdentifier(layerObject), default: [:]][property, default: []].append(row)
                }
                recording.rows.append(TimelineRecording.Row(layer: layer.name ?? layer.delegateKind ?? layer.kind, animation: animation,
                                                            samples: Array(repeating: .absent, count: frame + 1)))
            }
            rowOf[ObjectIdentifier(object)] = row
            seen.append(object)
            recording.rows[row].samples[frame] = Self.sample(animation)
        }
    }

    private static func sample(_ a: AnimationTimeline) -> TimelineRecording.Sample {
        TimelineRecording.Sample(phase: a.phase, isEffective: a.isEffective, progress: a.progress, iteration: a.iteration)
    }
}
