import Foundation

/// The stack of "current" drawing contexts behind `UIGraphicsGetCurrentContext()`.
///
/// Whoever hands a context to drawing code (a layer's backing store, an image renderer) pushes it first and
/// pops it afterwards; drawing code asks for `current`. Main-actor isolated, like UIKit drawing.
/// ```swift
/// GraphicsContextStack.push(context)
/// GraphicsContextStack.current === context   // true
/// GraphicsContextStack.pop()
/// ```
@MainActor
public enum GraphicsContextStack {
    private static var contexts: [CGContext] = []

    /// The innermost pushed context, or nil when none is pushed.
    public static var current: CGContext? { contexts.last }

    /// How many contexts are pushed.
    public static var depth: Int { contexts.count }

    /// Makes `context` current until the matching `pop()`.
    public static func push(_ context: CGContext) { contexts.append(context) }

    /// Removes and returns the current context; popping an empty stack is reported and returns nil.
    @discardableResult
    public static func pop() -> CGContext? {
        guard let last = contexts.popLast() else {
            Diagnostics.report("GraphicsContextStack.pop(): the stack is empty; ignored")
            return nil
        }
        return last
    }

    /// Runs `body` with `context` current, popping it afterwards even when `body` throws.
    ///
    /// ```swift
    /// GraphicsContextStack.withCurrent(context) { GraphicsContextStack.current?.fill(rect) }
    /// ```
    public static func withCurrent<T>(_ context: CGContext, _ body: () throws -> T) rethrows -> T {
        push(context)
        defer { pop() }
        return try body()
    }
}
