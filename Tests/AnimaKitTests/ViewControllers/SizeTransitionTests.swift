import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A controller that records `viewWillTransition(to:with:)`: the size asked, its view's size then, and in the
/// coordinator's alongside block and completion. Its view is the default one (`loadView()` not overridden), which
/// follows its container's size, as UIKit's does.
@MainActor
final class SizeRecordingController: UIViewController {
    let name: String
    let log: CallbackLog

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        log.entries.append("\(name): will \(Int(size.width))×\(Int(size.height)) from \(Int(view.bounds.width))")
        coordinator.animate(alongsideTransition: { context in
            self.log.entries.append("\(self.name): alongside at \(Int(self.view.bounds.width)), animated \(context.isAnimated)")
        }, completion: { _ in self.log.entries.append("\(self.name): completion") })
        super.viewWillTransition(to: size, with: coordinator)
    }
}

@MainActor
@Suite("Window size transitions")
struct SizeTransitionTests {
    /// UIKit's order: every controller hears of the size while its view has the old one (the root, then its
    /// children, then what it presents), the window lays out at the new size, the alongside blocks run, then the
    /// completions. Root, child and presented views all follow the window.
    @Test func aResizeTellsTheControllersFirst() throws {
        let log = CallbackLog()
        let (display, window) = makeWindow(width: 400, height: 300)
        keptTestWindows.append(window)
        let root = SizeRecordingController("root", log: log)
        let child = SizeRecordingController("child", log: log)
        window.rootViewController = root
        root.addChild(child)
        root.view.addSubview(child.view)
        child.view.frame = root.view.bounds
        child.didMove(toParent: root)
        let sheet = SizeRecordingController("sheet", log: log)
        sheet.modalPresentationStyle = .overFullScreen   // the root's view stays in the window under it
        root.present(sheet, animated: false)
        display.advance(by: 0)
        _ = log.take()
        window.transition(toSize: CGSize(width: 500, height: 350))
        let calls = log.take()
        #expect(calls == ["root: will 500×350 from 400", "child: will 500×350 from 400", "sheet: will 500×350 from 400",
                          "root: alongside at 500, animated false", "child: alongside at 500, animated false",
                          "sheet: alongside at 500, animated false",
                          "root: completion", "child: completion", "sheet: completion"])
        let full = CGRect(x: 0, y: 0, width: 500, height: 350)
        #expect(root.view.frame == full && child.view.frame == full && sheet.view.frame == full, "\(sheet.view.frame)")
        window.transition(toSize: CGSize(width: 500, height: 350))
        #expect(log.take().isEmpty, "the same size is no transition")
        let before = diagnosticCount("transition(toSize:) size")
        window.transition(toSize: CGSize(width: CGFloat.nan, height: 10))
        #expect(diagnosticCount("transition(toSize:) size") == before + 1 && window.bounds.size == full.size)
    }
}
