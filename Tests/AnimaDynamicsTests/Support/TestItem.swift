import AnimaDynamics
import AnimaGraphics
import Foundation

/// A minimal dynamic item: a centre, a size and a transform.
@MainActor
final class TestItem: UIDynamicItem, CustomStringConvertible {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity
    var collisionBoundsType: UIDynamicItemCollisionBoundsType = .rectangle
    var collisionBoundingPath: CGPath
    let name: String

    init(_ name: String = "item", center: CGPoint, size: CGSize = CGSize(width: 100, height: 100)) {
        self.name = name
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
        self.collisionBoundingPath = CGPath(rect: CGRect(x: -size.width / 2, y: -size.height / 2,
                                                         width: size.width, height: size.height), transform: nil)
    }

    nonisolated var description: String { "TestItem(\(name))" }

    /// The rotation angle written by the animator.
    var angle: CGFloat { atan2(transform.b, transform.a) }
}

/// Records an animator's pause and resume calls in order.
@MainActor
final class AnimatorEvents: UIDynamicAnimatorDelegate {
    var log: [String] = []
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { log.append("resume") }
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { log.append("pause") }
}

/// Records collision callbacks.
@MainActor
final class CollisionEvents: UICollisionBehaviorDelegate {
    struct Event {
        var began: Bool
        var names: [String]
        var identifier: AnyHashable?
        var point: CGPoint?
    }
    var events: [Event] = []

    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint) {
        events.append(Event(began: true, names: [name(item1), name(item2)], identifier: nil, point: p))
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem) {
        events.append(Event(began: false, names: [name(item1), name(item2)], identifier: nil, point: nil))
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at p: CGPoint) {
        events.append(Event(began: true, names: [name(item)], identifier: identifier, point: p))
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?) {
        events.append(Event(began: false, names: [name(item)], identifier: identifier, point: nil))
    }

    private func name(_ item: UIDynamicItem) -> String { (item as? TestItem)?.name ?? "?" }
}

/// Steps `animator` in 60-Hz frames for `seconds` of time.
@MainActor
func run(_ animator: UIDynamicAnimator, seconds: Double, frame: Double = 1.0 / 60.0) {
    let frames = Int((seconds / frame).rounded())
    for _ in 0..<frames { animator.step(by: frame) }
}

/// The fixed physics step the tests assume (the animator's default).
let physicsStep = 1.0 / 120.0

/// Where semi-implicit Euler (Box2D's integrator) puts a body after `n` steps of `h` at constant acceleration
/// `a` from rest: v_k = a·h·k, x_n = Σ v_k·h = a·h²·n(n+1)/2 = ½·a·t² + ½·a·t·h.
func semiImplicitDisplacement(acceleration a: Double, steps n: Int, h: Double = physicsStep) -> Double {
    a * h * h * Double(n * (n + 1)) / 2
}

let referenceBounds = CGRect(x: 0, y: 0, width: 400, height: 700)
