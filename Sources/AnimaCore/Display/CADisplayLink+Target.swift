import Foundation

extension CADisplayLink {
    /// A link that calls `selector`, a method of `target` taking the link, every frame once added to a run
    /// loop (Core Animation's `init(target:selector:)`; Linux has no selectors, so pass a method reference).
    ///
    /// As in Core Animation the link keeps `target` alive until it is invalidated.
    /// ```swift
    /// displayLink = CADisplayLink(target: self, selector: FlingView.tick)   // func tick(_ link: CADisplayLink)
    /// displayLink?.add(to: .main, forMode: .default)
    /// ```
    public convenience init<Target: AnyObject>(target: Target,
                                               selector: @escaping @MainActor (Target) -> (CADisplayLink) -> Void) {
        self.init { link in selector(target)(link) }
    }

    /// A link that calls `selector`, a method of `target` with no arguments, every frame (see above).
    /// ```swift
    /// displayLink = CADisplayLink(target: self, selector: BallListView.tick)   // func tick()
    /// ```
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping @MainActor (Target) -> () -> Void) {
        self.init { _ in selector(target)() }
    }
}
