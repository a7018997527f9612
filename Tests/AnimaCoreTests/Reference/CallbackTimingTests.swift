import Foundation
import Testing
import AnimaCore

/// Records delegate calls with the display time each arrived at.
@MainActor
private final class CallbackLog {
    struct Entry: Equatable {
        var key: String
        var event: String   // "start", "stop", "stop-unfinished"
        var time: Double
    }
    var entries: [Entry] = []
}

/// A delegate for one animation key, writing into a shared log.
@MainActor
private final class LoggingDelegate: CAAnimationDelegate {
    let key: String
    let log: CallbackLog
    init(key: String, log: CallbackLog) { self.key = key; self.log = log }
    func animationDidStart(_ anim: CAAnimation) {
        log.entries.append(.init(key: key, event: "start", time: CACurrentMediaTime()))
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.entries.append(.init(key: key, event: flag ? "stop" : "stop-unfinished", time: CACurrentMediaTime()))
    }
}

/// Delegate callbacks against the timing rules (§1.3 "Delegate timing"): `animationDidStart` at the first frame
/// whose time reaches the animation's begin, `animationDidStop(finished: true)` at the first frame at or past
/// the end of its active duration (also with `isRemovedOnCompletion == false`), `finished: false` when removed
/// early; the stored animation is gone after the end exactly when `isRemovedOnCompletion`. Group children's
/// delegates are never called (§2.6).
@MainActor
@Suite("Delegate callbacks against the timing rules")
struct CallbackTimingTests {
    @Test(arguments: 0..<4)
    func randomCallbacks(batch: Int) {
        var failures: [String] = []
        var checked = 0
        for seed in UInt64(batch * 25)..<UInt64(batch * 25 + 25) {
            let result = run(seed: seed ^ 0xCA11)
            failures += result.failures
            checked += result.callbacks
        }
        #expect(checked > 50)   // the scenes do exercise callbacks
        #expect(failures.isEmpty, "\(failures.count) disagreements:\n\(failures.prefix(6).joined(separator: "\n"))")
    }

    /// One scene: a few layers with layer timing, each with animations added at random frames; frames are one
    /// step each (one frame per advance), so every frame time is known.
    private func run(seed: UInt64) -> (failures: [String], callbacks: Int) {
        var rng = SplitMix64(seed: seed)
        let display = HeadlessDisplay(width: 200, height: 200)
        let log = CallbackLog()
        var layers: [RefLayer] = []
        var real: [CALayer] = []
        for i in 0..<(1 + rng.int(3)) {
            var l = RefLayer(id: i)
            l.beginTime = rng.uniform(-1, 1); l.speed = rng.pick([1, 0.5, 2] as [Float]); l.timeOffset = rng.uniform(-1, 1)
            let layer = LibraryBridge.makeLayer(l)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            display.rootLayer.addSublayer(layer)
            CATransaction.commit()
            layers.append(l)
            real.append(layer)
        }
        struct Added { var layer: Int; var key: String; var timing: RefTiming; var removeAtFrame: Int?
                       var isRemovedOnCompletion: Bool; var commitFrame: Int; var stamped: Bool }
        var added: [Added] = []
        var frames: [Double] = []
        var failures: [String] = []
        var callbacks = 0
        for frame in 0..<90 {
            let dt = rng.chance(0.8) ? display.frameInterval : rng.uniform(0.1, 0.9) * display.frameInterval
            if frame < 45 && rng.chance(0.15) {
                let i = rng.int(layers.count)
                let localNow = ReferenceTiming.layerTime(parentTime: display.time, beginTime: layers[i].beginTime,
                                                         speed: layers[i].speed, timeOffset: layers[i].timeOffset)
                var t = RefTiming(duration: rng.uniform(0.1, 0.6))
                t.beginTime = rng.chance(0.3) ? 0 : localNow + rng.uniform(0, 0.5)
                t.speed = Float(rng.uniform(0.5, 2))
                if rng.chance(0.3) { t.repeatCount = Float(rng.uniform(1, 2.5)) }
                t.autoreverses = rng.chance(0.3)
                t.fillMode = rng.pick(RefFillMode.allCases)   // fills never move start or stop
                let key = "cb\(added.count)"
                var description = RefAnimation(key: key, property: .opacity,
                                               kind: .basic(from: .number(0), to: .number(1), by: nil), timing: t)
                description.isRemovedOnCompletion = rng.chance(0.6)
                if rng.chance(0.3) {   // a group whose child has a delegate that must stay silent
                    var child = description
                    child.key = key + "-child"
                    child.timing = RefTiming(duration: t.duration)
                    description.kind = .group([child])
                    description.property = nil
                }
                let animation = LibraryBridge.makeAnimation(description)
                animation.delegate = LoggingDelegate(key: key, log: log)
                (animation as? CAAnimationGroup)?.animations?.first?.delegate = LoggingDelegate(key: key + "-child", log: log)
                real[i].add(animation, forKey: key)
                added.append(Added(layer: i, key: key, timing: t, removeAtFrame: rng.chance(0.2) ? frame + 1 + rng.int(20) : nil,
                                   isRemovedOnCompletion: description.isRemovedOnCompletion, commitFrame: frame, stamped: t.beginTime == 0))
            }
            for a in added where a.removeAtFrame == frame { real[a.layer].removeAnimation(forKey: a.key) }
            display.advance(by: dt)
            frames.append(display.time)
        }
        // Expected calls, from the rules and the frame times.
        for var a in added {
            let l = layers[a.layer]
            func local(_ f: Int) -> Double {
                ReferenceTiming.layerTime(parentTime: frames[f], beginTime: l.beginTime, speed: l.speed, timeOffset: l.timeOffset)
            }
            if a.stamped { a.timing.beginTime = local(a.commitFrame) }
            let lastFrame = a.removeAtFrame.map { $0 - 1 } ?? frames.count - 1
            let live = a.commitFrame <= lastFrame ? Array(a.commitFrame...lastFrame) : []
            let start = live.first { ReferenceTiming.phase(a.timing, parentTime: local($0)) != .before }
            let end = live.first { ReferenceTiming.phase(a.timing, parentTime: local($0)) == .after }
            var expected: [CallbackLog.Entry] = []
            if let start { expected.append(.init(key: a.key, event: "start", time: frames[start])) }
            if let end { expected.append(.init(key: a.key, event: "stop", time: frames[end])) }
            let got = log.entries.filter { $0.key == a.key }
            callbacks += got.count
            var matches = got.count == expected.count + (end == nil && a.removeAtFrame != nil ? 1 : 0)
            for (g, e) in zip(got, expected) where g.event != e.event || abs(g.time - e.time) > 1e-9 { matches = false }
            if end == nil, let r = a.removeAtFrame, r < frames.count {   // removed early: one unfinished stop
                let last = got.last
                if last?.event != "stop-unfinished" || !(last.map { $0.time <= frames[r] + 1e-9 } ?? false) { matches = false }
            }
            if !matches { failures.append("seed \(seed) \(a.key) \(a.timing): expected \(expected) got \(got)") }
            if end != nil && a.removeAtFrame == nil && (real[a.layer].animation(forKey: a.key) == nil) != a.isRemovedOnCompletion {
                failures.append("seed \(seed) \(a.key): animation(forKey:) after its end is \(real[a.layer].animation(forKey: a.key) == nil ? "nil" : "there"), isRemovedOnCompletion \(a.isRemovedOnCompletion)")
            }
        }
        if log.entries.contains(where: { $0.key.hasSuffix("-child") }) { failures.append("seed \(seed): a group child's delegate was called") }
        return (failures, callbacks)
    }
}
