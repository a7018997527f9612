import AnimaCore
import AnimaGraphics
import CSDL2
import Foundation
import Testing
@testable import AnimaSDL

/// The timeline inspector of an `AppWindow`: opened by its key (and not by a window that turned it off), picking a
/// layer by clicking the scene, its buttons working the window root's timing, and its panel drawn over the scene.
@Suite(.serialized) @MainActor struct InspectorPanelTests {
    let helper = AppWindowTests()

    /// A 400 × 300 window with a box moving from x = 40 to x = 80 over 100 s under the window's content.
    /// A 100-second `position.x` animation from `from` to `to` on `layer`.
    func addPositionX(from: CGFloat, to: CGFloat, to layer: CALayer, forKey key: String) {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 100
        layer.add(animation, forKey: key)
    }

    func scene() throws -> (AppWindow, RecordingContent, CALayer) {
        let app = try helper.makeWindow(400, 300)
        let content = RecordingContent()
        app.rootView = content
        let box = helper.box(CGRect(x: 20, y: 20, width: 40, height: 40), CGColor(red: 0, green: 0.6, blue: 1, alpha: 1), in: content.layer)
        box.name = "box"
        addPositionX(from: 40, to: 80, to: box, forKey: "move")
        app.renderFrameIfNeeded()
        return (app, content, box)
    }

    func click(_ app: AppWindow, at p: CGPoint) {
        let id = app.window.id
        helper.push { $0.type = SDL_MOUSEBUTTONDOWN.rawValue; $0.button.windowID = id; $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = Int32(p.x); $0.button.y = Int32(p.y) }
        helper.push { $0.type = SDL_MOUSEBUTTONUP.rawValue; $0.button.windowID = id; $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = Int32(p.x); $0.button.y = Int32(p.y) }
        app.processEvents()
    }

    /// The centre of a button of the panel, in window points.
    func centre(of control: InspectorPanel.Control, in app: AppWindow) throws -> CGPoint {
        let rect = try #require(app.inspector.panel.buttons.first { $0.0 == control }?.1)
        return CGPoint(x: app.inspector.panel.frame.minX + rect.midX, y: app.inspector.panel.frame.minY + rect.midY)
    }

    @Test func theKeyOpensItAndClicksPickLayers() throws {
        let (app, content, box) = try scene()
        helper.pushKey(SDLK_i, down: true, window: app)
        helper.pushKey(SDLK_i, down: false, window: app)
        app.processEvents()
        #expect(app.inspector.isOpen)
        app.renderFrameIfNeeded()
        #expect(app.rootLayer.sublayers?.last === app.inspector.container)
        // A click on the box selects it; the app does not see the click (nor the I key).
        click(app, at: CGPoint(x: 30, y: 30))
        #expect(app.inspector.selectedLayer === box)
        app.renderFrameIfNeeded()
        #expect(content.events.isEmpty, "\(content.events)")
        let shown = app.inspector.panel.content
        #expect(shown.selectedTitle?.contains("'box'") == true)
        #expect(shown.animations.map(\.key) == ["move"] && shown.animations.first?.phase == .active)
        #expect(shown.tree.contains { $0.isSelected && $0.text.contains("'box'") })
        // The panel is drawn over the scene: its dark background at the right edge.
        let image = try app.screenshot()
        let pixel = try #require(image.pixel(x: Int(395 * app.scale), y: Int(290 * app.scale)))
        #expect(pixel.red < 40 && pixel.green < 40 && pixel.blue < 50, "\(pixel)")
        // Picking off: clicks reach the app again.
        helper.pushKey(SDLK_p, down: true, window: app)
        app.processEvents()
        click(app, at: CGPoint(x: 30, y: 30))
        app.renderFrameIfNeeded()
        #expect(content.events.contains { if case .pointer = $0 { return true } else { return false } })
        // The key again closes it: its layers leave the tree and it stops refreshing.
        let observers = app.pipeline.frameObservers.count
        helper.pushKey(SDLK_i, down: true, window: app)
        app.processEvents()
        #expect(!app.inspector.isOpen && app.inspector.container.superlayer == nil)
        #expect(app.pipeline.frameObservers.count == observers - 1)
        app.close()
    }

    @Test func clicksPickLayersWhereTheyAreShown() throws {
        let (app, content, _) = try scene()
        // Model centre (70, 210); an animation holds it at x = 20 for 100 s.
        let mover = helper.box(CGRect(x: 60, y: 200, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: content.layer)
        mover.name = "mover"
        addPositionX(from: 20, to: 20, to: mover, forKey: "hold")
        app.renderFrameIfNeeded()
        app.inspector.open()
        click(app, at: CGPoint(x: 20, y: 210))   // where it is shown, not where the model puts it
        #expect(app.inspector.selectedLayer === mover)
        click(app, at: CGPoint(x: 72, y: 210))   // the model's place: empty there now
        #expect(app.inspector.selectedLayer !== mover)
        app.close()
    }

    @Test func buttonsWorkTheRootsTiming() throws {
        let (app, _, box) = try scene()
        app.inspector.open()
        app.inspector.select(box)
        app.renderFrameIfNeeded()
        click(app, at: try centre(of: .playPause, in: app))
        #expect(app.inspector.timeControls.isPaused && app.rootLayer.speed == 0)
        app.renderFrameIfNeeded()
        let paused = try #require(box.presentation()).position.x
        let pausedTime = app.rootLayer.timeOffset
        // Time passes for the window's clock, not under the paused root.
        app.pipeline.renderFrame(at: app.pipeline.clock.now + 5)
        #expect(try #require(box.presentation()).position.x == paused)
        click(app, at: try centre(of: .stepForward, in: app))
        #expect(isClose(app.rootLayer.timeOffset, pausedTime + app.pipeline.frameInterval))
        app.pipeline.renderFrame(at: app.pipeline.clock.now + 5)
        // One frame later on the root's time: the box has moved on (and one frame back it is where it was).
        let stepped = try #require(box.presentation()).position.x
        #expect(stepped > paused)
        click(app, at: try centre(of: .stepBack, in: app))
        app.pipeline.renderFrame(at: app.pipeline.clock.now + 5)
        #expect(isClose(try #require(box.presentation()).position.x, paused, 1e-9))
        click(app, at: try centre(of: .slower, in: app))
        #expect(app.inspector.timeControls.slowFactor == 0.5 && app.inspector.timeControls.isPaused)
        click(app, at: try centre(of: .playPause, in: app))
        #expect(app.rootLayer.speed == 0.5)
        app.close()
    }

    @Test func dragOnTheScrubBarSetsTheRootsTime() throws {
        let (app, _, _) = try scene()
        app.inspector.open()
        app.renderFrameIfNeeded()
        let panel = app.inspector.panel
        let track = panel.scrubTrack
        let range = panel.content.scrubRange
        let id = app.window.id
        let y = Int32(panel.frame.minY + track.midY)
        helper.push { $0.type = SDL_MOUSEBUTTONDOWN.rawValue; $0.button.windowID = id; $0.button.button = UInt8(SDL_BUTTON_LEFT)
            $0.button.x = Int32(panel.frame.minX + track.minX + track.width / 4); $0.button.y = y }
        helper.push { $0.type = SDL_MOUSEMOTION.rawValue; $0.motion.windowID = id; $0.motion.x = Int32(panel.frame.minX + track.midX); $0.motion.y = y }
        helper.push { $0.type = SDL_MOUSEBUTTONUP.rawValue; $0.button.windowID = id; $0.button.button = UInt8(SDL_BUTTON_LEFT)
            $0.button.x = Int32(panel.frame.minX + track.midX); $0.button.y = y }
        app.processEvents()
        // Paused where the drag ended: halfway through the range (to within a point of the track).
        let expected = range.lowerBound + (range.upperBound - range.lowerBound) * Double(Int(panel.frame.minX + track.midX) - Int(panel.frame.minX + track.minX)) / Double(track.width)
        #expect(app.inspector.timeControls.isPaused)
        #expect(abs(app.rootLayer.timeOffset - expected) <= (range.upperBound - range.lowerBound) / Double(track.width))
        // The panel never lists itself.
        app.renderFrameIfNeeded()
        #expect(!app.inspector.panel.content.tree.contains { $0.text.contains("inspector") })
        app.close()
    }

    @Test func theWheelScrollsTheListAwayFromTheSelection() throws {
        let (app, content, box) = try scene()
        for i in 0..<30 { helper.box(CGRect(x: 0, y: CGFloat(i), width: 1, height: 1), CGColor(gray: 0, alpha: 1), in: content.layer) }
        app.inspector.open()
        app.inspector.select(box)
        app.renderFrameIfNeeded()
        let first = app.inspector.panel.content.treeOffset
        let panel = app.inspector.panel.frame
        for _ in 0..<5 {
            _ = app.inspector.handle(.scroll(dx: 0, dy: -10, location: CGPoint(x: panel.midX, y: panel.midY)))
        }
        app.renderFrameIfNeeded()
        #expect(app.inspector.panel.content.treeOffset == first + 5)
        app.close()
    }

    @Test func aLayerNotCommittedYetIsShownWithoutComplaint() throws {
        let (app, content, _) = try scene()
        app.inspector.open()
        let fresh = CALayer()
        fresh.name = "fresh"
        content.layer.addSublayer(fresh)
        app.inspector.select(fresh)   // before any commit delivered it
        #expect(app.inspector.panel.content.selectedTime.contains("not committed yet"))
        #expect(Diagnostics.messages(containing: "'fresh' is not in this display's tree").isEmpty)
        app.renderFrameIfNeeded()
        #expect(app.inspector.panel.content.selectedTime.hasPrefix("local time"))
        #expect(!app.inspector.panel.content.selectedTime.contains("not committed"))
        app.close()
    }

    @Test func aWindowWithoutAnInspectorKeyPassesTheKeyOn() throws {
        let (app, content, _) = try scene()
        app.inspectorKey = nil
        helper.pushKey(SDLK_i, down: true, window: app)
        app.processEvents()
        app.renderFrameIfNeeded()
        #expect(!app.inspector.isOpen)
        #expect(content.events.contains(.key(KeyEvent(key: "i", isDown: true))))
        app.close()
    }
}

private func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
