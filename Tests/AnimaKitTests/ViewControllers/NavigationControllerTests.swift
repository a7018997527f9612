import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A navigation controller with a recording root "a", the root of a 400 × 300 window.
@MainActor
func makeNavigation(log: CallbackLog) -> (display: HeadlessDisplay, window: UIWindow, navigation: UINavigationController, root: RecordingController) {
    let (display, window) = makeWindow()
    keptTestWindows.append(window)
    let root = RecordingController("a", log: log)
    let navigation = UINavigationController(rootViewController: root)
    window.rootViewController = navigation
    display.advance(by: 0)
    _ = log.take()
    return (display, window, navigation, root)
}

@MainActor
@Suite("UINavigationController")
struct NavigationControllerTests {
    /// Animated, the bar slides up out of the view while the content grows into its place, then hides; shown
    /// again it slides back down. Not animated it changes at once.
    @Test func theBarSlidesOutAndBackWhenHiddenAnimated() throws {
        let (display, _, navigation, root) = makeNavigation(log: CallbackLog())
        navigation.setNavigationBarHidden(true, animated: true)
        #expect(navigation.isNavigationBarHidden && !navigation.navigationBar.isHidden, "visible while it slides")
        display.advance(by: 0)
        display.advance(by: UINavigationController.hideShowBarDuration / 2)
        let bar = try #require(navigation.navigationBar.layer.presentation()).frame.minY
        let content = try #require(navigation.contentView.layer.presentation()).frame.minY
        #expect(bar < -1 && bar > -43 && abs(content - (bar + 44)) < 1e-6, "bar at \(bar), content at \(content)")
        display.advance(by: UINavigationController.hideShowBarDuration)
        #expect(navigation.navigationBar.isHidden && root.view.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        navigation.setNavigationBarHidden(false, animated: true)
        display.advance(by: 0)
        display.advance(by: UINavigationController.hideShowBarDuration / 2)
        let shown = try #require(navigation.navigationBar.layer.presentation()).frame.minY
        #expect(shown < -1 && shown > -43 && !navigation.navigationBar.isHidden, "sliding down: \(shown)")
        display.advance(by: UINavigationController.hideShowBarDuration)
        #expect(navigation.navigationBar.frame.minY == 0 && navigation.contentView.frame.minY == 44)
        navigation.setNavigationBarHidden(true, animated: false)
        #expect(navigation.navigationBar.isHidden)
    }

    @Test func animatedPushSlidesInWithUIKitsCallbackOrder() throws {
        let log = CallbackLog()
        let (display, window, navigation, root) = makeNavigation(log: log)
        let b = RecordingController("b", log: log)
        navigation.pushViewController(b, animated: true)
        #expect(log.take() == ["b: willMove(toParent: UINavigationController)", "b: loadView", "b: viewDidLoad",
                               "a: viewWillDisappear(true)", "b: viewWillAppear(true)"])
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b, "the stack changes at once")
        #expect(navigation.navigationBar.shownTitle == "b" && navigation.navigationBar.backButton.currentTitle == "‹ a")
        display.advance(by: 0)
        display.advance(by: NavigationSlideAnimator.duration / 2)
        let x = try #require(b.view.layer.presentation()).transform.m41
        #expect(x > 20 && x < 380, "half way in from the right: \(x)")
        display.advance(by: NavigationSlideAnimator.duration)
        #expect(log.take() == ["a: viewDidDisappear(true)", "b: viewDidAppear(true)", "b: didMove(toParent: UINavigationController)"])
        #expect(root.view.superview == nil && b.view.superview === navigation.contentView)
        #expect(b.view.frame == CGRect(x: 0, y: 44, width: 400, height: 256).offsetBy(dx: 0, dy: -44))
        #expect(b.navigationController === navigation && b.view.window === window)
    }

    @Test func animatedPopCallsWillMoveFirstAndDidMoveLast() {
        let log = CallbackLog()
        let (display, _, navigation, _) = makeNavigation(log: log)
        let b = RecordingController("b", log: log)
        navigation.pushViewController(b, animated: false)
        _ = log.take()
        #expect(navigation.popViewController(animated: true) === b)
        #expect(navigation.viewControllers.count == 1)
        #expect(log.take() == ["b: willMove(toParent: nil)", "b: viewWillDisappear(true)", "a: viewWillAppear(true)"])
        display.advance(by: 1)
        #expect(log.take() == ["b: viewDidDisappear(true)", "a: viewDidAppear(true)", "b: didMove(toParent: nil)"])
        #expect(b.parent == nil && navigation.navigationBar.backButton.isHidden)
        #expect(navigation.popViewController(animated: true) == nil, "the root stays")
    }

    @Test func popToRootReturnsThePoppedControllersAndOnlyTheTopDisappears() {
        let log = CallbackLog()
        let (display, _, navigation, root) = makeNavigation(log: log)
        let b = RecordingController("b", log: log), c = RecordingController("c", log: log)
        navigation.setViewControllers([root, b, c], animated: false)
        _ = log.take()
        let popped = navigation.popToRootViewController(animated: true)
        #expect(popped?.count == 2 && popped?.first === b && popped?.last === c)
        display.advance(by: 1)
        let entries = log.take()
        #expect(!entries.contains { $0.hasPrefix("b: view") }, "b was never on screen: \(entries)")
        #expect(entries.contains("c: viewDidDisappear(true)") && entries.contains("a: viewDidAppear(true)"))
        #expect(entries.contains("b: didMove(toParent: nil)") && entries.contains("c: didMove(toParent: nil)"))
    }

    @Test func transitionFlagsAreTrueOnlyDuringTheirTransition() {
        final class Probe: UIViewController {
            var seen: [String] = []
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                seen.append("willAppear pushed \(isMovingToParent) presented \(isBeingPresented)")
            }
            override func viewDidDisappear(_ animated: Bool) {
                super.viewDidDisappear(animated)
                seen.append("didDisappear popped \(isMovingFromParent) dismissed \(isBeingDismissed)")
            }
        }
        let log = CallbackLog()
        let (display, _, navigation, root) = makeNavigation(log: log)
        let pushed = Probe(), presented = Probe()
        navigation.pushViewController(pushed, animated: true)
        display.advance(by: 1)
        navigation.popViewController(animated: true)
        display.advance(by: 1)
        root.present(presented, animated: true)
        display.advance(by: 1)
        presented.dismiss(animated: true)
        display.advance(by: 1)
        #expect(pushed.seen == ["willAppear pushed true presented false", "didDisappear popped true dismissed false"])
        #expect(presented.seen == ["willAppear pushed false presented true", "didDisappear popped false dismissed true"])
        #expect(!pushed.isMovingFromParent && !presented.isBeingDismissed, "false once the transitions are over")
    }

    @Test func showPushesInsideANavigationControllerAndPresentsOutside() {
        let log = CallbackLog()
        let (display, _, navigation, root) = makeNavigation(log: log)
        let pushed = UIViewController()
        root.show(pushed, sender: nil)
        #expect(navigation.topViewController === pushed)
        display.advance(by: 1)
        let (_, _, plain) = makeRootedWindow(log: log)
        let shown = UIViewController()
        plain.show(shown, sender: nil)
        #expect(plain.presentedViewController === shown)
    }

    @Test func theBackButtonPops() {
        let log = CallbackLog()
        let (display, _, navigation, _) = makeNavigation(log: log)
        navigation.pushViewController(RecordingController("b", log: log), animated: false)
        navigation.navigationBar.backButton.sendActions(for: .touchUpInside)
        display.advance(by: 1)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func offScreenStackChangesMakeNoAppearanceCalls() {
        let log = CallbackLog()
        let a = RecordingController("a", log: log), b = RecordingController("b", log: log)
        let navigation = UINavigationController(rootViewController: a)
        navigation.pushViewController(b, animated: true)
        #expect(navigation.topViewController === b)
        #expect(!log.entries.contains { $0.contains("Appear") }, "\(log.entries)")
    }

    @Test func changingTheStackDuringATransitionIsReportedAndIgnored() {
        let log = CallbackLog()
        let (_, _, navigation, _) = makeNavigation(log: log)
        navigation.pushViewController(RecordingController("b", log: log), animated: true)
        let before = diagnosticCount("while a transition is in progress; ignored")
        navigation.pushViewController(RecordingController("c", log: log), animated: true)
        #expect(diagnosticCount("while a transition is in progress; ignored") == before + 1 && navigation.viewControllers.count == 2)
    }

    @Test func titleChangesReachTheBar() {
        let log = CallbackLog()
        let (_, _, navigation, root) = makeNavigation(log: log)
        root.title = "Inbox"
        #expect(navigation.navigationBar.shownTitle == "Inbox")
        root.navigationItem.title = "Mail"
        #expect(navigation.navigationBar.shownTitle == "Mail")
    }
}

/// Pushing a controller that is already in the stack, or a navigation controller, traps as UIKit raises.
@Suite("UINavigationController programmer errors")
struct NavigationProgrammerErrorTests {
    @Test func pushingTheSameControllerTwiceTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let top = UIViewController()
                let navigation = UINavigationController(rootViewController: UIViewController())
                navigation.pushViewController(top, animated: false)
                navigation.pushViewController(top, animated: false)
            }
        }
    }

    @Test func pushingANavigationControllerTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let navigation = UINavigationController(rootViewController: UIViewController())
                navigation.pushViewController(UINavigationController(), animated: false)
            }
        }
    }
}
