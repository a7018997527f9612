import Foundation
import AnimaGraphics

/// An input event in display coordinates (points), as the backend or a test delivers it.
public enum InputEvent: Equatable, Sendable {
    /// A touch or mouse pointer.
    case pointer(PointerEvent)
    /// A key press or release.
    case key(KeyEvent)
    /// A scroll wheel or trackpad scroll, in points.
    case scroll(dx: CGFloat, dy: CGFloat, location: CGPoint)
}

/// A pointer (touch or mouse) event.
public struct PointerEvent: Equatable, Sendable {
    /// The stage of a touch.
    public enum Phase: Equatable, Sendable { case began, moved, ended, cancelled }
    public var phase: Phase
    /// Where the pointer is, in display points.
    public var location: CGPoint
    /// Identifies one finger or the mouse across its events.
    public var pointerID: Int
    /// The media time of the event (seconds).
    public var timestamp: CFTimeInterval

    public init(phase: Phase, location: CGPoint, pointerID: Int = 0, timestamp: CFTimeInterval) {
        self.phase = phase; self.location = location; self.pointerID = pointerID; self.timestamp = timestamp
    }
}

/// A keyboard event.
public struct KeyEvent: Equatable, Sendable {
    /// The key as text (`"s"`, `"escape"`, `"space"`…).
    public var key: String
    public var isDown: Bool

    public init(key: String, isDown: Bool) { self.key = key; self.isDown = isDown }
}
