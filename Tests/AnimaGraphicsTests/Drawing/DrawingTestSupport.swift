import Foundation
import Testing
import AnimaGraphics

/// Small helpers shared by the drawing tests.
enum DrawingFixture {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let opaqueRed = RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255)
    static let opaqueBlue = RGBAPixel(red: 0, green: 0, blue: 255, alpha: 255)
    static let transparent = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)

    /// A context of `size` with the fill and stroke colours set to red.
    static func context(_ width: Int = 100, _ height: Int = 100) -> CGContext {
        let c = CGContext(width: width, height: height)
        c.setFillColor(red)
        c.setStrokeColor(red)
        return c
    }

    /// The image's pixel, or a sentinel that never matches a test's expectation when out of range.
    static func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> RGBAPixel {
        image?.pixel(x: x, y: y) ?? RGBAPixel(red: 1, green: 2, blue: 3, alpha: 4)
    }

    /// `<package>/.build/anima-drawing/`, created on demand: where tests leave images for people to look at.
    static func outputDirectory() throws -> URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }   // Drawing/, AnimaGraphicsTests/, Tests/, file
        url.appendPathComponent(".build/anima-drawing", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("anima-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whether the Korean font package is installed (Hangul glyphs are then expected).
    static var hasNanumFont: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/nanum/NanumGothic.ttf")
    }
}
