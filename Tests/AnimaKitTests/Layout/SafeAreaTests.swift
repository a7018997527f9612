import Foundation
import Testing
import AnimaCore
import AnimaDynamics
import AnimaGraphics
@testable import AnimaKit

/// The safe area on a desktop window: the whole of the bounds, so constraints to it lay out as constraints to the
/// view itself.
@MainActor
@Suite("Safe area")
struct SafeAreaTests {
    @Test func constraintsToTheSafeAreaGuideLayOutAgainstTheBounds() {
        let (_, window) = makeWindow(width: 400, height: 300)
        let label = UIView()
        label.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(label)
        let guide = window.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: guide.topAnchor, constant: 20),
            label.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -16),
            label.heightAnchor.constraint(equalTo: guide.heightAnchor, multiplier: 0.5),
        ])
        window.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 16, y: 20, width: 368, height: 150))
        #expect(guide.layoutFrame == window.bounds && guide.owningView === window)
        #expect(window.safeAreaInsets == .zero)
    }
}
