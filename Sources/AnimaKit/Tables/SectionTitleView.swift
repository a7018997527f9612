import Foundation
import AnimaCore
import AnimaGraphics

/// A section's title, as a plain table (17-point semibold on light grey) or a grouped one (13-point grey capitals)
/// shows it.
final class SectionTitleView: UIView {
    let label = UILabel()

    init(title: String, style: UITableView.Style, isHeader: Bool) {
        super.init(frame: .zero)
        if style == .plain {
            backgroundColor = UIColor(white: 0.97, alpha: 1)
            label.font = .systemFont(ofSize: 17, weight: .semibold)
            label.text = title
        } else {
            backgroundColor = nil
            label.font = .systemFont(ofSize: 13)
            label.textColor = .systemGray
            label.text = isHeader ? title.uppercased() : title
        }
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 16, dy: 0)
    }
}
