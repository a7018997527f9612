import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A delegate that can refuse tabs and give a cross-fade animator, recording what it hears.
@MainActor
final class TabDelegate: UITabBarControllerDelegate {
    var events: [String] = []
    var refused: Set<ObjectIdentifier> = []
    var fades = false

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        events.append("should \(viewController.title ?? "")")
        return !refused.contains(ObjectIdentifier(viewController))
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        events.append("did \(viewController.title ?? "")")
    }
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        fades ? CrossFade() : nil
    }
}

/// A 0.4 s cross-fade of the tabs' views, written as Apple's transition guide writes an animator.
@MainActor
final class CrossFade: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toView = transitionContext.view(forKey: .to), let fromView = transitionContext.view(forKey: .from) else { return }
        transitionContext.containerView.addSubview(toView)
        toView.alpha = 0
        UIView.animate(withDuration: 0.4, animations: {
            toView.alpha = 1
            fromView.alpha = 0
        }, completion: { _ in
            fromView.alpha = 1
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// A 24-point icon: a filled disc, drawn as a template by the bar.
@MainActor
private func tabIcon() -> UIImage {
    UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { _ in
        UIColor.black.setFill()
        UIBezierPath(ovalIn: CGRect(x: 3, y: 3, width: 18, height: 18)).fill()
    }
}

@MainActor
@Suite("UITabBarController")
struct TabBarControllerTests {
    private func makeTabs(log: CallbackLog) -> (HeadlessDisplay, UITabBarController, [RecordingController], TabDelegate) {
        let (display, window) = makeWindow(width: 400, height: 300)
        keptTestWindows.append(window)
        let tabs = UITabBarController()
        let pages = ["Feed", "Search", "Profile"].map { name -> RecordingController in
            let page = RecordingController(name, log: log)
            page.title = name
            page.tabBarItem = UITabBarItem(title: name, image: tabIcon(), tag: 0)
            return page
        }
        pages[1].tabBarItem.badgeValue = "3"
        let delegate = TabDelegate()
        tabs.delegate = delegate
        tabs.viewControllers = pages
        window.rootViewController = tabs
        display.advance(by: 0)
        _ = log.take()
        return (display, tabs, pages, delegate)
    }

    private func tapTab(_ index: Int, of tabs: UITabBarController, on display: HeadlessDisplay) {
        let button = tabs.tabBar.itemButtons[index]
        tap(display, at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
    }

    @Test func onlyTheSelectedTabIsShownAndATapSwitchesWithAppearanceCalls() {
        let log = CallbackLog()
        let (display, tabs, pages, delegate) = makeTabs(log: log)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === pages[0])
        #expect(pages[0].view.window != nil && !pages[1].isViewLoaded, "other tabs load when first shown")
        #expect(pages[0].view.frame == CGRect(x: 0, y: 0, width: 400, height: 300 - UITabBar.height))
        #expect(tabs.tabBar.items?.map(\.title) == ["Feed", "Search", "Profile"] && tabs.tabBar.selectedItem === pages[0].tabBarItem)
        tapTab(1, of: tabs, on: display)
        #expect(delegate.events == ["should Search", "did Search"])
        #expect(tabs.selectedIndex == 1 && pages[1].view.window != nil && pages[0].view.window == nil)
        let calls = log.take().filter { !$0.lowercased().contains("load") }
        #expect(calls == ["Feed: viewWillDisappear(false)", "Feed: viewDidDisappear(false)",
                          "Search: viewWillAppear(false)", "Search: viewDidAppear(false)"], "\(calls)")
        #expect(pages[2].tabBarController === tabs)
    }

    @Test func aRefusedTabStaysUnselected() {
        let log = CallbackLog()
        let (display, tabs, pages, delegate) = makeTabs(log: log)
        delegate.refused = [ObjectIdentifier(pages[2])]
        tapTab(2, of: tabs, on: display)
        #expect(delegate.events == ["should Profile"] && tabs.selectedIndex == 0)
    }

    @Test func theDelegatesAnimatorCrossFadesTheTabs() throws {
        let log = CallbackLog()
        let (display, tabs, pages, delegate) = makeTabs(log: log)
        delegate.fades = true
        tapTab(2, of: tabs, on: display)
        #expect(log.take().filter { !$0.lowercased().contains("load") } == ["Feed: viewWillDisappear(true)", "Profile: viewWillAppear(true)"])
        display.advance(by: 0)
        display.advance(by: 0.2)
        let fading = try #require(pages[2].view.layer.presentation()).opacity
        #expect(fading > 0.2 && fading < 0.8, "\(fading)")
        display.advance(by: 0.5)
        #expect(pages[0].view.window == nil && pages[2].view.alpha == 1 && tabs.selectedIndex == 2)
        #expect(log.take() == ["Feed: viewDidDisappear(true)", "Profile: viewDidAppear(true)"])
    }

    @Test func settingSelectedIndexAndReplacingTheTabs() {
        let log = CallbackLog()
        let (_, tabs, pages, _) = makeTabs(log: log)
        tabs.selectedIndex = 2
        #expect(pages[2].view.window != nil && pages[0].view.window == nil)
        tabs.selectedIndex = 7
        #expect(tabs.selectedIndex == 2)
        let extra = RecordingController("Extra", log: log)
        tabs.viewControllers = [pages[2], extra]
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === pages[2], "the selection follows its controller")
        #expect(pages[0].parent == nil && extra.parent === tabs && tabs.tabBar.items?.count == 2)
    }

    @Test func aTabBarAsDrawn() throws {
        let log = CallbackLog()
        let (display, _, _, _) = makeTabs(log: log)
        display.advance(by: 1.0 / 60)
        let image = try display.snapshot()
        try keepPicture(image, "tab-bar.png")
        let scale = Int(display.scale)
        // The badge of the middle tab is red.
        var reds = 0
        for y in (300 - 49)..<300 { for x in 200..<240 {
            if let p = image.pixel(x: x * scale, y: y * scale), p.red > 200, p.green < 100 { reds += 1 }
        } }
        #expect(reds > 20, "\(reds)")
    }
}
