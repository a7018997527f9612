import Foundation
import Testing
import AnimaGraphics

@Suite("CGVector")
struct CGVectorTests {
    @Test func initialisersAgreeAcrossNumericTypes() {
        let fromCG = CGVector(dx: CGFloat(3), dy: CGFloat(-4))
        let fromDouble = CGVector(dx: 3.0, dy: -4.0)
        let fromInt = CGVector(dx: 3, dy: -4)
        #expect(fromCG == fromDouble)
        #expect(fromCG == fromInt)
        #expect(fromInt.dx == 3 && fromInt.dy == -4)
    }

    @Test func zeroHasNoComponents() {
        #expect(CGVector.zero.dx == 0 && CGVector.zero.dy == 0)
        #expect(CGVector.zero != CGVector(dx: 0, dy: 1))
    }

    @Test func equalVectorsHashEqually() {
        let set: Set<CGVector> = [CGVector(dx: 1, dy: 2), CGVector(dx: 1.0, dy: 2.0), CGVector(dx: 2, dy: 1)]
        #expect(set.count == 2)
    }

    @Test func componentsAreMutable() {
        var v = CGVector(dx: 1, dy: 1)
        v.dx = 5; v.dy = -2
        #expect(v == CGVector(dx: 5, dy: -2))
    }

    @Test func descriptionListsBothComponents() {
        #expect(CGVector(dx: 1.5, dy: -2).description == "(1.5, -2.0)")
    }
}
