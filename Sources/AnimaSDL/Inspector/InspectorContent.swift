import AnimaCore
import AnimaGraphics
import Foundation

/// What the inspector panel shows at one frame: plain values, gathered by ``InspectorPanel`` and drawn by
/// ``InspectorPanelLayer``.
struct InspectorContent {
    /// One line of the layer tree.
    struct TreeRow {
        var text: String
        var depth: Int
        var isSelected: Bool
    }

    /// One property of the selected layer: its model and presented values.
    struct ValueRow {
        var name: String
        var model: String
        var presented: String
        var isAnimated: Bool { model != presented }
    }

    var isPaused = false
    var slowFactor = 1.0
    var rootTime: CFTimeInterval = 0
    var isPicking = true
    /// The part of the root's time the scrub bar covers.
    var scrubRange: ClosedRange<Double> = 0...1
    var tree: [TreeRow] = []
    /// The first tree row shown (the list scrolls).
    var treeOffset = 0
    var treeCount = 0
    var selectedTitle: String?
    var selectedTime: String = ""
    var values: [ValueRow] = []
    var animations: [AnimationTimeline] = []
    /// The selected layer's local time now.
    var localTime: CFTimeInterval = 0
}
