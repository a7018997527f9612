import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// A stroke listed outside the group whose path it strokes: the group's transform moves and scales the
/// path, but the stroke keeps its own width (After Effects' and lottie-ios's rule).
@MainActor
@Suite("Styles outside groups", .serialized)
struct StyleSpaceTests {
    /// A 10-unit square scaled 300 % by its group (so 30 wide, centred at 50, 50), stroked 2 wide outside it.
    private let file = LottieFixtures.document(layers: [LottieFixtures.shapes("""
        {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
          {"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[300,300]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]},
        {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4}
        """)])

    @Test func theStrokeKeepsItsWidthWhileThePathIsScaled() throws {
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(file))
        let stroke = try #require(LottieFixtures.find("S style", in: layer) as? CAShapeLayer)
        #expect(stroke.lineWidth == 2)
        #expect(stroke.path?.boundingBoxOfPath == CGRect(x: 35, y: 35, width: 30, height: 30))
    }

    @Test func drawnTheStrokeIsTwoUnitsWideAtTheScaledEdge() throws {
        // The square's left edge is at x = 35: the stroke covers 34…36, not 32…38 (a stroke scaled with the path).
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(file))
        func at(_ x: Int) -> UInt8 { alpha[50 * width + x] }
        #expect(at(34) == 255 && at(35) == 255)
        #expect(at(33) == 0 && at(36) == 0)
    }
}

/// A gradient fill listed outside the group whose path it fills turns with the group, as lottie-ios draws it (its
/// Core Animation engine nests a parent group's fills in each child group's layer; issue_1717's badge, rotated by
/// its group, shows its gradient turned in Apple's render).
@MainActor
@Suite("Gradients outside groups", .serialized)
struct GradientSpaceTests {
    @Test func aGradientFillTurnsWithTheGroupOfItsPath() throws {
        // A 100-unit square turned 180° about its centre by its group, filled outside it with a gradient from black
        // on the left to white on the right: turned with the square, white is on the left.
        let file = LottieFixtures.document(layers: [LottieFixtures.shapes("""
            {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
              {"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":180},"o":{"a":0,"k":100}}]},
            {"ty":"gf","o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[-50,0]},"e":{"a":0,"k":[50,0]},"t":1,
             "g":{"p":2,"k":{"a":0,"k":[0,0,0,0,1,1,1,1]}}}
            """)])
        let scene = LottieReferenceScene(animation: try LottieFixtures.animation(file), moment: .progress(0), scale: 1)
        let image = scene.crop(try scene.display.snapshot())
        let left = try #require(image.pixel(x: 10, y: 50)), right = try #require(image.pixel(x: 90, y: 50))
        #expect(left.red > 200 && right.red < 55, "left \(left), right \(right)")
    }
}

@MainActor
@Suite("Gradient strokes", .serialized)
struct GradientStrokeTests {
    @Test func aTrimCutsAGradientStroke() throws {
        // A horizontal line from x 10 to 90 stroked 10 wide with a gradient, trimmed to its first half.
        let items = """
        {"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[10,50],[90,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
        {"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":1},
        {"ty":"gs","s":{"a":0,"k":[10,50]},"e":{"a":0,"k":[90,50]},"t":1,"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},
         "o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1,"ml":4}
        """
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapes(items)])))
        #expect(alpha[50 * width + 30] == 255)      // on the first half
        #expect(alpha[50 * width + 70] == 0)        // trimmed away
    }

    /// lottie-ios gives a gradient stroke's opacity to the stroke that masks the gradient and to the gradient itself,
    /// so Core Animation shows it squared.
    @Test func aGradientStrokesOpacityIsOnItsMaskAndItsGradient() throws {
        let items = """
        {"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[10,50],[90,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
        {"ty":"gs","s":{"a":0,"k":[10,50]},"e":{"a":0,"k":[90,50]},"t":1,"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},
         "o":{"a":0,"k":50},"w":{"a":0,"k":10},"lc":1,"lj":1,"ml":4}
        """
        let animation = try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapes(items)]))
        let layer = LottieAnimationLayer(animation: animation)
        let gradient = try #require(LottieFixtures.find("S gradient", in: layer))
        let strokeMask = try #require(gradient.mask?.sublayers?.first as? CAShapeLayer)
        #expect(gradient.opacity == 0.5 && strokeMask.opacity == 0.5)
        let (width, alpha) = try LottieFixtures.alpha(of: animation)
        #expect(abs(Int(alpha[50 * width + 50]) - 64) <= 2)      // 0.5 × 0.5 of 255
    }
}

@MainActor
@Suite("Gradient opacity stops", .serialized)
struct GradientOpacityTests {
    /// Black from end to end, opaque at both ends and clear half way: only the opacity stops say so.
    private let fill = #"{"ty":"gf","s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"t":1,"o":{"a":0,"k":100},"r":1,"g":{"p":2,"k":{"a":0,"k":[0,0,0,0,1,0,0,0,0,1,0.5,0,1,1]}}}"#

    @Test func opacityStopsBetweenColourStopsKeepTheirPlace() throws {
        let model = try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapes(
            #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\#(fill)"#)])).model
        guard case .shapes(let items) = model.layers[0].content, case .gradientFill(let gradient, _) = items[1] else {
            Issue.record("expected a gradient fill"); return
        }
        let stops = GradientLayerBuilder.colors(gradient, frame: 0)
        #expect(stops.map(\.location) == [0, 0, 0.5, 1, 1])
        #expect(stops.map { Double($0.color.alpha) } == [1, 1, 0, 1, 1])
    }

    @Test func drawnTheMiddleIsClearAndTheEndsOpaque() throws {
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapes(
            #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\#(fill)"#)])))
        #expect(alpha[50 * width + 50] < 8)
        #expect(alpha[50 * width + 2] > 240 && alpha[50 * width + 97] > 240)
        #expect(abs(Int(alpha[50 * width + 25]) - 128) < 12)    // half way to the clear middle
    }

    /// A 100-unit square filled with `gradient` at 50 % opacity: its drawn alpha at the middle.
    private func middleAlpha(fillOpacity: Double, stops: String) throws -> Int {
        let gradient = #"{"ty":"gf","s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"t":1,"o":{"a":0,"k":\#(fillOpacity)},"r":1,"g":{"p":2,"k":{"a":0,"k":\#(stops)}}}"#
        let (width, alpha) = try LottieFixtures.alpha(of: try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapes(
            #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\#(gradient)"#)])))
        return Int(alpha[50 * width + 50])
    }

    /// lottie-ios draws a gradient with opacity stops as a colour gradient masked by an alpha gradient and gives both
    /// layers the fill's opacity, so Core Animation shows it squared (Apple's render of `issue_1732`: its purple
    /// fill at 96 % shows at 92 %); a gradient without opacity stops is one layer, shown at the fill's opacity.
    @Test func aGradientWithOpacityStopsShowsItsOpacityTwice() throws {
        let opaqueStops = "[0,0,0,0,1,0,0,0,0,1,1,1]"       // opacity stops, all 1: lottie-ios draws one layer
        let halfStops = "[0,0,0,0,1,0,0,0,0,0.5,1,0.5]"     // opacity stops at 0.5: colour masked by alpha
        #expect(abs(try middleAlpha(fillOpacity: 50, stops: opaqueStops) - 128) <= 2)
        #expect(abs(try middleAlpha(fillOpacity: 100, stops: halfStops) - 128) <= 2)
        #expect(abs(try middleAlpha(fillOpacity: 50, stops: halfStops) - 32) <= 2)     // 0.5 × 0.5² of 255
    }

    /// A value provider's colours carry their alpha to both of lottie-ios's layers when the file's gradient has
    /// opacity stops, so each point's alpha shows squared (Apple's render of `issue_1854`); over a gradient without
    /// them there is one layer, and the alpha shows once. Black, alpha 0 → 1 across: a quarter of the way 0.25.
    @Test func aProvidersAlphaShowsTwiceOverAGradientWithOpacityStops() throws {
        func quarterAlpha(fileStops: String) throws -> Int {
            let gradient = #"{"ty":"gf","nm":"G","s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"t":1,"o":{"a":0,"k":100},"r":1,"g":{"p":2,"k":{"a":0,"k":\#(fileStops)}}}"#
            let animation = try LottieFixtures.animation(LottieFixtures.document(layers: [LottieFixtures.shapes(
                #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\#(gradient)"#)]))
            let scene = LottieReferenceScene(animation: animation, moment: .progress(0), scale: 1)
            scene.animationLayer.setValueProvider(GradientValueProvider([LottieColor(r: 0, g: 0, b: 0, a: 0), LottieColor(r: 0, g: 0, b: 0, a: 1)]),
                                                  keypath: "S.G.Colors")
            scene.display.advance(by: 0)
            let image = scene.crop(try scene.display.snapshot())
            return Int(image.premultipliedARGB[50 * image.width + 25] >> 24)
        }
        #expect(abs(try quarterAlpha(fileStops: "[0,1,0,0,1,1,0,0,0,0.5,1,0.5]") - 16) <= 3)   // 0.25² of 255
        #expect(abs(try quarterAlpha(fileStops: "[0,1,0,0,1,1,0,0]") - 64) <= 3)               // 0.25 of 255
    }
}
