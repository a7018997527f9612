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

        // A card with a soft shadow, a circular mask over stripes, and a nine-slice frame.
        let shadowed = CALayer()
        shadowed.frame = CGRect(x: 20, y: 125, width: 90, height: 55)
        shadowed.backgroundColor = CGColor(gray: 1, alpha: 1)
        shadowed.cornerRadius = 10
        shadowed.shadowOpacity = 0.6
        shadowed.shadowRadius = 6
        shadowed.shadowOffset = CGSize(width: 0, height: 5)
        display.rootLayer.addSublayer(shadowed)
        let striped = CALayer()
        striped.frame = CGRect(x: 250, y: 120, width: 70, height: 70)
        for i in 0..<7 {
            let stripe = CALayer()
            stripe.frame = CGRect(x: CGFloat(i) * 10, y: 0, width: 10, height: 70)
            stripe.backgroundColor = CGColor(red: CGFloat(i) / 6, green: 0.3, blue: 1 - CGFloat(i) / 6, alpha: 1)
            striped.addSublayer(stripe)
        }
        let circle = CALayer()
        circle.frame = striped.bounds
        circle.cornerRadius = 35
        circle.backgroundColor = CGColor(gray: 0, alpha: 1)
        striped.mask = circle
        striped.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        display.rootLayer.addSublayer(striped)
        let frameContext = CGContext(width: 24, height: 24)
        frameContext.setFillColor(CGColor(red: 0.5, green: 0.1, blue: 0.6, alpha: 1))
        frameContext.fill(CGRect(x: 0, y: 0, width: 24, height: 24))
        frameContext.setFillColor(CGColor(red: 0.95, green: 0.9, blue: 1, alpha: 1))
        frameContext.fill(CGRect(x: 6, y: 6, width: 12, height: 12))
        let nine = CALayer()
        nine.frame = CGRect(x: 330, y: 130, width: 25, height: 55)
        nine.contents = frameContext.makeImage()
        nine.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        display.rootLayer.addSublayer(nine)
        CATransaction.commit()

        display.advance(by: 0)
        let image = try offscreen.snapshot(display.renderTree)
        #expect(image.pixel(x: 2, y: 2) == RGBAPixel(red: 237, green: 237, blue: 237, alpha: 255))
        let software = SoftwareRenderer.render(display.renderTree, width: 360, height: 200)
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        url.appendPathComponent(".build/anima-sdl", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try image.writePNG(to: url.appendingPathComponent("compositor.png"))
        try software.writePNG(to: url.appendingPathComponent("compositor-software.png"))
        // The two renderers agree except along edges (GL draws triangles unantialiased, Cairo antialiases them,
        // and leaves faint seams between abutting layers), so the mean difference per channel is small. The
        // perspective square (x 225…305, y 0…125) is left out: Cairo draws it affine.
        let a = image.premultipliedARGB, b = software.premultipliedARGB
        var total = 0, count = 0
        for y in 0..<200 {
            for x in 0..<360 where !(225..<305).contains(x) || y >= 125 {
                let i = y * 360 + x
                for shift in [24, 16, 8, 0] as [UInt32] { total += abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)) }
                count += 4
            }
        }
        let mean = Double(total) / Double(count)
        #expect(mean < 1.5, "mean channel difference \(mean)")
    }
}
