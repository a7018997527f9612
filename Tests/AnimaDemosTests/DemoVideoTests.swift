import AnimaVideo
import Foundation
import Testing
@testable import AnimaDemos
import Anima

/// `anima-demos <demo> --record OUT.mp4|.webm|.gif`: the autoplay on the virtual clock, every frame in the video.
@MainActor
@Suite("Demo videos", .serialized)
struct DemoVideoTests {
    @Test func dropBoxRecordsEveryFrameExactly() throws {
        let info = try #require(DemoCatalog.named("drop-box"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("anima-drop-box-\(getpid()).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try DemoRunner.recordVideo(info, frames: 20, to: url)
        let video = try VideoReader.read(url, keepingFrames: [19])
        #expect(video.frameCount == 20 && video.width == 640 && video.height == 480)
        // The video's last frame is the 20th frame of a headless run: H.264 at CRF 18 keeps flat areas within 24
        // levels; sharp edges (its 4:2:0 colour is shared by 2 × 2 pixels) may stray further, in under 1 % of samples.
        let session = DemoRunner.headless(info)
        for _ in 0..<20 { session.display.advance(by: 1.0 / 60.0) }
        let expected = try session.display.snapshot()
        let actual = try #require(video.frames[19])
        var far = 0
        for y in stride(from: 0, to: 480, by: 8) {
            for x in stride(from: 0, to: 640, by: 8) {
                let a = try #require(actual.pixel(x: x, y: y)), e = try #require(expected.pixel(x: x, y: y))
                if max(abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)), abs(Int(a.blue) - Int(e.blue))) > 24 { far += 1 }
            }
        }
        #expect(far < 48, "\(far) of 4800 sampled pixels differ from the headless frame")
    }

    @Test func badOutputsAreClearErrors() throws {
        #expect(throws: VideoError.unknownExtension(path: "/tmp/clip.avi")) { _ = try DemoCommand.videoOutput("/tmp/clip.avi") }
        #expect(try DemoCommand.videoOutput("out/frames") == nil)   // a directory: PNG frames
        #expect(try DemoCommand.videoOutput("clip.webm")?.pathExtension == "webm")
        let info = try #require(DemoCatalog.named("drop-box"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("anima-empty-\(getpid()).mp4")
        #expect(throws: VideoError.noFrames(path: empty.path)) { _ = try DemoRunner.recordVideo(info, frames: 0, to: empty) }
        #expect(!FileManager.default.fileExists(atPath: empty.path))
        #expect(throws: VideoError.self) {
            _ = try DemoRunner.recordVideo(info, frames: 1, to: URL(fileURLWithPath: "/nonexistent-folder/clip.mp4"))
        }
    }
}
