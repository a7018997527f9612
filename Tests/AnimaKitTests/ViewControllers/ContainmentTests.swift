import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIViewController containment")
struct ContainmentTests {
    @Test func addingAChildToAVisibleParentFollowsUIKitsSequence() {
        let log = CallbackLog()
        let (_, window, root) = makeRootedWindow(log: log)
        defer { withExtendedLifetime(window) {} }
        let child = RecordingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        #expect(log.take() == ["child: willMove(toParent: root)", "child: loadView", "child: viewDidLoad",
                               "child: viewWillAppear(false)", "child: viewDidAppear(false)", "child: didMove(toParent: root)"])
        #expect(root.children.count == 1 && root.children.first === child && child.parent === root)
        #expect(child.view.next === child && child.next === root.view)

        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == ["child: willMove(toParent: nil)", "child: viewWillDisappear(false)",
                               "child: viewDidDisappear(false)", "child: didMove(toParent: nil)"])
        #expect(root.children.isEmpty && child.parent == nil)
    }

    @Test func childrenHearAppearanceAfterTheirParentWhenTheParentBecomesRoot() {
        let log = CallbackLog()
        let (_, window) = makeWindow()
        let parent = RecordingController("parent", log: log)
        let child = RecordingController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        _ = log.take()
        window.rootViewController = parent
        #expect(log.take() == ["parent: viewWillAppear(false)", "child: viewWillAppear(false)",
                               "parent: viewDidAppear(false)", "child: viewDidAppear(false)"])
        window.rootViewController = nil
        #expect(log.take() == ["parent: viewWillDisappear(false)", "child: viewWillDisappear(false)",
                               "parent: viewDidDisappear(false)", "child: viewDidDisappear(false)"])
    }

    @Test func aContainerThatForwardsNothingCallsItsChildrenItself() {
        final class Manual: UIViewController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let log = CallbackLog()
        let (_, window) = makeWindow()
        let parent = Manual()
        let child = RecordingController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        _ = log.take()
        window.rootViewController = parent
        #expect(log.entries.isEmpty, "a container that does not forward keeps its children silent")
        child.beginAppearanceTransition(true, animated: true)
        child.beginAppearanceTransition(true, animated: true)   // the same direction twice: heard once
        child.endAppearanceTransition()
        #expect(log.take() == ["child: viewWillAppear(true)", "child: viewDidAppear(true)"])
    }

    @Test func addingAnAncestorAsAChildIsRejected() {
        let parent = UIViewController()
        let child = UIViewController()
        parent.addChild(child)
        let before = diagnosticCount("a controller cannot contain itself or an ancestor")
        child.addChild(parent)
        parent.addChild(parent)
        #expect(diagnosticCount("a controller cannot contain itself or an ancestor") == before + 2)
        #expect(child.children.isEmpty && parent.parent == nil && parent.children.count == 1)
    }

    @Test func movingAChildToAnotherParentRemovesItFromTheFirst() {
        let a = UIViewController(), b = UIViewController(), child = UIViewController()
        a.addChild(child)
        b.addChild(child)
        #expect(a.children.isEmpty && b.children.first === child && child.parent === b)
    }
}
