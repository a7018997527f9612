import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

/// Pages named "p0", "p1", … as a data source, with an indicator, recording what the page view controller tells.
@MainActor
final class PageBook: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    let pages: [RecordingController]
    var events: [String] = []
    weak var owner: UIPageViewController?

    init(count: Int, log: CallbackLog) { pages = (0..<count).map { RecordingController("p\($0)", log: log) } }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
        pages.firstIndex { $0 === viewController }.flatMap { $0 > 0 ? pages[$0 - 1] : nil }
    }
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
        pages.firstIndex { $0 === viewController }.flatMap { $0 + 1 < pages.count ? pages[$0 + 1] : nil }
    }
    func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
    func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        pageViewController.viewControllers?.first.flatMap { shown in pages.firstIndex { $0 === shown } } ?? 0
    }
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {
        events.append("will \(pendingViewControllers.compactMap { ($0 as? RecordingController)?.name })")
    }
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
        events.append("did \(previousViewControllers.compactMap { ($0 as? RecordingController)?.name }) completed: \(completed)")
    }
}

@MainActor
@Suite("UIPageViewController")
struct PageViewControllerTests {
    private func makeBook(count: Int = 3, log: CallbackLog) -> (HeadlessDisplay, UIPageViewController, PageBook) {
        let (display, window) = makeWindow(width: 400, height: 300)
        keptTestWindows.append(window)
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal,
                                         options: [.interPageSpacing: 10])
        let book = PageBook(count: count, log: log)
        pages.dataSource = book
        pages.delegate = book
        pages.setViewControllers([book.pages[0]], direction: .forward, animated: false)
        window.rootViewController = pages
        display.advance(by: 0)
        _ = log.take()
        return (display, pages, book)
    }

    private func shownName(_ pages: UIPageViewController) -> String? { (pages.viewControllers?.first as? RecordingController)?.name }

    @Test func settingAPageAnimatedSlidesItInWithAppearanceCalls() throws {
        let log = CallbackLog()
        let (display, pages, book) = makeBook(log: log)
        var finished: Bool?
        pages.setViewControllers([book.pages[2]], direction: .forward, animated: true) { finished = $0 }
        #expect(log.take().filter { !$0.lowercased().contains("load") } == ["p2: willMove(toParent: UIPageViewController)", "p0: willMove(toParent: nil)",
                                                               "p0: viewWillDisappear(true)", "p2: viewWillAppear(true)"])
        display.advance(by: 0)
        display.advance(by: PageSlideAnimator.duration / 2)
        let incoming = try #require(book.pages[2].view.layer.presentation()).transform.m41
        let outgoing = try #require(book.pages[0].view.layer.presentation()).transform.m41
        #expect(incoming > 20 && incoming < 390, "coming in from the right: \(incoming)")
        #expect(outgoing < -20 && outgoing > -390, "leaving to the left: \(outgoing)")
        #expect(abs((incoming - outgoing) - 410) < 1, "a page and the 10-point gap apart: \(incoming - outgoing)")
        display.advance(by: PageSlideAnimator.duration)
        #expect(finished == true && shownName(pages) == "p2")
        #expect(log.take() == ["p0: viewDidDisappear(true)", "p2: viewDidAppear(true)",
                               "p0: didMove(toParent: nil)", "p2: didMove(toParent: UIPageViewController)"])
        #expect(book.pages[0].parent == nil && book.pages[2].parent === pages && book.pages[0].viewIfLoaded?.superview == nil)
        #expect(pages.pageControl.numberOfPages == 3 && pages.pageControl.currentPage == 2)
        #expect(book.events.isEmpty, "the delegate hears swipes only")
    }

    @Test func aSwipePastHalfWayTurnsThePageAndTellsTheDelegate() {
        let log = CallbackLog()
        let (display, pages, book) = makeBook(log: log)
        drag(display, from: CGPoint(x: 350, y: 150), through: (1...10).map { CGPoint(x: 350 - 25 * CGFloat($0), y: 150) },
             frame: 1.0 / 10)
        display.advance(by: 1)
        #expect(shownName(pages) == "p1")
        #expect(book.events == ["will [\"p1\"]", "did [\"p0\"] completed: true"])
        #expect(book.pages[1].view.transform == .identity && book.pages[1].view.frame == pages.view.bounds)
    }

    @Test func aShortSlowSwipeSpringsBack() {
        let log = CallbackLog()
        let (display, pages, book) = makeBook(log: log)
        drag(display, from: CGPoint(x: 300, y: 150), through: (1...10).map { CGPoint(x: 300 - 8 * CGFloat($0), y: 150) },
             frame: 1.0 / 10)
        display.advance(by: 1)
        #expect(shownName(pages) == "p0")
        #expect(book.events == ["will [\"p1\"]", "did [\"p0\"] completed: false"])
        #expect(book.pages[1].parent == nil && book.pages[1].viewIfLoaded?.superview == nil)
        #expect(book.pages[0].view.transform == .identity)
    }

    @Test func beforeTheFirstPageTheContentFollowsAThirdAndSlidesBack() throws {
        let log = CallbackLog()
        let (display, pages, book) = makeBook(log: log)
        let start = CGPoint(x: 100, y: 150)
        display.send(pointer(.began, start.x, start.y, in: display))
        display.advance(by: 1.0 / 60)
        for step in 1...6 {
            display.send(pointer(.moved, start.x + 20 * CGFloat(step), start.y, in: display))
            display.advance(by: 1.0 / 60)
        }
        let pulled = book.pages[0].view.transform.tx
        #expect(pulled > 20 && pulled < 60, "a third of the finger's travel: \(pulled)")
        display.send(pointer(.ended, start.x + 120, start.y, in: display))
        display.advance(by: 1)
        #expect(book.pages[0].view.transform == .identity && shownName(pages) == "p0" && book.events.isEmpty)
    }

    @Test func settingTwoPagesForTheScrollStyleTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
                pages.setViewControllers([UIViewController(), UIViewController()], direction: .forward, animated: false)
            }
        }
    }
}
