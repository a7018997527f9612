import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// A log shared by the controllers of one test: each callback appends "name: event".
@MainActor
final class CallbackLog {
    var entries: [String] = []
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that records its life-cycle, appearance, layout and containment callbacks.
@MainActor
class RecordingController: UIViewController {
    let name: String
    let log: CallbackLog
    var recordsLayout = false

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        log.entries.append("\(name): loadView")
        view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        log.entries.append("\(name): viewDidLoad")
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.entries.append("\(name): viewWillAppear(\(animated))")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.entries.append("\(name): viewDidAppear(\(animated))")
    }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.entries.append("\(name): viewWillDisappear(\(animated))")
    }
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        log.entries.append("\(name): viewDidDisappear(\(animated))")
    }
    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if recordsLayout { log.entries.append("\(name): viewWillLayoutSubviews") }
    }
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if recordsLayout { log.entries.append("\(name): viewDidLayoutSubviews") }
    }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.entries.append("\(name): willMove(toParent: \(describe(parent)))")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.entries.append("\(name): didMove(toParent: \(describe(parent)))")
    }
}

/// A recording controller's name, another controller's class, or "nil".
@MainActor
func describe(_ controller: UIViewController?) -> String {
    guard let controller else { return "nil" }
    return (controller as? RecordingController)?.name ?? "\(type(of: controller))"
}

/// Windows made for controller tests, kept alive for the whole run (as an app keeps its windows): a test
/// that ignores the window it gets must not see its controllers' views leave it.
@MainActor
var keptTestWindows: [UIWindow] = []

/// A window on a 400 × 300 display whose root is a recording controller named "root"; the log is cleared.
@MainActor
func makeRootedWindow(log: CallbackLog) -> (display: HeadlessDisplay, window: UIWindow, root: RecordingController) {
    let (display, window) = makeWindow()
    keptTestWindows.append(window)
    let root = RecordingController("root", log: log)
    window.rootViewController = root
    display.advance(by: 0)
    _ = log.take()
    return (display, window, root)
}
