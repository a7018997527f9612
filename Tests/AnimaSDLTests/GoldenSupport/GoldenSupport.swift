import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation
import Testing
@testable import AnimaSDL

/// How far a snapshot may stray from its golden PNG, and why that much is allowed.
///
/// A pixel *differs* when one of its premultiplied channels is more than `maxChannelDifference` (0…255) away
/// from the golden's; the comparison fails when more than `maxDifferingFraction` of all pixels differ.
struct GoldenTolerance: Sendable, CustomStringConvertible {
    /// The largest channel difference a pixel may have and still count as equal.
    var maxChannelDifference: Int
    /// The fraction (0…1) of pixels that may differ by more than `maxChannelDifference`.
    var maxDifferingFraction: Double
    /// Why this tolerance is what it is (written next to every use).
    var reason: String

    init(maxChannelDifference: Int, maxDifferingFraction: Double, reason: String) {
        self.maxChannelDifference = maxChannelDifference
        self.maxDifferingFraction = maxDifferingFraction
        self.reason = reason
    }

    var description: String {
        "channels within \(maxChannelDifference)/255, at most \(String(format: "%.2f", maxDifferingFraction * 100)) % of pixels beyond (\(reason))"
    }
}

/// The outcome of comparing two images pixel by pixel.
struct GoldenComparison {
    /// Pixels whose largest channel difference is above the tolerance's.
    var differingPixels: Int
    /// All pixels compared.
    var totalPixels: Int
    /// The largest channel difference anywhere.
    var largestDifference: Int
    /// Whether the sizes matched (when they do not, nothing else is meaningful).
    var sizesMatch: Bool

    var differingFraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    func passes(_ tolerance: GoldenTolerance) -> Bool {
        sizesMatch && differingFraction <= tolerance.maxDifferingFraction
    }

    /// Compares `actual` with `expected` under `tolerance`.
    init(_ actual: CGImage, _ expected: CGImage, tolerance: GoldenTolerance) {
        sizesMatch = actual.width == expected.width && actual.height == expected.height
        totalPixels = expected.width * expected.height
        differingPixels = sizesMatch ? 0 : totalPixels
        largestDifference = sizesMatch ? 0 : 255
        guard sizesMatch else { return }
        for (a, e) in zip(actual.premultipliedARGB, expected.premultipliedARGB) {
            let d = GoldenComparison.channelDifference(a, e)
            largestDifference = max(largestDifference, d)
            if d > tolerance.maxChannelDifference { differingPixels += 1 }
        }
    }

    /// The largest difference between the four 8-bit channels of two packed ARGB words.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var d = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            d = max(d, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
        }
        return d
    }

    /// A picture of the difference: the expected image faded to a light grey, with pixels beyond the tolerance in
    /// red (brighter for bigger differences) and pixels within it but not equal in yellow.
    static func diffImage(_ actual: CGImage, _ expected: CGImage, tolerance: GoldenTolerance) -> CGImage? {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        var out = [UInt32](repeating: 0, count: expected.premultipliedARGB.count)
        for i in out.indices {
            let a = actual.premultipliedARGB[i], e = expected.premultipliedARGB[i]
            let d = channelDifference(a, e)
            if d > tolerance.maxChannelDifference {
                out[i] = 0xFF00_0000 | UInt32(128 + d / 2) << 16
            } else if d > 0 {
                out[i] = 0xFFFF_D700
            } else {
                let p = RGBAPixel(argb: e)
                // Luminance of the pixel over white, faded towards white.
                let lum = (Int(p.red) * 3 + Int(p.green) * 6 + Int(p.blue) + 255 * (255 - Int(p.alpha)) * 10 / 255) / 10
                let g = UInt32(200 + lum * 55 / 255)
                out[i] = 0xFF00_0000 | g << 16 | g << 8 | g
            }
        }
        return CGImage(width: expected.width, height: expected.height, premultipliedARGB: out)
    }
}

/// Golden-image tests: snapshots compared with the PNGs in `Tests/AnimaSDLTests/Goldens/` (test resources).
///
/// Run with `ANIMA_UPDATE_GOLDENS=1` to write the current snapshots over the goldens in the source folder
/// (look at every one before committing). A failing comparison writes `NAME-expected.png`, `NAME-actual.png`
/// and `NAME-diff.png` under `.build/goldens/`.
@MainActor
enum Golden {
    /// The SDL renderer the goldens were made with.
    static let pinnedRenderer = "opengl"
    /// The OpenGL implementation the goldens were made with (Mesa's software rasterizer).
    static let pinnedGLRenderer = "llvmpipe"

    /// Whether `ANIMA_UPDATE_GOLDENS=1` asks to regenerate the goldens.
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["ANIMA_UPDATE_GOLDENS"] == "1" }

    /// The package root (this file is `Tests/AnimaSDLTests/GoldenSupport/GoldenSupport.swift`).
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }

    /// Where `ANIMA_UPDATE_GOLDENS=1` writes goldens: the source folder of the test resources.
    static var sourceFolder: URL { packageRoot.appendingPathComponent("Tests/AnimaSDLTests/Goldens", isDirectory: true) }

    /// Where failures write expected, actual and diff images.
    static var failureFolder: URL { packageRoot.appendingPathComponent(".build/goldens", isDirectory: true) }

    /// Why golden tests cannot run here (nil when the snapshot renderer is the pinned one).
    static func rendererMismatch() -> String? {
        guard let offscreen = SnapshotRenderer.shared() else {
            return "HeadlessDisplay.snapshot() has no OpenGL renderer here (it falls back to Cairo)"
        }
        let name = offscreen.renderer.name
        guard name == pinnedRenderer else {
            return "the snapshot renderer is SDL's '\(name)', the goldens were made with '\(pinnedRenderer)'"
        }
        let gl = glRendererString(offscreen.renderer) ?? "unknown"
        guard gl.contains(pinnedGLRenderer) else {
            return "the OpenGL implementation is '\(gl)', the goldens were made with Mesa \(pinnedGLRenderer)"
        }
        return nil
    }

    /// `glGetString(GL_RENDERER)` of the renderer's context.
    private static func glRendererString(_ renderer: SDLRenderer) -> String? {
        guard let context = renderer.glContext else { return nil }
        return GLContextScope.run {
            guard SDL_GL_MakeCurrent(renderer.window.handle, context) == 0,
                  let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
            typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
            let glGetString = unsafeBitCast(address, to: GetString.self)
            let GL_RENDERER: UInt32 = 0x1F01
            return glGetString(GL_RENDERER).map { String(cString: $0) }
        }
    }

    private static var reportedSkips: Set<String> = []

    /// Skips the running test (cancels it) with `reason`, shown once per run as a warning: Swift Testing's
    /// console reports cancelled test cases without their comment.
    static func skip(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Never {
        if reportedSkips.insert(reason).inserted {
            Issue.record(Comment(rawValue: reason), severity: .warning, sourceLocation: sourceLocation)
        }
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// Skips the running test, with the reason, when the renderer is not the pinned one.
    static func requirePinnedRenderer() throws {
        if let mismatch = rendererMismatch() {
            try skip("Golden tests skipped: \(mismatch)")
        }
    }

    /// The golden named `name` from the test bundle, nil when there is none.
    static func load(_ name: String) throws -> CGImage? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens") else { return nil }
        return try CGImage(contentsOf: url)
    }

    /// Compares `actual` with the golden `name` (or writes it, when updating), recording an issue with the
    /// numbers and the paths of the written images when it is outside `tolerance`.
    ///
    /// For ``GoldenVariant/shiftedOnePoint`` the comparison must fail instead: a scene moved by one point that still
    /// passed would mean the tolerance cannot catch a misplaced layer. That variant never writes goldens.
    static func expect(_ actual: CGImage, matches name: String, tolerance: GoldenTolerance, variant: GoldenVariant = .asRecorded,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        switch variant {
        case .asRecorded:
            if isUpdating {
                try FileManager.default.createDirectory(at: sourceFolder, withIntermediateDirectories: true)
                try actual.writePNG(to: sourceFolder.appendingPathComponent("\(name).png"))
                print("Golden \(name).png written to \(sourceFolder.path)")
                return
            }
            guard let expected = try load(name) else {
                let written = try writeFailure(name, actual: actual, expected: nil, tolerance: tolerance)
                Issue.record("No golden \(name).png in the test bundle; run with ANIMA_UPDATE_GOLDENS=1 to make it (actual: \(written))",
                             sourceLocation: sourceLocation)
                return
            }
            try verify(actual, against: expected, name: name, tolerance: tolerance, sourceLocation: sourceLocation)
        case .shiftedOnePoint:
            guard !isUpdating, let expected = try load(name) else { return }
            let result = GoldenComparison(actual, expected, tolerance: tolerance)
            if result.passes(tolerance) {
                Issue.record("""
                    \(name) moved by one point still matches its golden (\(result.differingPixels) pixels beyond \
                    \(tolerance.maxChannelDifference)/255): the tolerance (\(tolerance)) is too loose to catch a misplaced layer
                    """, sourceLocation: sourceLocation)
            }
        }
    }

    /// Records an issue, and writes `NAME-expected/actual/diff.png` under `.build/goldens/`, when `actual` is
    /// outside `tolerance` of `expected`.
    static func verify(_ actual: CGImage, against expected: CGImage, name: String, tolerance: GoldenTolerance,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = GoldenComparison(actual, expected, tolerance: tolerance)
        guard !result.passes(tolerance) else { return }
        let written = try writeFailure(name, actual: actual, expected: expected, tolerance: tolerance)
        let sizes = result.sizesMatch ? "" : " sizes differ: \(actual.width)×\(actual.height) vs \(expected.width)×\(expected.height);"
        Issue.record("""
            \(name): \(result.differingPixels) of \(result.totalPixels) pixels differ \
            (\(String(format: "%.2f", result.differingFraction * 100)) %, largest channel difference \(result.largestDifference));\(sizes) \
            allowed: \(tolerance). Images: \(written)
            """, sourceLocation: sourceLocation)
    }

    private static func writeFailure(_ name: String, actual: CGImage, expected: CGImage?, tolerance: GoldenTolerance) throws -> String {
        try FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
        let base = failureFolder.appendingPathComponent(name)
        try actual.writePNG(to: URL(fileURLWithPath: base.path + "-actual.png"))
        if let expected {
            try expected.writePNG(to: URL(fileURLWithPath: base.path + "-expected.png"))
            try GoldenComparison.diffImage(actual, expected, tolerance: tolerance)?.writePNG(to: URL(fileURLWithPath: base.path + "-diff.png"))
        }
        return base.path + "-{actual,expected,diff}.png"
    }
}

/// Which way a golden scene is drawn.
enum GoldenVariant: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// As recorded: must match the golden within the tolerance.
    case asRecorded
    /// Everything moved one point right: must *not* match (proof that the tolerance catches a misplaced layer).
    case shiftedOnePoint

    var testDescription: String { rawValue }
    /// How far the scene's layers move.
    var offset: CGSize { self == .asRecorded ? .zero : CGSize(width: 1, height: 0) }
}

/// A small headless scene for one golden: an opaque white `width × height`-point display at scale 1, with
/// layers added inside a transaction with actions disabled (into a container moved by `offset`, when given).
@MainActor
struct GoldenScene {
    let display: HeadlessDisplay

    init(width: Int = 64, height: Int = 64, scale: CGFloat = 1, offset: CGSize = .zero,
         background: CGColor? = CGColor(gray: 1, alpha: 1), _ build: (CALayer) throws -> Void) rethrows {
        display = HeadlessDisplay(width: width, height: height, scale: scale)
        display.makeCurrent()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        display.rootLayer.backgroundColor = background
        if offset == .zero {
            try build(display.rootLayer)
        } else {
            let container = CALayer()
            container.frame = CGRect(origin: CGPoint(x: offset.width, y: offset.height), size: display.size)
            display.rootLayer.addSublayer(container)
            try build(container)
        }
        CATransaction.commit()
    }

    /// Makes a frame and snapshots it through `HeadlessDisplay.snapshot()`.
    func snapshot() throws -> CGImage {
        display.makeCurrent()
        display.advance(by: 0)
        return try display.snapshot()
    }
}

/// `layer` with `frame` and background `color`, configured by `configure` and added to `parent`.
@MainActor @discardableResult
func add<L: CALayer>(_ layer: L, frame: CGRect, color: CGColor? = nil, to parent: CALayer,
                     _ configure: (L) -> Void = { _ in }) -> L {
    layer.frame = frame
    layer.backgroundColor = color
    configure(layer)
    parent.addSublayer(layer)
    return layer
}

/// Colours used across the golden scenes.
enum GoldenColor {
    static let red = CGColor(red: 0.9, green: 0.15, blue: 0.15, alpha: 1)
    static let green = CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1)
    static let blue = CGColor(red: 0.15, green: 0.35, blue: 0.95, alpha: 1)
    static let yellow = CGColor(red: 1, green: 0.8, blue: 0.1, alpha: 1)
    static let black = CGColor(gray: 0, alpha: 1)
    static let grey = CGColor(gray: 0.6, alpha: 1)
}
