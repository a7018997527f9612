import Anima
import Foundation

/// The launcher: the demos with a line about each; a tap anywhere on a card (its title, its text or its
/// margins) opens that demo, Escape comes back. The labels ignore touches, as UIKit's do, so a tap on the
/// text reaches the card's tap recognizer.
@MainActor
final class GalleryView: UIView {
    private let onPick: (DemoInfo) -> Void
    private var buttons: [(name: String, button: UIButton)] = []
    private var cards: [(name: String, card: UIView)] = []

    init(frame: CGRect, onPick: @escaping (DemoInfo) -> Void) {
        self.onPick = onPick
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.11, green: 0.11, blue: 0.13, alpha: 1)

        let title = UILabel()
        title.frame = CGRect(x: 32, y: 22, width: frame.width - 64, height: 34)
        title.text = "Anima — demo gallery"
        title.font = UIFont.boldSystemFont(ofSize: 24)
        title.textColor = .white
        addSubview(title)

        let hint = UILabel()
        hint.frame = CGRect(x: 32, y: frame.height - 40, width: frame.width - 64, height: 24)
        hint.text = "Click a demo · Esc returns here · S slow animations · D debug overlay · F frames per second"
        hint.font = UIFont.systemFont(ofSize: 12)
        hint.textColor = .lightGray
        addSubview(hint)

        // The cards share the room between the title and the hint (62 points apart while they fit).
        let top: CGFloat = 68, bottom = frame.height - 44
        let pitch = min(62, ((bottom - top) / CGFloat(max(1, DemoCatalog.all.count))).rounded(.down))
        let cardHeight = pitch - 4
        // Title above summary, each taking half of a tight card (eight demos: 42 points).
        let roomy = cardHeight >= 56
        let titleHeight = min(28, (cardHeight - 4) / 2)
        for (i, info) in DemoCatalog.all.enumerated() {
            let y = top + CGFloat(i) * pitch
            let card = UIView(frame: CGRect(x: 32, y: y, width: frame.width - 64, height: cardHeight))
            card.backgroundColor = UIColor(red: 0.17, green: 0.17, blue: 0.2, alpha: 1)
            card.layer.cornerRadius = 10
            card.addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
                if recognizer.state == .ended { self?.onPick(info) }
            })
            cards.append((info.name, card))
            addSubview(card)

            let button = UIButton(type: .system)
            button.frame = CGRect(x: 12, y: 2, width: 160, height: titleHeight)
            button.setTitle(info.title, for: .normal)
            button.titleLabel?.font = UIFont.boldSystemFont(ofSize: roomy ? 17 : 15)
            button.contentHorizontalAlignment = .left
            buttons.append((info.name, button))
            button.addAction(UIAction { [weak self] _ in self?.onPick(info) }, for: .touchUpInside)
            card.addSubview(button)

            let seed = UILabel()
            seed.frame = CGRect(x: card.bounds.width - 232, y: 2 + (titleHeight - 20) / 2, width: 220, height: 20)
            seed.text = "seed \(info.seed)"
            seed.font = UIFont.systemFont(ofSize: 11)
            seed.textColor = .gray
            seed.textAlignment = .right
            card.addSubview(seed)

            let summary = UILabel()
            summary.frame = CGRect(x: 12, y: 2 + titleHeight, width: card.bounds.width - 24, height: cardHeight - titleHeight - 4)
            summary.text = info.summary
            summary.font = UIFont.systemFont(ofSize: roomy ? 13 : 12)
            summary.textColor = UIColor(white: 0.85, alpha: 1)
            card.addSubview(summary)
        }
    }

    required init?(coder: NSCoder) { nil }

    /// The button that opens `name` (for scripted runs).
    func button(for name: String) -> UIButton? { buttons.first { $0.name == name }?.button }

    /// The card that lists `name`.
    func card(for name: String) -> UIView? { cards.first { $0.name == name }?.card }
}
