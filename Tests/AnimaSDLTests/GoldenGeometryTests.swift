import AnimaCore
import AnimaGraphics
import Foundation
import Testing
import AnimaSDL

/// Golden images of layer geometry: transforms, m34 perspective, anchor points, opacity and group opacity, and
/// clipping (`masksToBounds`, `mask`) under rotation. 64×64-point scenes at scale 1 on white, drawn by
/// `HeadlessDisplay.snapshot()` (OpenGL through Mesa llvmpipe; skipped with a message on any other renderer).
///
/// Each scene runs twice: as recorded, where it must match its golden, and moved one point right, where it must
/// not (so every tolerance is shown to catch a misplaced layer). Every comparison states its tolerance and why. SDL's geometry has no anti-aliasing: a pixel is covered when
/// its centre is inside a triangle, so solid colours come out exact and only edge pixels of non-axis-aligned
/// shapes depend on the rasterizer's sub-pixel rules.
@Suite(.serialized) @MainActor struct GoldenGeometryTests {
    typealias C = GoldenColor

    /// Snapshots the scene `build` makes (moved as `variant` says) and compares it with the golden `name`.
    func check(_ variant: GoldenVariant, _ name: String, _ tolerance: GoldenTolerance,
               sourceLocation: SourceLocation = #_sourceLocation, _ build: (CALayer) -> Void) throws {
        try Golden.requirePinnedRenderer()
        let image = try GoldenScene(offset: variant.offset, build).snapshot()
        try Golden.expect(image, matches: name, tolerance: tolerance, variant: variant, sourceLocation: sourceLocation)
    }

    // MARK: Transforms

    @Test(arguments: GoldenVariant.allCases) func rotationAndScale(_ variant: GoldenVariant) throws {
        try check(variant, "transform-rotate-scale", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; up to 0.5 % of pixels (20) may flip if another llvmpipe build rounds edges differently, while a 1-point shift changes over 100")) { root in
            let square = add(CALayer(), frame: CGRect(x: 12, y: 12, width: 40, height: 40), color: C.blue, to: root) {
                $0.transform = CATransform3DScale(CATransform3DMakeRotation(.pi / 6, 0, 0, 1), 1.2, 0.8, 1)
            }
            add(CALayer(), frame: CGRect(x: 0, y: 0, width: 12, height: 12), color: C.red, to: square)   // marks the top-left corner
        }
    }

    @Test(arguments: GoldenVariant.allCases) func nestedTransformsCompose(_ variant: GoldenVariant) throws {
        try check(variant, "transform-nested", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; only edge pixels of the rotated child may flip with the rasterizer's rounding")) { root in
            let parent = add(CALayer(), frame: CGRect(x: 4, y: 8, width: 32, height: 32), color: C.green, to: root) {
                $0.transform = CATransform3DScale(CATransform3DMakeTranslation(14, 8, 0), 1.25, 0.75, 1)
            }
            add(CALayer(), frame: CGRect(x: 6, y: 6, width: 14, height: 14), color: C.yellow, to: parent) {
                $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func sublayerTransformTurnsTheSublayersAboutTheCentre(_ variant: GoldenVariant) throws {
        try check(variant, "transform-sublayerTransform", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; only edge pixels of the four rotated squares may flip with the rasterizer's rounding")) { root in
            let parent = add(CALayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) {
                $0.sublayerTransform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            }
            for (i, color) in [C.red, C.green, C.blue, C.yellow].enumerated() {
                add(CALayer(), frame: CGRect(x: 12 + CGFloat(i % 2) * 24, y: 12 + CGFloat(i / 2) * 24, width: 16, height: 16),
                    color: color, to: parent)
            }
        }
    }

    // MARK: Perspective (m34)

    @Test(arguments: GoldenVariant.allCases) func perspectiveRotationAboutY(_ variant: GoldenVariant) throws {
        try check(variant, "perspective-rotateY", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; the trapezoid is subdivided into many triangles whose edge pixels may flip with the rasterizer's rounding")) { root in
            let card = add(CALayer(), frame: CGRect(x: 12, y: 12, width: 40, height: 40), color: C.blue, to: root) {
                var t = CATransform3DIdentity
                t.m34 = -1 / 60
                $0.transform = CATransform3DRotate(t, .pi / 3.5, 0, 1, 0)
            }
            add(CALayer(), frame: CGRect(x: 0, y: 0, width: 20, height: 40), color: C.red, to: card)   // the left half
        }
    }

    @Test(arguments: GoldenVariant.allCases) func perspectiveFromTheSublayerTransform(_ variant: GoldenVariant) throws {
        try check(variant, "perspective-sublayerTransform-rotateX", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; only the slanted edges of the floor may flip with the rasterizer's rounding")) { root in
            let stage = add(CALayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) {
                var p = CATransform3DIdentity
                p.m34 = -1 / 80
                $0.sublayerTransform = p
            }
            let floor = add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.green, to: stage) {
                $0.transform = CATransform3DMakeRotation(.pi / 3, 1, 0, 0)   // top edge away from the viewer
            }
            for row in 0..<3 {   // stripes show the foreshortening
                add(CALayer(), frame: CGRect(x: 0, y: CGFloat(row) * 16, width: 48, height: 8), color: C.yellow, to: floor)
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func perspectiveMakesNearerLayersLargerAndSortsThemByZPosition(_ variant: GoldenVariant) throws {
        try check(variant, "perspective-zPosition", GoldenTolerance(
            maxChannelDifference: 1, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; the projected edges land between pixels, so up to 0.5 % (20 pixels) may flip with the rasterizer's rounding")) { root in
            let stage = add(CALayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) {
                var p = CATransform3DIdentity
                p.m34 = -1 / 100
                $0.sublayerTransform = p
            }
            // Added first but nearer: drawn on top. Projected: blue 25 points wide around (39.5, 39.5),
            // red 16.7 points wide around (27, 27).
            add(CALayer(), frame: CGRect(x: 28, y: 28, width: 20, height: 20), color: C.blue, to: stage) { $0.zPosition = 20 }
            add(CALayer(), frame: CGRect(x: 16, y: 16, width: 20, height: 20), color: C.red, to: stage) { $0.zPosition = -20 }
        }
    }

    // MARK: Anchor points

    @Test(arguments: GoldenVariant.allCases) func rotationAboutTheTopLeftAnchor(_ variant: GoldenVariant) throws {
        try check(variant, "anchor-topLeft-rotation", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; only edge pixels of the rotated square may flip with the rasterizer's rounding")) { root in
            add(CALayer(), frame: CGRect(x: 20, y: 8, width: 32, height: 32), color: C.grey, to: root)   // where it was
            add(CALayer(), frame: .zero, color: C.blue, to: root) {
                $0.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
                $0.anchorPoint = CGPoint(x: 0, y: 0)
                $0.position = CGPoint(x: 20, y: 8)
                $0.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            }
            add(CALayer(), frame: CGRect(x: 18, y: 6, width: 4, height: 4), color: C.black, to: root)    // the pivot
        }
    }

    @Test(arguments: GoldenVariant.allCases) func scaleTowardsTheBottomRightAnchor(_ variant: GoldenVariant) throws {
        try check(variant, "anchor-bottomRight-scale", GoldenTolerance(
            maxChannelDifference: 1, maxDifferingFraction: 0,
            reason: "every edge falls on a pixel boundary, so the image is exact (1/255 for rounding of colours)")) { root in
            add(CALayer(), frame: CGRect(x: 16, y: 16, width: 40, height: 40), color: C.grey, to: root)  // unscaled
            add(CALayer(), frame: .zero, color: C.red, to: root) {
                $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                $0.anchorPoint = CGPoint(x: 1, y: 1)
                $0.position = CGPoint(x: 56, y: 56)
                $0.transform = CATransform3DMakeScale(0.5, 0.5, 1)   // now (36, 36)…(56, 56)
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func anchorOutsideTheBoundsSwingsLikeAPendulum(_ variant: GoldenVariant) throws {
        try check(variant, "anchor-outside-pendulum", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; only edge pixels of the rotated rod and bob may flip with the rasterizer's rounding")) { root in
            let pivot = CGPoint(x: 32, y: 6), swing = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            add(CALayer(), frame: .zero, color: C.black, to: root) {          // rod from the pivot down 32 points
                $0.bounds = CGRect(x: 0, y: 0, width: 2, height: 32)
                $0.anchorPoint = CGPoint(x: 0.5, y: 0)
                $0.position = pivot
                $0.transform = swing
            }
            add(CALayer(), frame: .zero, color: C.red, to: root) {            // bob hanging 32…48 points below
                $0.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
                $0.anchorPoint = CGPoint(x: 0.5, y: -2)
                $0.position = pivot
                $0.transform = swing
            }
        }
    }

    // MARK: Opacity

    @Test(arguments: GoldenVariant.allCases) func opacityOfSeparateLayersBlendsEachOne(_ variant: GoldenVariant) throws {
        try check(variant, "opacity-layers", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0,
            reason: "axis-aligned squares on pixel boundaries: every pixel is a blend the GPU computes the same way each time; 2/255 for 8-bit blend rounding")) { root in
            for (i, color) in [C.red, C.green, C.blue].enumerated() {
                add(CALayer(), frame: CGRect(x: 8 + CGFloat(i) * 12, y: 8 + CGFloat(i) * 12, width: 32, height: 32), color: color, to: root) {
                    $0.opacity = 0.5
                }
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func groupOpacityFadesTheSubtreeAsOneImage(_ variant: GoldenVariant) throws {
        try check(variant, "opacity-group", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0,
            reason: "axis-aligned squares on pixel boundaries blended once as a group: exact up to 2/255 of blend rounding")) { root in
            let group = add(CALayer(), frame: CGRect(x: 0, y: 0, width: 64, height: 64), to: root) { $0.opacity = 0.5 }
            for (i, color) in [C.red, C.green, C.blue].enumerated() {   // overlaps show only the top square
                add(CALayer(), frame: CGRect(x: 8 + CGFloat(i) * 12, y: 8 + CGFloat(i) * 12, width: 32, height: 32), color: color, to: group)
            }
        }
    }

    @Test(arguments: GoldenVariant.allCases) func nestedOpacityMultiplies(_ variant: GoldenVariant) throws {
        try check(variant, "opacity-nested", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0,
            reason: "axis-aligned squares on pixel boundaries: exact up to 2/255 of rounding in the two 8-bit blends")) { root in
            add(CALayer(), frame: CGRect(x: 0, y: 24, width: 64, height: 16), color: C.black, to: root)   // a bar behind
            let outer = add(CALayer(), frame: CGRect(x: 6, y: 6, width: 52, height: 52), color: C.blue, to: root) { $0.opacity = 0.5 }
            add(CALayer(), frame: CGRect(x: 10, y: 10, width: 32, height: 32), color: C.red, to: outer) { $0.opacity = 0.5 }
            add(CALayer(), frame: CGRect(x: 26, y: 0, width: 12, height: 64), color: C.green, to: root) { $0.isHidden = true }
        }
    }

    // MARK: Clipping under rotation

    @Test(arguments: GoldenVariant.allCases) func masksToBoundsClipsToTheRotatedBounds(_ variant: GoldenVariant) throws {
        try check(variant, "clip-masksToBounds-rotated", GoldenTolerance(
            maxChannelDifference: 2, maxDifferingFraction: 0.005,
            reason: "flat colours are exact; only the rotated clip edges may flip with the rasterizer's rounding, while a screen-aligned clip would differ in hundreds of pixels")) { root in
            let clip = add(CALayer(), frame: CGRect(x: 14, y: 14, width: 36, height: 36), color: C.grey, to: root) {
                $0.masksToBounds = true
                $0.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            }
            add(CALayer(), frame: CGRect(x: 18, y: 18, width: 36, height: 36), color: C.red, to: clip)     // overflows right and down
            add(CALayer(), frame: CGRect(x: -12, y: -12, width: 24, height: 24), color: C.blue, to: clip)  // overflows left and up
        }
    }

    @Test(arguments: GoldenVariant.allCases) func masksToBoundsWithCornerRadiusClipsToTheRoundedShape(_ variant: GoldenVariant) throws {
        try check(variant, "clip-masksToBounds-rounded-rotated", GoldenTolerance(
            maxChannelDifference: 8, maxDifferingFraction: 0.005,
            reason: "the rounded clip is a Cairo-drawn anti-aliased texture sampled with filtering: 8/255 on its edge, and up to 0.5 % (20) of pixels for rasterizer rounding on the rotated edges")) { root in
            let clip = add(CALayer(), frame: CGRect(x: 12, y: 12, width: 40, height: 40), color: C.grey, to: root) {
                $0.masksToBounds = true
                $0.cornerRadius = 12
                $0.transform = CATransform3DMakeRotation(-.pi / 8, 0, 0, 1)
            }
            add(CALayer(), frame: CGRect(x: 0, y: 0, width: 40, height: 20), color: C.blue, to: clip)      // top half
            add(CALayer(), frame: CGRect(x: 20, y: 20, width: 30, height: 30), color: C.yellow, to: clip)  // past the corner
        }
    }

    @Test(arguments: GoldenVariant.allCases) func shapeMaskClipsUnderRotation(_ variant: GoldenVariant) throws {
        try check(variant, "clip-mask-rotated", GoldenTolerance(
            maxChannelDifference: 8, maxDifferingFraction: 0.005,
            reason: "the triangle mask is an anti-aliased Cairo texture sampled with filtering: 8/255 on its edges, and up to 0.5 % (20) of pixels for rasterizer rounding on the rotated edges")) { root in
            let masked = add(CALayer(), frame: CGRect(x: 8, y: 8, width: 48, height: 48), color: C.blue, to: root) {
                $0.transform = CATransform3DMakeRotation(.pi / 9, 0, 0, 1)
            }
            add(CALayer(), frame: CGRect(x: 0, y: 24, width: 48, height: 24), color: C.red, to: masked)   // bottom half, masked too
            let triangle = CGMutablePath()
            triangle.move(to: CGPoint(x: 24, y: 2))
            triangle.addLine(to: CGPoint(x: 46, y: 46))
            triangle.addLine(to: CGPoint(x: 2, y: 46))
            triangle.closeSubpath()
            let mask = CAShapeLayer()
            mask.frame = CGRect(x: 0, y: 0, width: 48, height: 48)   // in the masked layer's coordinates
            mask.path = triangle
            mask.fillColor = C.black
            masked.mask = mask
        }
    }
}
