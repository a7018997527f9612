import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// CAGradientLayer: model, animations, and the colours Cairo paints.
@MainActor
@Suite("CAGradientLayer")
struct GradientLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A committed 100 × 100 gradient layer called `name`.
    func makeGradient(_ name: String, configure: (CAGradientLayer) -> Void) -> (display: HeadlessDisplay, layer: CAGradientLayer) {
        makeContentsScene(name) { () -> CAGradientLayer in
            let gradient = CAGradientLayer()
            configure(gradient)
            return gradient
        }
    }

    @Test func defaults() {
        let gradient = CAGradientLayer()
        #expect(gradient.colors == nil && gradient.locations == nil)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(gradient.type == .axial)
        #expect(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint == CGPoint(x: 0.5, y: 1))
        #expect(CAGradientLayer.defaultValue(forKey: "type") as? CAGradientLayerType == .axial)
        #expect(CAGradientLayerType.conic.rawValue == "conic")
        #expect(CAGradientLayer.needsDisplay(forKey: "colors") && CAGradientLayer.needsDisplay(forKey: "startPoint"))
    }

    @Test func colorsAcceptColourConvertiblesAndReadBackAsCGColors() {
        struct Paint: CGColorConvertible { var cgColor: CGColor }
        let gradient = CAGradientLayer()
        gradient.colors = [Self.red, Paint(cgColor: Self.blue)]
        #expect(gradient.colors as? [CGColor] == [Self.red, Self.blue])
        gradient.locations = [0, 0.25]
        #expect(gradient.locations == [0, 0.25])
    }

    @Test func axialColoursAtStartMiddleAndEnd() throws {
        let (_, gradient) = makeGradient("vertical") { $0.colors = [Self.red, Self.blue] }
        let store = try #require(gradient.backingStore as? CGImage)
        #expect(isClose(rgba(store, 50, 0), [254, 0, 1, 255], within: 3))
        #expect(isClose(rgba(store, 50, 50), [127, 0, 128, 255], within: 3))
        #expect(isClose(rgba(store, 50, 99), [1, 0, 254, 255], within: 3))
        #expect(rgba(store, 0, 30) == rgba(store, 99, 30))             // constant across the axis
    }

    @Test func axialHorizontalWithLocations() throws {
        let (_, gradient) = makeGradient("locations") {
            $0.colors = [Self.red, Self.green, Self.blue]
            $0.locations = [0, 0.2, 1]
            $0.startPoint = CGPoint(x: 0, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        let store = try #require(gradient.backingStore as? CGImage)
        #expect(isClose(rgba(store, 20, 50), [0, 255, 0, 255], within: 6))
        #expect(isClose(rgba(store, 10, 50), [128, 128, 0, 255], within: 8))
        #expect(isClose(rgba(store, 60, 50), [0, 128, 128, 255], within: 6))
        #expect(rgba(store, 20, 0) == rgba(store, 20, 99))
    }

    @Test func endColoursExtendPastTheEnds() throws {
        let (_, gradient) = makeGradient("extend") {
            $0.colors = [Self.red, Self.blue]
            $0.startPoint = CGPoint(x: 0.5, y: 0.25)
            $0.endPoint = CGPoint(x: 0.5, y: 0.75)
        }
        let store = try #require(gradient.backingStore as? CGImage)
        #expect(rgba(store, 50, 5) == [255, 0, 0, 255])
        #expect(rgba(store, 50, 95) == [0, 0, 255, 255])
    }

    @Test func radialIsAnEllipseAroundTheStartPoint() throws {
        let (display, gradient) = makeGradient("radial") {
            $0.type = .radial
            $0.colors = [Self.red, Self.blue]
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 1)
        }
        gradient.bounds.size = CGSize(width: 200, height: 100)             // x radius 100, y radius 50
        display.advance(by: 1)
        let store = try #require(gradient.backingStore as? CGImage)
        #expect(isClose(rgba(store, 100, 50), [255, 0, 0, 255], within: 3))
        #expect(isClose(rgba(store, 150, 50), [127, 0, 128, 255], within: 4))
        #expect(isClose(rgba(store, 100, 75), [127, 0, 128, 255], within: 4))
        #expect(rgba(store, 1, 1) == [0, 0, 255, 255])                      // outside the ellipse: the last colour
    }

    @Test func conicSweepsFromTheEndPointDirectionClockwise() throws {
        let (_, gradient) = makeGradient("conic") {
            $0.type = .conic
            $0.colors = [Self.red, Self.green, Self.blue, Self.red]        // at 0, 1/3, 2/3 and 1 of a turn
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        let store = try #require(gradient.backingStore as? CGImage)
        #expect(isClose(rgba(store, 95, 51), [255, 0, 0, 255], within: 12))   // just past 0: red
        #expect(isClose(rgba(store, 50, 95), [64, 191, 0, 255], within: 12))  // a quarter turn (down): ¾ red → green
        #expect(isClose(rgba(store, 5, 50), [0, 128, 128, 255], within: 12))  // half a turn: green → blue halfway
        #expect(isClose(rgba(store, 50, 5), [64, 0, 191, 255], within: 12))   // three quarters (up): ¼ blue → red
    }

    @Test func colorsAnimateImplicitlyElementByElement() throws {
        let (display, gradient) = makeGradient("fade") { $0.colors = [Self.red, Self.red] }
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        gradient.colors = [Self.blue, Self.green]
        CATransaction.commit()
        #expect(gradient.animation(forKey: "colors") is CABasicAnimation)
        display.advance(by: 0.125)
        let presented = try #require(gradient.presentation()?.colors as? [CGColor])
        #expect(presented.count == 2)
        #expect(isClose(presented[0].red, 0.5, within: 1e-6) && isClose(presented[0].blue, 0.5, within: 1e-6))
        let shown = try #require(shownImage(display, "fade"))
        #expect(isClose(rgba(shown, 50, 0), [127, 0, 128, 255], within: 3))
        #expect(isClose(rgba(gradient.backingStore as? CGImage, 50, 0), [0, 0, 255, 255], within: 3))
        display.advance(by: 0.2)
        #expect(shownImage(display, "fade") === gradient.backingStore)
    }

    @Test func firstColorsFadeInAndLocationsAnimate() throws {
        let (display, gradient) = makeGradient("fade-in") { _ in }
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        gradient.colors = [Self.red, Self.blue]
        CATransaction.commit()
        display.advance(by: 0.125)
        let presented = try #require(gradient.presentation()?.colors as? [CGColor])
        #expect(isClose(presented[0].alpha, 0.5, within: 1e-6) && presented[0].red == 1)
        #expect(rgba(shownImage(display, "fade-in"), 50, 0)?[3] == 128 || rgba(shownImage(display, "fade-in"), 50, 0)?[3] == 127)

        display.advance(by: 1)
        let move = basic("locations", from: [0, 0.2], to: [0.8, 1], duration: 1)
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        gradient.add(move, forKey: "move")
        display.advance(by: 0)
        display.advance(by: 0.5)
        let locations = try #require(gradient.presentation()?.locations?.map(\.doubleValue))
        #expect(locations.count == 2 && isClose(locations[0], 0.4, within: 1e-9) && isClose(locations[1], 0.6, within: 1e-9))
        let shown = try #require(shownImage(display, "fade-in"))
        // Row 50's centre (50.5) is 10.5 / 20 of the way from 40 to 60.
        #expect(isClose(rgba(shown, 50, 50), [121, 0, 134, 255], within: 3))
        #expect(rgba(shown, 50, 30) == [255, 0, 0, 255])
    }

    @Test func startPointAnimationRedraws() throws {
        let (display, gradient) = makeGradient("tilt") { $0.colors = [Self.red, Self.blue] }
        let tilt = basic("startPoint", from: CGPoint(x: 0.5, y: 0), to: CGPoint(x: 0.5, y: 1), duration: 1)
        tilt.timingFunction = CAMediaTimingFunction(name: .linear)
        gradient.add(tilt, forKey: "tilt")
        display.advance(by: 0)
        display.advance(by: 0.5)                                            // start (0.5, 0.5): top half red
        let shown = try #require(shownImage(display, "tilt"))
        #expect(rgba(shown, 50, 40) == [255, 0, 0, 255])
        #expect(isClose(rgba(shown, 50, 75), [127, 0, 128, 255], within: 4))
    }

    @Test func badInputIsRejectedOrDrawnSafely() throws {
        let (display, gradient) = makeGradient("bad-gradient") { $0.colors = [Self.red, Self.blue] }
        gradient.colors = [Self.red, "blue"]
        #expect(gradient.colors as? [CGColor] == [Self.red, Self.blue])
        #expect(diagnosticCount("'bad-gradient': rejected colors") == 1)
        gradient.colors = [CGColor(red: .nan, green: 0, blue: 0, alpha: 1)]
        #expect(gradient.colors?.count == 2)
        gradient.locations = [0, NSNumber(value: Double.nan)]
        #expect(gradient.locations == nil)
        #expect(diagnosticCount("'bad-gradient': rejected locations") == 1)
        gradient.startPoint = CGPoint(x: CGFloat.infinity, y: 0)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0))

        gradient.locations = [0, 0.5, 1]                                    // three locations, two colours
        display.advance(by: 1)
        #expect(diagnosticCount("'bad-gradient': 3 locations for 2 colors") == 1)
        #expect(isClose(rgba(gradient.backingStore as? CGImage, 50, 50), [127, 0, 128, 255], within: 3))

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gradient.locations = nil
        gradient.colors = [Self.green]                                      // one colour: a solid fill
        CATransaction.commit()
        display.advance(by: 0)
        #expect(rgba(gradient.backingStore as? CGImage, 10, 90) == [0, 255, 0, 255])
        gradient.colors = [Self.red, Self.blue]
        gradient.endPoint = gradient.startPoint                             // no axis: the last colour
        display.advance(by: 1)
        #expect(rgba(gradient.backingStore as? CGImage, 10, 90) == [0, 0, 255, 255])
        gradient.colors = []
        display.advance(by: 1)
        #expect(inkCount(gradient.backingStore as? CGImage, threshold: 0) == 0)
    }
}
