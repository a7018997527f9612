import AnimaDynamics
import AnimaGraphics
import Foundation
import Testing

/// Headless recordings: animation sheets of a falling box and of bouncing items, with pixel checks.
@MainActor
@Suite("Recordings")
struct RecordingTests {
    static let blue = CGColor(red: 0.15, green: 0.35, blue: 0.9, alpha: 1)
    static let orange = CGColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1)
    static let green = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)

    @Test("Seed 000's drop box: 8 frames, 0.2 s apart, landing on the floor")
    func dropBoxSheet() throws {
        let box = TestItem("box", center: CGPoint(x: 200, y: 60))
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(UIGravityBehavior(items: [box]))
        animator.addBehavior(collision)
        var sheet = AnimationSheet(bounds: referenceBounds, scale: 0.25, columns: 8, frames: 8)
        var centers: [CGPoint] = []
        for frame in 0..<8 {
            if frame > 0 { run(animator, seconds: 0.2) }
            centers.append(box.center)
            sheet.drawFrame([(box, Self.blue)])
        }
        let url = try sheet.write(named: "drop-box")
        let image = try CGImage(contentsOf: url)
        // The box is blue where the simulation put it and the background is light where it was before.
        for (index, center) in centers.enumerated() {
            let p = sheet.pixel(of: center, inCell: index)
            let pixel = try #require(image.pixel(x: p.x, y: p.y))
            #expect(pixel.blue > 200 && pixel.red < 80, "frame \(index) at \(center)")
        }
        let start = sheet.pixel(of: CGPoint(x: 200, y: 60), inCell: 7)
        #expect((image.pixel(x: start.x, y: start.y)?.red ?? 0) > 200)
        #expect(abs(centers[7].y - 650) < 1)   // resting on the floor by 1.4 s
    }

    @Test("Bouncing items: a ball, an oval and a box with elasticity 0.7 over 16 frames")
    func bouncingSheet() throws {
        let ball = TestItem("ball", center: CGPoint(x: 80, y: 80), size: CGSize(width: 60, height: 60))
        ball.collisionBoundsType = .ellipse
        let oval = TestItem("oval", center: CGPoint(x: 200, y: 200), size: CGSize(width: 90, height: 50))
        oval.collisionBoundsType = .ellipse
        let box = TestItem("box", center: CGPoint(x: 320, y: 120), size: CGSize(width: 60, height: 60))
        box.transform = CGAffineTransform(rotationAngle: 0.3)
        let items = [ball, oval, box]
        let animator = UIDynamicAnimator(referenceBounds: referenceBounds)
        let collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        let bouncy = UIDynamicItemBehavior(items: items)
        bouncy.elasticity = 0.7
        bouncy.friction = 0.2
        bouncy.addLinearVelocity(CGPoint(x: 250, y: 0), for: ball)
        animator.addBehavior(UIGravityBehavior(items: items))
        animator.addBehavior(collision)
        animator.addBehavior(bouncy)
        var sheet = AnimationSheet(bounds: referenceBounds, scale: 0.25, columns: 8, frames: 16)
        var lowest: CGFloat = 0
        for frame in 0..<16 {
            if frame > 0 { run(animator, seconds: 0.125) }
            lowest = max(lowest, ball.center.y)
            sheet.drawFrame([(ball, Self.orange), (oval, Self.green), (box, Self.blue)])
        }
        let url = try sheet.write(named: "bouncing")
        let image = try CGImage(contentsOf: url)
        let p = sheet.pixel(of: ball.center, inCell: 15)
        let pixel = try #require(image.pixel(x: p.x, y: p.y))
        #expect(pixel.red > 200 && pixel.blue < 80)
        #expect(lowest > 600)   // the ball reached the floor
        for item in items {
            #expect(referenceBounds.insetBy(dx: -2, dy: -2).contains(item.center), "\(item) stayed inside")
        }
    }
}
