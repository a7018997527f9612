import Anima
import Foundation
import FuzzSupport

/// `lottie`: bytes through the Lottie parser (JSON, or a `.lottie` ZIP when they start with `PK`), the layer
/// build, and a few frames of playback on a headless display (play, loop, pause at a progress, stop), each frame
/// composited by the software renderer (which rasterizes the shape layers: their stores are drawn only when shown).
/// Invariants: no trap; bad input throws; no NaN or infinity reaches the render tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzRuntime.prepare()
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    FuzzRuntime.begin(buffer)
    let bytes = Data(buffer)
    let animation: LottieAnimation?
    if bytes.starts(with: [0x50, 0x4B]) {
        animation = (try? DotLottieFile(data: bytes, source: "fuzz.lottie"))?.animations.first?.animation
    } else {
        animation = try? LottieAnimation.from(data: bytes, source: "fuzz.json")
    }
    guard let animation else { return 0 }
    MainActor.assumeIsolated { play(animation, seed: bytes.last ?? 0) }
    return 0
}

@MainActor
private func play(_ animation: LottieAnimation, seed: UInt8) {
    let display = HeadlessDisplay(width: 64, height: 64)
    let layer = LottieAnimationLayer(animation: animation)
    layer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
    display.rootLayer.addSublayer(layer)
    layer.loopMode = seed & 1 == 0 ? .loop : .autoReverse
    layer.play()
    display.advance(by: 0)
    check(display, "first frame")
    display.advance(by: 0.25)
    check(display, "playing")
    layer.pause()
    display.advance(by: 0)
    layer.play(fromProgress: 1, toProgress: 0, loopMode: .playOnce)
    display.advance(by: 1 / 30)
    check(display, "backwards")
    layer.stop()
    display.advance(by: 0)
    check(display, "stopped")
    layer.removeFromSuperlayer()
}

@MainActor
private func check(_ display: HeadlessDisplay, _ moment: String) {
    if let bad = RenderTreeCheck.firstNonFinite(in: display.renderTree) {
        FuzzRuntime.fail("lottie render-tree \(bad.field)", "\(moment): layer \(bad.layer)")
    }
    _ = try? display.snapshot(compositor: .software)
}
