import Foundation
import Testing
import AnimaCore
import AnimaGraphics
@testable import AnimaKit

@MainActor
@Suite("UIAlertController")
struct AlertControllerTests {
    private func presented(_ alert: UIAlertController, log: CallbackLog) -> (HeadlessDisplay, UIWindow, RecordingController) {
        let (display, window, root) = makeRootedWindow(log: log)
        root.present(alert, animated: true) { log.entries.append("presented") }
        display.advance(by: 0)
        return (display, window, root)
    }

    @Test func anAlertGrowsInOverTheDimmedPresenterWhichStays() throws {
        let log = CallbackLog()
        let alert = UIAlertController(title: "Discard changes?", message: "Your edits will be lost.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let (display, window, root) = presented(alert, log: log)
        #expect(!log.entries.contains { $0.hasPrefix("root:") }, "the presenter neither disappears nor leaves")
        let start = try #require(alert.panel.layer.presentation())
        #expect(abs(start.transform.m11 - AlertTransitionAnimator.appearingScale) < 0.01 && start.opacity < 0.01)
        display.advance(by: 0.1)
        let middle = try #require(alert.panel.layer.presentation())
        #expect(middle.transform.m11 > 1.0 && middle.transform.m11 < 1.2, "growing in: \(middle.transform.m11)")
        #expect(middle.opacity > 0.2 && middle.opacity < 1, "\(middle.opacity)")
        display.advance(by: AlertTransitionAnimator.presentDuration)
        #expect(log.take().last == "presented")
        #expect(root.view.window === window && alert.view.window === window)
        #expect(alert.panel.transform == .identity && alert.dimmingView.alpha == 1)
        // 270 points wide, centred in the 400 × 300 window.
        #expect(alert.panel.frame.width == 270 && alert.panel.center == CGPoint(x: 200, y: 150))
    }

    @Test func choosingAnActionDismissesThenRunsItsHandler() {
        let log = CallbackLog()
        let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.entries.append("cancel") })
        let delete = UIAlertAction(title: "Delete", style: .destructive) { action in
            log.entries.append("handler \(action.title ?? "") shown: \(alert.view.window != nil), presented: \(alert.presentingViewController != nil)")
        }
        alert.addAction(delete)
        let (display, _, _) = presented(alert, log: log)
        display.advance(by: 1)
        _ = log.take()
        let row = try! #require(alert.actionRows.first { $0.action === delete })
        tap(display, at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil))
        #expect(log.entries.isEmpty, "the handler waits for the dismissal: \(log.entries)")
        display.advance(by: AlertTransitionAnimator.dismissDuration / 2)
        let panel = try! #require(alert.panel.layer.presentation())
        #expect(panel.opacity > 0.05 && panel.opacity < 0.95, "fading out: \(panel.opacity)")
        display.advance(by: AlertTransitionAnimator.dismissDuration)
        #expect(log.take() == ["handler Delete shown: false, presented: false"])
    }

    @Test func twoShortActionsSitSideBySideCancelLeftMoreAreStackedCancelLast() throws {
        let log = CallbackLog()
        let pair = UIAlertController(title: "Title", message: "Message", preferredStyle: .alert)
        pair.addAction(UIAlertAction(title: "OK", style: .default))
        pair.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let (display, _, _) = presented(pair, log: log)
        display.advance(by: 1)
        let rows = pair.actionRows
        #expect(rows.map { $0.action.title } == ["Cancel", "OK"])
        #expect(rows[0].frame.minY == rows[1].frame.minY && rows[0].frame.maxX == rows[1].frame.minX)
        #expect(rows[0].frame.width == 135 && rows[0].frame.height == 44)
        #expect(rows[0].frame.maxY == pair.panel.bounds.height, "the buttons close the box")

        let three = UIAlertController(title: nil, message: "Choose", preferredStyle: .alert)
        for (title, style) in [("Cancel", UIAlertAction.Style.cancel), ("One", .default), ("Two", .destructive)] {
            three.addAction(UIAlertAction(title: title, style: style))
        }
        let (display3, _, _) = presented(three, log: log)
        display3.advance(by: 1)
        let stacked = three.actionRows
        #expect(stacked.map { $0.action.title } == ["One", "Two", "Cancel"])
        #expect(stacked.map(\.frame.minX) == [0, 0, 0] && stacked[1].frame.minY == stacked[0].frame.maxY)
        #expect(stacked.map(\.frame.width) == [270, 270, 270])
        // A title too long for half the box stacks a pair too.
        let long = UIAlertController(title: "T", message: nil, preferredStyle: .alert)
        long.addAction(UIAlertAction(title: "Keep everything as it is", style: .default))
        long.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let (display4, _, _) = presented(long, log: log)
        display4.advance(by: 1)
        #expect(long.actionRows.map { $0.action.title } == ["Keep everything as it is", "Cancel"])
        #expect(long.actionRows[1].frame.minY == long.actionRows[0].frame.maxY)
    }

    @Test func aDisabledActionIgnoresTapsUntilEnabled() {
        let log = CallbackLog()
        let alert = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
        let go = UIAlertAction(title: "Go", style: .default) { _ in log.entries.append("go") }
        go.isEnabled = false
        alert.addAction(go)
        let (display, window, _) = presented(alert, log: log)
        display.advance(by: 1)
        _ = log.take()
        let row = alert.actionRows[0]
        let centre = row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil)
        tap(display, at: centre)
        display.advance(by: 1)
        #expect(log.entries.isEmpty && alert.view.window === window)
        go.isEnabled = true
        tap(display, at: centre)
        display.advance(by: 1)
        #expect(log.take() == ["go"] && alert.view.window == nil)
    }

    @Test func anActionSheetSlidesUpAndATapOutsideChoosesCancel() throws {
        let log = CallbackLog()
        let sheet = UIAlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Copy", style: .default) { _ in log.entries.append("copy") })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.entries.append("cancel") })
        let (display, _, _) = presented(sheet, log: log)
        // Fully below the window at the start: moved down by the distance from its top to the bottom edge.
        let start = try #require(sheet.panel.layer.presentation())
        #expect(abs(start.transform.m42 - (300 - sheet.panel.frame.minY)) < 0.5, "\(start.transform.m42)")
        display.advance(by: 1)
        // Cancel in its own group 8 points above the bottom, the main group 8 points above it; 384 points wide.
        let cancel = try #require(sheet.actionRows.first { $0.action.style == .cancel })
        let cancelFrame = cancel.convert(cancel.bounds, to: nil)
        #expect(cancelFrame.maxY == 292 && cancelFrame.height == 57 && cancelFrame.width == 384)
        let copy = try #require(sheet.actionRows.first { $0.action.title == "Copy" })
        #expect(copy.convert(copy.bounds, to: nil).maxY == cancelFrame.minY - 8)
        _ = log.take()
        tap(display, at: CGPoint(x: 200, y: 20))   // the dimmed area above the sheet
        display.advance(by: 1)
        #expect(log.take() == ["cancel"] && sheet.view.window == nil)
    }

    @Test func anAlertIgnoresTapsOutsideIt() {
        let log = CallbackLog()
        let alert = UIAlertController(title: "Hello", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.entries.append("cancel") })
        let (display, window, _) = presented(alert, log: log)
        display.advance(by: 1)
        _ = log.take()
        tap(display, at: CGPoint(x: 10, y: 10))
        display.advance(by: 1)
        #expect(log.entries.isEmpty && alert.view.window === window)
    }

    @Test func thePreferredActionIsTheBoldOne() {
        let alert = UIAlertController(title: "Save?", message: nil, preferredStyle: .alert)
        let cancel = UIAlertAction(title: "Cancel", style: .cancel), save = UIAlertAction(title: "Save", style: .default)
        alert.addAction(cancel)
        alert.addAction(save)
        alert.loadViewIfNeeded()
        let bold = UIFont.systemFont(ofSize: 17, weight: .semibold), plain = UIFont.systemFont(ofSize: 17)
        func font(_ action: UIAlertAction) -> UIFont? { alert.actionRows.first { $0.action === action }?.titleFont }
        #expect(font(cancel) == bold && font(save) == plain, "cancel is bold by default")
        alert.preferredAction = save
        #expect(font(cancel) == plain && font(save) == bold)
    }

    @Test func anAlertAndASheetAsDrawn() throws {
        let log = CallbackLog()
        let alert = UIAlertController(title: "Discard changes?", message: "Your edits will be lost.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Discard", style: .destructive))
        let (display, window, _) = presented(alert, log: log)
        window.backgroundColor = .white
        display.advance(by: 1)
        let image = try display.snapshot()
        try keepPicture(image, "alert.png")
        let scale = Int(display.scale)
        // The white window under 20 % black reads 204; the box is lighter; the destructive title is red.
        let dimmed = try #require(image.pixel(x: 10 * scale, y: 10 * scale))
        #expect(abs(Int(dimmed.red) - 204) <= 2 && dimmed.red == dimmed.blue, "\(dimmed)")
        let box = alert.panel.frame
        let inside = try #require(image.pixel(x: Int(box.minX + 6) * scale, y: Int(box.midY) * scale))
        #expect(inside.red > 240, "\(inside)")
        let discard = try #require(alert.actionRows.first { $0.action.style == .destructive })
        let discardFrame = discard.convert(discard.bounds, to: nil)
        var reds = 0
        for y in Int(discardFrame.minY)..<Int(discardFrame.maxY) {
            for x in Int(discardFrame.minX)..<Int(discardFrame.maxX) {
                if let p = image.pixel(x: x * scale, y: y * scale), p.red > 200, p.green < 120 { reds += 1 }
            }
        }
        #expect(reds > 20, "the destructive title is drawn red: \(reds) points")

        let sheet = UIAlertController(title: "Share", message: "Choose where to send it", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Copy", style: .default))
        sheet.addAction(UIAlertAction(title: "Delete", style: .destructive))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let (sheetDisplay, sheetWindow, _) = presented(sheet, log: log)
        sheetWindow.backgroundColor = .white
        sheetDisplay.advance(by: 1)
        let sheetImage = try sheetDisplay.snapshot()
        try keepPicture(sheetImage, "action-sheet.png")
        // Between the two groups the dimmed window shows through.
        let cancel = try #require(sheet.actionRows.first { $0.action.style == .cancel })
        let gapY = Int(cancel.convert(cancel.bounds, to: nil).minY - 4)
        let gap = try #require(sheetImage.pixel(x: 200 * scale, y: gapY * scale))
        #expect(abs(Int(gap.red) - 204) <= 2, "\(gap)")
    }
}

/// Apple's documented programmer errors of alerts stop the program with a message naming the rule.
@Suite("UIAlertController programmer errors")
struct AlertControllerProgrammerErrorTests {
    @Test func aSecondCancelActionTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
                alert.addAction(UIAlertAction(title: "Never mind", style: .cancel))
            }
        }
    }

    @Test func aPreferredActionNotAddedTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                alert.preferredAction = UIAlertAction(title: "OK", style: .default)
            }
        }
    }
}
