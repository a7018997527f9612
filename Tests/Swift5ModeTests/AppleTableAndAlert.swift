// A table view controller and an alert as Apple's UIKit pages and templates write them (Swift 5 mode): a list of
// fruits, swipe-free deletion confirmed by an alert, and a custom cell class.
import UIKit

class FruitCell: UITableViewCell {
    let badge = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(badge)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        badge.text = nil
    }
}

class FruitsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    var fruits = ["Apple", "Banana", "Cherry", "Date", "Elderberry"]
    let tableView = UITableView(frame: .zero, style: .plain)
    var deleted: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.register(FruitCell.self, forCellReuseIdentifier: "FruitCell")
        tableView.dataSource = self
        tableView.delegate = self
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return fruits.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "FruitCell", for: indexPath)
        cell.textLabel?.text = fruits[indexPath.row]
        cell.detailTextLabel?.text = "Row \(indexPath.row)"
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let fruit = fruits[indexPath.row]
        let alert = UIAlertController(title: "Delete \(fruit)?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive, handler: { [weak self] _ in
            guard let self = self, let row = self.fruits.firstIndex(of: fruit) else { return }
            self.fruits.remove(at: row)
            self.deleted.append(fruit)
            self.tableView.deleteRows(at: [IndexPath(row: row, section: 0)], with: .fade)
        }))
        present(alert, animated: true, completion: nil)
    }
}

// A grid of colours as Apple's collection view pages write it, inside a tab bar controller beside a page view
// controller of onboarding pages.
class SwatchCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 8
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class SwatchesViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var hues: [CGFloat] = (0..<12).map { CGFloat($0) / 12 }
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.minimumInteritemSpacing = 8
        layout.minimumLineSpacing = 8
        layout.sectionInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.register(SwatchCell.self, forCellWithReuseIdentifier: "Swatch")
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return hues.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Swatch", for: indexPath)
        cell.contentView.backgroundColor = UIColor(hue: hues[indexPath.item], saturation: 0.7, brightness: 0.9, alpha: 1)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        return CGSize(width: 64, height: 64)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        hues.remove(at: indexPath.item)
        collectionView.performBatchUpdates({
            collectionView.deleteItems(at: [indexPath])
        }, completion: nil)
    }
}

class OnboardingViewController: UIPageViewController, UIPageViewControllerDataSource {
    lazy var pages: [UIViewController] = (1...3).map { number in
        let page = UIViewController()
        page.title = "Step \(number)"
        return page
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        dataSource = self
        setViewControllers([pages[0]], direction: .forward, animated: false, completion: nil)
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let index = pages.firstIndex(of: viewController), index > 0 else { return nil }
        return pages[index - 1]
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let index = pages.firstIndex(of: viewController), index + 1 < pages.count else { return nil }
        return pages[index + 1]
    }

    func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
    func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

@MainActor func makeAppleStyleTabs() -> (UITabBarController, SwatchesViewController, OnboardingViewController) {
    let swatches = SwatchesViewController()
    swatches.tabBarItem = UITabBarItem(title: "Swatches", image: nil, tag: 0)
    let onboarding = OnboardingViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
    onboarding.tabBarItem = UITabBarItem(tabBarSystemItem: .featured, tag: 1)
    let tabs = UITabBarController()
    tabs.viewControllers = [swatches, onboarding]
    return (tabs, swatches, onboarding)
}

// Xcode's table view controller template, filled in: the data source and delegate methods are overrides.
class PlanetsTableViewController: UITableViewController {
    var planets = ["Mercury", "Venus", "Earth", "Mars"]
    var chosen: [String] = []
    var scrolled = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "reuseIdentifier")
    }

    override func numberOfSections(in tableView: UITableView) -> Int {
        return 1
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return planets.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "reuseIdentifier", for: indexPath)
        cell.textLabel?.text = planets[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        return "Inner planets"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        chosen.append(planets[indexPath.row])
    }

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrolled += 1
    }
}
