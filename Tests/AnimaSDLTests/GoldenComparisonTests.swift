import AnimaCore
import AnimaGraphics
import Foundation
import Testing
@testable import AnimaSDL

/// The golden-image machinery itself: how tolerances count differing pixels, what a failure records and writes,
/// and when golden tests skip.
@Suite(.serialized) @MainActor struct GoldenComparisonTests {
    /// A `width × height` image of one colour with the listed pixels replaced.
    func image(width: Int = 10, height: Int = 10, fill: UInt32 = 0xFFFF_FFFF, changes: [(x: Int, y: Int, argb: UInt32)] = []) throws -> CGImage {
        var pixels = [UInt32](repeating: fill, count: width * height)
        for c in changes { pixels[c.y * width + c.x] = c.argb }
        return try #require(CGImage(width: width, height: height, premultipliedARGB: pixels))
    }

    @Test func pixelsDifferOnlyBeyondTheChannelTolerance() throws {
        let expected = try image()
        // Three changed pixels: one by 3 levels (green), one by 10 (alpha), one by 255 (red).
        let actual = try image(changes: [(1, 1, 0xFFFF_FCFF), (2, 2, 0xF5FF_FFFF), (3, 3, 0xFF00_FFFF)])
        let loose = GoldenTolerance(maxChannelDifference: 3, maxDifferingFraction: 0.02, reason: "test")
        let comparison = GoldenComparison(actual, expected, tolerance: loose)
        #expect(comparison.differingPixels == 2)
        #expect(comparison.largestDifference == 255)
        #expect(comparison.differingFraction == 0.02)
        #expect(comparison.passes(loose))                        // 2 of 100 pixels may differ
        let tight = GoldenTolerance(maxChannelDifference: 3, maxDifferingFraction: 0.01, reason: "test")
        #expect(!GoldenComparison(actual, expected, tolerance: tight).passes(tight))
        let exact = GoldenTolerance(maxChannelDifference: 0, maxDifferingFraction: 0, reason: "test")
        #expect(GoldenComparison(actual, expected, tolerance: exact).differingPixels == 3)
        #expect(GoldenComparison(expected, expected, tolerance: exact).passes(exact))
    }

    @Test func differentSizesNeverMatch() throws {
        let anything = GoldenTolerance(maxChannelDifference: 255, maxDifferingFraction: 0.99, reason: "test")
        let comparison = GoldenComparison(try image(width: 10), try image(width: 11), tolerance: anything)
        #expect(!comparison.sizesMatch)
        #expect(!comparison.passes(anything))
    }

    @Test func aFailureRecordsTheNumbersAndWritesExpectedActualAndDiff() throws {
        let name = "golden-selftest"
        let files = ["actual", "expected", "diff"].map { Golden.failureFolder.appendingPathComponent("\(name)-\($0).png") }
        for file in files { try? FileManager.default.removeItem(at: file) }
        let expected = try image()
        let actual = try image(changes: [(4, 4, 0xFF00_0000), (5, 5, 0xFFFF_FFFE)])
        let tolerance = GoldenTolerance(maxChannelDifference: 2, maxDifferingFraction: 0, reason: "exactness test")
        try withKnownIssue {
            try Golden.verify(actual, against: expected, name: name, tolerance: tolerance)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
            return text.contains("1 of 100 pixels differ") && text.contains("exactness test")
        }
        for file in files { #expect(FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent) written") }
        let diff = try CGImage(contentsOf: files[2])
        #expect(diff.pixel(x: 4, y: 4)?.red ?? 0 > 200 && diff.pixel(x: 4, y: 4)?.green == 0)   // beyond: red
        #expect(diff.pixel(x: 5, y: 5) == RGBAPixel(red: 255, green: 215, blue: 0, alpha: 255))  // within: yellow
        #expect(diff.pixel(x: 0, y: 0)?.red == diff.pixel(x: 0, y: 0)?.blue)                     // equal: grey
        // Within the tolerance nothing is recorded (an unexpected issue would fail this test).
        try Golden.verify(actual, against: expected, name: name,
                          tolerance: GoldenTolerance(maxChannelDifference: 255, maxDifferingFraction: 0, reason: "test"))
    }

    @Test func goldenTestsSkipWhenSnapshotsFallBackToCairo() {
        SnapshotRenderer.forcesSoftware = true
        defer { SnapshotRenderer.forcesSoftware = false }
        #expect(Golden.rendererMismatch()?.contains("falls back to Cairo") == true)
    }

    @Test func everyGoldenInTheBundleIsAReadable64PointSnapshot() throws {
        let folder = try #require(Bundle.module.url(forResource: "Goldens", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count >= 36)
        for name in names {
            let golden = try CGImage(contentsOf: folder.appendingPathComponent(name))
            // Timeline charts (TimelineChartGoldenTests) are drawn on the CPU at their own size.
            if !name.hasPrefix("timeline-") {
                #expect(golden.height == 64 && [64, 96].contains(golden.width), "\(name) is \(golden.width)×\(golden.height)")
            }
            #expect(golden.pixel(x: 0, y: 0) == RGBAPixel(red: 255, green: 255, blue: 255, alpha: 255), "\(name) has the white backdrop")
        }
    }
}
