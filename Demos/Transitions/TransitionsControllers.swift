import Anima
import Foundation

/// The menu at the root of the demo's navigation controller: three buttons present a modal screen in each
/// `UIModalTransitionStyle`, one pushes a detail screen, and a card expands into its own screen.
@MainActor
final class TransitionsMenuController: UIViewController {
    var record: (String) -> Void = { _ in }
    var styleButtons: [UIButton] = []
    let pushButton = UIButton(type: .system)
    let card = UIView()
    private lazy var cardDelegate = CardTransitionDelegate { [weak self] in
        guard let card = self?.card else { return .zero }
        return card.convert(card.bounds, to: nil)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Transitions"
        view.backgroundColor = UIColor(white: 0.95, alpha: 1)
        let styles: [(String, UIModalTransitionStyle)] = [("Cover vertical", .coverVertical), ("Cross dissolve", .crossDissolve),
                                                          ("Flip horizontal", .flipHorizontal)]
        for (i, (name, style)) in styles.enumerated() {
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 24, y: 24 + CGFloat(i) * 48, width: 220, height: 40)
            button.setTitle("Present: \(name)", for: .normal)
            button.contentHorizontalAlignment = .left
            button.addAction(UIAction { [weak self] _ in self?.presentModal(name, style) }, for: .touchUpInside)
            view.addSubview(button)
            styleButtons.append(button)
        }
        pushButton.frame = CGRect(x: 24, y: 24 + 3 * 48, width: 220, height: 40)
        pushButton.setTitle("Push a screen", for: .normal)
        pushButton.contentHorizontalAlignment = .left
        pushButton.addAction(UIAction { [weak self] _ in self?.pushDetail() }, for: .touchUpInside)
        view.addSubview(pushButton)

        card.frame = CGRect(x: 330, y: 30, width: 260, height: 150)
        card.backgroundColor = .systemIndigo
        card.layer.cornerRadius = 14
        let caption = UILabel(frame: CGRect(x: 16, y: 110, width: 228, height: 28))
        caption.text = "Tap: expand · drag down: back"
        caption.textColor = .white
        card.addSubview(caption)
        card.addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in
            if tap.state == .ended { self?.expandCard() }
        })
        view.addSubview(card)
    }

    private func presentModal(_ name: String, _ style: UIModalTransitionStyle) {
        let modal = ModalScreenController(name: name)
        modal.modalTransitionStyle = style
        modal.onClose = { [weak self] in self?.record("dismissed \(name)") }
        present(modal, animated: true) { [weak self] in self?.record("presented \(name)") }
    }

    private func pushDetail() {
        let detail = PushedScreenController()
        detail.record = record
        navigationController?.pushViewController(detail, animated: true)
    }

    private func expandCard() {
        let detail = CardDetailController(delegate: cardDelegate)
        detail.record = record
        present(detail, animated: true) { [weak self] in self?.record("card expanded") }
    }
}

/// A modal screen with a title and a Close button that dismisses it.
@MainActor
final class ModalScreenController: UIViewController {
    let name: String
    let closeButton = UIButton(type: .system)
    var onClose: () -> Void = {}

    init(name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal
        let label = UILabel(frame: CGRect(x: 0, y: 150, width: view.bounds.width, height: 40))
        label.text = name
        label.font = UIFont.boldSystemFont(ofSize: 28)
        label.textColor = .white
        label.textAlignment = .center
        view.addSubview(label)
        closeButton.frame = CGRect(x: view.bounds.midX - 60, y: 230, width: 120, height: 44)
        closeButton.setTitle("Close", for: .normal)
        closeButton.setTitleColor(.white, for: .normal)
        closeButton.addAction(UIAction { [weak self] _ in
            self?.dismiss(animated: true) { self?.onClose() }
        }, for: .touchUpInside)
        view.addSubview(closeButton)
    }
}

/// The pushed screen: it records whether leaving it completed or was cancelled (a pan from the left edge
/// that stops early), from its transition coordinator.
@MainActor
final class PushedScreenController: UIViewController {
    var record: (String) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Pushed"
        view.backgroundColor = .systemYellow
        let label = UILabel(frame: CGRect(x: 24, y: 40, width: 560, height: 30))
        label.text = "Drag from the left edge to go back (let go early to stay)."
        view.addSubview(label)
    }

    private var hasAppeared = false

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if !hasAppeared { record("pushed") }   // it appears again after a cancelled pop
        hasAppeared = true
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        transitionCoordinator?.animate(alongsideTransition: nil) { [weak self] context in
            self?.record(context.isCancelled ? "pop cancelled" : "popped")
        }
    }
}

/// The card's full-screen detail: dragging it down dismisses it interactively.
@MainActor
final class CardDetailController: UIViewController {
    var record: (String) -> Void = { _ in }
    private let cardDelegate: CardTransitionDelegate
    /// The view's height when the drag began (the view shrinks while the drag scrubs the transition).
    private var dragHeight: CGFloat = 1

    init(delegate: CardTransitionDelegate) {
        cardDelegate = delegate
        super.init(nibName: nil, bundle: nil)
        transitioningDelegate = delegate
        modalPresentationStyle = .custom
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
        let label = UILabel(frame: CGRect(x: 24, y: 40, width: 400, height: 30))
        label.text = "Drag down to put the card back"
        label.textColor = .white
        view.addSubview(label)
        view.addGestureRecognizer(UIPanGestureRecognizer { [weak self] pan in self?.drag(pan) })
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        transitionCoordinator?.animate(alongsideTransition: nil) { [weak self] context in
            self?.record(context.isCancelled ? "card drag cancelled" : "card dismissed")
        }
    }

    private func drag(_ pan: UIPanGestureRecognizer) {
        if pan.state == .began { dragHeight = max(1, view.bounds.height) }
        let progress = pan.translation(in: nil).y / dragHeight
        switch pan.state {
        case .began:
            cardDelegate.interaction = UIPercentDrivenInteractiveTransition()
            dismiss(animated: true)
        case .changed:
            cardDelegate.interaction?.update(progress)
        case .ended, .cancelled:
            guard let interaction = cardDelegate.interaction else { return }
            cardDelegate.interaction = nil
            if pan.state == .ended && (progress > 0.35 || pan.velocity(in: nil).y > 800) { interaction.finish() } else { interaction.cancel() }
        default:
            break
        }
    }
}
