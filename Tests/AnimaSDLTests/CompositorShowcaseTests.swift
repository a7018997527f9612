import AnimaCore
import AnimaGraphics
import Foundation
import Testing
import AnimaSDL

/// One scene with most compositor features, written to `.build/anima-sdl/compositor.png` for people to look at.
@Suite(.serialized) @MainActor struct CompositorShowcaseTests {
    @Test func showcaseSceneRendersAndIsWritten() throws {
        let display = HeadlessDisplay(width: 360, height: 200)
        let offscreen = try OffscreenRenderer(width: 360, height: 200)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        display.rootLayer.backgroundColor = CGColor(gray: 0.93, alpha: 1)

        // Text drawn by Cairo/Pango into an image, shown as contents of a rotated layer.
        let label = TextLayout("Anima 안녕", font: TextFont(size: 22, weight: .bold), color: .white).measure().size
        let context = CGContext(width: Int(label.width) * 2, height: Int(label.height) * 2)
        context.scaleBy(x: 2, y: 2)
        context.drawText("Anima 안녕", at: .zero, font: TextFont(size: 22, weight: .bold), color: .white)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 140, height: 70)
        card.position = CGPoint(x: 90, y: 60)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.cornerRadius = 14
        card.contents = context.makeImage()
        card.contentsScale = 2
        card.contentsGravity = .center
        card.transform = CATransform3DMakeRotation(-.pi / 12, 0, 0, 1)
        display.rootLayer.addSublayer(card)

        // A perspective-tilted, bordered square.
        let tilted = CALayer()
        tilted.bounds = CGRect(x: 0, y: 0, width: 90, height: 90)
        tilted.position = CGPoint(x: 270, y: 65)
        tilted.backgroundColor = CGColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1)
        tilted.borderWidth = 6
        tilted.borderColor = CGColor(red: 0.5, green: 0.2, blue: 0, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 250
        tilted.transform = CATransform3DRotate(perspective, .pi / 3.5, 0, 1, 0)   // the usual iOS idiom
        display.rootLayer.addSublayer(tilted)

        // A rotated rounded clip around a larger striped child, at 70 % group opacity.
        let clip = CALayer()
        clip.bounds = CGRect(x: 0, y: 0, width: 100, height: 70)
        clip.position = CGPoint(x: 180, y: 150)
        clip.masksToBounds = true
        clip.cornerRadius = 20
        clip.opacity = 0.7
        clip.transform = CATransform3DMakeRotation(.pi / 10, 0, 0, 1)
        for i in 0..<6 {
            let stripe = CALayer()
            stripe.bounds = CGRect(x: 0, y: 0, width: 30, height: 160)
            stripe.position = CGPoint(x: -20 + CGFloat(i) * 30, y: 35)
            stripe.backgroundColor = i % 2 == 0 ? CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1) : CGColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 1)
            clip.addSublayer(stripe)
        }
        display.rootLayer.addSublayer(clip)
        CATransaction.commit()

        display.advance(by: 0)
        let image = try offscreen.snapshot(display.renderTree)
        #expect(image.pixel(x: 2, y: 2) == RGBAPixel(red: 237, green: 237, blue: 237, alpha: 255))
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        url.appendPathComponent(".build/anima-sdl", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try image.writePNG(to: url.appendingPathComponent("compositor.png"))
    }
}
