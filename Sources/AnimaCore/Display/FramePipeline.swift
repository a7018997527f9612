import Foundation
import AnimaGraphics

/// The per-display machinery that turns a layer tree and a time into a frame: input, display
/// links, frame observers (animators, physics), layout, display, commit, evaluation into a
/// `RenderTree`, and delivery of animation and transaction callbacks.
///
/// It reads no clock: the owner (`HeadlessDisplay`, an SDL window) calls ``renderFrame(at:)``
/// with the frame's time. The pipeline of the current display owns the transaction stack.
@MainActor
public final class FramePipeline {
    /// The pipeline of the display that is current; a detached one (clock at 0) when none is, or when the current
    /// display has been freed (it is held weakly: being current keeps no display and no tree alive).
    public package(set) static var current: FramePipeline {
        get { currentPipeline ?? detached }
        set { currentPipeline = newValue === detached ? nil : newValue }
    }
    private static weak var currentPipeline: FramePipeline?
    private static let detached = FramePipeline(clock: ManualClock())

    /// The clock `CACurrentMediaTime()` reads while this pipeline is current.
    public let clock: MediaClock
    /// The root of the displayed tree.
    public var rootLayer: CALayer? {
        didSet {
            guard oldValue !== rootLayer else { return }
            store.setRoot(rootLayer)
            generation &+= 1
        }
    }
    /// The render-side copy of the displayed tree, which commits update and frames evaluate.
    package private(set) lazy var store = RenderStore(pipeline: self)
    /// The interval between frames in seconds (display links report it as `duration`).
    public var frameInterval: CFTimeInterval = 1.0 / 60.0
    /// The display's pixels per point, when known (0: not known): layers that draw in step with the display
    /// (`CALayer.drawsInStepWithDisplay`) are rasterized on its pixel grid. Displays set it.
    package var pixelsPerPoint: CGFloat = 0
    /// Receives injected or real input events at the start of each frame.
    public var eventHandler: ((InputEvent) -> Void)?

    package var callbacks: [() -> Void] = []
    package var queuedEvents: [InputEvent] = []
    package var displayLinks: [CADisplayLink] = []
    /// Layers waiting for layout and for display: process-wide, like transactions, so a layer marked before
    /// it joins a display's tree (or before any display exists) is laid out and drawn by the next frame.
    package static var layersNeedingLayout: [CALayer] = []
    package static var layersNeedingDisplay: [CALayer] = []
    package var frameObservers: [(id: Int, body: (CFTimeInterval) -> Void)] = []
    private var observerCounter = 0
    private var internalKeyCounter = 0
    /// The timing functions stored copies share (``sharedTimingFunction(equalTo:)``), most recent first.
    private var recentTimingFunctions: [CAMediaTimingFunction] = []
    package var generation: UInt64 = 0
    private var renderedGeneration: UInt64 = .max
    private var treeHasAnimations = false
    /// Test hooks: whether each frame starts from no nodes (so every node is written whole) rather than rewriting
    /// last frame's in place, and how many nodes the last frame wrote whole and in part.
    package var rebuildsNodesEachFrame = false
    package private(set) var lastFrameNodeWrites = (whole: 0, partial: 0)
    /// The last frame's render tree.
    public private(set) var renderTree = RenderTree.empty
    /// How many frames were evaluated (frames skipped while nothing changed do not count).
    public private(set) var evaluatedFrameCount = 0
    /// The time of the frame being made or last made.
    public private(set) var frameTime: CFTimeInterval = 0
    /// Whether a frame is being made (its time is then the only time: nothing in it reads the clock again).
    public private(set) var isMakingFrame = false

    /// The media time now: the frame's time while one is being made, else the clock's.
    public var mediaTime: CFTimeInterval { isMakingFrame ? frameTime : clock.now }

    /// A pipeline reading `clock`.
    public init(clock: MediaClock) {
        self.clock = clock
        frameTime = clock.now
    }

    /// Makes this pipeline the current one (its clock drives `CACurrentMediaTime()`).
    public func makeCurrent() { FramePipeline.current = self }

    /// Queues an input event for the next frame.
    public func send(_ event: InputEvent) { queuedEvents.append(event) }

    /// Registers `body` to run every frame after display links, before layout and commit (for
    /// property animators and physics). Returns a token for ``removeFrameObserver(_:)``.
    @discardableResult
    public func addFrameObserver(_ body: @escaping (CFTimeInterval) -> Void) -> Int {
        observerCounter += 1
        frameObservers.append((observerCounter, body))
        return observerCounter
    }

    /// Stops calling a frame observer.
    public func removeFrameObserver(_ token: Int) { frameObservers.removeAll { $0.id == token } }

    /// Whether a frame now would change anything (false lets a window sleep).
    public var needsFrame: Bool {
        generation != renderedGeneration || treeHasAnimations || !callbacks.isEmpty || !queuedEvents.isEmpty
            || displayLinks.contains { !$0.isPaused } || !frameObservers.isEmpty
            || (transactionStack.count == 1 && transactionStack[0].isImplicit)
    }

    /// Makes one frame at `time` and returns its render tree.
    @discardableResult
    public func renderFrame(at time: CFTimeInterval) -> RenderTree {
        frameTime = time
        isMakingFrame = true
        defer { isMakingFrame = false }
        let events = queuedEvents
        queuedEvents = []
        for event in events { eventHandler?(event) }
        for link in displayLinks where !link.isPaused { link.fire(at: time, frameInterval: frameInterval) }
        for observer in frameObservers { observer.body(time) }
        prepareAndCommit()
        // Callbacks waiting from before the frame (a transaction's completion block, sealed by a commit with no
        // animations left, which may have changed any display's layers) are delivered without evaluating this
        // tree for them: it is evaluated only when it changed or animates.
        if generation != renderedGeneration || treeHasAnimations { evaluate(at: time) }
        deliverCallbacks()
        if !transactionStack.isEmpty || generation != renderedGeneration {
            // Callbacks changed layers: commit now, at this frame's time, and evaluate again if this tree changed.
            prepareAndCommit()
            if generation != renderedGeneration {
                evaluate(at: time)
                deliverCallbacks()
            }
        }
        return renderTree
    }

    private func prepareAndCommit() {
        // Only the layers marked are laid out, each after its marked ancestors: a layer marks the sublayers its
        // layout changes, which join the list, so no sublayer list is scanned for marks.
        while !FramePipeline.layersNeedingLayout.isEmpty {
            let batch = FramePipeline.layersNeedingLayout
            FramePipeline.layersNeedingLayout = []
            for layer in batch {
                while layer.needsLayoutFlag {
                    var top = layer
                    while let parent = top._superlayer, parent.needsLayoutFlag { top = parent }
                    top.layOutOwnSublayers()
                }
            }
        }
        let displayBatch = FramePipeline.layersNeedingDisplay
        FramePipeline.layersNeedingDisplay = []
        for layer in displayBatch { layer.displayIfNeeded() }
        if transactionStack.count == 1, transactionStack[0].isImplicit {
            commitOutermost(transactionStack.removeLast())
        } else if transactionStack.isEmpty, !TransactionSystem.uncommitted.isEmpty || !TransactionSystem.newLayers.isEmpty {
            commitOutermost(nil)
        }
    }

    /// Evaluates the render-side copy at `time` into the render tree, reusing the last tree's nodes: a frame
    /// usually presents the same layers in the same order, and fresh pages of a new buffer each frame would cost
    /// page faults. When a caller still holds the last tree, the buffer is shared and the first write copies it,
    /// so that tree is untouched.
    private func evaluate(at time: CFTimeInterval) {
        var nodes: RenderTree.Nodes? = nil
        if !rebuildsNodesEachFrame {
            nodes = renderTree.nodes
            renderTree = .empty   // so that the buffers have one reference, unless a caller holds the last tree
        }
        var evaluator = FrameEvaluator(pipeline: self, time: time, reusing: consume nodes)
        let store = self.store
        store.withStorage { evaluator.build(&$0, root: store.root) }
        evaluator.finishDrawing()
        renderTree = evaluator.renderTree
        // A layer kept off the display's pixel grid while it moved is drawn on the grid in the next frame if it rests.
        treeHasAnimations = evaluator.sawAnimations || store.takeFrameToRest()
        lastFrameNodeWrites = (evaluator.wholeWrites, evaluator.partialWrites)
        evaluatedFrameCount += 1
        renderedGeneration = generation
    }

    private func deliverCallbacks() {
        while !callbacks.isEmpty {
            let batch = callbacks
            callbacks = []
            for callback in batch { callback() }
        }
    }

    /// `function`, or an equal one a recent stored copy uses: apps make a timing function per animation
    /// (`CAMediaTimingFunction(name: .easeInEaseOut)`), and timing functions are immutable, so the stored
    /// copies of many animations can share one object instead of each keeping its own alive.
    package func sharedTimingFunction(equalTo function: CAMediaTimingFunction) -> CAMediaTimingFunction {
        recentTimingFunctions.reusingRecent(limit: 4, where: { $0 == function && $0.name == function.name }, else: function)
    }

    /// A fresh key for an animation added with a nil key.
    package func makeInternalAnimationKey() -> String {
        internalKeyCounter += 1
        return "\u{1}anima.unkeyed.\(internalKeyCounter)"
    }

    /// Records a tree change: opens the implicit transaction when none is open and asks for a frame.
    package func noteChange() {
        openImplicitTransaction()
        generation &+= 1
    }

    /// Opens the implicit transaction when none is open: a change to a layer in no display's tree, which the next
    /// frame of any display commits without evaluating its own tree for it (``needsFrame`` asks for that frame).
    package func openImplicitTransaction() {
        if transactionStack.isEmpty { transactionStack.append(TransactionFrame(isImplicit: true)) }
    }

    /// Records a layer made since the last commit (any display's commit commits it).
    package static func registerNewLayer(_ layer: CALayer) { TransactionSystem.newLayers.append(layer) }

    package func registerDisplayLink(_ link: CADisplayLink) {
        if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
    }

    package func unregisterDisplayLink(_ link: CADisplayLink) { displayLinks.removeAll { $0 === link } }
}
