import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaSDL
@testable import AnimaLottie

/// Layer masks, checked pixel by pixel: a 100 × 100 composition filled by one solid layer, masked by rectangles.
@MainActor
@Suite("Masks", .serialized)
struct MaskTests {
    /// A mask JSON: mode `a`/`s`/`i`, a rectangle from (x0, y0) to (x1, y1), inverted or not.
    private static func mask(_ mode: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, inverted: Bool = false,
                             expansion: String = #"{"a":0,"k":0}"#) -> String {
        let v = "[[\(x0),\(y0)],[\(x1),\(y0)],[\(x1),\(y1)],[\(x0),\(y1)]]"
        let zero = "[[0,0],[0,0],[0,0],[0,0]]"
        return #"{"mode":"\#(mode)","inv":\#(inverted),"pt":{"a":0,"k":{"c":true,"v":\#(v),"i":\#(zero),"o":\#(zero)}},"o":{"a":0,"k":100},"x":\#(expansion)}"#
    }

    /// Whether the pixels at the given points (composition units, scale 1) are covered.
    private static func covered(masks: [String], at points: [(Int, Int)]) throws -> [Bool] {
        let solid = ##"{"ty":1,"nm":"Fill","ind":1,"ip":0,"op":30,"st":0,"ks":{},"sc":"#ff0000","sw":100,"sh":100,"hasMask":true,"masksProperties":[\##(masks.joined(separator: ","))]}"##
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [solid])))
        return points.map { alpha[$0.1 * width + $0.0] > 128 }
    }

    private static let points = [(10, 10), (50, 50), (90, 90), (70, 20)]

    @Test func oneAddedMaskShowsItsInside() throws {
        #expect(try Self.covered(masks: [Self.mask("a", 0, 0, 60, 60)], at: Self.points) == [true, true, false, false])
    }

    @Test func oneSubtractedMaskHidesItsInside() throws {
        #expect(try Self.covered(masks: [Self.mask("s", 0, 0, 60, 60)], at: Self.points) == [false, false, true, true])
    }

    /// lottie-ios's composition: a subtracted mask after an added one cuts the added one.
    @Test func aSubtractedMaskCutsTheAddedOneBeforeIt() throws {
        let masks = [Self.mask("a", 0, 0, 100, 100), Self.mask("s", 0, 0, 20, 20)]
        #expect(try Self.covered(masks: masks, at: Self.points) == [false, true, true, true])
    }

    @Test func anIntersectedMaskKeepsWhereBothCover() throws {
        let masks = [Self.mask("a", 0, 0, 60, 60), Self.mask("i", 40, 0, 100, 100)]
        #expect(try Self.covered(masks: masks, at: [(10, 10), (50, 50), (90, 90), (50, 20)]) == [false, true, false, true])
    }

    @Test func addedMasksAfterACutAddToTheResult() throws {
        let masks = [Self.mask("a", 0, 0, 60, 60), Self.mask("s", 0, 0, 20, 20), Self.mask("a", 80, 80, 100, 100)]
        #expect(try Self.covered(masks: masks, at: Self.points) == [false, true, true, false])
    }

    /// The modes lottie-ios draws as others (its `usableMode`, so Apple's renders show them so): lighten adds, darken
    /// and difference intersect — and none of them is reported as unsupported any more.
    @Test func lightenAddsDarkenAndDifferenceIntersect() throws {
        let probes = [(10, 10), (50, 50), (90, 90), (50, 20)]
        #expect(try Self.covered(masks: [Self.mask("a", 0, 0, 60, 60), Self.mask("l", 40, 0, 100, 100)], at: probes)
                == [true, true, true, true])
        for mode in ["d", "f"] {
            #expect(try Self.covered(masks: [Self.mask("a", 0, 0, 60, 60), Self.mask(mode, 40, 0, 100, 100)], at: probes)
                    == [false, true, false, true], "mode \(mode)")
        }
        let solid = ##"{"ty":1,"nm":"Fill","ind":1,"ip":0,"op":30,"st":0,"ks":{},"sc":"#ff0000","sw":100,"sh":100,"hasMask":true,"masksProperties":[\##(Self.mask("f", 0, 0, 60, 60))]}"##
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [solid])))
        #expect(layer.buildDiagnostics.allSatisfy { !$0.contains("mask mode") }, "\(layer.buildDiagnostics)")
    }

    /// A layer drawn at a tenth of its size works in units ten times the composition's: a cut-out must cover its
    /// whole content there, not the composition's box (which showed only the top-left tenth of the layer).
    @Test func aSubtractedMaskCoversAScaledDownLayer() throws {
        let zero = "[[0,0],[0,0],[0,0],[0,0]]"
        let square = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[1000,0],[1000,1000],[0,1000]],"i":\#(zero),"o":\#(zero)}}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let cut = Self.mask("s", 0, 0, 200, 200)   // the top-left fifth, in the layer's units
        let layer = LottieFixtures.shapes("\(square),\(fill)", ks: #"{"s":{"a":0,"k":[10,10]}}"#,
                                          extra: #""hasMask":true,"masksProperties":[\#(cut)],"#)
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [layer])))
        let covered = [(10, 10), (50, 50), (90, 90), (30, 90)].map { alpha[$0.1 * width + $0.0] > 128 }
        #expect(covered == [false, true, true, true])
    }

    // MARK: Expansion

    /// Whether each point is covered, by each compositor, with the 40 × 40 square (30, 30)–(70, 70) as the one mask.
    private static func coveredByExpandedSquare(_ mode: String, inverted: Bool = false, expansion: String, progress: Double = 0,
                                                at points: [(Int, Int)]) throws -> [[Bool]] {
        let solid = ##"{"ty":1,"nm":"Fill","ind":1,"ip":0,"op":30,"st":0,"ks":{},"sc":"#ff0000","sw":100,"sh":100,"hasMask":true,"masksProperties":[\##(mask(mode, 30, 30, 70, 70, inverted: inverted, expansion: expansion))]}"##
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(LottieFixtures.document(layers: [solid])))
        #expect(layer.buildDiagnostics.isEmpty, "\(layer.buildDiagnostics)")
        let scene = LottieReferenceScene(animation: try #require(layer.animation), moment: .progress(progress), scale: 1)
        return try [HeadlessDisplay.SnapshotCompositor.openGL, .software].map { compositor in
            let image = scene.crop(try scene.display.snapshot(compositor: compositor))
            return try points.map { try #require(image.pixel(x: $0.0, y: $0.1)).alpha > 128 }
        }
    }

    /// Points by their distance from the square: 5 and 15 outside its left edge, 5 and 15 inside it, and two on the
    /// diagonal beyond its top-left corner, 8.5 and 11.3 from the corner (pixel centres).
    private static let expansionProbes = [(25, 50), (15, 50), (35, 50), (45, 50), (24, 24), (22, 22)]

    @Test func expansionGrowsTheOutlineWithRoundCorners() throws {
        // Grown by 10: everything within 10 of the square — 8.5 from the corner yes, 11.3 no (a mitred corner would
        // reach 14.1).
        for covered in try Self.coveredByExpandedSquare("a", expansion: #"{"a":0,"k":10}"#, at: Self.expansionProbes) {
            #expect(covered == [true, false, true, true, true, false])
        }
    }

    @Test func negativeExpansionShrinksTheOutline() throws {
        for covered in try Self.coveredByExpandedSquare("a", expansion: #"{"a":0,"k":-10}"#, at: Self.expansionProbes + [(50, 50)]) {
            #expect(covered == [false, false, false, true, false, false, true])
        }
    }

    @Test func aSubtractedOrInvertedMaskCutsOutTheExpandedOutline() throws {
        for covered in try Self.coveredByExpandedSquare("s", expansion: #"{"a":0,"k":10}"#, at: Self.expansionProbes) {
            #expect(covered == [false, true, false, false, false, true])
        }
        for covered in try Self.coveredByExpandedSquare("a", inverted: true, expansion: #"{"a":0,"k":-10}"#,
                                                        at: Self.expansionProbes + [(50, 50)]) {
            #expect(covered == [true, true, true, false, true, true, false])
        }
    }

    @Test func animatedExpansionFollowsItsKeyframesAcrossZero() throws {
        // −10 at frame 0 to +20 at frame 30: shrunk by 10 at the start, grown by 5 halfway, by 18.5 near the end. Points
        // 7.5 and 4.5 outside the left edge, 5.5 and 15.5 inside it. (Blending each band's width between the keyframes
        // would draw a grown and a shrunk band at once halfway, clearing the point 4.5 outside.)
        let x = #"{"a":1,"k":[{"t":0,"s":[-10],"e":[20]},{"t":30,"s":[20]}]}"#
        let probes = [(22, 50), (25, 50), (35, 50), (45, 50)]
        for (progress, expected) in [(0.0, [false, false, false, true]), (0.5, [false, true, true, true]),
                                     (0.95, [true, true, true, true])] {
            for covered in try Self.coveredByExpandedSquare("a", expansion: x, progress: progress, at: probes) {
                #expect(covered == expected, "progress \(progress)")
            }
        }
    }
}
