import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIViewController life cycle")
struct ViewControllerLifecycleTests {
    @Test func viewLoadsLazilyOnceThroughLoadViewThenViewDidLoad() {
        let log = CallbackLog()
        let controller = RecordingController("a", log: log)
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        let view: UIView = controller.view
        #expect(controller.isViewLoaded && controller.view === view)
        #expect(log.take() == ["a: loadView", "a: viewDidLoad"])
        controller.loadViewIfNeeded()
        #expect(log.entries.isEmpty)
        #expect(view.next === controller, "the root view's next responder is its controller")
    }

    @Test func defaultLoadViewMakesAScreenSizedViewAndBoilerplateInitializersCompile() {
        let display = HeadlessDisplay(width: 320, height: 200)
        display.makeCurrent()
        let plain = UIViewController(nibName: nil, bundle: nil)
        #expect(plain.view.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
        #expect(plain.nibName == nil && plain.title == nil && plain.preferredContentSize == .zero)
        final class Coded: UIViewController {
            required init?(coder: NSCoder) { super.init(coder: coder) }
            override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
                super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
            }
        }
        #expect(Coded(nibName: "Main", bundle: .main).nibName == "Main")
    }

    @Test func settingTheWindowRootCallsAppearanceInUIKitsOrderAndFillsTheWindow() {
        let log = CallbackLog()
        let (display, window) = makeWindow()
        let first = RecordingController("first", log: log)
        window.rootViewController = first
        #expect(log.take() == ["first: loadView", "first: viewDidLoad", "first: viewWillAppear(false)", "first: viewDidAppear(false)"])
        #expect(first.view.superview === window && first.view.frame == window.bounds)
        let second = RecordingController("second", log: log)
        window.rootViewController = second
        #expect(log.take() == ["second: loadView", "second: viewDidLoad", "first: viewWillDisappear(false)",
                               "second: viewWillAppear(false)", "first: viewDidDisappear(false)", "second: viewDidAppear(false)"])
        #expect(first.view.superview == nil && window.subviews.first === second.view)
        window.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
        display.advance(by: 0)
        #expect(second.view.frame == CGRect(x: 0, y: 0, width: 200, height: 150), "the root view follows the window")
        window.rootViewController = second
        #expect(log.entries.isEmpty, "setting the same root again changes nothing")
    }

    @Test func aHiddenWindowsRootAppearsWhenTheWindowIsShown() {
        let log = CallbackLog()
        let display = HeadlessDisplay(width: 200, height: 100)
        let window = UIWindow(display: display)
        window.isHidden = true
        let root = RecordingController("root", log: log)
        window.rootViewController = root
        #expect(log.take() == ["root: loadView", "root: viewDidLoad"])
        window.makeKeyAndVisible()
        #expect(log.take() == ["root: viewWillAppear(false)", "root: viewDidAppear(false)"])
        window.makeKeyAndVisible()
        #expect(log.entries.isEmpty, "already visible")
        window.isHidden = true
        #expect(log.take() == ["root: viewWillDisappear(false)", "root: viewDidDisappear(false)"])
    }

    @Test func layoutCallbacksBracketTheRootViewsLayout() {
        let log = CallbackLog()
        let (_, window, root) = makeRootedWindow(log: log)
        defer { withExtendedLifetime(window) {} }
        final class Probe: UIView {
            var onLayout: () -> Void = {}
            override func layoutSubviews() { super.layoutSubviews(); onLayout() }
        }
        let probe = Probe()
        root.view = probe
        probe.onLayout = { log.entries.append("view: layoutSubviews") }
        root.recordsLayout = true
        probe.setNeedsLayout()
        probe.layoutIfNeeded()
        #expect(log.take() == ["root: viewWillLayoutSubviews", "view: layoutSubviews", "root: viewDidLayoutSubviews"])
    }

    @Test func titleAndPreferredContentSizeAreKept() {
        let controller = UIViewController()
        controller.title = "Inbox"
        controller.preferredContentSize = CGSize(width: 320, height: 200)
        #expect(controller.title == "Inbox" && controller.preferredContentSize == CGSize(width: 320, height: 200))
        #expect(!controller.isViewLoaded, "attributes do not load the view")
    }

    @Test func loadViewThatSetsNoViewIsReportedAndAnEmptyViewIsUsed() {
        final class Forgetful: UIViewController {
            override func loadView() {}
        }
        let before = diagnosticCount("loadView() did not set view")
        let controller = Forgetful()
        #expect(controller.view != nil)
        #expect(diagnosticCount("loadView() did not set view") == before + 1)
    }
}
