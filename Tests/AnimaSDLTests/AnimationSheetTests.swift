import AnimaCore
import AnimaGraphics
import Foundation
import Testing
import AnimaSDL

/// Animation sheets (frames side by side) of keyframe, spring and transition animations, rendered by the
/// compositor and written to `.build/anima-sdl/` for people to look at, with pixel checks on the frames.
@Suite(.serialized) @MainActor struct AnimationSheetTests {
    /// Pastes `frames` (equal sizes) into rows of `columns` with a 4-pixel gutter and writes the PNG.
    func writeSheet(_ frames: [CGImage], columns: Int, name: String) throws {
        let w = frames[0].width, h = frames[0].height, gap = 4
        let rows = (frames.count + columns - 1) / columns
        let context = CGContext(width: columns * (w + gap) + gap, height: rows * (h + gap) + gap)
        context.setFillColor(CGColor(gray: 0.5, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: context.width, height: context.height))
        for (i, frame) in frames.enumerated() {
            context.draw(frame, uprightAt: CGPoint(x: gap + (i % columns) * (w + gap), y: gap + (i / columns) * (h + gap)))
        }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        url.appendPathComponent(".build/anima-sdl", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let image = try #require(context.makeImage())
        try image.writePNG(to: url.appendingPathComponent("\(name).png"))
    }

    func isNear(_ p: RGBAPixel?, _ r: UInt8, _ g: UInt8, _ b: UInt8, within tolerance: Int = 40) -> Bool {
        guard let p else { return false }
        return abs(Int(p.red) - Int(r)) <= tolerance && abs(Int(p.green) - Int(g)) <= tolerance && abs(Int(p.blue) - Int(b)) <= tolerance
    }

    /// Seed 003's astronaut: a paced, rotateAuto keyframe animation along two quadratic curves, with the
    /// path stroked underneath. Nine frames over the 2 s flight.
    @Test func astronautFollowsThePath() throws {
        let size = CGSize(width: 300, height: 220)
        let display = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
        let offscreen = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 20))
        path.addQuadCurve(to: CGPoint(x: 150, y: 110), control: CGPoint(x: 20, y: 110))
        path.addQuadCurve(to: CGPoint(x: 280, y: 200), control: CGPoint(x: 280, y: 110))

        let trail = CGContext(width: Int(size.width), height: Int(size.height))
        trail.setStrokeColor(CGColor(gray: 1, alpha: 1))
        trail.setLineWidth(2)
        trail.addPath(path)
        trail.strokePath()

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        display.rootLayer.backgroundColor = CGColor(gray: 0.05, alpha: 1)
        display.rootLayer.contents = trail.makeImage()
        let astronaut = CALayer()
        astronaut.bounds = CGRect(x: 0, y: 0, width: 28, height: 16)
        astronaut.backgroundColor = CGColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)
        let visor = CALayer()   // at the front, so the heading shows
        visor.frame = CGRect(x: 20, y: 2, width: 8, height: 12)
        visor.backgroundColor = CGColor(red: 0.3, green: 0.8, blue: 1, alpha: 1)
        astronaut.addSublayer(visor)
        astronaut.position = path.currentPoint
        display.rootLayer.addSublayer(astronaut)
        let fly = CAKeyframeAnimation(keyPath: "position")
        fly.path = path
        fly.duration = 2
        fly.calculationMode = .paced
        fly.rotationMode = .rotateAuto
        astronaut.add(fly, forKey: "fly")
        CATransaction.commit()

        display.advance(by: 0)
        let measure = PathMeasure(path)
        var frames: [CGImage] = []
        for k in 0...8 {
            if k > 0 { display.advance(by: 0.25) }
            let image = try offscreen.snapshot(display.renderTree)
            frames.append(image)
            guard k < 8 else { continue }   // at the end the animation is removed and the model shows
            // The body's centre sits on the path at k/8 of its length (paced: constant speed).
            let target = measure.position(atDistance: measure.length * CGFloat(k) / 8)
            let back = CGPoint(x: target.point.x - 8 * cos(target.angle), y: target.point.y - 8 * sin(target.angle))
            #expect(isNear(image.pixel(x: Int(back.x.rounded()), y: Int(back.y.rounded())), 255, 140, 26), "frame \(k)")
            // The visor leads: 10 points ahead along the heading.
            let front = CGPoint(x: target.point.x + 10 * cos(target.angle), y: target.point.y + 10 * sin(target.angle))
            #expect(isNear(image.pixel(x: Int(front.x.rounded()), y: Int(front.y.rounded())), 77, 204, 255), "frame \(k)")
        }
        try writeSheet(frames, columns: 3, name: "keyframe-astronaut")
    }

    /// fade, moveIn (from the right), push (from the right) and reveal (from the left) at 0, ¼, ½ and ¾,
    /// one row each: a red box (with a yellow stripe) gives way to a blue one.
    @Test func transitionsAtQuarterSteps() throws {
        let offscreen = try OffscreenRenderer(width: 160, height: 80)
        var frames: [CGImage] = []
        let kinds: [(CATransitionType, CATransitionSubtype)] = [(.fade, .fromLeft), (.moveIn, .fromRight), (.push, .fromRight), (.reveal, .fromLeft)]
        for (type, subtype) in kinds {
            let display = HeadlessDisplay(width: 160, height: 80)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            display.rootLayer.backgroundColor = CGColor(gray: 0.9, alpha: 1)
            let box = CALayer()
            box.frame = CGRect(x: 30, y: 15, width: 100, height: 50)
            let old = CALayer()
            old.frame = box.bounds
            old.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            let stripe = CALayer()
            stripe.frame = CGRect(x: 0, y: 20, width: 100, height: 10)
            stripe.backgroundColor = CGColor(red: 1, green: 0.9, blue: 0, alpha: 1)
            old.addSublayer(stripe)
            box.addSublayer(old)
            display.rootLayer.addSublayer(box)
            CATransaction.commit()
            display.advance(by: 0)

            let transition = CATransition()
            transition.type = type
            transition.subtype = subtype
            transition.duration = 1
            box.add(transition, forKey: nil)
            let new = CALayer()
            new.frame = box.bounds
            new.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
            box.sublayers = [new]
            display.advance(by: 0)
            for step in 0..<4 {
                if step > 0 { display.advance(by: 0.25) }
                frames.append(try offscreen.snapshot(display.renderTree, background: RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255)))
            }
        }
        try writeSheet(frames, columns: 4, name: "transitions")
        // Half way (column 2): fade mixes red and blue; push has red on the left half of the box, blue on the
        // right; moveIn has red on the left and blue arriving on the right; reveal has blue on the left, red on the right.
        let fade = frames[2], moveIn = frames[6], push = frames[10], reveal = frames[14]
        #expect(isNear(fade.pixel(x: 60, y: 25), 128, 89, 179, within: 12))   // half red over grey, half blue over that
        #expect(isNear(push.pixel(x: 55, y: 25), 230, 26, 26) && isNear(push.pixel(x: 105, y: 25), 26, 51, 230))
        #expect(isNear(push.pixel(x: 55, y: 40), 255, 230, 0))        // the old stripe moved with the old box
        #expect(isNear(moveIn.pixel(x: 55, y: 25), 230, 26, 26) && isNear(moveIn.pixel(x: 105, y: 25), 26, 51, 230))
        #expect(isNear(reveal.pixel(x: 55, y: 25), 26, 51, 230) && isNear(reveal.pixel(x: 105, y: 25), 230, 26, 26))
        #expect(isNear(push.pixel(x: 150, y: 25), 26, 51, 230))       // the new box overflows on the right
    }
}
