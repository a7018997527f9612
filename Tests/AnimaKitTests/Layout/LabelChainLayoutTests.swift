import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Many labels stacked by constraints: the case the solver must scale to.
@MainActor
@Suite("Label chain layout")
struct LabelChainLayoutTests {
    @Test("60 labels chained top to bottom: each at x = 16, 8 points below the one before, at its natural size")
    func sixtyChainedLabels() {
        let (_, window) = makeWindow()
        var labels: [UILabel] = []
        for i in 0..<60 {
            let label = UILabel()
            label.text = "Label \(i) " + String(repeating: "w", count: i % 7)
            label.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(label)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: labels.last?.bottomAnchor ?? window.topAnchor,
                                           constant: labels.isEmpty ? 16 : 8),
            ])
            labels.append(label)
        }
        window.layoutIfNeeded()
        for (i, label) in labels.enumerated() {
            let natural = label.intrinsicContentSize
            #expect(natural.width > 0 && natural.width < 400 - 32)   // fits: trailing ≤ 384 does not clamp it
            // Every label has the same height, so label i starts 16 + i × (height + 8) from the top.
            #expect(label.frame == CGRect(x: 16, y: 16 + CGFloat(i) * (natural.height + 8),
                                          width: natural.width, height: natural.height), "label \(i)")
        }
    }
}
