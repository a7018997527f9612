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
    /// The pipeline of the display that is current; a detached one (clock at 0) when none is.
    public package(set) static var current: FramePipeline = FramePipeline(clock: ManualClock())

    /// The clock `CACurrentMediaTime()` reads while this pipeline is current.
    public let clock: MediaClock
    /// The root of the displayed tree.
    public var rootLayer: CALayer? {
        didSet {
            if oldValue?.hostPipeline === self { oldValue?.hostPipeline = nil }
            rootLayer?.hostPipeline = self
            FramePipeline.modelDidChange()
        }
    }
    /// The interval between frames in seconds (display links report it as `duration`).
    public var frameInterval: CFTimeInterval = 1.0 / 60.0
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
    /// Counts changes to any model layer of any pipeline (a layer's changes are noted on the pipeline that is
    /// current, not necessarily its own): a ``SteadyFrame`` copy is good while this is unchanged.
    package private(set) static var modelRevision: UInt64 = 0
    /// The compact copy of the tree that steady frames are made from, and the revision it copies.
    private var steady = SteadyFrame()
    private var steadyRevision: UInt64 = 0
    /// The revision of the last evaluated frame, and the last one whose tree could not be copied.
    private var lastEvaluatedRevision: UInt64 = .max
    private var refusedRevision: UInt64 = .max
    /// How many frames in a row found the model unchanged, and how many must before a copy is taken: 1, doubled
    /// (up to 64) whenever a copy is dropped before it paid for itself, back to 1 when one does. Taking a copy
    /// costs about a walk and a frame from it saves about half of one, so a tree changed every few frames would
    /// pay for copies it barely uses.
    private var unchangedFrames = 0
    private var unchangedFramesBeforeCopy = 1
    /// Frames made from the current copy.
    private var framesFromCopy = 0
    /// Whether frames of an unchanged tree whose animations are all running scalar animations of geometry
    /// are made from a compact copy of it (``SteadyFrame``); off, every frame walks the layers. The results
    /// are equal either way.
    package var allowsSteadyFrames = true
    /// How many frames were made from the compact copy.
    package private(set) var steadyFrameCount = 0
    private var renderedGeneration: UInt64 = .max
    private var treeHasAnimations = false
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
        if generation != renderedGeneration || treeHasAnimations || !callbacks.isEmpty {
            evaluate(at: time)
            deliverCallbacks()
            if !transactionStack.isEmpty || generation != renderedGeneration {
                // Callbacks changed the tree: commit now, at this frame's time, and evaluate again.
                prepareAndCommit()
                evaluate(at: time)
                deliverCallbacks()
            }
        }
        return renderTree
    }

    private func prepareAndCommit() {
        while !FramePipeline.layersNeedingLayout.isEmpty {
            let batch = FramePipeline.layersNeedingLayout
            FramePipeline.layersNeedingLayout = []
            for layer in batch where layer.needsLayoutFlag { layer.layoutIfNeeded() }
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

    private func evaluate(at time: CFTimeInterval) {
        // The last tree's nodes are overwritten in place rather than a new buffer allocated each frame (at
        // 10 000 layers that is megabytes, and fresh pages cost page faults); when a caller still holds the
        // last tree, the buffer is shared and the first write copies it, so that tree is untouched.
        var storage: [RenderNode] = []
        swap(&storage, &renderTree.nodes)
        let revision = FramePipeline.modelRevision
        defer {
            evaluatedFrameCount += 1
            renderedGeneration = generation
            lastEvaluatedRevision = revision
        }
        unchangedFrames = revision == lastEvaluatedRevision ? unchangedFrames + 1 : 0
        if allowsSteadyFrames, steadyRevision == revision, let rootLayer, steady.root == ObjectIdentifier(rootLayer),
           steady.evaluate(at: time, into: &storage) {
            renderTree = RenderTree(nodes: storage, time: time)
            treeHasAnimations = true
            steadyFrameCount += 1
            framesFromCopy += 1
            return
        }
        if steady.root != nil {
            unchangedFramesBeforeCopy = framesFromCopy >= 3 ? 1 : min(2 * unchangedFramesBeforeCopy, 64)
            steady.invalidate()
        }
        var builder = RenderTreeBuilder(pipeline: self, time: time)
        renderTree = builder.build(root: rootLayer, reusing: &storage)
        treeHasAnimations = builder.sawAnimations
        // A tree unchanged for long enough, all of whose animations are running: copy it for the next frames
        // (never right after a change, so a tree changed every frame pays for no copies).
        if allowsSteadyFrames, builder.sawAnimations, !builder.sawInactive, unchangedFrames >= unchangedFramesBeforeCopy,
           revision != refusedRevision, let rootLayer {
            if steady.capture(root: rootLayer, nodeCount: renderTree.nodes.count) {
                steadyRevision = revision
                framesFromCopy = 0
            } else {
                refusedRevision = revision
                steady = SteadyFrame()   // and frees its memory: this tree will walk until it changes
            }
        }
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
        FramePipeline.modelDidChange()
        if transactionStack.isEmpty { transactionStack.append(TransactionFrame(isImplicit: true)) }
        generation &+= 1
    }

    /// Invalidates every pipeline's ``SteadyFrame`` copy.
    package static func modelDidChange() { modelRevision &+= 1 }

    /// Records a layer made since the last commit (any display's commit commits it).
    package static func registerNewLayer(_ layer: CALayer) { TransactionSystem.newLayers.append(layer) }

    package func registerDisplayLink(_ link: CADisplayLink) {
        if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
    }

    package func unregisterDisplayLink(_ link: CADisplayLink) { displayLinks.removeAll { $0 === link } }
}
