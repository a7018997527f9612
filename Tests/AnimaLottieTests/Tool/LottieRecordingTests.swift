import AnimaVideo
import Foundation
import Testing
import AnimaGraphics
@testable import AnimaLottie
@testable import AnimaLottieTool

/// `anima-lottie render FILE --record OUT.mp4`: every frame of the file, in-point to out-point, in a video.
@MainActor
@Suite("Lottie recording", .serialized)
struct LottieRecordingTests {
    @Test func everyFrameOfTheFileIsInTheVideo() throws {
        // A red square fading in over 30 frames at 30 per second.
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A", ks: LottieFixtures.opacity(from: 0, to: 100))])
        let animation = try LottieFixtures.animation(json)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("anima-lottie-record-\(getpid()).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        let frames = try LottieRecording.record(animation, to: url, maxDimension: 100, scale: 1)
        #expect(frames == 30)
        let video = try VideoReader.read(url, keepingFrames: [0, 15, 29])
        #expect(video.frameCount == 30 && video.width == 100 && video.height == 100)
        // Frame n shows opacity n/30 over black (H.264: within 24 levels).
        for (n, red) in [(0, 0), (15, 128), (29, 247)] {
            let pixel = try #require(video.frames[n]?.pixel(x: 50, y: 50))
            #expect(abs(Int(pixel.red) - red) <= 24 && pixel.green < 30, "frame \(n): \(pixel)")
        }
    }

    @Test func anUnknownExtensionIsAClearError() throws {
        let animation = try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "A")]))
        #expect(throws: VideoError.unknownExtension(path: "/tmp/x.mov")) {
            _ = try LottieRecording.record(animation, to: URL(fileURLWithPath: "/tmp/x.mov"), maxDimension: 50, scale: 1)
        }
    }
}
