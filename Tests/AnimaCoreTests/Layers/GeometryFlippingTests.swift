import Foundation
import Testing
@testable import AnimaCore
import AnimaGraphics

/// `isGeometryFlipped` on the model, `contentsAreFlipped()`, and `contentsFormat` kept as a hint; pixels and read-back
/// through displays are in AnimaSDLTests' `GeometryFlippedTests`.
@MainActor
@Suite struct GeometryFlippingTests {
    func chain() -> (CALayer, CALayer, CALayer) {
        let top = CALayer(), middle = CALayer(), leaf = CALayer()
        top.addSublayer(middle)
        middle.addSublayer(leaf)
        return (top, middle, leaf)
    }

    @Test func contentsAreFlippedCountsFlipsFromTheLayerUpToItsRoot() {
        let (top, middle, leaf) = chain()
        #expect(!leaf.contentsAreFlipped())
        top.isGeometryFlipped = true
        #expect(top.contentsAreFlipped() && middle.contentsAreFlipped() && leaf.contentsAreFlipped())
        leaf.isGeometryFlipped = true
        #expect(!leaf.contentsAreFlipped())   // two flips: upright
        #expect(middle.contentsAreFlipped())
    }

    @Test func isGeometryFlippedIsNotAnimatedAndReachesKeyValueCoding() {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = CALayer()
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        layer.isGeometryFlipped = true
        #expect(layer.animationKeys() == nil)
        #expect(layer.value(forKey: "geometryFlipped") as? Bool == true)
        layer.setValue(false, forKey: "isGeometryFlipped")
        #expect(!layer.isGeometryFlipped)
        layer.setValue("yes", forKey: "geometryFlipped")   // not a Bool: rejected, kept
        #expect(!layer.isGeometryFlipped)
    }

    @Test func theFlipMirrorsSublayerCoordinatesAboutTheMiddleOfTheBounds() {
        let (top, middle, _) = chain()
        top.bounds = CGRect(x: 0, y: 20, width: 50, height: 80)   // y from 20 to 100
        top.position = CGPoint(x: 25, y: 60)
        middle.frame = CGRect(x: 0, y: 30, width: 10, height: 10)
        top.isGeometryFlipped = true
        // In top's bounds: y = 20 + 100 − 30 = 90 for middle's top edge (its origin).
        #expect(middle.convert(CGPoint.zero, to: top) == CGPoint(x: 0, y: 90))
        #expect(top.convert(CGPoint(x: 5, y: 85), to: middle) == CGPoint(x: 5, y: 5))
    }

    @Test func contentsFormatIsKeptAsAHintByKeyAndByProperty() {
        let layer = CALayer()
        #expect(layer.contentsFormat == .RGBA8Uint)
        layer.contentsFormat = .RGBA16Float
        #expect(layer.contentsFormat == .RGBA16Float)
        layer.setValue("Gray8", forKey: "contentsFormat")
        #expect(layer.contentsFormat == .gray8Uint)
        #expect(layer.value(forKey: "contentsFormat") as? CALayerContentsFormat == .gray8Uint)
        layer.name = "format-bad"
        layer.contentsFormat = CALayerContentsFormat(rawValue: "CMYK")
        #expect(layer.contentsFormat == .gray8Uint)
        #expect(Diagnostics.messages(containing: "'format-bad': contentsFormat 'CMYK'").count == 1)
        layer.setValue(3, forKey: "contentsFormat")
        #expect(layer.contentsFormat == .gray8Uint)
    }
}
