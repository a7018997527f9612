import Foundation
import Testing
import AnimaGraphics

@Suite("CGColor")
struct CGColorTests {
    @Test func componentsAreRGBAInOrder() {
        let c = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        #expect(c.components == [1, 0.5, 0.25, 0.75])
        #expect(c.numberOfComponents == 4)
    }

    @Test func srgbInitialiserMatchesTheDesignatedOne() {
        #expect(CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.4) == CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
    }

    @Test func grayRepeatsTheLevel() {
        #expect(CGColor(gray: 0.3, alpha: 0.9).components == [0.3, 0.3, 0.3, 0.9])
    }

    @Test func componentsOutsideTheUnitRangeAreKept() {
        // Stored as given; only drawing clamps.
        #expect(CGColor(red: 1.5, green: -0.2, blue: 0, alpha: 2).components == [1.5, -0.2, 0, 2])
    }

    @Test func namedColours() {
        #expect(CGColor.black.components == [0, 0, 0, 1])
        #expect(CGColor.white.components == [1, 1, 1, 1])
        #expect(CGColor.clear.components == [0, 0, 0, 0])
    }

    @Test func copyWithAlphaKeepsTheColour() throws {
        let c = try #require(CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1).copy(alpha: 0.5))
        #expect(c.components == [0.2, 0.4, 0.6, 0.5])
    }

    @Test func equalityAndHashingAreByValue() {
        let a = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1), b = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.99))
        #expect(Set([a, b, .black]).count == 2)
    }

    @Test func isFiniteRejectsNaN() {
        #expect(CGColor.white.isFinite)
        #expect(!CGColor(red: .nan, green: 0, blue: 0, alpha: 1).isFinite)
        #expect(!CGColor(red: 0, green: 0, blue: 0, alpha: .infinity).isFinite)
    }

    @Test(arguments: [(0.0, [0.0, 1.0, 0.2, 1.0]), (0.5, [0.5, 0.5, 0.4, 0.75]), (1.0, [1.0, 0.0, 0.6, 0.5])])
    func interpolationIsPerComponent(fraction: Double, expected: [CGFloat]) {
        // From (0, 1, 0.2, 1) to (1, 0, 0.6, 0.5): each channel a + (b − a)·t.
        let a = CGColor(red: 0, green: 1, blue: 0.2, alpha: 1), b = CGColor(red: 1, green: 0, blue: 0.6, alpha: 0.5)
        let c = a.interpolated(to: b, fraction: fraction).components!
        #expect(zip(c, expected).allSatisfy { isClose($0, $1, within: 1e-12) })
    }

    @Test func descriptionNamesTheChannels() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5).description == "CGColor(r: 1.0, g: 0.0, b: 0.0, a: 0.5)")
    }
}
