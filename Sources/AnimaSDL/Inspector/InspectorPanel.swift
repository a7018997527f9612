import AnimaCore
import AnimaGraphics
import Foundation

/// The timeline inspector of an ``AppWindow``: a panel drawn with Anima's own layers at the window's right edge,
/// above the content, with an outline around the selected layer in the scene.
///
/// It shows the layer tree (class, name, frame), the selected layer's model and presented values, its local time,
/// and each of its animations as a bar on the layer's time (begin, active duration, iterations and autoreverse,
/// fills, the current time as a cursor, the phase). Its time controls — pause, step a frame back or forward, scrub,
/// slow motion 0.1×–2× — are a ``TimeControls`` on the window's root layer: the app keeps running and reads the
/// same times it would with that layer timing.
///
/// The same window, not a second one: one pipeline and one clock, so the panel's cursor is the frame's own time,
/// and a screenshot shows the scene and its inspector together.
///
/// While it is open: clicks in the panel work its controls and list; clicks in the scene select the layer under
/// them (picking; `P` turns it off so clicks reach the app again); keys `space` (pause/play), `,`/`.` (step),
/// `[`/`]` (slower/faster) and `p` are the inspector's. Reads no clock: it refreshes in each frame, at its time, after
/// the frame's evaluation. While open, the window makes a frame every frame interval (it does not idle).
@MainActor
public final class InspectorPanel {
    /// The panel's buttons.
    enum Control: CaseIterable { case playPause, stepBack, stepForward, slower, faster, normalSpeed }

    /// The window's root layer, whose timing the controls set, and whose tree is inspected.
    public let rootLayer: CALayer
    private weak var pipeline: FramePipeline?
    /// The time controls on the window's root layer.
    public let timeControls: TimeControls
    /// The layer shown in detail (weak: removing it from the app's tree lets it go).
    public private(set) weak var selectedLayer: CALayer?
    /// Whether a click in the scene selects the layer under it (rather than reaching the app).
    public var isPicking = true
    public private(set) var isOpen = false

    /// Holds the panel and the outline (the inspector's layers; never listed nor picked).
    let container = CALayer()
    let panel = InspectorPanelLayer()
    private let outline = CAShapeLayer()
    private var observer: Int?
    private var treeOffset = 0
    private var latestRootTime: CFTimeInterval = 0
    private var isScrubbing = false
    private var isPressInScene = false
    /// The selection the list last scrolled to.
    private weak var listedSelection: CALayer?

    /// The slow-motion factors the slower/faster buttons step through.
    static let slowFactors: [Double] = [0.1, 0.25, 0.5, 1, 1.5, 2]

    init(rootLayer: CALayer, pipeline: FramePipeline) {
        self.rootLayer = rootLayer
        self.pipeline = pipeline
        timeControls = TimeControls(layer: rootLayer, pipeline: pipeline)
        container.name = "inspector"
        panel.name = "inspector panel"
        outline.name = "inspector outline"
        outline.fillColor = nil
        outline.strokeColor = CGColor(red: 1, green: 0.3, blue: 0.3, alpha: 1)
        outline.lineWidth = 2
        container.addSublayer(outline)
        container.addSublayer(panel)
    }

    /// Shows the panel (on top of the window's content) and starts refreshing it every frame.
    public func open() {
        guard !isOpen, let pipeline else { return }
        isOpen = true
        withoutActions {
            rootLayer.addSublayer(container)
            layOut()
        }
        // Refreshed after each frame's evaluation (presented values are those of this frame, not the last), in the
        // frame's callback phase: its changes are committed and shown in the same frame.
        observer = pipeline.addFrameObserver { [weak self, weak pipeline] time in
            pipeline?.runAfterNextEvaluation { self?.refresh(at: time) }
        }
        refresh(at: pipeline.mediaTime)
    }

    /// Hides the panel; time stays as the controls left it (paused stays paused).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        if let observer { pipeline?.removeFrameObserver(observer) }
        observer = nil
        withoutActions { container.removeFromSuperlayer() }
    }

    /// Shows `layer` in detail and outlines it (nil: none).
    public func select(_ layer: CALayer?) {
        selectedLayer = layer
        if let pipeline, isOpen { refresh(at: pipeline.mediaTime) }
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    /// Fills the window's height at its right edge.
    func layOut() {
        let size = rootLayer.bounds.size
        let width = min(InspectorPanelLayer.width, size.width)
        container.frame = CGRect(origin: .zero, size: size)
        panel.frame = CGRect(x: size.width - width, y: 0, width: width, height: size.height)
        panel.contentsScale = rootLayer.contentsScale
        outline.frame = container.bounds
    }

    // MARK: Contents

    /// The app's layers in the root's tree, depth first (the inspector's own left out).
    private func flattenedTree() -> [(layer: CALayer, depth: Int)] {
        var rows: [(CALayer, Int)] = []
        func visit(_ layer: CALayer, _ depth: Int) {
            rows.append((layer, depth))
            for sub in layer.sublayers ?? [] where sub !== container { visit(sub, depth + 1) }
        }
        visit(rootLayer, 0)
        return rows
    }

    static func describe(_ layer: CALayer) -> String {
        let f = layer.frame
        let name = layer.name.map { " '\($0)'" } ?? ""
        // A view's layer names its view (the layer's delegate), as Xcode's view debugger does.
        let owner = layer.delegate.map { " (\(type(of: $0)))" } ?? ""
        return "\(type(of: layer))\(owner)\(name)  \(Int(f.minX)),\(Int(f.minY)) \(Int(f.width))×\(Int(f.height))"
    }

    private static func format(_ p: CGPoint) -> String { String(format: "%.1f, %.1f", p.x, p.y) }
    private static func format(_ s: CGSize) -> String { String(format: "%.1f × %.1f", s.width, s.height) }
    private static func format(_ t: CATransform3D) -> String {
        // Translation first (what moves a layer), then the 2 × 2 part when it is not the identity.
        guard t != .identity else { return "identity" }
        let plane = t.m11 == 1 && t.m12 == 0 && t.m21 == 0 && t.m22 == 1 ? "" : String(format: " [%.2f %.2f %.2f %.2f]", t.m11, t.m12, t.m21, t.m22)
        return String(format: "t %.1f, %.1f", t.m41, t.m42) + plane
    }
    private static func format(_ c: CGColor?) -> String {
        guard let c else { return "nil" }
        return String(format: "%.2f %.2f %.2f %.2f", c.red, c.green, c.blue, c.alpha)
    }

    /// Gathers what the panel shows at media time `time`, draws it, and moves the outline.
    func refresh(at time: CFTimeInterval) {
        guard isOpen, let pipeline else { return }
        var c = InspectorContent()
        c.isPaused = timeControls.isPaused
        c.slowFactor = timeControls.slowFactor
        c.rootTime = rootLayer.convertTime(time, from: nil)
        if !c.isPaused { latestRootTime = max(latestRootTime, c.rootTime) }
        let top = max(latestRootTime, c.rootTime)
        c.scrubRange = max(0, top - 10)...max(top, 0.001)
        c.isPicking = isPicking
        let tree = flattenedTree()
        if let selectedLayer, !tree.contains(where: { $0.layer === selectedLayer }) { self.selectedLayer = nil }
        c.treeCount = tree.count
        // A new selection scrolls the list to it (once: the wheel may scroll away afterwards).
        if let selected = selectedLayer, selected !== listedSelection, let index = tree.firstIndex(where: { $0.layer === selected }),
           index < treeOffset || index >= treeOffset + InspectorPanelLayer.visibleTreeRows {
            treeOffset = max(0, index - InspectorPanelLayer.visibleTreeRows / 2)
        }
        listedSelection = selectedLayer
        treeOffset = max(0, min(treeOffset, tree.count - InspectorPanelLayer.visibleTreeRows))
        c.treeOffset = treeOffset
        c.tree = tree.dropFirst(treeOffset).prefix(InspectorPanelLayer.visibleTreeRows).map {
            InspectorContent.TreeRow(text: Self.describe($0.layer), depth: $0.depth, isSelected: $0.layer === selectedLayer)
        }
        var path: CGPath?
        if let layer = selectedLayer {
            let presented = layer.presentation() ?? layer
            c.selectedTitle = Self.describe(layer)
            c.values = [
                .init(name: "position", model: Self.format(layer.position), presented: Self.format(presented.position)),
                .init(name: "bounds", model: Self.format(layer.bounds.size), presented: Self.format(presented.bounds.size)),
                .init(name: "opacity", model: String(format: "%.3f", layer.opacity), presented: String(format: "%.3f", presented.opacity)),
                .init(name: "zPosition", model: String(format: "%.1f", layer.zPosition), presented: String(format: "%.1f", presented.zPosition)),
                .init(name: "transform", model: Self.format(layer.transform), presented: Self.format(presented.transform)),
                .init(name: "background", model: Self.format(layer.backgroundColor), presented: Self.format(presented.backgroundColor)),
            ]
            // Only a layer this display's copy holds (its timeline is nil until a commit has delivered it).
            if layer.renderStore === pipeline.store, layer.renderSlot >= 0,
               let timeline = pipeline.timeline(of: layer, atMediaTime: time) {
                c.localTime = timeline.localTime
                c.animations = timeline.animations
                c.selectedTime = String(format: "local time %.3f s · runs at ×%.3g", timeline.localTime, timeline.effectiveSpeed)
                    + (timeline.beginTime != 0 || timeline.speed != 1 || timeline.timeOffset != 0
                       ? String(format: " · own begin %.3g speed %.3g offset %.3g", timeline.beginTime, timeline.speed, timeline.timeOffset) : "")
            } else {
                c.localTime = layer.convertTime(time, from: nil)
                c.selectedTime = String(format: "local time %.3f s (not committed yet)", c.localTime)
            }
            // Through the presentation copies (whose superlayers are presentation copies too): the outline follows
            // the layer as shown, mid-animation.
            let b = presented.bounds
            let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
                           CGPoint(x: b.minX, y: b.maxY)].map { presented.convert($0, to: nil) }
            let outlinePath = CGMutablePath()
            outlinePath.addLines(between: corners)
            outlinePath.closeSubpath()
            path = outlinePath
        }
        withoutActions {
            if container.frame.size != rootLayer.bounds.size { layOut() }
            if rootLayer.sublayers?.last !== container { container.removeFromSuperlayer(); rootLayer.addSublayer(container) }
            panel.content = c
            panel.setNeedsDisplay()
            outline.path = path
        }
    }

    // MARK: Input

    /// Handles `event` when it is the inspector's (returns true: the app does not get it).
    public func handle(_ event: InputEvent) -> Bool {
        guard isOpen else { return false }
        switch event {
        case .key(let key):
            guard key.isDown else { return ["space", ",", ".", "[", "]", "p"].contains(key.key) }
            switch key.key {
            case "space": press(.playPause)
            case ",": press(.stepBack)
            case ".": press(.stepForward)
            case "[": press(.slower)
            case "]": press(.faster)
            case "p": isPicking.toggle()
            default: return false
            }
            return true
        case .pointer(let pointer):
            return handlePointer(pointer)
        case .scroll(_, let dy, let location):
            guard panel.frame.contains(location) else { return false }
            treeOffset = max(0, treeOffset + (dy > 0 ? -1 : 1))
            return true
        }
    }

    private func handlePointer(_ pointer: PointerEvent) -> Bool {
        let local = CGPoint(x: pointer.location.x - panel.frame.minX, y: pointer.location.y - panel.frame.minY)
        if isScrubbing {
            scrub(to: local.x)
            if pointer.phase == .ended || pointer.phase == .cancelled { isScrubbing = false }
            return true
        }
        if pointer.phase != .began {
            // The rest of a press the inspector took stays the inspector's.
            let taken = isPressInScene || panel.frame.contains(pointer.location)
            if pointer.phase == .ended || pointer.phase == .cancelled { isPressInScene = false }
            return taken
        }
        guard panel.frame.contains(pointer.location) else {
            guard isPicking else { return false }
            isPressInScene = true
            select(pick(at: pointer.location))
            return true
        }
        if let control = panel.buttons.first(where: { $0.1.contains(local) })?.0 {
            press(control)
        } else if panel.scrubTrack.insetBy(dx: 0, dy: -6).contains(local) {
            isScrubbing = true
            scrub(to: local.x)
        } else if let row = panel.treeRows.first(where: { $0.rect.contains(local) }) {
            let tree = flattenedTree()
            if row.index < tree.count { select(tree[row.index].layer) }
        }
        return true
    }

    /// The deepest app layer shown under `point` (window points), the inspector's own layers left out: hit-tested
    /// on the presentation copies (where layers are shown mid-animation, as UIKit's idiom for tapping moving views
    /// does), answered as the model layer.
    func pick(at point: CGPoint) -> CALayer? {
        for sub in (rootLayer.sublayers ?? []).reversed() where sub !== container {
            if let hit = (sub.presentation() ?? sub).hitTest(point) { return hit.model() }
        }
        return rootLayer.contains(point) ? rootLayer : nil
    }

    private func scrub(to x: CGFloat) {
        let track = panel.scrubTrack
        let range = panel.content.scrubRange
        let f = track.width > 0 ? min(max(Double((x - track.minX) / track.width), 0), 1) : 1
        timeControls.scrub(toLocalTime: range.lowerBound + f * (range.upperBound - range.lowerBound))
    }

    func press(_ control: Control) {
        switch control {
        case .playPause: timeControls.isPaused ? timeControls.resume() : timeControls.pause()
        case .stepBack: timeControls.step(by: -1)
        case .stepForward: timeControls.step(by: 1)
        case .slower:
            timeControls.slowFactor = Self.slowFactors.last { $0 < timeControls.slowFactor - 1e-9 } ?? Self.slowFactors[0]
        case .faster:
            timeControls.slowFactor = Self.slowFactors.first { $0 > timeControls.slowFactor + 1e-9 } ?? Self.slowFactors.last!
        case .normalSpeed:
            timeControls.slowFactor = 1
        }
    }
}
