import Testing
import Anima

/// The Apple-style code in `AppleStyleCode.swift` compiled in Swift 5 mode; here it runs.
@Suite("Swift 5 language mode callers")
struct Swift5ModeTests {
    @Test @MainActor func appleStyleCodeCompilesAndRuns() {
        let result = runHeadless()
        #expect(result.frames == 10, "the display link ran until it invalidated itself")
        #expect(result.x == 30, "the box moved a point per frame: \(result.x)")
        #expect(result.title == "Counter")
    }

    /// Apple's custom animatable property recipe: setting the property runs the override's action, the
    /// presentation copy answers the value at the frame's time (linear, half way) and `draw(in:)` redraws from it
    /// every frame (its stored colour copied by `init(layer:)`).
    @Test @MainActor func appleCustomPropertyRecipeAnimates() throws {
        let result = runProgress()
        #expect(result.model == 1)
        let presented = try #require(result.presented)
        #expect(abs(presented - 0.5) < 1e-9, "\(presented)")
        #expect(result.drawn.first == 0, "the model's first drawing")
        #expect(result.drawn.count >= 30, "\(result.drawn.count) drawings in 30 frames")
        #expect(abs((result.drawn.last ?? 0) - 0.5) < 1e-9)
    }
}

/// Apple's API surface as its pages spell it (`AppleAPISurface.swift`), run on a headless display.
@Suite("Apple's API as documented")
@MainActor
struct AppleAPISurfaceTests {
    /// Boxed values (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`) animate as the plain values do; the masks and
    /// filters set on the way read back.
    @Test func coreAnimationSurfaceRuns() throws {
        let display = HeadlessDisplay(width: 200, height: 200)
        let surface = touchCoreAnimation(in: display)
        display.advance(by: 0.5)
        let position = try #require(surface.moved.presentation()?.position)
        #expect(abs(position.x - 50) < 1e-9 && abs(position.y - 20) < 1e-9, "half way from (0, 0) to (100, 40): \(position)")
        let scale = try #require(surface.turned.presentation()?.transform.m11)
        #expect(abs(scale - 2) < 1e-9, "half way from scale 1 to 3: \(scale)")
        #expect(surface.layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge])
        #expect((surface.layer.value(forKey: "edgeAntialiasingMask") as? NSNumber)?.intValue == 3)
        #expect(surface.text.string as? NSAttributedString != nil)
    }

    /// `perform(.delete, on:)` takes the view out of its window when the system animation ends; the dynamic
    /// animator says how long it has run through `elapsedTime()`, a method as in UIKit.
    @Test func uiKitSurfaceRuns() {
        let display = HeadlessDisplay(width: 200, height: 200)
        let window = UIWindow(display: display)
        let surface = touchUIKit(in: window)
        display.advance(by: 0.25)
        #expect(surface.deleted.superview === window, "still there during the animation")
        display.advance(by: 0.5)
        #expect(surface.deleted.superview == nil)
        #expect(surface.deleteFinished == true)
        #expect(surface.animator.elapsedTime() > 0.5)
    }

    /// A table of fruits: a tap selects a row and presents an alert; its destructive action deletes the row with an
    /// animation once the alert has gone.
    @Test func tableAndAlertAsAppleWritesThem() throws {
        let display = HeadlessDisplay(width: 320, height: 480)
        let window = UIWindow(display: display)
        let controller = FruitsViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        display.advance(by: 0)
        #expect(controller.tableView.visibleCells.count == 5)
        let cherry = controller.tableView.rectForRow(at: IndexPath(row: 2, section: 0))
        tapAt(display, CGPoint(x: cherry.midX, y: cherry.midY))
        display.advance(by: 1)
        let alert = try #require(controller.presentedViewController as? UIAlertController)
        #expect(alert.title == "Delete Cherry?" && alert.actions.count == 2)
        let delete = try #require(labels(in: alert.view).first { $0.text == "Delete" })
        tapAt(display, delete.convert(CGPoint(x: delete.bounds.midX, y: delete.bounds.midY), to: nil))
        display.advance(by: 1)
        #expect(controller.deleted == ["Cherry"] && controller.presentedViewController == nil)
        #expect(controller.tableView.visibleCells.compactMap { $0.textLabel?.text } == ["Apple", "Banana", "Date", "Elderberry"])
    }

    /// A tab bar controller holding a grid (a tap deletes a swatch with an animation) and onboarding pages (a swipe
    /// turns to the next one), as Apple's pages write them.
    @Test func tabsGridAndPagesAsAppleWritesThem() throws {
        let display = HeadlessDisplay(width: 320, height: 480)
        let window = UIWindow(display: display)
        let (tabs, swatches, onboarding) = makeAppleStyleTabs()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        display.advance(by: 0)
        let grid = try #require(swatches.collectionView)
        let first = try #require(grid.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame)
        tapAt(display, grid.convert(CGPoint(x: first.midX, y: first.midY), to: nil))
        display.advance(by: 1)
        #expect(swatches.hues.count == 11 && grid.numberOfItems(inSection: 0) == 11)
        tabs.selectedIndex = 1
        display.advance(by: 0)
        #expect(onboarding.viewControllers?.first?.title == "Step 1" && onboarding.view.window != nil)
        for x in stride(from: CGFloat(300), through: 40, by: -26) {
            display.send(.pointer(PointerEvent(phase: x == 300 ? .began : .moved, location: CGPoint(x: x, y: 200), pointerID: 0, timestamp: display.time)))
            display.advance(by: 1.0 / 30)
        }
        display.send(.pointer(PointerEvent(phase: .ended, location: CGPoint(x: 40, y: 200), pointerID: 0, timestamp: display.time)))
        display.advance(by: 1)
        #expect(onboarding.viewControllers?.first?.title == "Step 2")
    }

    /// Xcode's table view controller template: the table calls the subclass's overrides, and appearing again clears
    /// the selection.
    @Test func tableViewControllerTemplateOverridesAreCalled() throws {
        let display = HeadlessDisplay(width: 320, height: 480)
        let window = UIWindow(display: display)
        let planets = PlanetsTableViewController(style: .plain)
        let navigation = UINavigationController(rootViewController: planets)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        display.advance(by: 0)
        #expect(planets.tableView.visibleCells.compactMap { $0.textLabel?.text } == ["Mercury", "Venus", "Earth", "Mars"])
        let earth = planets.tableView.rectForRow(at: IndexPath(row: 2, section: 0))
        tapAt(display, planets.tableView.convert(CGPoint(x: earth.midX, y: earth.midY), to: nil))
        #expect(planets.chosen == ["Earth"] && planets.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        planets.tableView.contentOffset = CGPoint(x: 0, y: 10)
        #expect(planets.scrolled > 0, "the scroll view delegate override is called")
        navigation.pushViewController(UIViewController(), animated: false)
        navigation.popViewController(animated: false)
        display.advance(by: 1)
        #expect(planets.tableView.indexPathForSelectedRow == nil, "cleared when the view appears again")
    }

    private func tapAt(_ display: HeadlessDisplay, _ point: CGPoint) {
        for phase in [PointerEvent.Phase.began, .ended] {
            display.send(.pointer(PointerEvent(phase: phase, location: point, pointerID: 0, timestamp: display.time)))
            display.advance(by: 1.0 / 60)
        }
    }

    private func labels(in view: UIView) -> [UILabel] {
        view.subviews.flatMap { ($0 as? UILabel).map { [$0] } ?? [] + labels(in: $0) }
    }
}
