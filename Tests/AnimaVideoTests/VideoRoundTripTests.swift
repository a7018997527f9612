import AnimaGraphics
import AnimaVideo
import Foundation
import Testing

/// Videos written by `VideoWriter` and decoded back by `VideoReader` (both through FFmpeg's libraries): the frame
/// count, the size and a few frames' pixels survive, within what each lossy codec changes; bad outputs are clear
/// errors that leave no file behind.
@Suite struct VideoRoundTripTests {
    static let width = 64, height = 48, frames = 12

    /// Frame `i`: blue, with a 16-point red square whose left edge is at `4 i`.
    static func frame(_ i: Int) -> CGImage {
        var pixels = [UInt32](repeating: 0xFF00_00FF, count: width * height)
        for y in 16..<32 { for x in (4 * i)..<(4 * i + 16) { pixels[y * width + x] = 0xFFFF_0000 } }
        return CGImage(width: width, height: height, premultipliedARGB: pixels)!
    }

    static func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("anima-video-\(getpid())-\(name)")
    }

    /// Whether `pixel` is within `tolerance` of (r, g, b) in every channel.
    static func isNear(_ pixel: RGBAPixel?, _ r: Int, _ g: Int, _ b: Int, tolerance: Int) -> Bool {
        guard let p = pixel else { return false }
        return abs(Int(p.red) - r) <= tolerance && abs(Int(p.green) - g) <= tolerance && abs(Int(p.blue) - b) <= tolerance
    }

    @Test(arguments: VideoFormat.allCases) func roundTrip(_ format: VideoFormat) throws {
        let url = Self.temporaryURL("round-trip.\(format.rawValue)")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try VideoWriter(url: url, width: Self.width, height: Self.height, framesPerSecond: 60)
        for i in 0..<Self.frames { try writer.append(Self.frame(i)) }
        try writer.finish()
        #expect(writer.frameCount == Self.frames)

        let video = try VideoReader.read(url, keepingFrames: [0, 5, 11])
        #expect(video.width == Self.width && video.height == Self.height)
        #expect(video.frameCount == Self.frames, "\(format): decoded \(video.frameCount) frames")
        // H.264 and VP9 are lossy and subsample colour (flat areas stay within a few levels); GIF's fixed palette holds
        // pure red and blue exactly (tolerance 4 only for rounding in the decoder's conversion).
        let tolerance = format == .gif ? 4 : 24
        for i in [0, 5, 11] {
            let image = try #require(video.frames[i], "frame \(i) not decoded")
            let squareCentre = image.pixel(x: 4 * i + 8, y: 24)
            #expect(Self.isNear(squareCentre, 255, 0, 0, tolerance: tolerance), "\(format) frame \(i): square \(String(describing: squareCentre))")
            // Left of the square (or right of it, for frame 0): the background.
            let background = image.pixel(x: i == 0 ? 40 : 4 * i - 6, y: 24)
            #expect(Self.isNear(background, 0, 0, 255, tolerance: tolerance), "\(format) frame \(i): background \(String(describing: background))")
            #expect(Self.isNear(image.pixel(x: 32, y: 4), 0, 0, 255, tolerance: tolerance))
        }
    }

    @Test func unknownExtensionsAreRefused() {
        let url = Self.temporaryURL("clip.avi")
        #expect(throws: VideoError.unknownExtension(path: url.path)) {
            _ = try VideoWriter(url: url, width: 8, height: 8)
        }
        #expect(VideoError.unknownExtension(path: "x.avi").description.contains(".mp4, .webm, .gif"))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func unwritablePathsAreRefusedAtOnce() {
        do {
            _ = try VideoWriter(url: URL(fileURLWithPath: "/nonexistent-folder/clip.mp4"), width: 8, height: 8)
            Issue.record("opened a video in a missing folder")
        } catch let error as VideoError {
            guard case .cannotWrite(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == "/nonexistent-folder/clip.mp4")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func emptyRecordingsWriteNoFile() throws {
        let url = Self.temporaryURL("empty.mp4")
        let writer = try VideoWriter(url: url, width: 16, height: 16)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(throws: VideoError.noFrames(path: url.path)) { try writer.finish() }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func badSizesAndFramesAreRefused() throws {
        let url = Self.temporaryURL("sizes.webm")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: VideoError.self) { _ = try VideoWriter(url: url, width: 0, height: 10) }
        #expect(throws: VideoError.self) { _ = try VideoWriter(url: url, width: 10, height: 10, framesPerSecond: 0) }
        let writer = try VideoWriter(url: url, width: 16, height: 16)
        #expect(throws: VideoError.frameSizeMismatch(path: url.path, expected: "16×16", got: "64×48")) {
            try writer.append(Self.frame(0))
        }
        #expect(writer.frameCount == 0)
    }

    @Test func oddSizesAreEncodedEven() throws {
        let url = Self.temporaryURL("odd.mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try VideoWriter(url: url, width: 15, height: 9)
        try writer.append(CGImage(width: 15, height: 9, premultipliedARGB: [UInt32](repeating: 0xFF00_FF00, count: 135))!)
        try writer.finish()
        let video = try VideoReader.read(url, keepingFrames: [0])
        #expect(video.width == 14 && video.height == 8 && video.frameCount == 1, "\(video.width)×\(video.height), \(video.frameCount) frames")
        #expect(Self.isNear(video.frames[0]?.pixel(x: 7, y: 4), 0, 255, 0, tolerance: 24))
    }

    @Test func missingFilesCannotBeRead() {
        #expect(throws: VideoError.self) { _ = try VideoReader.read(URL(fileURLWithPath: "/nonexistent-folder/x.mp4")) }
    }
}

