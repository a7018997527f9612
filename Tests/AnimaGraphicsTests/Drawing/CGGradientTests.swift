import Foundation
import Testing
import AnimaGraphics

@Suite("CGGradient and gradient drawing")
struct CGGradientTests {
    static let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                     colors: [DrawingFixture.red, DrawingFixture.blue], locations: [0, 1])!

    @Test func locationsDefaultToEvenSpacingAndSortWithTheirColours() throws {
        let even = try #require(CGGradient(colorsSpace: nil, colors: [.black, .white, .black], locations: nil))
        #expect(even.locations == [0, 0.5, 1])
        let sorted = try #require(CGGradient(colorsSpace: nil, colors: [.black, .white], locations: [1, -2]))
        #expect(sorted.locations == [0, 1] && sorted.colors == [.white, .black])
        let components = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                                                 colorComponents: [1, 0, 0, 1, 0, 0, 1, 1], locations: [0, 1], count: 2))
        #expect(components.colors == [DrawingFixture.red, DrawingFixture.blue])
    }

    @Test func badGradientsAreReportedAndNotMade() {
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [.black], locations: [0, 1]) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [.black, .white], locations: [0, .nan]) == nil)
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [1, 0], locations: nil, count: 2) == nil)
        #expect(!Diagnostics.messages(containing: "CGGradient: locations").isEmpty)
    }

    @Test func linearGradientPaintsBetweenTheEndsAndExtendsOnlyWhenAsked() {
        func paint(_ options: CGGradientDrawingOptions) -> CGImage? {
            let c = CGContext(width: 100, height: 10)
            c.drawLinearGradient(Self.gradient, start: CGPoint(x: 25, y: 0), end: CGPoint(x: 75, y: 0), options: options)
            return c.makeImage()
        }
        let none = paint([])
        #expect(DrawingFixture.pixel(none, 10, 5) == DrawingFixture.transparent)
        #expect(DrawingFixture.pixel(none, 90, 5) == DrawingFixture.transparent)
        let middle = DrawingFixture.pixel(none, 50, 5)
        #expect(abs(Int(middle.red) - 125) <= 3 && abs(Int(middle.blue) - 130) <= 3 && middle.alpha == 255)
        let before = paint(.drawsBeforeStartLocation)
        #expect(DrawingFixture.pixel(before, 10, 5) == DrawingFixture.opaqueRed)
        #expect(DrawingFixture.pixel(before, 90, 5) == DrawingFixture.transparent)
        let after = paint(.drawsAfterEndLocation)
        #expect(DrawingFixture.pixel(after, 10, 5) == DrawingFixture.transparent)
        #expect(DrawingFixture.pixel(after, 90, 5) == DrawingFixture.opaqueBlue)
        let both = paint([.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(DrawingFixture.pixel(both, 10, 5) == DrawingFixture.opaqueRed && DrawingFixture.pixel(both, 90, 5) == DrawingFixture.opaqueBlue)
    }

    @Test func radialGradientBetweenCircles() {
        let c = CGContext(width: 100, height: 100)
        c.drawRadialGradient(Self.gradient, startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
                             endCenter: CGPoint(x: 50, y: 50), endRadius: 40, options: [])
        let image = c.makeImage()
        #expect(DrawingFixture.pixel(image, 50, 50).red >= 250)
        let halfway = DrawingFixture.pixel(image, 70, 50)
        #expect(abs(Int(halfway.red) - 127) <= 4 && abs(Int(halfway.blue) - 128) <= 4)
        #expect(DrawingFixture.pixel(image, 2, 2) == DrawingFixture.transparent)   // outside, not extended
    }

    @Test func conicGradientFollowsTheAngle() {
        let c = CGContext(width: 100, height: 100)
        let wheel = CGGradient(colorsSpace: nil, colors: [DrawingFixture.red, DrawingFixture.blue, DrawingFixture.red], locations: nil)!
        c.drawConicGradient(wheel, center: CGPoint(x: 50, y: 50), startAngle: .pi / 2)   // starts pointing down
        let image = c.makeImage()
        #expect(DrawingFixture.pixel(image, 50, 95).red > 240)                   // the start: red
        #expect(DrawingFixture.pixel(image, 50, 5).blue > 240)                   // half a turn: blue
        let quarter = DrawingFixture.pixel(image, 5, 50)                          // a quarter turn clockwise: left
        #expect(abs(Int(quarter.red) - 128) <= 10 && abs(Int(quarter.blue) - 128) <= 10)
    }

    @Test func clipBoundingBoxFollowsTheClipAndTheCTM() {
        let c = CGContext(width: 40, height: 20)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 40, height: 20))
        c.scaleBy(x: 2, y: 2)
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 20, height: 10))
        c.clip(to: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(CGColorSpaceCreateDeviceRGB().numberOfComponents == 3)
    }
}
