import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A finger put down at the first point and dragged through the others at `rate` events per second (one
/// event per frame); unless `lift` is false it lifts at the last point, still moving — or, after
/// `restBeforeLift` seconds, without moving.
@MainActor
func pan(_ display: HeadlessDisplay, _ points: [CGPoint], rate: Double = 60, id: Int = 0,
         restBeforeLift: TimeInterval = 0, lift: Bool = true) {
    guard let first = points.first, let last = points.last else { return }
    let step = 1 / rate
    display.send(pointer(.began, first.x, first.y, id: id, in: display))
    display.advance(by: step)
    let moves = lift && restBeforeLift == 0 ? points.dropFirst().dropLast() : points.dropFirst()
    for p in moves {
        display.send(pointer(.moved, p.x, p.y, id: id, in: display))
        display.advance(by: step)
    }
    guard lift else { return }
    if restBeforeLift > 0 { display.advance(by: restBeforeLift) }
    display.send(pointer(.ended, last.x, last.y, id: id, in: display))
    display.advance(by: step)
}

/// `count + 1` points from `start`, each `step` further.
func line(from start: CGPoint, step: CGPoint, count: Int) -> [CGPoint] {
    (0...count).map { CGPoint(x: start.x + step.x * CGFloat($0), y: start.y + step.y * CGFloat($0)) }
}

/// Records a recognizer's states as its targets see them, with a value read at each call.
@MainActor
final class StateLog<Recognizer: UIGestureRecognizer> {
    var states: [UIGestureRecognizer.State] = []
    var values: [CGPoint] = []

    init(_ recognizer: Recognizer, value: @escaping @MainActor (Recognizer) -> CGPoint = { $0.location(in: nil) }) {
        recognizer.addTarget { [unowned self] (g: Recognizer) in
            self.states.append(g.state)
            self.values.append(value(g))
        }
    }
}
