import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIViewController presentation")
struct PresentationTests {
    @Test func animatedFullScreenPresentCallsUIKitsSequenceAndSlidesUp() throws {
        let log = CallbackLog()
        let (display, window, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        var completions = 0
        root.present(detail, animated: true) { log.entries.append("completion"); completions += 1 }
        #expect(log.take() == ["detail: loadView", "detail: viewDidLoad", "root: viewWillDisappear(true)", "detail: viewWillAppear(true)"])
        #expect(root.presentedViewController === detail && detail.presentingViewController === root)
        display.advance(by: 0)
        display.advance(by: ModalTransitionAnimator.duration / 2)
        let y = try #require(detail.view.layer.presentation()).transform.m42
        #expect(y > 10 && y < 290, "half way up: \(y)")
        #expect(root.view.window === window, "the presenter stays until the transition ends")
        display.advance(by: ModalTransitionAnimator.duration)
        #expect(log.take() == ["detail: viewDidAppear(true)", "root: viewDidDisappear(true)", "completion"])
        #expect(completions == 1 && root.view.window == nil && detail.view.window === window)
        #expect(detail.view.frame == window.bounds && detail.view.transform == .identity)
    }

    @Test func animatedDismissBringsThePresenterBackInUIKitsOrder() {
        let log = CallbackLog()
        let (display, window, root) = makeRootedWindow(log: log)
        let detail = RecordingController("detail", log: log)
        root.present(detail, animated: false)
        #expect(log.take() == ["detail: loadView", "detail: viewDidLoad", "root: viewWillDisappear(false)",
                               "detail: viewWillAppear(false)", "detail: viewDidAppear(false)", "root: viewDidDisappear(false)"])
        detail.dismiss(animated: true) { log.entries.append("completion") }   // the presented asks its presenter
        #expect(log.take() == ["detail: viewWillDisappear(true)", "root: viewWillAppear(true)"])
        #expect(root.view.window === window, "the presenter is back underneath while the presented view leaves")
        display.advance(by: 1)
        #expect(log.take() == ["detail: viewDidDisappear(true)", "root: viewDidAppear(true)", "completion"])
        #expect(root.presentedViewController == nil && detail.presentingViewController == nil)
        #expect(detail.view.window == nil && window.subviews.count == 1)
    }

    @Test(arguments: [UIModalTransitionStyle.crossDissolve, .flipHorizontal, .coverVertical])
    func overFullScreenKeepsThePresenterAndEachStyleEndsInPlace(_ style: UIModalTransitionStyle) throws {
        let log = CallbackLog()
        let (display, window, root) = makeRootedWindow(log: log)
        let overlay = RecordingController("overlay", log: log)
        overlay.modalPresentationStyle = .overFullScreen
        overlay.modalTransitionStyle = style
        var done = false
        root.present(overlay, animated: true) { done = true }
        display.advance(by: 0)
        display.advance(by: 0.2)
        if style == .crossDissolve {
            let alpha = try #require(overlay.view.layer.presentation()).opacity
            #expect(alpha > 0.05 && alpha < 0.95, "fading in: \(alpha)")
        }
        display.advance(by: 1)
        #expect(done && root.view.window === window && overlay.view.window === window)
        #expect(!log.entries.contains { $0.hasPrefix("root:") }, "an over-full-screen presenter does not disappear")
        #expect(overlay.view.alpha == 1 && overlay.view.layer.transform == CATransform3DIdentity)
        overlay.dismiss(animated: true)
        display.advance(by: 1)
        #expect(overlay.view.window == nil && root.view.window === window)
    }

    @Test func overCurrentContextCoversTheContextControllersView() {
        let log = CallbackLog()
        let (_, window, root) = makeRootedWindow(log: log)
        let context = RecordingController("context", log: log)
        context.definesPresentationContext = true
        root.addChild(context)
        root.view.addSubview(context.view)
        context.view.frame = CGRect(x: 50, y: 60, width: 120, height: 80)
        context.didMove(toParent: root)
        let inner = UIViewController()
        context.addChild(inner)
        let sheet = UIViewController()
        sheet.modalPresentationStyle = .overCurrentContext
        inner.present(sheet, animated: false)
        #expect(sheet.presentingViewController === context && inner.presentedViewController === sheet)
        #expect(sheet.view.convert(sheet.view.bounds, to: window) == CGRect(x: 50, y: 60, width: 120, height: 80))
        #expect(context.view.window === window)
    }

    @Test func presentingWhileAlreadyPresentingOrOffScreenIsReportedAndIgnored() {
        let log = CallbackLog()
        let (_, window, root) = makeRootedWindow(log: log)
        root.present(UIViewController(), animated: false)
        let before = diagnosticCount("which is already presenting")
        var called = false
        root.present(UIViewController(), animated: false) { called = true }
        #expect(diagnosticCount("which is already presenting") == before + 1 && !called)
        let loose = UIViewController()
        let offBefore = diagnosticCount("is not in the window hierarchy")
        loose.present(UIViewController(), animated: false) { called = true }
        #expect(diagnosticCount("is not in the window hierarchy") == offBefore + 1 && !called)
        withExtendedLifetime(window) {}
    }

    @Test func dismissingWithNothingPresentedDoesNothing() {
        var called = false
        UIViewController().dismiss(animated: true) { called = true }
        #expect(!called)
    }
}

/// Presenting a controller that is already presented is Apple's documented programmer error
/// ("Application tried to present modally a view controller … that is already being presented by …").
@Suite("UIViewController presentation programmer errors")
struct PresentationProgrammerErrorTests {
    @Test func presentingAnAlreadyPresentedControllerTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, window) = makeWindow()
                let root = UIViewController(), other = UIViewController()
                window.rootViewController = root
                let shown = UIViewController()
                root.present(shown, animated: false)
                shown.present(other, animated: false)
                other.present(shown, animated: false)
            }
        }
    }

    @Test func presentingAChildControllerTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (_, window) = makeWindow()
                let root = UIViewController(), child = UIViewController()
                window.rootViewController = root
                root.addChild(child)
                root.present(child, animated: false)
            }
        }
    }
}
