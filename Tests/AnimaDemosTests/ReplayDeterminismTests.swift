import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// Every demo's scripted autoplay, run headless on virtual time, ends the way its article says it should (the box
/// reached the bottom and the button read Reset; the animator ended at .end after the long pan and at .start after
/// the short one; the labels swapped; the astronaut sits at the slider's fraction of the path; the fling stopped
/// inside the content) — and replaying it gives the same frames: the fingerprint of every frame's render tree and
/// the snapshot PNG bytes of every 60th frame are identical in two runs. (Time is a parameter and nothing depends
/// on hash order, so the second holds by construction; the test keeps it so.)
///
/// One test plays each demo twice: CI runs it under AddressSanitizer, where a demo's autoplay is the suite's
/// longest work, so the first replay is also the run whose end state is checked.
@MainActor
@Suite("Demo autoplay and replay", .serialized)
struct ReplayDeterminismTests {
    struct Replay: Equatable {
        var treeHashes: [UInt64] = []
        var snapshots: [Data] = []
    }

    /// Yields to other main-actor work every 60 frames: a replay is seconds of work (more under AddressSanitizer),
    /// and suites running beside it (windows pacing their frames) must not starve.
    func replay(_ info: DemoInfo, _ session: DemoRunner.HeadlessSession) async throws -> Replay {
        var replay = Replay()
        let frames = Int((info.autoplaySeconds * 60).rounded())
        for frame in 0..<frames {
            session.display.advance(by: 1.0 / 60.0)
            var hash = Fingerprint()
            hash.add(session.display.renderTree)
            replay.treeHashes.append(hash.value)
            if frame % 60 == 59 {
                replay.snapshots.append(try session.display.snapshot().pngData())
                await Task.yield()
                session.display.makeCurrent()
            }
        }
        return replay
    }

    @Test(arguments: DemoCatalog.all.map(\.name))
    func autoplayEndsAsTheArticleDescribesAndReplaysIdentically(_ name: String) async throws {
        let info = try #require(DemoCatalog.named(name))
        let session = DemoRunner.headless(info)
        let first = try await replay(info, session)
        #expect(session.script.isFinished, "autoplay steps left over")
        let failures = session.demo.verify()
        #expect(failures.isEmpty, "\(failures)")

        let second = try await replay(info, DemoRunner.headless(info))
        #expect(first.treeHashes.count == Int((info.autoplaySeconds * 60).rounded()))
        // The demo moves: its tree, or (fling draws its balls in one layer's draw(_:)) its pixels — except the Lottie
        // demo on a machine without the corpus, which only says where it looked.
        let hasSomethingToPlay = name != "lottie" || LottieDemo.findCorpus() != nil
        #expect(!hasSomethingToPlay || Set(first.treeHashes).count > 1 || Set(first.snapshots).count > 1, "the demo should move")
        let differing = zip(first.treeHashes, second.treeHashes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differing == nil, "render trees first differ at frame \(differing ?? -1)")
        #expect(first.snapshots.count == second.snapshots.count)
        let differingShot = zip(first.snapshots, second.snapshots).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(differingShot == nil, "snapshot PNGs first differ at frame \(((differingShot ?? -1) + 1) * 60 - 1)")
    }

    @Test func theFingerprintSeesAChangeInAnyPresentedField() {
        let display = HeadlessDisplay(width: 100, height: 100)
        display.makeCurrent()
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        display.rootLayer.addSublayer(layer)
        func fingerprint() -> UInt64 {
            display.advance(by: 1.0 / 60.0)
            var hash = Fingerprint()
            hash.add(display.renderTree)
            return hash.value
        }
        var seen: Set<UInt64> = [fingerprint()]
        #expect(fingerprint() == seen.first, "an unchanged tree keeps its fingerprint")
        let changes: [(String, () -> Void)] = [
            ("position by 1e-9", { layer.position.x += 1e-9 }),
            ("opacity", { layer.opacity = 0.5 }),
            ("background", { layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }),
            ("corner radius", { layer.cornerRadius = 3 }),
            ("border", { layer.borderWidth = 2 }),
            ("shadow", { layer.shadowOpacity = 0.5 }),
            ("hidden", { layer.isHidden = true }),
            ("name", { layer.name = "renamed" }),
        ]
        for (what, change) in changes {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            change()
            CATransaction.commit()
            #expect(seen.insert(fingerprint()).inserted, "a change of \(what) should change the fingerprint")
        }
    }
}

/// A 64-bit hash of what a render tree presents — each node's place in the tree, name, geometry, world transform,
/// opacity, visibility, colours, border, corners, shadow, contents placement, tint and mask tree — by the bit
/// patterns of its numbers (so a difference in the last bit counts), without formatting text: stable across runs
/// and processes, unlike `Hasher`. Layer identities and contents versions are left out: they count up across the
/// process, so a second run of the same demo has others. The tree's `time` is in: a frame in which nothing of this
/// demo changed keeps the last tree and its time, whatever the suites running beside this one while it yields do
/// to other displays — so a frame evaluated for nothing shows as a difference.
struct Fingerprint {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// One 64-bit word: xor, multiply by an odd constant (2⁶⁴ ÷ φ), fold the high bits down — a word at a time,
    /// since this runs for every field of every node of every frame in an unoptimised, sanitised build.
    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }
    mutating func add(_ v: CGFloat) { add(Double(v).bitPattern) }
    mutating func add(_ v: Float) { add(UInt64(v.bitPattern)) }
    mutating func add(_ v: Bool) { add(v ? 1 : 0) }
    mutating func add(_ v: Int) { add(UInt64(bitPattern: Int64(v))) }
    mutating func add(_ p: CGPoint) { add(p.x); add(p.y) }
    mutating func add(_ s: CGSize) { add(s.width); add(s.height) }
    mutating func add(_ r: CGRect) { add(r.origin); add(r.size) }
    mutating func add(_ c: RGBA?) {
        guard let c else { return add(UInt64.max) }
        add(c.red); add(c.green); add(c.blue); add(c.alpha)
    }
    mutating func add(_ text: String?) {
        guard let text else { return add(UInt64.max) }
        add(text.utf8.count)
        for byte in text.utf8 { add(UInt64(byte)) }
    }
    mutating func add(_ t: CATransform3D) {
        add(t.m11); add(t.m12); add(t.m13); add(t.m14); add(t.m21); add(t.m22); add(t.m23); add(t.m24)
        add(t.m31); add(t.m32); add(t.m33); add(t.m34); add(t.m41); add(t.m42); add(t.m43); add(t.m44)
    }

    mutating func add(_ tree: RenderTree) {
        add(tree.time.bitPattern)
        add(tree.nodes.count)
        for node in tree.nodes {
            add(node.name); add(node.parent); add(node.subtreeEnd)
            add(node.bounds); add(node.position); add(node.anchorPoint); add(node.zPosition)
            add(node.worldTransform); add(node.opacity); add(node.isHidden); add(node.isMirrored)
            add(node.backgroundColor); add(node.masksToBounds); add(node.isDoubleSided)
            add(node.borderColor); add(node.borderWidth); add(node.cornerRadius)
            add(node.shadowColor); add(node.shadowOpacity); add(node.shadowOffset); add(node.shadowRadius)
            add(node.contents != nil); add(node.contentsRect); add(node.contentsCenter); add(node.contentsScale)
            add(node.contentsFrame ?? .null); add(node.contentsGravity.rawValue); add(node.tint)
            if let mask = node.mask { add(mask) } else { add(UInt64.max) }
        }
    }
}
