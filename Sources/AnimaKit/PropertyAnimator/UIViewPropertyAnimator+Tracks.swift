import Foundation
import AnimaCore
import AnimaGraphics

/// The animator's tracks and views: recording blocks into tracks, showing them, settling the model at the
/// shown values, and the views' hit testing while the animator is active.
extension UIViewPropertyAnimator {
    /// Runs `block`, recording its view changes, and makes tracks for them in `window`.
    func addTracks(running block: () -> Void, window: (start: Double, end: Double)) {
        let recorded = UIViewAnimationContext.run(.recording, block)
        for change in recorded.changes {
            let end = change.layer.modelValue(of: change.property)
            if change.old.isSame(as: end) { continue }
            let animatorChange = AnimatorChange(view: change.view, layer: change.layer, property: change.property,
                                                start: change.old, end: end)
            changes.append(animatorChange)
            trackCounter += 1
            let newTracks = AnimatorTrack.tracks(for: animatorChange,
                                                 keyPrefix: "UIViewPropertyAnimator.\(identifier).\(trackCounter)",
                                                 window: window)
            tracks += newTracks
            claim(change.view)
        }
        updateEvaluators()
    }

    /// Shows every track at the current time.
    func refreshPresentation() {
        let t = currentTau()
        for track in tracks { track.show(track.offset(atProgress: shownProgress(of: track, at: t))) }
    }

    func removeTracks() {
        for track in tracks { track.remove() }
    }

    /// Sets every changed property's model value to what the animator shows now.
    func settleModelAtShownValues() {
        let t = currentTau()
        var shown: [(CALayer, LayerState)] = []
        for track in tracks {
            let offset = track.offset(atProgress: shownProgress(of: track, at: t))
            let i = shown.firstIndex { $0.0 === track.layer } ?? {
                shown.append((track.layer, track.layer.modelState))
                return shown.count - 1
            }()
            let current = shown[i].1.value(at: track.keyPath)
            shown[i].1.setValue(current.adding(offset), at: track.keyPath)
        }
        UIViewAnimationContext.run(.withoutAnimation) {
            for change in changes {
                guard let state = shown.first(where: { $0.0 === change.layer })?.1 else { continue }
                change.layer.setModelValue(state.value(of: change.property), of: change.property)
            }
        }
    }

    /// Makes `view` ignore touches, or hit-test where it is shown, while the animator is active.
    func claim(_ view: UIView) {
        guard !blockedViews.contains(where: { $0 === view }), !presentationHitViews.contains(where: { $0 === view }) else { return }
        if !isUserInteractionEnabled {
            view.interactionBlockingAnimations += 1
            blockedViews.append(view)
        } else if !isManualHitTestingEnabled {
            view.presentationHitTestingAnimators += 1
            presentationHitViews.append(view)
        }
    }

    func releaseViews() {
        for view in blockedViews { view.interactionBlockingAnimations -= 1 }
        for view in presentationHitViews { view.presentationHitTestingAnimators -= 1 }
        blockedViews = []
        presentationHitViews = []
    }
}
