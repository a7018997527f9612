import Foundation
import AnimaGraphics

/// How a layer's drawn contents are rasterized, beyond `contentsScale`: options the render-side drawing reads and
/// the layers that need them set (the Lottie player, gradient layers playing a file). Rarely anything but the
/// defaults, so a layer keeps them in its side state.
package struct LayerDrawingOptions: Equatable {
    /// Whether the drawn contents follow the display's pixel grid (nil: the class's default).
    var drawsInStep: Bool?
    var paintsShapeWhereShown = false
    var blendsColorsInGenericRGB = false
    /// The display's pixel grid the layer was last drawn for.
    var previousGrid: PixelGrid?
}

extension CALayer {
    /// Whether the layer's drawn contents are rasterized in step with the display's pixel grid while its transform
    /// to the display only scales and moves it (see ``BackingStoreRasterizer/draw(_:grid:)``), as Core Animation's
    /// render server draws shape layers, rather than at `contentsScale` and resampled. By default, as the class's
    /// ``drawsInStepByDefault`` says: on for shape layers.
    package final var drawsInStepWithDisplay: Bool {
        get { drawingOptions.drawsInStep ?? Self.drawsInStepByDefault }
        set { drawingOptions.drawsInStep = newValue == Self.drawsInStepByDefault ? nil : newValue }
    }

    /// The display's pixel grid the layer was last drawn for (see ``drawnContents(presenting:on:visible:maximumScale:)``).
    package final var previousGrid: PixelGrid? {
        get { drawingOptions.previousGrid }
        set { drawingOptions.previousGrid = newValue }
    }

    /// Whether a plain shape layer drawn in step with the display keeps its store as the shape itself, painted
    /// straight onto the target where it is shown (see `BackingStoreRasterizer.deferredShape`), rather than as pixels.
    /// For shapes that change from frame to frame, as the Lottie player's do: a shape that stays still is cheaper
    /// to show from pixels kept from frame to frame. Off by default.
    package final var paintsShapeWhereShown: Bool {
        get { drawingOptions.paintsShapeWhereShown }
        set { drawingOptions.paintsShapeWhereShown = newValue }
    }

    /// Whether a `CAGradientLayer` blends its colours as the iOS simulator's Core Animation does, in Apple's
    /// Generic RGB space (see `CAGradientLayer.blendedStops(_:_:)`), rather than straight in sRGB. Off by default.
    package final var blendsColorsInGenericRGB: Bool {
        get { drawingOptions.blendsColorsInGenericRGB }
        set { drawingOptions.blendsColorsInGenericRGB = newValue }
    }
}
