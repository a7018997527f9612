// A table view controller and an alert as Apple's UIKit pages and templates write them (Swift 5 mode): a list of
// fruits, swipe-free deletion confirmed by an alert, and a custom cell class. The only change from UIKit: the cell's
// `override init(style:reuseIdentifier:)` is `required init(…)` (see the README's porting table).
import UIKit

class FruitCell: UITableViewCell {
    let badge = UILabel()

    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
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
