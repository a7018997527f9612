import Foundation
import Testing
import AnimaCore
import AnimaGraphics
import AnimaDynamics
@testable import AnimaKit

/// Counts `layoutMarginsDidChange()` calls.
final class MarginWatcher: UIView {
    var changes = 0
    override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        changes += 1
    }
}

/// Layout margins, the margins guide and the readable-content guide, against UIKit's documented rules.
@MainActor
@Suite("Layout margins")
struct LayoutMarginsTests {
    /// A subview of `parent` pinned to all four edges of `guide`.
    private func pinned(to guide: UILayoutGuide, in parent: UIView) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            view.topAnchor.constraint(equalTo: guide.topAnchor),
            view.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        return view
    }

    @Test func theMarginsGuideFollowsLayoutMargins() {
        let (_, window) = makeWindow(width: 400, height: 300)
        let content = pinned(to: window.layoutMarginsGuide, in: window)
        window.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 8, y: 8, width: 384, height: 284))   // 8 on each side by default
        window.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        #expect(window.layer.needsLayout())
        window.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 20, y: 10, width: 340, height: 260))
        #expect(window.layoutMarginsGuide.layoutFrame == content.frame)
        window.bounds.size = CGSize(width: 200, height: 100)
        window.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 20, y: 10, width: 140, height: 60))
    }

    @Test func directionalMarginsAreTheLayoutMarginsByLeadingAndTrailing() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        view.layoutMargins = UIEdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
        #expect(view.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 5, leading: 6, bottom: 7, trailing: 8))
        #expect(view.layoutMarginsGuide.layoutFrame == CGRect(x: 6, y: 5, width: 86, height: 88))
    }

    @Test("preservesSuperviewLayoutMargins grows a margin to the superview's where the edge lies inside it")
    func preservingTheSuperviewsMargins() {
        let (_, window) = makeWindow(width: 400, height: 300)
        window.layoutMargins = UIEdgeInsets(top: 20, left: 40, bottom: 8, right: 8)
        let nearEdge = MarginWatcher(frame: CGRect(x: 10, y: 0, width: 200, height: 100))
        let inside = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(nearEdge)
        window.addSubview(inside)
        #expect(nearEdge.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))   // off by default
        nearEdge.preservesSuperviewLayoutMargins = true
        inside.preservesSuperviewLayoutMargins = true
        // The window's left margin ends at 40, 30 inside nearEdge (which starts at 10); its top margin 20 inside.
        // Right and bottom: nearEdge ends at 210 and 100, far from the window's margins (392, 292): its own 8.
        #expect(nearEdge.layoutMargins == UIEdgeInsets(top: 20, left: 30, bottom: 8, right: 8))
        #expect(nearEdge.layoutMarginsGuide.layoutFrame == CGRect(x: 30, y: 20, width: 162, height: 72))
        #expect(nearEdge.changes == 1)
        #expect(inside.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))   // clear of them
        // The superview's margins change: the inheriting subview is told, and lays out again.
        nearEdge.layoutIfNeeded()
        window.layoutMargins.left = 50
        #expect(nearEdge.layoutMargins.left == 40 && nearEdge.changes == 2 && nearEdge.layer.needsLayout())
        // Its own margin, larger than the inherited one, wins.
        nearEdge.layoutMargins = UIEdgeInsets(top: 30, left: 8, bottom: 8, right: 8)
        #expect(nearEdge.layoutMargins == UIEdgeInsets(top: 30, left: 40, bottom: 8, right: 8) && nearEdge.changes == 3)
    }

    @Test func layoutMarginsDidChangeIsCalledOnceForEachChange() {
        let view = MarginWatcher(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layoutIfNeeded()
        view.layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)   // the same: no call
        #expect(view.changes == 0 && !view.layer.needsLayout())
        view.layoutMargins.top = 12
        #expect(view.changes == 1 && view.layer.needsLayout())
        view.directionalLayoutMargins.trailing = 3
        #expect(view.changes == 2 && view.layoutMargins.right == 3)
    }

    @Test func nonFiniteMarginsAreReportedAndKept() {
        let view = MarginWatcher(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.tag = 5551
        view.layoutMargins = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        view.layoutMargins = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: .infinity, bottom: 0, trailing: 0)
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4) && view.changes == 1)
        let reports = Diagnostics.messages(containing: "tag 5551")
        #expect(reports.contains { $0.contains("rejected layoutMargins") && $0.contains("nan") })
        #expect(reports.contains { $0.contains("rejected directionalLayoutMargins") && $0.contains("inf") })
    }

    @Test("UNCONFIRMED reading: the readable guide is the margins guide, at most 672 points wide, centred in it")
    func readableContentGuideCapsTheWidth() {
        let wide = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 300))
        // Margins 8…992 (984 wide): 672 of them, centred: (984 − 672) / 2 = 156 in from the margin.
        #expect(wide.readableContentGuide.layoutFrame == CGRect(x: 164, y: 8, width: 672, height: 284))
        let narrow = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(narrow.readableContentGuide.layoutFrame == narrow.layoutMarginsGuide.layoutFrame)
        let (_, window) = makeWindow(width: 1000, height: 200)
        let text = pinned(to: window.readableContentGuide, in: window)
        window.layoutIfNeeded()
        #expect(text.frame == CGRect(x: 164, y: 8, width: 672, height: 184))
    }

    @Test func insetsLayoutMarginsFromSafeAreaIsKeptWithoutEffect() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.insetsLayoutMarginsFromSafeArea)
        view.insetsLayoutMarginsFromSafeArea = false
        #expect(!view.insetsLayoutMarginsFromSafeArea && view.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 84, height: 84))
    }
}
