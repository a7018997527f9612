import Foundation
import Testing
import AnimaGraphics

@Suite struct GaussianBlurTests {
    @Test func boxBlurKeepsMassAndSpreadsLikeTheGaussian() {
        let n = 81
        var plane = [UInt8](repeating: 0, count: n)
        for i in 35..<46 { plane[i] = 200 }     // an 11-pixel bar
        let before = plane.reduce(0) { $0 + Int($1) }
        GaussianBlur.blur(&plane, width: n, height: 1, sigmaX: 3, sigmaY: 0)
        let after = plane.reduce(0) { $0 + Int($1) }
        #expect(abs(after - before) <= n / 2)    // rounding only
        let mean = Double((0..<n).reduce(0) { $0 + $1 * Int(plane[$1]) }) / Double(after)
        let variance = Double((0..<n).reduce(0.0) { $0 + Double(plane[$1]) * pow(Double($1) - mean, 2) }) / Double(after)
        #expect(abs(mean - 40) < 0.1)
        #expect(abs(variance - (10.0 + 9)) < 1.5)   // bar variance (11² − 1)/12 = 10, plus σ² = 9
        #expect(GaussianBlur.boxRadii(sigma: 0).isEmpty)
    }
}
