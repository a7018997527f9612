import Anima
import AnimaVideo
import Foundation

/// Runs demos headless (recording PNG frames and an animation sheet) or in an `AppWindow`.
@MainActor
enum DemoRunner {
    /// What a headless run produced.
    struct Recording {
        var directory: URL
        var sheet: URL
        var frameCount: Int
        /// The article's checks that failed (empty when the demo behaved as described).
        var failures: [String]
    }

    /// A demo running on a `HeadlessDisplay` with its autoplay attached.
    struct HeadlessSession {
        let display: HeadlessDisplay
        let window: UIWindow
        let demo: Demo
        let script: AutoplayScript
    }

    /// Builds `info`'s demo on a headless display of the gallery's window size and attaches its autoplay.
    static func headless(_ info: DemoInfo) -> HeadlessSession {
        let size = DemoCatalog.windowSize
        let display = HeadlessDisplay(width: Int(size.width), height: Int(size.height))
        display.makeCurrent()
        let window = UIWindow(display: display)
        window.makeKeyAndVisible()
        let demo = info.make()
        let root = UIView(frame: window.bounds)
        window.addSubview(root)
        demo.install(in: root)
        display.advance(by: 0)
        let script = AutoplayScript()
        script.attach(to: display.pipeline)
        demo.autoplay(script)
        return HeadlessSession(display: display, window: window, demo: demo, script: script)
    }

    /// Runs the demo's autoplay headless for `frames` frames at 60 per second, writing every frame's
    /// pixels to `directory/frame-NNNN.png` and twelve of them, evenly spaced, to `directory/sheet.png`.
    static func record(_ info: DemoInfo, frames: Int, to directory: URL) throws -> Recording {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let session = headless(info)
        let count = max(1, frames)
        let sheetPicks = Set((0..<12).map { $0 * (count - 1) / 11 })
        var sheetImages: [CGImage] = []
        for i in 0..<count {
            session.display.advance(by: 1.0 / 60.0)
            let image = try session.display.snapshot()
            try image.writePNG(to: directory.appendingPathComponent(String(format: "frame-%04d.png", i)))
            if sheetPicks.contains(i) { sheetImages.append(thumbnail(image, scale: 0.5)) }
        }
        let sheetURL = directory.appendingPathComponent("sheet.png")
        try SoftwareRenderer.sheet(sheetImages, columns: 4).writePNG(to: sheetURL)
        return Recording(directory: directory, sheet: sheetURL, frameCount: count, failures: session.demo.verify())
    }

    /// Runs the demo's autoplay headless for `frames` frames at 60 per second into a video at `url` (format by its
    /// extension; every frame on the virtual clock, however long encoding takes). Returns the article's checks
    /// that failed. Zero frames, an unwritable path or an unknown extension throw a ``VideoError`` naming the file.
    static func recordVideo(_ info: DemoInfo, frames: Int, to url: URL) throws -> [String] {
        let session = headless(info)
        let size = session.display.size
        let writer = try VideoWriter(url: url, width: Int(size.width * session.display.scale),
                                     height: Int(size.height * session.display.scale), framesPerSecond: 60)
        for _ in 0..<max(0, frames) {
            session.display.advance(by: 1.0 / 60.0)
            try writer.append(try session.display.snapshot())
        }
        try writer.finish()
        return session.demo.verify()
    }

    /// Runs the demo's autoplay headless for `frames` frames at 60 per second, recording every animation's phase
    /// at each frame.
    static func timeline(_ info: DemoInfo, frames: Int) -> TimelineRecording {
        let session = headless(info)
        let recorder = TimelineRecorder(pipeline: session.display.pipeline)
        for _ in 0..<max(1, frames) {
            session.display.advance(by: 1.0 / 60.0)
            recorder.recordFrame()
        }
        return recorder.recording
    }

    /// Draws `recording` as a chart into the PNG at `url` (its folder must exist); a clear error when it cannot.
    static func writeChart(_ recording: TimelineRecording, title: String, to url: URL) throws {
        guard url.pathExtension.lowercased() == "png" else {
            throw DemoOutputError("--timeline writes a PNG: \(url.path) does not end in .png")
        }
        guard let image = TimelineChart(recording, width: 960, title: title).makeImage() else {
            throw DemoOutputError("the timeline chart could not be drawn")
        }
        do {
            try image.writePNG(to: url)
        } catch {
            throw DemoOutputError("cannot write the timeline chart to \(url.path): \(error)")
        }
    }

    /// `image` scaled by `scale`, for animation sheets.
    static func thumbnail(_ image: CGImage, scale: CGFloat) -> CGImage {
        let w = max(1, Int(CGFloat(image.width) * scale)), h = max(1, Int(CGFloat(image.height) * scale))
        let context = CGContext(width: w, height: h)
        context.translateBy(x: 0, y: CGFloat(h))
        context.scaleBy(x: 1, y: -1)   // draw(_:in:) puts an image's first row at the bottom, as Core Graphics does
        context.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        return context.makeImage() ?? image
    }

    /// Opens a window showing `info`'s demo (or the gallery when nil) until it is closed.
    ///
    /// With `autoplay` the demo's script runs in the window; with `screenshot` a PNG of the window is written
    /// once the script is done (or after `seconds`) and the window closes.
    static func runWindowed(_ info: DemoInfo?, autoplay: Bool, inspector: InspectorMode = .onKey, screenshot: URL?,
                            seconds: Double?) async throws {
        let app = try AppWindow(title: info.map { "Anima — \($0.title)" } ?? "Anima — demo gallery", size: DemoCatalog.windowSize)
        if inspector == .off { app.inspectorKey = nil }
        let window = UIWindow(frame: CGRect(origin: .zero, size: app.size))
        app.rootView = window
        window.makeKeyAndVisible()
        let chrome = DemoChrome(window: window, pipeline: app.pipeline)
        var current: (demo: Demo, root: UIView)?
        var gallery: GalleryView?
        var script: AutoplayScript?   // the pipeline's frame observer holds it weakly

        func show(_ demo: DemoInfo) {
            gallery?.removeFromSuperview()
            let root = UIView(frame: window.bounds)
            window.insertSubview(root, at: 0)
            let made = demo.make()
            made.install(in: root)
            current = (made, root)
            app.title = "Anima — \(demo.title)"
            app.closesOnEscape = info != nil
            if autoplay {
                let playing = AutoplayScript()
                playing.attach(to: app.pipeline)
                made.autoplay(playing)
                script = playing
            }
        }
        func showGallery() {
            current?.root.removeFromSuperview()
            current = nil
            let view = GalleryView(frame: window.bounds) { picked in show(picked) }
            window.insertSubview(view, at: 0)
            gallery = view
            app.title = "Anima — demo gallery"
            app.closesOnEscape = true
        }

        app.onEvent = { event in
            guard case .key(let key) = event, key.isDown else { return }
            switch key.key {
            case "escape" where current != nil && info == nil: showGallery()
            default: chrome.handleKey(key.key)
            }
        }
        if let info { show(info) } else { showGallery() }
        if inspector == .open { app.inspector.open() }

        if let screenshot {
            await app.run(for: seconds ?? (info?.autoplaySeconds ?? 2) + 0.5)
            if app.inspector.isOpen, app.inspector.selectedLayer == nil {
                // Show the layer with the most animations (else the demo's root view's layer) in the screenshot.
                let timeline = app.pipeline.timeline()
                let busiest = timeline.layers.indices.max { timeline.layers[$0].animations.count < timeline.layers[$1].animations.count }
                app.inspector.select(busiest.flatMap { i in timeline.layers[i].animations.isEmpty ? nil : layer(at: i, under: app.rootLayer) }
                                     ?? current?.root.layer)
                await app.run(for: 0.1)
            }
            try app.screenshot().writePNG(to: screenshot)
            print("anima-demos: window screenshot at \(screenshot.path)")
            if let current, let info, autoplay, (seconds ?? .infinity) >= info.autoplaySeconds {
                report(current.demo.verify(), name: info.name)
            }
            app.close()
        } else if let seconds {
            await app.run(for: seconds)
        } else {
            await app.run()
        }
        withExtendedLifetime(script) {}
    }

    /// How a window offers the timeline inspector.
    enum InspectorMode { case off, onKey, open }

    /// The layer at position `index` of a depth-first walk in drawing order from `root` (masks after their layer), as
    /// `FramePipeline.timeline()` lists them.
    static func layer(at index: Int, under root: CALayer) -> CALayer? {
        var list: [CALayer] = []
        func visit(_ l: CALayer) {
            list.append(l)
            if let mask = l.mask { visit(mask) }
            for sub in l.sublayers ?? [] { visit(sub) }
        }
        visit(root)
        return index < list.count ? list[index] : nil
    }

    /// Prints the article's checks that failed, or that all passed.
    static func report(_ failures: [String], name: String) {
        if failures.isEmpty {
            print("anima-demos: \(name): behaved as its article describes")
        } else {
            for failure in failures { print("anima-demos: \(name): CHECK FAILED: \(failure)") }
        }
    }
}
