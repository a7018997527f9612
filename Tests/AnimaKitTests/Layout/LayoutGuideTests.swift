import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// `UILayoutGuide`s of your own, placed by constraints together with the views they relate to; frames checked
/// against Auto Layout's rule that every required constraint holds, worked by hand.
@MainActor
@Suite("Layout guides")
struct LayoutGuideTests {
    /// A view placed by constraints, with a natural size and a colour.
    private func button(_ width: CGFloat, in parent: UIView, _ color: UIColor = .systemBlue) -> SizedView {
        let view = SizedView()
        view.natural = CGSize(width: width, height: 30)
        view.backgroundColor = color
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }

    @Test func aGuideBetweenTwoViewsIsPlacedInItsViewsCoordinates() {
        let (_, window) = makeWindow()
        let left = button(100, in: window), right = button(80, in: window)
        let gap = UILayoutGuide()
        gap.identifier = "gap"
        window.addLayoutGuide(gap)
        NSLayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            left.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            gap.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            gap.widthAnchor.constraint(equalToConstant: 60),
            gap.topAnchor.constraint(equalTo: left.topAnchor),
            gap.bottomAnchor.constraint(equalTo: left.bottomAnchor),
            right.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
            right.centerYAnchor.constraint(equalTo: gap.centerYAnchor),
        ])
        window.layoutIfNeeded()
        // left: 20 + its natural 100; the gap 60 after it; right after the gap, centred on it (35 ± 15).
        #expect(left.frame == CGRect(x: 20, y: 20, width: 100, height: 30))
        #expect(gap.layoutFrame == CGRect(x: 120, y: 20, width: 60, height: 30))
        #expect(right.frame == CGRect(x: 180, y: 20, width: 80, height: 30))
        #expect(gap.owningView === window && window.layoutGuides.count == 1 && window.layoutGuides[0] === gap)
        #expect(gap.identifier == "gap" && window.subviews.count == 2)   // a guide is not a view
    }

    @Test("Apple's spacer guides: equal widths share the room the buttons' natural widths leave")
    func spacerGuidesOfEqualWidth() {
        let (_, window) = makeWindow()
        let bar = UIView(frame: CGRect(x: 0, y: 50, width: 400, height: 100))
        window.addSubview(bar)
        let save = button(80, in: bar), cancel = button(100, in: bar), clear = button(60, in: bar)
        let space1 = UILayoutGuide(), space2 = UILayoutGuide()
        bar.addLayoutGuide(space1)
        bar.addLayoutGuide(space2)
        let margins = bar.layoutMarginsGuide
        NSLayoutConstraint.activate([
            save.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            space1.widthAnchor.constraint(equalTo: space2.widthAnchor),
            save.trailingAnchor.constraint(equalTo: space1.leadingAnchor),
            cancel.leadingAnchor.constraint(equalTo: space1.trailingAnchor),
            cancel.trailingAnchor.constraint(equalTo: space2.leadingAnchor),
            clear.leadingAnchor.constraint(equalTo: space2.trailingAnchor),
            clear.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        ] + [save, cancel, clear].map { $0.centerYAnchor.constraint(equalTo: bar.centerYAnchor) })
        window.layoutIfNeeded()
        // Margins 8…392 hold 80 + 100 + 60 = 240 points of buttons; the 144 left split 72 and 72.
        #expect([save, cancel, clear].map(\.frame) == [
            CGRect(x: 8, y: 35, width: 80, height: 30), CGRect(x: 160, y: 35, width: 100, height: 30),
            CGRect(x: 332, y: 35, width: 60, height: 30),
        ])
        #expect(space1.layoutFrame.minX == 88 && space1.layoutFrame.width == 72)
        #expect(space2.layoutFrame.minX == 260 && space2.layoutFrame.width == 72)
        // Wider: 500 − 16 − 240 = 244, 122 each.
        bar.bounds.size.width = 500
        window.layoutIfNeeded()
        #expect([save, cancel, clear].map(\.frame.minX) == [8, 210, 432] && space2.layoutFrame.width == 122)
    }

    @Test func removeLayoutGuideDeactivatesItsConstraints() {
        let (_, window) = makeWindow()
        let box = button(50, in: window)
        let guide = UILayoutGuide()
        window.addLayoutGuide(guide)
        let toGuide = box.leadingAnchor.constraint(equalTo: guide.trailingAnchor)
        let guideConstraints = [guide.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
                                guide.widthAnchor.constraint(equalToConstant: 30)]
        NSLayoutConstraint.activate(guideConstraints + [toGuide, box.topAnchor.constraint(equalTo: window.topAnchor)])
        window.layoutIfNeeded()
        #expect(box.frame.minX == 40)
        window.removeLayoutGuide(guide)
        #expect(!toGuide.isActive && guideConstraints.allSatisfy { !$0.isActive })
        #expect(window.constraints.count == 1 && window.layoutGuides.isEmpty && guide.owningView == nil)
        #expect(guide.involvingConstraints.isEmpty)
        window.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 40, y: 0, width: 50, height: 30))   // nothing places x any more: it stays
    }

    @Test func aGuideInNoViewCannotBeConstrained() {
        let (_, window) = makeWindow()
        let box = button(50, in: window)
        let loose = UILayoutGuide()
        loose.identifier = "loose-5541"
        let c = box.leadingAnchor.constraint(equalTo: loose.leadingAnchor)
        c.isActive = true
        #expect(!c.isActive && window.constraints.isEmpty)
        #expect(Diagnostics.messages(containing: "loose-5541").contains { $0.contains("has not been added to a view") })
        // Added to a view, the same constraint activates.
        window.addLayoutGuide(loose)
        c.isActive = true
        #expect(c.isActive)
    }

    @Test func addingAGuideToAnotherViewMovesIt() {
        let (_, window) = makeWindow()
        let a = addView(CGRect(x: 0, y: 0, width: 100, height: 100), to: window)
        let b = addView(CGRect(x: 100, y: 0, width: 100, height: 100), to: window)
        let guide = UILayoutGuide()
        a.addLayoutGuide(guide)
        let width = guide.widthAnchor.constraint(equalToConstant: 10)
        width.isActive = true
        b.addLayoutGuide(guide)
        #expect(a.layoutGuides.isEmpty && b.layoutGuides.count == 1 && guide.owningView === b && !width.isActive)
        a.addLayoutGuide(a.layoutMarginsGuide)   // a view's own guide is not one to add
        #expect(a.layoutGuides.isEmpty && diagnosticCount("a view's own guides cannot be added") >= 1)
    }

    @Test func theViewsOwnGuidesAreStableObjects() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(view.safeAreaLayoutGuide === view.safeAreaLayoutGuide)
        #expect(view.layoutMarginsGuide === view.layoutMarginsGuide)
        #expect(view.readableContentGuide === view.readableContentGuide)
        #expect(view.safeAreaLayoutGuide !== view.layoutMarginsGuide)
        #expect(view.safeAreaLayoutGuide.identifier == "UIViewSafeAreaLayoutGuide")
        #expect(view.layoutMarginsGuide.identifier == "UIViewLayoutMarginsGuide")
        #expect(view.layoutMarginsGuide.owningView === view && view.layoutGuides.isEmpty)
    }

    @Test func constraintsBetweenGuidesAndViewsHoldUnderRequiredConflicts() {
        let (_, window) = makeWindow()
        let box = button(50, in: window)
        let column = UILayoutGuide()
        column.identifier = "column-5542"
        window.addLayoutGuide(column)
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 100),
            column.widthAnchor.constraint(equalToConstant: 200),
            column.trailingAnchor.constraint(equalTo: window.trailingAnchor),   // wants 300 wide: conflicts
            column.topAnchor.constraint(equalTo: window.topAnchor),
            column.heightAnchor.constraint(equalToConstant: 40),
            box.centerXAnchor.constraint(equalTo: column.centerXAnchor),
            box.topAnchor.constraint(equalTo: column.bottomAnchor),
        ])
        window.layoutIfNeeded()
        // The earlier required constraints win; the conflict is reported on the owning view, naming the guide.
        #expect(column.layoutFrame == CGRect(x: 100, y: 0, width: 200, height: 40))
        #expect(box.frame == CGRect(x: 175, y: 40, width: 50, height: 30))
        #expect(Diagnostics.messages(containing: "column-5542").contains { $0.contains("unable to simultaneously satisfy") })
    }
}
