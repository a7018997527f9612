import Foundation
import Testing
import AnimaGraphics

@Suite struct CGContextStateTests {
    typealias F = DrawingFixture

    @Test func translateAndScaleMoveDrawing() {
        let c = F.context()
        c.translateBy(x: 10, y: 20)
        c.scaleBy(x: 2, y: 3)
        #expect(c.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        c.fill(CGRect(x: 0, y: 0, width: 5, height: 5))   // covers x 10…20, y 20…35
        let image = c.makeImage()
        #expect(F.pixel(image, 19, 34) == F.opaqueRed)
        #expect(F.pixel(image, 21, 34) == F.transparent)
        #expect(F.pixel(image, 5, 5) == F.transparent)
    }

    @Test func rotateTurnsXTowardsY() {
        let c = F.context()
        c.translateBy(x: 50, y: 50)
        c.rotate(by: .pi / 2)
        c.fill(CGRect(x: 10, y: -2, width: 30, height: 4))   // along +x, which now points down
        let image = c.makeImage()
        #expect(F.pixel(image, 50, 80) == F.opaqueRed)
        #expect(F.pixel(image, 80, 50) == F.transparent)
    }

    @Test func concatenateAppliesBeforeTheCurrentCTM() {
        let c = F.context()
        c.scaleBy(x: 2, y: 2)
        c.concatenate(CGAffineTransform(translationX: 5, y: 0))
        #expect(c.ctm.tx == 10)   // the translation is scaled by the existing CTM
    }

    @Test func restoreGStateBringsBackCTMColourAlphaAndLineWidth() {
        let c = F.context(40, 10)
        c.setLineWidth(2)
        c.saveGState()
        c.translateBy(x: 20, y: 0)
        c.setFillColor(F.blue)
        c.setAlpha(0.25)
        c.setLineWidth(8)
        c.restoreGState()
        #expect(c.ctm == .identity)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(F.pixel(c.makeImage(), 5, 5) == F.opaqueRed)
        c.move(to: CGPoint(x: 20, y: 5)); c.addLine(to: CGPoint(x: 40, y: 5))
        c.strokePath()
        #expect(F.pixel(c.makeImage(), 30, 3) == F.transparent)   // width 2 reaches y 4…6 only
    }

    @Test func clipToRectLimitsLaterDrawing() {
        let c = F.context()
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 0, width: 50, height: 50))
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        c.restoreGState()
        c.setFillColor(F.blue)
        c.fill(CGRect(x: 90, y: 90, width: 10, height: 10))     // the clip is gone after restore
        let image = c.makeImage()
        #expect(F.pixel(image, 25, 25) == F.opaqueRed)
        #expect(F.pixel(image, 75, 25) == F.transparent)
        #expect(F.pixel(image, 95, 95) == F.opaqueBlue)
    }

    @Test func clipToPathUsesItsShape() {
        let c = F.context()
        c.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        c.clip()
        #expect(c.isPathEmpty)
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        let image = c.makeImage()
        #expect(F.pixel(image, 50, 50) == F.opaqueRed)
        #expect(F.pixel(image, 3, 3) == F.transparent)
    }

    @Test func clipUnderRotationStaysRotated() {
        let c = F.context()
        c.translateBy(x: 50, y: 50)
        c.rotate(by: .pi / 4)
        c.clip(to: CGRect(x: -20, y: -20, width: 40, height: 40))   // a diamond on screen
        c.rotate(by: -.pi / 4)
        c.fill(CGRect(x: -50, y: -50, width: 100, height: 100))
        let image = c.makeImage()
        #expect(F.pixel(image, 50, 50 - 25) == F.opaqueRed)      // top tip of the diamond reaches 28 px up
        #expect(F.pixel(image, 50 - 18, 50 - 18) == F.transparent)   // corner of the unrotated square
    }

    @Test func graphicsContextStackPushesAndPops() async {
        await MainActor.run {
            let a = CGContext(width: 1, height: 1), b = CGContext(width: 1, height: 1)
            let depth = GraphicsContextStack.depth
            GraphicsContextStack.push(a)
            GraphicsContextStack.withCurrent(b) { #expect(GraphicsContextStack.current === b) }
            #expect(GraphicsContextStack.current === a)
            #expect(GraphicsContextStack.pop() === a)
            #expect(GraphicsContextStack.depth == depth)
        }
    }
}
