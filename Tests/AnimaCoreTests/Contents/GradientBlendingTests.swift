import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// Gradients blended as the iOS simulator's Core Animation blends them (in Generic RGB, gamma 1.8), when asked.
@MainActor
@Suite("Gradient blending in Generic RGB")
struct GenericRGBBlendingTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func store(blending: Bool) throws -> CGImage {
        let display = HeadlessDisplay(width: 100, height: 100)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.colors = [Self.red, Self.blue]
        gradient.blendsColorsInGenericRGB = blending
        display.rootLayer.addSublayer(gradient)
        display.advance(by: 0)
        return try #require(gradient.backingStore as? CGImage)
    }

    @Test func blendsLeaningToTheLighterColourAndClipsToGenericRGB() throws {
        // Expected values computed independently (numpy, the primaries' matrices and both transfer curves).
        let blended = try store(blending: true)
        let top = try #require(blended.pixel(x: 50, y: 0)), middle = try #require(blended.pixel(x: 50, y: 50))
        #expect(abs(Int(top.red) - 255) <= 2 && abs(Int(top.green) - 38) <= 3 && top.blue <= 2)   // sRGB red, clipped
        #expect(abs(Int(middle.red) - 146) <= 3 && abs(Int(middle.green) - 33) <= 3 && abs(Int(middle.blue) - 149) <= 3)
        let straight = try #require(try store(blending: false).pixel(x: 50, y: 50))
        #expect(abs(Int(straight.red) - 127) <= 3 && straight.green <= 1)
    }

    @Test func presentationCopiesBlendAsTheirModelDoes() throws {
        let display = HeadlessDisplay(width: 100, height: 100)
        let gradient = CAGradientLayer()
        gradient.name = "moving"
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.colors = [Self.red, Self.blue]
        gradient.blendsColorsInGenericRGB = true
        display.rootLayer.addSublayer(gradient)
        display.advance(by: 0)
        let tilt = CABasicAnimation(keyPath: "endPoint")
        tilt.fromValue = CGPoint(x: 0.5, y: 1)
        tilt.toValue = CGPoint(x: 0.5, y: 1.000001)
        tilt.duration = 10
        gradient.add(tilt, forKey: "tilt")
        display.advance(by: 0)
        display.advance(by: 1)                        // drawn from a presentation copy
        let shown = try #require(display.renderTree.node(named: "moving")?.contents as? CGImage)
        #expect(shown !== gradient.backingStore as? CGImage)
        let middle = try #require(shown.pixel(x: 50, y: 50))
        #expect(abs(Int(middle.red) - 146) <= 3 && abs(Int(middle.green) - 33) <= 3)
    }
}
