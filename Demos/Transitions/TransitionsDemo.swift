import Anima
import Foundation

/// View-controller transitions, written as UIKit code writes them: `present`/`dismiss` in each
/// `UIModalTransitionStyle`, a `UINavigationController` push and its interactive pop by a pan from the left edge
/// (cancelled once, then finished), and a custom interactive transition — a card that expands into a detail
/// screen and can be dragged back (let go early and it springs back out).
@MainActor
final class TransitionsDemo: Demo {
    nonisolated static let info = DemoInfo(
        name: "transitions", title: "Transitions",
        summary: "View controllers: modal styles, a push with an edge-pan pop, a card dragged back.",
        seed: "issue 24 view controllers", autoplaySeconds: 11.5, make: { TransitionsDemo() })

    private let menu = TransitionsMenuController()
    private var navigation: UINavigationController!
    /// What happened, in order (presentation and dismissal completions, coordinator completions).
    private(set) var events: [String] = []

    func install(in root: UIView) {
        root.backgroundColor = .white
        menu.record = { [weak self] in self?.events.append($0) }
        navigation = UINavigationController(rootViewController: menu)
        navigation.view.frame = root.bounds
        root.addSubview(navigation.view)
    }

    func autoplay(_ script: AutoplayScript) {
        let names = ["Cover vertical", "Cross dissolve", "Flip horizontal"]
        var t = 0.4
        for (i, name) in names.enumerated() {
            script.tap(menu.styleButtons[i], at: t)
            script.at(t + (i == 2 ? 0.9 : 0.7)) { [weak self] script in
                guard let modal = self?.menu.presentedViewController as? ModalScreenController, modal.name == name else { return }
                script.tap(modal.closeButton, at: script.now)
            }
            t += i == 2 ? 1.8 : 1.4
        }
        // t ≈ 5.0: push, then an edge pan that stops early (cancelled) and one past half way (finished).
        script.tap(menu.pushButton, at: t)
        script.drag(from: CGPoint(x: 4, y: 260), to: CGPoint(x: 150, y: 260), at: t + 0.8, duration: 0.6)
        script.drag(from: CGPoint(x: 4, y: 260), to: CGPoint(x: 470, y: 260), at: t + 2.0, duration: 0.5, fling: true)
        // t ≈ 8.0: the card expands; a short drag down springs back, a long one puts it away.
        script.tap(menu.card, at: t + 3.0)
        script.drag(from: CGPoint(x: 320, y: 200), to: CGPoint(x: 320, y: 260), at: t + 3.9, duration: 0.5)
        script.drag(from: CGPoint(x: 320, y: 200), to: CGPoint(x: 320, y: 420), at: t + 5.0, duration: 0.5, fling: true)
    }

    func verify() -> [String] {
        var failures: [String] = []
        let expected = ["presented Cover vertical", "dismissed Cover vertical", "presented Cross dissolve", "dismissed Cross dissolve",
                        "presented Flip horizontal", "dismissed Flip horizontal", "pushed", "pop cancelled", "popped",
                        "card expanded", "card drag cancelled", "card dismissed"]
        if events != expected { failures.append("events \(events), expected \(expected)") }
        if navigation.viewControllers.count != 1 { failures.append("the stack should be back at the menu, has \(navigation.viewControllers.count)") }
        if menu.presentedViewController != nil { failures.append("nothing should be presented at the end") }
        if menu.view.window == nil { failures.append("the menu should be on screen at the end") }
        return failures
    }
}
