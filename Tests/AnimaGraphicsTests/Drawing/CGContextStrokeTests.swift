import Foundation
import Testing
import AnimaGraphics

@Suite struct CGContextStrokeTests {
    typealias F = DrawingFixture

    /// Alpha of column 50 in each row of a horizontal line stroked at y = 20.
    private func columnAlphas(width: CGFloat, cap: CGLineCap = .butt) -> [UInt8] {
        let c = F.context(100, 40)
        c.setLineWidth(width)
        c.setLineCap(cap)
        c.move(to: CGPoint(x: 10, y: 20)); c.addLine(to: CGPoint(x: 90, y: 20))
        c.strokePath()
        let image = c.makeImage()
        return (0..<40).map { F.pixel(image, 50, $0).alpha }
    }

    @Test func lineWidthCoversExactlyThatManyRows() {
        let four = columnAlphas(width: 4)
        #expect(four.filter { $0 == 255 }.count == 4)
        #expect(four[18] == 255 && four[21] == 255 && four[17] == 0 && four[22] == 0)
        #expect(columnAlphas(width: 10).filter { $0 == 255 }.count == 10)
    }

    @Test func capsExtendTheLineEnds() {
        func endAlpha(_ cap: CGLineCap) -> UInt8 {
            let c = F.context(100, 40)
            c.setLineWidth(10); c.setLineCap(cap)
            c.move(to: CGPoint(x: 20, y: 20)); c.addLine(to: CGPoint(x: 80, y: 20))
            c.strokePath()
            return F.pixel(c.makeImage(), 17, 20).alpha   // 3 px before the start point
        }
        #expect(endAlpha(.butt) == 0)
        #expect(endAlpha(.square) == 255)
        #expect(endAlpha(.round) == 255)
    }

    @Test func dashesLeaveGaps() {
        let c = F.context(100, 20)
        c.setLineWidth(4)
        c.setLineDash(phase: 0, lengths: [10, 10])
        c.move(to: CGPoint(x: 0, y: 10)); c.addLine(to: CGPoint(x: 100, y: 10))
        c.strokePath()
        let image = c.makeImage()
        #expect(F.pixel(image, 5, 10) == F.opaqueRed)     // first dash 0…10
        #expect(F.pixel(image, 15, 10) == F.transparent)  // gap 10…20
        #expect(F.pixel(image, 25, 10) == F.opaqueRed)
        // A phase of 10 starts in the gap.
        let shifted = F.context(100, 20)
        shifted.setLineWidth(4)
        shifted.setLineDash(phase: 10, lengths: [10, 10])
        shifted.move(to: CGPoint(x: 0, y: 10)); shifted.addLine(to: CGPoint(x: 100, y: 10))
        shifted.strokePath()
        #expect(F.pixel(shifted.makeImage(), 5, 10) == F.transparent)
        #expect(F.pixel(shifted.makeImage(), 15, 10) == F.opaqueRed)
    }

    @Test func emptyDashArrayMeansSolid() {
        let c = F.context(100, 20)
        c.setLineWidth(4)
        c.setLineDash(phase: 0, lengths: [10, 10])
        c.setLineDash(phase: 0, lengths: [])
        c.move(to: CGPoint(x: 0, y: 10)); c.addLine(to: CGPoint(x: 100, y: 10))
        c.strokePath()
        #expect(F.pixel(c.makeImage(), 15, 10) == F.opaqueRed)
    }

    @Test func joinsDifferAtACorner() {
        func cornerAlpha(_ join: CGLineJoin) -> UInt8 {
            let c = F.context(60, 60)
            c.setLineWidth(10); c.setLineJoin(join)
            c.move(to: CGPoint(x: 10, y: 30)); c.addLine(to: CGPoint(x: 30, y: 10)); c.addLine(to: CGPoint(x: 50, y: 30))
            c.strokePath()
            return F.pixel(c.makeImage(), 30, 4).alpha     // just above the apex
        }
        #expect(cornerAlpha(.miter) == 255)
        #expect(cornerAlpha(.bevel) == 0)
    }

    @Test func strokeRectWithWidthRestoresTheLineWidth() {
        let c = F.context(40, 40)
        c.setLineWidth(1)
        c.stroke(CGRect(x: 10, y: 10, width: 20, height: 20), width: 6)
        c.setStrokeColor(F.blue)
        c.move(to: CGPoint(x: 0, y: 35.5)); c.addLine(to: CGPoint(x: 40, y: 35.5))
        c.strokePath()
        let image = c.makeImage()
        #expect(F.pixel(image, 20, 8) == F.opaqueRed)     // 6 px wide: 7…13 around y = 10
        #expect(F.pixel(image, 20, 35) == F.opaqueBlue)
        #expect(F.pixel(image, 20, 34) == F.transparent)  // the later line is 1 px again
    }
}
