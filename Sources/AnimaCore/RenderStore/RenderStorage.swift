import Foundation
import AnimaGraphics

/// What changed on a layer since the last commit, as its render-side record needs to hear it.
package struct LayerChange: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A model property: geometry, appearance, layer timing, the mask.
    package static let properties = LayerChange(rawValue: 1)
    /// The animation list.
    package static let animations = LayerChange(rawValue: 2)
    /// The sublayer list, or the drawing order of the sublayers.
    package static let sublayers = LayerChange(rawValue: 4)
    /// Only what the render node shows of the layer object: its name, drawn contents, contents placement.
    package static let node = LayerChange(rawValue: 8)
    /// Only the record's geometry (bounds, position, zPosition, anchor point, opacity): the commonest change,
    /// copied without the rest of the layer's properties.
    package static let geometry = LayerChange(rawValue: 16)
    /// Only the background colour.
    package static let background = LayerChange(rawValue: 32)
    package static let all: LayerChange = [.properties, .animations, .sublayers, .node]

    /// What a model change to `property` changes in the layer's record.
    package init(modelChangeOf property: LayerProperty) {
        switch property {
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .opacity: self = .geometry
        case .backgroundColor: self = .background
        default: self = .properties
        }
    }
}

/// Facts about a record that frames test, kept by commits (and by frames, for the animation list).
package struct RecordFlags: OptionSet, Sendable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    /// The slot holds a layer.
    static let isLive = RecordFlags(rawValue: 1 << 0)
    /// A commit has filled the record (until then the layer is not shown).
    static let isFilled = RecordFlags(rawValue: 1 << 1)
    static let isHidden = RecordFlags(rawValue: 1 << 2)
    static let hasBackground = RecordFlags(rawValue: 1 << 3)
    /// The node's drawing fields (contents, drawn store, placement, mask) come from the layer object.
    static let hasDrawing = RecordFlags(rawValue: 1 << 4)
    /// The layer is some layer's mask (the root of a chain of its own, evaluated at the masked layer's time).
    static let isMask = RecordFlags(rawValue: 1 << 5)
    static let hasTransition = RecordFlags(rawValue: 1 << 6)
    /// One of the layer's animations animates `zPosition` (its place among its siblings moves with time).
    static let animatesZPosition = RecordFlags(rawValue: 1 << 7)
    /// One of the layer's animations needs the whole state (see ``LayerEvaluation``).
    static let needsWholeState = RecordFlags(rawValue: 1 << 8)
    /// The layer has a `sublayerTransform` or flipped geometry: its sublayers are mapped through a sublayer matrix.
    static let hasSublayerTransform = RecordFlags(rawValue: 1 << 9)
    /// The node must be written whole in the next frame (the record changed since the last).
    static let needsNodeWrite = RecordFlags(rawValue: 1 << 10)
    /// The layer's class redraws for some animated key (`needsDisplay(forKey:)`): frames draw it from the
    /// presentation while it animates.
    static let drawsPresentation = RecordFlags(rawValue: 1 << 11)
    /// The layer has a name (which its node shows, read from the layer).
    static let hasName = RecordFlags(rawValue: 1 << 12)
    /// A frame reported that the layer's animations overflowed (reported again once they change).
    static let reportedNonFinite = RecordFlags(rawValue: 1 << 13)
    /// The layer is a `CATransformLayer`: its sublayers keep their depth (they are not flattened into its plane).
    static let keepsSublayerDepth = RecordFlags(rawValue: 1 << 14)
    /// The layer is a `CAReplicatorLayer`: frames draw its sublayers once per instance.
    static let replicates = RecordFlags(rawValue: 1 << 15)
}

/// One layer of a display's tree, as frames read it: plain values only (no references), so that a frame
/// reads records as dense memory and copying one retains nothing.
package struct LayerRecord {
    // The tree, as slots (−1: none). Siblings are linked in drawing order.
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var previousSibling: Int32 = -1
    var nextSibling: Int32 = -1
    var mask: Int32 = -1
    var firstAnimation: Int32 = -1
    /// The model transform's index in ``RenderStorage/transforms`` (−1: the identity).
    var transform: Int32 = -1
    /// Where in the display's node storage the layer's node was last written (its slot; −1: not since the record
    /// was filled, or only in a mask's list, which is made anew each frame): a frame rewrites a node whole when
    /// this is not the slot, or when the record changed.
    var nodeIndex: Int32 = -1
    /// How many sublayers animate `zPosition` (such sublayers are ordered by presented `zPosition` each frame).
    var zAnimatedChildren: Int32 = 0
    var flags: RecordFlags = []
    /// What changed since the last commit (the slot is in the store's dirty list while this is not empty).
    var dirty: LayerChange = []
    /// The layer's own timing: `t = (parentTime − beginTime) × speed + timeOffset`.
    var beginTime: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var geometry = PresentedGeometry()
    var background = RGBA(red: 0, green: 0, blue: 0, alpha: 0)

    /// The local time for the parent's time `t`.
    @inline(__always)
    func localTime(fromParentTime t: Double) -> Double { (t - beginTime) * speed + timeOffset }
}

/// One committed animation of a layer in a display's tree: its pacing and its compiled program, linked in the
/// order the layer applies its animations.
package struct AnimationRecord {
    var next: Int32 = -1
    var hasStarted = false
    var hasFinished = false
    var isRemovedOnCompletion = true
    /// The animation's frozen timing and curve, kept alive by the animation object the store holds.
    var pacing: Unmanaged<CommittedPacing>
    var program: AnimationProgram
}

/// The render-side copy's memory: dense arrays indexed by slot, which a frame takes from the store while it
/// evaluates (so that it reads and writes them as a local value, with no exclusivity checks per access).
///
/// Records hold plain values; what is a reference (the layer and animation objects, appearance boxes, colours,
/// subclass properties) lives in parallel arrays that a frame reads only for layers that need them.
@MainActor
package struct RenderStorage {
    var records: [LayerRecord] = []
    /// The layers by slot (the store keeps them while they are in the tree).
    var layers: [CALayer?] = []

    /// The name a layer's node shows (read from the layer: most layers have none, and the record says which do).
    @inline(__always)
    func name(of slot: Int32) -> String? {
        records[Int(slot)].flags.contains(.hasName) ? layers[Int(slot)]?.storedName : nil
    }
    /// Each layer's identity, as its node shows it (so writing a node reads no layer object but a named one's).
    var layerIDs: [UInt64] = []
    /// The committed appearance box of each layer (shared copy-on-write with the model: identity tells change).
    var appearances: [LayerAppearanceBox] = []
    var backgroundColors: [CGColor?] = []
    /// The committed subclass properties (`strokeEnd`, `fillColor`…) of each layer.
    var extras: [[(LayerProperty, AnimatableValue)]] = []
    var freeSlots: [Int32] = []
    /// Slots emptied since the last frame, whose nodes the next frame resets (so that they hold no references).
    var vacatedSlots: [Int32] = []
    /// Non-identity model transforms, by the index their record holds.
    var transforms: [CATransform3D] = []
    var freeTransforms: [Int32] = []
    var animations: [AnimationRecord] = []
    var animationObjects: [CAAnimation?] = []
    var freeAnimations: [Int32] = []
    /// The keyframe tables of the animations whose program is a ``KeyframeBlock``, one after another (so that a
    /// frame reads each from one place), and how many of its numbers belong to freed animations.
    var keyframeArena: [Double] = []
    var keyframeGarbage = 0

    /// The layer's committed state, whole (what `presentation()` starts from).
    ///
    /// The read-only methods frames call are declared `mutating` so that a frame, which holds the storage
    /// `inout`, calls them in place: called on an `inout` value a non-mutating method measured a copy of the whole
    /// storage (eleven array references retained and released) per call.
    mutating func committedState(of slot: Int32) -> LayerState {
        let i = Int(slot), r = records[i]
        var s = LayerState(appearance: appearances[i], extra: extras[i])
        s.bounds = r.geometry.bounds; s.position = r.geometry.position; s.zPosition = r.geometry.zPosition
        s.anchorPoint = r.geometry.anchorPoint; s.anchorPointZ = r.geometry.anchorPointZ; s.opacity = r.geometry.opacity
        s.isHidden = r.flags.contains(.isHidden)
        s.backgroundColor = backgroundColors[i]
        if r.transform >= 0 { s.transform = transforms[Int(r.transform)] }
        return s
    }

    /// The model transform of a record.
    @inline(__always)
    mutating func modelTransform(_ r: LayerRecord) -> CATransform3D { r.transform >= 0 ? transforms[Int(r.transform)] : .identity }

    // MARK: Slots

    mutating func allocateSlot(for layer: CALayer) -> Int32 {
        var record = LayerRecord()
        record.flags = [.isLive, .needsNodeWrite]
        if let slot = freeSlots.popLast() {
            let i = Int(slot)
            records[i] = record
            layers[i] = layer
            layerIDs[i] = layer.layerID
            return slot
        }
        records.append(record)
        layers.append(layer)
        layerIDs.append(layer.layerID)
        appearances.append(LayerAppearanceBox.defaults)
        backgroundColors.append(nil)
        extras.append([])
        return Int32(records.count - 1)
    }

    /// Empties a slot: its animations, its transform and its references go; the slot is reused later.
    mutating func freeSlot(_ slot: Int32) {
        let i = Int(slot)
        var a = records[i].firstAnimation
        while a >= 0 {
            let next = animations[Int(a)].next
            freeAnimation(a)
            a = next
        }
        setTransform(nil, of: slot)
        records[i] = LayerRecord()
        layers[i] = nil
        appearances[i] = LayerAppearanceBox.defaults
        backgroundColors[i] = nil
        extras[i] = []
        freeSlots.append(slot)
        vacatedSlots.append(slot)
    }

    /// Stores the model transform of a record (nil: the identity).
    mutating func setTransform(_ t: CATransform3D?, of slot: Int32) {
        let i = Int(slot)
        let index = records[i].transform
        if let t {
            if index >= 0 {
                transforms[Int(index)] = t
            } else if let free = freeTransforms.popLast() {
                transforms[Int(free)] = t
                records[i].transform = free
            } else {
                transforms.append(t)
                records[i].transform = Int32(transforms.count - 1)
            }
        } else if index >= 0 {
            freeTransforms.append(index)
            records[i].transform = -1
        }
    }

    // MARK: Animations

    mutating func allocateAnimation(_ animation: CAAnimation, pacing: CommittedPacing, program: AnimationProgram) -> Int32 {
        var program = program
        if case .keyframes(let k) = program, var block = k.takeUnretainedValue().block,
           let table = k.takeUnretainedValue().track.table, keyframeArena.count + table.count < Int(Int32.max) {
            block.offset = Int32(keyframeArena.count)
            keyframeArena.append(contentsOf: table)
            program = .keyframeBlock(block)
        }
        let record = AnimationRecord(hasStarted: animation.hasStarted, hasFinished: animation.hasFinished,
                                     isRemovedOnCompletion: animation.isRemovedOnCompletion,
                                     pacing: .passUnretained(pacing), program: program)
        let index: Int32
        if let free = freeAnimations.popLast() {
            index = free
            animations[Int(free)] = record
            animationObjects[Int(free)] = animation
        } else {
            animations.append(record)
            animationObjects.append(animation)
            index = Int32(animations.count - 1)
        }
        animation.renderIndex = index
        return index
    }

    mutating func freeAnimation(_ index: Int32) {
        let i = Int(index)
        if case .keyframeBlock(let block) = animations[i].program { keyframeGarbage += Int(block.length) }
        if let animation = animationObjects[i], animation.renderIndex == index { animation.renderIndex = -1 }
        animationObjects[i] = nil
        animations[i].next = -1
        freeAnimations.append(index)
    }

    /// Sets the record's animation flags from its list (transition, `zPosition`, whole state), and tells the
    /// parent when the layer starts or stops animating `zPosition`.
    mutating func refreshAnimationFlags(of slot: Int32, parent: Int32) {
        let i = Int(slot)
        var hasTransition = false, animatesZ = false, needsWhole = false
        var a = records[i].firstAnimation
        while a >= 0 {
            let record = animations[Int(a)]
            if let object = animationObjects[Int(a)] {
                if object.isTransition { hasTransition = true }
                if object.animates(.zPosition) { animatesZ = true }
            }
            if record.program.needsWholeState { needsWhole = true }
            a = record.next
        }
        records[i].flags.subtract([.hasTransition, .needsWholeState, .reportedNonFinite])
        if hasTransition { records[i].flags.insert(.hasTransition) }
        if needsWhole { records[i].flags.insert(.needsWholeState) }
        setAnimatesZPosition(animatesZ, of: slot, parent: parent)
    }

    /// Sets whether the layer animates `zPosition`, keeping `parent`'s count of such sublayers.
    mutating func setAnimatesZPosition(_ animates: Bool, of slot: Int32, parent: Int32) {
        let i = Int(slot)
        guard records[i].flags.contains(.animatesZPosition) != animates else { return }
        if animates { records[i].flags.insert(.animatesZPosition) } else { records[i].flags.remove(.animatesZPosition) }
        if parent >= 0 { records[Int(parent)].zAnimatedChildren += animates ? 1 : -1 }
    }

    /// Copies the live keyframe tables into a new arena when more than half of the old one is freed tables.
    mutating func compactKeyframeArenaIfWasteful() {
        guard keyframeGarbage > 4096, keyframeGarbage * 2 > keyframeArena.count else { return }
        var arena: [Double] = []
        arena.reserveCapacity(keyframeArena.count - keyframeGarbage)
        for i in animations.indices where animationObjects[i] != nil {
            guard case .keyframeBlock(var block) = animations[i].program else { continue }
            let start = Int(block.offset)
            block.offset = Int32(arena.count)
            arena.append(contentsOf: keyframeArena[start..<(start + Int(block.length))])
            animations[i].program = .keyframeBlock(block)
        }
        keyframeArena = arena
        keyframeGarbage = 0
    }

    // MARK: Sibling links (drawing order)

    /// Takes `slot` out of its parent's list of sublayers.
    mutating func unlink(_ slot: Int32) {
        let i = Int(slot)
        let parent = records[i].parent, previous = records[i].previousSibling, next = records[i].nextSibling
        guard parent >= 0 else { return }
        if previous >= 0 { records[Int(previous)].nextSibling = next } else { records[Int(parent)].firstChild = next }
        if next >= 0 { records[Int(next)].previousSibling = previous } else { records[Int(parent)].lastChild = previous }
        records[i].parent = -1; records[i].previousSibling = -1; records[i].nextSibling = -1
    }

    /// Puts `slot` into `parent`'s sublayers just before `next` (at the end when `next` is −1).
    mutating func link(_ slot: Int32, into parent: Int32, before next: Int32) {
        let i = Int(slot), p = Int(parent)
        let previous = next >= 0 ? records[Int(next)].previousSibling : records[p].lastChild
        records[i].parent = parent; records[i].previousSibling = previous; records[i].nextSibling = next
        if previous >= 0 { records[Int(previous)].nextSibling = slot } else { records[p].firstChild = slot }
        if next >= 0 { records[Int(next)].previousSibling = slot } else { records[p].lastChild = slot }
    }
}
