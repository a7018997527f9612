import Foundation
import Testing
import AnimaSDL
import AnimaLottie

/// The reference protocol's image size: the animation fitted to 500 pt, at scale 2, in pixels rounded up — the
/// sizes of Apple's renders in the corpus (`issue_1945`, 807 × 360: 1000 × 447 px; `LottieLogo1`,
/// 1080 × 1920: 563 × 1000 px; rounding to the nearest would give 446 and 562).
@MainActor
struct ReferenceSizeTests {
    @Test(arguments: [
        (807, 360, 1000, 447),     // Issues/issue_1945's reference
        (1080, 1920, 563, 1000),   // LottieLogo1's reference
        (100, 100, 200, 200),      // small files are not enlarged
        (500, 500, 1000, 1000),    // exactly the limit stays whole
    ])
    func imageSizeIsRoundedUp(_ size: (Int, Int, Int, Int)) throws {
        let json = LottieFixtures.document(layers: [LottieFixtures.shapeLayer(name: "S")])
            .replacingOccurrences(of: #""w":100,"h":100"#, with: #""w":\#(size.0),"h":\#(size.1)"#)
        let scene = LottieReferenceScene(animation: try LottieFixtures.animation(json), moment: .progress(0))
        #expect(scene.pixelSize.width == size.2 && scene.pixelSize.height == size.3, "\(scene.pixelSize)")
        let image = scene.crop(try scene.display.snapshot())
        #expect(image.width == size.2 && image.height == size.3)
    }
}
