import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Counts layout passes and places its first subview at its bottom-right corner.
final class CornerLayoutView: UIView {
    var passes = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        passes += 1
        subviews.first?.center = CGPoint(x: bounds.maxX - 10, y: bounds.maxY - 10)
    }
}

/// A view with a natural size.
final class SizedView: UIView {
    var natural = CGSize(width: 80, height: 30)
    override var intrinsicContentSize: CGSize { natural }
    override func sizeThatFits(_ size: CGSize) -> CGSize { natural }
}

@MainActor
@Suite("Layout")
struct LayoutTests {
    @Test func layoutIfNeededRunsLayoutSubviewsOnceWhenNeeded() {
        let (display, window) = makeWindow()
        let view = CornerLayoutView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        addView(CGRect(x: 0, y: 0, width: 20, height: 20), to: view)
        window.addSubview(view)
        view.layoutIfNeeded()
        #expect(view.passes == 1)
        #expect(view.subviews[0].center == CGPoint(x: 90, y: 90))
        view.layoutIfNeeded()
        #expect(view.passes == 1)
        view.bounds.size = CGSize(width: 200, height: 150)   // a size change asks for layout
        display.advance(by: 0)                                // the frame lays out
        #expect(view.passes == 2)
        #expect(view.subviews[0].center == CGPoint(x: 190, y: 140))
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.passes == 3)
    }

    @Test func sizeToFitKeepsTheTopLeftCorner() {
        let view = SizedView(frame: CGRect(x: 10, y: 20, width: 5, height: 5))
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 10, y: 20, width: 80, height: 30))
        #expect(UIView(frame: CGRect(x: 0, y: 0, width: 7, height: 9)).sizeThatFits(.zero) == CGSize(width: 7, height: 9))
        #expect(UIView().intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    @Test func edgeAndSizeConstraintsPlaceAView() {
        let (_, window) = makeWindow()
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            box.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -30),
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            box.heightAnchor.constraint(equalToConstant: 50),
        ])
        window.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 10, width: 350, height: 50))
        let below = UIView()
        below.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(below)
        NSLayoutConstraint.activate([
            below.topAnchor.constraint(equalTo: box.bottomAnchor, constant: 5),
            below.centerXAnchor.constraint(equalTo: box.centerXAnchor),
            below.widthAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
            below.bottomAnchor.constraint(equalTo: window.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(below.frame == CGRect(x: 107.5, y: 65, width: 175, height: 235))
    }

    /// The system spacing anchors put 8 points × the multiplier between the edges.
    @Test func systemSpacingIsEightPoints() {
        let (_, window) = makeWindow()
        let icon = addView(CGRect(x: 10, y: 10, width: 20, height: 20), to: window)
        let label = UIView(), note = UIView()
        for view in [label, note] {
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
        }
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalToSystemSpacingAfter: icon.trailingAnchor, multiplier: 1),
            label.topAnchor.constraint(equalToSystemSpacingBelow: icon.bottomAnchor, multiplier: 2),
            label.widthAnchor.constraint(equalToConstant: 40), label.heightAnchor.constraint(equalToConstant: 10),
            note.leadingAnchor.constraint(greaterThanOrEqualToSystemSpacingAfter: label.trailingAnchor, multiplier: 1.5),
            note.topAnchor.constraint(lessThanOrEqualToSystemSpacingBelow: label.topAnchor, multiplier: 0.5),
            note.widthAnchor.constraint(equalToConstant: 10), note.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 38, y: 46, width: 40, height: 10))
        #expect(note.frame.minX >= 90 && note.frame.minY <= 50, "\(note.frame)")
    }

    @Test func centreConstraintsUseTheIntrinsicSize() {
        let (_, window) = makeWindow()
        let label = SizedView()
        label.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(label)
        let centerX = label.centerXAnchor.constraint(equalTo: window.centerXAnchor)
        NSLayoutConstraint.activate([centerX, label.centerYAnchor.constraint(equalTo: window.centerYAnchor, constant: -50)])
        window.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 160, y: 85, width: 80, height: 30))
        centerX.constant = 100
        #expect(window.layer.needsLayout())
        window.layoutIfNeeded()
        #expect(label.center == CGPoint(x: 300, y: 100))
        label.natural = CGSize(width: 20, height: 10)
        label.invalidateIntrinsicContentSize()
        window.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 290, y: 95, width: 20, height: 10))
        centerX.isActive = false
        #expect(!centerX.isActive && window.constraints.count == 1)
    }

    @Test func inequalitiesClampAndPrioritiesResolveConflicts() {
        let (_, window) = makeWindow()
        let box = UIView()
        box.tag = 5521
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        let wide = box.widthAnchor.constraint(equalToConstant: 500)
        wide.priority = .defaultHigh
        NSLayoutConstraint.activate([
            wide,
            box.widthAnchor.constraint(lessThanOrEqualToConstant: 300),
            box.leadingAnchor.constraint(greaterThanOrEqualTo: window.leadingAnchor, constant: 40),
            box.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -200),
            box.topAnchor.constraint(equalTo: window.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        // Every required constraint holds: the trailing edge at 400 − 200 = 200 and the leading edge at 40 or more
        // leave at most 160 points; the optional 500 comes as close as it can (Auto Layout Guide, "Constraint
        // Priorities"): 160 wide from x = 40.
        #expect(box.frame == CGRect(x: 40, y: 0, width: 160, height: 10))
        // A required conflict is reported once for the view.
        let other = UIView()
        other.tag = 5522
        other.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(other)
        NSLayoutConstraint.activate([
            other.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            other.widthAnchor.constraint(equalToConstant: 10),
            other.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            other.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(other.frame.width == 10)
        #expect(Diagnostics.messages(containing: "tag 5522").filter { $0.contains("unable to simultaneously satisfy") }.count == 1)
    }

    @Test func badConstraintsAreReportedAndIgnored() {
        let (_, window) = makeWindow()
        let loose = UIView(), stranger = UIView()
        loose.tag = 5531
        window.addSubview(loose)
        let orphan = loose.leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
        orphan.isActive = true
        #expect(!orphan.isActive)
        #expect(diagnosticCount("have no common ancestor") >= 1)
        let c = loose.widthAnchor.constraint(equalToConstant: 10)
        c.constant = .nan
        #expect(c.constant == 10)
        // Priorities outside 0…1000 (NaN among them, which would make the solver's priority order inconsistent).
        let rejectedBefore = diagnosticCount("rejected priority")
        c.priority = UILayoutPriority(.nan)
        c.priority = UILayoutPriority(1001)
        c.priority = UILayoutPriority(-1)
        #expect(c.priority == .required)
        c.priority = .defaultLow
        #expect(c.priority == .defaultLow)
        c.priority = .required
        #expect(diagnosticCount("rejected priority") == rejectedBefore + 3)
        // Constraints on a view that still translates autoresizing masks leave its frame alone.
        loose.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        NSLayoutConstraint.activate([c, loose.topAnchor.constraint(equalTo: window.topAnchor, constant: 50)])
        window.layoutIfNeeded()
        #expect(loose.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(Diagnostics.messages(containing: "tag 5531").filter { $0.contains("translatesAutoresizingMaskIntoConstraints is true") }.count == 1)
    }
}

