import Foundation
import AnimaCore
import AnimaGraphics

/// Where a page view controller finds the pages before and after the one shown (UIKit's
/// `UIPageViewControllerDataSource`). Give `presentationCount(for:)` a count above 0 to show a page indicator.
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, or nil at the first.
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController?
    /// The page after `viewController`, or nil at the last.
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// How many dots the page indicator shows (0 by default: no indicator).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// Which dot is the current page's.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// What a page view controller tells about swipes between pages (UIKit's `UIPageViewControllerDelegate`); every
/// method is optional. Programmatic changes (`setViewControllers`) tell their completion block instead.
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A swipe started to bring these pages in.
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    /// The swipe's animation ended: `completed` says whether the new page stays or the old one came back.
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
    public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {}
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
}

/// Pages of content, one controller each, swiped through or set in code (UIKit's `UIPageViewController`).
///
/// ```swift
/// let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
/// pages.dataSource = self                                  // viewControllerBefore / viewControllerAfter
/// pages.setViewControllers([first], direction: .forward, animated: false)
/// ```
/// A swipe drags the next (or previous) page in beside the current one, following the finger; it completes past
/// half way or when flung faster than 300 points per second, and springs back otherwise. At the first or last page
/// the content follows the finger a third of the way and slides back. `setViewControllers(_:direction:animated:)`
/// slides the new page in over 0.35 s, ease in and out. Both run as view controller transitions, so the pages get
/// UIKit's appearance calls, animated. `.pageCurl` is played as `.scroll` here (no page curl), and one page is shown
/// at a time (no spine, no double-sided pages).
@preconcurrency @MainActor
open class UIPageViewController: UIViewController {
    public enum TransitionStyle: Int, Sendable { case pageCurl = 0, scroll }
    public enum NavigationOrientation: Int, Sendable { case horizontal = 0, vertical }
    public enum NavigationDirection: Int, Sendable { case forward = 0, reverse }

    /// Options given at creation (UIKit's keys).
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The gap between pages while they slide, in points (a number).
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
        /// Where the spine of a page curl is (kept: there is no curl here).
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
    }

    /// The style given at creation.
    public let transitionStyle: TransitionStyle
    /// Which way pages move.
    public let navigationOrientation: NavigationOrientation
    /// The gap between pages while they slide.
    public let interPageSpacing: CGFloat
    /// The object that gives the neighbouring pages; without one, swipes do nothing.
    open weak var dataSource: UIPageViewControllerDataSource? { didSet { updatePageControl() } }
    /// The object told about swipes.
    open weak var delegate: UIPageViewControllerDelegate?

    /// The page shown (in an array, as UIKit gives it).
    open var viewControllers: [UIViewController]? { current.map { [$0] } }
    /// The pan that swipes between pages.
    open var gestureRecognizers: [UIGestureRecognizer] { [pan] }

    private var current: UIViewController?
    let contentView = UIView()
    let pageControl = UIPageControl()
    private lazy var pan = UIPanGestureRecognizer { [weak self] pan in self?.handlePan(pan) }
    private var swipe: (interaction: UIPercentDrivenInteractiveTransition, forward: Bool)?
    private var bouncing = false
    var runningTransition: ViewControllerTransition?

    /// A page view controller of `style` moving pages along `navigationOrientation`.
    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        let spacing = (options?[.interPageSpacing] as? NSNumber)?.doubleValue ?? (options?[.interPageSpacing] as? CGFloat).map(Double.init) ?? 0
        interPageSpacing = spacing.isFinite ? max(0, CGFloat(spacing)) : 0
        super.init(nibName: nil, bundle: nil)
    }

    /// Controllers are not archived here: a horizontal scroll.
    public required init?(coder: NSCoder) {
        transitionStyle = .scroll
        navigationOrientation = .horizontal
        interPageSpacing = 0
        super.init(coder: coder)
    }

    open override func loadView() {
        let root = UIView(frame: UIViewController.defaultViewFrame)
        root.backgroundColor = nil
        root.clipsToBounds = true
        contentView.clipsToBounds = false
        root.addSubview(contentView)
        root.addSubview(pageControl)
        root.addGestureRecognizer(pan)
        view = root
        if let current { contentView.addSubview(current.view) }
        updatePageControl()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        contentView.frame = bounds
        pageControl.frame = CGRect(x: 0, y: bounds.height - 37, width: bounds.width, height: 37)
        if runningTransition == nil, !bouncing, let page = current?.viewIfLoaded, page.superview === contentView {
            page.frame = contentView.bounds
        }
    }

    // MARK: Setting pages

    /// Shows `viewControllers` (exactly one: the scroll style shows one page), sliding it in from the side
    /// `direction` says when `animated`; `completion` hears whether the change finished.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        guard let list = viewControllers, list.count == 1, let next = list.first else {
            let message = "UIPageViewController: The number of provided view controllers (\(viewControllers?.count ?? 0)) doesn't match the number required (1) for the requested transition"
            Diagnostics.report(message)
            fatalError(message)
        }
        guard runningTransition == nil else {
            Diagnostics.report("UIPageViewController: setViewControllers while a page transition runs; ignored")
            completion?(false)
            return
        }
        guard next !== current else { completion?(true); return }
        show(next, forward: direction == .forward, animated: animated, interactor: nil) { completed in
            completion?(completed)
        }
    }

    /// Replaces the current page with `next`: at once, or as a transition (driven by `interactor` for a swipe).
    private func show(_ next: UIViewController, forward: Bool, animated: Bool,
                      interactor: UIViewControllerInteractiveTransitioning?, completion: @escaping (Bool) -> Void) {
        let previous = current
        guard animated, let previous, let root = viewIfLoaded, root.window != nil else {
            previous?.willMove(toParent: nil)
            previous?.viewIfLoaded?.removeFromSuperview()
            previous?.removeFromParent()
            addChild(next)
            current = next
            if isViewLoaded {
                let page: UIView = next.view
                contentView.addSubview(page)
                page.frame = contentView.bounds
            }
            next.didMove(toParent: self)
            updatePageControl()
            completion(true)
            return
        }
        addChild(next)
        previous.willMove(toParent: nil)
        let animator = PageSlideAnimator(forward: forward, vertical: navigationOrientation == .vertical, spacing: interPageSpacing)
        let transition = ViewControllerTransition.childSwap(from: previous, to: next, in: contentView,
                                                            animator: animator, interactor: interactor)
        let swap = transition.finish
        transition.finish = { [weak self] in
            swap()
            self?.current = next
        }
        runningTransition = transition
        activeTransition = transition
        // The containment calls come after the appearance calls, as a container's completion makes them.
        transition.completion = { [weak self] completed in
            guard let self else { return }
            self.runningTransition = nil
            self.activeTransition = nil
            if completed {
                previous.removeFromParent()
                next.didMove(toParent: self)
            } else {
                next.willMove(toParent: nil)
                next.removeFromParent()
                previous.didMove(toParent: self)
            }
            self.updatePageControl()
            completion(completed)
        }
        transition.start()
    }

    // MARK: Swiping

    /// The distance a page moves: the content's width (or height), plus the gap.
    private var pageLength: CGFloat {
        let size = contentView.bounds.size
        return max(1, (navigationOrientation == .horizontal ? size.width : size.height) + interPageSpacing)
    }

    /// The pan's movement along the navigation axis, positive towards the next page.
    private func forwardTravel(_ point: CGPoint) -> CGFloat { navigationOrientation == .horizontal ? -point.x : -point.y }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard runningTransition == nil, let current else { return }
            let travel = forwardTravel(pan.translation(in: view)), speed = forwardTravel(pan.velocity(in: view))
            let forward = travel != 0 ? travel > 0 : speed >= 0
            let neighbour = forward ? dataSource?.pageViewController(self, viewControllerAfter: current)
                                    : dataSource?.pageViewController(self, viewControllerBefore: current)
            guard let neighbour, neighbour !== current else {
                bouncing = true
                return
            }
            delegate?.pageViewController(self, willTransitionTo: [neighbour])
            let interaction = UIPercentDrivenInteractiveTransition()
            swipe = (interaction, forward)
            show(neighbour, forward: forward, animated: true, interactor: interaction) { [weak self] completed in
                guard let self else { return }
                self.delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [current],
                                                  transitionCompleted: completed)
            }
            if runningTransition == nil { swipe = nil }
        case .changed:
            let travel = forwardTravel(pan.translation(in: view))
            if let swipe {
                swipe.interaction.update(max(0, min(1, (swipe.forward ? travel : -travel) / pageLength)))
            } else if bouncing, let page = current?.viewIfLoaded {
                // Past the first or last page the content follows a third of the finger.
                let resisted = -travel / 3
                page.transform = navigationOrientation == .horizontal ? CGAffineTransform(translationX: resisted, y: 0)
                                                                      : CGAffineTransform(translationX: 0, y: resisted)
            }
        case .ended, .cancelled, .failed:
            if let swipe {
                self.swipe = nil
                let speed = forwardTravel(pan.velocity(in: view)) * (swipe.forward ? 1 : -1)
                if pan.state == .ended, speed > 300 || (swipe.interaction.percentComplete > 0.5 && speed > -300) {
                    swipe.interaction.finish()
                } else {
                    swipe.interaction.cancel()
                }
            } else if bouncing {
                bouncing = false
                if let page = current?.viewIfLoaded {
                    UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0) {
                        page.transform = .identity
                    }
                }
            }
        default:
            break
        }
    }

    // MARK: The page indicator

    private func updatePageControl() {
        let count = dataSource?.presentationCount(for: self) ?? 0
        pageControl.isHidden = count <= 0
        guard count > 0 else { return }
        pageControl.numberOfPages = count
        pageControl.currentPage = dataSource?.presentationIndex(for: self) ?? 0
        pageControl.isUserInteractionEnabled = false
    }
}

/// A page sliding in beside the one it replaces, both moving a page's length (and the gap) together: forward from
/// the right (or below), reverse from the left (or above). On a `UIViewPropertyAnimator`, ease in and out, which a
/// swipe scrubs; transforms are back to identity once it ends.
@MainActor
final class PageSlideAnimator: UIViewControllerAnimatedTransitioning {
    /// The slide's length in seconds.
    static let duration: TimeInterval = 0.35

    let forward: Bool
    let vertical: Bool
    let spacing: CGFloat
    private var propertyAnimator: UIViewPropertyAnimator?

    init(forward: Bool, vertical: Bool, spacing: CGFloat) {
        self.forward = forward
        self.vertical = vertical
        self.spacing = spacing
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let animator = UIViewPropertyAnimator(duration: Self.duration, curve: .easeInOut)
        propertyAnimator = animator
        let container = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to) else {
            animator.addCompletion { _ in transitionContext.completeTransition(true) }
            return animator
        }
        let length = (vertical ? container.bounds.height : container.bounds.width) + spacing
        let step = forward ? length : -length
        func moved(_ distance: CGFloat) -> CGAffineTransform {
            vertical ? CGAffineTransform(translationX: 0, y: distance) : CGAffineTransform(translationX: distance, y: 0)
        }
        if toView.superview !== container { container.addSubview(toView) }
        toView.transform = moved(step)
        animator.addAnimations {
            fromView.transform = moved(-step)
            toView.transform = .identity
        }
        animator.addCompletion { [weak transitionContext] _ in
            fromView.transform = .identity
            toView.transform = .identity
            guard let transitionContext else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        return animator
    }
}
