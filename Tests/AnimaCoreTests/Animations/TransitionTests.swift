import Foundation
import Testing
import AnimaCore
import AnimaGraphics

/// CATransition (§2.7): stored under "transition", old and new appearances in the render tree at
/// mid-transition for every type, progress range, contents changes and bad input.
@MainActor
@Suite("CATransition")
struct TransitionTests {
    /// root 400×300 ⊃ box (frame 100,100,100,50) ⊃ a (red, fills the box). Rendered once at T = 1.
    func makeBox(_ name: String) -> (HeadlessDisplay, CALayer) {
        let display = HeadlessDisplay(width: 400, height: 300)
        display.advance(to: 1)
        let box = CALayer()
        box.name = name
        box.frame = CGRect(x: 100, y: 100, width: 100, height: 50)
        let a = CALayer()
        a.name = "a"
        a.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        box.addSublayer(a)
        display.rootLayer.addSublayer(box)
        display.advance(by: 0)
        return (display, box)
    }

    /// A blue layer filling the box, named "b".
    func blue() -> CALayer {
        let b = CALayer()
        b.name = "b"
        b.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        return b
    }

    func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype? = nil, duration: CFTimeInterval = 1) -> CATransition {
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = duration
        return t
    }

    /// Swaps the box's sublayer for the blue one under `transition`, then advances by `elapsed`.
    func swap(_ name: String, _ transition: CATransition, at elapsed: Double) -> (HeadlessDisplay, CALayer) {
        let (display, box) = makeBox(name)
        box.add(transition, forKey: nil)
        box.sublayers = [blue()]
        display.advance(by: 0)
        display.advance(by: elapsed)
        return (display, box)
    }

    @Test func storedUnderTheTransitionKey() {
        let (display, box) = makeBox("tr-key")
        box.add(transition(.fade), forKey: "myFade")
        display.advance(by: 0)
        #expect(kCATransition == "transition")
        #expect(box.animation(forKey: "transition") is CATransition)
        #expect(box.animation(forKey: "myFade") == nil)
        #expect(box.animationKeys() == ["transition"])
    }

    @Test func pushFromRightAtMidTransition() {
        let (display, _) = swap("tr-push", transition(.push, .fromRight), at: 0.5)
        // The old box slides out to the left by half its width, the new one follows from the right.
        #expect(display.renderTree.dump() == """
            root [0,0 → 400,300]
              tr-push (old) [50,100 → 150,150]
                a (old) [50,100 → 150,150] bg=(1,0,0,1)
              tr-push [150,100 → 250,150]
                b [150,100 → 250,150] bg=(0,0,1,1)
            """)
    }

    @Test func fadeCrossFades() {
        let (display, _) = swap("tr-fade", transition(.fade), at: 0.25)
        #expect(display.renderTree.dump() == """
            root [0,0 → 400,300]
              tr-fade (old) [100,100 → 200,150] opacity=0.75
                a (old) [100,100 → 200,150] bg=(1,0,0,1)
              tr-fade [100,100 → 200,150] opacity=0.25
                b [100,100 → 200,150] bg=(0,0,1,1)
            """)
    }

    @Test func moveInFromTopSlidesTheNewOverTheOld() {
        let (display, _) = swap("tr-movein", transition(.moveIn, .fromTop), at: 0.5)
        #expect(display.renderTree.dump() == """
            root [0,0 → 400,300]
              tr-movein (old) [100,100 → 200,150]
                a (old) [100,100 → 200,150] bg=(1,0,0,1)
              tr-movein [100,75 → 200,125]
                b [100,75 → 200,125] bg=(0,0,1,1)
            """)
    }

    @Test func revealFromLeftUncoversTheNew() {
        // The old appearance draws on top and slides towards the right (the motion comes from the left).
        let (display, _) = swap("tr-reveal", transition(.reveal, .fromLeft), at: 0.25)
        #expect(display.renderTree.dump() == """
            root [0,0 → 400,300]
              tr-reveal [100,100 → 200,150]
                b [100,100 → 200,150] bg=(0,0,1,1)
              tr-reveal (old) [125,100 → 225,150]
                a (old) [125,100 → 225,150] bg=(1,0,0,1)
            """)
        let tree = display.renderTree
        #expect(tree.children(of: 0).count == 2)
        #expect(tree.nodes[3].layerID & RenderTree.transitionSnapshotIDBit != 0)
        #expect(tree.nodes[1].layerID & RenderTree.transitionSnapshotIDBit == 0)
    }

    @Test func progressRangeAndTimingFunction() throws {
        let part = transition(.push, .fromBottom)
        part.startProgress = 0.5
        part.endProgress = 1
        let (display, _) = swap("tr-range", part, at: 0)
        // At the start the push is already half done: the new box is 25 below its place.
        #expect(display.renderTree.node(named: "b")?.worldTransform.project(.zero) == CGPoint(x: 100, y: 125))
        let eased = transition(.fade)
        eased.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let (d2, _) = swap("tr-eased", eased, at: 0.5)
        #expect(isClose(try #require(d2.renderTree.node(named: "tr-eased")).opacity, Float(0.315357), within: 1e-4))
    }

    @Test func endsWithOnlyTheNewAppearance() {
        let recorder = AnimationRecorder()
        let t = transition(.push, .fromLeft, duration: 0.5)
        t.delegate = recorder
        let (display, box) = swap("tr-end", t, at: 0.6)
        #expect(display.renderTree.dump() == """
            root [0,0 → 400,300]
              tr-end [100,100 → 200,150]
                b [100,100 → 200,150] bg=(0,0,1,1)
            """)
        #expect(box.animation(forKey: "transition") == nil)
        #expect(recorder.stops.map(\.finished) == [true])
    }

    @Test func aForwardsFillShowsOnlyTheNewAppearance() {
        let held = transition(.push, .fromRight, duration: 0.5)
        held.isRemovedOnCompletion = false
        held.fillMode = .forwards
        let (display, box) = swap("tr-held", held, at: 1)
        #expect(box.animation(forKey: "transition") != nil)
        #expect(display.renderTree.dump() == """
            root [0,0 → 400,300]
              tr-held [100,100 → 200,150]
                b [100,100 → 200,150] bg=(0,0,1,1)
            """)
    }

    @Test func contentsChangeKeepsTheOldImage() throws {
        let red = try #require(CGImage(width: 1, height: 1, premultipliedARGB: [0xFFFF_0000]))
        let green = try #require(CGImage(width: 1, height: 1, premultipliedARGB: [0xFF00_FF00]))
        let display = HeadlessDisplay(width: 200, height: 200)
        let photo = CALayer()
        photo.name = "photo"
        photo.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        photo.contents = red
        display.rootLayer.addSublayer(photo)
        display.advance(by: 0)
        photo.add(transition(.fade), forKey: nil)
        photo.contents = green
        display.advance(by: 0)
        display.advance(by: 0.5)
        let old = try #require(display.renderTree.node(named: "photo (old)"))
        let new = try #require(display.renderTree.node(named: "photo"))
        #expect(old.contents === red && new.contents === green)
        #expect(isClose(old.opacity, 0.5, within: 1e-6) && isClose(new.opacity, 0.5, within: 1e-6))
    }

    @Test func aLayerNeverShownBeforeJustFadesIn() {
        let display = HeadlessDisplay(width: 200, height: 200)
        let fresh = CALayer()
        fresh.name = "fresh"
        fresh.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        display.rootLayer.addSublayer(fresh)
        fresh.add(transition(.fade), forKey: nil)
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(display.renderTree.dump() == """
            root [0,0 → 200,200]
              fresh [0,0 → 10,10] opacity=0.5
            """)
    }

    @Test func badInputIsReported() {
        let t = CATransition()
        let before = diagnosticCount("CATransition: rejected")
        t.startProgress = 2
        t.endProgress = .nan
        #expect(diagnosticCount("CATransition: rejected") == before + 2)
        #expect(t.startProgress == 0 && t.endProgress == 1)

        let (display, box) = makeBox("tr-bad")
        let backwards = transition(.push)
        backwards.startProgress = 0.8
        backwards.endProgress = 0.2
        box.add(backwards, forKey: nil)
        #expect(Diagnostics.messages(containing: "'tr-bad'").last?.contains("endProgress 0.2 is before startProgress 0.8") == true)
        #expect(box.animation(forKey: "transition") == nil)

        let odd = transition(CATransitionType(rawValue: "rippleEffect"))
        odd.filter = "CIFilter"
        box.add(odd, forKey: nil)
        box.sublayers = [blue()]
        display.advance(by: 0)
        display.advance(by: 0.5)
        #expect(diagnosticCount("'tr-bad': CATransition: unknown type 'rippleEffect'; using fade") == 1)
        #expect(display.renderTree.node(named: "tr-bad")?.opacity == 0.5)   // ran as a fade
    }
}
