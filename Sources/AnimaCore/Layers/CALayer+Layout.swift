import Foundation
import AnimaGraphics

extension CALayer {
    /// Marks the layer as needing layout; `layoutIfNeeded()` (or the next frame) lays it out.
    public func setNeedsLayout() {
        markNeedsLayout()
        noteChange([])
    }

    private func markNeedsLayout() {
        if !needsLayoutFlag && !isPresentationCopy { FramePipeline.layersNeedingLayout.append(self) }
        needsLayoutFlag = true
    }

    private func markNeedsDisplay() {
        if !needsDisplayFlag && !isPresentationCopy { FramePipeline.layersNeedingDisplay.append(self) }
        needsDisplayFlag = true
    }

    /// Whether the layer is marked as needing layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// The automatic `setNeedsLayout` made by tree and geometry changes; skipped while the layer
    /// lays itself out.
    package func setNeedsLayoutAutomatically() {
        if isLayingOut { return }
        markNeedsLayout()
    }

    /// Lays out the layer now if it (or an ancestor) needs it, then its sublayers.
    ///
    /// Walks up while the superlayer needs layout and lays out the tree from that ancestor down.
    public func layoutIfNeeded() {
        var top: CALayer = self
        while let parent = top._superlayer, parent.needsLayoutFlag { top = parent }
        top.layoutTreeIfNeeded()
    }

    package func layoutTreeIfNeeded() {
        if needsLayoutFlag { layOutOwnSublayers() }
        for sub in _sublayers { sub.layoutTreeIfNeeded() }
    }

    /// Runs the layer's own layout (`layoutSublayers()`) and clears its mark.
    package func layOutOwnSublayers() {
        needsLayoutFlag = false
        isLayingOut = true
        layoutSublayers()
        isLayingOut = false
    }


    // MARK: Display

    /// Marks the whole layer for redrawing before the next frame.
    public func setNeedsDisplay() {
        markNeedsDisplay()
        dirtyRect = nil
        noteChange([])
    }

    /// Marks part of the layer (in its own coordinates) for redrawing.
    public func setNeedsDisplay(_ rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        if needsDisplayFlag, let current = dirtyRect {
            dirtyRect = current.union(r)
        } else if !needsDisplayFlag {
            dirtyRect = r
        }
        markNeedsDisplay()
        noteChange([])
    }

    /// Whether the layer is marked for redrawing.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws now if marked.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        display()
        needsDisplayFlag = false
        dirtyRect = nil
    }


    /// Redraws the layer's backing store through `draw(in:)` (the default `display()` path).
    ///
    /// Makes a store of `bounds.size × contentsScale` pixels (y down, as iOS layers draw), clipped to
    /// the rectangle given to `setNeedsDisplay(_:)` — the rest keeps the previous store's pixels — and
    /// bumps `contentsVersion`. An explicitly set `contents` image still shows in place of the store.
    public func displayUsingBackingStore() {
        delegate?.layerWillDraw(self)
        if drawsInStepWithDisplay {
            // Drawn when a frame shows it (on the display's pixel grid, or from `showModelStore()` where the grid
            // does not apply): a store at `contentsScale` drawn here would mostly go unused, and for a layer
            // scaled far past the display it is the largest allocation there is.
            modelStore = nil
            presentedStore = nil
            storedBackingStore = nil
            storedContentsVersion &+= 1
            renderStore?.noteChange(renderSlot, .node)
            return
        }
        let store = BackingStoreRasterizer.draw(self, dirtyRect: dirtyRect, previous: modelStore)
        modelStore = store
        storedBackingStore = store.image
        storedContentsVersion &+= 1
        renderStore?.noteChange(renderSlot, .node)   // the node shows the new store (no transaction needed)
    }

    package func displayTreeIfNeeded() {
        displayIfNeeded()
        for sub in _sublayers { sub.displayTreeIfNeeded() }
    }
}
