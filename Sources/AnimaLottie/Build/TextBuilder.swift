import Foundation
import AnimaCore
import AnimaGraphics

/// Builds a text layer: its documents set into outlines (``TextSetter``), filled by one shape layer and
/// stroked by another (the stroke under the fill unless the document says over). Several documents are
/// hold keyframes: the path and colours switch at each one; the text provider may replace each one's text
/// (asked with the layer's keypath). Text animators are reported and left out.
@MainActor
struct TextBuilder {
    let context: BuildContext
    let layerName: String

    func build(_ text: TextLayerModel, into host: CALayer) {
        if text.hasAnimators { context.unsupported("text animators", layer: layerName) }
        let source = GlyphSource(model: context.animation.model, fontProvider: context.fontProvider) { message in
            context.report("\(context.animation.source): layer '\(layerName)': \(message)")
        }
        let setter = TextSetter(glyphs: source)
        let keypath = AnimationKeypath(keys: context.dynamicProperties.currentLayerKeypath)
        var documents = text.documents
        for i in documents.keyframes.indices {
            let sourceText = documents.keyframes[i].value.text
            documents.keyframes[i].value.text = context.textProvider.resolvedText(for: keypath, sourceText: sourceText)
        }
        let paths = documents.keyframes.map { setter.outlines(of: $0.value) }
        // The documents' frames time every switch; the value at a frame is the document in force.
        let timing = documents.map { _ in [Double]() }
        func index(atFrame frame: Double) -> Int {
            documents.keyframes.lastIndex { $0.frame <= frame } ?? 0
        }
        var box = CGRect.null
        for path in paths where !path.isEmpty { box = box.union(path.boundingBoxOfPath) }
        guard !box.isNull else { return }
        let widest = documents.keyframes.map { $0.value.strokeWidth * $0.value.size / 100 }.max() ?? 0

        let fill = shapeLayer(name: "\(layerName) text fill")
        fill.strokeColor = nil
        let stroke = shapeLayer(name: "\(layerName) text stroke")
        stroke.fillColor = nil
        stroke.lineJoin = .miter
        for layer in [fill, stroke] {
            context.animations.bindCombined([timing], to: layer, keyPath: "path") { paths[index(atFrame: $0)] }
            layer.placeAtBounds(box.insetBy(dx: -widest - 2, dy: -widest - 2))
        }
        context.animations.bindCombined([timing], to: fill, keyPath: "fillColor") { frame in
            documents.keyframes[index(atFrame: frame)].value.fillColor.map(CGColor.lottie) ?? CGColor.clear
        }
        context.animations.bindCombined([timing], to: stroke, keyPath: "strokeColor") { frame in
            documents.keyframes[index(atFrame: frame)].value.strokeColor.map(CGColor.lottie) ?? CGColor.clear
        }
        // Core Text's stroke width is a percentage of the font size.
        context.animations.bindCombined([timing], to: stroke, keyPath: "lineWidth") { frame in
            let document = documents.keyframes[index(atFrame: frame)].value
            return CGFloat(document.strokeColor == nil ? 0 : document.strokeWidth * document.size / 100)
        }
        let strokes = documents.keyframes.contains { $0.value.strokeColor != nil && $0.value.strokeWidth > 0 }
        let strokeOnTop = documents.keyframes.first?.value.strokeOverFill ?? false
        if strokes && !strokeOnTop { host.addSublayer(stroke) }
        host.addSublayer(fill)
        if strokes && strokeOnTop { host.addSublayer(stroke) }
    }

    private func shapeLayer(name: String) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.name = name
        layer.anchorPoint = .zero
        layer.bounds = .zero
        layer.position = .zero
        return layer
    }
}
