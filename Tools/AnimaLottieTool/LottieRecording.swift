import Anima
import AnimaVideo
import Foundation

/// `anima-lottie render FILE --record OUT.mp4`: every frame of a file, in-point to out-point, into a video.
@MainActor
enum LottieRecording {
    /// Records `animation` at its own frame rate (rounded to a whole number of frames per second, at least 1) into
    /// `url`, each frame shown exactly (paused at that frame, on the display's virtual clock). Returns the frame
    /// count. A file of no frames (out-point at or before the in-point) writes nothing and throws
    /// ``VideoError/noFrames(path:)``. `compositor` composites the frames.
    static func record(_ animation: LottieAnimation, to url: URL, maxDimension: Double, scale: Double,
                       compositor: HeadlessDisplay.SnapshotCompositor = .openGL) throws -> Int {
        let rate = max(1, min(240, Int(animation.framerate.rounded())))
        let scene = LottieReferenceScene(animation: animation, moment: .frame(Double(animation.startFrame)),
                                         maxDimension: maxDimension, scale: scale)
        let writer = try VideoWriter(url: url, width: scene.pixelSize.width, height: scene.pixelSize.height,
                                     framesPerSecond: rate)
        let start = Double(animation.startFrame), end = Double(animation.endFrame)
        let step = animation.framerate / Double(rate)   // file frames per video frame
        var frame = start
        while frame < end - 1e-9 {
            scene.animationLayer.setPlaybackMode(.paused(at: .frame(frame)))
            scene.display.advance(by: 1.0 / Double(rate))
            try writer.append(scene.crop(try scene.display.snapshot(compositor: compositor)))
            frame += step
        }
        try writer.finish()
        return writer.frameCount
    }
}
