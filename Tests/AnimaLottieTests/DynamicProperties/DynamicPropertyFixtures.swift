import Foundation
import AnimaCore
import AnimaGraphics
@testable import AnimaLottie

/// A file with one of everything a keypath can reach, 30 frames at 30 fps, 100 × 100:
/// - `Parent`, a null layer moving from (0, 0) to (30, 0); `Shape` is its child;
/// - `Shape` (opacity 100 → 0, at (50, 50)) with `Group 1`: a rectangle, a hidden fill, a merge, `Stroke 1`
///   (green, 4 wide) and `Fill 1` (blue) — the hidden fill and the merge must not shift the names;
/// - `Scaler`, whose scale animates 100 % → 50 % (its transform takes two layers), with `Fill 1`;
/// - `Solid`, a red solid layer; `Pre`, a precomposition holding `Inner` (opacity 80).
enum DynamicPropertyFixtures {
    static let json = """
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":100,"h":100,"nm":"providers",
     "assets":[{"id":"comp","layers":[
        {"ty":4,"nm":"Inner","ind":1,"ip":0,"op":30,"st":0,"ks":{"o":{"a":0,"k":80}},
         "shapes":[{"ty":"rc","nm":"R","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                   {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":100}}]}]}],
     "layers":[
        {"ty":3,"nm":"Parent","ind":1,"ip":0,"op":30,"st":0,
         "ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":30,"s":[30,0]}]}}},
        {"ty":4,"nm":"Shape","ind":2,"parent":1,"ip":0,"op":30,"st":0,
         "ks":{"o":{"a":1,"k":[{"t":0,"s":[100]},{"t":30,"s":[0]}]},"p":{"a":0,"k":[50,50]}},
         "shapes":[{"ty":"gr","nm":"Group 1","it":[
            {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
            {"ty":"fl","nm":"Hidden Fill","hd":true,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},
            {"ty":"mm","nm":"Merge","mm":1},
            {"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":2,"lj":2},
            {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},
            {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]},
        {"ty":4,"nm":"Scaler","ind":3,"ip":0,"op":30,"st":0,
         "ks":{"p":{"a":0,"k":[20,20]},"s":{"a":1,"k":[{"t":0,"s":[100,100]},{"t":30,"s":[50,50]}]}},
         "shapes":[{"ty":"rc","nm":"R","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                   {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,1,1]},"o":{"a":0,"k":100}}]},
        {"ty":1,"nm":"Solid","ind":4,"ip":0,"op":30,"st":0,"sc":"#ff0000","sw":10,"sh":10,"ks":{"p":{"a":0,"k":[90,90]}}},
        {"ty":0,"nm":"Pre","ind":5,"refId":"comp","w":100,"h":100,"ip":0,"op":30,"st":0,"ks":{}}]}
    """

    /// The fixture playing in a 100 × 100 display, paused at its first frame.
    @MainActor
    static func scene() throws -> (HeadlessDisplay, LottieAnimationLayer) {
        let display = HeadlessDisplay(width: 100, height: 100)
        let layer = LottieAnimationLayer(animation: try LottieFixtures.animation(json))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        display.rootLayer.addSublayer(layer)
        display.advance(by: 0)
        return (display, layer)
    }

    /// Every layer named `name` under `root`, in tree order.
    @MainActor
    static func all(_ name: String, in root: CALayer) -> [CALayer] {
        var found: [CALayer] = root.name == name ? [root] : []
        for sublayer in root.sublayers ?? [] { found += all(name, in: sublayer) }
        return found
    }

    /// The shape layers drawing `Shape`'s fill (no stroke colour) or its stroke (no fill colour).
    @MainActor
    static func styleLayers(of layer: LottieAnimationLayer, stroke: Bool) -> [CAShapeLayer] {
        guard let root = layer.compositionLayer else { return [] }
        return all("Shape style", in: root).compactMap { $0 as? CAShapeLayer }.filter { stroke ? $0.fillColor == nil : $0.strokeColor == nil }
    }

    /// The presentation of `layer` (the model when there is none yet).
    @MainActor
    static func presented<T: CALayer>(_ layer: T) -> T { layer.presentation() ?? layer }
}
