import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit
import AnimaDynamics

/// A scroll view that records when its adjusted insets change, beside its delegate.
@MainActor
private final class InsetRecordingScrollView: UIScrollView {
    var log: [String] = []
    override func adjustedContentInsetDidChange() {
        super.adjustedContentInsetDidChange()
        log.append("view \(adjustedContentInset.top)")
    }
}

@MainActor
private final class InsetListener: UIScrollViewDelegate {
    weak var scroll: InsetRecordingScrollView?
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        scroll?.log.append("delegate \(scrollView.adjustedContentInset.top)")
    }
}

/// `contentInsetAdjustmentBehavior` and `adjustedContentInset`, as code written for iOS 11 and later sets and reads
/// them: the safe area is empty here (no notch, no bars), so every behaviour leaves the content insets as they are.
@MainActor
@Suite("UIScrollView adjusted content inset")
struct AdjustedContentInsetTests {
    @Test func everyBehaviourAdjustsByTheEmptySafeArea() {
        let (display, window) = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        window.addSubview(scroll)
        display.advance(by: 0)
        #expect(scroll.contentInsetAdjustmentBehavior == .automatic)
        #expect(scroll.safeAreaInsets == .zero)
        let insets = UIEdgeInsets(top: 10, left: 4, bottom: 20, right: 6)
        for behaviour: UIScrollView.ContentInsetAdjustmentBehavior in [.automatic, .scrollableAxes, .never, .always] {
            scroll.contentInsetAdjustmentBehavior = behaviour
            scroll.contentInset = insets
            #expect(scroll.adjustedContentInset == insets, "\(behaviour)")
        }
    }

    /// A change of the insets tells the view (`adjustedContentInsetDidChange()`), then its delegate; setting the
    /// same insets again tells no one.
    @Test func aChangeTellsTheViewThenTheDelegate() {
        let (display, window) = makeWindow()
        let scroll = InsetRecordingScrollView(frame: window.bounds)
        let listener = InsetListener()
        listener.scroll = scroll
        scroll.delegate = listener
        window.addSubview(scroll)
        display.advance(by: 0)
        scroll.contentInset = UIEdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
        scroll.contentInset = UIEdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
        scroll.contentInset.top = 40
        #expect(scroll.log == ["view 30.0", "delegate 30.0", "view 40.0", "delegate 40.0"])
    }

    /// A drag past the top rubber-bands back to the adjusted inset's edge, not to zero.
    @Test func aBounceRestsAtTheAdjustedInset() {
        let (display, window) = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 400, height: 3000)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentInset = UIEdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        scroll.contentOffset = CGPoint(x: 0, y: -scroll.adjustedContentInset.top)
        window.addSubview(scroll)
        display.advance(by: 0)
        pan(display, line(from: CGPoint(x: 200, y: 50), step: CGPoint(x: 0, y: 20), count: 10), restBeforeLift: 0.2)
        #expect(scroll.contentOffset.y < -50, "pulled past the inset's edge")
        display.advance(by: 2)
        #expect(abs(scroll.contentOffset.y + 50) < 0.5, "\(scroll.contentOffset.y)")
    }
}
